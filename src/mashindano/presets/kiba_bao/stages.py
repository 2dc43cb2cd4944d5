"""The KIBA stages of a stored `kiba-bao` event, derived from its facts on every call.

How a KIBA event is stored (kiba-bao R9, R19): the event has one Stage row, and each pairing
unit is a whole KIBA stage published as one round, because all games of a stage start at the
same time: round 1 is the qualification, round 2 the semifinal (when the plan has one), the
last round the best-of-3 final. Inside a group stage the boards follow the engine's schedule
(group A's pairings in Berger order, then group B's, ...); each board is one pairing of two
games with the first-named player South in game 1 and North in game 2 (R20), and each player
drawn against the dummy gets a sit-out bye encounter after the pairings (R13).

Nothing here is a rule: seeding, groups, schedules, ranking, advancement, the final and the
withdrawal rules are the engine's (`mashindano.engine.kiba`). This module maps facts to
engine values:

* The initial list is recomputed from the entries in registration order (A4: the earlier
  entry ranks higher, so no lots are needed); the numbers fixed at the start are its seeds.
* Who plays a later stage is a fact: pairing a group stage records its groups (a `LotDraw`
  with purpose `kiba-groups`, no random draw involved), and the final's encounter names the
  finalists. A correction made afterwards changes the earlier stage's table, never the groups
  already published.
* A withdrawal (A14) takes effect at its time: in the stage running then, a game without a
  result at that moment is lost by abandonment (an arbiter's later ruling or correction still
  counts; the director may decide otherwise), and the player is passed over for advancement.
  `from_round` (the next stage by default) says from which stage on the player takes no part.
* A director's playoff decision (R29 (4)) is recorded as a `LotDraw` with purpose
  `kiba-playoff` and the placed order as its outcome (see `mashindano.presets.kiba_bao.use_cases`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.errors import WrongState
from mashindano.app.person_record import with_site_figures
from mashindano.engine.errors import ConfigError
from mashindano.engine.kiba import (
    Destination,
    FinalMatch,
    FinalState,
    GroupStandings,
    InitialList,
    KibaGroup,
    KibaParameters,
    SeededPlayer,
    StageKind,
    StagePlan,
    TournamentPlan,
    compute_final,
    compute_initial_list,
    kiba_parameters,
    make_group,
    schedule_stage,
)
from mashindano.engine.kiba.event import (
    KibaTournament,
    PlayedStage,
    play_final,
    play_stage,
    record_stage,
    start_tournament,
)
from mashindano.engine.kiba.final import FINAL_ENCOUNTER
from mashindano.engine.kiba.stages import SEMIFINAL_GROUP_NAMES
from mashindano.engine.kiba.tournament import PlayoffOrder, StageStep
from mashindano.engine.model import CompetitorId, Game, GameResult, Termination
from mashindano.store.facts import (
    EventFacts,
    GameFact,
    Json,
    ReportFact,
    ReportKind,
    ResultStatus,
    RoundFact,
    fold_reports,
)

PLAYOFF_LOT = "kiba-playoff"
"""`LotDraw.purpose` of a director's playoff decision (its outcome: round, group, order)."""

GROUPS_LOT = "kiba-groups"
"""`LotDraw.purpose` of a group stage's groups as published (its outcome: round, groups)."""

EVENT_STAGE = 1
"""Every KIBA stage is a round of the event's single Stage row."""

_ARBITER_KINDS = (ReportKind.RULING, ReportKind.CORRECTION)


# -- recorded decisions -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayoffDecision:
    """A director's playoff result: the tied players of one group in the order placed."""

    round: int
    group: str
    order: tuple[CompetitorId, ...]


def playoff_outcome(
    round_number: int, group: str, order: Sequence[CompetitorId], reason: str
) -> dict[str, Json]:
    """The `LotDraw.outcome` that records a playoff decision."""
    return {
        "round": round_number,
        "group": group,
        "order": [str(c) for c in order],
        "reason": reason,
    }


