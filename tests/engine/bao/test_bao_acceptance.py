"""The acceptance examples A1-A17 and A20 of shared/spec/bao.md §3 (A18 and A19, the fixture
agreement, are in test_bao_fixtures.py)."""

from __future__ import annotations

import dataclasses

import pytest

from mashindano.engine.bao import (
    DEFAULT_PARAMETERS,
    KUJIFUNZA_PARAMETERS,
    NORTH,
    SOUTH,
    Position,
    from_json,
    game_end,
    legal_moves,
    legal_results,
    parse_move,
    pit_index,
    pit_name,
    record_from_json,
    replay,
    standard_position,
)
from mashindano.engine.errors import ParseError


def start(spec_example, example_id: str) -> Position:
    record = spec_example(example_id)
    return from_json(record["position"], variant=str(record["variant"]))


def row(position: Position, letter: str) -> list[int]:
    return [position.board[pit_index(f"{letter}{n}")] for n in range(1, 9)]


def with_parameters(**changes: object):
    return dataclasses.replace(DEFAULT_PARAMETERS, **changes)


def test_bao_A1_standard_position_legal_moves():
    assert set(legal_moves(standard_position())) == {"A6<*", "A6>*", "A7<*", "A7>*"}


def test_bao_A2_norths_reply_and_the_board_after_a5():
    after_south = parse_move(standard_position(), "A6<*").position
    assert set(legal_moves(after_south)) == {"a5<", "a5>", "a6<", "a6>"}
    after = parse_move(after_south, "a5<").position
    assert [after.board[pit_index(p)] for p in ("a8", "a7", "a6", "a5", "A4")] == [1, 2, 2, 7, 0]
    assert after.hand == (21, 21)


def test_bao_A3_stop_and_safari_are_two_moves_and_parse_apart(spec_example):
    position = start(spec_example, "E3")
    results = {r.notation: r for r in legal_results(position)}
    assert {"a7<", "a7<+"} <= set(results)
    assert results["a7<"].position != results["a7<+"].position
    assert parse_move(position, "a7<+") == results["a7<+"]
    assert parse_move(position, "a7<") == results["a7<"]


def test_bao_A4_winning_move_format_end_and_seed_count(spec_example):
    position = start(spec_example, "E4")
    won = parse_move(position, "A1>")
    assert won.notation == "A1>#"
    assert won.end is not None
    assert won.end.to_json() == {"winner": "S", "reason": "front_row_empty", "unsown": 8}
    assert won.position.seeds() + won.end.unsown == 64


def test_bao_A5_abbreviations_and_errors(spec_example):
    opening = standard_position()
    assert parse_move(opening, "6<").notation == "A6<*"
    assert parse_move(opening, "A6L").notation == "A6<*"
    for text, code in (("a6<", "bao_move_side"), ("A9<", "bao_move_syntax")):
        with pytest.raises(ParseError) as error:
            parse_move(opening, text)
        assert error.value.code == code
    with pytest.raises(ParseError) as error:
        parse_move(opening, "A4<")
    assert error.value.code == "bao_move_illegal"
    assert "A6<*" in error.value.message  # names the legal moves
    assert parse_move(start(spec_example, "E3"), "8").notation == "a8<"


def test_bao_A6_strict_mode_checks_the_marks():
    opening = standard_position()
    for text in ("A6<", "A6<*#"):
        with pytest.raises(ParseError) as error:
            parse_move(opening, text, strict=True)
        assert error.value.code == "bao_move_marks"
        assert parse_move(opening, text).notation == "A6<*"


def test_bao_A7_plus_without_the_choice_is_dropped():
    assert parse_move(standard_position(), "A6<+").notation == "A6<*"


def test_bao_A8_back_row_signs(spec_example):
    position = start(spec_example, "E6")
    b8_left = parse_move(position, "B8<")
    b8_right = parse_move(position, "B8>")
    # B8< passes B7..B1 (B7 was empty and is not reached again); B8> goes round into A8.
    assert b8_left.position.board[pit_index("B7")] == 1  # 0 + 1 seed: passed through
    assert b8_right.position.board[pit_index("B7")] == 0
    loop = with_parameters(back_row_direction="loop")
    assert parse_move(position, "B8>", loop).position == b8_left.position
    assert parse_move(position, "B8<", loop).position == b8_right.position


def test_bao_A9_no_capture_from_seventeen_seeds(spec_example):
    results = legal_results(start(spec_example, "E11"))
    assert results
    assert all(r.takasa and "*" in r.notation for r in results)


def test_bao_A10_sole_kichwa_outward_allowed_and_losing(spec_example):
    position = start(spec_example, "E12")
    assert set(legal_moves(position)) == {"a8<*"}
    loose = with_parameters(sole_kichwa_outward="allowed_loses")
    results = {r.move.sign: r for r in legal_results(position, loose)}
    assert set(results) == {"<", ">"}
    end = results[">"].end
    assert end is not None
    assert (end.winner, end.reason) == (SOUTH, "front_row_empty")


