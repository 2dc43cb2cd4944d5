"""What the organiser and arbiter console shows (web/console): the events a person runs, one
event's desk (what they may do now, the queues, the rounds), the results grid of a round, the
queues of reports awaiting confirmation and of disputes, and the audit log with filters.

Every builder takes the principal and refuses (`NotAllowed`) anyone without a role in the
event that lets them into the console (`console.read`: organiser, arbiter, assistant;
superusers): the console shows only what its viewer may do (`available_actions`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from django.utils.functional import Promise
from django.utils.translation import gettext

from mashindano.app.declarations import ActionSpec, ParameterSpec
from mashindano.app.declarations.event_times import StartDate
from mashindano.app.documents.place import Place
from mashindano.app.documents.reports import ReportLine, report_lines
from mashindano.app.documents.result_terms import (
    Claim,
    Evidence,
    RulingInput,
    claims_of,
    evidence_of,
    reason_of,
    ruling_of,
    terms_of,
)
from mashindano.app.documents.rounds import RoundPairings, build_round_pairings
from mashindano.app.errors import NotAllowed
from mashindano.app.formats.parts import ABANDONED_GAMES, DESCRIPTION, RESULTS
from mashindano.app.formats.registry import available_presets, part, registered_presets
from mashindano.app.hooks import Hooks
from mashindano.app.locking import now_or
from mashindano.app.marks import gettext_noop
from mashindano.app.match_times import MatchTimesView, build_match_times_view
from mashindano.app.performing import all_actions, available_actions
from mashindano.app.permissions import (
    MEMBER_ROLES,
    answered_report,
    authorise,
    refuses_answer,
    roles_in_event,
)
from mashindano.app.presence import check_in_window
from mashindano.app.principals import Principal
from mashindano.app.queries import game_words, get_audit_log, get_event_facts
from mashindano.app.schedules import Schedule, schedule_of
from mashindano.app.start_date import announced_start
from mashindano.engine.model import CompetitorId, GameResult
from mashindano.store import models
from mashindano.store.facts import EventFacts, EventState, GameFact, ReportKind, ResultStatus

CONSOLE_READ = "console.read"


def require_console(principal: Principal | None, slug: str) -> frozenset[str]:
    """The viewer's roles in the event; NotAllowed for anyone the console is not for."""
    if principal is None:
        raise NotAllowed(gettext("log in to use the console"), action=CONSOLE_READ)
    authorise(principal, CONSOLE_READ, slug)
    if principal.is_superuser:
        return frozenset({"superuser"})
    return frozenset(r.value for r in roles_in_event(principal, slug).roles)


# -- the events I run ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ConsoleEventLine:
    slug: str
    name: str
    preset: str
    state: str
    roles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ConsoleHome:
    events: tuple[ConsoleEventLine, ...]
    can_create: bool


def build_console_home(principal: Principal) -> ConsoleHome:
    """The events where the principal is organiser, arbiter or assistant (every event for a
    superuser), newest first."""
    rows = models.Event.objects.order_by("-created_at", "slug")
    roles_of: dict[int, list[str]] = {}
    if not principal.is_superuser:
        assert principal.user_id is not None
        for event_id, role in models.EventRole.objects.filter(
            user_id=principal.user_id, role__in=[r.value for r in MEMBER_ROLES]
        ).values_list("event_id", "role"):
            roles_of.setdefault(event_id, []).append(role)
        rows = rows.filter(id__in=list(roles_of))
    return ConsoleHome(
        tuple(
            ConsoleEventLine(
                e.slug,
                e.name,
                e.preset,
                e.state,
                tuple(sorted(roles_of.get(e.id, ["superuser"] if principal.is_superuser else []))),
            )
            for e in rows
        ),
        principal.can_create_events,
    )


# -- creating an event --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PresetChoice:
    name: str
    has_adapter: bool
    title: str = ""
    """The preset's name as people say it, in the active language (the slug if it has none)."""
    description: str = ""
    """One line on what it plays, in the active language."""