def playoff_decisions(facts: EventFacts) -> tuple[PlayoffDecision, ...]:
    decisions = []
    for lot in facts.lots:
        outcome = lot.outcome
        if lot.purpose != PLAYOFF_LOT or not isinstance(outcome, dict):
            continue
        round_number, group, order = (
            outcome.get("round"),
            outcome.get("group"),
            outcome.get("order"),
        )
        if not isinstance(round_number, int) or not isinstance(group, str):
            continue
        if not isinstance(order, list):
            continue
        players = tuple(CompetitorId(str(c)) for c in order)
        decisions.append(PlayoffDecision(round_number, group, players))
    return tuple(decisions)


def groups_outcome(round_number: int, groups: Sequence[KibaGroup]) -> dict[str, Json]:
    """The `LotDraw.outcome` that records a group stage's groups (players by Berger number)."""
    return {
        "round": round_number,
        "groups": [{"name": g.name, "players": [str(p.id) for p in g.players]} for g in groups],
    }


def published_groups(
    facts: EventFacts, round_number: int, initial: InitialList
) -> tuple[KibaGroup, ...] | None:
    """The groups recorded when round `round_number` was paired (None if none recorded)."""
    for lot in facts.lots:
        outcome = lot.outcome
        if lot.purpose != GROUPS_LOT or not isinstance(outcome, dict):
            continue
        if outcome.get("round") != round_number or not isinstance(outcome.get("groups"), list):
            continue
        groups = []
        entries = outcome["groups"]
        assert isinstance(entries, list)
        for entry in entries:
            members = entry.get("players") if isinstance(entry, dict) else None
            if not isinstance(entry, dict) or not isinstance(members, list):
                continue
            seeded = [initial.player(CompetitorId(str(c))) for c in members]
            groups.append(make_group(str(entry.get("name")), seeded))
        return tuple(groups)
    return None


@dataclass(frozen=True, slots=True)
class StageWithdrawal:
    """A withdrawal as one stage sees it."""

    competitor: CompetitorId
    at: datetime
    abandons: bool
    """True when the stage was running (or not yet reached) at the withdrawal: the games
    without a result at that moment are lost by abandonment. False when the player asked to
    leave only from a later stage on and plays this one out."""


def stage_withdrawals(
    facts: EventFacts, number: int, published_at: datetime
) -> dict[CompetitorId, StageWithdrawal]:
    """The players withdrawn in stage `number`: passed over for advancement from it."""
    found: dict[CompetitorId, StageWithdrawal] = {}
    for w in sorted(facts.withdrawals, key=lambda w: w.at):
        if w.competitor in found or w.from_round > number + 1:
            continue
        abandons = w.from_round <= number or published_at <= w.at
        found[w.competitor] = StageWithdrawal(w.competitor, w.at, abandons)
    return found


def _current(
    game: GameFact, withdrawn: Mapping[CompetitorId, StageWithdrawal]
) -> tuple[GameResult, Termination, ResultStatus, bool]:
    """The game's result as the rules count it, and whether a withdrawal abandons it: for a
    player withdrawn while the game was running, only the reports made up to the withdrawal
    and the arbiters' rulings and corrections count."""
    reports: tuple[ReportFact, ...] = game.reports
    abandoned = False
    for player in (game.first, game.second):
        w = withdrawn.get(player)
        if w is not None and w.abandons:
            abandoned = True
            reports = tuple(r for r in reports if r.at <= w.at or r.kind in _ARBITER_KINDS)
    result, termination, status = fold_reports(reports)
    return result, termination, status, abandoned


