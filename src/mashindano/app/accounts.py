"""Use cases of accounts: a person's profile, and invitations by e-mail to claim an entry of an
event or to take a role in it.

The profile's e-mail preferences are the per-kind preferences of `mashindano.app.mail` (the
same rows its one-click unsubscribe link changes): one place. Every change is appended to
`AccountLog` (who, when, before, after); invitations accepted also write the event's audit
entry through `people.link_entry` / `people.grant_role`.

Bad input is reported field by field (`InvalidFields`) and nothing is saved.
"""

from __future__ import annotations

import re
import zoneinfo
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation

import pycountry
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.core.validators import validate_email
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from mashindano.app.documents.profile import EmailPreference, InvitationDocument, ProfileDocument
from mashindano.app.errors import Duplicate, NotAllowed, NotFound, Refused, UnknownPlayer
from mashindano.app.locking import now_or
from mashindano.app.mail import get_preference, set_preference
from mashindano.app.notify import Kind
from mashindano.app.people import grant_role, link_entry, principal_for_user
from mashindano.app.permissions import MEMBER_ROLES, authorise
from mashindano.app.principals import Principal
from mashindano.engine.errors import ParseError
from mashindano.store import models
from mashindano.store.facts import Json
from mashindano.store.models import NotificationMode

LANGUAGES = {
    "en": "English",
    "sw": "Kiswahili",
    "ro": "Română",
    "fa": "فارسی",
    "fi": "Suomi",
}
"""The languages a person may choose (issue 17 translates the site into them)."""

PREFERENCE_KINDS = tuple(k.value for k in Kind if k is not Kind.DIGEST)
"""The kinds of e-mail a person sets a preference for (the digest follows from them)."""

RATING_SYSTEM = re.compile(r"[a-z][a-z0-9_-]{0,19}")
MAX_RATING = Decimal(100000)
INVITATION_SALT = "mashindano.accounts.invitation"
INVITATION_DAYS = 14


class InvalidFields(ParseError):
    """Some fields of a form are wrong: `errors` maps each field to its message."""

    code = "invalid_fields"

    def __init__(self, errors: Mapping[str, str]) -> None:
        super().__init__(
            "; ".join(f"{field}: {message}" for field, message in errors.items()),
            errors=dict(errors),
        )
        self.errors = dict(errors)


# -- profile --------------------------------------------------------------------------------


def _require_self(principal: Principal, user_id: int, action: str) -> None:
    if principal.user_id != user_id and not principal.is_superuser:
        raise NotAllowed(
            gettext("{name} may not {action} of another person").format(
                name=principal.name, action=action
            ),
            action=action,
        )


def _user(user_id: int) -> models.Profile:
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        raise NotFound(gettext("no user {user_id}").format(user_id=user_id), user=user_id)
    profile = models.Profile.objects.filter(user_id=user_id).first()
    return profile or models.Profile(user=user, changed_at=timezone.now())


def get_profile(principal: Principal, user_id: int | None = None) -> ProfileDocument:
    """The profile of the principal's own account (or, for a superuser, anyone's)."""
    wanted = user_id if user_id is not None else principal.user_id
    if wanted is None:
        raise NotAllowed(gettext("only a user account has a profile"), action="profile.read")
    _require_self(principal, wanted, "profile.read")
    return _document(_user(wanted))


def _document(profile: models.Profile) -> ProfileDocument:
    user = profile.user
    country = pycountry.countries.get(alpha_2=profile.country) if profile.country else None
    ratings = profile.ratings if isinstance(profile.ratings, dict) else {}
    return ProfileDocument(
        user_id=int(user.pk),
        username=user.get_username(),
        email=str(getattr(user, "email", "")),
        display_name=profile.display_name,
        country=profile.country,
        country_name=str(country.name) if country is not None else "",
        federation_id=profile.federation_id,
        ratings=tuple(sorted((str(k), str(v)) for k, v in ratings.items())),
        kiba_games=profile.kiba_games,
        language=profile.language,
        time_zone=profile.time_zone,
        email_preferences=tuple(
            EmailPreference(kind, get_preference(int(user.pk), kind).value)
            for kind in PREFERENCE_KINDS
        ),
    )


@dataclass(frozen=True, slots=True)
class ProfileForm:
    """The profile as typed in a form (or given to the CLI): text, checked by the use case."""

    display_name: str = ""
    country: str = ""
    federation_id: str = ""
    ratings: str = ""
    """One `system: value` per line (or separated by commas)."""
    kiba_games: str = ""
    language: str = "en"
    time_zone: str = "UTC"
    email_preferences: Mapping[str, str] | None = None
    """kind -> immediately | daily | never; kinds left out keep their preference."""


