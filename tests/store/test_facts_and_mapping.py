"""The report-log fold (property tests) and the mapping's fixed number of queries."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.app.principals import local
from mashindano.engine.model import GameResult, Termination
from mashindano.store import models
from mashindano.store.facts import ReportFact, ReportKind, ResultStatus, fold_reports
from mashindano.store.mapping import load_event_facts

T0 = datetime(2026, 1, 1, tzinfo=UTC)
RESULTS = [r for r in GameResult if r.is_decided]

reports = st.lists(
    st.builds(
        lambda kind, result: ReportFact(
            kind,
            None if kind in (ReportKind.CONFIRM, ReportKind.DISPUTE) else result,
            Termination.NORMAL,
            "someone",
            T0,
            "",
        ),
        st.sampled_from(list(ReportKind)),
        st.sampled_from(RESULTS),
    ),
    max_size=8,
)


@settings(max_examples=150)
@given(reports)
def test_current_result_is_the_latest_report_ruling_or_correction(log: list[ReportFact]) -> None:
    result, _, status = fold_reports(tuple(log))
    setting = [r for r in log if r.result is not None]
    if not setting:
        assert result is GameResult.NOT_PLAYED
        assert status in (ResultStatus.PENDING, ResultStatus.CONFIRMED, ResultStatus.DISPUTED)
    else:
        assert result is setting[-1].result


@settings(max_examples=100)
@given(reports)
def test_appending_a_confirmation_or_dispute_never_changes_the_result(
    log: list[ReportFact],
) -> None:
    before = fold_reports(tuple(log))[0]
    for kind in (ReportKind.CONFIRM, ReportKind.DISPUTE):
        extra = ReportFact(kind, None, Termination.NORMAL, "x", T0, "")
        assert fold_reports((*log, extra))[0] is before


@pytest.mark.django_db
@pytest.mark.parametrize("players", [4, 12])
def test_loading_an_event_takes_the_same_number_of_queries_whatever_its_size(
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
    rng = random.Random(1)
    for _ in range(2):
        published = rounds.pair_next_round("ev", actor=local("t"))
        for game in published.games():
            report_result(
                "ev",
                GameRef(published.number, game.board),
                rng.choice(["1-0", "0-1"]),
                actor=local("t"),
            )
    event = models.Event.objects.get(slug="ev")
    # 13: the announcements (with their withdrawals) are one query more; 14: the roll-call
    # marks (issue 33).
    with django_assert_num_queries(14):  # type: ignore[operator]
        facts = load_event_facts(event, with_moves=True)
    assert len(list(facts.games())) == players
