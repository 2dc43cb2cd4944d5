"""A Tasaselo tournament as facts: the roster and, round by round, the pairing as published
and the results as reported. Variable selos, colour histories, points, standings and prizes
are all derived from these facts, never stored."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from mashindano.engine.errors import ConfigError, IllegalResult, NoValidPairing
from mashindano.engine.model import Bye, ByeKind, Competitor, CompetitorId, Game, GameResult
from mashindano.engine.tasaselo.colours import BLACK, NOT_PLAYED, WHITE, ColourHistory
from mashindano.engine.tasaselo.comparison import (
    ComparisonRow,
    compute_comparison_list,
    compute_lots,
)
from mashindano.engine.tasaselo.entries import (
    Roster,
    Status,
    add_absence,
    add_late_entry,
    add_withdrawal,
    start_roster,
)
from mashindano.engine.tasaselo.odd import RoundField, plan_round_field
from mashindano.engine.tasaselo.pairing import (
    Contender,
    ForbiddenPairs,
    RoundPairing,
    pair_first_round,
    pair_later_round,
)
from mashindano.engine.tasaselo.parameters import TASASELO, TasaseloParameters
from mashindano.engine.tasaselo.prizes import (
    GroupStandings,
    Prize,
    compute_group_standings,
    compute_prize_groups,
    compute_prizes,
)
from mashindano.engine.tasaselo.scoring import (
    GHOST_WIN,
    ROUND1_REST,
    compute_points,
)
from mashindano.engine.tasaselo.selo import compute_selo_history


@dataclass(frozen=True, slots=True)
class PlayedRound:
    """A round's pairing and what came of it: games (White first) and byes (ghost wins,
    round-1 rests, absences)."""

    pairing: RoundPairing
    games: tuple[Game, ...]
    byes: tuple[Bye, ...]


@dataclass(frozen=True, slots=True)
class TasaseloEvent:
    parameters: TasaseloParameters
    roster: Roster
    played: tuple[PlayedRound, ...] = ()

    @property
    def rounds(self) -> int:
        return self.roster.rounds

    @property
    def next_round(self) -> int:
        return len(self.played) + 1

    @property
    def games(self) -> tuple[Game, ...]:
        return tuple(g for r in self.played for g in r.games)

    @property
    def byes(self) -> tuple[Bye, ...]:
        return tuple(b for r in self.played for b in r.byes)


@dataclass(frozen=True, slots=True)
class TasaseloStandings:
    """Standings after `after_round` rounds: the comparison list (number order), each prize
    group's ranking and the prizes as they would be awarded now (R35-R38)."""

    after_round: int
    comparison: tuple[ComparisonRow, ...]
    groups: tuple[GroupStandings, ...]
    prizes: tuple[Prize, ...]
    lot_seed: int


def start_event(
    players: Sequence[Competitor],
    rounds: int,
    parameters: TasaseloParameters = TASASELO,
    *,
    reserve: CompetitorId | None = None,
    resting_in_round1: Iterable[CompetitorId] = (),
) -> TasaseloEvent:
    roster = start_roster(
        players, rounds, parameters, reserve=reserve, resting_in_round1=resting_in_round1
    )
    return TasaseloEvent(parameters, roster)


def enter_late(
    event: TasaseloEvent,
    competitor: Competitor,
    first_round: int,
    *,
    missed: ByeKind | None = None,
) -> TasaseloEvent:
    """R4, A19: a new player joins from a round not yet paired; the rounds before score 0, or
    the bye `missed` where the organiser decides so (A1)."""
    _check_future(event, first_round, f"{competitor.id!r} cannot join")
    roster = add_late_entry(event.roster, competitor, first_round, event.parameters, missed=missed)
    return dataclasses.replace(event, roster=roster)


def mark_absent(
    event: TasaseloEvent, competitor: CompetitorId, round_number: int, *, half_point: bool = False
) -> TasaseloEvent:
    """R5: a temporary interruption of one round not yet paired (scored 0, or a half-point
    bye where the organiser decides so, A1)."""
    _check_future(event, round_number, f"{competitor!r} cannot be marked absent")
    roster = add_absence(event.roster, competitor, round_number, half_point=half_point)
    return dataclasses.replace(event, roster=roster)


def withdraw(event: TasaseloEvent, competitor: CompetitorId, first_missed: int) -> TasaseloEvent:
    """R5: the player leaves for good from a round not yet paired."""
    _check_future(event, first_missed, f"{competitor!r} cannot withdraw")
    return dataclasses.replace(event, roster=add_withdrawal(event.roster, competitor, first_missed))


