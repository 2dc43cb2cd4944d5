"""A seeded simulation of the league, month after month, for demos and the CLI.

Nothing here is a rule: it invents plausible facts (results, late reports, no-shows, leaves,
newcomers, disinterest) from one `random.Random(seed)` and hands them to the same functions a
real league uses, month after month through the same replay (`event.replay_league`) a stored
event follows. The same seed always gives the same league.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from mashindano.engine.errors import ConfigError, NoValidPairing
from mashindano.engine.gomoku.event import LeagueMonth, MonthEnd, replay_league
from mashindano.engine.gomoku.league import League, check_roster, found_league
from mashindano.engine.gomoku.leaves import LeaveRequest
from mashindano.engine.gomoku.months import Month, hours
from mashindano.engine.gomoku.newcomers import Membership, Registration
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.gomoku.scoring import GameWinner, MatchResult
from mashindano.engine.gomoku.stage import PlannedMatch, Stage, start_stage
from mashindano.engine.gomoku.windows import ResultStatus, compute_result_validation
from mashindano.engine.model import Competitor, CompetitorId

DEFAULT_START = date(2004, 10, 1)
"""The league's founding stage (R11)."""

_LEAVE_RATE = 0.04
_LATE_LEAVE_NOTICE_RATE = 0.1
_DISINTEREST_RATE = 0.03
_DISINTERESTED_MISSES = 0.75
_RETURN_RATE = 0.3
_ORGANISER_ACCEPTS_RATE = 0.8
_DRAW_RATE = 0.08
_NEWCOMER_COUNTS = (0, 1, 2)
_NEWCOMER_WEIGHTS = (0.55, 0.3, 0.15)


@dataclass(frozen=True, slots=True)
class SimulatedMatch:
    """A planned match with what happened to it: the counted result and its timestamps."""

    planned: PlannedMatch
    result: MatchResult
    """The result as counted at month end (a late report counts as unplayed, A28)."""
    played_at: datetime | None = None
    reported_at: datetime | None = None
    validation: ResultStatus | None = None
    reported_games: tuple[GameWinner, ...] = ()
    """The games as reported, even when the report came too late to count."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SimulatedMonth(LeagueMonth):
    """A month of the replay (`event.LeagueMonth`) with what the simulation drew for it."""

    matches: tuple[SimulatedMatch, ...]
    flagged: tuple[CompetitorId, ...]
    registrations: tuple[Registration, ...] = ()
    """Every registration received for the month (entered or refused, see `stage`)."""
    leave_requests: tuple[LeaveRequest, ...] = ()
    """Every leave notified for the month (accepted or refused, see `stage`)."""


@dataclass(frozen=True, slots=True)
class LeagueSimulation:
    seed: int
    parameters: GomokuParameters
    competitors: Mapping[CompetitorId, Competitor]
    months: tuple[SimulatedMonth, ...]
    league: League
    """The league after the last simulated month."""

    def name_of(self, competitor: CompetitorId) -> str:
        player = self.competitors.get(competitor)
        return player.name if player is not None else competitor


def simulate_league(
    players: Sequence[Competitor],
    months: int,
    seed: int,
    parameters: GomokuParameters = GOMOKU_LEAGUE,
    start: date = DEFAULT_START,
) -> LeagueSimulation:
    """Found a league from `players` (in ranked order, R11) and play `months` monthly stages
    with random results, leaves, newcomers, no-shows and disinterest, all drawn from `seed`."""
    if months < 1:
        raise ConfigError(f"simulate at least one month, got {months}", months=months)
    check_roster(players, parameters)
    draws = _Draws(random.Random(seed), months, parameters)
    replayed = replay_league(found_league(players, Month.of(start), parameters), draws)
    simulated = tuple(
        SimulatedMonth(
            **{f.name: getattr(month, f.name) for f in dataclasses.fields(month)},
            matches=draws.played[month.number][0],
            flagged=draws.played[month.number][1],
            registrations=draws.entered[month.number][0],
            leave_requests=draws.entered[month.number][1],
        )
        for month in replayed
    )
    league = replayed[-1].outcome.league
    return LeagueSimulation(
        seed=seed,
        parameters=parameters,
        competitors=dict(league.competitors),
        months=simulated,
        league=league,
    )


class _Draws:
    """The months' facts, drawn: leaves, registrations, disinterest and match results."""

    def __init__(self, rng: random.Random, months: int, parameters: GomokuParameters) -> None:
        self.rng = rng
        self.months = months
        self.parameters = parameters
        self.entered: dict[int, tuple[tuple[Registration, ...], tuple[LeaveRequest, ...]]] = {}
        """Each month's registrations (recruits included) and leave requests, as drawn."""
        self.played: dict[int, tuple[tuple[SimulatedMatch, ...], tuple[CompetitorId, ...]]] = {}
        """Each month's matches and the players flagged as disinterested, as drawn."""

    def start(self, league: League, number: int) -> Stage | None:
        if number > self.months:
            return None
        leave_requests = _draw_leaves(self.rng, league)
        registrations = _draw_registrations(self.rng, league)
        stage, registrations = _start_with_enough_players(
            self.rng, league, registrations, leave_requests
        )
        self.entered[number] = (tuple(registrations), tuple(leave_requests))
        return stage

    def end(
        self, league: League, number: int, stage: Stage, planned: tuple[PlannedMatch, ...]
    ) -> MonthEnd:
        rng = self.rng
        disinterested = frozenset(c for c in stage.ladder.ids if rng.random() < _DISINTEREST_RATE)
        matches = tuple(_play(rng, p, stage, disinterested, self.parameters) for p in planned)
        flagged = tuple(c for c in stage.ladder.ids if c in disinterested)
        self.played[number] = (matches, flagged)
        return MonthEnd([m.result for m in matches], flagged)


