"""The league of a `gomoku-league` event, derived from its facts month by month.

Nothing here is stored and nothing is a rule: the facts are turned into the engine's inputs and
the engine's replay (`engine.gomoku.event.replay_league`, the one the simulation walks too)
plays the league from its founding list, one month after the other. What each fact means
for the league:

- Entries numbered when the event started: the founding list, in number order (R11, A18).
- Entries registered after the start (they have no number): registrations (R4) for the month
  paired next after them, received when they were registered. The engine checks the window
  (days 1-7 of that month) and the site games (R6).
- Overrides `gomoku-return` (`{"player": key}`): the organiser accepts back a player removed
  for a low coefficient (R9) or whose suspension has ended (R10). Each is that player's
  registration for the month paired next after it was recorded, as an entry's is; the engine
  places them by their stored coefficient (A27), or records why it refuses them.
- Rounds of stage 1: the league's months. Month k is the calendar month `first_month` + k - 1,
  where `first_month` is the parameter or, by default, the month in which month 1 was paired.
- Leaves covering round k: leave requests for month k, notified when the leave was recorded.
- Sanctions of month k (their `round`, or the month running when they were recorded; a
  closed month is final, so a later sanction counts for the first month still open): kind
  `disinterest` flags the player (R40); kind `expulsion` excludes them (R44) for `points`
  stages, or for good when `points` is empty.
- A withdrawal from round k: the player is excluded for good from month k on (or left off the
  founding list when k is 1).
- Game results of a month's match: the games won by each side, or a no-show when the match has
  only forfeits against the same player (A11). A match with no result is unplayed (A28: late
  reports are refused when they are made, so every stored report is on time).
- Closed periods: months whose end is final. The month end (coefficients, re-sort, removals,
  suspensions, prizes) is the engine's `close_stage`, recomputed on every call.

A published month's list is a fact: when an arbiter's later correction would give a different
order, the month keeps its published order and positions, and only the coefficients follow.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from django.utils.translation import gettext

from mashindano.engine.errors import ConfigError, MashindanoError, ParseError
from mashindano.engine.gomoku import (
    GOMOKU_LEAGUE,
    Exclusion,
    GameWinner,
    GomokuParameters,
    Ladder,
    LadderEntry,
    League,
    LeaveRequest,
    MatchResult,
    Month,
    PlannedMatch,
    Registration,
    Stage,
    compute_pairings,
    found_league,
    start_stage,
)
from mashindano.engine.gomoku.event import LeagueMonth, MonthEnd, replay_league
from mashindano.engine.gomoku.pairing import LadderMatch
from mashindano.engine.model import Competitor, CompetitorId, GameResult
from mashindano.engine.parameters import EVENT_WIDE, override
from mashindano.engine.timestamps import as_utc
from mashindano.store.facts import (
    EventFacts,
    GameFact,
    Json,
    OverrideFact,
    RoundFact,
    SanctionFact,
)

LEAGUE_STAGE = 1
DISINTEREST = "disinterest"
"""The sanction kind that flags a player as disinterested (R40)."""
EXPULSION = "expulsion"
"""The sanction kind of a referee's exclusion (R44); its points are the number of stages."""

RETURN = "gomoku-return"
"""The override subject of an organiser's acceptance of a returning player (R9, R10)."""

EVENT_PARAMETERS = ("season_months", "first_month")
"""Parameters of the event, beside the league's own (`GomokuParameters`)."""


# -- parameters -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LeagueEventParameters:
    """The league's parameters plus what makes a permanent league an event: its season."""

    season_months: int = 12
    """Months in this event (the league is permanent; an event is one season of it)."""
    first_month: Month | None = None
    """The calendar month of month 1; None: the month in which month 1 is paired."""
    league: GomokuParameters = GOMOKU_LEAGUE


def league_event_parameters(overrides: Mapping[str, Json]) -> LeagueEventParameters:
    """Apply an organiser's overrides; ConfigError names an unknown or invalid parameter."""
    known = (*EVENT_PARAMETERS, *GOMOKU_LEAGUE.names())
    own: dict[str, Json] = {}
    league: dict[str, Json] = {}
    for name, value in overrides.items():
        key = name.replace("-", "_")
        if key in EVENT_WIDE:
            continue
        if key not in known:
            raise ConfigError(
                gettext("unknown parameter {name!r}; known parameters: {value}").format(
                    name=name, value=", ".join(sorted(known))
                ),
                parameter=name,
            )
        (own if key in EVENT_PARAMETERS else league)[key] = value
    return LeagueEventParameters(
        season_months=_season_months(own.get("season_months", 12)),
        first_month=_first_month(own.get("first_month")),
        league=override(GOMOKU_LEAGUE, league),
    )


