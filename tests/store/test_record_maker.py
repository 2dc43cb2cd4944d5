"""`facts.record_maker`: the generated constructors `load_event_facts` uses make the same
records as the dataclasses' own (equal, same hash, frozen), and `GameFact.current` folds the
reports once."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

import pytest

from mashindano.engine.model import ByeKind, CompetitorId, GameResult, Side, Termination
from mashindano.store.facts import (
    EncounterFact,
    GameFact,
    ReportFact,
    ReportKind,
    ResultStatus,
    record_maker,
)

AT = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)
REPORT = (ReportKind.REPORT, GameResult.DRAW, Termination.NORMAL, "amina", AT, "", None)
A, B = CompetitorId("Amina"), CompetitorId("Baraka")


def game_fields(reports: tuple[ReportFact, ...]) -> tuple[Any, ...]:
    return (7, 1, "", 3, 2, 1, 5, A, B, Side.WHITE, reports, ())


def test_made_records_equal_the_dataclasses_own() -> None:
    report = record_maker(ReportFact)(*REPORT)
    assert report == ReportFact(*REPORT)
    assert hash(report) == hash(ReportFact(*REPORT))
    game = record_maker(GameFact)(*game_fields((report,)))
    assert game == GameFact(*game_fields((report,)))
    assert hash(game) == hash(GameFact(*game_fields((report,))))
    encounter_fields = (5, 2, A, None, "single", ByeKind.FULL_POINT, (game,))
    encounter = record_maker(EncounterFact)(*encounter_fields)
    assert encounter == EncounterFact(*encounter_fields)
    assert repr(encounter) == repr(EncounterFact(*encounter_fields))


def test_made_records_are_frozen() -> None:
    game = record_maker(GameFact)(*game_fields(()))
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.round = 4  # type: ignore[misc]


def test_a_game_folds_its_reports_once_and_a_replaced_game_again() -> None:
    report = ReportFact(*REPORT)
    game = record_maker(GameFact)(*game_fields((report,)))
    assert game.current == (GameResult.DRAW, Termination.NORMAL, ResultStatus.REPORTED)
    assert game.current is game.current
    confirm = ReportFact(ReportKind.CONFIRM, None, Termination.NORMAL, "baraka", AT, "", None)
    later = dataclasses.replace(game, reports=(report, confirm))
    assert later.status is ResultStatus.CONFIRMED
    assert later == GameFact(*game_fields((report, confirm)))
    assert game.status is ResultStatus.REPORTED
