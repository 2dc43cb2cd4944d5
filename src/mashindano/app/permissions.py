"""Who may do what in an event: the one place every front end (web, API, CLI) asks.

Roles in an event come from facts: a membership row (`EventRole`: organiser, arbiter,
assistant) and an entry linked to the user's account (player). Superusers, the local command
line and the system may do everything. Each action names the roles that may perform it, and
whether a player may perform it for their own games and entry only (`own`). The check runs on
what is stored before the event's write lock is taken (`authorise`), and the use case, once it
knows which players its request concerns, asks `Grant.require_own`.

Unknown actions are refused to everyone, superusers included: a new use case must be added to
`ACTIONS`, and the first test that calls it says so.

The confirmation rule (`check_answer`, issue 30 item 2) is here too: a reported result is
confirmed or disputed by the opponent (for a team or a pair, its other side; in a multi-game
encounter, the other player of the encounter) or by an official, never by the account that
reported it nor by anyone acting for the reporter's side. A reporter who got it wrong asks an
arbiter for a correction; their own dispute would let them escape a report they made.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from django.contrib.auth import get_user_model
from django.utils.translation import gettext

from mashindano.app.errors import NotAllowed, OwnReport, UnknownEvent
from mashindano.app.principals import Principal
from mashindano.store import models
from mashindano.store.facts import GameFact, ReportFact, ReportKind


class Role(StrEnum):
    ORGANISER = "organiser"
    """Owns the event: everything the arbiter may do, plus its people and series."""
    ARBITER = "arbiter"
    """Rules on problems: the Mwamuzi wa Mashindano, the Gomoku arbiter, a Tantrix controller."""
    ASSISTANT = "assistant"
    """Enters results only."""
    PLAYER = "player"
    """Has an entry in the event linked to their account."""
    CAPTAIN = "captain"
    """Captains a team of the event (issue 32): acts for that team only (`team_sides`)."""


MEMBER_ROLES = (Role.ORGANISER, Role.ARBITER, Role.ASSISTANT)
"""The roles a membership row may grant (a player's role comes from their entry)."""


@dataclass(frozen=True, slots=True)
class Rule:
    roles: frozenset[Role]
    own: bool = False
    """A player may do it for their own games or entry."""
    anyone: bool = False
    """Any signed-in account may do it for itself (asking to join an open event)."""


_STAFF = frozenset({Role.ORGANISER, Role.ARBITER})
_RESULTS = frozenset({Role.ORGANISER, Role.ARBITER, Role.ASSISTANT})
_ORGANISER = frozenset({Role.ORGANISER})
_CAPTAINS = frozenset({Role.ORGANISER, Role.ARBITER, Role.CAPTAIN})

ACTIONS: dict[str, Rule] = {
    "event.start": Rule(_STAFF),
    "event.close": Rule(_STAFF),
    "event.edit": Rule(_STAFF),
    "event.delete": Rule(_ORGANISER),
    "players.register": Rule(_STAFF),
    "players.import": Rule(_STAFF),
    "round.pair": Rule(_STAFF),
    "draft.show": Rule(_STAFF),
    "draft.swap": Rule(_STAFF),
    "draft.pair": Rule(_STAFF),
    "draft.unpair": Rule(_STAFF),
    "draft.bye": Rule(_STAFF),
    "draft.reset": Rule(_STAFF),
    "draft.publish": Rule(_STAFF),
    "event.start_date": Rule(_STAFF),
    "schedule.hold": Rule(_STAFF),
    "schedule.release": Rule(_STAFF),
    "result.report": Rule(_RESULTS, own=True),
    "result.match": Rule(_RESULTS, own=True),
    "result.confirm": Rule(_STAFF, own=True),
    "result.dispute": Rule(_STAFF, own=True),
    "result.ruling": Rule(_STAFF),
    "result.correction": Rule(_STAFF),
    "game.move": Rule(frozenset(), own=True),
    "game.resign": Rule(frozenset(), own=True),
    "player.withdraw": Rule(_STAFF, own=True),
    "player.leave": Rule(_STAFF, own=True),
    # The roll call before a round (app/presence.py): players check in, staff tick anyone.
    "player.check_in": Rule(_RESULTS, own=True),
    "player.sanction": Rule(_STAFF),
    "period.close": Rule(_STAFF),
    "stage.playoff": Rule(_STAFF),
    "pair.forbid": Rule(_STAFF),
    "pair.allow": Rule(_STAFF),
    "gomoku.return": Rule(_ORGANISER),
    "tantrix.form": Rule(_RESULTS, own=True),
    "tantrix.offer": Rule(_STAFF, own=True),
    "tantrix.reply": Rule(_STAFF, own=True),
    "tantrix.opt-out": Rule(_STAFF, own=True),
    "match.propose": Rule(_STAFF, own=True),
    "match.answer": Rule(_STAFF, own=True),
    "match.challenge": Rule(_STAFF, own=True),
    "series.add": Rule(_ORGANISER),
    "series.remove": Rule(_ORGANISER),
    "series.countries": Rule(_ORGANISER),
    "series.master": Rule(_ORGANISER),
    "roles.grant": Rule(_ORGANISER),
    "audit.read": Rule(_STAFF),
    "webhooks.manage": Rule(_ORGANISER),
    # Publishing each round's bundle to another site (app/publishing.py, issue 31 item 6).
    "publisher.add": Rule(_ORGANISER),
    "publisher.remove": Rule(_ORGANISER),
    "publisher.read": Rule(_ORGANISER),
    # Notices on the event's public pages (app/announcements.py).
    "event.announce": Rule(_STAFF),
    "announcement.withdraw": Rule(_STAFF),
    # What the system applies when a clock or window falls due (app/due.py; the worker acts
    # as the system principal); staff may apply it too, and correct it like any result.
    "due.loss-on-time": Rule(_STAFF),
    "due.tantrix-default": Rule(_STAFF),
    # Player self-service (app/registrations.py): anyone signed in asks to join an open event;
    # staff decide whether joining needs their approval, and accept or refuse the requests.
    "registration.join": Rule(frozenset(), anyone=True),
    "registration.approval": Rule(_STAFF),
    "registration.decide": Rule(_STAFF),
    # A typed-in claim of games played or a rating (app/person_record.py): staff correct it
    # before the event starts.
    "players.correct-figures": Rule(_STAFF),
    # -- console (web/console): who may open an event's organiser and arbiter console.
    "console.read": Rule(_RESULTS),
    # Invitations by e-mail (app/accounts.py): to claim an entry (staff, as registering
    # players), to take a role (organisers, as granting roles).
    "invitation.entry": Rule(_STAFF),
    "invitation.role": Rule(_ORGANISER),
    # A game's talk (app/talk.py, issue 31 item 1): the game's two players write, the event's
    # officials read it and hide a message with a reason. Reports to the officials
    # (app/official_reports.py): any signed-in account writes to an event's officials; they
    # read the queue and answer.
    "talk.write": Rule(frozenset(), own=True),
    "talk.read": Rule(_STAFF, own=True),
    "talk.hide": Rule(_STAFF),
    "officials.report": Rule(frozenset(), anyone=True),
    "officials.read": Rule(_STAFF),
    "officials.answer": Rule(_STAFF),
    # Teams (app/teams, issue 32): staff set them up and pair their matches; a captain acts
    # for their own team only, and a board's players report and answer their own board
    # (`team_sides` says for which team someone acts).
    "team.mode": Rule(_STAFF),
    "team.create": Rule(_STAFF),
    "team.roster": Rule(_CAPTAINS),
    "team.pair": Rule(_STAFF),
    "team.lineup": Rule(_CAPTAINS),
    "team.board-report": Rule(_CAPTAINS | {Role.ASSISTANT}, own=True),
    "team.board-confirm": Rule(_CAPTAINS, own=True),
    "team.board-dispute": Rule(_CAPTAINS, own=True),
    "team.board-correct": Rule(_STAFF),
}
"""Event actions and who may perform them (besides superusers). Creating an event, a series or
importing one is a site permission (`Principal.can_create_events`)."""


@dataclass(frozen=True, slots=True)
class Grant:
    """What `authorise` found: the principal may act, fully or for its own entries only."""

    principal: Principal
    action: str
    full: bool
    own_keys: frozenset[str] = frozenset()

    def require_own(self, keys: Iterable[str | None], *, what: str) -> None:
        """Refuse a player acting on something that is not theirs (`keys`: the players it
        concerns; `what`: how to name it in the message)."""
        if self.full:
            return
        if self.own_keys.isdisjoint(k for k in keys if k is not None):
            raise NotAllowed(
                gettext("{name} may {action} only for their own games: not {what}").format(
                    name=self.principal.name, action=self.action, what=what
                ),
                action=self.action,
            )


@dataclass(frozen=True, slots=True)
class EventRoles:
    """A principal's roles in one event and the entries that are theirs."""

    roles: frozenset[Role]
    entry_keys: frozenset[str]


def roles_in_event(principal: Principal, slug: str) -> EventRoles:
    """The principal's roles in the event (none for the local CLI or system: they are
    superusers, which `authorise` checks first)."""
    user_id = principal.user_id
    if user_id is None:
        return EventRoles(frozenset(), frozenset())
    try:
        event_id = models.Event.objects.values_list("id", flat=True).get(slug=slug)
    except models.Event.DoesNotExist:
        raise UnknownEvent(gettext("no event {slug!r}").format(slug=slug), event=slug) from None
    roles = {
        Role(r)
        for r in models.EventRole.objects.filter(event_id=event_id, user_id=user_id).values_list(
            "role", flat=True
        )
    }
    keys = frozenset(
        models.Entry.objects.filter(event_id=event_id, user_id=user_id).values_list(
            "key", flat=True
        )
    )
    if keys:
        roles.add(Role.PLAYER)
    if models.Team.objects.filter(event_id=event_id, captain_id=user_id).exists():
        roles.add(Role.CAPTAIN)
    return EventRoles(frozenset(roles), keys)


def acts_as_official(principal: Principal, slug: str) -> bool:
    """Whether the principal acts in the event as an official (organiser, arbiter, assistant;
    superusers, the command line and the system), not for a side."""
    if principal.is_superuser:
        return True
    return bool(roles_in_event(principal, slug).roles & frozenset(MEMBER_ROLES))


def team_sides(
    principal: Principal, slug: str, teams: Iterable[int], board_players: Iterable[str] = ()
) -> frozenset[int] | None:
    """The teams (by number, among `teams`) the principal acts for: those they captain, and
    those whose player on the board (`board_players`: entry key per team, in the order of
    `teams`) is theirs. None for an official, who acts for no side."""
    if acts_as_official(principal, slug):
        return None
    numbers = tuple(teams)
    user_id = principal.user_id
    if user_id is None:
        return frozenset()
    captained = set(
        models.Team.objects.filter(
            event__slug=slug, number__in=numbers, captain_id=user_id
        ).values_list("number", flat=True)
    )
    own = roles_in_event(principal, slug).entry_keys
    for number, key in zip(numbers, board_players, strict=False):
        if key and key in own:
            captained.add(number)
    return frozenset(captained)


def is_allowed(principal: Principal, action: str, event_roles: EventRoles) -> bool:
    """May the principal perform the action at all (for a player: on something of theirs)?"""
    if principal.is_superuser:
        return True
    rule = ACTIONS.get(action)
    if rule is None:
        return False
    if rule.roles & event_roles.roles:
        return True
    if rule.anyone and principal.is_user:
        return True
    return rule.own and Role.PLAYER in event_roles.roles


def authorise(principal: Principal, action: str, slug: str) -> Grant:
    """Check before the write lock is taken; raises `NotAllowed` (or `UnknownEvent`)."""
    rule = ACTIONS.get(action)
    if rule is None:
        # A use case whose action is missing from the table is refused to everyone, so the
        # first test that calls it shows the omission.
        raise NotAllowed(
            gettext("{action!r} is not a known action").format(action=action), action=action
        )
    if principal.is_superuser:
        return Grant(principal, action, full=True)
    found = roles_in_event(principal, slug)
    if rule.roles & found.roles:
        return Grant(principal, action, full=True)
    if (rule.own and Role.PLAYER in found.roles) or (rule.anyone and principal.is_user):
        return Grant(principal, action, full=False, own_keys=found.entry_keys)
    raise NotAllowed(
        f"{principal.name} may not {action} in {slug!r}"
        + (f" (roles: {', '.join(sorted(found.roles))})" if found.roles else " (no role there)"),
        action=action,
        event=slug,
    )


def require_site_permission(principal: Principal, action: str) -> None:
    """Creating or importing events and series: superusers and event creators."""
    if not principal.can_create_events:
        raise NotAllowed(
            gettext("{name} may not {action}: not an event creator").format(
                name=principal.name, action=action
            ),
            action=action,
        )


# -- the confirmation rule ---------------------------------------------------------------------

ANSWERS = frozenset({"result.confirm", "result.dispute"})
"""The actions that answer a reported result."""


def answered_report(game: GameFact) -> ReportFact | None:
    """The report a confirmation or dispute answers: the game's latest report, when no
    ruling or correction came after it."""
    for report in reversed(game.reports):
        if report.result is not None:
            return report if report.kind is ReportKind.REPORT else None
    return None


def reporter_sides(slug: str, game: GameFact, reporter: str) -> frozenset[str]:
    """The game's sides (entry keys) that the reporting account plays."""
    username = f"user__{get_user_model().USERNAME_FIELD}"
    return frozenset(
        models.Entry.objects.filter(
            event__slug=slug, key__in=(game.first, game.second), **{username: reporter}
        ).values_list("key", flat=True)
    )


def refuses_answer(
    principal: Principal,
    reporter: str,
    *,
    acting_for: frozenset[str] | None,
    reporter_keys: frozenset[str] = frozenset(),
) -> bool:
    """Whether the rule refuses the principal's answer to a report by `reporter` (an actor
    name). `acting_for`: the sides the principal answers for as a player (None for an
    official); `reporter_keys`: the sides the reporter plays. The local command line and the
    system are no account: they answer like officials."""
    if principal.is_user and principal.name == reporter:
        return True
    return acting_for is not None and not acting_for.isdisjoint(reporter_keys)


def check_answer(grant: Grant, slug: str, game: GameFact) -> None:
    """Refuse (`OwnReport`) a confirmation or dispute of a report by its reporter or the
    reporter's side; anything else about the game's status is the use case's to check."""
    report = answered_report(game)
    if report is None:
        return
    acting_for = None if grant.full else grant.own_keys & frozenset({game.first, game.second})
    keys = reporter_sides(slug, game, report.actor) if acting_for is not None else frozenset()
    if refuses_answer(grant.principal, report.actor, acting_for=acting_for, reporter_keys=keys):
        text = (
            gettext(
                "{label}: {name} may not dispute a result reported by themselves or their "
                "side ({reporter}); the opponent or an official disputes it, and an arbiter "
                "corrects it"
            )
            if grant.action == "result.dispute"
            else gettext(
                "{label}: {name} may not confirm a result reported by themselves or their "
                "side ({reporter}); the opponent or an official confirms it, and an arbiter "
                "corrects it"
            )
        )
        raise OwnReport(
            text.format(label=game.label, name=grant.principal.name, reporter=report.actor),
            action=grant.action,
            round=game.round,
            board=game.board,
            game=game.number,
        )