def _check_future(event: TasaseloEvent, round_number: int, what: str) -> None:
    if round_number < event.next_round:
        raise IllegalResult(
            f"{what} in round {round_number}: rounds up to {event.next_round - 1} are paired",
            round=round_number,
        )


def compute_event_selos(event: TasaseloEvent) -> tuple[dict[CompetitorId, Fraction], ...]:
    """Variable selos at the start (index 0) and after each played round (index r)."""
    starting = {e.id: Fraction(e.selo) for e in event.roster.entries}
    return compute_selo_history(
        starting,
        event.games,
        len(event.played),
        event.parameters.k_factor,
        event.parameters.expected_score_table,
    )


def compute_colour_histories(event: TasaseloEvent) -> dict[CompetitorId, ColourHistory]:
    """+1 White, −1 Black, 0 no played game, for every played round."""
    histories = {e.id: [NOT_PLAYED] * len(event.played) for e in event.roster.entries}
    for game in event.games:
        if game.result.is_played:
            histories[game.first][game.round - 1] = WHITE
            histories[game.second][game.round - 1] = BLACK
    return {c: tuple(h) for c, h in histories.items()}


def compute_contenders(
    event: TasaseloEvent, field: RoundField, selos: Mapping[CompetitorId, Fraction]
) -> list[Contender]:
    colours = compute_colour_histories(event)
    met: dict[CompetitorId, set[CompetitorId]] = {e.id: set() for e in event.roster.entries}
    for game in event.games:
        # Any earlier pairing counts as a meeting, forfeits included: a no-show is not
        # paired against the same opponent again.
        met[game.first].add(game.second)
        met[game.second].add(game.first)
    ghosted = {b.competitor for b in event.byes if b.kind is GHOST_WIN}
    return [
        Contender(
            competitor=entry.id,
            number=entry.number,
            selo=selos[entry.id],
            colours=colours[entry.id],
            opponents=frozenset(met[entry.id]),
            had_ghost=entry.id in ghosted,
        )
        for entry in field.players
    ]


def pair_next_round(
    event: TasaseloEvent,
    seed: int,
    *,
    ignore_colours: bool | None = None,
    manual_pairs: Sequence[tuple[CompetitorId, CompetitorId]] | None = None,
    forbidden_pairs: ForbiddenPairs = (),
) -> RoundPairing:
    """Pair the next round from the variable selos after the last one (R12, R15-R20, R26,
    R27). `ignore_colours` is the arbiter's R20 option (default: the preset's). With the
    round-1 draw turned off, `manual_pairs` gives the three pairs of the first six (A21).
    `forbidden_pairs` (the arbiter's) never meet."""
    round_number = event.next_round
    if round_number > event.rounds:
        raise ConfigError(
            f"all {event.rounds} rounds have been paired", code="event_finished", round=round_number
        )
    field = plan_round_field(event.roster, round_number)
    selos = compute_event_selos(event)[-1]
    contenders = compute_contenders(event, field, selos)
    if round_number == 1:
        if event.parameters.round1_draw and manual_pairs is not None:
            raise ConfigError(
                "round 1 is drawn by lot; turn 'round1_draw' off to enter its pairs by hand",
                parameter="round1_draw",
            )
        if not event.parameters.round1_draw and manual_pairs is None:
            raise ConfigError(
                "'round1_draw' is off: enter the pairs of the first six players by hand (A21)",
                parameter="round1_draw",
            )
        return pair_first_round(
            contenders,
            seed=seed,
            ghost=field.ghost,
            manual_pairs=manual_pairs,
            forbidden_pairs=forbidden_pairs,
        )
    if manual_pairs is not None:
        raise ConfigError("only round 1 has hand-entered pairs (A21)", round=round_number)
    regardless = event.parameters.ignore_colours if ignore_colours is None else ignore_colours
    return pair_later_round(
        round_number,
        contenders,
        seed=seed,
        ghost=field.ghost,
        ignore_colours=regardless,
        forbidden_pairs=forbidden_pairs,
    )