def _season_months(value: Json) -> int:
    try:
        months = int(str(value).strip())
    except ValueError:
        months = 0
    if months < 1:
        raise ConfigError(
            gettext(
                "parameter 'season_months': a whole number of months, at least 1 (got {value!r})"
            ).format(value=value),
            parameter="season_months",
            value=value,
        )
    return months


def _first_month(value: Json) -> Month | None:
    if value is None or str(value).strip() == "":
        return None
    try:
        return Month.parse(str(value))
    except MashindanoError as exc:
        raise ConfigError(
            gettext("parameter 'first_month': {value!r} is not a month such as 2026-04").format(
                value=value
            ),
            parameter="first_month",
            value=value,
        ) from exc


# -- calendar ---------------------------------------------------------------------------------


def league_rounds(facts: EventFacts) -> tuple[RoundFact, ...]:
    """The published months, in order."""
    return tuple(r for r in facts.rounds if r.stage == LEAGUE_STAGE and r.group == "")


def first_league_month(
    facts: EventFacts, parameters: LeagueEventParameters, now: datetime | None = None
) -> Month | None:
    """Month 1's calendar month: the parameter, else the month it was paired in, else (before
    it is paired) the month of `now`; None when none of these is known."""
    if parameters.first_month is not None:
        return parameters.first_month
    published = league_rounds(facts)
    if published:
        return Month.of(as_utc(published[0].published_at, "publication time"))
    if now is not None:
        return Month.of(as_utc(now, "now"))
    return None


def is_month_closed(facts: EventFacts, number: int) -> bool:
    return (LEAGUE_STAGE, number) in facts.closed_periods


# -- facts as the engine's inputs -------------------------------------------------------------


def founding_players(facts: EventFacts) -> list[Competitor]:
    """The founding list: entries numbered at the start, in number order, without those who
    withdrew before month 1."""
    founders = sorted((c for c in facts.competitors if c.number is not None), key=_number)
    return [c for c in founders if facts.withdrawn_from(c.id) != 1]


def _number(competitor: Competitor) -> int:
    return competitor.number or 0


def founding_order(competitors: Sequence[Competitor]) -> list[Competitor]:
    """The founding ranking (R11): by rating, highest first, unrated last; ties keep the
    order of registration."""
    indexed = list(enumerate(competitors))
    indexed.sort(key=lambda item: (item[1].rating is None, -(item[1].rating or 0), item[0]))
    return [competitor for _, competitor in indexed]


def registrations_for(
    facts: EventFacts,
    number: int,
    after: datetime | None,
    until: datetime | None,
) -> list[Registration]:
    """Entries registered after the start, and returns accepted, between the previous month's
    publication and this month's (`until` None: up to now), as registrations for month
    `number`."""
    found: list[Registration] = []
    for competitor in facts.competitors:
        if competitor.number is not None:
            continue
        withdrawn = facts.withdrawn_from(competitor.id)
        if withdrawn is not None and withdrawn <= number:
            continue
        received = facts.registered_at.get(competitor.id)
        if received is None or not _received_between(received, after, until):
            continue
        found.append(Registration(competitor, received))
    by_id = {c.id: c for c in facts.competitors}
    for accepted in return_overrides(facts):
        if _received_between(accepted.at, after, until):
            found.append(Registration(by_id[returned_player(facts, accepted)], accepted.at))
    return found


def _received_between(received: datetime, after: datetime | None, until: datetime | None) -> bool:
    """In the registration period of a month: after the previous month's publication, up to
    and including this month's."""
    return (after is None or received > after) and (until is None or received <= until)


def return_overrides(facts: EventFacts) -> tuple[OverrideFact, ...]:
    """The organiser's acceptances of returning players, in the order they were recorded."""
    return tuple(o for o in facts.overrides if o.subject == RETURN)


def returned_player(facts: EventFacts, accepted: OverrideFact) -> CompetitorId:
    """The entry a `gomoku-return` override names (`{"player": key}`); ParseError otherwise."""
    value = accepted.value
    player = value.get("player") if isinstance(value, dict) else None
    if not isinstance(player, str) or not facts.is_entered(CompetitorId(player)):
        raise ParseError(
            gettext(
                "override {RETURN!r} of {isoformat} by {actor!r} must name a player of event "
                '{slug!r} as {{"player": key}}, got {value!r}'
            ).format(
                RETURN=RETURN,
                isoformat=accepted.at.isoformat(),
                actor=accepted.actor,
                slug=facts.slug,
                value=value,
            ),
            subject=RETURN,
        )
    return CompetitorId(player)


