"""The chess-manager simple Swiss: unit cases and invariants over random events.

Spec examples and rules (R11-R18, A5-A8, A11-A13) are cited in the test names; the property
tests check the pairing against independent computations (perfect matchings and, for small
fields, every possible pairing of the round).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

import pytest
import rustworkx as rx
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError, NoValidPairing
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
    SimpleSwissPairing,
    check_swiss_rounds,
    compute_draw_order,
    compute_pairing_order,
    pair_simple_swiss,
    simulate_simple_swiss,
    suggest_swiss_rounds,
)
from mashindano.engine.parameters import override
from mashindano.engine.points import PointSystem

SYSTEM = CHESS_SWISS.point_system
BYE_KINDS = {"U": ByeKind.PAIRING_ALLOCATED, "H": ByeKind.HALF_POINT, "Z": ByeKind.ZERO_POINT}


def cid(name: str) -> CompetitorId:
    return CompetitorId(name)


def event(names: str, text: str = "", *, rounds: int | None = None) -> StageResults:
    """Players named by the letters of `names` (listed in that order); `text` holds one round
    per line: "1: A-B 1-0, C-D 1/2-1/2, E U" (U pairing bye, H half-point, Z zero-point)."""
    games: list[Game] = []
    byes: list[Bye] = []
    for line in text.strip().splitlines():
        number_text, _, items = line.partition(":")
        number = int(number_text)
        for item in filter(None, (part.strip() for part in items.split(","))):
            left, right = item.split()
            if right in BYE_KINDS:
                byes.append(Bye(number, cid(left), BYE_KINDS[right]))
            else:
                first, second = left.split("-")
                games.append(Game(number, cid(first), cid(second), GameResult.parse(right)))
    competitors = tuple(
        Competitor(cid(name), name, number=k) for k, name in enumerate(names, start=1)
    )
    return StageResults(competitors, tuple(games), tuple(byes), SYSTEM, rounds)


def as_sets(pairing: SimpleSwissPairing) -> set[frozenset[CompetitorId]]:
    return {frozenset(board) for board in pairing.boards}


# --- Independent view of the history ---------------------------------------------------------


@dataclass
class History:
    colours: dict[CompetitorId, list[Side]]
    met: Counter[frozenset[CompetitorId]]
    byes: Counter[CompetitorId]
    scores: dict[CompetitorId, Fraction]


ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)
GAME_POINTS = {
    GameResult.FIRST_WINS: (ONE, ZERO),
    GameResult.SECOND_WINS: (ZERO, ONE),
    GameResult.DRAW: (HALF, HALF),
}


def history_of(results: StageResults) -> History:
    colours: dict[CompetitorId, list[Side]] = {c.id: [] for c in results.competitors}
    scores: dict[CompetitorId, Fraction] = {c.id: Fraction(0) for c in results.competitors}
    met: Counter[frozenset[CompetitorId]] = Counter()
    for game in sorted(results.games, key=lambda g: g.round):
        colours[game.first].append(Side.WHITE)
        colours[game.second].append(Side.BLACK)
        met[frozenset((game.first, game.second))] += 1
        first, second = GAME_POINTS[game.result]
        scores[game.first] += first
        scores[game.second] += second
    byes: Counter[CompetitorId] = Counter()
    for bye in results.byes:
        scores[bye.competitor] += bye.kind.points(results.points)
        if bye.kind is ByeKind.PAIRING_ALLOCATED:
            byes[bye.competitor] += 1
    return History(colours, met, byes, scores)


def violates(colours: Sequence[Side], colour: Side) -> bool:
    """A8: a third colour in a row, or whites and blacks more than 2 apart."""
    after = [*colours, colour]
    three = len(after) >= 3 and after[-1] == after[-2] == after[-3]
    whites = after.count(Side.WHITE)
    return three or abs(2 * whites - len(after)) > 2


def pair_violations(history: History, a: CompetitorId, b: CompetitorId) -> int:
    """The fewest players given a colour A8 asks to avoid, over both colourings."""
    ca, cb = history.colours[a], history.colours[b]
    return min(
        violates(ca, Side.WHITE) + violates(cb, Side.BLACK),
        violates(ca, Side.BLACK) + violates(cb, Side.WHITE),
    )


def has_perfect_matching(
    players: Sequence[CompetitorId], allowed: set[frozenset[CompetitorId]]
) -> bool:
    graph: rx.PyGraph = rx.PyGraph()
    graph.add_nodes_from(players)
    for i, j in itertools.combinations(range(len(players)), 2):
        if frozenset((players[i], players[j])) in allowed:
            graph.add_edge(i, j, 1)
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    return 2 * len(matching) == len(players)


# --- Random events ---------------------------------------------------------------------------


@dataclass
class Played:
    rounds: list[tuple[StageResults, int, SimpleSwissPairing]]
    """(results before the round, round number, pairing)."""
    seed: int


def play(players: int, rounds: int, seed: int, absences: bool) -> Played:
    """Pair and play a whole event; with `absences`, some players declare a half- or
    zero-point bye before a round."""
    rng = random.Random(seed)
    competitors = tuple(
        Competitor(cid(f"P{n}"), f"Player {n}", rng.randrange(1200, 2400), number=n)
        for n in range(1, players + 1)
    )
    games: list[Game] = []
    byes: list[Bye] = []
    played: list[tuple[StageResults, int, SimpleSwissPairing]] = []
    results = [GameResult.FIRST_WINS, GameResult.DRAW, GameResult.SECOND_WINS]
    for number in range(1, rounds + 1):
        if absences:
            for c in competitors:
                if rng.random() < 0.05:
                    byes.append(
                        Bye(number, c.id, rng.choice([ByeKind.HALF_POINT, ByeKind.ZERO_POINT]))
                    )
        before = StageResults(competitors, tuple(games), tuple(byes), SYSTEM, rounds)
        available = players - sum(1 for b in byes if b.round == number)
        if available < 2:
            break
        pairing = pair_simple_swiss(before, number, seed=seed)
        played.append((before, number, pairing))
        for white, black in pairing.boards:
            games.append(Game(number, white, black, rng.choice(results)))
        if pairing.bye is not None:
            byes.append(Bye(number, pairing.bye, ByeKind.PAIRING_ALLOCATED))
    return Played(played, seed)


@st.composite
def events(draw: st.DrawFn, min_players: int = 6, max_players: int = 60) -> Played:
    players = draw(st.integers(min_value=min_players, max_value=max_players))
    rounds = draw(st.integers(min_value=1, max_value=min(9, players - 1)))
    seed = draw(st.integers(min_value=0, max_value=2**32))
    absences = draw(st.booleans())
    return play(players, rounds, seed, absences)


def available_in(before: StageResults, number: int) -> list[CompetitorId]:
    declared = {b.competitor for b in before.byes if b.round == number}
    return [c.id for c in before.competitors if c.id not in declared]


def rounds_of(played: Played) -> Iterator[tuple[StageResults, int, SimpleSwissPairing, History]]:
    for before, number, pairing in played.rounds:
        yield before, number, pairing, history_of(before)


@settings(max_examples=30, deadline=None)
@given(events())
def test_swiss_everybody_paired_exactly_once_per_round_at_most_one_bye(played: Played) -> None:
    for before, number, pairing, _ in rounds_of(played):
        available = available_in(before, number)
        seen = [p for board in pairing.boards for p in board]
        if pairing.bye is not None:
            seen.append(pairing.bye)
        assert sorted(seen) == sorted(available)
        assert (pairing.bye is not None) == (len(available) % 2 == 1)
        assert all(white != black for white, black in pairing.boards)


@settings(max_examples=30, deadline=None)
@given(events())
def test_swiss_A7_no_second_bye_while_someone_eligible_remains(played: Played) -> None:
    for before, number, pairing, history in rounds_of(played):
        if pairing.bye is not None and history.byes[pairing.bye] > 0:
            minimum = min(history.byes[p] for p in available_in(before, number))
            assert history.byes[pairing.bye] == minimum


@settings(max_examples=30, deadline=None)
@given(events())
def test_swiss_R14_no_rematch_when_at_least_twice_as_many_players_as_rounds(
    played: Played,
) -> None:
    """With n >= 2 × rounds a rematch-free pairing always exists (Dirac's theorem on the graph
    of pairs not yet met), so none may appear."""
    total = len(played.rounds[0][0].competitors)
    if total < 2 * len(played.rounds) or any(
        b.kind is not ByeKind.PAIRING_ALLOCATED for r in played.rounds for b in r[0].byes
    ):
        return
    met: set[frozenset[CompetitorId]] = set()
    for _, _, pairing in played.rounds:
        for board in pairing.boards:
            assert frozenset(board) not in met
            met.add(frozenset(board))


@settings(max_examples=30, deadline=None)
@given(events())
def test_swiss_R14_a_rematch_only_when_no_pairing_avoids_it(played: Played) -> None:
    for before, number, pairing, history in rounds_of(played):
        if not any(history.met[frozenset(board)] for board in pairing.boards):
            continue
        available = available_in(before, number)
        fresh = {frozenset(pair) for pair in itertools.combinations(available, 2)}
        fresh = {pair for pair in fresh if not history.met[pair]}
        fewest = min(history.byes[p] for p in available)
        bye_candidates: list[CompetitorId | None] = (
            [p for p in available if history.byes[p] == fewest] if len(available) % 2 else [None]
        )
        for bye in bye_candidates:
            rest = [p for p in available if p != bye]
            assert not has_perfect_matching(rest, fresh)


@settings(max_examples=30, deadline=None)
@given(events())
def test_swiss_A8_colour_limits_kept_where_avoidable(played: Played) -> None:
    """What the pairing guarantees: nobody gets a third colour in a row or |W - B| > 2 unless
    no rematch-free pairing of the other players around the chosen bye avoids it (checked in
    the rounds without a rematch), and within each pair the colours are the best way round."""
    for before, number, pairing, history in rounds_of(played):
        violated = False
        for white, black in pairing.boards:
            given_ = violates(history.colours[white], Side.WHITE) + violates(
                history.colours[black], Side.BLACK
            )
            assert given_ == pair_violations(history, white, black)
            violated = violated or given_ > 0
        if not violated or any(history.met[frozenset(b)] for b in pairing.boards):
            continue
        rest = [p for p in available_in(before, number) if p != pairing.bye]
        good = {
            frozenset(pair)
            for pair in itertools.combinations(rest, 2)
            if not history.met[frozenset(pair)] and pair_violations(history, *pair) == 0
        }
        assert not has_perfect_matching(rest, good)


@settings(max_examples=20, deadline=None)
@given(events(max_players=24))
def test_swiss_A13_pairing_is_deterministic_for_a_seed(played: Played) -> None:
    for before, number, pairing in played.rounds:
        again = pair_simple_swiss(before, number, seed=played.seed)
        assert again == pairing
        assert again.seed == played.seed


@pytest.mark.parametrize("players", [6, 7, 12, 31, 60])
def test_swiss_R12_different_seeds_give_different_round_one(players: int) -> None:
    results = event("".join(chr(0x4E00 + k) for k in range(players)))
    firsts = {pair_simple_swiss(results, 1, seed=seed).boards for seed in range(20)}
    assert len(firsts) >= 15


def lexicographic_cost(
    history: History,
    order: Sequence[CompetitorId],
    pairs: Sequence[tuple[CompetitorId, CompetitorId]],
    bye: CompetitorId | None,
) -> tuple[int, int, int, int, Fraction]:
    """The pairing's cost on A7/A8/R14, most important first: repeated byes, rematches, the
    bye's height in the ranking, colour-limit breaches, total score difference."""
    position = {p: k for k, p in enumerate(order)}
    return (
        history.byes[bye] if bye is not None else 0,
        sum(history.met[frozenset(pair)] for pair in pairs),
        len(order) - 1 - position[bye] if bye is not None else 0,
        sum(pair_violations(history, a, b) for a, b in pairs),
        sum((abs(history.scores[a] - history.scores[b]) for a, b in pairs), Fraction(0)),
    )


