"""The worked examples E1-E15 of shared/spec/bao.md §2, each checked against the facts its
text states (the start positions are the examples' records in spec-examples.jsonl)."""

from __future__ import annotations

from mashindano.engine.bao import (
    SOUTH,
    Position,
    apply_move,
    from_json,
    game_end,
    legal_moves,
    legal_results,
    parse_move,
    pit_index,
    standard_position,
)


def row(position: Position, letter: str) -> list[int]:
    """Counts of pits 1..8 of a row (A, B, a, b)."""
    return [position.board[pit_index(f"{letter}{n}")] for n in range(1, 9)]


def result(position: Position, text: str):
    return parse_move(position, text, strict=True)


def start(spec_example, example_id: str) -> Position:
    record = spec_example(example_id)
    return from_json(record["position"], variant=str(record["variant"]))


def test_bao_E1_opening_position_and_souths_first_move():
    position = standard_position()
    assert legal_moves(position) == ["A6<*", "A6>*", "A7<*", "A7>*"]
    after = result(position, "A6<*").position
    assert row(after, "A") == [0, 0, 1, 1, 7, 0, 2, 0]
    assert after.hand == (21, 22)
    a6_right = result(position, "A6>*").position
    assert row(a6_right, "A")[5:] == [0, 3, 1]
    assert row(a6_right, "B")[7] == 1


def test_bao_E2_norths_reply_must_capture_and_chooses_the_kichwa():
    position = result(standard_position(), "A6<*").position
    assert legal_moves(position) == ["a5<", "a5>", "a6<", "a6>"]
    after = result(position, "a5<").position
    assert row(after, "a")[4:] == [7, 2, 2, 1]
    assert row(after, "A")[3] == 0
    assert after.hand == (21, 21)
    assert row(result(position, "a5>").position, "a")[0] == 1


def test_bao_E3_namua_capture_reaching_the_nyumba_stop_or_safari(spec_example):
    position = start(spec_example, "E3")
    assert legal_moves(position) == ["a7<", "a7<+", "a8<", "a8<+"]
    stop = result(position, "a7<").position
    assert row(stop, "a") == [0, 0, 0, 0, 8, 1, 4, 0]
    assert stop.house == (True, True)
    safari = result(position, "a7<+").position
    assert row(safari, "a") == [1, 1, 1, 1, 0, 1, 4, 0]
    assert row(safari, "b") == [1, 1, 1, 1, 0, 0, 0, 0]
    assert safari.house == (True, False)


def test_bao_E4_several_captures_and_a_win_in_the_middle_of_a_move(spec_example):
    position = start(spec_example, "E4")
    assert legal_moves(position) == ["A1>#", "A7<", "A8<"]
    won = result(position, "A1>#")
    assert won.end is not None
    assert (won.end.winner, won.end.reason, won.end.unsown) == (SOUTH, "front_row_empty", 8)
    assert row(won.position, "A") == [0, 2, 2, 5, 3, 2, 0, 4]
    assert row(won.position, "a") == [0] * 8
    assert won.position.hand == (12, 13)


def test_bao_E5_the_tax(spec_example):
    position = start(spec_example, "E5")
    assert legal_moves(position) == ["A5<*", "A5>*"]
    after = result(position, "A5<*").position
    assert row(after, "A") == [0, 0, 1, 1, 8, 0, 0, 0]
    assert after.house[SOUTH] is True


def test_bao_E6_mtaji_capture_from_the_back_row(spec_example):
    position = start(spec_example, "E6")
    assert legal_moves(position) == ["A3>#", "B2<", "B8<", "B8>"]
    b2 = result(position, "B2<").position
    assert row(b2, "A") == [0, 3, 5, 5, 1, 1, 1, 1]
    assert row(b2, "B") == [2, 0, 6, 2, 3, 1, 0, 8]
    b8 = result(position, "B8>").position
    assert row(b8, "A") == [1, 4, 7, 7, 1, 3, 4, 3]
    assert row(b8, "B") == [1, 3, 6, 2, 3, 1, 0, 0]


def test_bao_E7_mtaji_takasa_from_the_back_row(spec_example):
    position = start(spec_example, "E7")
    assert legal_moves(position) == ["b3<*", "b3>*"]
    after = result(position, "b3<*").position
    assert row(after, "b")[::-1] == [1, 1, 1, 1, 0, 0, 2, 1]


