"""A tournament as facts: pairing, recording, rests, late entries, absences, withdrawals,
standings (R4-R6, R26-R29, A1, A10, A19, A21)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.model import ByeKind, Competitor, CompetitorId, GameResult
from mashindano.engine.parameters import override
from mashindano.engine.tasaselo import (
    TASASELO,
    RoundPairing,
    TasaseloEvent,
    compute_colour_histories,
    compute_event_selos,
    compute_standings,
    enter_late,
    mark_absent,
    pair_next_round,
    record_round,
    start_event,
    withdraw,
)


def cid(name: str) -> CompetitorId:
    return CompetitorId(name)


def field(count: int, top: int = 2000, step: int = 10) -> list[Competitor]:
    return [
        Competitor(cid(f"p{n}"), f"Player {n}", top - step * (n - 1)) for n in range(1, count + 1)
    ]


def white_wins(pairing: RoundPairing) -> dict[int, GameResult]:
    return {b.number: GameResult.FIRST_WINS for b in pairing.boards if not b.is_ghost}


def play(event: TasaseloEvent, seed: int = 1) -> TasaseloEvent:
    pairing = pair_next_round(event, seed)
    return record_round(event, pairing, white_wins(pairing))


def test_A1_round1_rest_half_point_no_selo_change() -> None:
    for scoring, rest_points in (("1,0.5,0", Fraction(1, 2)), ("3,1,0", Fraction(1))):
        parameters = override(TASASELO, {"scoring": scoring})
        event = start_event(field(9), 3, parameters, resting_in_round1=[cid("p2")])
        pairing = pair_next_round(event, 4)
        assert "p2" not in pairing.players
        assert not pairing.ghost  # eight play
        event = record_round(event, pairing, white_wins(pairing))
        assert [(b.competitor, b.kind.value) for b in event.played[0].byes] == [("p2", "H")]
        assert compute_event_selos(event)[1][cid("p2")] == 1990
        assert compute_colour_histories(event)[cid("p2")] == (0,)
        standings = compute_standings(event, 1)
        rows = {r.competitor: r for r in standings.comparison}
        assert rows[cid("p2")].points == rest_points
        assert rows[cid("p2")].games == 0
        assert "p2" in pair_next_round(event, 5).players


def test_A1_A19_late_entrant() -> None:
    event = start_event(field(8), 4)
    event = enter_late(event, Competitor(cid("late"), "Late", 1995), 3)
    event = play(play(event, 1), 2)
    pairing = pair_next_round(event, 3)
    assert "late" in pairing.players
    assert pairing.ghost  # nine players now
    selos = compute_event_selos(event)
    assert selos[2][cid("late")] == 1995
    assert compute_colour_histories(event)[cid("late")] == (0, 0)
    rows = {r.competitor: r for r in compute_standings(event, 1).comparison}
    assert rows[cid("late")].points == 0
    assert rows[cid("late")].number == 9
    with pytest.raises(IllegalResult, match="cannot join in round 2"):
        enter_late(event, Competitor(cid("later"), "Later", 1500), 2)


def test_R5_absence_and_withdrawal_in_play() -> None:
    event = start_event(field(8), 4)
    event = mark_absent(event, cid("p3"), 2)
    event = withdraw(event, cid("p8"), 2)
    event = play(event, 1)
    second = pair_next_round(event, 2)
    assert "p3" not in second.players
    assert "p8" not in second.players
    event = record_round(event, second, white_wins(second))
    kinds = {b.competitor: b.kind.value for b in event.played[1].byes}
    assert kinds[cid("p3")] == "Z"
    assert not second.ghost  # six players: eight less the absent and the withdrawn
    third = pair_next_round(event, 3)
    assert "p3" in third.players
    assert "p8" not in third.players
    with pytest.raises(IllegalResult, match="cannot withdraw in round 1"):
        withdraw(event, cid("p1"), 1)
    with pytest.raises(IllegalResult, match="cannot be marked absent in round 2"):
        mark_absent(event, cid("p1"), 2)


def test_A1_A4_the_organisers_half_point_for_an_absence_and_for_missed_rounds() -> None:
    """A1: absences and rounds before a late entry score 0 "unless the organiser decides
    otherwise": decided, each is a half-point bye, and no selo moves for it (A4)."""
    for scoring, half in (("1,0.5,0", Fraction(1, 2)), ("3,1,0", Fraction(1))):
        event = start_event(field(8), 4, override(TASASELO, {"scoring": scoring}))
        event = enter_late(
            event, Competitor(cid("late"), "Late", 1995), 3, missed=ByeKind.HALF_POINT
        )
        event = mark_absent(event, cid("p3"), 1, half_point=True)
        event = mark_absent(event, cid("p4"), 1)
        event = play(event, 1)
        kinds = {b.competitor: b.kind for b in event.played[0].byes}
        assert kinds == {
            cid("p3"): ByeKind.HALF_POINT,
            cid("p4"): ByeKind.ZERO_POINT,
            cid("late"): ByeKind.HALF_POINT,
        }
        after_one = {r.competitor: r.points for r in compute_standings(event, 1).comparison}
        assert (after_one[cid("p3")], after_one[cid("p4")], after_one[cid("late")]) == (
            half,
            0,
            half,
        )
        event = play(event, 2)
        selos = compute_event_selos(event)
        assert selos[1][cid("p3")] == 1980
        assert selos[2][cid("late")] == 1995
        rows = {r.competitor: r for r in compute_standings(event, 1).comparison}
        assert rows[cid("late")].points == 2 * half
        assert rows[cid("late")].games == 0