def build_preset_choices() -> tuple[PresetChoice, ...]:
    usable = set(available_presets())
    choices = []
    for p in registered_presets():
        if p not in usable:
            continue
        described = part(p, DESCRIPTION)
        title = gettext(described.title) if described.title else p
        text = gettext(described.description) if described.description else ""
        choices.append(PresetChoice(p, True, title, text))
    return tuple(choices)


def preset_fields(preset: str) -> tuple[ParameterSpec, ...]:
    """The preset's parameter schema fields (UnknownPreset for a preset without one)."""
    return part(preset, DESCRIPTION).parameter_schema.fields


@dataclass(frozen=True, slots=True)
class SettingsGroup:
    """Settings the create form shows under one heading (`title` in the active language);
    `advanced` ones start folded."""

    title: str
    names: tuple[str, ...]
    advanced: bool = False


def preset_setting_groups(preset: str) -> tuple[SettingsGroup, ...]:
    """The preset's settings in the groups its schema declares, every field in exactly one:
    fields of no group (or every field, when it declares none) last, under "Other settings"
    (or "Settings")."""
    schema = part(preset, DESCRIPTION).parameter_schema
    known = {spec.name for spec in schema.fields}
    groups: list[SettingsGroup] = []
    placed: set[str] = set()
    for group in schema.groups:
        names = tuple(n for n in group.names if n in known and n not in placed)
        placed.update(names)
        if names:
            groups.append(SettingsGroup(gettext(group.title), names, group.advanced))
    rest = tuple(spec.name for spec in schema.fields if spec.name not in placed)
    if rest:
        title = gettext("Other settings") if groups else gettext("Settings")
        groups.append(SettingsGroup(title, rest, advanced=bool(groups)))
    return tuple(groups)


# -- one event's desk ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundLink:
    stage: int
    group: str
    number: int
    complete: bool

    @property
    def label(self) -> str:
        """ "Round 3", "Round 1 group A": as the public pages write a round, in the page's
        language."""
        return Place(self.stage, self.group, self.number).label


@dataclass(frozen=True, slots=True)
class ConsoleTab:
    """A preset's own console page of an event, shown as a tab to its staff (organisers and
    arbiters): `url_name` takes the event's slug."""

    key: str
    label: str | Promise
    url_name: str


CONSOLE_TAB_HOOKS: Hooks[tuple[ConsoleTab, ...]] = Hooks("console tabs")
"""A preset's own console pages of an event (e.g. Tasaselo's prize budget)."""


@dataclass(frozen=True, slots=True)
class ConsoleEvent:
    slug: str
    name: str
    preset: str
    state: str
    version: int
    viewer_roles: tuple[str, ...]
    actions: tuple[ActionSpec, ...]
    rounds: tuple[RoundLink, ...]
    awaiting_confirmation: int
    disputed: int
    players: int
    roll_call: int | None = None
    """The round whose roll call is open (the event has check-in), else None."""
    preset_tabs: tuple[ConsoleTab, ...] = ()
    schedule: Schedule | None = None
    """When the next round is paired by itself, and whether that is held (None: by hand)."""
    start: StartDate | None = None
    """The announced start, if any."""
    teams_tab: bool = False
    """The console shows the event's Teams page (`offers_teams`)."""
    in_teams: bool = False
    """The event is played in teams: its rounds are team rounds, paired on the Teams page."""

    def may(self, name: str) -> bool:
        return any(a.name == name for a in self.actions)

    @property
    def action_names(self) -> frozenset[str]:
        return frozenset(a.name for a in self.actions)

    @property
    def listed_actions(self) -> tuple[ActionSpec, ...]:
        """The actions the desk lists with their own form: not those it offers another way."""
        return tuple(a for a in self.actions if a.name not in OFFERED_APART)


OFFERED_APART = frozenset(
    {
        "event.start",
        "round.pair",
        "event.announce",
        "announcement.withdraw",
        "schedule.hold",
        "schedule.release",
    }
)
"""Actions the desk offers apart from its list: the buttons of its next steps (starting, the
draft of the next round), the announcements page (posting and withdrawing, one entry) and the
round schedule's own form (hold or release)."""


