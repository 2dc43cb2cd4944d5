"""Position text (B62/B63), record replay errors (B65) and the text rendering."""

from __future__ import annotations

import json

import pytest

from mashindano.engine.bao import (
    DEFAULT_PARAMETERS,
    GameRecord,
    format_position,
    parse_move,
    parse_position,
    parse_record,
    record_to_json,
    render_position,
    replay,
    standard_position,
)
from mashindano.engine.errors import IllegalResult, ParseError

OPENING = (
    '{"board": "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0",'
    ' "hand": [22, 22], "house": [true, true], "stage": "namua", "to_move": "S", "takasia": null}'
)


def test_bao_B62_position_text_round_trip():
    position = parse_position(OPENING)
    assert position == standard_position()
    assert json.loads(format_position(position)) == json.loads(OPENING)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"board": "1,2,3"}, "4 rows"),
        ({"board": "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,x"}, "B8"),
        ({"hand": [22, 21]}, "63 seeds"),
        ({"stage": "mtaji"}, "stage mtaji"),
        ({"to_move": "W"}, "S or N"),
        ({"takasia": "a2"}, "front pit of the side to move"),
        ({"house": [True]}, "two booleans"),
    ],
)
def test_bao_B63_invalid_positions_are_named(change, words):
    document = {**json.loads(OPENING), **change}
    with pytest.raises(ParseError) as error:
        parse_position(json.dumps(document))
    assert words in error.value.message


def test_bao_B63_not_json():
    with pytest.raises(ParseError, match="JSON object"):
        parse_position("{board")


def _record(moves: list[str]) -> dict[str, object]:
    record = GameRecord(id="t", parameters=DEFAULT_PARAMETERS, moves=tuple(moves))
    return record_to_json(record)


def test_bao_B65_a_wrong_move_is_refused_with_its_ply():
    document = _record(["A6<*", "a5<", "A9<"])
    with pytest.raises(IllegalResult) as error:
        replay(parse_record(json.dumps(document)))
    assert error.value.params["ply"] == 3
    assert "ply 3" in error.value.message


def test_bao_B65_strict_marks_in_records():
    with pytest.raises(IllegalResult) as error:
        replay(parse_record(json.dumps(_record(["A6<"]))))
    assert error.value.params["ply"] == 1
    assert "A6<*" in error.value.message


def test_bao_B65_a_wrong_final_position_or_result_is_refused():
    position = parse_move(standard_position(), "A6<*").position
    document = {**_record(["A6<*"]), "final": json.loads(OPENING)}
    with pytest.raises(IllegalResult, match="differs from 'final'"):
        replay(parse_record(json.dumps(document)))
    claimed = {
        **_record(["A6<*"]),
        "result": {"winner": "S", "reason": "no_legal_move", "plies": 1},
    }
    with pytest.raises(IllegalResult, match="has not ended"):
        replay(parse_record(json.dumps(claimed)))
    resigned = {**_record(["A6<*"]), "result": {"winner": "N", "reason": "resignation", "plies": 1}}
    assert replay(parse_record(json.dumps(resigned))).positions[-1] == position


def test_bao_B65_moves_after_the_end_are_refused(bao_records):
    document = dict(bao_records("oracle-kiswahili-games.jsonl")[0])
    document["moves"] = [*document["moves"], "a1<"]
    document.pop("result")
    document.pop("final")
    with pytest.raises(IllegalResult) as error:
        replay(parse_record(json.dumps(document)))
    assert error.value.params["ply"] == len(document["moves"])
    assert "already over" in error.value.message


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"format": "x"}, "'format'"),
        ({"rules": "mashindano-bao-0"}, "rules edition"),
        ({"moves": "A6<*"}, "'moves'"),
        ({"parameters": {"house_mtaji": "never"}}, "house_mtaji"),
    ],
)
def test_bao_B64_bad_records_are_named(change, words):
    from mashindano.engine.errors import MashindanoError

    with pytest.raises(MashindanoError) as error:
        parse_record(json.dumps({**_record([]), **change}))
    assert words in error.value.message


def test_bao_render_shows_the_board_as_in_the_spec():
    text = render_position(standard_position())
    lines = text.splitlines()
    assert lines[0].split()[:8] == ["8", "7", "6", "5", "4", "3", "2", "1"]
    assert lines[2].split() == ["a", "0", "2", "2", "6", "0", "0", "0", "0"]
    assert lines[3].split() == ["A", "0", "0", "0", "0", "6", "2", "2", "0"]
    assert "South to move" in lines[-1]
    assert "hand 22" in lines[0]
