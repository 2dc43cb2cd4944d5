"""The crosstable round by round for a Swiss (issue 29 item 9): the legend promises cells like
"12w1" (opponent's line, side, result); a round-robin keeps the grid of results by column."""

from __future__ import annotations

import random
import re

import pytest

from mashindano.app.documents.crosstable import build_crosstable

from .helpers import make_event, play_all, play_round

pytestmark = pytest.mark.django_db

CELL = re.compile(r"^(?P<line>\d+)(?P<side>[wb])(?P<result>[10½+-]?)$")
OTHER = {"1": "0", "0": "1", "½": "½", "+": "-", "-": "+", "": ""}


def test_swiss_crosstable_is_round_by_round_and_each_cell_mirrors_the_opponents() -> None:
    make_event("sw", "chess-swiss", 11, swiss_rounds="5")
    rng = random.Random(4)
    for _ in range(3):
        play_round("sw", rng)
    table = build_crosstable("sw")
    assert table.by_rounds
    assert table.rounds == 5
    assert table.to_json()["layout"] == "rounds"
    byes = 0
    for line, row in enumerate(table.rows, start=1):
        assert len(row.by_round) == 5
        assert row.by_round[3:] == ("", "")  # rounds 4 and 5 not paired yet
        for number, cell in enumerate(row.by_round[:3]):
            if cell == "+":  # 11 players: one pairing-allocated bye a round
                byes += 1
                continue
            found = CELL.match(cell)
            assert found, cell
            opposite = table.rows[int(found["line"]) - 1].by_round[number]
            mirror = CELL.match(opposite)
            assert mirror, opposite
            assert int(mirror["line"]) == line
            assert {found["side"], mirror["side"]} == {"w", "b"}
            assert mirror["result"] == OTHER[found["result"]]
    assert byes == 3


def test_round_robin_crosstable_keeps_the_grid() -> None:
    make_event("rr", "chess-round-robin", 4)
    play_all("rr")
    table = build_crosstable("rr")
    assert not table.by_rounds
    assert table.to_json()["layout"] == "grid"
    assert all(row.cells[k] == "" for k, row in enumerate(table.rows))