def _round_links(facts: EventFacts) -> tuple[RoundLink, ...]:
    return tuple(
        RoundLink(r.stage, r.group, r.number, r.is_complete())
        for r in sorted(facts.rounds, key=lambda r: (r.stage, r.group, r.number))
    )


def _player_accounts(slug: str) -> dict[str, str]:
    """The account name playing each entry (its key), for entries linked to an account."""
    return dict(
        models.Entry.objects.filter(event__slug=slug, user__isnull=False).values_list(
            "key", "user__username"
        )
    )


def awaits_confirmation(game: GameFact, accounts: Mapping[str, str]) -> bool:
    """A reported result waits for the opponent's confirmation only when one of the two
    players reported it (issue 29 item 7): an official's entry (an arbiter's grid, the
    command line, an import) is the official's validation, not a claim for the opponent to
    confirm (the spec's reported -> validated -> final)."""
    if game.status is not ResultStatus.REPORTED:
        return False
    reports = [r for r in game.reports if r.kind is ReportKind.REPORT]
    if not reports:
        return False
    players = {accounts.get(str(game.first)), accounts.get(str(game.second))} - {None}
    return reports[-1].actor in players


def offers_teams(row: models.Event, in_teams: bool) -> bool:
    """Whether the console shows the event a Teams page (web/console/teams.py): it is played
    in teams, or it has not started yet (it may still be)."""
    return in_teams or row.state == EventState.REGISTRATION.value


def build_console_event(slug: str, principal: Principal | None) -> ConsoleEvent:
    roles = require_console(principal, slug)
    assert principal is not None
    facts = get_event_facts(slug)
    row = models.Event.objects.get(slug=slug)
    started_at = row.started_at
    start = announced_start(row)
    accounts = _player_accounts(slug)
    in_teams = models.TeamMode.objects.filter(event=row).exists()
    statuses = [
        ResultStatus.REPORTED
        if awaits_confirmation(g, accounts)
        else (g.status if g.status is not ResultStatus.REPORTED else ResultStatus.CONFIRMED)
        for g in facts.games()
    ]
    return ConsoleEvent(
        slug=facts.slug,
        name=facts.name,
        preset=facts.preset,
        state=facts.state.value,
        version=facts.version,
        viewer_roles=tuple(sorted(roles)),
        actions=available_actions(slug, principal),
        rounds=_round_links(facts),
        awaiting_confirmation=statuses.count(ResultStatus.REPORTED),
        disputed=statuses.count(ResultStatus.DISPUTED),
        players=len(facts.competitors),
        roll_call=_roll_call_round(facts),
        preset_tabs=CONSOLE_TAB_HOOKS.get_or(facts.preset, ()),
        schedule=schedule_of(facts, started_at),
        start=start,
        teams_tab=offers_teams(row, in_teams),
        in_teams=in_teams,
    )


def _roll_call_round(facts: EventFacts) -> int | None:
    window = check_in_window(facts)
    return None if window is None else window.round


# -- the results grid ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ResultKeys:
    """Keys of the grid's keyboard (web/static/web/console.js) that type one kind of result."""

    keys: tuple[str, ...]
    meaning: str
    """What they type: "first-wins", "second-wins", "draw" or "forfeit"."""


_KEYBOARD: tuple[tuple[str, tuple[tuple[str, GameResult], ...]], ...] = (
    ("first-wins", (("1", GameResult.FIRST_WINS),)),
    ("second-wins", (("0", GameResult.SECOND_WINS),)),
    ("draw", (("=", GameResult.DRAW), ("\u00bd", GameResult.DRAW))),
    (
        "forfeit",
        (("+", GameResult.FIRST_WINS_BY_FORFEIT), ("-", GameResult.SECOND_WINS_BY_FORFEIT)),
    ),
)


def result_keys(results: tuple[GameResult, ...]) -> tuple[ResultKeys, ...]:
    """The grid's keys that type a result of `results` (the preset's result set), by kind."""
    shown = (
        ResultKeys(tuple(key for key, result in keys if result in results), meaning)
        for meaning, keys in _KEYBOARD
    )
    return tuple(k for k in shown if k.keys)


