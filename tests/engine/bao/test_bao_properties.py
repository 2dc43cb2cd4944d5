"""Properties of the Bao engine over random legal games (hypothesis draws the games' seeds):
seeds are conserved (B10), a random legal game always ends, replaying its record gives the
same positions, and parse(format(m)) == m for every legal move (B60)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.bao import (
    DEFAULT_PARAMETERS,
    KUJIFUNZA_PARAMETERS,
    GameRecord,
    MoveResult,
    Position,
    legal_results,
    parse_move,
    parse_record,
    record_to_json,
    replay,
    standard_position,
)

PLY_LIMIT = 1000  # the fixtures' 240 games lasted 5-141 plies; a game that runs on fails

variants = st.sampled_from(["kiswahili", "kujifunza"])


def _parameters(variant: str):
    return KUJIFUNZA_PARAMETERS if variant == "kujifunza" else DEFAULT_PARAMETERS


def random_game(variant: str, seed: int) -> tuple[list[Position], list[MoveResult]]:
    rng = random.Random(seed)
    parameters = _parameters(variant)
    position = standard_position(variant)
    positions, played = [position], []
    for _ in range(PLY_LIMIT):
        results = legal_results(position, parameters)
        if not results:
            return positions, played
        chosen = rng.choice(results)
        played.append(chosen)
        position = chosen.position
        positions.append(position)
        if chosen.end is not None:
            return positions, played
    raise AssertionError(f"{variant} game with seed {seed} did not end in {PLY_LIMIT} plies")


@settings(max_examples=25)
@given(variant=variants, seed=st.integers(0, 2**32 - 1))
def test_bao_B10_seeds_always_on_the_board_or_in_hand(variant, seed):
    positions, played = random_game(variant, seed)
    for position in positions[:-1]:
        assert position.seeds() == 64
    unsown = played[-1].end.unsown if played and played[-1].end is not None else 0
    assert positions[-1].seeds() + unsown == 64


@settings(max_examples=25)
@given(variant=variants, seed=st.integers(0, 2**32 - 1))
def test_bao_B46_a_random_legal_game_always_ends(variant, seed):
    positions, _ = random_game(variant, seed)  # raises if it runs past the limit
    last = positions[-1]
    finished = last.to_move is None or not legal_results(last, _parameters(variant))
    assert finished


@settings(max_examples=15)
@given(variant=variants, seed=st.integers(0, 2**32 - 1))
def test_bao_B65_replaying_a_record_gives_the_same_positions(variant, seed):
    positions, played = random_game(variant, seed)
    record = GameRecord(
        id=f"prop-{seed}",
        parameters=_parameters(variant),
        moves=tuple(r.notation for r in played),
    )
    game = replay(record)
    assert list(game.positions) == positions
    # The written record (with its result and final position) reads back and verifies too.
    text = record_to_json(record, final=game.positions[-1], end=game.end)
    again = replay(parse_record(json.dumps(text)))
    assert list(again.positions) == positions


@settings(max_examples=25)
@given(variant=variants, seed=st.integers(0, 2**32 - 1))
def test_bao_B60_parse_of_format_is_the_move(variant, seed):
    parameters = _parameters(variant)
    positions, _ = random_game(variant, seed)
    for position in positions[:-1]:
        for result in legal_results(position, parameters):
            assert parse_move(position, result.notation, parameters, strict=True) == result
            assert (
                parse_move(
                    position,
                    result.notation.lower() if position.to_move else result.notation,
                    parameters,
                ).move
                == result.move
            )
