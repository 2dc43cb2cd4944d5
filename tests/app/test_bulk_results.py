"""Issue 21 item 7: a whole Gomoku match in one report ("3-1") and bulk result entry from a
CSV file, both all or nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

import pytest

from mashindano.app import events, players, rounds
from mashindano.app.bulk_results import MatchRef, import_results_csv, report_match
from mashindano.app.principals import local
from mashindano.app.queries import get_audit_log, get_event_facts
from mashindano.app.results import GameRef, report_result
from mashindano.engine.errors import IllegalResult, MashindanoError, ParseError
from mashindano.engine.model import Competitor, CompetitorId

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db


def at(month: int, day: int, hour: int = 10) -> datetime:
    return datetime(2026, month, day, hour, tzinfo=UTC)


def league() -> str:
    organiser = local("organiser")
    events.create_event("lg", "gomoku-league", actor=organiser, seed=5, now=at(2, 20))
    roster = [
        Competitor(CompetitorId(f"P{n}"), f"P{n}", rating=2000 - 10 * n, games_played=500)
        for n in range(1, 6)
    ]
    players.register_players("lg", roster, actor=organiser, now=at(2, 20))
    events.start_event("lg", actor=organiser, now=at(2, 20))
    rounds.pair_next_round("lg", actor=organiser, now=at(3, 8))
    return "lg"


def match_results(slug: str, board: int) -> list[tuple[str, str, str]]:
    games = [g for g in get_event_facts(slug).games() if (g.round, g.board) == (1, board)]
    return [(g.first, g.second, g.result.value) for g in sorted(games, key=lambda g: g.number)]


def wins(rows: list[tuple[str, str, str]]) -> dict[str, Fraction]:
    won: dict[str, Fraction] = {}
    for first, second, result in rows:
        if result == "1-0":
            won[first] = won.get(first, Fraction(0)) + 1
        elif result == "0-1":
            won[second] = won.get(second, Fraction(0)) + 1
    return won


def test_a_gomoku_match_reported_as_3_1_gives_three_games_to_the_upper_player() -> None:
    slug = league()
    changes = report_match(slug, MatchRef(1, 1), "3-1", actor=ACTOR, now=at(3, 9))
    assert len(changes) == 4
    rows = match_results(slug, 1)
    upper, lower = rows[0][0], rows[0][1]
    assert wins(rows) == {upper: 3, lower: 1}
    assert [a.action for a in get_audit_log(slug)][-4:] == ["result.report"] * 4


def test_a_2_1_match_has_one_drawn_game() -> None:
    slug = league()
    report_match(slug, MatchRef(1, 2), "2-1", actor=ACTOR, now=at(3, 9))
    rows = match_results(slug, 2)
    assert [r for _, _, r in rows].count("1/2-1/2") == 1
    assert sorted(wins(rows).values()) == [1, 2]


@pytest.mark.parametrize(("score", "says"), [("5-0", "the match has 4"), ("three", "e.g. 3-1")])
def test_an_impossible_score_stores_nothing(score: str, says: str) -> None:
    slug = league()
    version = get_event_facts(slug).version
    with pytest.raises(ParseError, match=says):
        report_match(slug, MatchRef(1, 1), score, actor=ACTOR, now=at(3, 9))
    assert get_event_facts(slug).version == version


def test_a_match_with_a_game_already_reported_stores_nothing_more() -> None:
    slug = league()
    report_result(slug, GameRef(1, 1, 3), "1-0", actor=ACTOR, now=at(3, 9))
    version = get_event_facts(slug).version
    with pytest.raises(MashindanoError, match="already has"):
        report_match(slug, MatchRef(1, 1), "2-2", actor=ACTOR, now=at(3, 9))
    assert get_event_facts(slug).version == version
    assert [r for _, _, r in match_results(slug, 1)].count("*") == 3


def test_result_import_enters_every_line_with_its_time() -> None:
    make_event("club", "chess-round-robin", 4)
    rounds.pair_next_round("club", actor=ACTOR, now=T0)
    text = "round,board,result,at\n1,1,1-0,2026-03-01T18:00+03:00\n1,2,1/2-1/2,\n"
    changes = import_results_csv("club", text, actor=ACTOR, now=T0)
    assert [c.game.result.value for c in changes] == ["1-0", "1/2-1/2"]
    log = get_audit_log("club")[-2:]
    assert [a.at for a in log] == [datetime(2026, 3, 1, 15, 0, tzinfo=UTC), T0]


@pytest.mark.parametrize(
    ("text", "error", "says"),
    [
        ("round,board,result\n1,1,1-0\n1,2,7-3\n", IllegalResult, "RESULTS.csv, line 3"),
        ("round,board,result\n1,1,1-0\n1,1,0-1\n", ParseError, "already on line 2"),
        ("round,board,result\n1,1,1-0\n1,9,0-1\n", MashindanoError, "line 3"),
        ("round,board,result\nx,1,1-0\n", ParseError, "round must be a whole number"),
        ("round;board;result\n1;1;1-0\n", ParseError, "semicolons"),
        ("round,board,result\n", ParseError, "no results"),
        ("round,board,result,at\n1,1,1-0,2026-03-01\n", ParseError, "UTC offset"),
    ],
)
def test_a_bad_results_file_names_its_line_and_stores_nothing(
    text: str, error: type[Exception], says: str
) -> None:
    make_event("club", "chess-round-robin", 4)
    rounds.pair_next_round("club", actor=ACTOR, now=T0)
    version = get_event_facts("club").version
    with pytest.raises(error, match=says):
        import_results_csv("club", text, actor=ACTOR, now=T0)
    assert get_event_facts("club").version == version
    assert all(not g.result.is_decided for g in get_event_facts("club").games())
