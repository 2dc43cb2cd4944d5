"""Monthly points (R32-R39): the cases around the spec examples."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku import (
    GOMOKU_LEAGUE,
    GameWinner,
    Ladder,
    LadderMatch,
    MatchResult,
    MatchStatus,
    compute_pairings,
    compute_stage_points,
    parse_games,
)
from mashindano.engine.model import CompetitorId
from mashindano.engine.parameters import override

F = Fraction


def ladder(size: int = 7) -> Ladder:
    return Ladder.of([(f"p{k}", F(3) - F(k, 10)) for k in range(1, size + 1)])


def match(board: Ladder, a: str, b: str) -> LadderMatch:
    key = frozenset((CompetitorId(a), CompetitorId(b)))
    return next(m for m in compute_pairings(board) if m.key == key)


def test_parse_games_letters() -> None:
    assert parse_games("uuld") == (
        GameWinner.UPPER,
        GameWinner.UPPER,
        GameWinner.LOWER,
        GameWinner.DRAW,
    )
    with pytest.raises(IllegalResult, match="unknown game letter"):
        parse_games("UX")


def test_statuses() -> None:
    board = ladder()
    m = match(board, "p1", "p2")
    assert MatchResult.played(m, "UU").status is MatchStatus.PLAYED
    assert MatchResult.no_show(m, CompetitorId("p2")).status is MatchStatus.NO_SHOW
    assert MatchResult.unplayed(m).status is MatchStatus.UNPLAYED


def test_no_show_must_name_a_player_of_the_match_and_has_no_games() -> None:
    board = ladder()
    m = match(board, "p1", "p2")
    with pytest.raises(IllegalResult, match="cannot be absent"):
        MatchResult.no_show(m, CompetitorId("p5"))
    with pytest.raises(IllegalResult, match="no-show has no games"):
        MatchResult(m, parse_games("U"), absent=CompetitorId("p1"))


def test_more_games_than_a_match_has_are_refused() -> None:
    board = ladder()
    with pytest.raises(IllegalResult, match="5 games reported"):
        compute_stage_points(board, [MatchResult.played(match(board, "p1", "p2"), "UUUUL")])


def test_result_for_players_not_paired_is_refused() -> None:
    board = ladder()
    stranger = LadderMatch(CompetitorId("p1"), CompetitorId("p4"), 1, 4)
    with pytest.raises(IllegalResult, match="not paired"):
        compute_stage_points(board, [MatchResult.played(stranger, "UU")])


def test_two_results_for_one_match_are_refused() -> None:
    board = ladder()
    m = match(board, "p1", "p2")
    with pytest.raises(IllegalResult, match="two results"):
        compute_stage_points(board, [MatchResult.played(m, "UU"), MatchResult.unplayed(m)])


def test_sanctioned_player_not_on_the_list_is_refused() -> None:
    with pytest.raises(IllegalResult, match="not on this stage's list"):
        compute_stage_points(ladder(), [], sanctioned=frozenset({CompetitorId("zz")}))


def test_middle_player_with_seven_games_gets_no_participation_bonus() -> None:
    board = ladder()
    results = [
        MatchResult.played(match(board, "p3", "p4"), "LLLL"),
        MatchResult.played(match(board, "p4", "p5"), "UUD"),
    ]
    points = compute_stage_points(board, results)[CompetitorId("p4")]
    assert points.games_played == 7
    assert points.participation_bonus == 0
    assert points.total == 3 + 4 + 3 + 2


def test_both_sanctioned_players_get_no_compensation_from_each_other() -> None:
    board = ladder()
    both = frozenset({CompetitorId("p3"), CompetitorId("p4")})
    points = compute_stage_points(board, [], sanctioned=both)
    assert points[CompetitorId("p3")].compensation == 0
    assert points[CompetitorId("p4")].compensation == 0
    assert points[CompetitorId("p5")].compensation == 10


def test_absent_player_gets_no_compensation_even_against_a_sanctioned_opponent() -> None:
    board = ladder()
    m = match(board, "p4", "p5")
    points = compute_stage_points(
        board, [MatchResult.no_show(m, CompetitorId("p5"))], sanctioned=frozenset({m.upper})
    )
    assert points[CompetitorId("p5")].compensation == 0
    assert points[CompetitorId("p5")].match_points == 0


def test_bottom_rules_need_four_games_for_ex_officio() -> None:
    board = ladder()
    three = [MatchResult.played(match(board, "p6", "p7"), "LLL")]
    points = compute_stage_points(board, three)[CompetitorId("p7")]
    assert points.ex_officio == 0
    assert points.total == 3 + 3
    four = [MatchResult.played(match(board, "p6", "p7"), "LLLU")]
    assert compute_stage_points(board, four)[CompetitorId("p7")].ex_officio == 7


def test_four_player_league_positions() -> None:
    board = ladder(4)
    results = [MatchResult.played(m, "UULL") for m in compute_pairings(board)]
    points = compute_stage_points(board, results)
    # position 1: 2 draws (2 + 2 each), +1 +1, + 2 × 0.5 -> 11 × 2
    assert points[CompetitorId("p1")].total == 22
    # position 2: 3 draws (4 each) = 12, +1 +1 + 1.5 = 15.5 × 4/3
    assert points[CompetitorId("p2")].total == F(62, 3)
    # position 3 (n - 1): 12 + 1 + 1 + 3 ex officio
    assert points[CompetitorId("p3")].total == 17
    # position 4 (n): 8 + 1 + 1 + 7 ex officio
    assert points[CompetitorId("p4")].total == 17


def test_point_values_are_parameters() -> None:
    board = ladder()
    custom = override(GOMOKU_LEAGUE, {"match_points": "2,1,0,0", "points_per_game_won": "1/2"})
    results = [MatchResult.played(match(board, "p4", "p5"), "UUUL")]
    points = compute_stage_points(board, results, custom)
    assert points[CompetitorId("p4")].match_points == 2
    assert points[CompetitorId("p4")].game_points == F(3, 2)
    assert points[CompetitorId("p5")].match_points == 0
