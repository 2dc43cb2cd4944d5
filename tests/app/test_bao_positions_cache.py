"""The positions of stored Bao games are kept per prefix of moves (`bao_games._board_after`):
what the game page, the move and the clock read must be what a full replay gives (B65)."""

from __future__ import annotations

import json
from pathlib import Path

from mashindano.engine.bao import (
    KUJIFUNZA_PARAMETERS,
    legal_moves,
    record_from_json,
    replay,
)
from mashindano.presets.kiba_bao.games import _board_after

FIXTURES = Path(__file__).resolve().parents[2].parent / "shared" / "fixtures" / "bao"


def test_kept_positions_equal_a_full_replay_of_fixture_records() -> None:
    checked = 0
    for name in ("oracle-kiswahili-games.jsonl", "oracle-kujifunza-games.jsonl"):
        for line in (FIXTURES / name).read_text().splitlines()[:6]:
            record = record_from_json(json.loads(line))
            if record.initial is not None:
                continue
            rules = record.parameters
            played = replay(record)
            for ply, position in enumerate(played.positions):
                moves = record.moves[:ply]
                kept, end, legal = _board_after(rules, tuple(moves))
                assert kept == position, f"{record.id} after ply {ply}"
                last = ply == len(record.moves)
                assert end == (played.end if last else None), f"{record.id} ply {ply}"
                expected = () if end is not None else tuple(legal_moves(position, rules))
                assert legal == expected, f"{record.id} ply {ply}"
                checked += 1
    assert checked > 100
    assert _board_after(KUJIFUNZA_PARAMETERS, ())[0].variant == "kujifunza"
