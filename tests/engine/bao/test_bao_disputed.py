"""The disputed points D1-D9 of shared/spec/bao.md §5: each parameter with a non-default
option changes the behaviour as the spec describes; the defaults are covered by the examples
and the fixtures."""

from __future__ import annotations

import dataclasses

import pytest

from mashindano.engine.bao import (
    DEFAULT_PARAMETERS,
    NORTH,
    SOUTH,
    Position,
    from_json,
    legal_moves,
    legal_results,
    parameters_from_mapping,
    parameters_to_mapping,
    parse_move,
    pit_index,
)
from mashindano.engine.errors import ConfigError


def start(spec_example, example_id: str) -> Position:
    record = spec_example(example_id)
    return from_json(record["position"], variant=str(record["variant"]))


def options(**changes: object):
    return dataclasses.replace(DEFAULT_PARAMETERS, **changes)


def partial(board: str, stage: str = "mtaji", to_move: str = "S", **extra: object) -> Position:
    hand = [10, 10] if stage == "namua" else [0, 0]
    document = {
        "board": board,
        "hand": extra.pop("hand", hand),
        "house": extra.pop("house", [False, False]),
        "stage": stage,
        "to_move": to_move,
        "takasia": None,
        "partial": True,
    }
    return from_json(document)


def test_bao_D1_namua_only_lets_the_mtaji_takasa_relay_out_of_the_nyumba(spec_example):
    # A17: under the default A7<* stops in A5 after 8 laps; with namua_only it relays on.
    position = start(spec_example, "E14")
    default = parse_move(position, "A7<")
    namua_only = parse_move(position, "A7<", options(house_mtaji="namua_only"))
    assert default.laps == 8
    assert default.position.board[pit_index("A5")] == 24
    assert namua_only.laps > 8
    assert namua_only.position != default.position


def _first_mtaji_capture(bao_records) -> tuple[Position, str]:
    for record in bao_records("oracle-kiswahili.jsonl"):
        position = from_json(record["position"])
        played = str(record["played"])
        if position.stage == "mtaji" and position.house == (True, True) and "*" not in played:
            return position, played
    pytest.fail("oracle-kiswahili.jsonl has no mtaji capture with both nyumba owned")


def test_bao_D1_who_loses_the_nyumba_at_the_first_mtaji_capture(bao_records):
    position, played = _first_mtaji_capture(bao_records)
    mover = position.to_move
    assert mover is not None
    default = parse_move(position, played).position
    assert default.house == (False, False)
    own = parse_move(position, played, options(house_mtaji="until_first_own_mtaji_capture"))
    assert own.position.house[mover] is False
    emptied = parse_move(position, played, options(house_mtaji="until_emptied"))
    assert emptied.position.house[1 - mover] == (
        emptied.position.board[16 * (1 - mover) + 4] > 0 and position.house[1 - mover]
    )


# Mtaji, South to move, South owns a functional nyumba (A5, 7 seeds). South's only capture is
# A3> (A4, A5: the lap ends in A5 facing a4, 5 seeds). The 5 captured seeds enter at A1 and
# their lap ends in A5 again, now facing the emptied a4: the situation of B31.
MTAJI_HOUSE = "0,0,0,0,0,0,0,2/0,0,0,0,5,0,0,1/0,0,2,0,7,0,0,0/0,0,0,0,0,0,0,0"


def test_bao_D1_until_emptied_and_D9_mtaji_safari():
    position = partial(MTAJI_HOUSE, house=[True, False])
    default = legal_results(position)
    assert [r.notation for r in default] == ["A3>"]
    assert default[0].position.house == (False, False)  # B37c: the first mtaji capture
    emptied = options(house_mtaji="until_emptied")
    results = {r.notation: r for r in legal_results(position, emptied)}
    assert set(results) == {"A3>", "A3>+"}
    assert results["A3>"].position.board[pit_index("A5")] == 9  # stopped in the nyumba
    assert results["A3>"].position.house == (True, False)
    assert results["A3>+"].position.house == (False, False)
    forced = options(house_mtaji="until_emptied", mtaji_safari="forced")
    forced_results = legal_results(position, forced)
    assert [r.notation for r in forced_results] == ["A3>"]
    assert forced_results[0].position == results["A3>+"].position


def test_bao_D2_house_min_seeds_one_makes_a_small_nyumba_functional(spec_example):
    position = start(spec_example, "E13")  # owned nyumba with 5 seeds, A6 1, A7 1
    assert set(legal_moves(position)) == {"A5<*", "A5>*"}
    small = options(house_min_seeds=1)
    assert set(legal_moves(position, small)) == {"A6<*", "A6>*", "A7<*", "A7>*"}


def test_bao_D3_capture_start_max_14_makes_fifteen_seeds_a_takasa():
    # B8 holds 15 seeds: sown clockwise (`<` on the back row) the lap ends in A8 (occupied),
    # facing a1 (occupied).
    position = partial("0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,15")
    assert [m.rstrip("#") for m in legal_moves(position) if "*" not in m] == ["B8<"]
    assert all("*" in m for m in legal_moves(position, options(capture_start_max=14)))
    assert legal_moves(position, options(capture_start_max=16)) == legal_moves(position)


def test_bao_D4_sole_kichwa_outward_allowed_loses(spec_example):
    position = start(spec_example, "E12")
    results = {
        r.notation: r for r in legal_results(position, options(sole_kichwa_outward="allowed_loses"))
    }
    assert "a8>*" in results
    end = results["a8>*"].end
    assert end is not None
    assert end.winner == SOUTH
    assert end.reason == "front_row_empty"


