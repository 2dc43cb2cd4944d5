"""Pairing (R15-R20, A2, A5, A6, A8, A20, A21) on hand-built lists."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import pytest

from mashindano.engine.errors import IllegalResult, NoValidPairing
from mashindano.engine.model import CompetitorId
from mashindano.engine.tasaselo import (
    Contender,
    RoundPairing,
    legal_first_round_drawings,
    pair_first_round,
    pair_later_round,
)
from mashindano.engine.tasaselo.colours import BLACK, WHITE


def cid(name: str) -> CompetitorId:
    return CompetitorId(name)


def contenders(
    count: int,
    *,
    colours: Mapping[int, tuple[int, ...]] | None = None,
    met: Sequence[tuple[int, int]] = (),
    history: tuple[int, ...] = (),
) -> list[Contender]:
    """Players p1..p<count>, selo falling with the number; `met` pairs by number."""
    opponents: dict[int, set[CompetitorId]] = {n: set() for n in range(1, count + 1)}
    for a, b in met:
        opponents[a].add(cid(f"p{b}"))
        opponents[b].add(cid(f"p{a}"))
    return [
        Contender(
            cid(f"p{n}"),
            n,
            Fraction(2000 - 10 * n),
            (colours or {}).get(n, history),
            frozenset(opponents[n]),
        )
        for n in range(1, count + 1)
    ]


def pairs_by_number(pairing: RoundPairing) -> list[tuple[int, ...]]:
    return [tuple(sorted(int(p[1:]) for p in board.players)) for board in pairing.boards]


def test_A2_alternate_ends_in_a_later_round() -> None:
    pairing = pair_later_round(3, contenders(8, history=(WHITE, BLACK)), seed=1)
    # Pairs made 1-2 (top), 8-7 (bottom), 3-4 (top), 6-5 (bottom); boards by top player.
    assert pairs_by_number(pairing) == [(1, 2), (3, 4), (5, 6), (7, 8)]


def test_R18_A5_rematch_skipped_first() -> None:
    pairing = pair_later_round(
        3, contenders(8, history=(WHITE, BLACK), met=[(1, 2), (7, 8)]), seed=1
    )
    assert pairs_by_number(pairing) == [(1, 3), (2, 4), (5, 7), (6, 8)]


def test_A6_even_round_pairs_opposite_dues() -> None:
    colours = {1: (WHITE,), 2: (WHITE,), 3: (BLACK,), 4: (BLACK,)}
    pairing = pair_later_round(2, contenders(4, colours=colours), seed=1)
    assert pairs_by_number(pairing) == [(1, 3), (2, 4)]
    for board in pairing.boards:
        # The player with the extra White gets Black.
        assert board.black in ("p1", "p2")


def test_A5_rematch_before_colours() -> None:
    # p1 may meet only p2 without a rematch; their colours clash, so the colour rules fail
    # and, regardless of colours (R20), the rematch is still avoided.
    colours = {1: (WHITE,), 2: (WHITE,), 3: (BLACK,), 4: (BLACK,)}
    group = contenders(4, colours=colours, met=[(1, 3), (1, 4)])
    with pytest.raises(NoValidPairing, match="regardless of colours") as caught:
        pair_later_round(2, group, seed=1)
    assert caught.value.code == "colours_unresolvable"
    pairing = pair_later_round(2, group, seed=1, ignore_colours=True)
    assert pairing.regardless_of_colours
    assert pairs_by_number(pairing) == [(1, 2), (3, 4)]


def test_R20_regardless_still_aims_for_balance() -> None:
    # Nothing forces a clash for p1: the colour-compatible p3 is preferred over the nearer p2.
    colours = {1: (WHITE,), 2: (WHITE,), 3: (BLACK,), 4: (BLACK,)}
    pairing = pair_later_round(2, contenders(4, colours=colours), seed=1, ignore_colours=True)
    assert pairs_by_number(pairing) == [(1, 3), (2, 4)]


def test_A8_wrong_colours_at_the_bottom() -> None:
    # Six due Black, two due White: two pairs must clash, and they are the lowest four.
    colours = dict.fromkeys(range(1, 9), (WHITE,))
    colours[2] = colours[5] = (BLACK,)
    pairing = pair_later_round(2, contenders(8, colours=colours), seed=3)
    assert pairing.wrong_colours == {"p4", "p6", "p7", "p8"}
    clashing = [
        board
        for board in pairing.boards
        if board.black is not None
        and colours[int(board.white[1:])] == colours[int(board.black[1:])]
    ]
    assert {p for board in clashing for p in board.players} <= {"p4", "p6", "p7", "p8"}
    assert len(clashing) == 2


def test_R19_backtracking_in_tournament_terms() -> None:
    # p1 has met p3..p6, p2 has met p3..p6: the top pair must be 1-2 although nearer
    # opponents exist for nobody else.
    met = [(1, n) for n in range(3, 7)] + [(2, n) for n in range(3, 7)]
    pairing = pair_later_round(3, contenders(6, history=(WHITE, BLACK), met=met), seed=1)
    assert (1, 2) in pairs_by_number(pairing)


def test_rematch_unavoidable_is_named() -> None:
    met = [(1, n) for n in range(2, 5)]
    with pytest.raises(
        NoValidPairing, match=r"without a rematch \(p1 has met everybody\)"
    ) as caught:
        pair_later_round(3, contenders(4, met=met), seed=1, ignore_colours=True)
    assert caught.value.code == "rematch_unavoidable"
    assert caught.value.params["players"] == ["p1"]


def test_A9_ghost_meets_the_lowest_player_who_has_not_had_it() -> None:
    group = contenders(5, history=(WHITE, BLACK))
    group[4] = Contender(group[4].competitor, 5, group[4].selo, group[4].colours, had_ghost=True)
    pairing = pair_later_round(3, group, seed=1, ghost=True)
    ghost_board = pairing.boards[-1]
    assert ghost_board.is_ghost
    assert ghost_board.white == "p4"
    assert pairing.ghost


def test_boards_ordered_by_best_player() -> None:
    pairing = pair_later_round(3, contenders(6, history=(WHITE, BLACK), met=[(1, 2)]), seed=1)
    assert [b.number for b in pairing.boards] == [1, 2, 3]
    assert "p1" in pairing.boards[0].players
    assert pairing.board_of(cid("p6")) is not None
    assert pairing.board_of(cid("p9")) is None


def test_R15_A20_first_six_of_the_active_players() -> None:
    # p2 rests: the active list is p1, p3, p4, p5, p6, p7, p8, p9.
    active = [c for c in contenders(9) if c.competitor != "p2"]
    for seed in range(60):
        pairing = pair_first_round(active, seed=seed)
        position = {c.competitor: i for i, c in enumerate(active, start=1)}
        pairs = {tuple(sorted(position[p] for p in b.players)) for b in pairing.boards}
        assert (1, 2) not in pairs
        assert (1, 6) not in pairs
        assert (7, 8) in pairs


def test_R15_small_fields() -> None:
    assert [sorted(d) for d in legal_first_round_drawings(4)] == [
        [(1, 3), (2, 4)],
        [(1, 4), (2, 3)],
    ]
    with pytest.raises(NoValidPairing, match="1–2 or 1–6"):
        pair_first_round(contenders(2), seed=1)
    with_ghost = pair_first_round(contenders(5), seed=2, ghost=True)
    assert with_ghost.boards[-1].is_ghost
    assert with_ghost.boards[-1].white != "p1"
    with pytest.raises(NoValidPairing, match="a ghost or the reserve is needed"):
        pair_first_round(contenders(5), seed=1)
    with pytest.raises(NoValidPairing, match="4 players and the ghost cannot all be paired"):
        pair_later_round(2, contenders(4), seed=1, ghost=True)


def test_A21_hand_entered_pairs() -> None:
    pairing = pair_first_round(
        contenders(8),
        seed=1,
        manual_pairs=[(cid("p1"), cid("p4")), (cid("p2"), cid("p3")), (cid("p5"), cid("p6"))],
    )
    assert pairs_by_number(pairing) == [(1, 4), (2, 3), (5, 6), (7, 8)]
    for bad, message in [
        ([("p1", "p2"), ("p3", "p4"), ("p5", "p6")], "1–2 is forbidden"),
        ([("p1", "p6"), ("p3", "p4"), ("p5", "p2")], "1–6 is forbidden"),
        ([("p1", "p3"), ("p2", "p4")], "exactly once"),
        ([("p1", "p3"), ("p2", "p4"), ("p5", "p7")], "not among the first 6"),
        ([("p1", "p3"), ("p3", "p4"), ("p5", "p6")], "exactly once"),
    ]:
        with pytest.raises(IllegalResult, match=message):
            pair_first_round(contenders(8), seed=1, manual_pairs=[(cid(a), cid(b)) for a, b in bad])


def test_A21_hand_entered_pairs_with_a_ghost_among_the_first_six() -> None:
    pairing = pair_first_round(
        contenders(5),
        seed=1,
        ghost=True,
        manual_pairs=[(cid("p1"), cid("p3")), (cid("p4"), cid("p5"))],
    )
    assert pairing.boards[-1].white == "p2"
    with pytest.raises(IllegalResult, match="1–6 is forbidden"):
        pair_first_round(
            contenders(5),
            seed=1,
            ghost=True,
            manual_pairs=[(cid("p2"), cid("p3")), (cid("p4"), cid("p5"))],
        )


def test_duplicate_contenders_refused() -> None:
    group = contenders(4)
    with pytest.raises(IllegalResult, match="'p1' is listed twice"):
        pair_later_round(2, [*group, group[0]], seed=1)