# -- a group stage ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class GroupStage(PlayedStage):
    """A published qualification or semifinal stage, ranked from the facts as they stand: the
    engine's `PlayedStage` with the facts it was ranked from."""

    published: RoundFact
    missing: tuple[GameFact, ...]
    """Games still without a result (not counting those a withdrawal abandons)."""
    disputed: tuple[GameFact, ...]
    withdrawn: Mapping[CompetitorId, StageWithdrawal]

    @property
    def stale_playoffs(self) -> tuple[PlayoffDecision, ...]:
        """Recorded playoffs that no longer match a tie (a result was corrected afterwards)."""
        return tuple(PlayoffDecision(self.number, d.group, d.order) for d in self.stale)

    @property
    def is_complete(self) -> bool:
        return self.complete

    def ties_needing_playoff(self) -> tuple[tuple[str, tuple[CompetitorId, ...]], ...]:
        """(group, tied players) for every tie that decides where players go (R29 (4))."""
        return self.ties

    def group_of(self, competitor: CompetitorId) -> KibaGroup | None:
        for group in self.groups:
            if group.has(competitor):
                return group
        return None

    def table(self, group: str) -> GroupStandings:
        for table in self.standings:
            if table.group == group:
                return table
        raise WrongState(
            gettext(
                "the {value} stage (round {number}) has no group {group!r} (groups: {value2})"
            ).format(
                value=self.kind.value,
                number=self.number,
                group=group,
                value2=", ".join(t.group for t in self.standings),
            ),
            round=self.number,
            group=group,
        )

    def advancement(
        self, names: Mapping[CompetitorId, str]
    ) -> dict[Destination, tuple[SeededPlayer, ...]]:
        """Who goes where from this stage; WrongState while games are open or disputed, or a
        tie needs the director's playoff (naming the tied players)."""
        label = f"the {self.kind.value} stage (round {self.number})"
        if not self.is_complete:
            raise WrongState(
                gettext("{label} is not finished: {describe_open_games}").format(
                    label=label,
                    describe_open_games=describe_open_games(self.missing, self.disputed),
                ),
                round=self.number,
            )
        ties = self.ties_needing_playoff()
        if ties:
            columns = ", ".join(
                t for t in ("score", *self.standings[0].tiebreaks) if t != "playoff"
            )
            text = "; ".join(
                f"group {group}: {', '.join(names.get(c, c) for c in tie)}" for group, tie in ties
            )
            raise WrongState(
                gettext(
                    "{label}: players are tied after {columns} for a place that "
                    "decides who advances ({text}); the director must arrange a "
                    "playoff and record its result (record_playoff)"
                ).format(label=label, columns=columns, text=text),
                round=self.number,
                ties=[[group, *tie] for group, tie in ties],
            )
        advanced = self.advanced
        assert advanced is not None  # complete and no tie waits
        return advanced


def describe_open_games(missing: Sequence[GameFact], disputed: Sequence[GameFact]) -> str:
    def where(game: GameFact) -> str:
        return f"board {game.board} game {game.number}"

    def listing(games: Sequence[GameFact]) -> str:
        shown = ", ".join(where(g) for g in games[:6])
        return shown + (f" and {len(games) - 6} more" if len(games) > 6 else "")

    parts = []
    if missing:
        parts.append(gettext("no result for {value}").format(value=listing(missing)))
    if disputed:
        parts.append(f"disputed: {listing(disputed)}")
    return "; ".join(parts)


def evaluate_group_stage(
    facts: EventFacts,
    step: StageStep,
    published: RoundFact,
    parameters: KibaParameters,
    playoffs: Sequence[PlayoffDecision],
) -> GroupStage:
    number = step.number
    schedule = schedule_stage(step.groups, parameters)
    withdrawn = stage_withdrawals(facts, number, published.published_at)
    by_pair = {(e.first, e.second): e for e in published.encounters if e.second is not None}
    games: list[Game] = []
    missing: list[GameFact] = []
    disputed: list[GameFact] = []
    for pairing in schedule.pairings:
        encounter = by_pair.get((pairing.south.id, pairing.north.id))
        planned = pairing.games(schedule.games_per_pairing)
        if encounter is None or len(encounter.games) != len(planned):
            raise ConfigError(
                gettext(
                    "round {number} of event {slug!r} does not hold the "
                    "scheduled pairing {id} - {id2} of group {group}"
                ).format(
                    number=number,
                    slug=facts.slug,
                    id=pairing.south.id,
                    id2=pairing.north.id,
                    group=pairing.group,
                ),
                code="kiba_schedule_mismatch",
                round=number,
            )
        for scheduled, fact in zip(planned, encounter.games, strict=True):
            result, termination, status, abandoned = _current(fact, withdrawn)
            if not result.is_decided and not abandoned:
                missing.append(fact)
            if status is ResultStatus.DISPUTED:
                disputed.append(fact)
            games.append(
                Game(
                    scheduled.round,
                    fact.first,
                    fact.second,
                    result,
                    termination,
                    encounter=scheduled.encounter,
                )
            )
    played = play_stage(
        step,
        games,
        parameters,
        withdrawn=list(withdrawn),
        playoffs=[PlayoffOrder(d.group, d.order) for d in playoffs if d.round == number],
        complete=not missing and not disputed,
        schedule=schedule,
    )
    return GroupStage(
        step=played.step,
        schedule=played.schedule,
        standings=played.standings,
        stale=played.stale,
        complete=played.complete,
        published=published,
        missing=tuple(missing),
        disputed=tuple(disputed),
        withdrawn=withdrawn,
    )


