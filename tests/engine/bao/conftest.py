"""Shared test data for the Bao engine: the fixture files of shared/fixtures/bao."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[3].parent / "shared" / "fixtures" / "bao"


def read_jsonl(name: str) -> list[dict[str, object]]:
    """Every record of a fixture file; fails naming the file if it is missing or empty."""
    path = FIXTURES / name
    if not path.is_file():
        pytest.fail(
            f"Bao fixture file missing: {path} (expected the shared/ folder next to the repository)"
        )
    records = [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    if not records:
        pytest.fail(f"Bao fixture file is empty: {path}")
    return records


@pytest.fixture(scope="session")
def bao_records():
    """`bao_records(name)`: the records of one fixture file, read once per session."""
    cache: dict[str, list[dict[str, object]]] = {}

    def load(name: str) -> list[dict[str, object]]:
        if name not in cache:
            cache[name] = read_jsonl(name)
        return cache[name]

    return load


@pytest.fixture(scope="session")
def spec_example(bao_records):
    """`spec_example("E3")`: one record of spec-examples.jsonl by its id."""

    def find(example_id: str) -> dict[str, object]:
        for record in bao_records("spec-examples.jsonl"):
            if record["id"] == example_id:
                return record
        pytest.fail(f"spec-examples.jsonl has no record {example_id}")

    return find