@dataclass(frozen=True, slots=True)
class ResultsGrid:
    event: ConsoleEvent
    pairings: RoundPairings | None
    """None before the first round is paired."""
    may_report: bool
    may_correct: bool
    abandoned: frozenset[str] = frozenset()
    """Labels of games the rules count as lost by abandonment: no box to type into."""
    keys: tuple[ResultKeys, ...] = ()
    """The keyboard's keys for the results the preset allows (no draw in Bao); none when the
    preset's results are typed in its own terms (Tantrix TPs: `hint` says what to type)."""
    hint: str = ""
    states: Mapping[str, str] = field(default_factory=dict)
    """Each game's state as the grid colours it, by label: pending (missing), reported
    (awaiting the opponent's confirmation), confirmed, disputed, ruled, corrected. An
    official's own entry is not awaiting anyone: it shows as confirmed (issue 29 items 7, 15)."""

    def state_of(self, label: str, status: str) -> str:
        return self.states.get(label, status)


GRID_STATES = ("pending", "reported", "disputed", "confirmed", "ruled", "corrected")
"""The states of the grid's legend, in its order."""


def _grid_states(facts: EventFacts, accounts: Mapping[str, str]) -> dict[str, str]:
    return {
        g.label: ResultStatus.CONFIRMED.value
        for g in facts.games()
        if g.status is ResultStatus.REPORTED and not awaits_confirmation(g, accounts)
    }


def build_results_grid(
    slug: str,
    principal: Principal | None,
    *,
    number: int | None = None,
    stage: int = 1,
    group: str = "",
) -> ResultsGrid:
    event = build_console_event(slug, principal)
    if number is None:
        latest = event.rounds[-1] if event.rounds else None
        if latest is None:
            return ResultsGrid(event, None, False, False)
        number, stage, group = latest.number, latest.stage, latest.group
    facts = get_event_facts(slug)
    pairings = build_round_pairings(slug, number, stage=stage, group=group, facts=facts)
    hint = str(terms_of(facts.preset).grid_hint)
    return ResultsGrid(
        event,
        pairings,
        may_report=event.may("result.report"),
        may_correct=event.may("result.correction"),
        abandoned=part(facts.preset, ABANDONED_GAMES).abandoned_games(facts),
        keys=() if hint else result_keys(part(facts.preset, RESULTS).results),
        hint=hint,
        states=_grid_states(facts, _player_accounts(slug)),
    )


# -- queues -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class QueuedGame:
    stage: int
    group: str
    round: int
    board: int
    game: int
    first: str
    second: str
    result: str
    status: str
    label: str
    reports: tuple[ReportLine, ...]
    confirmable: bool = True
    """Whether the reader may confirm it (not a report of their own: issue 30 item 2)."""
    claims: tuple[Claim, ...] = ()
    """What each side says, in the game's own terms (TPs, a match's games): the preset's."""
    reason_text: str = ""
    """The dispute's reason in words (a preset's review codes as text)."""
    ruling: RulingInput | None = None
    """What the ruling form takes for this game (the preset's results, or its TPs)."""
    evidence: Evidence | None = None
    """The preset's own account of the disputed game (Bao: moves, clocks, the board)."""

    @property
    def reported(self) -> ReportLine | None:
        """The report under dispute (the latest with a result)."""
        for line in reversed(self.reports):
            if line.result:
                return line
        return None

    @property
    def dispute(self) -> ReportLine | None:
        for line in reversed(self.reports):
            if line.kind == ReportKind.DISPUTE.value:
                return line
        return None


@dataclass(frozen=True, slots=True)
class Queues:
    event: ConsoleEvent
    awaiting: tuple[QueuedGame, ...]
    disputed: tuple[QueuedGame, ...]
    times: MatchTimesView | None = None
    """Agreed match times: agreed, waiting and unanswered proposals (None: the preset has
    none)."""