def _draw_leaves(rng: random.Random, league: League) -> list[LeaveRequest]:
    requests: list[LeaveRequest] = []
    month = league.month
    for competitor in league.members:
        if rng.random() >= _LEAVE_RATE:
            continue
        if rng.random() < _LATE_LEAVE_NOTICE_RATE:
            notified = month.starts_at + hours(rng.randint(1, 48))
        else:
            notified = month.starts_at - hours(rng.randint(1, 240))
        requests.append(LeaveRequest(competitor, month, notified))
    return requests


def _draw_registrations(rng: random.Random, league: League) -> list[Registration]:
    month = league.month
    registrations: list[Registration] = []
    comebacks = sorted(
        c
        for c in league.coefficients
        if league.membership(c) in (Membership.REMOVED, Membership.SUSPENSION_SERVED)
    )
    for competitor in comebacks:
        if rng.random() < _RETURN_RATE:
            registrations.append(
                Registration(
                    league.competitors[competitor],
                    _registration_time(rng, month),
                    accepted_by_organiser=rng.random() < _ORGANISER_ACCEPTS_RATE,
                )
            )
    count = rng.choices(_NEWCOMER_COUNTS, _NEWCOMER_WEIGHTS)[0]
    for index in range(1, count + 1):
        registrations.append(
            Registration(
                _new_player(league, month, index),
                _registration_time(rng, month),
                site_games=rng.randint(150, 3000),
            )
        )
    return registrations


def _registration_time(rng: random.Random, month: Month) -> datetime:
    # Days 8 and 9 are drawn on purpose: the window refuses them.
    return month.day_starts_at(rng.randint(1, 9)) + timedelta(minutes=rng.randint(0, 1439))


