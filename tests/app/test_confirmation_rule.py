"""The confirmation rule (issue 30 item 2): a reported result is confirmed or disputed by the
opponent (the other side of a multi-game encounter) or an official, never by its reporter.
A refused confirmation or dispute stores nothing; the audit log never shows a report and its
confirmation by the same person."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime

import pytest
from django.contrib.auth.models import User

from mashindano.app import events, people, players, rounds
from mashindano.app.errors import OwnReport
from mashindano.app.principals import Principal, local
from mashindano.app.results import GameRef, confirm_result, dispute_result, report_result
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.store import models
from mashindano.store.facts import ResultStatus

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db


def account(name: str) -> Principal:
    user = User.objects.create_user(name, password="pw")
    principal = people.principal_for_user(user)
    assert principal is not None
    return principal


def written() -> tuple[int, int]:
    return models.ResultReport.objects.count(), models.AuditEntry.objects.count()


def assert_no_self_confirmation(slug: str) -> None:
    """In the audit log, no account reported a game and then confirmed or disputed it (the
    local command line, no person's account, answers like an official)."""
    reporters: dict[str, set[str]] = defaultdict(set)
    log = models.AuditEntry.objects.filter(event__slug=slug, user__isnull=False)
    for entry in log.order_by("version"):
        after = entry.after if isinstance(entry.after, dict) else {}
        game = str(after.get("game", ""))
        if entry.action == "result.report":
            reporters[game].add(entry.actor)
        elif entry.action in ("result.confirm", "result.dispute"):
            assert entry.actor not in reporters[game], (entry.actor, entry.action, game)


@pytest.fixture
def swiss() -> dict[str, Principal]:
    """A chess Swiss of six, round 1 paired; board 1's players have accounts, and the event
    has an arbiter and an assistant."""
    make_event("sw", "chess-swiss", 6, swiss_rounds="3")
    rounds.pair_next_round("sw", actor=ACTOR, now=T0)
    game = events.get_event_facts("sw").rounds[0].encounters[0].games[0]
    found = {"white": account("wanda"), "black": account("boris")}
    people.link_entry("sw", game.first, "wanda", actor=ACTOR, now=T0)
    people.link_entry("sw", game.second, "boris", actor=ACTOR, now=T0)
    found["arbiter"] = account("arif")
    people.grant_role("sw", "arif", "arbiter", actor=ACTOR, now=T0)
    return found


def test_issue30_item2_a_player_may_not_confirm_or_dispute_their_own_report(
    swiss: dict[str, Principal],
) -> None:
    report_result("sw", GameRef(1, 1), "1-0", actor=swiss["white"], now=T0)
    before = written()
    with pytest.raises(OwnReport, match="may not confirm a result reported by themselves") as no:
        confirm_result("sw", GameRef(1, 1), actor=swiss["white"], now=T0)
    assert no.value.code == "own_report"
    with pytest.raises(OwnReport, match="may not dispute a result reported by themselves"):
        dispute_result("sw", GameRef(1, 1), actor=swiss["white"], reason="oops", now=T0)
    assert written() == before
    confirmed = confirm_result("sw", GameRef(1, 1), actor=swiss["black"], now=T0)
    assert confirmed.game.status is ResultStatus.CONFIRMED
    assert_no_self_confirmation("sw")


def test_issue30_item2_the_opponent_disputes_and_an_official_confirms(
    swiss: dict[str, Principal],
) -> None:
    report_result("sw", GameRef(1, 1), "0-1", actor=swiss["black"], now=T0)
    disputed = dispute_result("sw", GameRef(1, 1), actor=swiss["white"], reason="no", now=T0)
    assert disputed.game.status is ResultStatus.DISPUTED
    # An official confirms a player's report; the command line (no account) answers like one.
    report_result("sw", GameRef(1, 2), "1-0", actor=ACTOR, now=T0)
    assert confirm_result("sw", GameRef(1, 2), actor=ACTOR, now=T0).game.status is (
        ResultStatus.CONFIRMED
    )
    report_result("sw", GameRef(1, 3), "1-0", actor=local("someone"), now=T0)
    assert confirm_result("sw", GameRef(1, 3), actor=swiss["arbiter"], now=T0).game.status is (
        ResultStatus.CONFIRMED
    )
    assert_no_self_confirmation("sw")


def test_issue30_item2_an_official_account_does_not_confirm_its_own_report(
    swiss: dict[str, Principal],
) -> None:
    report_result("sw", GameRef(1, 1), "1-0", actor=swiss["arbiter"], now=T0)
    before = written()
    with pytest.raises(OwnReport):
        confirm_result("sw", GameRef(1, 1), actor=swiss["arbiter"], now=T0)
    assert written() == before
    # Either player answers an official's report.
    assert confirm_result("sw", GameRef(1, 1), actor=swiss["white"], now=T0).game.status is (
        ResultStatus.CONFIRMED
    )


def at(month: int, day: int, hour: int = 10) -> datetime:
    return datetime(2026, month, day, hour, tzinfo=UTC)


def test_issue30_item2_multi_game_gomoku_match_the_other_player_of_the_encounter() -> None:
    """Gomoku plays four games a match, sides alternating: whoever reported a game, the other
    player of the encounter (on either side of that game) confirms it."""
    events.create_event("lg", "gomoku-league", actor=ACTOR, seed=5, now=at(2, 20))
    roster = [
        Competitor(CompetitorId(f"P{n}"), f"P{n}", rating=2000 - n, games_played=500)
        for n in range(1, 7)
    ]
    players.register_players("lg", roster, actor=ACTOR, now=at(2, 20))
    events.start_event("lg", actor=ACTOR, now=at(2, 20))
    rounds.pair_next_round("lg", actor=ACTOR, now=at(3, 8))
    encounter = events.get_event_facts("lg").rounds[0].encounters[0]
    assert len(encounter.games) > 1
    one, other = account("one"), account("other")
    people.link_entry("lg", encounter.first, "one", actor=ACTOR, now=at(3, 8))
    people.link_entry("lg", encounter.second, "other", actor=ACTOR, now=at(3, 8))
    board = encounter.board
    for game in encounter.games:
        report_result("lg", GameRef(1, board, game.number), "1-0", actor=one, now=at(3, 10))
    before = written()
    for game in encounter.games:
        with pytest.raises(OwnReport):
            confirm_result("lg", GameRef(1, board, game.number), actor=one, now=at(3, 10, 12))
        with pytest.raises(OwnReport):
            dispute_result(
                "lg", GameRef(1, board, game.number), actor=one, reason="no", now=at(3, 10, 12)
            )
    assert written() == before
    second = GameRef(1, board, 2)
    assert confirm_result("lg", second, actor=other, now=at(3, 10, 12)).game.status is (
        ResultStatus.CONFIRMED
    )
    disputed = dispute_result(
        "lg", GameRef(1, board, 1), actor=other, reason="no", now=at(3, 10, 12)
    )
    assert disputed.game.status is ResultStatus.DISPUTED
    assert_no_self_confirmation("lg")