def registration_month(facts: EventFacts, received: datetime) -> int:
    """The month a registration received at `received` counts for: the first month published
    at or after it, or the next one to pair (R4, A15)."""
    return 1 + sum(1 for r in league_rounds(facts) if r.published_at < received)


def leave_requests_for(facts: EventFacts, number: int, month: Month) -> list[LeaveRequest]:
    return [LeaveRequest(v.competitor, month, v.at) for v in facts.leaves if v.covers(number)]


def sanction_month(facts: EventFacts, sanction: SanctionFact) -> int:
    """The month a sanction belongs to: its round, or the latest month published before it;
    closed months are final, so one recorded after its month closed counts for the first
    month still open then."""
    if sanction.round is not None:
        month = sanction.round
    else:
        published = [r.number for r in league_rounds(facts) if r.published_at <= sanction.at]
        month = max(published, default=1)
    closed = [
        period
        for (stage, period), closed_at in facts.period_closed_at.items()
        if stage == LEAGUE_STAGE and closed_at <= sanction.at
    ]
    return max(month, max(closed, default=0) + 1)


def flags_for(facts: EventFacts, number: int, stage: Stage) -> list[CompetitorId]:
    """Players flagged as disinterested in month `number` (those on its list)."""
    return sorted(
        {
            s.competitor
            for s in facts.sanctions
            if s.kind == DISINTEREST
            and sanction_month(facts, s) == number
            and s.competitor in stage.ladder
        }
    )


def expulsion_stages(sanction: SanctionFact) -> int | None:
    """An expulsion's number of stages (its points); None (for good) when not a whole >= 1."""
    try:
        value = Fraction(sanction.points.strip())
    except (ValueError, ZeroDivisionError):
        return None
    return int(value) if value.denominator == 1 and value >= 1 else None


def exclusions_for(facts: EventFacts, number: int, league: League, stage: Stage) -> list[Exclusion]:
    """Exclusions that start after month `number`: referees' expulsions of that month and
    withdrawals from the month after it."""
    known = set(league.coefficients) | set(stage.registered)
    found: list[Exclusion] = []
    for sanction in facts.sanctions:
        if sanction.kind == EXPULSION and sanction_month(facts, sanction) == number:
            found.append(
                Exclusion(sanction.competitor, expulsion_stages(sanction), sanction.reason)
            )
    for withdrawal in facts.withdrawals:
        if withdrawal.from_round == number + 1:
            found.append(Exclusion(withdrawal.competitor, None, withdrawal.reason or "withdrew"))
    return [e for e in found if e.competitor in known]


def match_results(round_fact: RoundFact, stage: Stage) -> list[MatchResult]:
    """The month's match results from its games (a match without any result is left out)."""
    by_pair = {(m.upper, m.lower): m for m in stage.matches}
    results: list[MatchResult] = []
    for encounter in round_fact.encounters:
        if encounter.second is None:
            continue
        match = by_pair.get((encounter.first, encounter.second))
        if match is None:
            continue
        result = match_result(match, encounter.games)
        if result is not None:
            results.append(result)
    return results


def match_result(match: LadderMatch, games: Iterable[GameFact]) -> MatchResult | None:
    """Games played count (A2); a match with only forfeits against one player is that
    player's no-show (A11); forfeits against both, or no result at all, leave it unplayed."""
    decided = [g for g in games if g.result.is_decided]
    played = [g for g in decided if g.result.is_played]
    if played:
        return MatchResult.played(match, [_winner(match, g) for g in played])
    absent = {_forfeit_loser(g) for g in decided}
    if len(absent) == 1:
        (loser,) = absent
        if loser is not None:
            return MatchResult.no_show(match, loser)
    return None


def _winner(match: LadderMatch, game: GameFact) -> GameWinner:
    if game.result is GameResult.DRAW:
        return GameWinner.DRAW
    winner = game.first if game.result is GameResult.FIRST_WINS else game.second
    return GameWinner.UPPER if winner == match.upper else GameWinner.LOWER


def _forfeit_loser(game: GameFact) -> CompetitorId | None:
    if game.result is GameResult.FIRST_WINS_BY_FORFEIT:
        return game.second
    if game.result is GameResult.SECOND_WINS_BY_FORFEIT:
        return game.first
    return None


def published_order(round_fact: RoundFact) -> tuple[CompetitorId, ...]:
    """A month's list as published: boards go 1-2, 1-3, 2-3, 2-4, ... so players appear in
    position order."""
    order: list[CompetitorId] = []
    for encounter in sorted(round_fact.encounters, key=lambda e: e.board):
        for competitor in (encounter.first, encounter.second):
            if competitor is not None and competitor not in order:
                order.append(competitor)
    return tuple(order)


