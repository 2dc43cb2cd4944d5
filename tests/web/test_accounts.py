"""Accounts through the Django test client: sign-up with mandatory e-mail verification,
log-in by e-mail, log-out, password reset, rate-limited log-in; the profile page (bad input
gives a message at the field and saves nothing); tokens; the page cache never serving a
logged-in person's page to anyone else."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.test import Client

from mashindano.app import events, players
from mashindano.app.mail import get_preference
from mashindano.app.principals import local
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.store import models
from mashindano.web.api.models import ApiToken
from mashindano.web.cache import versions

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough pass phrase 42"
ACTOR = local("test")
NOW = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _clean_cache() -> None:
    cache.clear()
    versions.clear()


def _link(body: str) -> str:
    found = re.search(r"http://\S+", body)
    assert found, body
    return (
        found.group(0).split("testserver", 1)[-1]
        if "testserver" in found.group(0)
        else ("/" + found.group(0).split("/", 3)[3])
    )


def sign_up(client: Client, email: str = "amani@example.org") -> User:
    answer = client.post(
        "/account/signup/", {"email": email, "password1": PASSWORD, "password2": PASSWORD}
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    return User.objects.get(email=email)


def verified_user(client: Client, email: str = "amani@example.org") -> User:
    user = sign_up(client, email)
    message = mail.outbox[-1]
    client.post(_link(message.body))
    client.logout()
    return user


def test_signup_sends_a_verification_mail_and_login_waits_for_it() -> None:
    client = Client()
    sign_up(client)
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["amani@example.org"]
    assert "/account/confirm-email/" in message.body
    # Not verified yet: logging in leads to the "verify your address" page, not in.
    other = Client()
    answer = other.post("/account/login/", {"login": "amani@example.org", "password": PASSWORD})
    assert answer.status_code == 302
    assert answer["Location"].startswith("/account/confirm-email/")
    assert "_auth_user_id" not in other.session
    # Following the link verifies the address and logs in (same browser).
    confirm = client.post(_link(message.body))
    assert confirm.status_code == 302
    answer = other.post("/account/login/", {"login": "amani@example.org", "password": PASSWORD})
    assert answer.status_code == 302
    assert answer["Location"] == "/me/"  # after log-in: my page
    assert other.get("/account/profile/").status_code == 200


def test_logout_is_a_post_and_password_reset_goes_by_mail() -> None:
    client = Client()
    verified_user(client)
    assert client.login(username="amani", password=PASSWORD) or client.post(
        "/account/login/", {"login": "amani@example.org", "password": PASSWORD}
    )
    client.post("/account/login/", {"login": "amani@example.org", "password": PASSWORD})
    assert client.get("/account/profile/").status_code == 200
    assert client.get("/account/logout/").status_code == 200  # a page with a button
    assert client.get("/account/profile/").status_code == 200
    client.post("/account/logout/")
    assert client.get("/account/profile/").status_code == 302
    sent = len(mail.outbox)
    client.post("/account/password/reset/", {"email": "amani@example.org"})
    assert len(mail.outbox) == sent + 1
    reset = client.get(_link(mail.outbox[-1].body))
    assert reset.status_code == 302  # to the same page without the key in the address
    new = "another long pass phrase 43"
    done = client.post(reset["Location"], {"password1": new, "password2": new})
    assert done.status_code == 302
    assert client.post("/account/login/", {"login": "amani@example.org", "password": new})[
        "Location"
    ] == ("/me/")


def test_failed_logins_are_rate_limited() -> None:
    client = Client()
    verified_user(client)
    pages = [
        client.post("/account/login/", {"login": "amani@example.org", "password": "wrong"})
        for _ in range(6)
    ]
    # allauth's login_failed limit: 5 per 5 minutes per address; the sixth is refused even
    # with the right password.
    assert all(p.status_code == 200 for p in pages)
    assert "Too many failed login attempts" not in pages[4].content.decode()
    assert "Too many failed login attempts" in pages[5].content.decode()
    right = client.post("/account/login/", {"login": "amani@example.org", "password": PASSWORD})
    assert right.status_code == 200
    assert "Too many failed login attempts" in right.content.decode()


def _login(client: Client, email: str = "amani@example.org") -> User:
    user = verified_user(client, email)
    client.post("/account/login/", {"login": email, "password": PASSWORD})
    return user


PROFILE = {
    "display_name": "Amani Juma",
    "country": "tz",
    "federation_id": "TZ-0042",
    "ratings": "fide: 1850\nkiba: 1412.5",
    "kiba_games": "320",
    "language": "sw",
    "time_zone": "Africa/Dar_es_Salaam",
    "email_round-published": "daily",
    "email_dispute-opened": "never",
}


def test_profile_saves_every_field_and_the_mail_preferences() -> None:
    client = Client()
    user = _login(client)
    answer = client.post("/account/profile/", PROFILE)
    assert answer.status_code == 302
    profile = models.Profile.objects.get(user=user)
    assert profile.display_name == "Amani Juma"
    assert profile.country == "TZ"
    assert profile.ratings == {"fide": "1850", "kiba": "1412.5"}
    assert profile.kiba_games == 320
    assert profile.language == "sw"
    assert profile.time_zone == "Africa/Dar_es_Salaam"
    # The preferences are the mail code's own (one place).
    assert get_preference(user.pk, "round-published").value == "daily"
    assert get_preference(user.pk, "dispute-opened").value == "never"
    assert get_preference(user.pk, "result-final").value == "immediately"
    log = models.AccountLog.objects.get(user=user)
    assert log.action == "profile.edit"
    assert log.actor == user.username
    page = client.get("/account/profile/").content.decode()
    assert "Your profile is saved." in page
    assert "Amani Juma" in page  # in the header too


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("time_zone", "Mars/Olympus", "is not a time zone name"),
        ("country", "XX", "is not an ISO 3166 country code"),
        ("ratings", "fide 1850", "system: value"),
        ("ratings", "fide: strong", "is not a number"),
        ("kiba_games", "-3", "whole number"),
        ("language", "de", "choose one of"),
        ("email_proposal", "sometimes", "choose one of"),
    ],
)
def test_profile_bad_input_gives_a_message_at_the_field_and_saves_nothing(
    field: str, value: str, message: str
) -> None:
    client = Client()
    user = _login(client)
    answer = client.post("/account/profile/", {**PROFILE, field: value})
    assert answer.status_code == 400
    page = answer.content.decode()
    error_id = field.removeprefix("email_") + "-error"
    assert f'id="{error_id}"' in page
    shown = re.search(rf'id="{error_id}">([^<]*)<', page)
    assert shown is not None
    assert message in shown.group(1).replace("&#x27;", "'")
    assert not models.Profile.objects.filter(user=user).exists()
    assert not models.NotificationPreference.objects.filter(user=user).exists()


def test_profile_needs_a_login() -> None:
    answer = Client().get("/account/profile/")
    assert answer.status_code == 302
    assert answer["Location"].startswith("/account/login/?next=/account/profile/")


def test_tokens_page_creates_shows_the_secret_once_and_revokes() -> None:
    client = Client()
    user = _login(client)
    created = client.post("/account/tokens/", {"name": "bot", "scope": "report"})
    assert created.status_code == 201
    secret = re.search(r'id="new-token">([^<]+)<', created.content.decode())
    assert secret is not None
    token = ApiToken.objects.get(user=user, name="bot")
    assert token.scope == "report"
    assert "no-store" in created["Cache-Control"] or "max-age=0" in created["Cache-Control"]
    listing = client.get("/account/tokens/").content.decode()
    assert secret.group(1) not in listing
    assert token.prefix in listing
    # The token works in the API; then it is revoked.
    api = Client()
    assert (
        api.get(
            "/api/v1/tokens", headers={"Authorization": f"Bearer {secret.group(1)}"}
        ).status_code
        == 200
    )
    assert client.post(f"/account/tokens/{token.id}/revoke/").status_code == 302
    assert (
        api.get(
            "/api/v1/tokens", headers={"Authorization": f"Bearer {secret.group(1)}"}
        ).status_code
        == 401
    )
    # Bad input: a message at the field, nothing made.
    twice = client.post("/account/tokens/", {"name": "bot", "scope": "read"})
    assert twice.status_code == 400
    assert 'id="name-error"' in twice.content.decode()
    bad = client.post("/account/tokens/", {"name": "other", "scope": "everything"})
    assert bad.status_code == 400
    assert 'id="scope-error"' in bad.content.decode()
    assert ApiToken.objects.filter(user=user).count() == 1
    # Someone else's token cannot be revoked.
    stranger = Client()
    _login(stranger, "baraka@example.org")
    assert stranger.post(f"/account/tokens/{token.id}/revoke/").status_code == 404


def club() -> None:
    events.create_event("club", "chess-swiss", actor=ACTOR, name="Club", seed=1, now=NOW)
    roster = [Competitor(CompetitorId(n), n, rating=r) for n, r in (("Ann", 2000), ("Ben", 1900))]
    players.register_players("club", roster, actor=ACTOR, now=NOW)


def test_page_cache_never_serves_a_logged_in_page_to_anyone_else() -> None:
    club()
    anonymous = Client()
    first = anonymous.get("/e/club/")
    assert first["X-Page-Cache"] == "miss"
    assert "Log in" in first.content.decode()
    assert anonymous.get("/e/club/")["X-Page-Cache"] == "hit"
    person = Client()
    _login(person)
    mine = person.get("/e/club/")
    assert "X-Page-Cache" not in mine
    assert "Log out" in mine.content.decode()
    assert "amani" in mine.content.decode()
    again = anonymous.get("/e/club/")
    assert again["X-Page-Cache"] == "hit"
    assert "Log out" not in again.content.decode()
    assert "amani" not in again.content.decode()


def _organiser(client: Client) -> User:
    from mashindano.app.people import grant_role

    user = _login(client, "olga@example.org")
    grant_role("club", user.username, "organiser", actor=ACTOR, now=NOW)
    return user


@pytest.mark.django_db(transaction=True)
def test_invitation_to_claim_an_entry_works_when_the_invitee_signs_up_after() -> None:
    club()
    organiser = Client()
    _organiser(organiser)
    form = organiser.get("/account/invite/club/")
    assert form.status_code == 200
    assert "Ann" in form.content.decode()
    # Bad input: a message at the field, nothing sent.
    bad = organiser.post("/account/invite/club/", {"email": "not-an-address", "entry": "Ann"})
    assert bad.status_code == 400
    assert 'id="email-error"' in bad.content.decode()
    assert not models.Invitation.objects.exists()
    sent = len(mail.outbox)
    answer = organiser.post("/account/invite/club/", {"email": "ann@example.org", "entry": "Ann"})
    assert answer.status_code == 302
    assert len(mail.outbox) == sent + 1
    link = _link(mail.outbox[-1].body)
    assert link.startswith("/account/invitation/")
    # The invitee has no account yet: the page asks to log in or sign up.
    invitee = Client()
    page = invitee.get(link).content.decode()
    assert "sign up" in page
    assert "/account/signup/?next=" in page
    user = _login(invitee, "ann@example.org")
    # Signed up (and verified): the profile lists the waiting invitation, and it is accepted.
    assert "Invitations waiting for you" in invitee.get("/account/profile/").content.decode()
    accepted = invitee.post(link)
    assert accepted.status_code == 302
    assert accepted["Location"] == "/e/club/"
    assert models.Entry.objects.get(event__slug="club", key="Ann").user_id == user.pk
    audit = models.AuditEntry.objects.filter(event__slug="club").last()
    assert audit is not None
    assert audit.after == {"player": "Ann", "user": user.username}
    # Once only.
    again = invitee.post(link)
    assert again.status_code == 400
    assert "accepted already" in again.content.decode()


@pytest.mark.django_db(transaction=True)
def test_invitation_to_a_role_is_for_organisers_and_grants_it() -> None:
    club()
    organiser = Client()
    _organiser(organiser)
    stranger = Client()
    _login(stranger, "sam@example.org")
    assert stranger.get("/account/invite/club/").status_code == 403
    assert (
        stranger.post(
            "/account/invite/club/", {"email": "x@example.org", "role": "arbiter"}
        ).status_code
        == 403
    )
    organiser.post("/account/invite/club/", {"email": "sam@example.org", "role": "arbiter"})
    link = _link(mail.outbox[-1].body)
    assert stranger.post(link).status_code == 302
    assert models.EventRole.objects.filter(
        event__slug="club", user__email="sam@example.org", role="arbiter"
    ).exists()


def test_a_forged_invitation_link_is_not_found() -> None:
    assert Client().get("/account/invitation/forged:token/").status_code == 404
