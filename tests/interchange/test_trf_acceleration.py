"""TRF acceleration records (issue 28 item 2): the 192 `..._BAKU` selector, TRF-26 `250`
records and JaVaFo's per-player `XXA` lines, read, written back and resolved into the
virtual points the pairing uses (Baku acceleration, C.04.7)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mashindano.engine.errors import ParseError
from mashindano.engine.model import CompetitorId
from mashindano.engine.pairing import baku_acceleration
from mashindano.engine.points import HALF, ONE, ZERO, PointSystem
from mashindano.interchange.trf import (
    TrfAccelerationRecord,
    format_trf,
    parse_trf,
    stage_results_to_trf,
    trf_acceleration,
    trf_to_stage_results,
)

PLAYERS = "".join(
    f"001 {n:4d}      Test{n:04d} Player{n:04d}               {2400 - n:4d}\n" for n in range(1, 6)
)


def _read(extra: str):
    return parse_trf(PLAYERS + "XXR 5\n" + extra)


def test_xxa_lines_are_read_by_player_and_round():
    t = _read("XXA    1  1.0  1.0  0.5  0.0  0.0\nXXA    2  1.0\n")
    assert t.accelerations == ((1, (ONE, ONE, HALF, ZERO, ZERO)), (2, (ONE,)))
    assert trf_acceleration(t) == {
        CompetitorId("1"): (ONE, ONE, HALF, ZERO, ZERO),
        CompetitorId("2"): (ONE,),
    }
    assert "XXA    1  1.0  1.0  0.5  0.0  0.0" in format_trf(t)
    assert parse_trf(format_trf(t)) == t


def test_250_records_give_game_points_over_their_ranges():
    t = _read("250  0.0  1.0 001 002 0001 0004\n250  0.0  0.5 003     0001 0004\n")
    assert t.acceleration_records == (
        TrfAccelerationRecord(ZERO, ONE, 1, 2, 1, 4),
        TrfAccelerationRecord(ZERO, HALF, 3, 3, 1, 4),
    )
    values = trf_acceleration(t)
    assert values is not None
    assert values[CompetitorId("4")] == (ONE, ONE, HALF)
    assert CompetitorId("5") not in values
    written = format_trf(t)
    assert "250  0.0  1.0 001 002 0001 0004" in written
    assert parse_trf(written) == t


def test_192_baku_computes_the_rule_over_every_player():
    t = _read("192 FIDE_DUTCH_BAKU\n")
    assert t.encoded_type == "FIDE_DUTCH_BAKU"
    assert t.asks_for_baku
    values = trf_acceleration(t)
    # N = 5: group A = 2 x ceil(5/4) = 4; R = 5: 1, 1, 1/2, then none.
    assert values == baku_acceleration(
        [CompetitorId(str(n)) for n in range(1, 6)], 5, PointSystem()
    )
    assert values[CompetitorId("4")] == (ONE, ONE, HALF, ZERO, ZERO)
    assert not any(values[CompetitorId("5")])
    assert "192 FIDE_DUTCH_BAKU" in format_trf(t)


def test_a_plain_192_is_no_acceleration():
    assert trf_acceleration(_read("192 FIDE_DUTCH_2026\n")) is None
    assert trf_acceleration(_read("")) is None


def test_xxa_wins_over_192():
    t = _read("192 FIDE_DUTCH_BAKU\nXXA    5  1.0\n")
    assert trf_acceleration(t) == {CompetitorId("5"): (ONE,)}


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("XXA    9  1.0\n", "XXA player 9 is not a player"),
        ("XXA    1  1.0\nXXA    1  0.5\n", "second XXA line for player 1"),
        ("XXA    1  one\n", "is not a number of points"),
        ("XXA\n", "XXA gives no player"),
        ("250  0.0  1.0 001 002 0001 0004\n250  0.0  0.5 002 003 0004 0005\n", "twice"),
        ("250  0.0  1.0 003 002 0001 0004\n", "ends before it starts"),
        ("250  0.0  1.0     002 0001 0004\n", "first round"),
        ("250  0.0  1.0 001 002 0001 0004\nXXA    1  1.0  0.5\n", "but the 250 records give"),
    ],
)
def test_bad_acceleration_lines_are_refused_with_their_line(extra, message):
    with pytest.raises(ParseError, match=message) as error:
        _read(extra)
    assert "line " in error.value.message


def test_export_writes_xxa_lines_for_every_player_over_the_rounds():
    results = trf_to_stage_results(_read(""))
    acceleration = baku_acceleration([c.id for c in results.competitors], 5, PointSystem())
    t = stage_results_to_trf(results, total_rounds=5, acceleration=acceleration)
    text = format_trf(t)
    assert [line for line in text.splitlines() if line.startswith("XXA")] == [
        "XXA    1  1.0  1.0  0.5  0.0  0.0",
        "XXA    2  1.0  1.0  0.5  0.0  0.0",
        "XXA    3  1.0  1.0  0.5  0.0  0.0",
        "XXA    4  1.0  1.0  0.5  0.0  0.0",
        "XXA    5  0.0  0.0  0.0  0.0  0.0",
    ]
    assert trf_acceleration(parse_trf(text)) == acceleration
    assert Fraction(0) == sum(acceleration[CompetitorId("5")])