def all_pairings(
    players: list[CompetitorId],
) -> Iterator[tuple[list[tuple[CompetitorId, CompetitorId]], CompetitorId | None]]:
    def perfect(rest: list[CompetitorId]) -> Iterator[list[tuple[CompetitorId, CompetitorId]]]:
        if not rest:
            yield []
            return
        first = rest[0]
        for k in range(1, len(rest)):
            for tail in perfect(rest[1:k] + rest[k + 1 :]):
                yield [(first, rest[k]), *tail]

    if len(players) % 2 == 0:
        for pairs in perfect(players):
            yield pairs, None
        return
    for bye in players:
        for pairs in perfect([p for p in players if p != bye]):
            yield pairs, bye


@settings(max_examples=25, deadline=None)
@given(events(min_players=4, max_players=9))
def test_swiss_A8_A7_R14_pairing_is_optimal_among_every_possible_pairing(played: Played) -> None:
    """Small fields: no other pairing of the round does better on (repeated bye, rematches,
    bye height, colour-limit breaches, total score difference), in that order."""
    for before, number, pairing, history in rounds_of(played):
        order = [
            p
            for p in compute_pairing_order(before, number, seed=played.seed)
            if p in set(available_in(before, number))
        ]
        ours = lexicographic_cost(history, order, pairing.boards, pairing.bye)
        best = min(
            lexicographic_cost(history, order, pairs, bye)
            for pairs, bye in all_pairings(sorted(order))
        )
        assert ours == best


