"""`event import` checks and replays the whole document before writing anything: a bad one is
refused with the first problem named (what, where) and nothing is stored (issue 21, item 1)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mashindano.app import exchange
from mashindano.app.principals import local
from mashindano.cli.main import app
from mashindano.engine.errors import ParseError
from mashindano.store import models

from .helpers import make_event, play_all, play_round

pytestmark = pytest.mark.django_db

Document = dict[str, Any]


@pytest.fixture
def document() -> Document:
    """A played chess Swiss (two of its four rounds), exported."""
    make_event("sw", "chess-swiss", 6, swiss_rounds="4")
    play_round("sw", random.Random(1))
    play_round("sw", random.Random(2))
    exported: Document = json.loads(json.dumps(exchange.export_event_json("sw")))
    return exported


def _counts() -> tuple[int, ...]:
    return tuple(
        m.objects.count()
        for m in (
            models.Event,
            models.Entry,
            models.Round,
            models.Game,
            models.ResultReport,
            models.AuditEntry,
            models.EventImport,
        )
    )


def _first_game(d: Document) -> Document:
    game: Document = d["rounds"][0]["encounters"][0]["games"][0]
    return game


def _set_result(d: Document) -> None:
    _first_game(d)["reports"][0]["result"] = "7-3"


def _self_pairing(d: Document) -> None:
    encounter = d["rounds"][0]["encounters"][0]
    encounter["second"] = encounter["first"]
    for game in encounter["games"]:
        game["second"] = game["first"]


def _unknown_player(d: Document) -> None:
    _first_game(d)["first"] = "Nobody"


def _seed_beyond_64_bits(d: Document) -> None:
    d["event"]["seed"] = 2**70


def _huge_rating(d: Document) -> None:
    d["entries"][0]["rating"] = 10**30


def _round_as_text(d: Document) -> None:
    d["rounds"][1]["number"] = "two"


def _undecided_result(d: Document) -> None:
    _first_game(d)["reports"][0]["result"] = "*"


def _two_games_in_a_round(d: Document) -> None:
    """Board 2 names board 1's first player: a player twice in round 1 of a chess Swiss."""
    encounters = d["rounds"][0]["encounters"]
    taken = encounters[0]["first"]
    encounters[1]["first"] = taken
    for game in encounters[1]["games"]:
        game["first"] = taken


def _time_without_zone(d: Document) -> None:
    d["rounds"][0]["published_at"] = "2026-03-01T10:00:00"


def _report_detail_for_chess(d: Document) -> None:
    _first_game(d)["reports"][0]["detail"] = {"tp": ["1", "2"]}


def _missing_section(d: Document) -> None:
    del d["entries"]


CASES: list[tuple[Callable[[Document], None], str]] = [
    (
        _set_result,
        r"rounds\[0\]\.encounters\[0\]\.games\[0\]\.reports\[0\]\.result: .*'7-3' is not a",
    ),
    (_self_pairing, r"rounds\[0\]\.encounters\[0\]: .*paired with himself"),
    (_unknown_player, r"games\[0\]\.first: 'Nobody' is not one of the event's entries"),
    (_seed_beyond_64_bits, r"event\.seed: 1180591620717411303424"),
    (_huge_rating, r"entries\[0\]\.rating: 1000000000000000000000000000000: Ensure"),
    (_round_as_text, r"rounds\[1\]\.number: expected a whole number, got text"),
    (_undecided_result, r"reports\[0\]\.result: .*'\*' is not a result of chess-swiss"),
    (_two_games_in_a_round, r"encounters\[1\]: stage 1 round 1: 'P\d+' plays on board 2"),
    (_time_without_zone, r"rounds\[0\]\.published_at: .*time zone"),
    (_report_detail_for_chess, r"reports\[0\]\.detail: .*chess-swiss records no detail"),
    (_missing_section, r"top level: 'entries' is missing"),
]


@pytest.mark.parametrize(("spoil", "message"), CASES, ids=[c[0].__name__[1:] for c in CASES])
def test_a_bad_document_is_refused_with_its_first_problem_and_nothing_stored(
    document: Document, spoil: Callable[[Document], None], message: str
) -> None:
    spoiled = copy.deepcopy(document)
    spoil(spoiled)
    before = _counts()
    with pytest.raises(ParseError, match=message):
        exchange.import_event_json(spoiled, actor=local("importer"), slug="copy")
    assert _counts() == before
    assert not models.Event.objects.filter(slug="copy").exists()


def test_the_unspoiled_document_imports(document: Document) -> None:
    assert exchange.import_event_json(document, actor=local("importer"), slug="copy") == "copy"


def test_cli_import_of_7_3_is_refused_in_one_line_and_the_audit_count_is_unchanged(
    document: Document, tmp_path: Path
) -> None:
    _set_result(document)
    path = tmp_path / "sw.json"
    path.write_text(json.dumps(document))
    audit = models.AuditEntry.objects.count()
    outcome = CliRunner().invoke(app, ["event", "import", str(path), "--slug", "copy"])
    assert outcome.exit_code == 3, outcome.output
    assert outcome.exception is None or isinstance(outcome.exception, SystemExit)
    lines = outcome.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert "'7-3'" in lines[0]
    assert "reports[0].result" in lines[0]
    assert models.AuditEntry.objects.count() == audit
    assert not models.Event.objects.filter(slug="copy").exists()


def test_a_finished_swiss_with_its_whole_audit_log_replays(document: Document) -> None:
    """The replay accepts what the use cases store (each preset's export/import test checks
    the same for its preset)."""
    play_all("sw")
    exported = json.loads(json.dumps(exchange.export_event_json("sw")))
    assert exchange.import_event_json(exported, actor=local("importer"), slug="again") == "again"