def keep_published_list(
    stage: Stage, round_fact: RoundFact, league: League, facts: EventFacts
) -> Stage:
    """The stage with its list as published (see the module notes)."""
    order = published_order(round_fact)
    if order == stage.ladder.ids:
        return stage
    derived = {e.competitor: e.coefficient for e in stage.ladder}
    fallback = league.parameters.newcomer_default_coefficient
    entries = tuple(
        LadderEntry(c, derived.get(c, league.coefficients.get(c, fallback))) for c in order
    )
    ladder = Ladder(entries)
    by_id = {c.id: c for c in facts.competitors}
    registered = dict(stage.registered)
    for competitor in order:
        if competitor not in league.competitors and competitor not in registered:
            registered[competitor] = by_id[competitor]
    return dataclasses.replace(
        stage,
        ladder=ladder,
        matches=compute_pairings(ladder, league.parameters),
        registered=registered,
    )


# -- the replay -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class MonthRecord(LeagueMonth):
    """One month of the event as the engine replays it (`engine.gomoku.event.LeagueMonth`)."""

    round: RoundFact | None
    """The published month; None for the plan of a month not yet paired."""


@dataclass(frozen=True, slots=True)
class LeagueHistory:
    parameters: LeagueEventParameters
    first_month: Month | None
    months: tuple[MonthRecord, ...]
    founding: League | None
    """The founded league, once month 1 is published."""

    def next_league(self, facts: EventFacts) -> League | None:
        """The league before the next month, once every published month is closed (founded
        from the entries before month 1)."""
        if not self.months:
            if self.first_month is None:
                return None
            return found_league(founding_players(facts), self.first_month, self.parameters.league)
        last = self.months[-1]
        return last.outcome.league if last.is_closed else None

    def month_of(self, number: int) -> MonthRecord | None:
        return self.months[number - 1] if 1 <= number <= len(self.months) else None


class _PublishedMonths:
    """The facts of each published month, as the engine's replay asks for them; with `plan`,
    also the month after them, to be paired (registrations up to now, nothing reported)."""

    def __init__(self, facts: EventFacts, plan: bool = False) -> None:
        self.facts = facts
        self.plan = plan
        self.rounds = {r.number: r for r in league_rounds(facts)}

    def start(self, league: League, number: int) -> Stage | None:
        round_fact = self.rounds.get(number)
        if round_fact is None and not self.plan:
            return None
        previous = self.rounds.get(number - 1)
        stage = start_stage(
            league,
            registrations_for(
                self.facts,
                number,
                previous.published_at if previous is not None else None,
                round_fact.published_at if round_fact is not None else None,
            ),
            leave_requests_for(self.facts, number, league.month),
        )
        if round_fact is None:
            return stage
        return keep_published_list(stage, round_fact, league, self.facts)

    def end(
        self, league: League, number: int, stage: Stage, planned: tuple[PlannedMatch, ...]
    ) -> MonthEnd:
        round_fact = self.rounds.get(number)
        if round_fact is None:
            return MonthEnd(closed=False)
        return MonthEnd(
            match_results(round_fact, stage),
            flags_for(self.facts, number, stage),
            exclusions_for(self.facts, number, league, stage),
            closed=is_month_closed(self.facts, number),
        )

    def record(self, month: LeagueMonth) -> MonthRecord:
        fields = {f.name: getattr(month, f.name) for f in dataclasses.fields(month)}
        return MonthRecord(**fields, round=self.rounds.get(month.number))


def derive_history(
    facts: EventFacts, parameters: LeagueEventParameters, now: datetime | None = None
) -> LeagueHistory:
    """Replay the league through every published month (stopping after the first open one)."""
    first = first_league_month(facts, parameters, now)
    if first is None or not league_rounds(facts):
        return LeagueHistory(parameters, first, (), None)
    founding = found_league(founding_players(facts), first, parameters.league)
    published = _PublishedMonths(facts)
    months = tuple(published.record(m) for m in replay_league(founding, published))
    return LeagueHistory(parameters, first, months, founding)


def plan_month(facts: EventFacts, history: LeagueHistory) -> MonthRecord:
    """The stage of the next month, from the league after the last closed month. Raises
    NoValidPairing when fewer than the minimum of players are left."""
    league = history.next_league(facts)
    assert league is not None, "plan_month needs month 1's calendar month and no open month"
    planned = _PublishedMonths(facts, plan=True)
    [month] = replay_league(league, planned, first=len(history.months) + 1)
    return planned.record(month)
