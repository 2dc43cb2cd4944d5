"""Single and double elimination for any game (issue 27, the `knockout` preset): bracket
shape, byes to the top seeds, losers' drop-ins, grand-final reset, walkovers, best of N,
placings and the seeded simulation."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.knockout.bracket import seed_positions
from mashindano.engine.knockout.elimination import (
    GRAND_FINAL,
    GRAND_FINAL_RESET,
    THIRD_PLACE,
    EliminationBracket,
    MatchResult,
    MatchStatus,
    Section,
    SourceKind,
    build_elimination,
    decide_games,
    drop_order,
)
from mashindano.engine.knockout.elimination_options import (
    KNOCKOUT_OPTIONS,
    EliminationOptions,
    seed_entrants,
)
from mashindano.engine.knockout.elimination_simulation import simulate_elimination
from mashindano.engine.model import Competitor, CompetitorId, GameResult
from mashindano.engine.parameters import override

SINGLE = EliminationOptions()
SINGLE_3P = EliminationOptions(third_place=True)
DOUBLE = EliminationOptions(elimination="double")
DOUBLE_NO_RESET = EliminationOptions(elimination="double", grand_final_reset=False)

W, D, L = GameResult.FIRST_WINS, GameResult.DRAW, GameResult.SECOND_WINS


def ids(count: int) -> list[CompetitorId]:
    return [CompetitorId(f"S{seed}") for seed in range(1, count + 1)]


def seed(entrant: str | None) -> int:
    assert entrant is not None
    return int(entrant[1:])


def players(count: int) -> list[Competitor]:
    return [
        Competitor(CompetitorId(f"P{n:02}"), f"P{n:02}", rating=2400 - 37 * n)
        for n in range(1, count + 1)
    ]


def play_out(
    bracket: EliminationBracket,
    rng: random.Random | None = None,
    *,
    walkover_rate: float = 0.0,
    double_walkover_rate: float = 0.0,
) -> EliminationBracket:
    """Decide every match: the better seed wins (chalk) or, with `rng`, a random side, now and
    then by walkover or double walkover."""
    while ready := bracket.ready_matches():
        stage: dict[str, MatchResult] = {}
        for match in ready:
            a, b = match.a.entrant, match.b.entrant
            assert a is not None
            assert b is not None
            if rng is None:
                result = MatchResult.played(min(a, b, key=seed))
            else:
                roll = rng.random()
                winner = rng.choice((a, b))
                if roll < double_walkover_rate:
                    result = MatchResult.double_walkover()
                elif roll < double_walkover_rate + walkover_rate:
                    result = MatchResult.walkover(winner)
                else:
                    result = MatchResult.played(winner)
            stage[match.id] = result
        bracket = bracket.record_all(stage)
    return bracket


def played(bracket: EliminationBracket) -> int:
    return sum(m.is_played for m in bracket.matches)


counts = st.integers(min_value=2, max_value=64)


# Options


def test_issue27_options_defaults_single_rating_best_of_one() -> None:
    assert (
        EliminationOptions(
            elimination="single", third_place=False, grand_final_reset=True, seeding="rating"
        )
        == KNOCKOUT_OPTIONS
    )
    assert KNOCKOUT_OPTIONS.best_of == 1
    assert KNOCKOUT_OPTIONS.wins_needed == 1
    assert EliminationOptions(best_of=5).wins_needed == 3


def test_issue27_options_from_text() -> None:
    options = override(
        KNOCKOUT_OPTIONS,
        {"elimination": "double", "grand-final-reset": "no", "best_of": "3", "seeding": "drawn"},
    )
    assert options == EliminationOptions(
        elimination="double", grand_final_reset=False, best_of=3, seeding="drawn"
    )
    assert options.is_double


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"elimination": "triple"}, "elimination must be one of single, double, got 'triple'"),
        ({"seeding": "order"}, "seeding must be one of rating, drawn, got 'order'"),
        ({"best_of": "2"}, "best_of must be an odd number of games, at least 1, got 2"),
        ({"best_of": "0"}, "best_of must be an odd number of games, at least 1, got 0"),
        ({"best_of": "two"}, "parameter 'best_of': 'two' is not a whole number"),
        (
            {"elimination": "double", "third_place": "yes"},
            "third_place is for single elimination",
        ),
        ({"byes": "3"}, "unknown parameter 'byes'"),
    ],
)
def test_issue27_options_refused_with_clear_messages(changes: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        override(KNOCKOUT_OPTIONS, changes)


def test_issue27_bracket_refuses_bad_fields() -> None:
    with pytest.raises(ConfigError, match="at least 2 entrants"):
        build_elimination(ids(1))
    with pytest.raises(ConfigError, match="entered twice"):
        build_elimination([CompetitorId("A"), CompetitorId("B"), CompetitorId("A")])
    with pytest.raises(ConfigError, match="third-place match needs at least 4 entrants"):
        build_elimination(ids(3), SINGLE_3P)


# Seeding


def test_issue27_seeding_by_rating_highest_first_unrated_last() -> None:
    field = [
        Competitor(CompetitorId("U"), "U"),
        Competitor(CompetitorId("L"), "L", rating=1500),
        Competitor(CompetitorId("H"), "H", rating=2000),
    ]
    assert [c.id for c in seed_entrants(field, "rating")] == ["H", "L", "U"]


def test_issue27_drawn_seeding_follows_the_passed_seed_only() -> None:
    field = players(16)
    first = seed_entrants(field, "drawn", random.Random(5))
    assert first == seed_entrants(field, "drawn", random.Random(5))
    assert sorted(c.id for c in first) == sorted(c.id for c in field)
    assert any(seed_entrants(field, "drawn", random.Random(s)) != first for s in range(6, 10))
    with pytest.raises(ConfigError, match="drawn seeding needs the event's random seed"):
        seed_entrants(field, "drawn")


# Shape


@settings(max_examples=60, deadline=None)
@given(count=counts, choices=st.randoms(use_true_random=False))
def test_issue27_single_elimination_plays_n_minus_one_matches(
    count: int, choices: random.Random
) -> None:
    bracket = play_out(build_elimination(ids(count), SINGLE), choices)
    assert bracket.is_finished
    assert played(bracket) == count - 1
    assert bracket.champion in bracket.entrants


@settings(max_examples=60, deadline=None)
@given(count=st.integers(min_value=4, max_value=64), choices=st.randoms(use_true_random=False))
def test_issue27_third_place_adds_one_match(count: int, choices: random.Random) -> None:
    bracket = play_out(build_elimination(ids(count), SINGLE_3P), choices)
    assert played(bracket) == count
    third = bracket.match(THIRD_PLACE)
    assert third.section is Section.THIRD_PLACE
    semis = [m for m in bracket.matches if m.winner_to is not None and m.loser_to == THIRD_PLACE]
    assert {third.a.entrant, third.b.entrant} == {m.loser for m in semis}


@settings(max_examples=80, deadline=None)
@given(count=counts, choices=st.randoms(use_true_random=False), reset=st.booleans())
def test_issue27_double_elimination_plays_2n_minus_2_or_one_more_with_the_reset(
    count: int, choices: random.Random, reset: bool
) -> None:
    options = DOUBLE if reset else DOUBLE_NO_RESET
    bracket = play_out(build_elimination(ids(count), options), choices)
    assert bracket.is_finished
    grand_final = bracket.match(GRAND_FINAL)
    losers_side_won = grand_final.winner == grand_final.b.entrant
    expected = 2 * count - 2 + (1 if reset and losers_side_won else 0)
    assert played(bracket) == expected


@pytest.mark.parametrize(
    ("count", "winners", "losers"),
    [(2, 1, 0), (3, 3, 2), (4, 3, 2), (5, 7, 6), (8, 7, 6), (13, 15, 14), (16, 15, 14)],
)
def test_issue27_double_elimination_layout(count: int, winners: int, losers: int) -> None:
    bracket = build_elimination(ids(count), DOUBLE)
    sections = Counter(m.section for m in bracket.matches)
    assert sections[Section.WINNERS] == winners
    assert sections[Section.LOSERS] == losers
    assert sections[Section.GRAND_FINAL] == 2
    assert [m.id for m in bracket.matches][-2:] == [GRAND_FINAL, GRAND_FINAL_RESET]


def test_issue27_match_ids_and_names_for_eight_double() -> None:
    bracket = build_elimination(ids(8), DOUBLE)
    assert [m.id for m in bracket.matches] == [
        "W1-1", "W1-2", "W1-3", "W1-4", "W2-1", "W2-2", "W3-1",
        "L1-1", "L1-2", "L2-1", "L2-2", "L3-1", "L4-1", "GF", "GF2",
    ]  # fmt: skip
    assert bracket.describe("W3-1") == "Winners' final"
    assert bracket.describe("L2-2") == "Losers' round 2 match 2"
    assert bracket.describe("L4-1") == "Losers' final"
    assert bracket.describe("GF") == "Grand final"
    assert bracket.describe("GF2") == "Grand final reset"
    single = build_elimination(ids(8), SINGLE_3P)
    assert single.describe("W3-1") == "Final"
    assert single.describe("W2-2") == "Semifinals match 2"
    assert single.describe(THIRD_PLACE) == "Third-place match"
    with pytest.raises(IllegalResult, match="there is no match 'L1-1'"):
        single.match("L1-1")


def test_issue27_sources_say_where_each_slot_comes_from() -> None:
    bracket = build_elimination(ids(8), DOUBLE)
    described = {m.id: (m.a.describe(), m.b.describe()) for m in bracket.matches}
    assert described["W1-1"] == ("S1", "S8")
    assert described["W2-1"] == ("winner of W1-1", "winner of W1-2")
    assert described["L1-1"] == ("loser of W1-1", "loser of W1-2")
    assert described["L2-1"] == ("winner of L1-1", "loser of W2-2")
    assert described["L4-1"] == ("winner of L3-1", "loser of W3-1")
    assert described["GF"] == ("winner of W3-1", "winner of L4-1")
    assert described["GF2"] == ("loser of GF", "winner of GF")
    w1 = bracket.match("W1-1")
    assert (w1.winner_to, w1.loser_to) == ("W2-1", "L1-1")
    assert bracket.match("W2-2").loser_to == "L2-1"
    assert bracket.match("L1-1").loser_to is None


def test_issue27_two_entrants_double_the_grand_final_is_the_rematch() -> None:
    bracket = build_elimination(ids(2), DOUBLE)
    assert bracket.match(GRAND_FINAL).b.source.describe() == "loser of W1-1"
    bracket = bracket.record("W1-1", MatchResult.played(CompetitorId("S2")))
    bracket = bracket.record(GRAND_FINAL, MatchResult.played(CompetitorId("S1")))
    assert bracket.match(GRAND_FINAL_RESET).is_ready
    bracket = bracket.record(GRAND_FINAL_RESET, MatchResult.played(CompetitorId("S2")))
    assert bracket.champion == "S2"
    assert [(p.place, p.entrant) for p in bracket.placements()] == [(1, "S2"), (2, "S1")]


# Byes


def test_issue27_thirteen_players_byes_to_seeds_one_to_three() -> None:
    for options in (SINGLE, DOUBLE):
        bracket = build_elimination(ids(13), options)
        byes = [m for m in bracket.matches if m.status is MatchStatus.BYE]
        first_round_byes = [m for m in byes if m.section is Section.WINNERS]
        assert sorted(seed(m.winner) for m in first_round_byes) == [1, 2, 3]
        assert all(m.b.is_empty and m.b.source.kind is SourceKind.BYE for m in first_round_byes)


@settings(max_examples=60, deadline=None)
@given(count=counts)
def test_issue27_byes_go_to_the_top_seeds(count: int) -> None:
    bracket = build_elimination(ids(count))
    size = 1 << (count - 1).bit_length()
    byes = {seed(m.winner) for m in bracket.matches if m.status is MatchStatus.BYE}
    assert byes == set(range(1, size - count + 1))


def test_issue27_losers_dropping_into_byes_advance() -> None:
    """5 entrants on 8 lines: W1-1, W1-3, W1-4 are byes, so L1-1 and L1-2 get at most one
    loser; L1-2 is void and the W2-1 loser advances from L2 by a bye."""
    bracket = build_elimination(ids(5), DOUBLE)
    assert bracket.match("L1-2").status is MatchStatus.VOID
    assert bracket.match("L1-1").status is MatchStatus.PENDING
    bracket = bracket.record("W1-2", MatchResult.played(CompetitorId("S4")))
    l1 = bracket.match("L1-1")
    assert (l1.status, l1.winner) == (MatchStatus.BYE, "S5")
    bracket = bracket.record("W2-1", MatchResult.played(CompetitorId("S1")))
    bracket = bracket.record("W2-2", MatchResult.played(CompetitorId("S2")))
    # Drop order for round 2 is reversed: L2-1 takes the loser of W2-2, L2-2 that of W2-1.
    assert bracket.match("L2-1").is_ready
    assert {bracket.match("L2-1").a.entrant, bracket.match("L2-1").b.entrant} == {"S5", "S3"}
    l2 = bracket.match("L2-2")
    assert (l2.status, l2.winner, l2.a.is_empty) == (MatchStatus.BYE, "S4", True)
    bracket = play_out(bracket)
    assert played(bracket) == 2 * 5 - 2
    assert bracket.champion == "S1"


def test_issue27_a_bye_takes_no_result() -> None:
    bracket = build_elimination(ids(13))
    with pytest.raises(IllegalResult, match="takes no result: it is a bye for S1"):
        bracket.record("W1-1", MatchResult.played(CompetitorId("S1")))


# Seeds 1 and 2


@settings(max_examples=60, deadline=None)
@given(count=counts)
def test_issue27_seeds_one_and_two_meet_only_in_the_final_when_higher_seeds_win(
    count: int,
) -> None:
    single = play_out(build_elimination(ids(count), SINGLE))
    meetings = [m.id for m in single.matches if {m.a.entrant, m.b.entrant} == {"S1", "S2"}]
    final = f"W{(count - 1).bit_length()}-1"
    assert meetings == [final]
    assert single.champion == "S1"
    double = play_out(build_elimination(ids(count), DOUBLE))
    meetings = [m.id for m in double.matches if {m.a.entrant, m.b.entrant} == {"S1", "S2"}]
    if count == 2:
        assert meetings == ["W1-1", GRAND_FINAL]
    else:
        assert meetings == [final, GRAND_FINAL]
    assert double.champion == "S1"
    assert double.match(GRAND_FINAL_RESET).status is MatchStatus.SKIPPED


def test_issue27_chalk_placings_single_and_double() -> None:
    single = play_out(build_elimination(ids(8), SINGLE))
    assert [p.place for p in single.placements()] == [1, 2, 3, 3, 5, 5, 5, 5]
    third = play_out(build_elimination(ids(8), SINGLE_3P))
    assert [(p.place, p.entrant) for p in third.placements()][:4] == [
        (1, "S1"),
        (2, "S2"),
        (3, "S3"),
        (4, "S4"),
    ]
    double = play_out(build_elimination(ids(8), DOUBLE))
    assert [(p.place, p.entrant) for p in double.placements()] == [
        (1, "S1"), (2, "S2"), (3, "S3"), (4, "S4"), (5, "S5"), (5, "S6"), (7, "S7"), (7, "S8"),
    ]  # fmt: skip


def test_issue27_placings_wait_for_the_end() -> None:
    with pytest.raises(IllegalResult, match="places are known when the bracket is finished"):
        build_elimination(ids(4)).placements()


# Losers' bracket drop-ins


def test_issue27_drop_order_cycles_reversed_shifted_both() -> None:
    assert drop_order(2, 4) == (3, 2, 1, 0)
    assert drop_order(3, 4) == (2, 3, 0, 1)
    assert drop_order(4, 4) == (1, 0, 3, 2)
    assert drop_order(5, 8) == (7, 6, 5, 4, 3, 2, 1, 0)
    assert drop_order(3, 1) == (0,)
    with pytest.raises(ConfigError):
        drop_order(1, 4)


def test_issue27_every_loser_of_a_winners_round_drops_into_one_losers_match() -> None:
    for count in (8, 16, 32, 64):
        bracket = build_elimination(ids(count), DOUBLE)
        winners = [m for m in bracket.matches if m.section is Section.WINNERS]
        targets = [m.loser_to for m in winners]
        assert None not in targets
        assert len(set(targets)) == len(targets) - count // 4  # W1 losers pair up in L1
        assert bracket.match(f"W{count.bit_length() - 1}-1").loser_to == (
            f"L{2 * (count.bit_length() - 2)}-1"
        )


def _first_rematch_round(bracket: EliminationBracket) -> int | None:
    met: set[frozenset[CompetitorId]] = set()
    first: int | None = None
    for m in bracket.matches:
        if m.a.entrant is None or m.b.entrant is None or not m.is_played:
            continue
        pair = frozenset((m.a.entrant, m.b.entrant))
        if pair in met and m.section is Section.LOSERS and first is None:
            first = m.round
        met.add(pair)
    return first


@settings(max_examples=60, deadline=None)
@given(lines=st.sampled_from([8, 16, 32, 64]), choices=st.randoms(use_true_random=False))
def test_issue27_no_early_rematch_in_the_losers_bracket(lines: int, choices: random.Random) -> None:
    """Played out: nobody meets again before the round the exact check below gives."""
    bracket = play_out(build_elimination(ids(lines), DOUBLE), choices)
    first = _first_rematch_round(bracket)
    earliest = {8: 3, 16: 4, 32: 5, 64: 7}[lines]
    assert first is None or first >= earliest


type _Occupants = set[tuple[int, int | None]]


def _first_possible_rematch_round(lines: int) -> int | None:
    """The first losers' round in which two entrants who met in the winners' bracket could meet
    again, over every possible set of results (from the slots' sources alone).

    Each slot holds one of a set of (bracket line, winners' round lost). Two entrants met in
    the winners' bracket iff, t being the round their lines meet in, one lost in round t and
    the other went further.
    """
    positions = {s: line for line, s in enumerate(seed_positions(lines))}
    winners: dict[str, _Occupants] = {}
    losers: dict[str, _Occupants] = {}
    for m in build_elimination(ids(lines), DOUBLE).matches:
        sides: list[_Occupants] = []
        for source in (m.a.source, m.b.source):
            if source.kind is SourceKind.SEED:
                assert source.seed is not None
                sides.append({(positions[source.seed], None)})
            else:
                assert source.match is not None
                pool = winners if source.kind is SourceKind.WINNER else losers
                sides.append(pool[source.match])
        both = sides[0] | sides[1]
        if m.section is Section.WINNERS:
            winners[m.id] = {(line, None) for line, _ in both}
            losers[m.id] = {(line, m.round) for line, _ in both}
            continue
        if m.section is Section.LOSERS:
            for x, lost_x in sides[0]:
                for y, lost_y in sides[1]:
                    assert lost_x is not None
                    assert lost_y is not None
                    met_in = (x ^ y).bit_length()
                    if min(lost_x, lost_y) == met_in < max(lost_x, lost_y):
                        return m.round
        winners[m.id] = losers[m.id] = both
    return None


@pytest.mark.parametrize(("lines", "first"), [(4, 2), (8, 3), (16, 4), (32, 5), (64, 7), (128, 8)])
def test_issue27_losers_bracket_rematches_as_late_as_the_drop_order_allows(
    lines: int, first: int
) -> None:
    """Over every possible result: L2 (the first drop-in) never repeats a winners' match
    from 8 lines on, and the first possible rematch comes later as the bracket grows."""
    assert _first_possible_rematch_round(lines) == first


# Grand final and its reset


def _to_grand_final(count: int, options: EliminationOptions) -> EliminationBracket:
    """Chalk up to the grand final: S1 from the winners' side, S2 from the losers' side."""
    bracket = build_elimination(ids(count), options)
    while (ready := bracket.ready_matches()) and ready[0].id != GRAND_FINAL:
        for match in ready:
            a, b = match.a.entrant, match.b.entrant
            assert a is not None
            assert b is not None
            bracket = bracket.record(match.id, MatchResult.played(min(a, b, key=seed)))
    return bracket


def test_issue27_reset_played_only_when_the_losers_side_finalist_wins() -> None:
    bracket = _to_grand_final(6, DOUBLE)
    grand_final = bracket.match(GRAND_FINAL)
    assert (grand_final.a.entrant, grand_final.b.entrant) == ("S1", "S2")
    assert bracket.match(GRAND_FINAL_RESET).status is MatchStatus.PENDING

    kept = bracket.record(GRAND_FINAL, MatchResult.played(CompetitorId("S1")))
    assert kept.match(GRAND_FINAL_RESET).status is MatchStatus.SKIPPED
    assert kept.is_finished
    assert kept.champion == "S1"
    assert kept.match(GRAND_FINAL).finished == ("S2",)
    with pytest.raises(IllegalResult, match="winners'-side finalist won the grand final"):
        kept.record(GRAND_FINAL_RESET, MatchResult.played(CompetitorId("S2")))

    reset = bracket.record(GRAND_FINAL, MatchResult.played(CompetitorId("S2")))
    assert reset.champion is None
    assert not reset.is_finished
    assert reset.match(GRAND_FINAL).finished == ()
    gf2 = reset.match(GRAND_FINAL_RESET)
    assert gf2.is_ready
    assert (gf2.a.entrant, gf2.b.entrant) == ("S1", "S2")
    done = reset.record(GRAND_FINAL_RESET, MatchResult.played(CompetitorId("S2")))
    assert done.champion == "S2"
    assert done.is_finished
    assert [p.entrant for p in done.placements()][:2] == ["S2", "S1"]


def test_issue27_without_reset_the_grand_final_decides() -> None:
    bracket = _to_grand_final(6, DOUBLE_NO_RESET)
    assert GRAND_FINAL_RESET not in {m.id for m in bracket.matches}
    done = bracket.record(GRAND_FINAL, MatchResult.played(CompetitorId("S2")))
    assert done.champion == "S2"
    assert done.is_finished
    assert done.match(GRAND_FINAL).finished == ("S1",)


# Walkovers


def test_issue27_walkover_advances_that_side_and_the_loser_drops() -> None:
    single = build_elimination(ids(4)).record("W1-1", MatchResult.walkover(CompetitorId("S4")))
    w1 = single.match("W1-1")
    assert (w1.status, w1.winner, w1.loser, w1.finished) == (
        MatchStatus.WALKOVER,
        "S4",
        "S1",
        ("S1",),
    )
    assert single.match("W2-1").a.entrant == "S4"
    assert not w1.is_played

    double = build_elimination(ids(4), DOUBLE).record(
        "W1-1", MatchResult.walkover(CompetitorId("S4"))
    )
    assert double.match("W1-1").finished == ()
    assert double.match("L1-1").a.entrant == "S1"


def test_issue27_double_walkover_puts_both_out_and_the_next_opponent_through() -> None:
    single = build_elimination(ids(8)).record("W1-1", MatchResult.double_walkover())
    w1 = single.match("W1-1")
    assert w1.status is MatchStatus.DOUBLE_WALKOVER
    assert set(w1.finished) == {"S1", "S8"}
    single = single.record("W1-2", MatchResult.played(CompetitorId("S4")))
    w2 = single.match("W2-1")
    assert (w2.status, w2.winner, w2.a.is_empty) == (MatchStatus.BYE, "S4", True)

    double = build_elimination(ids(8), DOUBLE).record("W1-1", MatchResult.double_walkover())
    double = double.record("W1-2", MatchResult.played(CompetitorId("S4")))
    l1 = double.match("L1-1")
    assert (l1.status, l1.winner) == (MatchStatus.BYE, "S5")
    finished = play_out(double)
    # S1 and S8 never play: the six others play 2 * 6 - 2 (W2-1, L1-1 and L2-2 are byes).
    assert played(finished) == 2 * 6 - 2
    assert finished.match("L2-2").status is MatchStatus.BYE
    places: dict[str, int] = {p.entrant: p.place for p in finished.placements()}
    # Out in W1, placed with the one L1 loser (S7): five entrants went further.
    assert places["S1"] == places["S8"] == places["S7"] == 6


def test_issue27_double_walkover_in_the_final_leaves_no_champion() -> None:
    bracket = build_elimination(ids(2)).record("W1-1", MatchResult.double_walkover())
    assert bracket.is_finished
    assert bracket.champion is None
    assert [p.place for p in bracket.placements()] == [2, 2]
    four = build_elimination(ids(4)).record_all(
        {
            "W1-1": MatchResult.played(CompetitorId("S1")),
            "W1-2": MatchResult.played(CompetitorId("S2")),
            "W2-1": MatchResult.double_walkover(),
        }
    )
    assert four.champion is None
    assert [(p.place, p.entrant) for p in four.placements()] == [
        (2, "S1"),
        (2, "S2"),
        (3, "S3"),
        (3, "S4"),
    ]


def test_issue27_result_checks() -> None:
    bracket = build_elimination(ids(4))
    with pytest.raises(IllegalResult, match="its players are not both known yet"):
        bracket.record("W2-1", MatchResult.played(CompetitorId("S1")))
    with pytest.raises(IllegalResult, match="S2 did not play in match W1-1"):
        bracket.record("W1-1", MatchResult.played(CompetitorId("S2")))
    with pytest.raises(IllegalResult, match="there is no match 'GF'"):
        bracket.record("GF", MatchResult.played(CompetitorId("S1")))
    once = bracket.record("W1-1", MatchResult.played(CompetitorId("S1")))
    with pytest.raises(IllegalResult, match="already has a result"):
        once.record("W1-1", MatchResult.played(CompetitorId("S4")))
    assert bracket.match("W1-1").status is MatchStatus.READY  # the original is unchanged
    with pytest.raises(IllegalResult, match="a double walkover has no winner"):
        MatchResult(MatchResult.double_walkover().kind, CompetitorId("S1"))
    with pytest.raises(IllegalResult, match="a walkover has no games"):
        MatchResult(MatchResult.walkover(CompetitorId("S1")).kind, CompetitorId("S1"), (W,))


def test_issue27_a_stage_recorded_at_once() -> None:
    bracket = build_elimination(ids(4))
    stage = {
        m.id: MatchResult.played(CompetitorId(m.a.entrant or "")) for m in bracket.ready_matches()
    }
    after = bracket.record_all(stage)
    assert [m.id for m in after.ready_matches()] == ["W2-1"]
    assert after == bracket.record("W1-1", stage["W1-1"]).record("W1-2", stage["W1-2"])
    with pytest.raises(IllegalResult, match="already recorded: W1-1, W1-2"):
        after.record_all(stage)


def test_issue27_results_given_at_once_rebuild_the_same_bracket() -> None:
    bracket = play_out(build_elimination(ids(11), DOUBLE), random.Random(3))
    rebuilt = EliminationBracket(bracket.entrants, DOUBLE, dict(bracket.results))
    assert rebuilt == bracket
    assert rebuilt.matches == bracket.matches
    assert rebuilt.champion == bracket.champion


# Best of N


@pytest.mark.parametrize(
    ("games", "best_of", "side"),
    [
        ((W,), 1, "a"),
        ((L,), 1, "b"),
        ((D,), 1, None),  # a drawn game is replayed
        ((D, D, L), 1, "b"),
        ((W, L), 3, None),
        ((W, L, W), 3, "a"),
        ((W, D, W), 3, "a"),
        ((D, L, D, W, L), 3, "b"),
        ((W, W, L), 5, None),
        ((W, L, W, L, W), 5, "a"),
        ((L, D, L, W, D, L), 5, "b"),
        ((GameResult.SECOND_WINS_BY_FORFEIT, L), 3, "b"),
    ],
)
def test_issue27_best_of_n_majority_draws_replayed(
    games: tuple[GameResult, ...], best_of: int, side: str | None
) -> None:
    assert decide_games(games, best_of) == side


def test_issue27_best_of_refuses_games_it_cannot_count() -> None:
    with pytest.raises(IllegalResult, match="already decided"):
        decide_games((W, W, L), 3)
    with pytest.raises(IllegalResult, match="a match neither side plays is a double walkover"):
        decide_games((GameResult.DOUBLE_FORFEIT,), 3)
    with pytest.raises(IllegalResult, match="does not decide a game"):
        decide_games((GameResult.NOT_PLAYED,), 1)


def test_issue27_record_games_takes_the_winner_from_the_games() -> None:
    options = EliminationOptions(best_of=3)
    bracket = build_elimination(ids(4), options)
    decided = bracket.record_games("W1-2", (L, D, W, L))
    match = decided.match("W1-2")
    assert (match.a.entrant, match.b.entrant, match.winner) == ("S2", "S3", "S3")
    assert match.result is not None
    assert match.result.games == (L, D, W, L)
    with pytest.raises(IllegalResult, match=r"not decided after 2 games \(best of 3"):
        bracket.record_games("W1-1", (W, D))
    with pytest.raises(IllegalResult, match="the games give it to S1"):
        bracket.record("W1-1", MatchResult.played(CompetitorId("S4"), (W, W)))
    with pytest.raises(IllegalResult, match="the games do not decide it"):
        bracket.record("W1-1", MatchResult.played(CompetitorId("S1"), (W,)))


# Properties over random events


@settings(max_examples=100, deadline=None)
@given(
    count=counts,
    options=st.sampled_from([SINGLE, SINGLE_3P, DOUBLE, DOUBLE_NO_RESET]),
    choices=st.randoms(use_true_random=False),
    walkovers=st.sampled_from([0.0, 0.1]),
    double_walkovers=st.sampled_from([0.0, 0.05]),
)
def test_issue27_everyone_but_the_champion_goes_out_exactly_once(
    count: int,
    options: EliminationOptions,
    choices: random.Random,
    walkovers: float,
    double_walkovers: float,
) -> None:
    if options.third_place and count < 4:
        count = 4
    bracket = play_out(
        build_elimination(ids(count), options),
        choices,
        walkover_rate=walkovers,
        double_walkover_rate=double_walkovers,
    )
    assert bracket.is_finished
    out = Counter(e for m in bracket.matches for e in m.finished)
    assert all(times == 1 for times in out.values())
    everyone = set(bracket.entrants)
    if bracket.champion is None:
        assert set(out) == everyone
    else:
        assert set(out) == everyone - {bracket.champion}
    places = bracket.placements()
    assert sorted(p.entrant for p in places) == sorted(everyone)
    vacant_first = 1 if bracket.champion is None else 0
    for placement in places:
        better = sum(other.place < placement.place for other in places)
        assert placement.place == max(better + 1, 1 + vacant_first)
    if bracket.champion is not None:
        assert [p.entrant for p in places if p.place == 1] == [bracket.champion]


@settings(max_examples=40, deadline=None)
@given(count=counts, choices=st.randoms(use_true_random=False))
def test_issue27_double_elimination_out_after_two_lost_matches(
    count: int, choices: random.Random
) -> None:
    bracket = play_out(build_elimination(ids(count), DOUBLE), choices)
    lost = Counter(m.loser for m in bracket.matches if m.loser is not None)
    assert bracket.champion is not None
    assert lost[bracket.champion] <= 1
    for entrant in bracket.entrants:
        if entrant != bracket.champion:
            assert lost[entrant] == 2


# Simulation


def test_issue27_simulate_thirteen_players_single() -> None:
    sim = simulate_elimination(players(13), seed=2027)
    assert sim.bracket.is_finished
    byes = [m for m in sim.bracket.matches if m.status is MatchStatus.BYE]
    assert sorted(m.winner or "" for m in byes) == ["P01", "P02", "P03"]
    assert len(sim.matches) == 12
    assert sim.champion in {p.id for p in players(13)}
    assert sim.placements[0].entrant == sim.champion


@settings(max_examples=25, deadline=None)
@given(
    count=st.integers(min_value=2, max_value=24),
    seed_value=st.integers(min_value=0, max_value=10_000),
    options=st.sampled_from(
        [
            SINGLE,
            SINGLE_3P,
            DOUBLE,
            EliminationOptions(elimination="double", best_of=3, seeding="drawn"),
            EliminationOptions(best_of=5),
        ]
    ),
)
def test_issue27_simulation_is_replayable_and_obeys_best_of(
    count: int, seed_value: int, options: EliminationOptions
) -> None:
    if options.third_place and count < 4:
        count = 4
    sim = simulate_elimination(players(count), seed_value, options)
    assert sim == simulate_elimination(players(count), seed_value, options)
    for match in sim.matches:
        decisive = [g for g in match.games if g is not GameResult.DRAW]
        assert len(decisive) <= options.best_of
        assert decide_games(match.games, options.best_of) == (
            "a" if match.winner == match.a else "b"
        )
        assert sim.bracket.match(match.id).winner == match.winner
    assert len(sim.placements) == count


def test_issue27_simulation_refuses_a_draw_rate_of_one() -> None:
    with pytest.raises(ConfigError, match="draw_rate must be at least 0 and below 1"):
        simulate_elimination(players(4), 1, draw_rate=Fraction(1))
