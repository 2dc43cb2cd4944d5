"""Per-game result detail in the store: the fold keeps the detail of the current result, the
mapping writes and reads it unchanged, and one encounter loads in a fixed number of queries."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.app.principals import local
from mashindano.engine.model import GameResult, Termination
from mashindano.store import models
from mashindano.store.facts import (
    ReportFact,
    ReportKind,
    ResultDetail,
    current_detail,
    fold_reports,
)
from mashindano.store.mapping import (
    REPORT_COLUMNS,
    encounter_fact_of,
    report_fields,
    report_of,
)

T0 = datetime(2026, 1, 1, tzinfo=UTC)
RESULTS = [r for r in GameResult if r.is_decided]

details = st.none() | st.fixed_dictionaries(
    {"tp": st.lists(st.decimals(0, 20, places=1).map(str), min_size=2, max_size=2)}
)


def _report(kind: ReportKind, result: GameResult, detail: ResultDetail | None) -> ReportFact:
    if kind in (ReportKind.CONFIRM, ReportKind.DISPUTE):
        return ReportFact(kind, None, Termination.NORMAL, "someone", T0, "")
    return ReportFact(kind, result, Termination.NORMAL, "someone", T0, "", detail)


reports = st.lists(
    st.builds(_report, st.sampled_from(list(ReportKind)), st.sampled_from(RESULTS), details),
    max_size=8,
)


@settings(max_examples=150)
@given(reports)
def test_the_current_detail_belongs_to_the_current_result(log: list[ReportFact]) -> None:
    setting = [r for r in log if r.result is not None]
    detail = current_detail(tuple(log))
    if not setting:
        assert detail is None
    else:
        assert fold_reports(tuple(log))[0] is setting[-1].result
        assert detail == setting[-1].detail


@settings(max_examples=50)
@given(reports)
def test_report_fields_and_report_of_round_trip(log: list[ReportFact]) -> None:
    for report in log:
        fields = report_fields(report)
        assert set(fields) == set(REPORT_COLUMNS)
        assert report_of(fields) == report


def test_a_row_written_before_detail_existed_reads_as_none() -> None:
    row = report_fields(
        ReportFact(ReportKind.REPORT, GameResult.DRAW, Termination.NORMAL, "a", T0, "")
    )
    del row["detail"]
    assert report_of(row).detail is None


@pytest.mark.django_db
@pytest.mark.parametrize("players", [4, 10])
def test_one_encounter_loads_in_three_queries(
    players: int, django_assert_num_queries: object
) -> None:
    from mashindano.app import events, rounds
    from mashindano.app.players import register_players
    from mashindano.app.results import GameRef, report_result
    from mashindano.engine.model import Competitor, CompetitorId

    events.create_event("ev", "chess-round-robin", actor=local("t"), seed=1)
    register_players(
        "ev", [Competitor(CompetitorId(f"P{n}"), f"P{n}") for n in range(players)], actor=local("t")
    )
    events.start_event("ev", actor=local("t"))
    rounds.pair_next_round("ev", actor=local("t"))
    report_result("ev", GameRef(1, 1), "1-0", actor=local("t"))
    row = models.Encounter.objects.select_related("round__stage").get(
        round__stage__event__slug="ev", round__number=1, board=1
    )
    with django_assert_num_queries(3):  # type: ignore[operator]
        encounter = encounter_fact_of(row)
    (game,) = encounter.games
    assert (encounter.board, game.result, game.detail) == (1, GameResult.FIRST_WINS, None)
    assert (game.first, game.second) == (encounter.first, encounter.second)
