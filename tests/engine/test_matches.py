"""Match rules: single game, fixed games (KIBA pairing, Gomoku), best-of (KIBA final) and the
Tantrix points-margin match (decisive victory)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.matches import (
    BestOf,
    FixedGames,
    GamePoints,
    MatchRule,
    MatchSide,
    PointsMargin,
    SingleGame,
)

WIN: GamePoints = (Fraction(1), Fraction(0))
LOSS: GamePoints = (Fraction(0), Fraction(1))
DRAW: GamePoints = (Fraction(1, 2), Fraction(1, 2))


def tp(a: str, b: str) -> GamePoints:
    """Tantrix tournament points for one game, written as in the spec (A–B)."""
    return Fraction(a), Fraction(b)


TANTRIX_6 = PointsMargin.tantrix(6)

# E2: the first five games reach 60.1–39.9 (the per-game split is not given; any split adding
# to 20 per game does), then game 6 (B by 18 tiles) is 2.3–17.7, giving 62.4–57.6.
E2_FIRST_FIVE = [tp("12.02", "7.98")] * 5
E2_AFTER_SIX = [*E2_FIRST_FIVE, tp("2.3", "17.7")]


# --- KIBA ------------------------------------------------------------------------------------


def test_kiba_E7_win_win_takes_the_final_without_game_3() -> None:
    final = BestOf(3)
    assert final.winner([WIN, WIN]) == "a"
    assert final.how_decided([WIN, WIN]) == "best-of"
    assert not final.needs_another_game([WIN, WIN])
    with pytest.raises(IllegalResult, match="game 3"):
        final.state([WIN, WIN, LOSS])


def test_kiba_E7_split_games_need_game_3() -> None:
    final = BestOf(3)
    assert final.needs_another_game([WIN, LOSS])
    assert not final.is_decided([WIN, LOSS])
    assert final.winner([WIN, LOSS]) is None


def test_kiba_E7_loss_win_win_takes_the_final_2_1() -> None:
    final = BestOf(3)
    assert final.winner([LOSS, WIN, WIN]) == "a"
    assert final.score([LOSS, WIN, WIN]) == (Fraction(2), Fraction(1))


def test_kiba_E7_loss_loss_gives_the_final_to_the_opponent() -> None:
    final = BestOf(3)
    assert final.winner([LOSS, LOSS]) == "b"
    assert final.score([LOSS, LOSS]) == (Fraction(0), Fraction(2))


def test_kiba_A13_final_sides_higher_score_south_in_games_1_and_3() -> None:
    final = BestOf(3)
    assert [final.first_side_of_game(i, a_moves_first=True) for i in range(3)] == ["a", "b", "a"]
    assert [final.first_side_of_game(i, a_moves_first=False) for i in range(3)] == ["b", "a", "b"]


def test_kiba_R20_pairing_is_two_games_south_then_north() -> None:
    pairing = FixedGames(2)
    assert [pairing.first_side_of_game(i, a_moves_first=True) for i in range(2)] == ["a", "b"]
    assert pairing.needs_another_game([WIN])
    assert pairing.is_decided([WIN, LOSS])
    assert pairing.winner([WIN, LOSS]) is None  # a 1–1 split
    assert pairing.winner([WIN, WIN]) == "a"


def test_kiba_best_of_refuses_a_drawn_game() -> None:
    with pytest.raises(IllegalResult, match="needs a winner"):
        BestOf(3).state([DRAW])


# --- Gomoku ----------------------------------------------------------------------------------


def test_gomoku_R29_match_is_four_games() -> None:
    match = FixedGames(4)
    assert match.max_games == 4
    assert match.needs_another_game([WIN, WIN, WIN])
    assert match.winner([WIN, WIN, WIN, LOSS]) == "a"  # 3–1
    assert match.winner([WIN, LOSS, LOSS, WIN]) is None  # 2–2
    assert match.is_decided([WIN, LOSS, LOSS, WIN])


def test_gomoku_A2_one_one_with_two_drawn_games_is_a_drawn_match() -> None:
    match = FixedGames(4)
    games = [WIN, DRAW, LOSS, DRAW]
    assert match.winner(games) is None
    assert match.state(games).wins_a == match.state(games).wins_b == 1


def test_fixed_games_without_alternation_keeps_sides() -> None:
    match = FixedGames(4, alternate_sides=False)
    assert {match.first_side_of_game(i, a_moves_first=False) for i in range(4)} == {"b"}


# --- Single game ---------------------------------------------------------------------------


def test_single_game() -> None:
    rule = SingleGame(game_total=Fraction(1))
    assert rule.needs_another_game([])
    assert rule.winner([LOSS]) == "b"
    assert rule.winner([DRAW]) is None
    assert rule.how_decided([DRAW]) == "standard"
    assert rule.first_side_of_game(0, a_moves_first=False) == "b"
    with pytest.raises(IllegalResult, match="add up to 1"):
        rule.state([(Fraction(1), Fraction(1))])


# --- Tantrix ---------------------------------------------------------------------------------


def test_tantrix_E1_62_5_to_57_5_ends_the_match_after_game_6() -> None:
    games = [*[tp("10", "10")] * 5, tp("12.5", "7.5")]
    assert TANTRIX_6.score(games) == (Fraction("62.5"), Fraction("57.5"))
    assert TANTRIX_6.winner(games) == "a"
    assert TANTRIX_6.how_decided(games) == "standard"


def test_tantrix_E1_old_target_60_1_is_not_enough() -> None:
    games = [*[tp("10", "10")] * 5, tp("10.1", "9.9")]
    assert TANTRIX_6.needs_another_game(games)


def test_tantrix_E2_not_final_after_five_games_despite_20_2_gap() -> None:
    assert TANTRIX_6.score(E2_FIRST_FIVE) == (Fraction("60.1"), Fraction("39.9"))
    assert TANTRIX_6.needs_another_game(E2_FIRST_FIVE)


def test_tantrix_E2_game_6_gap_4_8_needs_tiebreak_1() -> None:
    assert TANTRIX_6.score(E2_AFTER_SIX) == (Fraction("62.4"), Fraction("57.6"))
    assert TANTRIX_6.state(E2_AFTER_SIX).gap == Fraction("4.8")
    assert TANTRIX_6.needs_another_game(E2_AFTER_SIX)


def test_tantrix_E2_counterfactual_62_5_wins() -> None:
    games = [*E2_FIRST_FIVE, tp("2.4", "17.6")]
    assert TANTRIX_6.score(games) == (Fraction("62.5"), Fraction("57.5"))
    assert TANTRIX_6.winner(games) == "a"


def test_tantrix_E2_tiebreak_1_case_a_a_wins_75_7_to_64_3() -> None:
    games = [*E2_AFTER_SIX, tp("13.3", "6.7")]
    assert TANTRIX_6.score(games) == (Fraction("75.7"), Fraction("64.3"))
    assert TANTRIX_6.winner(games) == "a"
    assert TANTRIX_6.how_decided(games) == "tiebreak-1"


def test_tantrix_E2_tiebreak_1_case_b_b_wins_72_6_to_67_4() -> None:
    games = [*E2_AFTER_SIX, tp("5.0", "15.0")]
    assert TANTRIX_6.score(games) == (Fraction("67.4"), Fraction("72.6"))
    assert TANTRIX_6.state(games).gap == Fraction("5.2")
    assert TANTRIX_6.winner(games) == "b"
    assert TANTRIX_6.how_decided(games) == "tiebreak-1"


@pytest.mark.parametrize(
    ("case", "game", "running"),
    [
        ("c drawn", tp("10", "10"), ("72.4", "67.6")),
        ("d B by 4 tiles", tp("5.3", "14.7"), ("67.7", "72.3")),
        ("d' B by 1 tile", tp("6.7", "13.3"), ("69.1", "70.9")),
        ("e A by 1 tile, 4 penalties", tp("9.3", "10.7"), ("71.7", "68.3")),
    ],
)
def test_tantrix_E2_tiebreak_1_cases_c_d_e_continue(
    case: str, game: GamePoints, running: tuple[str, str]
) -> None:
    games = [*E2_AFTER_SIX, game]
    assert TANTRIX_6.score(games) == (Fraction(running[0]), Fraction(running[1])), case
    assert TANTRIX_6.needs_another_game(games), case
    assert TANTRIX_6.winner(games) is None


def test_tantrix_E2_tiebreak_2_gap_of_5_or_more_wins() -> None:
    games = [*E2_AFTER_SIX, tp("10", "10"), tp("10.2", "9.8")]  # 82.6–77.4, gap 5.2
    assert TANTRIX_6.winner(games) == "a"
    assert TANTRIX_6.how_decided(games) == "tiebreak-2"


def test_tantrix_E2_tiebreak_2_gap_below_5_plays_tiebreak_3() -> None:
    games = [*E2_AFTER_SIX, tp("10", "10"), tp("9", "11")]  # 81.4–78.6
    assert TANTRIX_6.needs_another_game(games)


def test_tantrix_E3_leader_after_tiebreak_3_wins_92_3_to_87_7() -> None:
    games = [*E2_AFTER_SIX, tp("10", "10"), tp("10", "10"), tp("9.9", "10.1")]
    assert TANTRIX_6.score(games) == (Fraction("92.3"), Fraction("87.7"))
    assert TANTRIX_6.winner(games) == "a"
    assert TANTRIX_6.how_decided(games) == "leader-after-tiebreak-3"


def test_tantrix_E3_trailing_player_can_lead_after_tiebreak_3() -> None:
    games = [*E2_AFTER_SIX, tp("10", "10"), tp("10", "10"), tp("7", "13")]
    assert TANTRIX_6.score(games) == (Fraction("89.4"), Fraction("90.6"))
    assert TANTRIX_6.winner(games) == "b"
    assert TANTRIX_6.how_decided(games) == "leader-after-tiebreak-3"


def test_tantrix_E3_gap_of_5_in_tiebreak_3_is_a_margin_win() -> None:
    games = [*E2_AFTER_SIX, tp("10", "10"), tp("10", "10"), tp("15", "5")]
    assert TANTRIX_6.score(games) == (Fraction("97.4"), Fraction("82.6"))
    assert TANTRIX_6.how_decided(games) == "tiebreak-3"


def test_tantrix_E3_dead_level_90_90_goes_to_sudden_death() -> None:
    level_after_nine = [*E2_AFTER_SIX, tp("7.6", "12.4"), tp("10", "10"), tp("10", "10")]
    assert TANTRIX_6.score(level_after_nine) == (Fraction(90), Fraction(90))
    assert TANTRIX_6.needs_another_game(level_after_nine)
    drawn_fourth = [*level_after_nine, tp("10", "10")]
    assert TANTRIX_6.score(drawn_fourth) == (Fraction(100), Fraction(100))
    assert TANTRIX_6.needs_another_game(drawn_fourth)
    a_by_a_whisker = [*drawn_fourth, tp("10.1", "9.9")]
    assert TANTRIX_6.winner(a_by_a_whisker) == "a"
    assert TANTRIX_6.how_decided(a_by_a_whisker) == "sudden-death"
    with pytest.raises(IllegalResult, match="already decided"):
        TANTRIX_6.state([*a_by_a_whisker, tp("10", "10")])


def test_tantrix_R11_minimum_decisive_total_is_10s_plus_2_5() -> None:
    for s in range(1, 10):
        rule = PointsMargin.tantrix(s)
        assert rule.minimum_decisive_total == 10 * s + Fraction("2.5")
        a_total = rule.minimum_decisive_total
        assert a_total is not None
        draws = [tp("10", "10")] * (s - 1)
        enough = [*draws, (Fraction(10) + Fraction("2.5"), Fraction(10) - Fraction("2.5"))]
        short = [*draws, (Fraction(10) + Fraction("2.4"), Fraction(10) - Fraction("2.4"))]
        assert rule.score(enough)[0] == a_total
        assert rule.winner(enough) == "a"
        assert rule.needs_another_game(short)


def test_tantrix_E4_opt_out_leader_wins_however_small() -> None:
    rule = PointsMargin.tantrix(6, opt_out=True)
    assert rule.winner(E2_AFTER_SIX) == "a"
    assert rule.how_decided(E2_AFTER_SIX) == "opt-out"


def test_tantrix_R13_opt_out_with_a_decisive_gap_is_a_standard_win() -> None:
    rule = PointsMargin.tantrix(6, opt_out=True)
    games = [*E2_FIRST_FIVE, tp("3", "17")]  # 63.1–56.9
    assert rule.how_decided(games) == "standard"


def test_tantrix_A7_opt_out_exact_tie_goes_to_sudden_death() -> None:
    rule = PointsMargin.tantrix(6, opt_out=True)
    level = [tp("10", "10")] * 6
    assert rule.needs_another_game(level)
    assert rule.needs_another_game([*level, tp("10", "10")])
    games = [*level, tp("10", "10"), tp("9.5", "10.5")]
    assert rule.winner(games) == "b"
    assert rule.how_decided(games) == "sudden-death"


def test_tantrix_A8_points_must_add_up_to_20() -> None:
    with pytest.raises(IllegalResult, match="add up to 20"):
        TANTRIX_6.state([tp("12", "7")])


def test_negative_points_are_refused() -> None:
    with pytest.raises(IllegalResult, match="negative"):
        PointsMargin(6).state([tp("-1", "21")])


def test_game_after_a_decided_match_is_refused() -> None:
    games = [*[tp("15", "5")] * 6, tp("10", "10")]
    with pytest.raises(IllegalResult, match="game 7"):
        TANTRIX_6.state(games)


def test_tiebreak_free_margin_match_gives_the_leader_the_win() -> None:
    rule = PointsMargin(2, tiebreak_games=0)
    assert rule.how_decided([tp("11", "9"), tp("10", "10")]) == "leader-after-standard"


@pytest.mark.parametrize(
    "build",
    [
        lambda: FixedGames(0),
        lambda: BestOf(2),
        lambda: BestOf(0),
        lambda: PointsMargin(0),
        lambda: PointsMargin(6, margin=Fraction(0)),
        lambda: PointsMargin(6, tiebreak_games=-1),
    ],
)
def test_bad_rules_are_refused(build: Callable[[], MatchRule]) -> None:
    with pytest.raises(ConfigError):
        build()


def test_negative_game_index_is_refused() -> None:
    with pytest.raises(IllegalResult):
        BestOf(3).first_side_of_game(-1, a_moves_first=True)


# --- Properties ------------------------------------------------------------------------------

# TPs in tenths from 0 to 20; draws are over-represented so that dead-level scores happen.
tantrix_games = st.one_of(
    st.just(tp("10", "10")),
    st.integers(min_value=0, max_value=200).map(lambda t: (Fraction(t, 10), 20 - Fraction(t, 10))),
)


def play_until_decided(
    rule: MatchRule, stream: list[GamePoints]
) -> tuple[list[GamePoints], list[bool]]:
    """Feed games one at a time; return the games played and is_decided after each prefix."""
    played: list[GamePoints] = []
    decided: list[bool] = [rule.is_decided(played)]
    for game in stream:
        if decided[-1]:
            break
        played.append(game)
        decided.append(rule.is_decided(played))
    return played, decided


@given(
    st.integers(min_value=1, max_value=6),
    st.sampled_from([Fraction(1), Fraction(5), Fraction("2.5")]),
    st.integers(min_value=0, max_value=3),
    st.booleans(),
    st.lists(tantrix_games, min_size=0, max_size=16),
)
def test_points_margin_invariants(
    standard: int, margin: Fraction, tiebreaks: int, opt_out: bool, stream: list[GamePoints]
) -> None:
    rule = PointsMargin(
        standard, margin=margin, tiebreak_games=tiebreaks, opt_out=opt_out, game_total=Fraction(20)
    )
    played, decided = play_until_decided(rule, stream)
    # Never ends before the standard games.
    assert not any(decided[:standard])
    last_regular = standard if opt_out else standard + tiebreaks
    for n in range(standard, len(played) + 1):
        state = rule.state(played[:n])
        if n <= last_regular and state.gap >= margin:
            # Ends as soon as the margin is reached after the standard games.
            assert state.is_decided
            assert state.winner == state.leader
        if state.is_decided:
            assert state.winner is not None
            assert state.winner == state.leader
    # More than the regular games only when exactly level after them (and at every end since).
    if len(played) > last_regular:
        for n in range(last_regular, len(played)):
            a, b = rule.score(played[:n])
            assert a == b


@given(st.integers(min_value=1, max_value=8), st.lists(st.sampled_from([WIN, LOSS, DRAW])))
def test_fixed_games_end_after_exactly_count_games(count: int, stream: list[GamePoints]) -> None:
    rule = FixedGames(count)
    played, decided = play_until_decided(rule, stream)
    assert not any(decided[:count])
    assert decided[-1] == (len(played) == count)
    if decided[-1]:
        a, b = rule.score(played)
        expected: MatchSide | None = "a" if a > b else "b" if b > a else None
        assert rule.winner(played) == expected


@given(
    st.sampled_from([1, 3, 5, 7]),
    st.lists(st.sampled_from([WIN, LOSS]), min_size=7, max_size=7),
)
def test_best_of_ends_within_majority_and_count(count: int, stream: list[GamePoints]) -> None:
    rule = BestOf(count)
    played, decided = play_until_decided(rule, stream)
    assert decided[-1]
    assert (count + 1) // 2 <= len(played) <= count
    state = rule.state(played)
    assert max(state.wins_a, state.wins_b) == count // 2 + 1
    assert state.winner == ("a" if state.wins_a > state.wins_b else "b")


@given(st.integers(min_value=0, max_value=50), st.booleans())
def test_sides_alternate_game_by_game(index: int, a_first: bool) -> None:
    for rule in (FixedGames(4), BestOf(3), PointsMargin(6)):
        assert rule.first_side_of_game(index, a_first) != rule.first_side_of_game(
            index + 1, a_first
        )
        assert rule.first_side_of_game(index, a_first) != rule.first_side_of_game(
            index, not a_first
        )
