"""A18/A19: the engine agrees with 100% of the reference fixtures of shared/fixtures/bao.

Every record's legal moves must equal the listed set, and every move's result (position and
end, `unsown` included) must equal the listed one; every game record replays to its recorded
end. Each test names the file it read and counts the records it checked.
"""

from __future__ import annotations

import pytest

from mashindano.engine.bao import (
    DEFAULT_PARAMETERS,
    KUJIFUNZA_PARAMETERS,
    from_json,
    legal_results,
    record_from_json,
    replay,
    to_json,
)


def _comparable(position: dict[str, object]) -> dict[str, object]:
    # B62 lets test positions carry `partial` and `variant`; the fixtures' results leave them out.
    return {k: v for k, v in position.items() if k not in ("partial", "variant")}


def _mismatches(record: dict[str, object]) -> list[str]:
    variant = str(record.get("variant", "kiswahili"))
    parameters = KUJIFUNZA_PARAMETERS if variant == "kujifunza" else DEFAULT_PARAMETERS
    position = from_json(record["position"], variant=variant)
    results = {r.notation: r for r in legal_results(position, parameters)}
    expected_legal = record["legal"]
    assert isinstance(expected_legal, list)
    if set(results) != set(expected_legal):
        return [f"{record['id']}: legal {sorted(results)} != {sorted(expected_legal)}"]
    problems = []
    expected_results = record["results"]
    assert isinstance(expected_results, dict)
    for notation, expected in expected_results.items():
        result = results[notation]
        got = {
            "position": _comparable(to_json(result.position)),
            "end": None if result.end is None else result.end.to_json(),
        }
        if got != expected:
            problems.append(f"{record['id']} {notation}: {got} != {expected}")
    if set(expected_results) != set(expected_legal):
        problems.append(f"{record['id']}: the fixture lists results for other moves than `legal`")
    return problems


@pytest.mark.parametrize(
    "name",
    ["spec-examples.jsonl", "published.jsonl", "oracle-kiswahili.jsonl", "oracle-kujifunza.jsonl"],
)
def test_bao_A18_every_fixture_position_gives_the_listed_moves_and_results(bao_records, name):
    records = bao_records(name)
    problems: list[str] = []
    checked = 0
    moves = 0
    for record in records:
        problems += _mismatches(record)
        checked += 1
        moves += len(record["legal"])
    print(f"{name}: {checked} records read, {moves} move results compared, {len(problems)} differ")
    assert checked == len(records) > 0
    assert not problems, f"{name}: {len(problems)} of {checked} records differ:\n" + "\n".join(
        problems[:20]
    )


@pytest.mark.parametrize("name", ["oracle-kiswahili-games.jsonl", "oracle-kujifunza-games.jsonl"])
def test_bao_A19_every_game_record_replays_to_its_recorded_end(bao_records, name):
    records = bao_records(name)
    checked = 0
    plies = 0
    for document in records:
        record = record_from_json(document)
        game = replay(record)  # raises with the failing ply
        assert game.end is not None, f"{name} {record.id}: the game has not ended"
        result = document["result"]
        assert isinstance(result, dict)
        assert game.end.to_json() == {k: v for k, v in result.items() if k != "plies"}
        checked += 1
        plies += len(record.moves)
    print(f"{name}: {checked} game records replayed, {plies} plies")
    assert checked == len(records) > 0


def test_bao_E9_fixture_lists_the_never_ending_move_apart(spec_example):
    record = spec_example("E9")
    position = from_json(record["position"])
    assert "A8<*" not in {r.notation for r in legal_results(position)}
    assert record["never_ending"] == ["A8<*"]


def test_bao_E15_fixture_game_over_matches(spec_example):
    from mashindano.engine.bao import game_end

    record = spec_example("E15")
    end = game_end(from_json(record["position"]))
    assert end is not None
    assert end.to_json() == record["game_over"]
