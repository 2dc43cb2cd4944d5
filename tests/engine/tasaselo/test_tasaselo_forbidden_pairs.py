"""The arbiter's forbidden pairs in Tasaselo pairings: never paired in round 1 (left out of the
R15 draw, then the nearest allowed player after the sixth) nor in later rounds (treated as
rematches, R18/R19), nothing changes without them, and an unpairable forbid is named."""

from __future__ import annotations

import random
from collections.abc import Iterable
from fractions import Fraction

import pytest

from mashindano.engine.errors import IllegalResult, NoValidPairing
from mashindano.engine.model import Competitor, CompetitorId, GameResult
from mashindano.engine.tasaselo import (
    Contender,
    RoundPairing,
    TasaseloEvent,
    legal_first_round_drawings,
    pair_first_round,
    pair_later_round,
    pair_next_round_or_regardless_of_colours,
    record_round,
    start_event,
)
from mashindano.engine.tasaselo.alternating import pair_from_the_top
from mashindano.engine.tasaselo.colours import BLACK, WHITE

type Pair = frozenset[CompetitorId]


def cid(name: str) -> CompetitorId:
    return CompetitorId(name)


def pair(a: int, b: int) -> Pair:
    return frozenset({cid(f"p{a}"), cid(f"p{b}")})


def contenders(
    count: int, *, met: Iterable[tuple[int, int]] = (), history: tuple[int, ...] = ()
) -> list[Contender]:
    """Players p1..p<count>, selo falling with the number; `met` pairs by number."""
    opponents: dict[int, set[CompetitorId]] = {n: set() for n in range(1, count + 1)}
    for a, b in met:
        opponents[a].add(cid(f"p{b}"))
        opponents[b].add(cid(f"p{a}"))
    return [
        Contender(cid(f"p{n}"), n, Fraction(2000 - 10 * n), history, frozenset(opponents[n]))
        for n in range(1, count + 1)
    ]


def pairs_by_number(pairing: RoundPairing) -> set[tuple[int, int]]:
    return {
        (int(board.white[1:]), int(board.black[1:]))
        if int(board.white[1:]) < int(board.black[1:])
        else (int(board.black[1:]), int(board.white[1:]))
        for board in pairing.boards
        if board.black is not None
    }


def met_pairs(pairing: RoundPairing) -> set[Pair]:
    return {frozenset(board.players) for board in pairing.boards if board.black is not None}


def boards(pairing: RoundPairing) -> tuple[tuple[int, str, str | None], ...]:
    return tuple((b.number, b.white, b.black) for b in pairing.boards)


# -- the search from the top ------------------------------------------------------------------


def test_pair_from_the_top_takes_the_nearest_allowed_partner_and_backtracks() -> None:
    everyone = 0b1111
    allowed = [everyone & ~(1 << i) for i in range(4)]
    assert pair_from_the_top(allowed) == [(0, 1), (2, 3)]
    # 2 and 3 may not meet: 0-1 is undone, 0 takes 2 and 1 takes 3.
    allowed[2] &= ~(1 << 3)
    allowed[3] &= ~(1 << 2)
    assert pair_from_the_top(allowed) == [(0, 2), (1, 3)]
    assert pair_from_the_top([0b10, 0b01, 0b0, 0b0]) is None


def test_pair_from_the_top_tries_preferred_partners_first() -> None:
    everyone = 0b1111
    allowed = [everyone & ~(1 << i) for i in range(4)]
    preferred = [1 << 3, 1 << 2, 1 << 1, 1 << 0]
    assert pair_from_the_top(allowed, preferred) == [(0, 3), (1, 2)]


# -- round 1 (R15) ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [6, 7, 8, 10, 13, 20])
def test_R15_without_forbidden_pairs_round_one_is_the_drawing_then_seven_eight(size: int) -> None:
    """The default pairs exactly as before: one lot among the legal drawings of the first six,
    then 7-8, 9-10, ... (the ghost last)."""
    ghost = size % 2 == 1
    places = size + ghost
    for seed in range(40):
        drawing = random.Random(seed).choice(legal_first_round_drawings(6))
        expected = set(drawing) | {(n, n + 1) for n in range(7, places, 2) if n + 1 <= size}
        pairing = pair_first_round(contenders(size), seed=seed, ghost=ghost)
        assert pairs_by_number(pairing) == expected
        # A forbidden pair of players who are not in the field changes nothing.
        outsiders = [frozenset({cid("x1"), cid("x2")}), frozenset({cid("p1"), cid("x3")})]
        again = pair_first_round(
            contenders(size), seed=seed, ghost=ghost, forbidden_pairs=outsiders
        )
        assert boards(again) == boards(pairing)


