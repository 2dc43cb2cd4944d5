"""TRF files and the engine's vocabulary: `TrfTournament` <-> `StageResults`.

Competitor ids are the starting ranks as text. A game appears once (the two lines that record
it are checked to agree when the file is read); its first side is the player with `w`, or the
lower starting rank when the file gives no colours (forfeits may).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.model import (
    Bye,
    ByeKind,
    Competitor,
    CompetitorId,
    Game,
    GameResult,
    Outcome,
    Side,
    StageResults,
)
from mashindano.engine.points import ZERO, Points, PointSystem
from mashindano.interchange.trf_model import (
    TrfAccelerationRecord,
    TrfByeDeclaration,
    TrfColour,
    TrfPlayer,
    TrfRoundEntry,
    TrfTournament,
    compute_point_system,
    count_paired_rounds,
    normalise_point_system,
    tournament_point_system,
)
from mashindano.interchange.trf_read import parse_trf
from mashindano.interchange.trf_write import format_trf

if TYPE_CHECKING:
    # Only for annotations: importing `engine.pairing` loads the whole Dutch engine, which
    # `standings --trf` does not need (start-up, issue 28); `baku_acceleration` is imported
    # where a file asks for Baku.
    from mashindano.engine.pairing.baku import Acceleration

__all__ = [
    "TrfAccelerationRecord",
    "TrfByeDeclaration",
    "TrfPlayer",
    "TrfRoundEntry",
    "TrfTournament",
    "competitor_id",
    "format_trf",
    "parse_trf",
    "stage_results_to_trf",
    "trf_acceleration",
    "trf_to_stage_results",
]

_BYE_KINDS = {
    "U": ByeKind.PAIRING_ALLOCATED,
    "F": ByeKind.FULL_POINT,
    "H": ByeKind.HALF_POINT,
    "Z": ByeKind.ZERO_POINT,
    "-": ByeKind.ZERO_POINT,
    "": ByeKind.ZERO_POINT,
}
_FIRST_RESULTS = {
    "1": GameResult.FIRST_WINS,
    "W": GameResult.FIRST_WINS,
    "0": GameResult.SECOND_WINS,
    "L": GameResult.SECOND_WINS,
    "=": GameResult.DRAW,
    "D": GameResult.DRAW,
    "+": GameResult.FIRST_WINS_BY_FORFEIT,
    "": GameResult.NOT_PLAYED,
}


def competitor_id(starting_rank: int) -> CompetitorId:
    """The engine id of a TRF player."""
    return CompetitorId(str(starting_rank))


def trf_to_stage_results(t: TrfTournament) -> StageResults:
    """The games, byes, point system and rounds a TRF file records.

    Competitors come in starting-rank order. Blocks after the last round anyone was paired in
    are byes declared before that round was paired, as are `240` records and XXZ absences
    (XXZ: for the next round). Each player has a game or a bye in every round up to the last
    paired round or his own last recorded round, whichever is later: a blank or missing block
    there is a zero-point bye, as the TRF rules say.
    """
    by_rank = {p.starting_rank: p for p in t.players}
    games: list[Game] = []
    byes: dict[tuple[int, int], Bye] = {}
    busy: dict[int, set[int]] = {rank: set() for rank in by_rank}
    for p in t.players:
        for r, entry in enumerate(p.rounds, start=1):
            if entry.opponent is None:
                _add_bye(byes, r, p.starting_rank, _BYE_KINDS[entry.result])
            elif _is_first(p.starting_rank, entry):
                other = by_rank[entry.opponent].entry(r)
                games.append(_game(r, p.starting_rank, entry, other))
            busy[p.starting_rank].add(r)
    paired = count_paired_rounds(t.players)
    declared = [(b.round, rank, _BYE_KINDS[b.kind]) for b in t.declared_byes for rank in b.players]
    declared += [(paired + 1, rank, ByeKind.ZERO_POINT) for rank in t.absent]
    for r, rank, kind in declared:
        _add_bye(byes, r, rank, kind)
        busy[rank].add(r)
    for rank, rounds in busy.items():
        for r in range(1, max([paired, *rounds]) + 1):
            if r not in rounds:
                _add_bye(byes, r, rank, ByeKind.ZERO_POINT)
    return StageResults(
        competitors=tuple(_competitor(by_rank[rank]) for rank in sorted(by_rank)),
        games=tuple(sorted(games, key=lambda g: (g.round, int(g.first)))),
        byes=tuple(sorted(byes.values(), key=lambda b: (b.round, int(b.competitor)))),
        points=tournament_point_system(t),
        rounds=t.rounds,
    )


def trf_acceleration(t: TrfTournament) -> dict[CompetitorId, tuple[Points, ...]] | None:
    """The virtual points a file gives for pairing (Baku acceleration, C.04.7), or None.

    XXA lines, when present, give them player by player (players without a line get none);
    else 250 records (their game points); else a 192 type ending in `_BAKU` asks for the
    Baku rule over every `001` player in starting-rank order and the file's number of rounds.
    Raises `ConfigError` when 192 asks for Baku and the file gives no number of rounds.
    """
    if t.accelerations:
        return {competitor_id(rank): values for rank, values in t.accelerations}
    if t.acceleration_records:
        by_rank: dict[int, dict[int, Points]] = {}
        for record in t.acceleration_records:
            for rank in range(record.first_player, record.last_player + 1):
                rounds = by_rank.setdefault(rank, {})
                for r in range(record.first_round, record.last_round + 1):
                    rounds[r] = record.game_points
        return {
            competitor_id(rank): tuple(rounds.get(r, ZERO) for r in range(1, max(rounds) + 1))
            for rank, rounds in by_rank.items()
        }
    if not t.asks_for_baku:
        return None
    if t.rounds is None:
        raise ConfigError(
            f"192 {t.encoded_type} asks for Baku acceleration, which needs the number of "
            "rounds (142 or XXR)",
        )
    from mashindano.engine.pairing.baku import baku_acceleration

    ranks = sorted(p.starting_rank for p in t.players)
    return baku_acceleration(
        [competitor_id(rank) for rank in ranks],
        t.rounds,
        compute_point_system(t.scoring, t.bbp_points),
    )


def acceleration_lines(
    results: StageResults, acceleration: Acceleration, total_rounds: int
) -> tuple[tuple[int, tuple[Points, ...]], ...]:
    """XXA lines (starting rank, points of rounds 1..`total_rounds`) of every competitor."""
    starting = _starting_ranks(results)
    lines: list[tuple[int, tuple[Points, ...]]] = []
    for c in sorted(results.competitors, key=lambda c: starting[c.id]):
        values = acceleration.get(c.id, ())
        padded = tuple(
            values[r - 1] if r <= len(values) else ZERO for r in range(1, total_rounds + 1)
        )
        lines.append((starting[c.id], padded))
    return tuple(lines)


def _competitor(p: TrfPlayer) -> Competitor:
    return Competitor(
        id=competitor_id(p.starting_rank),
        name=p.name,
        rating=p.rating,
        country=p.federation,
        number=p.starting_rank,
    )


def _add_bye(byes: dict[tuple[int, int], Bye], r: int, rank: int, kind: ByeKind) -> None:
    # A player's own block and a 240/XXZ declaration may both record the same bye; a
    # zero-point declaration never overrides the kind the block gives.
    key = (r, rank)
    if key in byes and kind is ByeKind.ZERO_POINT:
        return
    byes[key] = Bye(r, competitor_id(rank), kind)


def _is_first(rank: int, entry: TrfRoundEntry) -> bool:
    assert entry.opponent is not None
    if entry.colour is None:
        return rank < entry.opponent
    return entry.colour == "w"


def _game(r: int, rank: int, entry: TrfRoundEntry, other: TrfRoundEntry) -> Game:
    assert entry.opponent is not None
    if entry.result == "-":
        result = (
            GameResult.DOUBLE_FORFEIT if other.result == "-" else GameResult.SECOND_WINS_BY_FORFEIT
        )
    else:
        result = _FIRST_RESULTS[entry.result]
    return Game(r, competitor_id(rank), competitor_id(entry.opponent), result)


# -- export ----------------------------------------------------------------------------------


def stage_results_to_trf(
    results: StageResults,
    *,
    name: str | None = None,
    total_rounds: int | None = None,
    initial_colour: Side | None = None,
    ranks: Mapping[CompetitorId, int] | None = None,
    acceleration: Acceleration | None = None,
) -> TrfTournament:
    """A TRF tournament recording `results`, ready for `format_trf`.

    Starting ranks are the competitors' `number`s (or their order when none has one); the
    points column is computed with `results.points`; `ranks` are the places written (the
    standings with their tie-breaks); without them, ranks order by points, then starting rank.
    A sit-out (round-robin rest round) is written as `Z`. With `acceleration` (Baku, C.04.7)
    every player gets an XXA line over the tournament's rounds.
    """
    starting = _starting_ranks(results)
    system = results.points
    entries: dict[CompetitorId, dict[int, TrfRoundEntry]] = {c.id: {} for c in results.competitors}
    points: dict[CompetitorId, Points] = dict.fromkeys(entries, ZERO)

    def record(r: int, who: CompetitorId, entry: TrfRoundEntry, worth: Points) -> None:
        if who not in entries:
            raise IllegalResult(f"round {r}: unknown competitor {who!r}", competitor=who, round=r)
        if r in entries[who]:
            raise IllegalResult(f"round {r}: {who} has two games or byes", competitor=who, round=r)
        entries[who][r] = entry
        points[who] += worth

    for g in results.games:
        sides: tuple[tuple[CompetitorId, CompetitorId, TrfColour], ...] = (
            (g.first, g.second, "w"),
            (g.second, g.first, "b"),
        )
        for who, opponent, colour in sides:
            outcome = g.outcome_for(who)
            entry = TrfRoundEntry(starting[opponent], colour, _result_code(g.result, outcome))
            record(g.round, who, entry, _game_points(g.result, outcome, system))
    for b in results.byes:
        if b.kind is ByeKind.SIT_OUT and system.sit_out != system.zero_point_bye:
            raise ConfigError(
                f"round {b.round}: TRF writes a rest round as Z, worth {system.zero_point_bye} "
                f"points, but this point system gives {system.sit_out}",
                competitor=b.competitor,
                round=b.round,
            )
        code = "Z" if b.kind is ByeKind.SIT_OUT else b.kind.value
        record(b.round, b.competitor, TrfRoundEntry(None, None, code), b.kind.points(system))

    ordered = sorted(results.competitors, key=lambda c: (-points[c.id], starting[c.id]))
    standing = {c.id: place for place, c in enumerate(ordered, start=1)}
    if ranks is not None:
        standing.update(ranks)
    last = max((r for rounds in entries.values() for r in rounds), default=0)
    players = tuple(
        TrfPlayer(
            starting_rank=starting[c.id],
            name=c.name,
            rating=c.rating,
            federation=c.country,
            points=points[c.id],
            rank=standing[c.id],
            rounds=tuple(entries[c.id].get(r, TrfRoundEntry()) for r in range(1, last + 1)),
        )
        for c in sorted(results.competitors, key=lambda c: starting[c.id])
    )
    scoring, bbp_points = _point_lines(system)
    rounds = total_rounds if total_rounds is not None else results.rounds
    return TrfTournament(
        players=players,
        name=name,
        rounds=rounds,
        initial_colour=initial_colour,
        scoring=scoring,
        bbp_points=bbp_points,
        accelerations=(
            acceleration_lines(results, acceleration, rounds or last)
            if acceleration is not None
            else ()
        ),
    )


def _starting_ranks(results: StageResults) -> dict[CompetitorId, int]:
    numbers = [c.number for c in results.competitors]
    if all(n is None for n in numbers):
        return {c.id: i for i, c in enumerate(results.competitors, start=1)}
    ranks: dict[CompetitorId, int] = {}
    seen: dict[int, CompetitorId] = {}
    for c in results.competitors:
        if c.number is None or not 1 <= c.number <= 9999:
            raise ConfigError(
                f"competitor {c.id} has no starting rank 1-9999 (number {c.number})",
                competitor=c.id,
            )
        if c.number in seen:
            raise ConfigError(
                f"competitors {seen[c.number]} and {c.id} share starting rank {c.number}",
                competitor=c.id,
            )
        seen[c.number] = c.id
        ranks[c.id] = c.number
    return ranks


def _result_code(result: GameResult, outcome: Outcome | None) -> str:
    if result is GameResult.NOT_PLAYED or outcome is None:
        return ""
    if result.is_forfeit:
        return "+" if outcome is Outcome.WIN else "-"
    return {Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0"}[outcome]


def _game_points(result: GameResult, outcome: Outcome | None, system: PointSystem) -> Points:
    match outcome:
        case None:
            return ZERO
        case Outcome.WIN:
            return system.forfeit_win_points if result.is_forfeit else system.win
        case Outcome.DRAW:
            return system.draw
        case Outcome.LOSS:
            return system.forfeit_loss_points if result.is_forfeit else system.loss


def _point_lines(
    system: PointSystem,
) -> tuple[tuple[tuple[str, Points], ...], tuple[tuple[str, Points], ...]]:
    """Record 162 and BB? lines for a point system, both empty for chess defaults."""
    wanted = normalise_point_system(replace(system, sit_out=ZERO))
    if wanted == normalise_point_system(PointSystem()):
        return (), ()
    scoring = (
        ("W", system.win),
        ("D", system.draw),
        ("L", system.loss),
        ("A", system.zero_point_bye),
        ("P", system.pairing_bye_points),
    )
    bbp = (
        ("BBW", system.win),
        ("BBD", system.draw),
        ("BBL", system.loss),
        ("BBZ", system.zero_point_bye),
        ("BBF", system.forfeit_loss_points),
        ("BBU", system.pairing_bye_points),
    )
    scoring_fits = normalise_point_system(compute_point_system(scoring, ())) == wanted
    bbp_fits = normalise_point_system(compute_point_system((), bbp)) == wanted
    if scoring_fits or bbp_fits:
        return (scoring if scoring_fits else ()), (bbp if bbp_fits else ())
    raise ConfigError(
        "TRF cannot express this point system (forfeit wins and full-point byes must be "
        "worth a win, half-point byes a draw)",
        points=str(system),
    )