def _new_player(league: League, month: Month, index: int) -> Competitor:
    base = f"n{month.year}{month.month:02d}-{index}"
    competitor = CompetitorId(base)
    suffix = 1
    names = {p.name.casefold() for p in league.competitors.values()}
    name = f"Newcomer {month} #{index}"
    while competitor in league.competitors or name.casefold() in names:
        suffix += 1
        competitor = CompetitorId(f"{base}-{suffix}")
        name = f"Newcomer {month} #{index}.{suffix}"
    return Competitor(id=competitor, name=name, games_played=None)


def _start_with_enough_players(
    rng: random.Random,
    league: League,
    registrations: list[Registration],
    leave_requests: list[LeaveRequest],
) -> tuple[Stage, list[Registration]]:
    """Start the stage; if removals shrank the list below the minimum, recruit newcomers.
    Returns the stage and the registrations it was started with (recruits included)."""
    extra = 0
    while True:
        try:
            return start_stage(league, registrations, leave_requests), registrations
        except NoValidPairing:
            extra += 1
            if extra > league.parameters.min_players + len(league.coefficients) + 10:
                raise
            registrations = [
                *registrations,
                Registration(
                    _new_player(league, league.month, 100 + extra),
                    league.month.day_starts_at(1) + timedelta(hours=rng.randint(0, 23)),
                    site_games=league.parameters.newcomer_min_site_games,
                ),
            ]


def _play(
    rng: random.Random,
    planned: PlannedMatch,
    stage: Stage,
    disinterested: frozenset[CompetitorId],
    parameters: GomokuParameters,
) -> SimulatedMatch:
    match = planned.match
    shirkers = [c for c in (match.upper, match.lower) if c in disinterested]
    roll = rng.random()
    if shirkers and rng.random() < _DISINTERESTED_MISSES:
        if rng.random() < 0.5:
            return SimulatedMatch(planned, MatchResult.unplayed(match))
        roll = -1.0  # a no-show by the disinterested player
    if 0 <= roll < 0.03:
        return SimulatedMatch(planned, MatchResult.unplayed(match))
    played_at = _match_time(rng, planned, stage.month)
    if roll < 0.06:
        absent = shirkers[0] if shirkers else rng.choice((match.upper, match.lower))
        reported = played_at + hours(rng.randint(0, 47))
        return SimulatedMatch(
            planned, MatchResult.no_show(match, absent), played_at, reported, ResultStatus.FINAL
        )
    count = parameters.games_per_match if roll >= 0.14 else rng.randint(1, 3)
    games = tuple(_game(rng, stage, planned) for _ in range(min(count, parameters.games_per_match)))
    late = 0.06 <= roll < 0.09
    reported = played_at + hours(rng.randint(49, 96) if late else rng.randint(0, 47))
    status = compute_result_validation(
        played_at, [reported], now=stage.month.ends_at + timedelta(days=7), parameters=parameters
    ).status
    counted = status in (ResultStatus.VALIDATED, ResultStatus.FINAL, ResultStatus.RULED)
    result = MatchResult.played(match, games) if counted else MatchResult.unplayed(match)
    return SimulatedMatch(planned, result, played_at, reported, status, games)


def _match_time(rng: random.Random, planned: PlannedMatch, month: Month) -> datetime:
    earliest = planned.may_play_from
    span = int((month.ends_at - earliest).total_seconds() // 3600) - 1
    played = earliest + hours(rng.randint(0, max(span, 0)))
    return played.astimezone(UTC)


def _game(rng: random.Random, stage: Stage, planned: PlannedMatch) -> GameWinner:
    upper = float(stage.ladder.coefficient_of(planned.match.upper))
    lower = float(stage.ladder.coefficient_of(planned.match.lower))
    # Odds only: the stronger coefficient wins more often. No point is ever a float.
    upper_share = 0.5 if upper + lower <= 0 else upper / (upper + lower)
    roll = rng.random()
    if roll < _DRAW_RATE:
        return GameWinner.DRAW
    upper_wins = roll < _DRAW_RATE + (1 - _DRAW_RATE) * upper_share
    return GameWinner.UPPER if upper_wins else GameWinner.LOWER