def test_R15_a_forbidden_pair_is_left_out_of_the_draw() -> None:
    drawings = {
        frozenset(d) for d in legal_first_round_drawings(6) if (1, 3) not in d and (4, 5) not in d
    }
    seen = set()
    for seed in range(200):
        pairing = pair_first_round(
            contenders(6), seed=seed, forbidden_pairs=[pair(1, 3), pair(5, 4)]
        )
        drawn = frozenset(pairs_by_number(pairing))
        assert drawn in drawings
        seen.add(drawn)
    assert seen == drawings  # every remaining drawing can still be drawn


def test_R15_R19_a_forbidden_seven_eight_becomes_seven_nine_and_eight_ten() -> None:
    for seed in range(20):
        pairing = pair_first_round(contenders(10), seed=seed, forbidden_pairs=[pair(7, 8)])
        plain = pair_first_round(contenders(10), seed=seed)
        drawn = pairs_by_number(plain) - {(7, 8), (9, 10)}
        assert pairs_by_number(pairing) == drawn | {(7, 9), (8, 10)}


def test_R15_R19_with_nobody_left_after_the_forbidden_pair_a_drawn_pair_gives_way() -> None:
    for seed in range(20):
        pairing = pair_first_round(contenders(8), seed=seed, forbidden_pairs=[pair(7, 8)])
        found = pairs_by_number(pairing)
        assert (7, 8) not in found
        assert not found & {(1, 2), (1, 6)}
        assert len(found) == 4
        # Only the last drawn pair is undone: the first two of the draw stand.
        drawn = sorted(pairs_by_number(pair_first_round(contenders(8), seed=seed)))
        assert set(drawn[:2]) <= found


def test_R15_when_every_drawing_holds_a_forbidden_pair_player_one_meets_the_nearest_allowed() -> (
    None
):
    forbidden = [pair(1, 3), pair(1, 4), pair(1, 5)]
    pairing = pair_first_round(contenders(8), seed=3, forbidden_pairs=forbidden)
    assert pairs_by_number(pairing) == {(1, 7), (2, 3), (4, 5), (6, 8)}


def test_A21_hand_entered_pairs_may_not_hold_a_forbidden_pair() -> None:
    manual = [(cid("p1"), cid("p3")), (cid("p2"), cid("p4")), (cid("p5"), cid("p6"))]
    with pytest.raises(IllegalResult, match="p1 and p3 are forbidden to meet") as caught:
        pair_first_round(contenders(8), seed=1, manual_pairs=manual, forbidden_pairs=[pair(3, 1)])
    assert caught.value.code == "forbidden_pair"
    pairing = pair_first_round(
        contenders(8), seed=1, manual_pairs=manual, forbidden_pairs=[pair(2, 5)]
    )
    assert pairs_by_number(pairing) == {(1, 3), (2, 4), (5, 6), (7, 8)}


@pytest.mark.parametrize("size", [6, 7, 8, 9, 12, 15])
def test_R15_a_forbidden_pair_never_meets_in_round_one(size: int) -> None:
    ghost = size % 2 == 1
    for seed in range(60):
        rng = random.Random(seed)
        a, b = rng.sample(range(1, size + 1), 2)
        c, d = rng.sample(range(1, size + 1), 2)
        forbidden = {pair(a, b), pair(c, d)}
        pairing = pair_first_round(
            contenders(size), seed=seed, ghost=ghost, forbidden_pairs=forbidden
        )
        assert not met_pairs(pairing) & forbidden
        assert not pairs_by_number(pairing) & {(1, 2), (1, 6)}
        assert sorted(pairing.players) == sorted(f"p{n}" for n in range(1, size + 1))


def test_R15_an_unpairable_forbid_in_round_one_names_the_players_and_says_forbidden() -> None:
    # R15 lets player 1 meet only 3, 4 or 5 of six; the arbiter forbids all three.
    forbidden = [pair(1, 3), pair(1, 4), pair(5, 1)]
    with pytest.raises(
        NoValidPairing, match=r"round 1: .*forbidden pairs p1–p3, p1–p4, p1–p5 are kept apart"
    ) as caught:
        pair_first_round(contenders(6), seed=1, forbidden_pairs=forbidden)
    assert caught.value.code == "forbidden_pair_unavoidable"
    assert caught.value.params["players"] == ["p1", "p3", "p4", "p5"]
    assert "rematch" not in str(caught.value)