def test_bao_A11_the_tax_keeps_the_nyumba(spec_example):
    position = start(spec_example, "E5")
    results = legal_results(position)
    assert {pit_name(r.move.pit) for r in results} == {"A5"}
    after = parse_move(position, "A5<").position
    assert after.house[SOUTH]
    assert after.board[pit_index("A5")] == 8


def test_bao_A12_dormant_nyumba_and_singletons(spec_example):
    position = start(spec_example, "E13")
    assert set(legal_moves(position)) == {"A5<*", "A5>*"}
    assert parse_move(position, "A5<*").position.house == (False, True)
    owned = with_parameters(namua_singletons="unless_owned_house")
    assert set(legal_moves(position, owned)) == {
        "A5<*", "A5>*", "A6<*", "A6>*", "A7<*", "A7>*",
    }  # fmt: skip


def test_bao_A13_takasia(spec_example):
    before = start(spec_example, "E8a")
    assert "a4<**" in legal_moves(before)
    south = parse_move(before, "a4<**").position
    assert set(legal_moves(south)) == {
        "B2<*", "B2>*", "B5<*", "B5>*", "B6<*", "B6>*", "B8<*", "B8>*",
    }  # fmt: skip
    for text in ("B6<*", "B8<*"):
        after = parse_move(south, text).position
        assert row(after, "A") == [2, 2, 0, 0, 0, 0, 1, 0]
        assert after.takasia is None
    # Without takasia the move is a plain takasa and B6< relays A2 on, as the oracle does.
    free = with_parameters(takasia=False)
    assert "a4<*" in legal_moves(before, free)
    unblocked = parse_move(before, "a4<", free).position
    assert unblocked.takasia is None
    assert row(parse_move(unblocked, "B6<", free).position, "A") == [2, 0, 1, 1, 0, 0, 1, 0]


def test_bao_A14_never_ending_move(spec_example):
    position = start(spec_example, "E9")
    assert "A8<*" not in legal_moves(position)
    loses = with_parameters(never_ending="mover_loses")
    results = {r.notation: r for r in legal_results(position, loses)}
    assert "A8<*" in results
    end = results["A8<*"].end
    assert end is not None
    assert end.winner == NORTH


def test_bao_A15_no_legal_move(spec_example):
    position = start(spec_example, "E15")
    assert legal_moves(position) == []
    end = game_end(position)
    assert end is not None
    assert (end.winner, end.reason) == (NORTH, "no_legal_move")


def test_bao_A16_stage_change_and_the_first_mtaji_capture(bao_records):
    checked = 0
    for document in bao_records("oracle-kiswahili-games.jsonl"):
        record = record_from_json(document)
        game = replay(record)
        if len(record.moves) < 45:
            continue
        after_44 = game.positions[44]
        assert (after_44.hand, after_44.stage) == ((0, 0), "mtaji"), record.id
        captured = False
        for ply in range(45, len(record.moves) + 1):
            if captured:
                assert game.positions[ply].house == (False, False), (record.id, ply)
            if not game.results[ply - 1].takasa:
                captured = True
        checked += 1
    assert checked > 0


def _mirror(position: Position) -> Position:
    board = position.board[16:32] + position.board[0:16]
    takasia = None if position.takasia is None else (position.takasia + 16) % 32
    to_move = None if position.to_move is None else 1 - position.to_move
    return dataclasses.replace(
        position,
        board=board,
        hand=(position.hand[1], position.hand[0]),
        house=(position.house[1], position.house[0]),
        to_move=to_move,
        takasia=takasia,
    )


@pytest.mark.parametrize("name", ["oracle-kiswahili.jsonl", "oracle-kujifunza.jsonl"])
def test_bao_A20_properties_on_the_fixtures(bao_records, name):
    checked = 0
    for record in bao_records(name)[::7]:
        variant = str(record["variant"])
        parameters = KUJIFUNZA_PARAMETERS if variant == "kujifunza" else DEFAULT_PARAMETERS
        position = from_json(record["position"], variant=variant)
        assert position.seeds() == 64
        mover = position.to_move
        assert mover is not None
        assert not position.front_row_empty(mover)
        assert not position.front_row_empty(1 - mover)
        results = legal_results(position, parameters)
        for result in results:
            assert parse_move(position, result.notation, parameters, strict=True) == result
            unsown = 0 if result.end is None else result.end.unsown
            assert result.position.seeds() + unsown == 64
        mirrored = [m.swapcase() for m in legal_moves(_mirror(position), parameters)]
        assert sorted(mirrored) == sorted(r.notation for r in results)
        checked += 1
    assert checked > 100