def parse_ratings(text: str) -> dict[str, str]:
    """`fide: 1850, kiba: 1400` -> {"fide": "1850", "kiba": "1400"} (exact decimals)."""
    found: dict[str, str] = {}
    for raw in re.split(r"[\n,;]+", text):
        item = raw.strip()
        if not item:
            continue
        system, sep, value = item.partition(":")
        if not sep:
            system, sep, value = item.partition("=")
        system = system.strip().lower()
        if not sep or not RATING_SYSTEM.fullmatch(system):
            raise ParseError(
                _("write each rating as 'system: value' (e.g. 'fide: 1850'), not %(item)r")
                % {"item": item}
            )
        try:
            number = Decimal(value.strip())
        except InvalidOperation:
            raise ParseError(
                _("the %(system)s rating %(value)r is not a number")
                % {"system": system, "value": value.strip()}
            ) from None
        if not number.is_finite() or number < 0 or number > MAX_RATING:
            raise ParseError(
                _("the %(system)s rating must be between 0 and %(max)s")
                % {"system": system, "max": MAX_RATING}
            )
        if system in found:
            raise ParseError(_("the %(system)s rating is given twice") % {"system": system})
        found[system] = (
            str(number.normalize()) if number != number.to_integral() else str(number.to_integral())
        )
    return found


def _check(form: ProfileForm) -> tuple[dict[str, object], dict[str, str]]:
    values: dict[str, object] = {}
    errors: dict[str, str] = {}
    display_name = form.display_name.strip()
    if len(display_name) > 100:
        errors["display_name"] = _("at most 100 characters")
    values["display_name"] = display_name
    country = form.country.strip().upper()
    if country and pycountry.countries.get(alpha_2=country) is None:
        errors["country"] = _("%(code)r is not an ISO 3166 country code (e.g. TZ, KE, FI)") % {
            "code": form.country.strip()
        }
    values["country"] = country
    federation_id = form.federation_id.strip()
    if len(federation_id) > 50:
        errors["federation_id"] = _("at most 50 characters")
    values["federation_id"] = federation_id
    try:
        values["ratings"] = parse_ratings(form.ratings)
    except ParseError as error:
        errors["ratings"] = error.message
    games = form.kiba_games.strip()
    if not games:
        values["kiba_games"] = None
    elif not games.isdigit() or int(games) > 1_000_000:
        errors["kiba_games"] = _("the number of games played is a whole number, 0 or more")
    else:
        values["kiba_games"] = int(games)
    language = form.language.strip()
    if language not in LANGUAGES:
        errors["language"] = _("choose one of %(choices)s") % {"choices": ", ".join(LANGUAGES)}
    values["language"] = language
    zone = form.time_zone.strip()
    if zone not in zoneinfo.available_timezones():
        errors["time_zone"] = _(
            "%(zone)r is not a time zone name (IANA, e.g. Africa/Dar_es_Salaam, Europe/Helsinki)"
        ) % {"zone": zone}
    values["time_zone"] = zone
    modes = {m.value for m in NotificationMode}
    for kind, mode in (form.email_preferences or {}).items():
        if kind not in PREFERENCE_KINDS:
            errors[f"email_{kind}"] = _("no kind of e-mail %(kind)r") % {"kind": kind}
        elif mode not in modes:
            errors[f"email_{kind}"] = _("choose one of %(choices)s") % {
                "choices": ", ".join(sorted(modes))
            }
    return values, errors


def update_profile(
    principal: Principal,
    form: ProfileForm,
    *,
    user_id: int | None = None,
    now: datetime | None = None,
) -> ProfileDocument:
    """Check every field, then save them all (and the e-mail preferences) or nothing."""
    wanted = user_id if user_id is not None else principal.user_id
    if wanted is None:
        raise NotAllowed(gettext("only a user account has a profile"), action="profile.edit")
    _require_self(principal, wanted, "profile.edit")
    values, errors = _check(form)
    if errors:
        raise InvalidFields(errors)
    when = now_or(now)
    with transaction.atomic():
        profile = _user(wanted)
        before = _document(profile).to_json() if profile.pk else None
        for name, value in values.items():
            setattr(profile, name, value)
        profile.changed_at = when
        profile.save()
        for kind, mode in (form.email_preferences or {}).items():
            if get_preference(wanted, kind).value != mode:
                set_preference(wanted, kind, NotificationMode(mode), when)
        document = _document(profile)
        _log(wanted, principal, "profile.edit", when, before=before, after=document.to_json())
    return document


def _log(
    user_id: int, principal: Principal, action: str, at: datetime, *, before: Json, after: Json
) -> None:
    models.AccountLog.objects.create(
        user_id=user_id, at=at, actor=principal.name, action=action, before=before, after=after
    )