def test_R26_reserve_plays_and_is_not_prize_eligible() -> None:
    event = start_event(field(10), 3, reserve=cid("p9"))
    event = play(event, 1)
    assert "p9" in event.played[0].pairing.players
    event = withdraw(event, cid("p1"), 2)
    event = play(event, 2)
    assert "p9" not in event.played[1].pairing.players
    standings = compute_standings(event, 3)
    assert all(p.competitor != "p9" for p in standings.prizes)
    eligible = override(TASASELO, {"reserve_prize_eligible": True, "prizes_per_group": 20})
    event_eligible = TasaseloEvent(eligible, event.roster, event.played)
    assert any(p.competitor == "p9" for p in compute_standings(event_eligible, 3).prizes)


def test_record_round_refuses_bad_results() -> None:
    event = start_event(field(7), 3)
    pairing = pair_next_round(event, 1)
    results = white_wins(pairing)
    missing = dict(results)
    missing.pop(1)
    with pytest.raises(IllegalResult, match=r"round 1, board 1 \(.*\): no result"):
        record_round(event, pairing, missing)
    with pytest.raises(IllegalResult, match="no result"):
        record_round(event, pairing, {**results, 1: GameResult.NOT_PLAYED})
    with pytest.raises(IllegalResult, match="no game on board 4"):
        record_round(event, pairing, {**results, 4: GameResult.DRAW})  # board 4 is the ghost
    with pytest.raises(IllegalResult, match="no game on board 9"):
        record_round(event, pairing, {**results, 9: GameResult.DRAW})
    event = record_round(event, pairing, results)
    with pytest.raises(IllegalResult, match="next round to record is 2, not 1"):
        record_round(event, pairing, results)


def test_record_round_refuses_players_who_cannot_play() -> None:
    event = start_event(field(8), 3, resting_in_round1=[cid("p2")])
    stale = pair_next_round(start_event(field(8), 3), 1)
    with pytest.raises(IllegalResult, match="'p2' is paired but resting"):
        record_round(event, stale, white_wins(stale))


def test_forfeits_score_but_do_not_rate() -> None:
    event = start_event(field(6), 3)
    pairing = pair_next_round(event, 1)
    results = white_wins(pairing)
    results[1] = GameResult.FIRST_WINS_BY_FORFEIT
    event = record_round(event, pairing, results)
    board = pairing.boards[0]
    assert board.black is not None
    selos = compute_event_selos(event)
    assert selos[1][board.white] == selos[0][board.white]
    rows = {r.competitor: r for r in compute_standings(event, 1).comparison}
    assert rows[board.white].points == 1
    assert rows[board.white].games == 0
    # A forfeited pairing still counts as a meeting: the two are not paired again.
    for seed in (2, 3):
        pairing = pair_next_round(event, seed)
        assert {board.white, board.black} not in [set(b.players) for b in pairing.boards]
        event = record_round(event, pairing, white_wins(pairing))


def test_A21_round1_draw_switch() -> None:
    manual = override(TASASELO, {"round1_draw": "off"})
    event = start_event(field(8), 3, manual)
    with pytest.raises(ConfigError, match="enter the pairs of the first six"):
        pair_next_round(event, 1)
    pairs = [(cid("p1"), cid("p5")), (cid("p2"), cid("p6")), (cid("p3"), cid("p4"))]
    pairing = pair_next_round(event, 1, manual_pairs=pairs)
    assert {frozenset(b.players) for b in pairing.boards} >= {frozenset(p) for p in pairs}
    with pytest.raises(ConfigError, match="drawn by lot"):
        pair_next_round(start_event(field(8), 3), 1, manual_pairs=pairs)
    event = record_round(event, pairing, white_wins(pairing))
    with pytest.raises(ConfigError, match="only round 1"):
        pair_next_round(event, 2, manual_pairs=pairs)


def test_no_round_after_the_last() -> None:
    event = play(start_event(field(6), 1))
    with pytest.raises(ConfigError, match="all 1 rounds have been paired"):
        pair_next_round(event, 1)


def test_R20_preset_option_pairs_regardless_of_colours() -> None:
    regardless = override(TASASELO, {"ignore_colours": True})
    event = play(start_event(field(8), 3, regardless))
    assert pair_next_round(event, 2).regardless_of_colours
    assert not pair_next_round(event, 2, ignore_colours=False).regardless_of_colours


def test_standings_record_their_lot_seed_and_round() -> None:
    event = play(play(start_event(field(12), 4), 1), 2)
    standings = compute_standings(event, 77)
    assert standings.lot_seed == 77
    assert standings.after_round == 2
    assert standings == compute_standings(event, 77)
    assert [g.group.name for g in standings.groups] == ["A", "B"]
    assert sum(len(g.rows) for g in standings.groups) == 12
