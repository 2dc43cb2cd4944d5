"""Baku acceleration (C.04.7) on every reference case of shared/fixtures/dutch-accel (issue 28
item 2): bbpPairings 6.0.0 given the XXA lines the Baku rule computes (the fixtures' README).

Required: the same pairs with the same colours, the same bye and the same board order. Also:
the XXA lines of every case are what our Baku computation gives for the same history without
them (shared/fixtures/dutch/<case>.trf), and a 192 `FIDE_DUTCH_BAKU` record without XXA lines
pairs as the XXA lines do (the README's cross-check with bbp's built-in mode).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mashindano.engine.pairing import SwissPairing, pair_dutch
from mashindano.interchange.trf import (
    TrfTournament,
    format_trf,
    parse_trf,
    trf_acceleration,
    trf_to_stage_results,
)

from ...shared_folders import assert_file_count, shared_folder

ROUND_FILES = "*_round[0-9][0-9].trf"
EXPECTED_CASES = 234
FOLDER = shared_folder("fixtures", "dutch-accel")
PLAIN = shared_folder("fixtures", "dutch")
CASES = sorted(FOLDER.glob(ROUND_FILES))


def _expected(path: Path) -> tuple[list[tuple[str, str]], str | None]:
    words = path.with_suffix(".pairs").read_text().split()
    boards: list[tuple[str, str]] = []
    bye: str | None = None
    for k in range(int(words[0])):
        white, black = words[1 + 2 * k], words[2 + 2 * k]
        if black == "0":
            bye = white
        else:
            boards.append((white, black))
    return boards, bye


def _pair(tournament: TrfTournament, round_number: int) -> SwissPairing:
    assert tournament.rounds is not None
    assert tournament.initial_colour is not None
    return pair_dutch(
        trf_to_stage_results(tournament),
        round_number,
        total_rounds=tournament.rounds,
        initial_colour=tournament.initial_colour,
        acceleration=trf_acceleration(tournament),
    )


def _round(path: Path) -> int:
    return int(path.stem.rsplit("round", 1)[1])


def test_fixture_set_is_complete():
    assert_file_count(FOLDER, ROUND_FILES, EXPECTED_CASES)


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_accelerated_pairing_equals_the_reference(path: Path) -> None:
    """Issue 28 item 2: pairs, colours, bye and board order equal bbpPairings' with XXA."""
    tournament = parse_trf(path.read_text(), source=path.name)
    assert tournament.accelerations, "the case has XXA lines"
    boards, bye = _expected(path)
    pairing = _pair(tournament, _round(path))
    assert sorted(pairing.boards) == sorted(boards)
    assert pairing.bye == bye
    assert list(pairing.boards) == boards


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_baku_rule_computes_the_fixtures_xxa_lines(path: Path) -> None:
    """Issue 28 item 2: the same history without XXA (shared/fixtures/dutch), with a 192
    `FIDE_DUTCH_BAKU` record, gets from our Baku rule exactly the case's XXA lines, written
    as the case writes them, and the reference pairing."""
    plain = parse_trf((PLAIN / path.name).read_text(), source=path.name)
    assert not plain.accelerations
    baku = replace(plain, encoded_type="FIDE_DUTCH_BAKU")
    computed = trf_acceleration(baku)
    assert computed is not None
    lines = format_trf(
        replace(plain, accelerations=tuple((int(c), v) for c, v in computed.items()))
    ).splitlines()
    expected = [line for line in path.read_text().splitlines() if line.startswith("XXA")]
    assert [line for line in lines if line.startswith("XXA")] == expected
    boards, bye = _expected(path)
    pairing = _pair(baku, _round(path))
    assert (list(pairing.boards), pairing.bye) == (boards, bye)