# -- invitations ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SentInvitation:
    id: int
    token: str
    url: str


def invitation_token(invitation_id: int) -> str:
    return signing.dumps({"i": invitation_id}, salt=INVITATION_SALT, compress=True)


def _invitation(token: str) -> models.Invitation:
    try:
        value = signing.loads(token, salt=INVITATION_SALT)
    except signing.BadSignature:
        raise NotFound(_("this invitation link is not valid")) from None
    found = (
        models.Invitation.objects.select_related("event").filter(pk=value["i"]).first()
        if isinstance(value, dict) and isinstance(value.get("i"), int)
        else None
    )
    if found is None:
        raise NotFound(_("this invitation does not exist any more"))
    return found


def invite(
    principal: Principal,
    slug: str,
    email: str,
    *,
    entry: str = "",
    role: str = "",
    now: datetime | None = None,
) -> SentInvitation:
    """Invite a person by e-mail to claim the entry `entry` (its key or name) or to take `role`
    (organiser, arbiter, assistant) in the event; the message is sent when the transaction
    commits."""
    errors: dict[str, str] = {}
    address = email.strip()
    try:
        validate_email(address)
    except Exception:
        errors["email"] = _("%(email)r is not an e-mail address") % {"email": address}
    if bool(entry.strip()) == bool(role.strip()):
        errors["what"] = _("invite either to claim an entry or to take a role")
    if role.strip() and role.strip() not in {r.value for r in MEMBER_ROLES}:
        errors["role"] = _("choose one of %(choices)s") % {
            "choices": ", ".join(r.value for r in MEMBER_ROLES)
        }
    if errors:
        raise InvalidFields(errors)
    action = "invitation.entry" if entry.strip() else "invitation.role"
    authorise(principal, action, slug)
    when = now_or(now)
    event = models.Event.objects.get(slug=slug)
    key = ""
    if entry.strip():
        found = (
            models.Entry.objects.filter(event=event, key=entry.strip()).first()
            or models.Entry.objects.filter(event=event, name=entry.strip()).first()
        )
        if found is None:
            raise InvalidFields(
                {"entry": _("no player %(player)r in this event") % {"player": entry.strip()}}
            )
        if found.user_id is not None:
            raise Duplicate(
                _("%(player)s is already linked to an account") % {"player": found.name},
                event=slug,
                player=found.key,
            )
        key = found.key
    with transaction.atomic():
        invitation = models.Invitation.objects.create(
            event=event,
            email=address,
            kind=models.Invitation.ENTRY if key else models.Invitation.ROLE,
            entry_key=key,
            role=role.strip(),
            invited_by_id=principal.user_id,
            invited_by_name=principal.name,
            created_at=when,
            expires_at=when + timedelta(days=INVITATION_DAYS),
        )
        token = invitation_token(invitation.pk)
        url = settings.BASE_URL + reverse("account-invitation", kwargs={"token": token})
        if principal.user_id is not None:
            _log(
                principal.user_id,
                principal,
                "invitation.send",
                when,
                before=None,
                after={"event": slug, "email": address, "entry": key, "role": role.strip()},
            )
        document = _invitation_document(invitation, when)
        transaction.on_commit(lambda: _send_invitation(document, url))
    return SentInvitation(invitation.pk, token, url)


def _send_invitation(document: InvitationDocument, url: str) -> None:
    context = {"invitation": document, "link": url}
    subject = _("Mashindano: an invitation to %(event)s") % {"event": document.event_name}
    message = EmailMultiAlternatives(
        subject=subject,
        body=render_to_string("mail/invitation.txt", context),
        to=[document.email],
    )
    message.attach_alternative(render_to_string("mail/invitation.html", context), "text/html")
    message.send()


def _invitation_document(invitation: models.Invitation, now: datetime) -> InvitationDocument:
    entry_name = ""
    if invitation.entry_key:
        entry_name = (
            models.Entry.objects.filter(event=invitation.event, key=invitation.entry_key)
            .values_list("name", flat=True)
            .first()
            or invitation.entry_key
        )
    return InvitationDocument(
        event=invitation.event.slug,
        event_name=invitation.event.name,
        kind=invitation.kind,
        entry_key=invitation.entry_key,
        entry_name=entry_name,
        role=invitation.role,
        email=invitation.email,
        invited_by=invitation.invited_by_name,
        expires_at=invitation.expires_at.isoformat(),
        accepted=invitation.accepted_at is not None,
        expired=invitation.expires_at <= now,
    )


def read_invitation(token: str, *, now: datetime | None = None) -> InvitationDocument:
    """What the link offers (anyone holding the link may read it)."""
    return _invitation_document(_invitation(token), now_or(now))