# --- Unit cases ------------------------------------------------------------------------------


def test_swiss_A8_top_half_against_bottom_half_in_each_score_group() -> None:
    results = event("ABCDEFGH", "1: A-E 1-0, B-F 1-0, C-G 1-0, D-H 1-0")
    for seed in range(5):
        order = compute_pairing_order(results, 2, seed=seed)
        assert set(order[:4]) == set("ABCD")
        x, y = order[:4], order[4:]
        pairing = pair_simple_swiss(results, 2, seed=seed)
        # Every winner is due Black, every loser White; the higher-ranked gets the due colour.
        assert pairing.boards == ((x[2], x[0]), (x[3], x[1]), (y[0], y[2]), (y[1], y[3]))
        assert pairing.bye is None


def test_swiss_A8_odd_group_moves_its_lowest_player_down() -> None:
    results = event("ABCDEF", "1: A-D 1-0, B-E 1-0, C-F 1-0")
    for seed in range(5):
        order = compute_pairing_order(results, 2, seed=seed)
        x, y = order[:3], order[3:]
        pairing = pair_simple_swiss(results, 2, seed=seed)
        assert pairing.boards == ((x[1], x[0]), (y[1], x[2]), (y[0], y[2]))


def test_swiss_R13_A5_rank_by_score_then_buchholz_then_sb_then_lot() -> None:
    results = event(
        "ABCDEFGH",
        """
        1: A-B 1-0, C-D 1-0, E-F 1-0, G-H 1-0
        2: A-C 1-0, B-E 1-0, D-G 0-1, F-H 1-0
        """,
    )
    for seed in range(5):
        order = compute_pairing_order(results, 3, seed=seed)
        # A and G on 2: Buchholz 2 against 0. B, E, C, F on 1: Buchholz 3, 2, 2, 1, and
        # Sonneborn-Berger puts E (beat F, on 1) above C (beat D, on 0). D and H on 0 tie on
        # both (Buchholz 3, SB 0): the lot decides.
        assert order[:6] == tuple(cid(x) for x in "AGBECF")
        lot = compute_draw_order(results.competitors, seed)
        assert list(order[6:]) == sorted(order[6:], key=lot.index)


