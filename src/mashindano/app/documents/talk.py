"""What people see of a game's talk and of the reports to an event's officials (issue 31
item 1): the talk on a game page (its players and the event's officials only), the officials
of an event and how to reach them (the event page), the console's queue of reports, and the
reporter's own reports with their answers (my page).

A hidden message shows as hidden to everyone; its text, who hid it and why only to the
officials. Texts are plain: templates escape them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app import official_reports, talk
from mashindano.app.errors import NotAllowed
from mashindano.app.on_site import played_by_preset
from mashindano.app.permissions import Role, authorise, roles_in_event
from mashindano.app.principals import Principal
from mashindano.store import models
from mashindano.store.mapping import game_fact_of

OFFICIAL_ROLES = frozenset({Role.ORGANISER, Role.ARBITER})


def kind_label(kind: str) -> str:
    labels: dict[str, str] = {
        official_reports.ReportKind.CHEATING: gettext("cheating"),
        official_reports.ReportKind.ABUSE: gettext("abuse"),
        official_reports.ReportKind.PROBLEM: gettext("a problem"),
        official_reports.ReportKind.MESSAGE: gettext("a message"),
    }
    return labels.get(kind, kind)


def report_kinds(*, with_message: bool = True) -> tuple[tuple[str, str], ...]:
    """(value, label) of the kinds a reporter chooses from."""
    return tuple(
        (k.value, kind_label(k.value))
        for k in official_reports.ReportKind
        if with_message or k is not official_reports.ReportKind.MESSAGE
    )


# -- the talk of a game ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TalkMessage:
    id: int
    author: str
    mine: bool
    text: str
    """"" when hidden and the viewer is no official."""
    at: datetime
    hidden: bool
    hidden_by: str = ""
    hidden_reason: str = ""
    hidden_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class GameTalk:
    slug: str
    game: int
    label: str
    messages: tuple[TalkMessage, ...]
    can_write: bool
    can_hide: bool
    max_length: int
    version: str
    """Changes whenever a message is written or hidden: the page's poll sends it back and
    gets 204 while nothing changed (`talk_version`)."""


def build_game_talk(slug: str, game: int, principal: Principal | None) -> GameTalk | None:
    """The game's talk as the viewer may see it; None for anyone who may not read it (not
    a player of the game nor an official) or when the game has no talk."""
    if principal is None:
        return None
    event = models.Event.objects.filter(slug=slug).first()
    if event is None or played_by_preset(event) is None:
        return None
    row = (
        models.Game.objects.filter(id=game, encounter__round__stage__event=event)
        .select_related("encounter__round__stage", "first", "second")
        .first()
    )
    if row is None:
        return None
    found = roles_in_event(principal, slug)
    official = principal.is_superuser or bool(found.roles & OFFICIAL_ROLES)
    mine = {e.key for e in (row.first, row.second) if e.key in found.entry_keys}
    if not official and not mine:
        return None
    rows = list(
        models.GameMessage.objects.filter(game=row).select_related("entry", "hiding").order_by("id")
    )
    messages = []
    for m in rows:
        hiding = getattr(m, "hiding", None)
        hidden = hiding is not None
        messages.append(
            TalkMessage(
                id=m.id,
                author=m.entry.name,
                mine=m.entry.key in mine,
                text="" if hidden and not official else m.text,
                at=m.at,
                hidden=hidden,
                hidden_by=hiding.actor if hiding is not None and official else "",
                hidden_reason=hiding.reason if hiding is not None and official else "",
                hidden_at=hiding.at if hiding is not None and official else None,
            )
        )
    return GameTalk(
        slug=slug,
        game=row.id,
        label=game_fact_of(row).label,
        messages=tuple(messages),
        can_write=bool(mine),
        can_hide=official,
        max_length=talk.MAX_LENGTH,
        version=talk_version(slug, row.id),
    )


def talk_version(slug: str, game: int) -> str:
    """Changes whenever a message is written or hidden (the page's poll compares it)."""
    messages = models.GameMessage.objects.filter(
        game_id=game, game__encounter__round__stage__event__slug=slug
    )
    written = messages.order_by("-id").values_list("id", flat=True).first() or 0
    hidden = (
        models.GameMessageHiding.objects.filter(message__in=messages)
        .order_by("-id")
        .values_list("id", flat=True)
        .first()
        or 0
    )
    return f"{written}.{hidden}"


# -- the officials of an event ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Official:
    name: str
    role: str
    """Translated: "arbiter", "organiser"."""


def person_name(user: models.Profile | None, username: str) -> str:
    if user is not None and user.display_name:
        return user.display_name
    return username


def build_officials(slug: str) -> tuple[Official, ...]:
    """The event's arbiters, then its organisers, by name (never their addresses)."""
    rows = list(
        models.EventRole.objects.filter(
            event__slug=slug, role__in=[Role.ARBITER.value, Role.ORGANISER.value]
        )
        .select_related("user")
        .order_by("id")
    )
    profiles = {
        p.user_id: p for p in models.Profile.objects.filter(user_id__in=[r.user_id for r in rows])
    }
    labels = {Role.ARBITER.value: gettext("arbiter"), Role.ORGANISER.value: gettext("organiser")}
    ordered = sorted(rows, key=lambda r: (r.role != Role.ARBITER.value, r.id))
    seen: set[tuple[int, str]] = set()
    officials = []
    for r in ordered:
        if (r.user_id, r.role) in seen:
            continue
        seen.add((r.user_id, r.role))
        name = person_name(profiles.get(r.user_id), r.user.get_username())
        officials.append(Official(name, labels[r.role]))
    return tuple(officials)


# -- reports and answers ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AnswerLine:
    text: str
    at: datetime
    actor: str
    closes: bool


@dataclass(frozen=True, slots=True)
class ReportLine:
    id: int
    slug: str
    event_name: str
    kind: str
    kind_label: str
    text: str
    at: datetime
    actor: str
    label: str
    """The game it is about ("" for the event)."""
    game_path: str
    answers: tuple[AnswerLine, ...]

    @property
    def is_open(self) -> bool:
        return not any(a.closes for a in self.answers)


def _lines(rows: list[models.OfficialReport]) -> list[ReportLine]:
    found = []
    for r in rows:
        event = r.event
        game = r.game
        path = ""
        if game is not None:
            hooks = played_by_preset(event)
            path = hooks.path(event.slug, game.id) if hooks is not None else ""
        found.append(
            ReportLine(
                id=r.id,
                slug=event.slug,
                event_name=event.name,
                kind=r.kind,
                kind_label=kind_label(r.kind),
                text=r.text,
                at=r.at,
                actor=r.actor,
                label=game_fact_of(game).label if game is not None else "",
                game_path=path,
                answers=tuple(AnswerLine(a.text, a.at, a.actor, a.closes) for a in r.answers.all()),
            )
        )
    return found


def _reports(**where: object) -> list[models.OfficialReport]:
    return list(
        models.OfficialReport.objects.filter(**where)
        .select_related("event", "game__encounter__round__stage", "game__first", "game__second")
        .prefetch_related("answers")
        .order_by("-id")
    )


@dataclass(frozen=True, slots=True)
class ReportsQueue:
    open: tuple[ReportLine, ...]
    """Not dealt with yet, newest first."""
    closed: tuple[ReportLine, ...]
    may_answer: bool


def build_reports_queue(slug: str, principal: Principal) -> ReportsQueue:
    """The event's reports to its officials (`officials.read`)."""
    authorise(principal, "officials.read", slug)
    lines = _lines(_reports(event__slug=slug))
    try:
        authorise(principal, "officials.answer", slug)
        may_answer = True
    except NotAllowed:
        may_answer = False
    return ReportsQueue(
        tuple(r for r in lines if r.is_open),
        tuple(r for r in lines if not r.is_open),
        may_answer,
    )


def open_report_count(slug: str) -> int:
    return sum(1 for r in _lines(_reports(event__slug=slug)) if r.is_open)


def build_my_reports(principal: Principal | None) -> tuple[ReportLine, ...]:
    """The viewer's own reports to officials, in every event, newest first."""
    if principal is None or principal.user_id is None:
        return ()
    return tuple(_lines(_reports(user_id=principal.user_id)))