def accept_invitation(
    principal: Principal, token: str, *, now: datetime | None = None
) -> InvitationDocument:
    """The logged-in person takes what the invitation offers: the entry is linked to their
    account, or the role is granted to them. The change is made in the inviter's name (who
    must still be allowed to make it) and the invitation records who accepted it; once."""
    when = now_or(now)
    if principal.user_id is None:
        raise NotAllowed(_("log in to accept an invitation"), action="invitation.accept")
    with transaction.atomic():
        invitation = models.Invitation.objects.select_for_update().get(pk=_invitation(token).pk)
        if invitation.accepted_at is not None:
            raise Refused(_("this invitation has been accepted already"))
        if invitation.expires_at <= when:
            raise Refused(_("this invitation has expired; ask the organiser for a new one"))
        inviter = (
            get_user_model().objects.filter(pk=invitation.invited_by_id).first()
            if invitation.invited_by_id is not None
            else None
        )
        acting = principal_for_user(inviter) if inviter is not None else None
        if acting is None:
            raise Refused(_("the person who sent this invitation has no account any more"))
        slug = invitation.event.slug
        try:
            if invitation.kind == models.Invitation.ENTRY:
                link_entry(slug, invitation.entry_key, principal.name, actor=acting, now=when)
            else:
                grant_role(slug, principal.name, invitation.role, actor=acting, now=when)
        except UnknownPlayer:
            raise Refused(_("the entry of this invitation is not in the event any more")) from None
        invitation.accepted_at = when
        invitation.accepted_by_id = principal.user_id
        invitation.save(update_fields=["accepted_at", "accepted_by"])
        _log(
            principal.user_id,
            principal,
            "invitation.accept",
            when,
            before=None,
            after={"event": slug, "entry": invitation.entry_key, "role": invitation.role},
        )
        return _invitation_document(invitation, when)


def withdraw_invitation(
    principal: Principal, slug: str, invitation_id: int, *, now: datetime | None = None
) -> InvitationDocument:
    """Take back an invitation of the event not accepted yet (whoever may send its kind may
    withdraw it): the row goes, so its link answers that the invitation does not exist any
    more; the withdrawal is appended to the withdrawer's account log. Refused: one accepted
    already (the role or entry is taken back on its own page)."""
    with transaction.atomic():
        invitation = (
            models.Invitation.objects.select_for_update()
            .select_related("event")
            .filter(event__slug=slug, pk=invitation_id)
            .first()
        )
        if invitation is None:
            raise NotFound(
                _("event %(event)r has no invitation %(invitation)s")
                % {"event": slug, "invitation": invitation_id}
            )
        kind = (
            "invitation.entry" if invitation.kind == models.Invitation.ENTRY else "invitation.role"
        )
        authorise(principal, kind, slug)
        when = now_or(now)
        if invitation.accepted_at is not None:
            raise Refused(_("this invitation has been accepted already"))
        document = _invitation_document(invitation, when)
        invitation.delete()
        if principal.user_id is not None:
            _log(
                principal.user_id,
                principal,
                "invitation.withdraw",
                when,
                before={
                    "event": slug,
                    "email": document.email,
                    "entry": document.entry_key,
                    "role": document.role,
                },
                after=None,
            )
        return document


def pending_invitations(principal: Principal, *, now: datetime | None = None) -> list[str]:
    """Tokens of the open invitations sent to the principal's e-mail addresses (so that an
    invitee who signed up before following the link finds them on the profile page)."""
    if principal.user_id is None:
        return []
    user = get_user_model().objects.filter(pk=principal.user_id).first()
    address = str(getattr(user, "email", "") or "")
    if not address:
        return []
    rows = models.Invitation.objects.filter(
        email__iexact=address, accepted_at__isnull=True, expires_at__gt=now_or(now)
    ).values_list("pk", flat=True)
    return [invitation_token(pk) for pk in rows]


@dataclass(frozen=True, slots=True)
class InvitationChoices:
    """What the principal may invite people to in the event: entries without an account (to
    claim) and roles (organisers only)."""

    event: str
    event_name: str
    entries: tuple[tuple[str, str], ...]
    """(key, name) of the entries not linked to an account."""
    roles: tuple[str, ...]


def invitation_choices(principal: Principal, slug: str) -> InvitationChoices:
    authorise(principal, "invitation.entry", slug)
    try:
        authorise(principal, "invitation.role", slug)
        roles = tuple(r.value for r in MEMBER_ROLES)
    except NotAllowed:
        roles = ()
    event = models.Event.objects.get(slug=slug)
    entries = tuple(
        (key, name)
        for key, name in models.Entry.objects.filter(event=event, user__isnull=True)
        .order_by("name")
        .values_list("key", "name")
    )
    return InvitationChoices(event.slug, event.name, entries, roles)