def test_swiss_R14_rematch_avoided_across_score_groups() -> None:
    # A (2) has met B and C (1 each): the plain pairing A-B, C-D would be a rematch, so A
    # drops two groups to D.
    results = event("ABCD", "1: A-B 1-0, C-D 1-0\n2: A-C 1-0, B-D 1-0")
    pairing = pair_simple_swiss(results, 3, seed=0)
    assert as_sets(pairing) == {frozenset("AD"), frozenset("BC")}
    # A had White twice and D Black twice; B and C alternate. A's board is the top board.
    assert pairing.boards == ((cid("D"), cid("A")), (cid("C"), cid("B")))


def test_swiss_R14_rematch_allowed_when_no_other_pairing_exists() -> None:
    results = event("ABCD", "1: A-B 1-0, C-D 1-0\n2: A-C 1-0, B-D 1-0\n3: D-A 0-1, C-B 1-0")
    pairing = pair_simple_swiss(results, 4, seed=0)
    assert len(pairing.boards) == 2


def test_swiss_A7_bye_to_lowest_ranked_in_lowest_group() -> None:
    results = event("ABCDE", "1: A-B 1-0, C-D 1-0, E U")
    for seed in range(5):
        order = compute_pairing_order(results, 2, seed=seed)
        assert set(order[3:]) == set("BD")
        assert pair_simple_swiss(results, 2, seed=seed).bye == order[-1]