def build_queues(slug: str, principal: Principal | None, now: datetime | None = None) -> Queues:
    """Reports awaiting the opponent's confirmation and disputes awaiting a ruling, oldest
    first, each with its whole report log (who reported what and when); and, where the
    preset has agreed match times, the agreed, waiting and unanswered proposals at `now`."""
    event = build_console_event(slug, principal)
    facts = get_event_facts(slug)
    names = {c.id: c.name for c in facts.competitors}
    awaiting: list[QueuedGame] = []
    disputed: list[QueuedGame] = []
    accounts = _player_accounts(slug)
    known = {CompetitorId(c.id): c.name for c in facts.competitors}
    moment = now_or(now)
    for game in facts.games():
        if game.status is not ResultStatus.DISPUTED and not awaits_confirmation(game, accounts):
            continue
        disputed_game = game.status is ResultStatus.DISPUTED
        dispute = next((r for r in reversed(game.reports) if r.kind is ReportKind.DISPUTE), None)
        line = QueuedGame(
            game.stage,
            game.group,
            game.round,
            game.board,
            game.number,
            names.get(game.first, str(game.first)),
            names.get(game.second, str(game.second)),
            game.result.value,
            game.status.value,
            game_words(game),
            report_lines(game),
            _confirmable(principal, game),
            claims_of(facts, game, known) if disputed_game else (),
            reason_of(facts.preset, dispute.reason) if dispute is not None else "",
            ruling_of(facts.preset, game, known) if disputed_game else None,
            evidence_of(facts, game, known, moment) if disputed_game else None,
        )
        (awaiting if game.status is ResultStatus.REPORTED else disputed).append(line)
    key = lambda g: g.reports[-1].at  # noqa: E731
    return Queues(
        event,
        tuple(sorted(awaiting, key=key)),
        tuple(sorted(disputed, key=key)),
        build_match_times_view(facts, now),
    )


def _confirmable(principal: Principal | None, game: GameFact) -> bool:
    """An official's confirmation of the game's report is allowed by the confirmation rule
    (the console is for officials; the use case has the last word)."""
    report = answered_report(game)
    return (
        principal is None
        or report is None
        or not refuses_answer(principal, report.actor, acting_for=None)
    )


# -- audit log ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AuditRow:
    version: int
    at: datetime
    actor: str
    action: str
    before: str
    after: str
    sentence: str = ""
    """What happened in words ("olga published round 3 with reason “late arrival”"), in the
    active language."""


UNDECLARED_DONE: dict[str, str] = {
    "event.create": gettext_noop("{actor} created the event"),
    "event.edit": gettext_noop("{actor} changed the event's name or settings"),
    "players.import": gettext_noop("{actor} registered {players} players"),
    "players.register": gettext_noop("{actor} registered {player}"),
    "roles.grant": gettext_noop("{actor} gave {user} the role {role}"),
    "roles.revoke": gettext_noop("{actor} took the role {role} from {user}"),
}
"""Audit sentences of the writes that are use cases but no declared action (`ActionSpec.done`
says the others')."""


def audit_sentence(
    action: str, actor: str, before: object, after: object, declared: Mapping[str, ActionSpec]
) -> str:
    """An audit entry in words: the declared sentence of its action filled from its values
    (`after` over `before`), else "actor: the action's label"; with the reason it gives."""
    values: dict[str, object] = {}
    for side in (before, after):
        if isinstance(side, dict):
            values.update({str(k): v for k, v in side.items() if v is not None})
    spec = declared.get(action)
    template = spec.done if spec is not None and spec.done else UNDECLARED_DONE.get(action, "")
    sentence = ""
    if template:
        try:
            sentence = gettext(template).format(**{**values, "actor": actor})
        except (KeyError, IndexError, ValueError, AttributeError):
            sentence = ""
    if not sentence:
        label = gettext(spec.label) if spec is not None else action
        sentence = gettext("{actor}: {action}").format(actor=actor, action=label)
    reason = after.get("reason") if isinstance(after, dict) else None
    if isinstance(reason, str) and reason.strip():
        sentence = gettext("{sentence} with reason “{reason}”").format(
            sentence=sentence, reason=reason.strip()
        )
    return sentence


@dataclass(frozen=True, slots=True)
class AuditView:
    event: ConsoleEvent
    rows: tuple[AuditRow, ...]
    actors: tuple[str, ...]
    actions: tuple[str, ...]
    actor: str
    action: str
    round: int | None