def test_bao_D5_singleton_exception_removes_the_takasia_of_E8(spec_example):
    before = start(spec_example, "E8a")
    with_singleton = options(
        takasia_exceptions=frozenset({"house", "only_occupied", "only_multi", "singleton"})
    )
    played = parse_move(before, "a4<", with_singleton)
    assert played.notation == "a4<*"
    assert played.position.takasia is None


def test_bao_D5_without_the_only_occupied_exception_more_takasia(bao_records):
    # The fixture README: 89 move results kept only because X was the only occupied front pit.
    narrower = options(takasia_exceptions=frozenset({"house", "only_multi"}))
    for record in bao_records("oracle-kiswahili.jsonl"):
        position = from_json(record["position"])
        if position.stage != "mtaji":
            continue
        default = legal_moves(position)
        changed = legal_moves(position, narrower)
        if default != changed:
            assert any("**" in m for m in changed)
            return
    pytest.fail("no position where the only_occupied exception matters")


def test_bao_D5_takasia_in_namua_blocks_after_the_last_namua_takasa(bao_records):
    # kis-s1109: the last namua move (ply 44) would create a takasia if takasia applied in the
    # namua stage (the excluded record kis-s1109-p044, reason takasia_stage_boundary).
    record = next(r for r in bao_records("oracle-kiswahili.jsonl") if r["id"] == "kis-s1109-p043")
    position = from_json(record["position"])
    played = str(record["played"])
    assert parse_move(position, played).position.takasia is None
    in_namua = parse_move(position, played, options(takasia_in_namua=True))
    assert "**" in in_namua.notation
    assert in_namua.position.takasia is not None


def test_bao_D5_takasia_nyumba_first_lap():
    # Mtaji, South to move, takasia on A1 (3 seeds). South's functional nyumba A5 (12 seeds,
    # still owned) sown `>` goes round the back row and ends its first lap in A1.
    document = {
        "board": "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/3,0,0,0,12,0,0,0/0,0,0,0,0,0,0,0",
        "hand": [0, 0], "house": [True, False], "stage": "mtaji", "to_move": "S",
        "takasia": "A1", "partial": True,
    }  # fmt: skip
    position = from_json(document)
    stop = parse_move(position, "A5>")
    assert stop.laps == 1
    assert stop.position.board[pit_index("A1")] == 4
    carry_on = parse_move(position, "A5>", options(takasia_nyumba_first_lap=True))
    assert carry_on.laps == 2
    assert carry_on.position.board[pit_index("A1")] == 0


@pytest.mark.parametrize(("option", "winner"), [("mover_loses", NORTH), ("draw", None)])
def test_bao_D6_never_ending_options(spec_example, option, winner):
    position = start(spec_example, "E9")
    results = {r.notation: r for r in legal_results(position, options(never_ending=option))}
    end = results["A8<*"].end
    assert end is not None
    assert end.winner == winner
    assert end.reason == "never_ending_move"


def test_bao_D7_namua_singletons_options():
    # South owns a dormant nyumba (5 seeds); A2 holds 2, A7 a singleton; no capture.
    position = partial(
        "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,2,0,0,5,0,1,0/0,0,0,0,0,0,0,0",
        stage="namua",
        house=[True, False],
    )
    starts = lambda p: {m[:2] for m in legal_moves(position, p)}  # noqa: E731
    assert starts(DEFAULT_PARAMETERS) == {"A2", "A5"}
    assert starts(options(namua_singletons="unless_owned_house")) == {"A2", "A5", "A7"}
    assert starts(options(namua_singletons="free")) == {"A2", "A5", "A7"}
    assert starts(options(namua_singletons="only_if_all_singletons")) == {"A2", "A5"}
    # With a functional nyumba the default allows singletons; only_if_all_singletons does not.
    functional = partial(
        "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,2,0,0,6,0,1,0/0,0,0,0,0,0,0,0",
        stage="namua",
        house=[True, False],
    )
    assert {m[:2] for m in legal_moves(functional)} == {"A2", "A7"}
    strict = options(namua_singletons="only_if_all_singletons")
    assert {m[:2] for m in legal_moves(functional, strict)} == {"A2"}


def test_bao_D8_loop_reading_swaps_back_row_signs(spec_example):
    position = start(spec_example, "E6")
    hand = {r.notation: r.position for r in legal_results(position)}
    loop = {
        r.notation: r.position for r in legal_results(position, options(back_row_direction="loop"))
    }
    assert hand["B8<"] == loop["B8>"]
    assert hand["B8>"] == loop["B8<"]
    assert hand["B2<"] == loop["B2>"]


def test_bao_parameters_round_trip_and_refusals():
    mapping = parameters_to_mapping(DEFAULT_PARAMETERS)
    assert parameters_from_mapping(mapping) == DEFAULT_PARAMETERS
    assert parameters_from_mapping({"capture-start-max": "14"}).capture_start_max == 14
    assert parameters_from_mapping({"variant": "kujifunza"}).takasia is False
    with pytest.raises(ConfigError, match="unknown Bao parameter"):
        parameters_from_mapping({"nyumba": 1})
    with pytest.raises(ConfigError, match="house_mtaji"):
        parameters_from_mapping({"house_mtaji": "sometimes"})
    for name, value in (("takasia_duration", 3), ("takasia_blocker_must_capture", True)):
        with pytest.raises(ConfigError, match=name):
            parameters_from_mapping({name: value})