def test_swiss_A7_bye_skips_lower_players_who_already_had_one() -> None:
    results = event("ABCDE", "1: A-B 1-0, C-D 1-0, E U\n2: A-C 1-0, E-B 0-1, D U")
    for seed in range(5):
        order = compute_pairing_order(results, 3, seed=seed)
        # D and E, with a bye each, rank below B and C (Buchholz without bye points).
        assert set(order[-2:]) == set("DE")
        assert pair_simple_swiss(results, 3, seed=seed).bye == order[2]


def test_swiss_R12_round_one_pairs_the_drawn_order_top_half_against_bottom_half() -> None:
    results = event("ABCDEFGHIJ")
    for seed in range(5):
        drawn = compute_draw_order(results.competitors, seed)
        assert compute_pairing_order(results, 1, seed=seed) == drawn
        # Nobody has a colour yet: White alternates down the boards for the higher-ranked.
        expected = tuple(
            (drawn[k], drawn[k + 5]) if k % 2 == 0 else (drawn[k + 5], drawn[k]) for k in range(5)
        )
        assert pair_simple_swiss(results, 1, seed=seed).boards == expected


def test_swiss_A7_round_one_bye_is_the_last_player_drawn() -> None:
    results = event("ABCDEFG")
    for seed in range(5):
        assert (
            pair_simple_swiss(results, 1, seed=seed).bye
            == compute_draw_order(results.competitors, seed)[-1]
        )


def test_swiss_R15_A8_same_due_colour_goes_to_who_had_it_less_recently() -> None:
    # Round 4: only A and C are available. Both are due White; A is ranked higher and last had
    # White in round 2, C in round 1, so C gets White.
    results = event(
        "ACXYZ",
        """
        1: X-A 0-1, C-Y 1-0, Z U
        2: A-Y 1-0, X-C 1-0
        3: Z-A 0-1, X-Y 1/2-1/2, C U
        4: X Z, Y Z, Z Z
        """,
    )
    assert compute_pairing_order(results, 4, seed=0)[0] == cid("A")
    assert pair_simple_swiss(results, 4, seed=0).boards == ((cid("C"), cid("A")),)


def test_swiss_A8_no_third_colour_in_a_row_where_avoidable() -> None:
    # Everyone on 1 point; A and B had Black twice, C and D White twice.
    results = event(
        "ABCDEFGH",
        """
        1: E-A 1/2-1/2, F-B 1/2-1/2, C-G 1/2-1/2, D-H 1/2-1/2
        2: G-A 1/2-1/2, H-B 1/2-1/2, C-E 1/2-1/2, D-F 1/2-1/2
        """,
    )
    for seed in range(5):
        colour = {}
        for white, black in pair_simple_swiss(results, 3, seed=seed).boards:
            colour[white], colour[black] = Side.WHITE, Side.BLACK
        assert [colour[cid(x)] for x in "ABCD"] == [Side.WHITE] * 2 + [Side.BLACK] * 2


