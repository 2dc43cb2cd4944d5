"""shared/spec/chess-manager.md, the Swiss part: R11-R18, E4, E5, A5-A8, A11-A13, through the
`chess-swiss` preset (simple Swiss pairing, Buchholz then Sonneborn-Berger)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import (
    Bye,
    ByeKind,
    Competitor,
    CompetitorId,
    Game,
    GameResult,
    Side,
    StageResults,
)
from mashindano.engine.pairing.simple_swiss import (
    CHESS_SWISS,
    ChessSwissParameters,
    check_swiss_rounds,
    compute_pairing_order,
    pair_simple_swiss,
    simulate_simple_swiss,
    suggest_swiss_rounds,
)
from mashindano.engine.standings import compute_standings
from mashindano.engine.tiebreaks import tiebreak_by_name


def scenario(text: str, parameters: ChessSwissParameters = CHESS_SWISS) -> StageResults:
    """One round per line: "1: A-B 1-0, C-D 1/2-1/2, E U" (U: the pairing-allocated bye)."""
    games: list[Game] = []
    byes: list[Bye] = []
    names: dict[str, None] = {}
    for line in text.strip().splitlines():
        number_text, _, items = line.partition(":")
        number = int(number_text)
        for item in items.split(","):
            left, right = item.split()
            if right == "U":
                names[left] = None
                byes.append(Bye(number, CompetitorId(left), ByeKind.PAIRING_ALLOCATED))
                continue
            first, second = left.split("-")
            names.update({first: None, second: None})
            games.append(
                Game(number, CompetitorId(first), CompetitorId(second), GameResult.parse(right))
            )
    competitors = tuple(Competitor(CompetitorId(n), n) for n in sorted(names))
    return StageResults(competitors, tuple(games), tuple(byes), parameters.point_system)


def players(count: int) -> tuple[Competitor, ...]:
    return tuple(
        Competitor(CompetitorId(f"P{n}"), f"Player {n}", 1300 + 37 * n, number=n)
        for n in range(1, count + 1)
    )


# --- R11, A11, A12: the number of rounds ---------------------------------------------------


@pytest.mark.parametrize(
    ("entrants", "rounds"),
    [(3, 2), (5, 4), (16, 4), (20, 5), (64, 6), (100, 7), (256, 8), (300, 9), (5000, 9)],
)
def test_chess_A11_suggest_ceil_log2_within_4_to_9_and_at_most_n_minus_1(
    entrants: int, rounds: int
) -> None:
    assert suggest_swiss_rounds(entrants) == rounds


def test_chess_R11_A12_any_number_from_1_to_n_minus_1_warning_outside_4_to_9() -> None:
    assert check_swiss_rounds(12, 7) == []
    assert len(check_swiss_rounds(12, 2)) == 1
    assert len(check_swiss_rounds(12, 11)) == 1
    for rounds in (0, 12):
        with pytest.raises(ConfigError):
            check_swiss_rounds(12, rounds)


def test_chess_A11_organiser_sets_rounds_else_suggestion() -> None:
    assert CHESS_SWISS.rounds_for(30) == 5
    assert ChessSwissParameters(swiss_rounds=8).rounds_for(30) == 8


# --- R12, A13: a random first round, reproducible from the recorded seed ---------------------


def test_chess_R12_A13_round_one_drawn_from_the_recorded_seed() -> None:
    field = StageResults(players(10), points=CHESS_SWISS.point_system)
    first = pair_simple_swiss(field, 1, seed=2024)
    assert first.seed == 2024
    assert pair_simple_swiss(field, 1, seed=2024) == first
    draws = {pair_simple_swiss(field, 1, seed=seed).boards for seed in range(10)}
    assert len(draws) == 10


# --- R13: equal scores meet ------------------------------------------------------------------


def test_chess_R13_round_two_pairs_winners_with_winners() -> None:
    field = StageResults(players(12), points=CHESS_SWISS.point_system)
    first = pair_simple_swiss(field, 1, seed=5)
    games = tuple(Game(1, w, b, GameResult.FIRST_WINS) for w, b in first.boards)
    after = StageResults(field.competitors, games, points=field.points)
    winners = {w for w, _ in first.boards}
    for board in pair_simple_swiss(after, 2, seed=5).boards:
        assert (board[0] in winners) == (board[1] in winners)


# --- R14, R15, A8: no rematch, alternating colours -------------------------------------------


def test_chess_R14_nobody_meets_twice() -> None:
    results = simulate_simple_swiss(players(16), 7, seed=77)
    pairs = [frozenset((g.first, g.second)) for g in results.games]
    assert len(pairs) == len(set(pairs)) == 7 * 8


def test_chess_R14_rematch_only_when_there_is_no_other_way() -> None:
    # Four players after three rounds have all met: round 4 must repeat two games.
    done = scenario(
        """
        1: A-B 1-0, C-D 1-0
        2: A-C 1-0, B-D 1-0
        3: D-A 0-1, C-B 1-0
        """
    )
    assert len(pair_simple_swiss(done, 4, seed=1).boards) == 2


def test_chess_R15_A8_colours_alternate_within_the_limits() -> None:
    results = simulate_simple_swiss(players(20), 7, seed=3)
    colours: dict[CompetitorId, list[Side]] = {c.id: [] for c in results.competitors}
    for game in sorted(results.games, key=lambda g: g.round):
        colours[game.first].append(Side.WHITE)
        colours[game.second].append(Side.BLACK)
    for history in colours.values():
        for end in range(3, len(history) + 1):
            assert len(set(history[end - 3 : end])) == 2
        for end in range(1, len(history) + 1):
            whites = history[:end].count(Side.WHITE)
            assert abs(2 * whites - end) <= 2


def test_chess_A8_pair_within_score_groups_top_half_against_bottom_half() -> None:
    results = scenario("1: A-E 1-0, B-F 1-0, C-G 1-0, D-H 1-0")
    order = compute_pairing_order(results, 2, seed=9)
    pairs = {frozenset(b) for b in pair_simple_swiss(results, 2, seed=9).boards}
    assert pairs == {
        frozenset((order[0], order[2])),
        frozenset((order[1], order[3])),
        frozenset((order[4], order[6])),
        frozenset((order[5], order[7])),
    }


# --- R17, A7: the bye ------------------------------------------------------------------------


def test_chess_R17_A7_bye_to_the_lowest_ranked_without_a_bye_worth_one_point() -> None:
    # E had the bye in round 1; B and D (0 points) are the lowest group, E is not in it.
    results = scenario("1: A-B 1-0, C-D 1-0, E U")
    order = compute_pairing_order(results, 2, seed=4)
    pairing = pair_simple_swiss(results, 2, seed=4)
    assert pairing.bye == order[-1]
    assert pairing.bye in {CompetitorId("B"), CompetitorId("D")}
    standings = compute_standings(results, CHESS_SWISS.tiebreaks)
    assert standings.row(CompetitorId("E")).points == 1


def test_chess_A7_bye_value_is_configurable() -> None:
    half = ChessSwissParameters(swiss_bye_points=Fraction(1, 2))
    results = scenario("1: A-B 1-0, C-D 1-0, E U", half)
    assert compute_standings(results, half.tiebreaks).row(CompetitorId("E")).points == Fraction(
        1, 2
    )


def test_chess_A7_every_player_gets_at_most_one_bye_in_an_odd_field() -> None:
    results = simulate_simple_swiss(players(9), 8, seed=11)
    receivers = [b.competitor for b in results.byes]
    assert len(receivers) == 8
    assert len(set(receivers)) == 8


# --- R16, A6, E4: Buchholz without bye points --------------------------------------------------

# P meets X (2.5) and Y (2.0, of which 1.0 from the round-1 bye) and has the bye in round 3.
E4 = """
1: X-P 1-0, A-B 1/2-1/2, Y U
2: P-Y 1-0, X-A 1/2-1/2, B U
3: X-B 1-0, Y-A 1-0, P U
"""


def test_chess_E4_R16_A6_buchholz_recommended_reading_3_5() -> None:
    standings = compute_standings(scenario(E4), CHESS_SWISS.tiebreaks)
    assert standings.row(CompetitorId("X")).points == Fraction(5, 2)
    assert standings.row(CompetitorId("Y")).points == 2
    assert standings.row(CompetitorId("P")).values["buchholz"] == Fraction(7, 2)


def test_chess_E4_alternative_reading_counts_the_opponents_bye_4_5() -> None:
    alternative = (tiebreak_by_name("buchholz:include-bye-points"),)
    standings = compute_standings(scenario(E4), alternative)
    assert next(iter(standings.row(CompetitorId("P")).values.values())) == Fraction(9, 2)


# --- R18, A5, E5: Buchholz, then Sonneborn-Berger ----------------------------------------------

# Two 12-player, 5-round events played with the simple Swiss (letters renamed): Q and R finish
# on 4.0 each.
E5_BUCHHOLZ = """
1: I-R 0-1, D-G 1/2-1/2, B-E 1-0, C-H 0-1, A-F 1-0, J-Q 0-1
2: Q-B 1-0, H-A 1/2-1/2, R-D 1-0, G-C 1/2-1/2, F-I 1-0, E-J 0-1
3: H-Q 0-1, A-R 0-1, B-F 1-0, J-G 1-0, D-C 0-1, I-E 1/2-1/2
4: Q-R 1/2-1/2, J-B 0-1, C-A 1-0, F-H 1/2-1/2, G-I 0-1, E-D 0-1
5: R-B 1/2-1/2, C-Q 1/2-1/2, H-J 0-1, A-I 1-0, D-F 1-0, E-G 1/2-1/2
"""

E5_SB = """
1: F-R 0-1, I-G 1/2-1/2, A-B 1-0, Q-H 1-0, E-J 1/2-1/2, D-C 1/2-1/2
2: R-A 1-0, C-Q 0-1, G-E 0-1, J-I 0-1, H-D 1/2-1/2, B-F 0-1
3: Q-R 1-0, E-I 0-1, F-A 1-0, D-J 1-0, H-G 1-0, B-C 0-1
4: I-Q 1/2-1/2, R-D 1-0, C-F 1-0, E-H 0-1, A-J 1-0, G-B 1-0
5: Q-A 1/2-1/2, I-R 0-1, H-C 0-1, D-E 1-0, F-G 1-0, J-B 0-1
"""


def test_chess_E5_R18_buchholz_15_5_places_Q_above_R_14() -> None:
    standings = compute_standings(scenario(E5_BUCHHOLZ), CHESS_SWISS.tiebreaks)
    q, r = standings.row(CompetitorId("Q")), standings.row(CompetitorId("R"))
    assert q.points == r.points == 4
    # Q: J 3 + B 3.5 + H 2 + R 4 + C 3; R: I 1.5 + D 2.5 + A 2.5 + Q 4 + B 3.5.
    assert (q.values["buchholz"], r.values["buchholz"]) == (Fraction("15.5"), Fraction(14))
    assert (q.rank, r.rank) == (1, 2)
    assert q.decided_by == r.decided_by == "buchholz"
    assert standings.order[0] == CompetitorId("Q")


def test_chess_E5_A5_equal_buchholz_then_sonneborn_berger_decides() -> None:
    standings = compute_standings(scenario(E5_SB), CHESS_SWISS.tiebreaks)
    q, r = standings.row(CompetitorId("Q")), standings.row(CompetitorId("R"))
    assert q.points == r.points == 4
    assert q.values["buchholz"] == r.values["buchholz"] == Fraction("15.5")
    # Q beat H 2.5, C 3.5, R 4 and drew I 3, A 2.5; R beat F 3, A 2.5, D 3, I 3.
    assert (q.values["sb"], r.values["sb"]) == (Fraction("12.75"), Fraction("11.5"))
    assert (q.rank, r.rank) == (1, 2)
    assert q.decided_by == r.decided_by == "sb"
