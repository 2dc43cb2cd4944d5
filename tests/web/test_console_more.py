"""The console's announcements, championship series and co-arbiters invited by e-mail (issue 14
item 4), and the acceptance item on bad input: every console and my-page form given an invalid
value answers with a message at the field and changes nothing (the audit log and the event's
version stay as they were)."""

from __future__ import annotations

import html
import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from tests.app.helpers import ACTOR, T0, make_event
from tests.web.test_console import _client, _user, club  # noqa: F401 (a fixture)

from mashindano.app import accounts, people, rounds
from mashindano.presets.kiba_bao import series
from mashindano.store import models
from mashindano.web.cache import versions

pytestmark = pytest.mark.django_db

KIBA = "kiba-bao"


def _text(response: Any) -> str:
    return html.unescape(response.content.decode())


def _writes() -> tuple[int, int, int, int, int, int]:
    """Everything a console or my-page form may write."""
    return (
        models.AuditEntry.objects.count(),
        sum(models.Event.objects.values_list("version", flat=True)),
        models.Announcement.objects.count(),
        models.Series.objects.count(),
        models.Invitation.objects.count(),
        models.ResultReport.objects.count(),
    )


@pytest.fixture
def staff(club: dict[str, User]) -> dict[str, User]:  # noqa: F811 (the imported fixture)
    """test_console's club (a started chess Swiss of six with an organiser who may create
    events, an arbiter, an assistant, a player of P01 and a stranger), round 1 paired."""
    rounds.pair_next_round("club", actor=ACTOR, now=T0)
    return club


# -- announcements ------------------------------------------------------------------------------


def test_an_arbiter_posts_and_withdraws_an_announcement_shown_on_the_public_pages(
    staff: dict[str, User],
) -> None:
    arbiter = _client(staff["arbiter"])
    posted = arbiter.post("/console/club/announcements/", {"text": "Round 2 starts at 14:00."})
    assert posted.status_code == 302
    notice = models.Announcement.objects.get()
    assert (notice.text, notice.actor) == ("Round 2 starts at 14:00.", "arif")
    assert "Round 2 starts at 14:00." in _text(Client().get("/e/club/"))
    assert "Round 2 starts at 14:00." in _text(Client().get("/e/club/live/"))
    page = _text(arbiter.get("/console/club/announcements/"))
    assert f'value="{notice.id}"' in page  # its withdraw button
    withdrawn = arbiter.post(
        "/console/club/announcements/", {"withdraw": str(notice.id), "reason": "moved to 15:00"}
    )
    assert withdrawn.status_code == 302
    versions.clear()  # the public pages trust a version they read for a few seconds
    assert "Round 2 starts" not in _text(Client().get("/e/club/"))
    page = _text(arbiter.get("/console/club/announcements/"))
    assert "withdrawn" in page
    assert "moved to 15:00" in page
    again = arbiter.post("/console/club/announcements/", {"withdraw": str(notice.id)})
    assert again.status_code == 400
    assert "withdrawn already" in _text(again)


def test_the_withdraw_button_of_an_announcement_says_withdraw_it(staff: dict[str, User]) -> None:
    """Not the player's "withdraw (yourself)" of the same English word."""
    arbiter = _client(staff["arbiter"])
    arbiter.post("/console/club/announcements/", {"text": "Round 2 starts at 14:00."})
    arbiter.cookies["django_language"] = "sw"
    page = _text(arbiter.get("/console/club/announcements/"))
    button = re.search(r'<button [^>]*name="withdraw"[^>]*>([^<]*)</button>', page)
    assert button is not None
    assert button.group(1) == "Ondoa"


def test_announcements_are_for_organisers_and_arbiters_only(staff: dict[str, User]) -> None:
    for role in ("assistant", "player", "stranger"):
        client = _client(staff[role])
        assert client.get("/console/club/announcements/").status_code == 403, role
        assert client.post("/console/club/announcements/", {"text": "x"}).status_code == 403
    assert not models.Announcement.objects.exists()


# -- roles: only what the viewer may do; co-arbiters invited by e-mail ----------------------------


def test_the_roles_page_shows_its_forms_to_organisers_only(staff: dict[str, User]) -> None:
    organiser = _text(_client(staff["organiser"]).get("/console/club/roles/"))
    assert 'name="username"' in organiser
    assert 'name="email"' in organiser
    assert 'name="revoke"' in organiser
    arbiter = _client(staff["arbiter"])
    page = _text(arbiter.get("/console/club/roles/"))
    assert "arif" in page  # the list of people is shown
    assert 'name="username"' not in page
    assert 'name="email"' not in page
    assert 'name="revoke"' not in page
    before = _writes()
    assert arbiter.post("/console/club/roles/", {"revoke": "asha:assistant"}).status_code == 403
    refused = arbiter.post("/console/club/roles/invite/", {"email": "x@example.org"})
    assert refused.status_code == 403
    assert _writes() == before


