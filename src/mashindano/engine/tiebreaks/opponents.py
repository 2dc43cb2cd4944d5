"""Tie-breaks built on the opponents' final scores (FIDE type C): Sonneborn-Berger and
Neustadtl (one function, grouped per game or per encounter) and the Buchholz family.

All sums run on the table's scaled integers; only the final values become fractions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from enum import Enum
from operator import mul

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import ByeKind, CompetitorId
from mashindano.engine.sheets import GameStatus, ScoreTable
from mashindano.engine.tiebreaks.base import Better, TieBreak, TieValues, Unplayed


class Grouping(Enum):
    """What one opponent-weighted term covers.

    For single games scored 1/½/0 both give the same number.
    """

    GAME = "game"
    """Sonneborn-Berger: each game's points (in wins) times the opponent's score."""
    ENCOUNTER = "encounter"
    """Neustadtl per pairing (KIBA R30): the share of the encounter's games' points won
    (2-0 → 1, 1-1 → ½) times the opponent's score."""


class Cut(Enum):
    NONE = "none"
    LOWEST = "cut1"
    """BH-C1: drop the least significant contribution."""
    MEDIAN = "median1"
    """BH-M1: drop the least and the most significant contributions."""


DUMMY = -1
"""Opponent position standing for FIDE 2023's dummy opponent of an unplayed round."""


def compute_weighted_score(
    table: ScoreTable, *, grouping: Grouping, unplayed: Unplayed = Unplayed.SKIP
) -> TieValues:
    """Σ over terms of (points won / points a win gives, per game of the term) × opponent's
    final score. Sonneborn-Berger with `Grouping.GAME`, Neustadtl with `Grouping.ENCOUNTER`.

    With `Unplayed.SKIP` the player's own byes add nothing (chess-manager A7: a round-robin
    sit-out is skipped); opponents count with their full final score; a game forfeited by
    one side counts as a result against the paired opponent, a double forfeit meets no one.
    Points are measured in wins, so under 3/1/0 a draw weighs a third of a win.
    """
    if table.win <= 0:
        raise ConfigError(
            "Sonneborn-Berger and Neustadtl need a win to be worth more than 0 points",
            win=table.to_points(table.win),
        )
    unit = table.win * table.scale
    if unplayed is Unplayed.FIDE2023:
        rounds = fide2023_rounds(table)
        seen = rounds.seen_scores
        return _weighted(
            [
                [seen[o] if o != DUMMY else table.scores[i] for o in opponents]
                for i, opponents in enumerate(rounds.opponents)
            ],
            rounds.points,
            rounds.games if grouping is Grouping.ENCOUNTER else None,
            unit,
        )
    games = table.encounter_games if grouping is Grouping.ENCOUNTER else None
    scores = table.scores
    if games is None:
        # The hot path of every large Swiss: no lists, no Fractions.
        return TieValues(
            [
                sum(map(mul, points, map(scores.__getitem__, opponents)))
                for opponents, points in zip(table.opponents, table.encounter_points, strict=True)
            ],
            unit,
        )
    opponent_scores = [[scores[o] for o in opponents] for opponents in table.opponents]
    return _weighted(opponent_scores, table.encounter_points, games, unit)


