"""Sheets and the scaled score table: per-round entries, points, and result validation."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
from mashindano.engine.points import CHESS, THREE_ONE_ZERO, WIN_LOSS, PointSystem
from mashindano.engine.sheets import (
    GameStatus,
    ScoreTable,
    _fold_single_games,
    _fold_single_games_by_round,
    _scaled_outcomes,
    compute_sheets,
)

A, B, C, D = (CompetitorId(x) for x in "ABCD")
PLAYERS = tuple(Competitor(i, f"Player {i}") for i in (A, B, C, D))


def results(
    games: tuple[Game, ...] = (),
    byes: tuple[Bye, ...] = (),
    points: PointSystem = CHESS,
) -> StageResults:
    return StageResults(PLAYERS, games, byes, points=points)


def test_sheet_entries_from_both_sides() -> None:
    sheets = compute_sheets(
        results(
            games=(
                Game(1, A, B, GameResult.FIRST_WINS),
                Game(2, C, A, GameResult.DRAW),
                Game(1, C, D, GameResult.SECOND_WINS_BY_FORFEIT),
            ),
            byes=(Bye(2, B, ByeKind.PAIRING_ALLOCATED),),
        )
    )
    a = sheets[A]
    assert a.score == Fraction(3, 2)
    assert [(e.round, e.opponent, e.side, e.outcome, e.points) for e in a.entries] == [
        (1, B, Side.WHITE, Outcome.WIN, Fraction(1)),
        (2, C, Side.BLACK, Outcome.DRAW, Fraction(1, 2)),
    ]
    assert all(e.is_played and not e.is_forfeit for e in a.entries)
    (bye,) = sheets[B].entries_in_round(2)
    assert (bye.opponent, bye.bye, bye.points, bye.is_played) == (
        None,
        ByeKind.PAIRING_ALLOCATED,
        Fraction(1),
        False,
    )
    (forfeit,) = sheets[D].entries
    assert (forfeit.outcome, forfeit.points, forfeit.is_forfeit, forfeit.is_played) == (
        Outcome.WIN,
        Fraction(1),
        True,
        False,
    )
    assert sheets[C].score == Fraction(1, 2)


def test_sheets_keep_the_competitor_order() -> None:
    assert list(compute_sheets(results())) == [A, B, C, D]


def test_sheet_sides_for_bao() -> None:
    sheets = compute_sheets(
        results(games=(Game(1, A, B, GameResult.FIRST_WINS),)), first_side=Side.SOUTH
    )
    assert sheets[A].entries[0].side is Side.SOUTH
    assert sheets[B].entries[0].side is Side.NORTH


def test_first_side_must_move_first() -> None:
    with pytest.raises(ConfigError, match="black"):
        compute_sheets(results(), first_side=Side.BLACK)


def test_pending_game_scores_nothing_but_occupies_the_round() -> None:
    game = Game(1, A, B, GameResult.NOT_PLAYED)
    sheets = compute_sheets(results(games=(game,)))
    entry = sheets[A].entries[0]
    assert (entry.outcome, entry.points, entry.is_played) == (None, Fraction(0), False)
    with pytest.raises(IllegalResult, match="round 1: A is paired twice"):
        compute_sheets(results(games=(game, Game(1, A, C, GameResult.DRAW))))


def test_forfeit_points_come_from_the_point_system() -> None:
    system = PointSystem(forfeit_win=Fraction(1), forfeit_loss=Fraction(-1, 2))
    table = ScoreTable.from_results(
        results(games=(Game(1, A, B, GameResult.FIRST_WINS_BY_FORFEIT),), points=system)
    )
    assert table.scale == 2
    assert [table.to_points(s) for s in table.scores] == [1, Fraction(-1, 2), 0, 0]


def test_double_forfeit_meets_no_one() -> None:
    table = ScoreTable.from_results(results(games=(Game(1, A, B, GameResult.DOUBLE_FORFEIT),)))
    assert table.opponents[0] == []
    assert table.scores[0] == 0


def test_table_scales_three_one_zero_and_half_byes() -> None:
    table = ScoreTable.from_results(
        results(
            games=(Game(1, A, B, GameResult.DRAW), Game(2, A, C, GameResult.FIRST_WINS)),
            byes=(Bye(3, A, ByeKind.HALF_POINT),),
            points=THREE_ONE_ZERO,
        )
    )
    # A half-point bye is worth a draw (1 point) in 3/1/0.
    assert table.scale == 1
    assert table.to_points(table.scores[0]) == 5
    assert table.bye_points[0] == 1
    assert table.wins == [1, 0, 0, 0]


def test_wins_count_forfeit_wins_and_full_point_byes_only() -> None:
    table = ScoreTable.from_results(
        results(
            games=(
                Game(1, A, B, GameResult.FIRST_WINS_BY_FORFEIT),
                Game(1, C, D, GameResult.FIRST_WINS),
            ),
            byes=(Bye(2, A, ByeKind.FULL_POINT), Bye(2, C, ByeKind.HALF_POINT)),
        )
    )
    assert table.wins == [2, 0, 1, 0]


def test_encounter_of_two_games_is_one_opponent() -> None:
    table = ScoreTable.from_results(
        results(
            games=(
                Game(1, A, B, GameResult.FIRST_WINS, encounter=7),
                Game(1, B, A, GameResult.FIRST_WINS, encounter=7),
                Game(1, C, D, GameResult.FIRST_WINS, encounter=8),
                Game(1, D, C, GameResult.SECOND_WINS, encounter=8),
            ),
            points=WIN_LOSS,
        )
    )
    assert table.opponents[0] == [1]
    points = [[table.to_points(p) for p in row] for row in table.encounter_points]
    assert points == [[1], [1], [2], [0]]
    assert table.encounter_games == [[2], [2], [2], [2]]


def test_single_game_encounters_need_no_game_counts() -> None:
    table = ScoreTable.from_results(
        results(games=(Game(1, A, B, GameResult.FIRST_WINS, encounter=1),))
    )
    assert table.encounter_games is None


def test_encounter_spanning_rounds_is_one_encounter() -> None:
    table = ScoreTable.from_results(
        results(
            games=(
                Game(1, A, B, GameResult.FIRST_WINS, encounter=1),
                Game(2, B, A, GameResult.FIRST_WINS, encounter=1),
                Game(3, A, B, GameResult.NOT_PLAYED, encounter=1),
            )
        )
    )
    assert table.opponents[0] == [1]
    assert table.encounter_games == [[2], [2], [], []]


def test_parallel_games_with_encounter_ids_are_allowed() -> None:
    # KIBA plays every game of a stage at once: several opponents in one round.
    games = tuple(
        Game(1, x, y, GameResult.FIRST_WINS, encounter=k)
        for k, (x, y) in enumerate([(A, B), (A, C), (A, D), (B, C)])
    )
    assert compute_sheets(results(games=games))[A].score == 3


@pytest.mark.parametrize(
    ("games", "byes", "message"),
    [
        (
            (Game(1, A, B, GameResult.DRAW), Game(1, A, C, GameResult.DRAW)),
            (),
            "round 1: A is paired twice",
        ),
        (
            (Game(2, A, B, GameResult.DRAW), Game(2, B, A, GameResult.DRAW)),
            (),
            "round 2: B is paired twice",
        ),
        (
            (Game(1, A, B, GameResult.DRAW), Game(1, C, A, GameResult.DRAW, encounter=3)),
            (),
            "round 1: A is paired twice",
        ),
        ((Game(1, A, B, GameResult.DRAW),), (Bye(1, B, ByeKind.HALF_POINT),), "round 1: B has"),
        (
            (),
            (Bye(4, C, ByeKind.HALF_POINT), Bye(4, C, ByeKind.ZERO_POINT)),
            "round 4: C has two byes",
        ),
        (
            (
                Game(1, A, B, GameResult.DRAW, encounter=1),
                Game(2, A, C, GameResult.DRAW, encounter=1),
            ),
            (),
            "round 2: encounter 1 is between A and B",
        ),
        ((Game(1, A, CompetitorId("Z"), GameResult.DRAW),), (), "unknown competitor 'Z'"),
        ((), (Bye(3, CompetitorId("Y"), ByeKind.FULL_POINT),), "round 3: unknown competitor"),
        ((Game(0, A, B, GameResult.DRAW),), (), "round numbers start at 1"),
    ],
)
def test_illegal_results_name_round_and_competitor(
    games: tuple[Game, ...], byes: tuple[Bye, ...], message: str
) -> None:
    with pytest.raises(IllegalResult, match=message) as error:
        ScoreTable.from_results(results(games=games, byes=byes))
    assert "competitor" in error.value.params


def test_duplicate_competitor_refused() -> None:
    doubled = StageResults((*PLAYERS, Competitor(A, "Again")))
    with pytest.raises(IllegalResult, match="listed twice") as error:
        compute_sheets(doubled)
    assert error.value.code == "duplicate_competitor"


def test_resolved_games_share_the_encounter_key() -> None:
    table = ScoreTable.from_results(
        results(
            games=(
                Game(1, C, D, GameResult.DRAW),
                Game(1, A, B, GameResult.FIRST_WINS, encounter=9),
                Game(1, B, A, GameResult.FIRST_WINS, encounter=9),
            )
        )
    )
    keys = [g.encounter for g in table.resolved_games()]
    assert keys == [0, 1, 1]
    assert [g.status for g in table.resolved_games()] == [GameStatus.PLAYED] * 3


# Events with many sparse rounds are folded per game instead of per round; both readings
# must agree.

NAMES = [CompetitorId(f"P{i}") for i in range(6)]


@st.composite
def single_game_events(draw: st.DrawFn) -> StageResults:
    games: list[Game] = []
    for round_number in draw(st.lists(st.integers(1, 40), unique=True, max_size=6)):
        order = draw(st.permutations(NAMES))
        for k in range(draw(st.integers(0, 3))):
            result = draw(st.sampled_from(list(GameResult)))
            games.append(Game(round_number, order[2 * k], order[2 * k + 1], result))
    return StageResults(tuple(Competitor(n, n) for n in NAMES), tuple(games))


@settings(max_examples=100, deadline=None)
@given(single_game_events())
def test_folding_by_round_and_by_game_agree(results: StageResults) -> None:
    index = {c.id: i for i, c in enumerate(results.competitors)}
    outcomes = _scaled_outcomes(results.points, 2)
    games = list(results.games)
    by_round = _fold_single_games_by_round(games, index, outcomes)
    by_game = _fold_single_games(games, index, outcomes)
    assert by_round.scores == by_game.scores
    assert by_round.wins == by_game.wins
    for i in range(len(NAMES)):
        assert sorted(zip(by_round.opponents[i], by_round.encounter_points[i], strict=True)) == (
            sorted(zip(by_game.opponents[i], by_game.encounter_points[i], strict=True))
        )
    for game in games:
        assert by_round.occupies(game.round, index[game.first])
        assert by_game.occupies(game.round, index[game.second])
    assert not by_round.occupies(41, 0)
    assert not by_game.occupies(41, 0)


def test_many_sparse_rounds() -> None:
    # 400 players, one game in each of 400 rounds: the per-game reading is used.
    competitors = tuple(Competitor(CompetitorId(f"Q{i}"), f"Q{i}") for i in range(400))
    games = tuple(
        Game(r, competitors[r - 1].id, competitors[r].id, GameResult.FIRST_WINS)
        for r in range(1, 400)
    )
    table = ScoreTable.from_results(StageResults(competitors, games))
    assert table.to_points(table.scores[0]) == table.to_points(table.scores[398]) == 1
    assert table.opponents[1] == [0, 2]
    clash = Game(5, competitors[4].id, competitors[9].id, GameResult.DRAW)
    with pytest.raises(IllegalResult, match="round 5: Q4 is paired twice"):
        ScoreTable.from_results(StageResults(competitors, (*games, clash)))