def test_a_co_arbiter_invited_by_e_mail_takes_the_role_by_following_the_link(
    staff: dict[str, User], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        sent = _client(staff["organiser"]).post(
            "/console/club/roles/invite/", {"email": "cora@example.org", "role": "arbiter"}
        )
    assert sent.status_code == 302
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["cora@example.org"]
    link = re.search(r"https?://\S+/account/invitation/(\S+?)/", message.body)
    assert link is not None
    cora = _client(_user("cora"))
    path = f"/account/invitation/{link.group(1)}/"
    assert "arbiter" in _text(cora.get(path))
    assert cora.post(path).status_code == 302
    role = models.EventRole.objects.get(user__username="cora")
    assert (role.role, role.granted_by) == ("arbiter", "olga")
    assert cora.get("/console/club/").status_code == 200


def test_the_roles_page_lists_pending_invitations_and_the_organiser_withdraws_one(
    staff: dict[str, User], django_capture_on_commit_callbacks: Any
) -> None:
    organiser = _client(staff["organiser"])
    with django_capture_on_commit_callbacks(execute=True):
        for email, role in (("cora@example.org", "arbiter"), ("dan@example.org", "organiser")):
            organiser.post("/console/club/roles/invite/", {"email": email, "role": role})
    links = [re.search(r"/account/invitation/(\S+?)/", m.body) for m in mail.outbox]
    cora, dan = models.Invitation.objects.order_by("id")
    page = _text(organiser.get("/console/club/roles/"))
    assert "Invitations waiting for an answer" in page
    row = re.search(rf'<li id="invitation-{cora.id}">(.*?)</li>', page, re.S)
    assert row is not None
    assert "cora@example.org" in row.group(1)
    assert "</bdi> · arbiter</p>" in row.group(1)
    assert "olga" in row.group(1)  # who sent it
    assert cora.created_at.strftime("%Y-%m-%d") in row.group(1)
    assert f'name="withdraw" value="{dan.id}"' in page
    # The addresses are for those who may invite: an arbiter sees the roles, not the invitations.
    assert "cora@example.org" not in _text(_client(staff["arbiter"]).get("/console/club/roles/"))
    assert (
        _client(staff["arbiter"]).post("/console/club/roles/", {"withdraw": str(cora.id)})
    ).status_code == 403

    withdrawn = organiser.post("/console/club/roles/", {"withdraw": str(cora.id)}, follow=True)
    assert "The invitation to cora@example.org is withdrawn" in _text(withdrawn)
    assert "cora@example.org" not in _text(organiser.get("/console/club/roles/"))
    assert list(models.Invitation.objects.values_list("email", flat=True)) == ["dan@example.org"]
    log = models.AccountLog.objects.get(action="invitation.withdraw")
    assert (log.actor, log.before["email"], log.before["role"]) == (
        "olga",
        "cora@example.org",
        "arbiter",
    )
    # Its link no longer works; the other one still does.
    assert links[0] is not None
    assert links[1] is not None
    gone = _client(_user("cora")).get(f"/account/invitation/{links[0].group(1)}/")
    assert gone.status_code == 404
    assert _client(_user("dan")).get(f"/account/invitation/{links[1].group(1)}/").status_code == 200
    # Withdrawing it again, or an invitation that never was, says so on the page.
    again = organiser.post("/console/club/roles/", {"withdraw": str(cora.id)}, follow=True)
    assert "has no invitation" in _text(again)
    nonsense = organiser.post("/console/club/roles/", {"withdraw": "x"}, follow=True)
    assert "no invitation 'x'" in _text(nonsense)


def test_an_accepted_or_expired_invitation_is_not_pending(staff: dict[str, User]) -> None:
    olga = people.principal_for_user(staff["organiser"])
    cora = people.principal_for_user(_user("cora"))
    assert olga is not None
    assert cora is not None
    accepted = accounts.invite(olga, "club", "cora@example.org", role="arbiter", now=T0)
    accounts.accept_invitation(cora, accepted.token, now=T0)
    accounts.invite(olga, "club", "old@example.org", role="assistant", now=T0 - timedelta(days=30))
    page = _text(_client(staff["organiser"]).get("/console/club/roles/"))
    assert "Invitations waiting for an answer" not in page
    assert "old@example.org" not in page


def test_the_desk_has_one_entry_for_announcements(staff: dict[str, User]) -> None:
    for role in ("organiser", "arbiter"):
        page = _text(_client(staff[role]).get("/console/club/"))
        desk = page.split('<nav class="tabs"', 1)[1].split("</nav>", 1)[1]  # below the tabs
        assert desk.count("/console/club/announcements/") == 1, role
        assert "/do/event.announce/" not in desk
        assert "/do/announcement.withdraw/" not in desk
        assert desk.count("Post an announcement") == 1


def test_console_values_are_in_the_page_language(staff: dict[str, User]) -> None:
    """Roles, rounds, and a tournament's state in a series, are words of the page's language
    (Kiswahili here), not the keys or English the documents carry."""
    _setting_up_series()
    organiser = _client(staff["organiser"])
    organiser.cookies["django_language"] = "sw"
    home = _text(organiser.get("/console/"))
    assert "mratibu" in home
    assert "organiser" not in home
    desk = _text(organiser.get("/console/club/"))
    assert "<dd>mratibu</dd>" in desk
    assert ">Raundi 1 <span" in desk  # the round links, as the public pages write a round
    page = _text(organiser.get("/console/series/kiba-2026/"))
    member = re.search(r'<span class="meta">k1 · ([^<]*)</span>', page)
    assert member is not None
    state = models.Event.objects.get(slug="k1").state
    assert state in {"draft", "registration"}
    assert member.group(1) not in {"draft", "registration"}


# -- series -------------------------------------------------------------------------------------


def test_a_series_is_created_given_tournaments_and_shows_its_table(staff: dict[str, User]) -> None:
    olga = staff["organiser"]
    make_event("k1", KIBA, 6, start=False)
    make_event("k2", KIBA, 6, start=False)
    for slug in ("k1", "k2"):
        people.grant_role(slug, "olga", "organiser", actor=ACTOR, now=T0)
    client = _client(olga)
    created = client.post("/console/series/", {"slug": "kiba-2026", "name": "KIBA 2026"})
    assert created.status_code == 302
    assert created["Location"] == "/console/series/kiba-2026/"
    page = _text(client.get("/console/series/kiba-2026/"))
    assert '<option value="k1">' in page
    assert client.post("/console/series/kiba-2026/", {"event": "k1"}).status_code == 302
    assert client.post("/console/series/kiba-2026/", {"event": "k2"}).status_code == 302
    table = series.series_standings("kiba-2026")
    assert [t.slug for t in table.tournaments] == ["k1", "k2"]
    page = _text(client.get("/console/series/kiba-2026/"))
    assert 'name="remove" value="k2"' in page
    assert client.post("/console/series/kiba-2026/", {"remove": "k2"}).status_code == 302
    assert [t.slug for t in series.series_standings("kiba-2026").tournaments] == ["k1"]
    entry = models.AuditEntry.objects.filter(event__slug="k2").latest("version")
    assert (entry.action, entry.actor, entry.before) == (
        "series.remove",
        "olga",
        {"series": "kiba-2026", "name": "KIBA 2026"},
    )
    assert "kiba-2026" in _text(client.get("/console/series/"))


def test_series_changes_are_refused_to_those_who_may_not_make_them(staff: dict[str, User]) -> None:
    series.create_series("kiba-2026", "KIBA 2026", actor=ACTOR, now=T0)
    make_event("k1", KIBA, 6, start=False)
    before = _writes()
    arbiter = _client(staff["arbiter"])
    assert arbiter.post("/console/series/", {"slug": "s", "name": "S"}).status_code == 403
    assert arbiter.post("/console/series/kiba-2026/", {"event": "k1"}).status_code == 403
    page = _text(arbiter.get("/console/series/"))
    assert 'name="slug"' not in page  # no create form for a non-creator
    page = _text(_client(staff["organiser"]).get("/console/series/kiba-2026/"))
    assert 'name="event"' not in page  # olga organises no KIBA tournament
    assert _writes() == before


# -- bad input: every console and my-page form --------------------------------------------------


def _setting_up_series() -> None:
    series.create_series("kiba-2026", "KIBA 2026", actor=ACTOR, now=T0)
    make_event("k1", KIBA, 6, start=False)
    make_event("k9", KIBA, 6, start=False, champ_points_winner="99")
    people.grant_role("k1", "olga", "organiser", actor=ACTOR, now=T0)
    people.grant_role("k9", "olga", "organiser", actor=ACTOR, now=T0)
    series.add_event_to_series("kiba-2026", "k1", actor=ACTOR, now=T0)


BAD_INPUT = [
    # (who, path, posted, field, part of the message)
    ("organiser", "/console/new/?preset=chess-swiss", {"slug": "Bad Slug"}, "slug", "slug"),
    ("organiser", "/console/new/?preset=chess-swiss", {"slug": "club"}, "slug", "exists"),
    (
        "organiser",
        "/console/new/?preset=chess-swiss",
        {"slug": "new-one", "swiss_rounds": "0"},
        "swiss_rounds",
        "swiss_rounds",
    ),
    (
        "organiser",
        "/console/club/roles/",
        {"username": "nobody", "role": "arbiter"},
        "username",
        "",
    ),
    ("organiser", "/console/club/roles/", {"username": "arif", "role": "arbiter"}, "username", ""),
    ("organiser", "/console/club/roles/", {"username": "sam", "role": "king"}, "role", "king"),
    (
        "organiser",
        "/console/club/roles/invite/",
        {"email": "not-an-address", "role": "arbiter"},
        "email",
        "",
    ),
    ("organiser", "/console/club/roles/invite/", {"email": "a@b.org", "role": "x"}, "role", "x"),
    ("arbiter", "/console/club/announcements/", {"text": "  "}, "text", "needs some text"),
    ("arbiter", "/console/club/announcements/", {"text": "x" * 2001}, "text", "at most 2000"),
    ("organiser", "/console/series/", {"slug": "Not A Slug", "name": "N"}, "slug", "lower-case"),
    ("organiser", "/console/series/", {"slug": "kiba-2026", "name": "K"}, "slug", "exists"),
    ("organiser", "/console/series/", {"slug": "s-1", "name": ""}, "name", "required"),
    ("organiser", "/console/series/kiba-2026/", {"event": ""}, "event", "required"),
    ("organiser", "/console/series/kiba-2026/", {"event": "club"}, "event", "valid choice"),
    ("organiser", "/console/series/kiba-2026/", {"event": "k9"}, "event", "differently"),
    ("arbiter", "/console/club/import/", {"format": "csv"}, "file", "Choose a file"),
    ("arbiter", "/console/club/import/", {"format": "xls", "text": "a"}, "format", "xls"),
    (
        "arbiter",
        "/console/club/do/player.withdraw/",
        {"player": "Nobody", "version": "{version}"},
        "player",
        "Nobody",
    ),
    (
        "arbiter",
        "/console/club/do/result.correction/",
        {"round": "1", "board": "1", "result": "3-0", "reason": "r", "version": "{version}"},
        "result",
        "3-0",
    ),
    ("player", "/me/e/club/do/player.withdraw/", {"from_round": "abc"}, "from_round", "abc"),
    ("player", "/me/e/club/do/player.leave/", {"from_round": "x"}, "from_round", "x"),
    (
        "player",
        "/me/e/club/do/result.report/?round=1&board=2",
        {"result": "white wins"},
        "result",
        "white wins",
    ),
]


@pytest.mark.parametrize(
    ("who", "path", "posted", "field", "message"),
    BAD_INPUT,
    ids=[f"{case[1]}:{case[3]}:{i}" for i, case in enumerate(BAD_INPUT)],
)
def test_bad_input_is_shown_at_the_field_and_changes_nothing(
    staff: dict[str, User],
    who: str,
    path: str,
    posted: dict[str, str],
    field: str,
    message: str,
) -> None:
    _setting_up_series()
    version = str(models.Event.objects.get(slug="club").version)
    values = {k: v.replace("{version}", version) for k, v in posted.items()}
    before = _writes()
    answer = _client(staff[who]).post(path, values)
    assert answer.status_code in (200, 400, 422), answer.status_code
    page = _text(answer)
    at_field = re.search(rf'id="(?:id_|f-|invite_){field}-error"[^>]*>(.*?)</p>', page, re.S)
    assert at_field is not None, f"no message at the field {field!r}"
    assert message in at_field.group(1)
    assert _writes() == before
    assert not mail.outbox


def test_a_second_report_of_the_same_game_says_who_reported_what_and_when(
    staff: dict[str, User],
) -> None:
    first = _client(staff["arbiter"]).post(
        "/console/club/do/result.report/",
        {"round": "1", "board": "1", "result": "1-0", "version": str(_version())},
    )
    assert first.status_code == 302
    before = _writes()
    second = _client(staff["assistant"]).post(
        "/console/club/results/report/",
        {"round": "1", "board": "1", "result": "0-1"},
        HTTP_HX_REQUEST="true",
    )
    row = _text(second)
    assert re.search(r"already has 1-0 \(reported by arif at \d{4}-\d\d-\d\d \d\d:\d\d\)", row)
    assert _writes() == before


def _version() -> int:
    return models.Event.objects.get(slug="club").version
