"""Team events (issue 32 items 1 and 3): team mode, rosters, line-ups with the roster order and
the deadline, the confirmation by the other side, the match result with forfeits, and the
permission refusals, at the use-case level (shared/reference/fide_teams.md)."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest
from django.contrib.auth.models import User

from mashindano.app.errors import (
    Duplicate,
    DuplicateReport,
    NotAllowed,
    OutOfWindow,
    OwnReport,
    WrongState,
)
from mashindano.app.people import principal_for_user
from mashindano.app.principals import Principal
from mashindano.app.teams.boards import confirm_board, correct_board, dispute_board, report_board
from mashindano.app.teams.documents import (
    build_captain_console,
    build_team_page,
    build_team_round,
    build_team_standings,
)
from mashindano.app.teams.lineups import submit_lineup
from mashindano.app.teams.rules import (
    MatchPoints,
    first_team_colour,
    lineup_problems,
    match_score,
    parse_match_points,
)
from mashindano.app.teams.setup import create_team, pair_team_round, set_roster, set_team_mode
from mashindano.engine.errors import ConfigError, ParseError
from mashindano.engine.model import GameResult
from mashindano.store import models
from mashindano.store.facts import EventState

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db

DEADLINE = T0 + timedelta(hours=2)
R = GameResult


def _user(name: str) -> Principal:
    user = User.objects.create_user(name, password="pw")
    found = principal_for_user(user)
    assert found is not None
    return found


def _team_event(
    *, boards: int = 4, teams: int = 2, missing: str = "roster", pair: bool = True
) -> None:
    """Teams A, B (C, D ...) of 6 players each (4 boards + 2 reserves), captains cap1, cap2..."""
    make_event("tm", "chess-swiss", 6 * teams, start=False)
    set_team_mode("tm", actor=ACTOR, boards=boards, missing_lineup=missing, now=T0)
    for t in range(teams):
        name = "ABCDEFGH"[t]
        User.objects.create_user(f"cap{t + 1}", password="pw")
        create_team("tm", name, club=f"Club {name}", captain=f"cap{t + 1}", actor=ACTOR, now=T0)
        players = [f"P{6 * t + n:02d}" for n in range(1, 7)]
        set_roster("tm", t + 1, players, reserves=2, actor=ACTOR, now=T0)
    if pair:
        pair_team_round("tm", 1, deadline=DEADLINE, actor=ACTOR, now=T0)


def _captain(n: int) -> Principal:
    found = principal_for_user(User.objects.get(username=f"cap{n}"))
    assert found is not None
    return found


def test_fide_teams_3_3_lineup_keeps_the_roster_order() -> None:
    roster = ["p1", "p2", "p3", "p4", "p5", "p6"]
    assert lineup_problems(roster, ["p1", "p2", "p4", "p5"], 4) == ()
    problems = lineup_problems(roster, ["p2", "p1", "p3", "p4"], 4)
    assert [p.code for p in problems] == ["order"]
    assert [p.code for p in lineup_problems(roster, ["p1", "", "p3"], 4)] == ["gap"]
    assert [p.code for p in lineup_problems(roster, ["p1", "p1"], 4)] == ["twice"]
    assert [p.code for p in lineup_problems(roster, ["p1", "x"], 4)] == ["not_in_roster"]
    assert [p.code for p in lineup_problems(roster, roster, 4)] == ["too_many"]


def test_fide_teams_4_1_colours_alternate_from_board_one() -> None:
    assert [first_team_colour(b) for b in (1, 2, 3, 4)] == ["white", "black", "white", "black"]


def test_fide_teams_1_3_and_2_1_to_2_3_match_result_with_forfeits() -> None:
    points = MatchPoints()
    # 2.1: a forfeited board is 1 GP for the present side; the match is decided by GP.
    score = match_score([R.FIRST_WINS_BY_FORFEIT, R.DRAW, R.SECOND_WINS, R.DRAW], points)
    assert (score.first_gp, score.second_gp) == (2, 2)
    assert (score.first_mp, score.second_mp) == (1, 1)
    score = match_score([R.FIRST_WINS, R.DRAW, R.DRAW, R.SECOND_WINS_BY_FORFEIT], points)
    assert (score.first_gp, score.second_gp, score.first_mp) == (2, 2, 1)
    score = match_score([R.FIRST_WINS, R.FIRST_WINS, R.DRAW, R.SECOND_WINS], points)
    assert (score.first_mp, score.second_mp, score.complete) == (2, 0, True)
    # 2.3: a double forfeit on every board is lost by both teams.
    score = match_score([R.DOUBLE_FORFEIT] * 4, points)
    assert (score.first_mp, score.second_mp, score.played) == (0, 0, False)
    # incomplete: no match points yet
    assert match_score([R.FIRST_WINS, R.NOT_PLAYED], points).complete is False
    assert parse_match_points("3,1,0") == MatchPoints(Fraction(3), Fraction(1), Fraction(0))
    with pytest.raises(ConfigError, match="win,draw,loss"):
        parse_match_points("1,2,0")


def test_team_mode_is_refused_with_a_clear_message_and_nothing_stored() -> None:
    make_event("tm", "chess-swiss", 4, start=False)
    with pytest.raises(ConfigError, match="1 to 20 boards"):
        set_team_mode("tm", actor=ACTOR, boards=0, now=T0)
    with pytest.raises(ConfigError, match="'roster' or 'forfeit'"):
        set_team_mode("tm", actor=ACTOR, missing_lineup="later", now=T0)
    assert not models.TeamMode.objects.exists()
    with pytest.raises(WrongState, match="not played in teams"):
        create_team("tm", "A", actor=ACTOR, now=T0)


def test_roster_rules() -> None:
    make_event("tm", "chess-swiss", 10, start=False)
    set_team_mode("tm", actor=ACTOR, boards=4, now=T0)
    create_team("tm", "A", actor=ACTOR, now=T0)
    create_team("tm", "B", actor=ACTOR, now=T0)
    with pytest.raises(Duplicate, match="already has a team 'A'"):
        create_team("tm", "A", actor=ACTOR, now=T0)
    with pytest.raises(ParseError, match="3 regular players for 4 boards"):
        set_roster("tm", 1, ["P01", "P02", "P03", "P04"], reserves=1, actor=ACTOR, now=T0)
    set_roster("tm", 1, ["P01", "P02", "P03", "P04", "P05"], reserves=1, actor=ACTOR, now=T0)
    with pytest.raises(Duplicate, match="P05 is already on the roster of A"):
        set_roster("tm", 2, ["P05", "P06", "P07", "P08"], actor=ACTOR, now=T0)
    members = models.TeamMember.objects.filter(team__number=1)
    assert [(m.position, m.reserve) for m in members][-1] == (5, True)
    assert models.AuditEntry.objects.filter(action="team.roster").count() == 1


def test_lineups_are_shown_to_the_other_side_only_once_both_are_in() -> None:
    _team_event()
    cap1, cap2 = _captain(1), _captain(2)
    submit_lineup("tm", 1, 1, ["P01", "P02", "P04", "P05"], actor=cap1, now=T0)
    seen_by_2 = build_team_round("tm", 1, viewer=cap2, now=T0).matches[0]
    assert seen_by_2.shown is False
    assert seen_by_2.first_in is True
    assert seen_by_2.own_lineup == ()
    assert seen_by_2.boards == ()
    seen_by_1 = build_team_round("tm", 1, viewer=cap1, now=T0).matches[0]
    assert seen_by_1.own_lineup == ("P01", "P02", "P04", "P05")
    submit_lineup("tm", 1, 2, ["P07", "P08", "P09", "P10"], actor=cap2, now=T0)
    sheet = build_team_round("tm", 1, viewer=None, now=T0).matches[0]
    assert sheet.shown is True
    assert [(b.first, b.first_colour, b.second) for b in sheet.boards] == [
        ("P01", "white", "P07"),
        ("P02", "black", "P08"),
        ("P04", "white", "P09"),
        ("P05", "black", "P10"),
    ]
    # Once shown, a captain no longer changes it.
    with pytest.raises(WrongState, match="both line-ups are in"):
        submit_lineup("tm", 1, 1, ["P01", "P02", "P03", "P04"], actor=cap1, now=T0)


def test_fide_teams_3_3_captain_lineup_out_of_roster_order_is_refused() -> None:
    _team_event()
    with pytest.raises(ParseError, match="keeps the roster order"):
        submit_lineup("tm", 1, 1, ["P02", "P01", "P03", "P04"], actor=_captain(1), now=T0)
    assert not models.Lineup.objects.exists()


def test_official_lineup_breaking_the_order_is_flagged() -> None:
    _team_event()
    with pytest.raises(ParseError, match="needs a reason"):
        submit_lineup("tm", 1, 1, ["P02", "P01", "P03", "P04"], actor=ACTOR, now=T0)
    done = submit_lineup(
        "tm", 1, 1, ["P02", "P01", "P03", "P04"], actor=ACTOR, reason="as played", now=T0
    )
    assert [p.code for p in done.flags] == ["order"]
    sheet = build_team_round("tm", 1, now=T0).matches[0]
    assert any("roster order" in f for f in sheet.flags)


def test_late_lineup_is_refused_and_the_missing_one_gets_the_roster_order() -> None:
    _team_event()
    late = DEADLINE + timedelta(minutes=1)
    submit_lineup("tm", 1, 1, ["P01", "P02", "P03", "P05"], actor=_captain(1), now=T0)
    with pytest.raises(OutOfWindow, match="was due by"):
        submit_lineup("tm", 1, 2, ["P07", "P08", "P09", "P10"], actor=_captain(2), now=late)
    sheet = build_team_round("tm", 1, now=late).matches[0]
    assert sheet.shown is True
    assert [b.second for b in sheet.boards] == ["P07", "P08", "P09", "P10"]


def test_missing_lineup_forfeits_every_board_when_the_mode_says_so() -> None:
    _team_event(missing="forfeit")
    late = DEADLINE + timedelta(minutes=1)
    submit_lineup("tm", 1, 1, ["P01", "P02", "P03"], actor=_captain(1), now=T0)
    sheet = build_team_round("tm", 1, now=late).matches[0]
    assert [b.result for b in sheet.boards] == ["+-", "+-", "+-", "--"]
    assert sheet.score is not None
    assert (sheet.score.first_gp, sheet.score.first_mp, sheet.score.second_mp) == (3, 2, 0)
    standings = build_team_standings("tm", now=late)
    assert [(line.team.name, line.match_points) for line in standings.lines] == [
        ("A", 2),
        ("B", 0),
    ]


def _both_lineups() -> None:
    submit_lineup("tm", 1, 1, ["P01", "P02", "P03", "P04"], actor=_captain(1), now=T0)
    submit_lineup("tm", 1, 2, ["P07", "P08", "P09", "P10"], actor=_captain(2), now=T0)


def test_board_result_is_confirmed_by_the_other_side_only() -> None:
    _team_event()
    _both_lineups()
    cap1, cap2 = _captain(1), _captain(2)
    report_board("tm", 1, 1, 1, "1-0", actor=cap1, now=T0)
    with pytest.raises(OwnReport, match="reported by themselves or their team"):
        confirm_board("tm", 1, 1, 1, actor=cap1, now=T0)
    # The board's player of the reporting team is the same side; a team-mate on another
    # board is neither side of this board.
    p01, p02 = _user("p01"), _user("p02")
    models.Entry.objects.filter(key="P01").update(user=User.objects.get(username="p01"))
    models.Entry.objects.filter(key="P02").update(user=User.objects.get(username="p02"))
    with pytest.raises(OwnReport):
        confirm_board("tm", 1, 1, 1, actor=p01, now=T0)
    with pytest.raises(NotAllowed, match="own team's matches"):
        confirm_board("tm", 1, 1, 1, actor=p02, now=T0)
    with pytest.raises(DuplicateReport, match="already has 1-0"):
        report_board("tm", 1, 1, 1, "0-1", actor=cap2, now=T0)
    done = confirm_board("tm", 1, 1, 1, actor=cap2, now=T0)
    assert done.status.value == "confirmed"
    assert models.AuditEntry.objects.filter(action="team.board-confirm").count() == 1


def test_a_boards_player_reports_and_the_opponent_disputes_then_an_arbiter_rules() -> None:
    _team_event()
    _both_lineups()
    p03 = _user("p03")
    p09 = _user("p09")
    models.Entry.objects.filter(key="P03").update(user=User.objects.get(username="p03"))
    models.Entry.objects.filter(key="P09").update(user=User.objects.get(username="p09"))
    with pytest.raises(NotAllowed, match="own team's matches"):
        report_board("tm", 1, 1, 2, "1-0", actor=p09, now=T0)
    with pytest.raises(NotAllowed, match="no role there"):
        report_board("tm", 1, 1, 2, "1-0", actor=_user("stranger"), now=T0)
    report_board("tm", 1, 1, 3, "1-0", actor=p03, now=T0)
    with pytest.raises(ParseError, match="a dispute needs a reason"):
        dispute_board("tm", 1, 1, 3, actor=p09, reason="  ", now=T0)
    disputed = dispute_board("tm", 1, 1, 3, actor=p09, reason="I won on time", now=T0)
    assert disputed.status.value == "disputed"
    ruled = correct_board("tm", 1, 1, 3, "1/2-1/2", actor=ACTOR, reason="scoresheets", now=T0)
    assert (ruled.result, ruled.status.value) == (R.DRAW, "ruled")


def test_match_result_is_derived_and_standings_count_complete_matches() -> None:
    _team_event()
    _both_lineups()
    cap1, cap2 = _captain(1), _captain(2)
    for board, result in ((1, "1-0"), (2, "1/2-1/2"), (3, "0-1")):
        report_board("tm", 1, 1, board, result, actor=cap1, now=T0)
        confirm_board("tm", 1, 1, board, actor=cap2, now=T0)
    before = build_team_standings("tm", now=T0).lines
    assert [(x.rank, x.shared, x.played) for x in before] == [(1, True, 0), (1, True, 0)]
    report_board("tm", 1, 1, 4, "+-", actor=cap2, now=T0)
    confirm_board("tm", 1, 1, 4, actor=cap1, now=T0)
    lines = build_team_standings("tm", now=T0).lines
    assert [(x.rank, x.team.name, x.match_points, x.game_points) for x in lines] == [
        (1, "A", 2, Fraction(5, 2)),
        (2, "B", 0, Fraction(3, 2)),
    ]
    page = build_team_page("tm", 1, now=T0)
    first = page.roster[0]
    assert (first.key, first.points, first.games[0].colour) == ("P01", 1, "white")
    assert page.roster[4].reserve is True
    assert page.roster[4].games == ()


def test_permission_refusals_for_captains() -> None:
    _team_event()
    cap1 = _captain(1)
    with pytest.raises(NotAllowed, match="own team only"):
        submit_lineup("tm", 1, 2, ["P07", "P08", "P09", "P10"], actor=cap1, now=T0)
    with pytest.raises(NotAllowed, match="own team only"):
        set_roster("tm", 2, ["P07", "P08", "P09", "P10"], actor=cap1, now=T0)
    with pytest.raises(NotAllowed):
        pair_team_round("tm", 2, actor=cap1, now=T0)
    with pytest.raises(NotAllowed):
        submit_lineup("tm", 1, 1, ["P01"], actor=_user("nobody"), now=T0)
    assert not models.Lineup.objects.exists()


def test_board_results_need_both_lineups_and_an_occupied_seat() -> None:
    _team_event()
    with pytest.raises(WrongState, match="not both in"):
        report_board("tm", 1, 1, 1, "1-0", actor=ACTOR, now=T0)
    submit_lineup("tm", 1, 1, ["P01", "P02", "P03"], actor=_captain(1), now=T0)
    submit_lineup("tm", 1, 2, ["P07", "P08", "P09", "P10"], actor=_captain(2), now=T0)
    with pytest.raises(WrongState, match="decided by forfeit"):
        report_board("tm", 1, 1, 4, "1-0", actor=ACTOR, now=T0)


def test_captain_console_lists_what_is_to_do() -> None:
    _team_event()
    _both_lineups()
    report_board("tm", 1, 1, 1, "1-0", actor=_captain(1), now=T0)
    console = build_captain_console("tm", _captain(2), now=T0)
    assert [(m.team.name, m.to_confirm, m.to_report) for m in console.matches] == [
        ("B", ((1, "1-0"),), (2, 3, 4))
    ]


def test_round_robin_pairing_of_four_teams_by_the_berger_table() -> None:
    _team_event(teams=4)
    rows = models.TeamMatch.objects.filter(round=1)
    assert [(m.first.number, m.second.number if m.second else None) for m in rows] == [
        (1, 4),
        (2, 3),
    ]
    with pytest.raises(Duplicate, match="already paired"):
        pair_team_round("tm", 1, actor=ACTOR, now=T0)


def test_a_team_event_not_started_can_be_deleted_with_its_teams() -> None:
    from mashindano.app.events import delete_event

    _team_event(pair=False)
    delete_event("tm", actor=ACTOR, now=T0)
    assert not models.Team.objects.exists()
    assert not models.TeamMember.objects.exists()
    assert not models.TeamMode.objects.exists()


def test_pairing_the_first_team_round_starts_the_event() -> None:
    """As `event.start` would (its own audit entry, the entries numbered): the pages then
    say it is running, and it is no longer deleted."""
    from mashindano.app.events import delete_event

    _team_event(pair=False)
    assert models.Event.objects.get(slug="tm").state == EventState.REGISTRATION.value
    pair_team_round("tm", 1, deadline=DEADLINE, actor=ACTOR, now=T0)
    event = models.Event.objects.get(slug="tm")
    assert event.state == EventState.RUNNING.value
    assert event.started_at == T0
    assert not models.Entry.objects.filter(event=event, number__isnull=True).exists()
    actions = list(
        models.AuditEntry.objects.filter(event=event)
        .order_by("version")
        .values_list("action", flat=True)
    )
    assert actions[-2:] == ["event.start", "team.pair"]
    with pytest.raises(WrongState, match="only before it starts"):
        delete_event("tm", actor=ACTOR, now=T0)


def test_a_team_round_refused_leaves_the_event_in_registration() -> None:
    _team_event(pair=False)
    models.TeamMember.objects.filter(team__number=2).delete()
    version = models.Event.objects.get(slug="tm").version
    with pytest.raises(WrongState, match="without a roster"):
        pair_team_round("tm", 1, actor=ACTOR, now=T0)
    event = models.Event.objects.get(slug="tm")
    assert (event.state, event.version) == (EventState.REGISTRATION.value, version)
    assert not models.AuditEntry.objects.filter(event=event, action="event.start").exists()