def _weighted(
    opponent_scores: list[list[int]],
    points: list[list[int]],
    games: list[list[int]] | None,
    unit: int,
) -> TieValues:
    if games is None:
        return TieValues(
            [sum(map(mul, p, s)) for p, s in zip(points, opponent_scores, strict=True)], unit
        )
    common = math.lcm(1, *{g for row in games for g in row})
    return TieValues(
        [
            sum(p * (common // g) * s for p, g, s in zip(pts, gms, scs, strict=True))
            for pts, gms, scs in zip(points, games, opponent_scores, strict=True)
        ],
        unit * common,
    )


def compute_buchholz(
    table: ScoreTable,
    *,
    cut: Cut = Cut.NONE,
    exclude_bye_points: bool = True,
    unplayed: Unplayed = Unplayed.SKIP,
) -> TieValues:
    """Sum of the opponents' scores, one term per encounter, with an optional cut.

    `Unplayed.SKIP` (chess-manager A6(c), the default): the player's own byes add no
    opponent, and with `exclude_bye_points` the opponents' scores leave out the points they
    got from byes (A6(b)); without it they count in full (the alternative reading of E4).
    `Unplayed.FIDE2023`: see `Unplayed`; the opponents' bye points count as awarded.
    """
    if unplayed is Unplayed.FIDE2023:
        return _buchholz_fide2023(table, cut)
    scores = table.scores
    if exclude_bye_points:
        scores = [s - b for s, b in zip(scores, table.bye_points, strict=True)]
    if cut is Cut.NONE:
        return TieValues([sum(map(scores.__getitem__, o)) for o in table.opponents], table.scale)
    contributions = table.memo(
        f"buchholz-sorted:{exclude_bye_points}",
        lambda: [sorted(map(scores.__getitem__, o)) for o in table.opponents],
    )
    if cut is Cut.LOWEST:
        values = [sum(c) - c[0] if c else 0 for c in contributions]
    else:
        values = [sum(c) - c[0] - c[-1] if len(c) > 1 else 0 for c in contributions]
    return TieValues(values, table.scale)


def _buchholz_fide2023(table: ScoreTable, cut: Cut) -> TieValues:
    rounds = fide2023_rounds(table)
    seen = rounds.seen_scores
    values = []
    for i, (opponents, voluntary) in enumerate(
        zip(rounds.opponents, rounds.voluntary, strict=True)
    ):
        terms = [
            (seen[o] if o != DUMMY else table.scores[i], v)
            for o, v in zip(opponents, voluntary, strict=True)
        ]
        if cut is not Cut.NONE and terms:
            # C.07: a cut removes the lowest voluntary-unplayed-round term when there is one.
            vurs = [t for t in terms if t[1]]
            terms.remove(min(vurs) if vurs else min(terms))
            if cut is Cut.MEDIAN and terms:
                terms.remove(max(terms))
        values.append(sum(t[0] for t in terms))
    return TieValues(values, table.scale)


@dataclass(frozen=True, slots=True)
class Fide2023Rounds:
    """Per competitor, one term per encounter met over the board and one per unplayed round.

    `opponents` holds DUMMY for an unplayed round; `points` the points scored (credited for an
    unplayed round); `games` the games the term covers; `voluntary` marks voluntary unplayed
    rounds (requested byes, absences and forfeit losses). `seen_scores` are the scores as
    opponents see them: requested byes and forfeit losses followed only by more of them (a
    withdrawal) count as draws.
    """

    seen_scores: list[int]
    opponents: list[list[int]]
    points: list[list[int]]
    games: list[list[int]]
    voluntary: list[list[bool]]


def fide2023_rounds(table: ScoreTable) -> Fide2023Rounds:
    return table.memo("fide2023", lambda: _build_fide2023(table))


class _RoundKind(Enum):
    PLAYED = "played"
    PENDING = "pending"
    GRANTED = "granted"
    """Pairing-allocated or full-point bye, sit-out, forfeit win: not the player's choice."""
    REQUESTED = "requested"
    """Half- or zero-point bye, or no game and no bye at all (absent, withdrawn)."""
    FORFEIT_LOSS = "forfeit-loss"

    @property
    def is_voluntary(self) -> bool:
        return self in (_RoundKind.REQUESTED, _RoundKind.FORFEIT_LOSS)


@dataclass(slots=True)
class _History:
    """One competitor's rounds as FIDE 2023 classifies them."""

    kinds: dict[int, _RoundKind] = field(default_factory=dict)
    credited: dict[int, int] = field(default_factory=dict)
    """Points credited in rounds without a game over the board."""
    met: dict[int, list[int]] = field(default_factory=dict)
    """Per encounter met over the board: opponent, points, games."""


def _build_fide2023(table: ScoreTable) -> Fide2023Rounds:
    histories = _classify_rounds(table)
    last = table.rounds_so_far()
    rounds = Fide2023Rounds(list(table.scores), [], [], [], [])
    for i, history in enumerate(histories):
        terms = list(history.met.values())
        opponents = [term[0] for term in terms]
        points = [term[1] for term in terms]
        games = [term[2] for term in terms]
        voluntary = [False] * len(terms)
        only_voluntary_later = True
        for r in range(last, 0, -1):
            kind = history.kinds.get(r, _RoundKind.REQUESTED)
            if kind in (_RoundKind.PLAYED, _RoundKind.PENDING):
                only_voluntary_later = False
                continue
            got = history.credited.get(r, 0)
            if kind is _RoundKind.REQUESTED and only_voluntary_later:
                # Category 5 (a withdrawal, or a requested bye in the last round).
                rounds.seen_scores[i] += table.draw - got
            only_voluntary_later = only_voluntary_later and kind.is_voluntary
            opponents.append(DUMMY)
            points.append(got)
            games.append(1)
            voluntary.append(kind.is_voluntary)
        rounds.opponents.append(opponents)
        rounds.points.append(points)
        rounds.games.append(games)
        rounds.voluntary.append(voluntary)
    return rounds


def _classify_rounds(table: ScoreTable) -> list[_History]:
    histories = [_History() for _ in range(table.size)]
    for game in table.resolved_games():
        for me, other, scored, won in (
            (game.first, game.second, game.first_points, game.first_won),
            (game.second, game.first, game.second_points, game.second_won),
        ):
            history = histories[me]
            if game.status is GameStatus.PLAYED:
                history.kinds[game.round] = _RoundKind.PLAYED
                term = history.met.setdefault(game.encounter, [other, 0, 0])
                term[1] += scored
                term[2] += 1
            elif game.status is GameStatus.PENDING:
                history.kinds.setdefault(game.round, _RoundKind.PENDING)
            else:
                if history.kinds.get(game.round, _RoundKind.PENDING) is _RoundKind.PENDING:
                    history.kinds[game.round] = (
                        _RoundKind.GRANTED if won else _RoundKind.FORFEIT_LOSS
                    )
                history.credited[game.round] = history.credited.get(game.round, 0) + scored
    for bye in table.resolved_byes():
        requested = bye.kind in (ByeKind.HALF_POINT, ByeKind.ZERO_POINT)
        history = histories[bye.competitor]
        history.kinds[bye.round] = _RoundKind.REQUESTED if requested else _RoundKind.GRANTED
        history.credited[bye.round] = bye.points
    return histories


def _option_suffix(unplayed: Unplayed, exclude_bye_points: bool | None = None) -> str:
    if unplayed is Unplayed.FIDE2023:
        return ":fide2023"
    if exclude_bye_points is False:
        return ":include-bye-points"
    return ""


def sonneborn_berger(*, unplayed: Unplayed | str = Unplayed.SKIP) -> TieBreak:
    """SB (chess R9, A3): full score of beaten opponents, half of drawn ones, per game."""
    mode = Unplayed.parse(unplayed)
    return TieBreak(
        name="sb" + _option_suffix(mode),
        acronym="SB",
        better=Better.HIGHER,
        over_field=lambda t: compute_weighted_score(t, grouping=Grouping.GAME, unplayed=mode),
    )


def neustadtl(
    *, unplayed: Unplayed | str = Unplayed.SKIP, pairings_as_encounters: bool = False
) -> TieBreak:
    """Neustadtl per pairing (KIBA R30): a 2-0 pairing adds the opponent's score, 1-1 half.

    The encounters are the stage's (games sharing an `encounter` id; a game without one is
    its own). With `pairings_as_encounters` (`neustadtl:per-encounter`), the games without
    an id that two players played against each other also form one encounter, so results
    typed one game a row (KIBA's two games per pairing, no ids) give KIBA's reading.
    """
    mode = Unplayed.parse(unplayed)
    if pairings_as_encounters:
        if mode is not Unplayed.SKIP:
            raise ConfigError(
                "Neustadtl per encounter counts only the games played (no fide2023)",
                tiebreak="neustadtl",
            )
        return TieBreak(
            name="neustadtl:per-encounter",
            acronym="NS",
            better=Better.HIGHER,
            over_field=lambda t: compute_weighted_score(
                t.memo("pairings-as-encounters", lambda: _pairings_as_encounters(t)),
                grouping=Grouping.ENCOUNTER,
            ),
        )
    return TieBreak(
        name="neustadtl" + _option_suffix(mode),
        acronym="NS",
        better=Better.HIGHER,
        over_field=lambda t: compute_weighted_score(t, grouping=Grouping.ENCOUNTER, unplayed=mode),
    )


def _pairings_as_encounters(table: ScoreTable) -> ScoreTable:
    """The table with every game lacking an `encounter` id grouped with the other such games
    of the same two players (ids numbered after the stage's own)."""
    results = table.results
    if all(game.encounter is not None for game in results.games):
        return table
    next_id = 1 + max((g.encounter for g in results.games if g.encounter is not None), default=0)
    ids: dict[frozenset[CompetitorId], int] = {}
    games = []
    for game in results.games:
        if game.encounter is None:
            pair = frozenset((game.first, game.second))
            if pair not in ids:
                ids[pair] = next_id + len(ids)
            game = replace(game, encounter=ids[pair])
        games.append(game)
    return ScoreTable.from_results(replace(results, games=tuple(games)))


def buchholz(
    *, exclude_bye_points: bool | None = None, unplayed: Unplayed | str = Unplayed.SKIP
) -> TieBreak:
    """BH. `exclude_bye_points` defaults to True with `unplayed="skip"` (chess-manager A6)."""
    return _buchholz_family("buchholz", "BH", Cut.NONE, exclude_bye_points, unplayed)


def buchholz_cut1(
    *, exclude_bye_points: bool | None = None, unplayed: Unplayed | str = Unplayed.SKIP
) -> TieBreak:
    """BH-C1: Buchholz without the least significant contribution."""
    return _buchholz_family("buchholz-cut1", "BH-C1", Cut.LOWEST, exclude_bye_points, unplayed)


def median_buchholz(
    *, exclude_bye_points: bool | None = None, unplayed: Unplayed | str = Unplayed.SKIP
) -> TieBreak:
    """BH-M1: Buchholz without the least and the most significant contributions."""
    return _buchholz_family("median-buchholz", "BH-M1", Cut.MEDIAN, exclude_bye_points, unplayed)


def _buchholz_family(
    name: str,
    acronym: str,
    cut: Cut,
    exclude_bye_points: bool | None,
    unplayed: Unplayed | str,
) -> TieBreak:
    mode = Unplayed.parse(unplayed)
    if mode is Unplayed.FIDE2023 and exclude_bye_points:
        raise ConfigError(
            f"{name}: the FIDE 2023 treatment counts the opponents' bye points as awarded; "
            "it cannot be combined with exclude_bye_points",
            tiebreak=name,
        )
    exclude = mode is Unplayed.SKIP and exclude_bye_points is not False
    return TieBreak(
        name=name + _option_suffix(mode, exclude),
        acronym=acronym,
        better=Better.HIGHER,
        over_field=lambda t: compute_buchholz(
            t, cut=cut, exclude_bye_points=exclude, unplayed=mode
        ),
    )