# -- the final --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FinalStage:
    number: int
    published: RoundFact
    match: FinalMatch
    state: FinalState
    """The best-of rule over the games decided so far, a withdrawal applied (A14)."""
    withdrawn: CompetitorId | None
    missing: tuple[GameFact, ...]
    disputed: tuple[GameFact, ...]

    @property
    def games(self) -> tuple[GameFact, ...]:
        return self.published.encounters[0].games

    @property
    def needs_another_game(self) -> bool:
        """Games 1-2 split (R32): game 3 is still to be added to the published encounter."""
        return (
            not self.state.is_decided
            and not self.missing
            and self.withdrawn is None
            and len(self.games) < (self.state.next_game or 0)
        )


def evaluate_final(
    facts: EventFacts, published: RoundFact, tournament: KibaTournament
) -> tuple[FinalStage, KibaTournament]:
    """The published final from its games, and the tournament with it played."""
    number = tournament.next_number
    [encounter] = [e for e in published.encounters if e.second is not None]
    match = tournament.final_match()
    withdrawn = stage_withdrawals(facts, number, published.published_at)
    decided: list[Game] = []
    missing: list[GameFact] = []
    disputed: list[GameFact] = []
    state = compute_final(match, decided)
    # Games in order until the best-of rule has a winner; a game added before a correction
    # decided the final earlier is left out (the log is append-only).
    for fact in sorted(encounter.games, key=lambda g: g.number):
        if state.is_decided:
            break
        result, termination, status, abandoned = _current(fact, withdrawn)
        if not result.is_decided:
            if not abandoned:
                missing.append(fact)
            break
        if status is ResultStatus.DISPUTED:
            disputed.append(fact)
        decided.append(
            Game(
                fact.number, fact.first, fact.second, result, termination, encounter=FINAL_ENCOUNTER
            )
        )
        state = compute_final(match, decided)
    gone = [c for c in (match.first.id, match.second.id) if c in withdrawn]
    out: CompetitorId | None = None
    if gone and not state.is_decided:
        out = min(gone, key=lambda c: withdrawn[c].at)
        missing = []
    tournament = play_final(tournament, decided, out)
    assert tournament.final is not None
    final = FinalStage(
        number=number,
        published=published,
        match=match,
        state=tournament.final,
        withdrawn=out,
        missing=tuple(missing),
        disputed=tuple(disputed),
    )
    return final, tournament


# -- the whole event --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NextStage:
    """The stage to pair next: its round number and plan."""

    number: int
    plan: StagePlan
    groups: tuple[KibaGroup, ...] | None
    """The qualification groups (known from the start); None for later stages, whose
    players come from the previous stage's advancement."""

    @property
    def kind(self) -> StageKind:
        return self.plan.kind


Advanced = Mapping[Destination, tuple[SeededPlayer, ...]]


@dataclass(frozen=True, slots=True)
class KibaEvent:
    tournament: KibaTournament
    """The engine's replay of the published stages (`engine.kiba.event`)."""
    stages: tuple[GroupStage, ...]
    """The published group stages, ranked as they stand now."""
    advanced: tuple[Advanced, ...]
    """`advanced[i]`: who went from stage i to the stage after it, as published."""
    final: FinalStage | None
    next: NextStage | None
    """The stage still to pair (None once the final is published)."""

    @property
    def parameters(self) -> KibaParameters:
        return self.tournament.parameters

    @property
    def initial(self) -> InitialList:
        return self.tournament.initial

    @property
    def plan(self) -> TournamentPlan:
        return self.tournament.plan

    @property
    def names(self) -> dict[CompetitorId, str]:
        return {p.id: p.name for p in self.initial.players}

    @property
    def latest(self) -> GroupStage | None:
        return self.stages[-1] if self.stages else None

    def pending_advancement(self) -> Advanced | None:
        """What the latest group stage gives the next one, once it can be known (None while
        games are open or a tie awaits the director's playoff)."""
        return self.tournament.pending if self.next is not None else None

    def lone_finalists(self) -> tuple[SeededPlayer, ...] | None:
        """The finalists when fewer than two are left after withdrawals (no final is played);
        None when the final is (or will be) played or is not known yet."""
        return self.tournament.lone_finalists()

    @property
    def is_decided(self) -> bool:
        return self.tournament.is_decided

    @property
    def winner(self) -> SeededPlayer | None:
        return self.tournament.winner

    def stage(self, number: int) -> GroupStage | None:
        for stage in self.stages:
            if stage.number == number:
                return stage
        return None


