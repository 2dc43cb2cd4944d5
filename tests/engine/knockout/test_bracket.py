"""Single-elimination brackets: seeding, byes, advancement, third place, plate."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError, IllegalResult, NoValidPairing
from mashindano.engine.knockout.bracket import (
    Bracket,
    MatchRef,
    bracket_size,
    build_bracket,
    meeting_round,
    plate_bracket,
    round_name,
    seed_competitors,
    seed_positions,
)
from mashindano.engine.model import Competitor, CompetitorId


def ids(count: int) -> list[CompetitorId]:
    return [CompetitorId(f"S{seed}") for seed in range(1, count + 1)]


def seed(competitor: CompetitorId | None) -> int:
    assert competitor is not None
    return int(competitor[1:])


def play_out(bracket: Bracket, choose: random.Random | None) -> tuple[Bracket, int]:
    """Decide every match: the better seed wins (chalk) or a random player. Returns the final
    bracket and the number of matches decided."""
    decided = 0
    while ready := bracket.ready_matches():
        for match in ready:
            assert match.a is not None
            assert match.b is not None
            if choose is None:
                winner = min(match.a, match.b, key=seed)
            else:
                winner = choose.choice((match.a, match.b))
            bracket = bracket.record_winner(match.ref, winner)
            decided += 1
    return bracket, decided


def rounds_needed_for_seed(number: int) -> int:
    """Seeds 1..2^k sit in different sections of size P / 2^k: ceil(log2(seed))."""
    return (number - 1).bit_length()


entrant_counts = st.integers(min_value=2, max_value=256)


def test_seed_positions_standard_order() -> None:
    assert seed_positions(2) == (1, 2)
    assert seed_positions(4) == (1, 4, 2, 3)
    assert seed_positions(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    assert seed_positions(16)[:4] == (1, 16, 8, 9)


def test_first_round_pairs_one_against_n() -> None:
    bracket = build_bracket(ids(8))
    pairs = [(seed(m.a), seed(m.b)) for m in bracket.rounds[0]]
    assert pairs == [(1, 8), (4, 5), (2, 7), (3, 6)]


def test_byes_go_to_the_top_seeds() -> None:
    bracket = build_bracket(ids(5))
    first = bracket.rounds[0]
    assert [(seed(m.a), m.is_bye) for m in first] == [(1, True), (4, False), (2, True), (3, True)]
    assert [m.winner for m in first if m.is_bye] == ["S1", "S2", "S3"]
    # S2 and S3 both had byes, so their second-round match can be played at once.
    assert [m.ref for m in bracket.ready_matches()] == [MatchRef(1, 1), MatchRef(2, 1)]


def test_advancement_fills_the_next_round() -> None:
    bracket = build_bracket(ids(4))
    bracket = bracket.record_winner(MatchRef(1, 0), CompetitorId("S4"))
    final = bracket.rounds[1][0]
    assert (final.a, final.b) == ("S4", None)
    bracket = bracket.record_winner(MatchRef(1, 1), CompetitorId("S2"))
    assert (bracket.rounds[1][0].a, bracket.rounds[1][0].b) == ("S4", "S2")
    assert bracket.champion is None
    bracket = bracket.record_winner(MatchRef(2, 0), CompetitorId("S2"))
    assert bracket.champion == "S2"
    assert bracket.is_finished


def test_brackets_replay_from_their_facts() -> None:
    played, _ = play_out(build_bracket(ids(11), third_place_match=True), random.Random(5))
    replayed = Bracket(played.entrants, third_place_match=True, winners=dict(played.winners))
    assert replayed == played
    assert replayed.champion == played.champion


def test_third_place_match_between_semifinal_losers() -> None:
    bracket, decided = play_out(build_bracket(ids(8), third_place_match=True), None)
    third = bracket.third_place
    assert third is not None
    assert (seed(third.a), seed(third.b)) == (4, 3)
    assert third.winner == "S3"
    assert decided == 8  # 7 bracket matches and the third-place match
    assert bracket.match(MatchRef(3, 1)) is third
    assert bracket.describe(MatchRef(3, 1)) == "the third-place match"


def test_third_place_match_needs_four_entrants() -> None:
    with pytest.raises(ConfigError, match="third-place match needs at least 4 entrants, got 3"):
        build_bracket(ids(3), third_place_match=True)


def test_plate_takes_first_round_losers_in_seed_order() -> None:
    bracket, _ = play_out(build_bracket(ids(12)), None)
    plate = plate_bracket(bracket)
    assert [seed(c) for c in plate.entrants] == [9, 10, 11, 12]
    assert [(seed(m.a), seed(m.b)) for m in plate.rounds[0]] == [(9, 12), (10, 11)]


def test_plate_waits_for_the_first_round() -> None:
    with pytest.raises(NoValidPairing, match="still to play: S4 v S5"):
        plate_bracket(build_bracket(ids(5)))


def test_plate_needs_two_losers() -> None:
    bracket, _ = play_out(build_bracket(ids(3)), None)
    with pytest.raises(NoValidPairing, match="at least 2 first-round losers, there are 1"):
        plate_bracket(bracket)


def test_round_names() -> None:
    assert [round_name(r, 5) for r in range(1, 6)] == [
        "Round of 32",
        "Round of 16",
        "Quarterfinals",
        "Semifinals",
        "Final",
    ]


@pytest.mark.parametrize(
    ("ref", "winner", "message"),
    [
        (MatchRef(1, 0), "S1", "Quarterfinals match 1 is a bye for S1"),
        (MatchRef(2, 0), "S1", "Semifinals match 1 cannot be decided yet"),
        (MatchRef(1, 1), "S9", r"S9 did not play in Quarterfinals match 2 \(S4 v S5\)"),
        (MatchRef(4, 0), "S1", "there is no match 4.1"),
    ],
)
def test_bad_results_are_refused(ref: MatchRef, winner: str, message: str) -> None:
    with pytest.raises(IllegalResult, match=message):
        build_bracket(ids(5)).record_winner(ref, CompetitorId(winner))


def test_a_match_is_decided_once() -> None:
    bracket = build_bracket(ids(2)).record_winner(MatchRef(1, 0), CompetitorId("S2"))
    with pytest.raises(IllegalResult, match="already won by S2"):
        bracket.record_winner(MatchRef(1, 0), CompetitorId("S1"))


def test_entrants_are_checked() -> None:
    with pytest.raises(ConfigError, match="at least 2 entrants, got 1"):
        build_bracket(ids(1))
    with pytest.raises(ConfigError, match="S2 is entered twice"):
        build_bracket([CompetitorId("S1"), CompetitorId("S2"), CompetitorId("S2")])


def test_seeding_by_rating_or_list_order() -> None:
    players = [
        Competitor(CompetitorId("u"), "u"),
        Competitor(CompetitorId("low"), "low", rating=1500),
        Competitor(CompetitorId("high"), "high", rating=2100),
        Competitor(CompetitorId("low2"), "low2", rating=1500),
    ]
    assert [c.id for c in seed_competitors(players, "rating")] == ["high", "low", "low2", "u"]
    assert [c.id for c in seed_competitors(players, "order")] == ["u", "low", "high", "low2"]


@settings(max_examples=40, deadline=None)
@given(entrant_counts, st.randoms(use_true_random=False))
@example(256, random.Random(0))
@example(129, random.Random(1))
def test_every_bracket_has_one_champion_after_n_minus_1_matches(
    count: int, rng: random.Random
) -> None:
    bracket, decided = play_out(build_bracket(ids(count)), rng)
    assert decided == count - 1
    assert bracket.is_finished
    assert bracket.champion in bracket.entrants
    losers = [m.loser for m in bracket.all_matches() if m.loser is not None]
    assert sorted(losers) == sorted(set(bracket.entrants) - {bracket.champion})
    assert sum(m.is_bye for m in bracket.rounds[0]) == bracket_size(count) - count


@settings(max_examples=40, deadline=None)
@given(entrant_counts, st.randoms(use_true_random=False))
def test_top_seeds_meet_as_late_as_possible(count: int, rng: random.Random) -> None:
    bracket, _ = play_out(build_bracket(ids(count)), rng)
    rounds = bracket.round_count
    for matches in bracket.rounds:
        for match in matches:
            if match.is_bye:
                continue
            worse = max(seed(match.a), seed(match.b))
            # Seeds 1 and 2 only in the final, 1-4 not before the semifinals, 1-8 ...
            assert match.ref.round >= rounds + 1 - rounds_needed_for_seed(worse)


@settings(max_examples=40, deadline=None)
@given(entrant_counts)
def test_when_favourites_win_round_r_pairs_seeds_summing_to_field_plus_one(count: int) -> None:
    bracket, _ = play_out(build_bracket(ids(count)), None)
    rounds = bracket.round_count
    for number, matches in enumerate(bracket.rounds[1:], start=2):
        field = 2 ** (rounds - number + 1)
        assert sorted(seed(m.a) + seed(m.b) for m in matches) == [field + 1] * len(matches)
    final = bracket.rounds[-1][0]
    assert {seed(final.a), seed(final.b)} == {1, 2}


@settings(max_examples=50, deadline=None)
@given(
    st.integers(min_value=1, max_value=8).flatmap(
        lambda k: st.tuples(st.just(2**k), st.integers(1, 2**k), st.integers(1, 2**k))
    )
)
def test_meeting_round_of_any_two_seeds(case: tuple[int, int, int]) -> None:
    size, first, second = case
    if first == second:
        return
    rounds = size.bit_length() - 1
    worse = max(first, second)
    assert meeting_round(first, second, size) >= rounds + 1 - rounds_needed_for_seed(worse)
