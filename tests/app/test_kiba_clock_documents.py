"""Each running KIBA game's clock in the round document and the CLI round view (issue 16
item 2): the side to move, the time left per player and the deadline in UTC, read at the
document's time from the recorded moves (R21, R23-R25, E5)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from rich.console import Console

from mashindano.app import rounds
from mashindano.app.documents.rounds import build_round_pairings
from mashindano.app.results import GameRef
from mashindano.cli.event_view import round_table

from .helpers import ACTOR, T0, make_event
from .test_due import DAY, HOUR, TICK, kiba_event, play_legal

pytestmark = pytest.mark.django_db


def _game(at, board: int = 1, number: int = 1):  # type: ignore[no-untyped-def]
    shown = build_round_pairings("kiba", 1, at=at)
    line = next(b for b in shown.boards if b.board == board)
    return shown, next(g for g in line.games if g.game == number)


def test_kiba_R21_before_the_first_move_south_has_3_days_until_the_first_move_deadline() -> None:
    kiba_event()
    _, game = _game(T0 + HOUR)
    assert game.clock is not None
    assert game.first_side == "south"
    assert game.clock.side_to_move == "south"
    assert game.clock.to_move == game.first.id
    assert game.clock.first_left == 3 * DAY - HOUR
    assert game.clock.second_left == 3 * DAY
    assert game.clock.deadline == T0 + 3 * DAY
    assert not game.clock.flagged


def test_kiba_E5_after_two_moves_time_left_plus_one_day_per_move_in_json_and_cli() -> None:
    kiba_event()
    where = GameRef(1, 1)
    south = T0 + DAY + 12 * HOUR  # South used 1.5 days: 3 - 1.5 + 1 = 2.5 days left
    play_legal("kiba", where, south)
    north = south + 2 * DAY  # North used 2 of 3 days: 2 left, South to move
    play_legal("kiba", where, north)
    shown, game = _game(north + HOUR)
    assert game.clock is not None
    assert game.clock.side_to_move == "south"
    assert game.clock.to_move == game.first.id
    assert game.clock.first_left == DAY * 5 / 2 - HOUR
    assert game.clock.second_left == 2 * DAY
    assert game.clock.deadline == north + DAY * 5 / 2
    board = next(b for b in shown.to_json()["boards"] if b["board"] == 1)  # type: ignore[index,union-attr]
    clock = board["games"][0]["clock"]
    assert clock == {
        "side_to_move": "south",
        "to_move": game.first.id,
        "time_left": {game.first.id: 2 * 86_400 + 11 * 3600, game.second.id: 2 * 86_400},
        "deadline": "2026-03-07T10:00:00+00:00",
        "flagged": False,
        "at": "2026-03-04T23:00:00+00:00",
    }
    console = Console(width=200, record=True)
    console.print(round_table(shown))
    text = console.export_text()
    assert "Clock (time left, deadline UTC)" in text
    assert f"{game.first.name} (south) to move; 2d 11:00 / 2d 00:00; by 2026-03-07 10:00" in text


def test_kiba_R25_a_clock_that_ran_out_shows_flagged_until_the_loss_is_recorded() -> None:
    kiba_event()
    _, game = _game(T0 + 3 * DAY + TICK)
    assert game.clock is not None
    assert game.clock.flagged
    assert game.clock.first_left == timedelta(0)  # nothing left
    assert game.clock.deadline == T0 + 3 * DAY


def test_decided_games_and_other_presets_carry_no_clock() -> None:
    make_event("swiss", "chess-swiss", 4)
    rounds.pair_next_round("swiss", actor=ACTOR, now=T0)
    shown = build_round_pairings("swiss", 1, at=T0 + HOUR)
    assert all(g.clock is None for b in shown.boards for g in b.games)
    assert all("clock" not in g for b in shown.to_json()["boards"] for g in b["games"])  # type: ignore[union-attr,index]