def initial_list(facts: EventFacts, parameters: KibaParameters) -> InitialList:
    """R6-R8, A2-A5 over the entries in registration order (A4: the earlier entry first),
    with the games played on the site and the Elo the site computed from them where the
    person has any, else the declared ones (issue 31 item 5)."""
    return compute_initial_list(with_site_figures(facts), parameters)


def _went_on(following: RoundFact, groups: Sequence[KibaGroup], kind: StageKind) -> Advanced:
    """Who a published stage received, by destination (for the notes of the stage before)."""
    if kind is StageKind.FINAL:
        [encounter] = [e for e in following.encounters if e.second is not None]
        return {
            Destination.FINAL: tuple(
                p for g in groups for p in g.players if p.id in (encounter.first, encounter.second)
            )
        }
    by_name = {name: destination for destination, name in SEMIFINAL_GROUP_NAMES.items()}
    return {by_name[g.name]: g.players for g in groups if g.name in by_name}


def derive_event(facts: EventFacts) -> KibaEvent:
    """Everything the rules say about a started event, from its facts: the engine's replay
    (`engine.kiba.event`) driven by the published stages, each ranked from its games."""
    parameters = kiba_parameters(facts.parameters)
    initial = initial_list(facts, parameters)
    tournament = start_tournament(initial, parameters)
    published = {r.number: r for r in facts.rounds if r.stage == EVENT_STAGE and r.group == ""}
    playoffs = playoff_decisions(facts)
    stages: list[GroupStage] = []
    advanced: list[Advanced] = []
    final: FinalStage | None = None
    following: NextStage | None = None
    while True:
        number = tournament.next_number
        step = tournament.reached
        current = published.get(number)
        if current is None or step is None:
            known = (
                step.groups if step is not None and step.kind is StageKind.QUALIFICATION else None
            )
            following = NextStage(number, tournament.next_plan, known)
            break
        if step.kind is StageKind.FINAL:
            final, tournament = evaluate_final(facts, current, tournament)
            if stages:
                advanced.append(_went_on(current, stages[-1].groups, StageKind.FINAL))
            break
        if number > 1:
            advanced.append(_went_on(current, step.groups, step.kind))
        stage = evaluate_group_stage(facts, step, current, parameters, playoffs)
        stages.append(stage)
        after = published.get(number + 1)
        step_after = _published_step(facts, tournament, number + 1, after)
        tournament = record_stage(tournament, stage, published=step_after)
        if after is None:
            following = NextStage(number + 1, tournament.next_plan, None)
            break
        if tournament.reached is None:
            # paired before groups were recorded, from an advancement no longer known
            stage.advancement({p.id: p.name for p in initial.players})
    return KibaEvent(
        tournament=tournament,
        stages=tuple(stages),
        advanced=tuple(advanced),
        final=final,
        next=following,
    )


def _published_step(
    facts: EventFacts, tournament: KibaTournament, number: int, following: RoundFact | None
) -> StageStep | None:
    """Stage `number` as published (round `following`): the final's players from
    its encounter, a group stage's groups as recorded when it was paired (a correction made
    afterwards must not move players already paired). None when it is not published, or was
    paired before groups were recorded: then its players come from the advancement."""
    if following is None:
        return None
    plan, initial = tournament.plan.stages[number - 1], tournament.initial
    if plan.kind is StageKind.FINAL:
        [encounter] = [e for e in following.encounters if e.second is not None]
        assert encounter.second is not None
        finalists = (initial.player(encounter.first), initial.player(encounter.second))
        return StageStep(number, plan, finalists=finalists)
    recorded = published_groups(facts, number, initial)
    return StageStep(number, plan, groups=recorded) if recorded is not None else None