def record_round(
    event: TasaseloEvent,
    pairing: RoundPairing,
    results: Mapping[int, GameResult],
    *,
    allow_pending: bool = False,
) -> TasaseloEvent:
    """Add a round: `results` maps each board number (ghost boards excepted) to its result,
    read from White's side. Rests and absences of the round are recorded as byes.

    `allow_pending` leaves boards without a result out instead of refusing them: the standings
    of a round in play (R35), which update as each result comes in. Such an event is for
    reading only; the next round is paired once every result is in.
    """
    round_number = event.next_round
    if pairing.round != round_number:
        raise IllegalResult(
            f"the next round to record is {round_number}, not {pairing.round}",
            round=pairing.round,
        )
    _check_pairing_players(event, pairing)
    boards = {b.number: b for b in pairing.boards}
    for number in results:
        if number not in boards or boards[number].is_ghost:
            raise IllegalResult(
                f"round {round_number}: no game on board {number}",
                round=round_number,
                board=number,
            )
    games: list[Game] = []
    byes: list[Bye] = []
    for board in pairing.boards:
        if board.black is None:
            byes.append(Bye(round_number, board.white, GHOST_WIN))
            continue
        result = results.get(board.number)
        if result is None or not result.is_decided:
            if allow_pending:
                continue
            raise IllegalResult(
                f"round {round_number}, board {board.number} ({board.white} - {board.black}): "
                "no result",
                round=round_number,
                board=board.number,
            )
        games.append(Game(round_number, board.white, board.black, result))
    for entry in event.roster.entries:
        status = event.roster.status(entry.id, round_number)
        if status is Status.RESTING:
            byes.append(Bye(round_number, entry.id, ROUND1_REST))
        elif status is Status.ABSENT:
            byes.append(
                Bye(round_number, entry.id, event.roster.absence_bye(entry.id, round_number))
            )
        elif status is Status.NOT_ENTERED and entry.missed is not None:
            byes.append(Bye(round_number, entry.id, entry.missed))
    played = PlayedRound(pairing, tuple(games), tuple(byes))
    return dataclasses.replace(event, played=(*event.played, played))


def _check_pairing_players(event: TasaseloEvent, pairing: RoundPairing) -> None:
    seen: set[CompetitorId] = set()
    for player in pairing.players:
        if player in seen:
            raise IllegalResult(
                f"round {pairing.round}: {player!r} is paired twice",
                round=pairing.round,
                competitor=player,
            )
        seen.add(player)
        status = event.roster.status(player, pairing.round)
        if status is not Status.PLAYING:
            raise IllegalResult(
                f"round {pairing.round}: {player!r} is paired but {status.value}",
                round=pairing.round,
                competitor=player,
            )


def compute_standings(event: TasaseloEvent, lot_seed: int) -> TasaseloStandings:
    """R29-R38: the comparison list, standings per prize group and the prizes, from the
    results recorded so far. `lot_seed` draws the lots of A16 (recorded in the result)."""
    parameters = event.parameters
    roster = event.roster
    points = compute_points([e.id for e in roster.entries], event.games, event.byes, parameters)
    rows = compute_comparison_list(
        roster.entries, event.games, points, parameters, compute_event_selos(event)
    )
    lots = compute_lots([e.id for e in roster.entries], lot_seed)
    groups = compute_prize_groups(roster.entries, roster.rounds, parameters)
    standings = compute_group_standings(groups, rows, lots)
    # The spec says nothing of a player who withdraws (R5 only lets them); prizes go to the
    # players who finish the tournament, so a withdrawn player wins none and the prize passes
    # to the next eligible player of the order (as the reserve's, A10).
    ineligible = frozenset(competitor for competitor, _ in roster.withdrawals)
    if roster.reserve is not None and not parameters.reserve_prize_eligible:
        ineligible |= {roster.reserve}
    prizes = compute_prizes(standings, lots, parameters, ineligible)
    return TasaseloStandings(len(event.played), rows, standings, prizes, lot_seed)


def pair_next_round_or_regardless_of_colours(
    event: TasaseloEvent, seed: int, *, forbidden_pairs: ForbiddenPairs = ()
) -> RoundPairing:
    """Pair the next round; when the colour rules leave no pairing, pair it again regardless
    of colours (R20, the arbiter's way out), still aiming for colour balance. The returned
    pairing says which way it was made. `forbidden_pairs` never meet either way."""
    try:
        return pair_next_round(event, seed, forbidden_pairs=forbidden_pairs)
    except NoValidPairing as exc:
        if exc.code != "colours_unresolvable":
            raise
    return pair_next_round(event, seed, ignore_colours=True, forbidden_pairs=forbidden_pairs)