def test_swiss_A8_unavoidable_colour_breach_still_pairs() -> None:
    # A and C both had W, W, B, W: one of them must reach a difference of +3.
    results = event(
        "ACXY",
        """
        1: A-X 1-0, C-Y 1-0
        2: A-Y 1-0, C-X 1-0
        3: X-A 0-1, Y-C 0-1
        4: A-Y 1-0, C-X 1-0
        5: X Z, Y Z
        """,
    )
    pairing = pair_simple_swiss(results, 5, seed=0)
    assert as_sets(pairing) == {frozenset("AC")}


def test_swiss_declared_byes_are_not_paired() -> None:
    results = event("ABCDEF", "1: A-B 1-0, C-D 1-0, E-F 1-0\n2: B H")
    pairing = pair_simple_swiss(results, 2, seed=1)
    assert cid("B") not in {p for board in pairing.boards for p in board}
    assert pairing.bye is not None
    assert len(pairing.boards) == 2


def test_swiss_forfeits_are_not_meetings() -> None:
    # A and B's forfeit does not stop them from meeting (the only rematch-free option).
    results = event("ABCD", "1: A-B +-, C-D 1-0\n2: A-C 1-0, B-D 1-0\n3: A-D 1-0, B-C 1-0")
    pairing = pair_simple_swiss(results, 4, seed=0)
    assert as_sets(pairing) == {frozenset("AB"), frozenset("CD")}


def test_swiss_no_valid_pairing_names_who_cannot_be_paired() -> None:
    results = event("ABCD")
    forbidden = [frozenset((cid("A"), cid(x))) for x in "BCD"]
    with pytest.raises(NoValidPairing, match="A") as caught:
        pair_simple_swiss(results, 1, seed=0, forbidden_pairs=forbidden)
    assert cid("A") in caught.value.params["players"]


def test_swiss_forbidden_pairs_are_respected() -> None:
    results = event("ABCD")
    forbidden = [frozenset((cid("A"), cid("B"))), frozenset((cid("A"), cid("C")))]
    for seed in range(5):
        pairing = pair_simple_swiss(results, 1, seed=seed, forbidden_pairs=forbidden)
        assert frozenset("AD") in as_sets(pairing)


def test_swiss_no_valid_pairing_with_fewer_than_two_players() -> None:
    results = event("AB", "1: A H")
    with pytest.raises(NoValidPairing, match="only B"):
        pair_simple_swiss(results, 1, seed=0)


def test_swiss_no_valid_pairing_beyond_the_last_round() -> None:
    results = event("ABCD", rounds=1)
    with pytest.raises(NoValidPairing, match="beyond"):
        pair_simple_swiss(results, 2, seed=0)


def test_swiss_A13_seed_is_recorded_in_the_pairing() -> None:
    assert pair_simple_swiss(event("ABCD"), 1, seed=12345).seed == 12345


# --- Rounds and parameters -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "rounds"),
    [
        (2, 1),
        (3, 2),
        (4, 3),
        (5, 4),
        (8, 4),
        (16, 4),
        (17, 5),
        (32, 5),
        (33, 6),
        (100, 7),
        (257, 9),
        (600, 9),
    ],
)
def test_swiss_A11_suggested_rounds(players: int, rounds: int) -> None:
    assert suggest_swiss_rounds(players) == rounds


def test_swiss_A11_needs_two_players() -> None:
    with pytest.raises(ConfigError):
        suggest_swiss_rounds(1)


@pytest.mark.parametrize(("players", "rounds"), [(10, 4), (10, 9), (30, 9), (30, 4)])
def test_swiss_A12_typical_rounds_have_no_warning(players: int, rounds: int) -> None:
    assert check_swiss_rounds(players, rounds) == []


@pytest.mark.parametrize(("players", "rounds"), [(10, 1), (10, 3), (30, 10), (30, 29)])
def test_swiss_A12_rounds_outside_4_to_9_warn(players: int, rounds: int) -> None:
    warnings = check_swiss_rounds(players, rounds)
    assert len(warnings) == 1
    assert str(rounds) in warnings[0]


@pytest.mark.parametrize(("players", "rounds"), [(10, 0), (10, 10), (4, 4), (2, 2)])
def test_swiss_A12_rounds_outside_1_to_n_minus_1_rejected(players: int, rounds: int) -> None:
    with pytest.raises(ConfigError, match=f"got {rounds}"):
        check_swiss_rounds(players, rounds)