def _mentions_round(value: object, number: int) -> bool:
    """Does an audit record's before/after name this round (a "round" key, or a game label
    "round N, board ...")?"""
    if isinstance(value, dict):
        if value.get("round") == number:
            return True
        return any(_mentions_round(v, number) for v in value.values())
    if isinstance(value, list):
        return any(_mentions_round(v, number) for v in value)
    if isinstance(value, str):
        return value.startswith(f"round {number},")
    return False


def _show(value: object) -> str:
    return "" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def build_audit_view(
    slug: str,
    principal: Principal | None,
    *,
    actor: str = "",
    action: str = "",
    round_number: int | None = None,
) -> AuditView:
    """The event's audit log, newest first, filtered by actor, action and round (`audit.read`:
    organiser and arbiter)."""
    event = build_console_event(slug, principal)
    assert principal is not None
    authorise(principal, "audit.read", slug)
    records = get_audit_log(slug)
    declared = {spec.name: spec for spec in all_actions()}
    rows = [
        AuditRow(
            a.version,
            a.at,
            a.actor,
            a.action,
            _show(a.before),
            _show(a.after),
            audit_sentence(a.action, a.actor, a.before, a.after, declared),
        )
        for a in reversed(records)
        if (not actor or a.actor == actor)
        and (not action or a.action == action)
        and (
            round_number is None
            or _mentions_round(a.after, round_number)
            or _mentions_round(a.before, round_number)
        )
    ]
    return AuditView(
        event,
        tuple(rows),
        tuple(sorted({a.actor for a in records})),
        tuple(sorted({a.action for a in records})),
        actor,
        action,
        round_number,
    )


# -- roles --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoleLine:
    username: str
    role: str
    granted_at: datetime
    granted_by: str


@dataclass(frozen=True, slots=True)
class InvitationLine:
    """An invitation by e-mail to take a role, neither accepted nor expired yet."""

    id: int
    email: str
    role: str
    invited_at: datetime
    invited_by: str
    expires_at: datetime


@dataclass(frozen=True, slots=True)
class RolesView:
    event: ConsoleEvent
    roles: tuple[RoleLine, ...]
    choices: tuple[str, ...]
    may_grant: bool = False
    """Give and take back roles, invite someone by e-mail to take one (organisers): the page
    shows the forms only to those who may use them."""
    invitations: tuple[InvitationLine, ...] = ()
    """The role invitations waiting for an answer, oldest first; only for those who may send
    (and withdraw) them: the addresses are not for every arbiter's eyes."""


def build_roles_view(
    slug: str, principal: Principal | None, *, now: datetime | None = None
) -> RolesView:
    event = build_console_event(slug, principal)
    rows = (
        models.EventRole.objects.filter(event__slug=slug)
        .select_related("user")
        .order_by("role", "user__username")
    )
    may_grant = principal is not None and may_do(principal, "roles.grant", slug)
    may_invite = principal is not None and may_do(principal, "invitation.role", slug)
    return RolesView(
        event,
        tuple(RoleLine(r.user.get_username(), r.role, r.granted_at, r.granted_by) for r in rows),
        tuple(r.value for r in MEMBER_ROLES),
        may_grant=may_grant,
        invitations=_open_role_invitations(slug, now_or(now)) if may_invite else (),
    )


def _open_role_invitations(slug: str, now: datetime) -> tuple[InvitationLine, ...]:
    rows = models.Invitation.objects.filter(
        event__slug=slug,
        kind=models.Invitation.ROLE,
        accepted_at__isnull=True,
        expires_at__gt=now,
    ).order_by("created_at", "id")
    return tuple(
        InvitationLine(r.pk, r.email, r.role, r.created_at, r.invited_by_name, r.expires_at)
        for r in rows
    )


def may_do(principal: Principal, action: str, slug: str) -> bool:
    """Would `authorise` let the principal do `action` in the event?"""
    try:
        authorise(principal, action, slug)
    except NotAllowed:
        return False
    return True


def is_running(event: ConsoleEvent) -> bool:
    return event.state == EventState.RUNNING.value