def test_bao_E8_takasia(spec_example):
    before = start(spec_example, "E8a")
    played = result(before, "a4<**")
    assert played.creates_takasia
    assert played.position.takasia == pit_index("A2")
    south = played.position
    assert legal_moves(south) == ["B2<*", "B2>*", "B5<*", "B5>*", "B6<*", "B6>*", "B8<*", "B8>*"]
    b6 = result(south, "B6<*").position
    assert row(b6, "A") == [2, 2, 0, 0, 0, 0, 1, 0]
    assert row(b6, "B") == [0, 6, 1, 2, 4, 0, 1, 3]
    b8 = result(south, "B8<*").position
    assert row(b8, "A") == [2, 2, 0, 0, 0, 0, 1, 0]
    assert row(b8, "B") == [0, 6, 1, 2, 0, 6, 2, 0]
    assert b6.takasia is None
    assert b8.takasia is None


def test_bao_E9_a_never_ending_move_is_illegal(spec_example):
    position = start(spec_example, "E9")
    assert legal_moves(position) == [
        "A2<*", "A2>*", "A4<*", "A4>*", "A5<*", "A5>**", "A6<*", "A6>*", "A8>*",
    ]  # fmt: skip
    assert result(position, "A5>**").position.takasia == pit_index("a2")


def test_bao_E10_kujifunza_opening():
    position = standard_position("kujifunza")
    from mashindano.engine.bao import KUJIFUNZA_PARAMETERS as KUJ

    assert legal_moves(position, KUJ) == [
        "A1>", "A2>", "A3<", "A3>", "A4<", "A4>", "A5<", "A5>", "A6<", "A6>", "A7<", "A8<",
        "B1<", "B2<", "B7>", "B8>",
    ]  # fmt: skip
    after = parse_move(position, "A1>", KUJ).position
    assert row(after, "A") == [3, 1, 0, 4, 4, 4, 1, 5]
    assert row(after, "B") == [3, 3, 0, 3, 3, 0, 3, 3]
    assert [row(after, "a")[n - 1] for n in (1, 2, 6, 7)] == [0, 0, 0, 0]


def test_bao_E11_seventeen_seeds_cannot_start_a_capture(spec_example):
    position = start(spec_example, "E11")
    assert legal_moves(position) == ["A2<*", "A2>*", "A7<*", "A7>*"]
    played = result(position, "A7<*")
    assert played.laps == 8
    assert row(played.position, "A") == [3, 11, 0, 2, 2, 1, 2, 0]
    assert row(played.position, "B") == [0, 2, 0, 4, 0, 4, 0, 3]


def test_bao_E12_sole_kichwa_sows_inwards(spec_example):
    position = start(spec_example, "E12")
    assert legal_moves(position) == ["a8<*"]
    assert row(result(position, "a8<*").position, "a")[4:] == [1, 1, 1, 0]


def test_bao_E13_a_dormant_nyumba_in_the_namua_stage(spec_example):
    position = start(spec_example, "E13")
    assert legal_moves(position) == ["A5<*", "A5>*"]
    after = result(position, "A5<*").position
    assert after.house == (False, True)
    assert row(after, "A")[:5] == [1, 1, 1, 1, 0]
    assert row(after, "B")[:2] == [1, 1]


def test_bao_E14_the_nyumba_works_in_mtaji_until_the_first_capture(spec_example):
    position = start(spec_example, "E14")
    assert legal_moves(position) == [
        "A1<*", "A1>*", "A2<*", "A2>*", "A5<*", "A5>*", "A7<*", "A7>*",
    ]  # fmt: skip
    after = result(position, "A7<*")
    assert after.laps == 8
    assert row(after.position, "A") == [0, 1, 2, 0, 24, 3, 0, 3]
    assert row(after.position, "B") == [2, 1, 3, 2, 3, 7, 0, 1]


def test_bao_E15_no_legal_move(spec_example):
    position = start(spec_example, "E15")
    assert legal_results(position) == []
    end = game_end(position)
    assert end is not None
    assert end.to_json() == {"winner": "N", "reason": "no_legal_move"}


def test_bao_E1_apply_by_move_object_equals_parse():
    position = standard_position()
    parsed = parse_move(position, "A6<")
    assert apply_move(position, parsed.move) == parsed