def test_swiss_parameters_defaults_follow_section_5() -> None:
    assert CHESS_SWISS.swiss_tiebreaks == ("buchholz", "sb")
    assert [tb.name for tb in CHESS_SWISS.tiebreaks] == ["buchholz", "sb"]
    assert CHESS_SWISS.swiss_bye_points == 1
    assert CHESS_SWISS.point_system.pairing_bye_points == 1
    assert CHESS_SWISS.points == PointSystem(win=ONE, draw=HALF, loss=ZERO)
    assert CHESS_SWISS.rounds_for(20) == 5


def test_swiss_parameters_override_from_text() -> None:
    changed = override(
        CHESS_SWISS,
        {
            "swiss_rounds": "7",
            "points": "3,1,0",
            "swiss_tiebreaks": "sb,buchholz",
            "swiss_bye_points": "1/2",
            "random_seed": "99",
        },
    )
    assert changed.swiss_rounds == 7
    assert changed.points == PointSystem(win=Fraction(3), draw=Fraction(1), loss=Fraction(0))
    assert changed.swiss_tiebreaks == ("sb", "buchholz")
    assert changed.point_system.pairing_bye_points == Fraction(1, 2)
    assert changed.random_seed == 99
    assert changed.rounds_for(20) == 7


@pytest.mark.parametrize(
    ("changes", "parameter"),
    [
        ({"swiss_tiebreaks": "buchholz,nonsense"}, "nonsense"),
        ({"points": "1,2"}, "points"),
        ({"swiss_rounds": "many"}, "swiss_rounds"),
        ({"swiss_rounds": "0"}, "swiss_rounds"),
        ({"swiss_bye_points": "2"}, "swiss_bye_points"),
    ],
)
def test_swiss_parameters_reject_bad_values(changes: dict[str, str], parameter: str) -> None:
    with pytest.raises(ConfigError, match=parameter):
        override(CHESS_SWISS, changes)


def test_swiss_rounds_for_rejects_too_many_rounds() -> None:
    with pytest.raises(ConfigError):
        ChessSwissParameters(swiss_rounds=8).rounds_for(8)


# --- Simulation ------------------------------------------------------------------------------


def test_swiss_simulation_plays_every_round() -> None:
    competitors = tuple(
        Competitor(cid(f"P{n}"), f"P{n}", 1500 + 7 * n, number=n) for n in range(1, 12)
    )
    results = simulate_simple_swiss(competitors, 5, seed=8)
    assert results.rounds == 5
    assert len(results.games) == 5 * 5
    assert len(results.byes) == 5
    assert len({b.competitor for b in results.byes}) == 5
    assert all(g.result.is_played for g in results.games)
    assert simulate_simple_swiss(competitors, 5, seed=8) == results


def test_swiss_simulation_checks_the_number_of_rounds() -> None:
    competitors = tuple(Competitor(cid(x), x) for x in "ABC")
    with pytest.raises(ConfigError):
        simulate_simple_swiss(competitors, 3, seed=0)


def test_A13_a_given_draw_order_ranks_round_one_and_must_list_everyone_once() -> None:
    results = StageResults(
        tuple(Competitor(CompetitorId(f"p{n}"), f"P{n}", number=n) for n in range(1, 7))
    )
    order = [CompetitorId(f"p{n}") for n in (4, 1, 6, 2, 5, 3)]
    pairing = pair_simple_swiss(results, 1, seed=0, draw_order=order)
    # Round 1 (R12): the top half of the lot against the bottom half.
    assert {frozenset(b) for b in pairing.boards} == {
        frozenset((order[k], order[k + 3])) for k in range(3)
    }
    for bad, named in (
        (order[:5], "missing: p3"),
        ([*order, CompetitorId("p9")], "not competitors: p9"),
        ([*order[:5], order[0]], "repeated: p4"),
    ):
        with pytest.raises(ConfigError, match=named):
            pair_simple_swiss(results, 1, seed=0, draw_order=bad)