# -- later rounds (R16-R20) -------------------------------------------------------------------


def test_R18_a_forbidden_pair_is_skipped_exactly_as_a_rematch() -> None:
    history = (WHITE, BLACK)
    for a, b in [(1, 2), (7, 8), (3, 4), (1, 8)]:
        forbidden = pair_later_round(
            3, contenders(8, history=history), seed=1, forbidden_pairs=[pair(a, b)]
        )
        rematch = pair_later_round(3, contenders(8, history=history, met=[(a, b)]), seed=1)
        assert boards(forbidden) == boards(rematch)
        assert (a, b) not in pairs_by_number(forbidden)


def _random_round(seed: int, count: int) -> list[Contender]:
    """Players with random selos, colour histories of two rounds and earlier opponents."""
    rng = random.Random(seed)
    numbers = list(range(1, count + 1))
    met: set[tuple[int, int]] = set()
    for _ in range(2):
        rng.shuffle(numbers)
        met |= {(min(p), max(p)) for p in zip(numbers[::2], numbers[1::2], strict=True)}
    group = contenders(count, met=met)
    return [
        Contender(
            c.competitor,
            c.number,
            Fraction(rng.randint(1400, 2200)),
            (rng.choice([WHITE, BLACK]), rng.choice([WHITE, BLACK])),
            c.opponents,
        )
        for c in group
    ]


def test_R16_R19_without_forbidden_pairs_a_later_round_pairs_as_before() -> None:
    """Forbidding pairs that already met, or that the pairing does not make, or that hold a
    player outside the round, leaves the pairing, boards and colours exactly as they were."""
    for seed in range(40):
        group = _random_round(seed, 12)
        for ignore in (False, True):
            try:
                plain = pair_later_round(3, group, seed=seed, ignore_colours=ignore)
            except NoValidPairing:
                continue
            made = met_pairs(plain)
            rng = random.Random(seed)
            unmade = [
                frozenset({a.competitor, b.competitor})
                for a in group
                for b in group
                if a.number < b.number and frozenset({a.competitor, b.competitor}) not in made
            ]
            forbidden = [*rng.sample(unmade, 4), frozenset({cid("p1"), cid("outsider")})]
            again = pair_later_round(
                3, group, seed=seed, ignore_colours=ignore, forbidden_pairs=forbidden
            )
            assert boards(again) == boards(plain)
            assert again.wrong_colours == plain.wrong_colours


def test_R18_a_pair_that_would_meet_does_not_meet_once_forbidden() -> None:
    for seed in range(40):
        group = _random_round(seed, 12)
        plain = pair_later_round(3, group, seed=seed, ignore_colours=True)
        would_meet = sorted(met_pairs(plain), key=sorted)[seed % 6]
        kept_apart = pair_later_round(
            3, group, seed=seed, ignore_colours=True, forbidden_pairs=[would_meet]
        )
        assert would_meet not in met_pairs(kept_apart)
        assert not any(
            frozenset({c.competitor, o}) in met_pairs(kept_apart)
            for c in group
            for o in c.opponents
        )


def test_R20_regardless_of_colours_still_keeps_a_forbidden_pair_apart() -> None:
    # p1 has met p3 and may not meet p4: only p2 is left, whose colour clashes (A5, A6).
    colours = {1: (WHITE,), 2: (WHITE,), 3: (BLACK,), 4: (BLACK,)}
    group = [
        Contender(c.competitor, c.number, c.selo, colours[c.number], c.opponents)
        for c in contenders(4, met=[(1, 3)])
    ]
    with pytest.raises(NoValidPairing) as caught:
        pair_later_round(2, group, seed=1, forbidden_pairs=[pair(1, 4)])
    assert caught.value.code == "colours_unresolvable"
    pairing = pair_later_round(2, group, seed=1, ignore_colours=True, forbidden_pairs=[pair(1, 4)])
    assert pairs_by_number(pairing) == {(1, 2), (3, 4)}


