"""Acceptance examples of the Tasaselo spec (shared/spec/tasaselo.md): E1-E10 and the K bounds
of R13, each test named after the example it checks."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError, NoValidPairing
from mashindano.engine.model import Competitor, CompetitorId, Game, GameResult, Outcome
from mashindano.engine.parameters import override
from mashindano.engine.points import CHESS, THREE_ONE_ZERO
from mashindano.engine.tasaselo import (
    TASASELO,
    ColourRecord,
    Contender,
    Entry,
    TasaseloSimulation,
    allocate_colours,
    check_k_factor,
    compute_colour_balance,
    compute_colour_histories,
    compute_colour_number,
    compute_comparison_list,
    compute_points,
    compute_prize_group_sizes,
    compute_prize_groups,
    compute_round_selos,
    compute_selo_change,
    legal_first_round_drawings,
    order_by_variable_selo,
    pair_later_round,
    pair_next_round,
    simulate_tasaselo,
    start_event,
)
from mashindano.engine.tasaselo.colours import BLACK, WHITE
from mashindano.engine.tasaselo.parameters import TasaseloParameters


def cid(name: str) -> CompetitorId:
    return CompetitorId(name)


def field(count: int, top: int = 2000, step: int = 10) -> list[Competitor]:
    """`count` players p1, p2, ... with selos falling by `step`, so p<n> gets number n."""
    return [
        Competitor(cid(f"p{n}"), f"Player {n}", top - step * (n - 1)) for n in range(1, count + 1)
    ]


def numbers_of_pairs(pairs: list[tuple[CompetitorId, CompetitorId | None]]) -> set[tuple[int, ...]]:
    return {tuple(sorted(int(p[1:]) for p in pair if p is not None)) for pair in pairs}


E1_DRAWINGS = {
    frozenset({(1, 3), (2, 4), (5, 6)}),
    frozenset({(1, 3), (2, 5), (4, 6)}),
    frozenset({(1, 3), (2, 6), (4, 5)}),
    frozenset({(1, 4), (2, 3), (5, 6)}),
    frozenset({(1, 4), (2, 5), (3, 6)}),
    frozenset({(1, 4), (2, 6), (3, 5)}),
    frozenset({(1, 5), (2, 3), (4, 6)}),
    frozenset({(1, 5), (2, 4), (3, 6)}),
    frozenset({(1, 5), (2, 6), (3, 4)}),
}


def test_tasaselo_E1_exactly_nine_legal_drawings() -> None:
    drawings = legal_first_round_drawings(6)
    assert len(drawings) == 9
    assert {frozenset(d) for d in drawings} == E1_DRAWINGS


def test_tasaselo_E1_round1_draw_with_ten_players() -> None:
    seen = set()
    for seed in range(300):
        pairing = pair_next_round(start_event(field(10), 5), seed)
        pairs = numbers_of_pairs([(b.white, b.black) for b in pairing.boards])
        drawn = frozenset(p for p in pairs if max(p) <= 6)
        assert drawn in E1_DRAWINGS
        assert pairs - drawn == {(7, 8), (9, 10)}
        seen.add(drawn)
    assert seen == E1_DRAWINGS


def test_tasaselo_E1_draw_is_replayed_from_its_seed() -> None:
    event = start_event(field(10), 5)
    first = pair_next_round(event, 42)
    assert first.seed == 42
    assert pair_next_round(event, 42) == first


@pytest.mark.parametrize(
    ("own", "opponent", "score", "after"),
    [
        (1600, 1600, Fraction(1), 1650),
        (1600, 1600, Fraction(0), 1550),
        (1600, 1600, Fraction(1, 2), 1600),
        (1700, 1600, Fraction(1), 1736),
        (1600, 1700, Fraction(0), 1564),
        (1700, 1600, Fraction(1, 2), 1686),
        (1600, 1700, Fraction(1, 2), 1614),
        (1700, 1600, Fraction(0), 1636),
        (1600, 1700, Fraction(1), 1664),
    ],
)
def test_tasaselo_E2_variable_selo_k100(
    own: int, opponent: int, score: Fraction, after: int
) -> None:
    assert own + compute_selo_change(own, opponent, score, 100) == after


@pytest.mark.parametrize(
    ("result", "stronger", "weaker"),
    [
        (GameResult.FIRST_WINS, 1736, 1564),
        (GameResult.DRAW, 1686, 1614),
        (GameResult.SECOND_WINS, 1636, 1664),
    ],
)
def test_tasaselo_E2_round_update(result: GameResult, stronger: int, weaker: int) -> None:
    before = {cid("a"): Fraction(1700), cid("b"): Fraction(1600), cid("c"): Fraction(1600)}
    after = compute_round_selos(before, [Game(1, cid("a"), cid("b"), result)], 100)
    assert after == {cid("a"): stronger, cid("b"): weaker, cid("c"): 1600}


def test_tasaselo_E3_k20_gain() -> None:
    assert compute_selo_change(1700, 1600, Fraction(1), 20) == Fraction(72, 10)
    before = {cid("a"): Fraction(1700), cid("b"): Fraction(1600)}
    after = compute_round_selos(before, [Game(1, cid("a"), cid("b"), GameResult.FIRST_WINS)], 20)
    assert after[cid("a")] == Fraction(17072, 10)
    assert after[cid("b")] == Fraction(15928, 10)


@pytest.mark.parametrize("k", [10, 19, 301, 350])
def test_tasaselo_E3_k_outside_20_300_refused(k: int) -> None:
    for refuse in (
        lambda: check_k_factor(k),
        lambda: TasaseloParameters(k_factor=k),
        lambda: override(TASASELO, {"k_factor": str(k)}),
        lambda: simulate_tasaselo(field(8), 2, 1, k=k),
        lambda: compute_selo_change(1700, 1600, Fraction(1), k),
    ):
        with pytest.raises(ConfigError, match=rf"\b{k}\b") as caught:
            refuse()
        assert caught.value.params["parameter"] == "k_factor"
        assert caught.value.params["value"] == k


@pytest.mark.parametrize("k", [20, 100, 300])
def test_tasaselo_E3_k_bounds_accepted(k: int) -> None:
    assert override(TASASELO, {"k_factor": k}).k_factor == k
    assert simulate_tasaselo(field(8), 2, 1, k=k).parameters.k_factor == k


def test_tasaselo_E4_equal_variable_selo_by_player_number() -> None:
    contenders = [
        Contender(cid("nine"), 9, Fraction(1650)),
        Contender(cid("two"), 2, Fraction(1700)),
        Contender(cid("four"), 4, Fraction(1650)),
        Contender(cid("one"), 1, Fraction(1640)),
    ]
    ordered = [c.competitor for c in order_by_variable_selo(contenders)]
    assert ordered == ["two", "four", "nine", "one"]
    pairing = pair_later_round(3, contenders, seed=1)
    assert pairing.order == ("two", "four", "nine", "one")


def test_tasaselo_E5_prize_groups_of_fourteen() -> None:
    assert compute_prize_group_sizes(40, 7) == (14, 14, 12)
    entries = [
        Entry(n, Competitor(cid(f"p{n}"), f"P{n}", 2500 - n), 2500 - n) for n in range(1, 41)
    ]
    groups = compute_prize_groups(entries, 7)
    assert [g.name for g in groups] == ["A", "B", "C"]
    assert [[int(c[1:]) for c in g.members] for g in groups] == [
        list(range(1, 15)),
        list(range(15, 29)),
        list(range(29, 41)),
    ]


def colour_balances(sim: TasaseloSimulation, through: int) -> dict[CompetitorId, int]:
    event = dataclasses.replace(sim.event, played=sim.event.played[:through])
    return {c: compute_colour_balance(h) for c, h in compute_colour_histories(event).items()}


def test_tasaselo_E6_colour_balance_eight_players() -> None:
    strict_fourth_rounds = 0
    for seed in range(30):
        sim = simulate_tasaselo(field(8), 4, seed)
        assert not any(r.pairing.regardless_of_colours for r in sim.rounds[:3])
        assert set(colour_balances(sim, 2).values()) == {0}
        assert {abs(b) for b in colour_balances(sim, 3).values()} == {1}
        fourth = sim.rounds[3].pairing
        after_third = colour_balances(sim, 3)
        if fourth.regardless_of_colours:
            # R20 is used only when the colour rules leave no complete pairing at all.
            before = dataclasses.replace(sim.event, played=sim.event.played[:3])
            with pytest.raises(NoValidPairing) as caught:
                pair_next_round(before, fourth.seed)
            assert caught.value.code == "colours_unresolvable"
            continue
        strict_fourth_rounds += 1
        for board in fourth.boards:
            assert board.black is not None
            assert (after_third[board.white], after_third[board.black]) == (-1, 1)
        assert set(colour_balances(sim, 4).values()) == {0}
    assert strict_fourth_rounds > 0


def test_tasaselo_E7_colour_number_alternates() -> None:
    x = ColourRecord(cid("X"), (WHITE, BLACK))
    y = ColourRecord(cid("Y"), (BLACK, WHITE))
    assert (x.number, y.number) == (-1, 1)
    assert compute_colour_number((WHITE, BLACK)) == -1
    assert allocate_colours(x, y, random.Random(0)) == ("X", "Y")
    assert allocate_colours(y, x, random.Random(0)) == ("X", "Y")
    contenders = [
        Contender(cid("X"), 1, Fraction(1600), (WHITE, BLACK), frozenset({cid("Z")})),
        Contender(cid("Y"), 2, Fraction(1600), (BLACK, WHITE), frozenset({cid("Z")})),
    ]
    board = pair_later_round(3, contenders, seed=5).boards[0]
    assert (board.white, board.black) == ("X", "Y")


def test_tasaselo_E8_comparison_figure_leaves_out_unplayed_games() -> None:
    selos = {"me": 1750, "a": 1800, "b": 1700, "c": 1600, "d": 2000}
    entries = [
        Entry(n, Competitor(cid(name), name, selo), selo)
        for n, (name, selo) in enumerate(selos.items(), start=1)
    ]
    games = [
        Game(1, cid("me"), cid("a"), GameResult.DRAW),
        Game(2, cid("b"), cid("me"), GameResult.FIRST_WINS),
        Game(3, cid("me"), cid("c"), GameResult.FIRST_WINS),
        Game(4, cid("me"), cid("d"), GameResult.FIRST_WINS_BY_FORFEIT),
    ]
    points = compute_points([e.id for e in entries], games, [])
    rows = {r.competitor: r for r in compute_comparison_list(entries, games, points)}
    assert rows[cid("me")].comparison == 1700
    assert rows[cid("me")].games == 3
    assert rows[cid("me")].points == Fraction(5, 2)  # the forfeit scores, but is not compared


def test_tasaselo_E9_scoring_variants() -> None:
    me = cid("me")
    opponents = [cid(f"o{n}") for n in range(1, 7)]
    results = [GameResult.FIRST_WINS] * 3 + [GameResult.DRAW] * 2 + [GameResult.SECOND_WINS]
    games = [
        Game(r, me, o, result)
        for r, (o, result) in enumerate(zip(opponents, results, strict=True), 1)
    ]
    three = override(TASASELO, {"scoring": "3,1,0"})
    assert compute_points([me, *opponents], games, [])[me] == 4
    assert compute_points([me, *opponents], games, [], three)[me] == 11


def test_tasaselo_E9_variable_selo_ignores_scoring_variant() -> None:
    three = override(TASASELO, {"scoring": "3,1,0"})
    assert three.scoring == THREE_ONE_ZERO
    assert TASASELO.scoring == CHESS
    normal = simulate_tasaselo(field(12), 5, 9)
    variant = simulate_tasaselo(field(12), 5, 9, three)
    assert [r.selo for r in normal.rounds] == [r.selo for r in variant.rounds]
    assert normal.final_selo == variant.final_selo
    for row in variant.standings.comparison:
        games = [g for g in variant.event.games if row.competitor in (g.first, g.second)]
        outcomes = [g.outcome_for(row.competitor) for g in games]
        wins = outcomes.count(Outcome.WIN)
        draws = outcomes.count(Outcome.DRAW)
        assert row.points == 3 * wins + draws


@pytest.mark.parametrize(("scoring", "ghost_points"), [("1,0.5,0", 1), ("3,1,0", 3)])
def test_tasaselo_E10_ghost_with_21_players(scoring: str, ghost_points: int) -> None:
    parameters = override(TASASELO, {"scoring": scoring})
    sim = simulate_tasaselo(field(21), 5, 4, parameters)
    history = [r.selo for r in sim.rounds] + [sim.final_selo]
    ghosted = []
    for index, simulated in enumerate(sim.rounds):
        pairing = simulated.pairing
        assert pairing.ghost
        ghost_boards = [b for b in pairing.boards if b.is_ghost]
        assert len(ghost_boards) == 1
        assert ghost_boards[0] == pairing.boards[-1]
        player = ghost_boards[0].white
        ghosted.append(player)
        assert history[index + 1][player] == history[index][player]
        assert [(b.competitor, b.kind.value) for b in simulated.byes] == [(player, "U")]
    assert len(set(ghosted)) == len(ghosted)  # nobody meets the ghost twice
    rows = {r.competitor: r for r in sim.standings.comparison}
    for player in ghosted:
        games = [g for g in sim.event.games if player in (g.first, g.second)]
        from_games = compute_points([e.id for e in sim.event.roster.entries], games, [], parameters)
        assert rows[player].points - from_games[player] == ghost_points
        assert rows[player].games == len(games)