def test_R19_an_unpairable_forbid_names_the_player_and_says_forbidden_not_rematch() -> None:
    group = contenders(4, met=[(1, 2), (1, 3)])
    with pytest.raises(NoValidPairing) as caught:
        pair_later_round(3, group, seed=1, ignore_colours=True, forbidden_pairs=[pair(4, 1)])
    message = str(caught.value)
    assert caught.value.code == "forbidden_pair_unavoidable"
    assert "forbidden pairs p1–p4 are kept apart" in message
    assert "(p1 may meet nobody left: already met or forbidden)" in message
    assert "rematch" not in message
    assert caught.value.params["players"] == ["p1", "p4"]


def test_R19_a_rematch_the_forbids_do_not_cause_is_still_called_a_rematch() -> None:
    group = contenders(4, met=[(1, 2), (1, 3), (1, 4)])
    with pytest.raises(NoValidPairing, match=r"without a rematch \(p1 has met everybody\)") as c:
        pair_later_round(3, group, seed=1, ignore_colours=True, forbidden_pairs=[pair(2, 3)])
    assert c.value.code == "rematch_unavoidable"


def test_A9_the_ghost_goes_to_the_lowest_player_whatever_the_forbidden_pairs() -> None:
    pairing = pair_later_round(
        3, contenders(5, history=(WHITE, BLACK)), seed=1, ghost=True, forbidden_pairs=[pair(5, 4)]
    )
    assert pairing.boards[-1].is_ghost
    assert pairing.boards[-1].white == "p5"
    assert (4, 5) not in pairs_by_number(pairing)


# -- a whole event ----------------------------------------------------------------------------


def _field(count: int, seed: int) -> list[Competitor]:
    rng = random.Random(seed)
    return [
        Competitor(cid(f"p{n}"), f"Player {n}", rng.randint(1200, 2400))
        for n in range(1, count + 1)
    ]


def _play(event: TasaseloEvent, pairing: RoundPairing, rng: random.Random) -> TasaseloEvent:
    outcomes = (GameResult.FIRST_WINS, GameResult.DRAW, GameResult.SECOND_WINS)
    results = {b.number: rng.choice(outcomes) for b in pairing.boards if not b.is_ghost}
    return record_round(event, pairing, results)


def _run(players: list[Competitor], seed: int, forbidden: set[Pair]) -> list[RoundPairing]:
    rng = random.Random(seed)
    event = start_event(players, 5)
    pairings = []
    for round_number in range(1, 6):
        pairing = pair_next_round_or_regardless_of_colours(
            event, seed * 10 + round_number, forbidden_pairs=forbidden
        )
        pairings.append(pairing)
        event = _play(event, pairing, rng)
    return pairings


@pytest.mark.parametrize("count", [8, 11, 14, 21])
def test_R15_R20_pairs_that_met_are_kept_apart_once_forbidden_in_a_whole_event(
    count: int,
) -> None:
    for seed in range(15):
        players = _field(count, seed)
        plain = _run(players, seed, set())
        forbidden: set[Pair] = set()
        for pairing in plain:  # one pair of each of three rounds, no player twice
            for made in sorted(met_pairs(pairing), key=sorted):
                if len(forbidden) < 3 and not made & {p for f in forbidden for p in f}:
                    forbidden.add(made)
                    break
        met: set[Pair] = set()
        for round_number, pairing in enumerate(_run(players, seed, forbidden), start=1):
            made = met_pairs(pairing)
            assert not made & forbidden, f"seed {seed}, round {round_number}"
            assert not made & met, f"rematch: seed {seed}, round {round_number}"
            met |= made


def test_R15_R20_forbidding_pairs_that_never_meet_changes_no_round() -> None:
    """Pairs after the sixth place that the event never makes: forbidding them leaves every
    round as it was (round 1 draws from the same drawings, later rounds find the same pairs)."""
    for seed in range(10):
        players = _field(14, seed)
        plain = _run(players, seed, set())
        numbers = {e.id: e.number for e in start_event(players, 5).roster.entries}
        made = set().union(*(met_pairs(p) for p in plain))
        never = [
            frozenset({a.id, b.id})
            for a in players
            for b in players
            if 6 < numbers[a.id] < numbers[b.id] and frozenset({a.id, b.id}) not in made
        ]
        forbidden = set(random.Random(seed).sample(never, 5))
        again = _run(players, seed, forbidden)
        assert [boards(p) for p in again] == [boards(p) for p in plain]
