"""Player self-service (issue 14 item 3): my page, joining, and every player form, through the
views with a logged-in test client. Each form: the valid case, each invalid case (a message at
the field, nothing changed), and a stranger or another player refused.

Time is the views' `timezone.now()`, set per request with `clock(...)`."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.test import Client

from mashindano.app import events, people, players, rounds
from mashindano.app.principals import local
from mashindano.app.registrations import set_registration_approval
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.store import models

pytestmark = pytest.mark.django_db

ACTOR = local("organiser")
LEAGUE = "lg"


def at(month: int, day: int, hour: int = 10) -> datetime:
    return datetime(2026, month, day, hour, tzinfo=UTC)


@contextmanager
def clock(moment: datetime) -> Iterator[None]:
    with mock.patch("django.utils.timezone.now", return_value=moment):
        yield


def client_for(name: str) -> Client:
    user = User.objects.filter(username=name).first() or User.objects.create_user(
        name, password="pw"
    )
    client = Client()
    client.force_login(user)
    return client


def body(answer: Any) -> str:
    """The page's text with the HTML escapes undone (quotes in messages)."""
    return html.unescape(answer.content.decode())


def state() -> tuple[int, int, int, int, int]:
    """Everything a player's form may write: reports, leaves, withdrawals, entries, audit."""
    return (
        models.ResultReport.objects.count(),
        models.Leave.objects.count(),
        models.Withdrawal.objects.count(),
        models.Entry.objects.count(),
        models.AuditEntry.objects.count(),
    )


def league() -> dict[str, str]:
    """A Gomoku league of 7 (P1..P7, P1 on top), month 1 (2026-03) paired; P1..P4 play with
    the accounts p1..p4. Returns each account's opponent on board 1/2 by name."""
    events.create_event(LEAGUE, "gomoku-league", actor=ACTOR, seed=5, now=at(2, 20))
    roster = [
        Competitor(CompetitorId(f"P{n}"), f"P{n}", rating=2000 - n, games_played=500)
        for n in range(1, 8)
    ]
    players.register_players(LEAGUE, roster, actor=ACTOR, now=at(2, 20))
    events.start_event(LEAGUE, actor=ACTOR, now=at(2, 20))
    rounds.pair_next_round(LEAGUE, actor=ACTOR, now=at(3, 8))
    for n in range(1, 5):
        User.objects.create_user(f"p{n}", password="pw")
        people.link_entry(LEAGUE, f"P{n}", f"p{n}", actor=ACTOR, now=at(3, 8))
    facts = events.get_event_facts(LEAGUE)
    board = {(str(e.first), str(e.second)): e.board for e in facts.rounds[0].encounters}
    return {f"{a}-{b}": str(n) for (a, b), n in board.items()}


def board_of(a: str, b: str) -> int:
    facts = events.get_event_facts(LEAGUE)
    for encounter in facts.rounds[0].encounters:
        if {str(encounter.first), str(encounter.second)} == {a, b}:
            return encounter.board
    raise AssertionError(f"{a} and {b} do not meet")


def report_url(board: int, game: int = 1, action: str = "result.report") -> str:
    return f"/me/e/{LEAGUE}/do/{action}/?round=1&board={board}&game={game}"


# -- my page ------------------------------------------------------------------------------


def test_my_page_needs_an_account() -> None:
    answer = Client().get("/me/")
    assert answer.status_code == 302
    assert "login" in answer["Location"]


def test_my_page_R45_lists_reports_due_with_their_deadline_first() -> None:
    league()
    with clock(at(3, 10)):
        page = client_for("p1").get("/me/")
    assert page.status_code == 200
    text = body(page)
    # a league match is reported once, as games won (issue 29 item 8, R29, R45)
    assert "report your match against P2 (month 1, board" in text
    assert "report your result in round 1" not in text
    assert "You play as P1." in text
    assert page["Cache-Control"].startswith("max-age=0")
    assert "no-cache" in page["Cache-Control"] or "no-store" in page["Cache-Control"]


# -- report, second report, confirm, dispute (Gomoku R45-R47) ------------------------------


def test_report_form_R45_valid_report_is_recorded_as_the_players_report() -> None:
    league()
    board = board_of("P1", "P2")
    with clock(at(3, 10)):
        form = client_for("p1").get(report_url(board))
        assert form.status_code == 200
        assert 'name="result"' in body(form)
        assert 'name="round"' not in body(form)  # fixed by the page, not a field
        done = client_for("p1").post(report_url(board), {"result": "1-0"})
    assert done.status_code == 302
    report = models.ResultReport.objects.get()
    assert (report.actor, report.kind, report.result) == ("p1", "report", "1-0")


@pytest.mark.parametrize(
    ("posted", "message"),
    [
        ({"result": ""}, "parameter 'result' is required"),
        ({"result": "2-0"}, "2-0"),
        ({"result": "white wins"}, "white wins"),
    ],
)
def test_report_form_invalid_input_gives_a_message_at_the_field_and_changes_nothing(
    posted: dict[str, str], message: str
) -> None:
    league()
    board = board_of("P1", "P2")
    before = state()
    with clock(at(3, 10)):
        answer = client_for("p1").post(report_url(board), posted)
    assert answer.status_code == 422
    text = body(answer)
    assert message in text
    assert "aria-invalid" in text or "form-error" in text
    assert state() == before


def test_report_form_a_stranger_and_another_player_are_refused() -> None:
    league()
    board = board_of("P1", "P2")
    before = state()
    with clock(at(3, 10)):
        stranger = client_for("sam").post(report_url(board), {"result": "1-0"})
        other = client_for("p4").post(report_url(board), {"result": "1-0"})
    assert stranger.status_code == 403
    assert other.status_code == 403
    assert "only for their own games" in body(other)
    assert state() == before


def test_second_report_of_the_same_game_says_who_reported_what_and_when() -> None:
    league()
    board = board_of("P1", "P2")
    with clock(at(3, 10)):
        client_for("p1").post(report_url(board), {"result": "1-0"})
    before = state()
    with clock(at(3, 10, 15)):
        answer = client_for("p2").post(report_url(board), {"result": "0-1"})
    assert answer.status_code == 422
    text = body(answer)
    assert "already has 1-0 (reported by p1 at 2026-03-10 10:00)" in text
    assert state() == before


def test_confirm_R47_shows_the_window_end_and_confirms() -> None:
    league()
    board = board_of("P1", "P2")
    with clock(at(3, 10)):
        client_for("p1").post(report_url(board), {"result": "1-0"})
    with clock(at(3, 10, 12)):
        page = client_for("p2").get("/me/")
        text = body(page)
        assert "1 result needs your confirmation" in text
        assert "2026-03-11 10:00" in text  # R47: final 24 hours after the report
        form = client_for("p2").get(report_url(board, action="result.confirm"))
        assert "report by p1 at 2026-03-10 10:00 UTC" in body(form)
        # The kind of report in the page's language, not the stored key.
        swahili = client_for("p2")
        swahili.cookies["django_language"] = "sw"
        form = swahili.get(report_url(board, action="result.confirm"))
        assert "ripoti na p1 saa 2026-03-10 10:00 UTC" in body(form)
        # the reporter does not confirm their own report
        own = body(client_for("p1").get("/me/"))
        assert "needs your confirmation" not in own
        done = client_for("p2").post(report_url(board, action="result.confirm"), {})
    assert done.status_code == 302
    assert models.ResultReport.objects.filter(kind="confirm", actor="p2").count() == 1


def test_dispute_without_a_reason_is_refused_at_the_field() -> None:
    """issue 29 item 11: a dispute with an empty reason was accepted ("no reason given" in
    the queue); now the form shows the error at the reason and nothing is stored."""
    league()
    board = board_of("P1", "P2")
    with clock(at(3, 10)):
        client_for("p1").post(report_url(board), {"result": "1-0"})
    before = state()
    with clock(at(3, 10, 15)):
        refused = client_for("p2").post(
            report_url(board, action="result.dispute"), {"reason": "   "}
        )
    assert refused.status_code == 422
    page = body(refused)
    assert "'reason' is required" in page or "a dispute needs a reason" in page
    assert re.search(r'name="reason"[^>]*aria-invalid="true"', page), "error at the reason"
    assert state() == before


def test_dispute_R47_with_a_reason_and_refused_once_disputed() -> None:
    league()
    board = board_of("P1", "P2")
    with clock(at(3, 10)):
        client_for("p1").post(report_url(board), {"result": "1-0"})
    with clock(at(3, 10, 15)):
        done = client_for("p2").post(
            report_url(board, action="result.dispute"), {"reason": "I won on time"}
        )
        assert done.status_code == 302
        before = state()
        again = client_for("p2").post(report_url(board, action="result.dispute"), {"reason": "x"})
        confirm = client_for("p2").post(report_url(board, action="result.confirm"), {})
        stranger = client_for("p3").post(
            report_url(board, action="result.dispute"), {"reason": "x"}
        )
    assert again.status_code == 422
    assert "already disputed" in body(again)
    assert confirm.status_code == 422
    assert "awaits an arbiter" in body(confirm)
    assert stranger.status_code == 403
    assert state() == before


# -- leave (Gomoku R48-R50) ---------------------------------------------------------------


def test_leave_R48_taken_before_the_month_with_leaves_left_shown() -> None:
    league()
    url = f"/me/e/{LEAGUE}/do/player.leave/"
    with clock(at(3, 20)):
        page = body(client_for("p3").get(url))
        assert "3 leaves left this year" in page
        assert 'name="player"' not in page
        assert 'name="half"' not in page  # a league month away is no bye worth points
        done = client_for("p3").post(url, {"from_round": "2"})
        assert done.status_code == 302
        after = body(client_for("p3").get("/me/"))
    assert "2 leaves left this year" in after
    assert models.Leave.objects.get().entry.key == "P3"


@pytest.mark.parametrize(
    ("posted", "field", "message"),
    [
        ({"from_round": ""}, "from_round", "parameter 'from_round' is required"),
        ({"from_round": "x"}, "from_round", "from_round"),
        ({"from_round": "1"}, None, "a leave must cover rounds not yet paired"),
        ({"from_round": "13"}, None, "no month 13"),
    ],
)
def test_leave_invalid_cases_change_nothing(
    posted: dict[str, str], field: str | None, message: str
) -> None:
    league()
    before = state()
    with clock(at(3, 20)):
        answer = client_for("p3").post(f"/me/e/{LEAGUE}/do/player.leave/", posted)
    assert answer.status_code == 422
    text = body(answer)
    assert message in text
    if field is not None:
        assert f'id="f-{field}-error"' in text
    assert state() == before


def test_leave_after_day_1_R50_is_refused_and_strangers_cannot_take_leave() -> None:
    league()
    before = state()
    with clock(at(4, 1, 12)):
        late = client_for("p3").post(f"/me/e/{LEAGUE}/do/player.leave/", {"from_round": "2"})
        stranger = client_for("sam").post(f"/me/e/{LEAGUE}/do/player.leave/", {"from_round": "2"})
    assert late.status_code == 422
    assert "leave of P3 for 2026-04 notified" in body(late)
    assert stranger.status_code == 403
    assert state() == before


# -- joining: Gomoku registration window (R4) and the 300 games (R6) ------------------------


def test_join_gomoku_R4_R6_in_the_window_with_the_declaration() -> None:
    league()
    url = f"/me/e/{LEAGUE}/join/"
    with clock(at(4, 3)):
        listing = body(client_for("nia").get("/me/join/"))
        assert url in listing
        page = body(client_for("nia").get(url))
        assert "300 games" in page
        done = client_for("nia").post(
            url, {"name": "Nia", "games_played": "300", "declaration": "on"}
        )
    assert done.status_code == 302
    entry = models.Entry.objects.get(key="Nia")
    assert entry.user is not None
    assert entry.user.username == "nia"
    assert entry.games_played == 300


@pytest.mark.parametrize(
    ("posted", "field", "message"),
    [
        ({"name": "", "games_played": "300", "declaration": "on"}, "name", "required"),
        ({"name": "Nia", "games_played": "", "declaration": "on"}, "games_played", "required"),
        (
            {"name": "Nia", "games_played": "299", "declaration": "on"},
            "games_played",
            "at least 300",
        ),
        ({"name": "Nia", "games_played": "300"}, "declaration", "declaration"),
        ({"name": "P5", "games_played": "300", "declaration": "on"}, "name", "already taken"),
    ],
)
def test_join_gomoku_invalid_cases_are_shown_at_the_field_and_change_nothing(
    posted: dict[str, str], field: str, message: str
) -> None:
    league()
    before = state()
    with clock(at(4, 3)):
        answer = client_for("nia").post(f"/me/e/{LEAGUE}/join/", posted)
    assert answer.status_code == 200
    text = body(answer)
    assert f'id="id_{field}-error"' in text
    assert message in text
    assert state() == before


def test_join_gomoku_R4_outside_days_1_to_7_is_refused() -> None:
    league()
    before = state()
    with clock(at(4, 10)):
        answer = client_for("nia").post(
            f"/me/e/{LEAGUE}/join/", {"name": "Nia", "games_played": "400", "declaration": "on"}
        )
    assert "on days 1-7 of 2026-04 only (R4)" in body(answer)
    assert state() == before


def test_join_twice_is_refused() -> None:
    league()
    with clock(at(4, 3)):
        answer = client_for("p1").post(
            f"/me/e/{LEAGUE}/join/", {"name": "Other", "games_played": "400", "declaration": "on"}
        )
    assert "you already play in 'lg' as 'P1'" in body(answer)


# -- registrations that need approval, and the staff's page --------------------------------


def chess_open() -> None:
    events.create_event("open", "chess-swiss", actor=ACTOR, seed=3, now=at(2, 1))
    User.objects.create_user("olga", password="pw")
    people.grant_role("open", "olga", "organiser", actor=ACTOR, now=at(2, 1))


def test_join_chess_with_open_registration_links_the_entry() -> None:
    chess_open()
    with clock(at(2, 2)):
        done = client_for("kim").post("/me/e/open/join/", {"name": "Kim", "rating": "1800"})
    assert done.status_code == 302
    assert models.Entry.objects.get(event__slug="open").user.username == "kim"  # type: ignore[union-attr]


def test_registrations_needing_approval_are_accepted_or_refused_by_staff() -> None:
    chess_open()
    staff = client_for("olga")
    with clock(at(2, 2)):
        page = staff.get("/console/open/registrations/")
        assert page.status_code == 200
        staff.post("/console/open/registrations/", {"do": "approval", "required": "true"})
        client_for("kim").post("/me/e/open/join/", {"name": "Kim"})
        client_for("lea").post("/me/e/open/join/", {"name": "Lea"})
        assert models.Entry.objects.count() == 0
        pending = list(models.RegistrationRequest.objects.order_by("id"))
        assert [r.state for r in pending] == ["pending", "pending"]
        listed = body(staff.get("/console/open/registrations/"))
        assert "Accept Kim" in listed
        assert "Refuse Lea" in listed
        before = state()
        no_reason = staff.post(
            "/console/open/registrations/",
            {"do": "refuse", "request": str(pending[1].id), "reason": ""},
        )
        assert no_reason.status_code == 422
        assert "needs a reason" in body(no_reason)
        assert state() == before
        staff.post("/console/open/registrations/", {"do": "accept", "request": str(pending[0].id)})
        staff.post(
            "/console/open/registrations/",
            {"do": "refuse", "request": str(pending[1].id), "reason": "club members only"},
        )
        kim_page = body(client_for("kim").get("/me/"))
        lea_page = body(client_for("lea").get("/me/"))
    assert models.Entry.objects.get().user.username == "kim"  # type: ignore[union-attr]
    assert "You play as Kim." in kim_page
    assert "refused" in lea_page
    assert "club members only" in lea_page
    log = list(
        models.AuditEntry.objects.filter(event__slug="open").values_list("action", flat=True)
    )
    assert "registration.decide" in log
    assert "registration.approval" in log


def test_the_registrations_page_is_for_staff_only() -> None:
    chess_open()
    set_registration_approval("open", True, actor=ACTOR, now=at(2, 1))
    with clock(at(2, 2)):
        client_for("kim").post("/me/e/open/join/", {"name": "Kim"})
        request = models.RegistrationRequest.objects.get()
        for name in ("kim", "sam"):
            page = client_for(name).get("/console/open/registrations/")
            act = client_for(name).post(
                "/console/open/registrations/", {"do": "accept", "request": str(request.id)}
            )
            assert page.status_code == 403
            assert act.status_code == 403
        assert Client().get("/console/open/registrations/").status_code == 302
    assert models.Entry.objects.count() == 0


# -- KIBA: the withdraw link on every page, and the withdrawal ----------------------------


def kiba() -> None:
    from tests.app.helpers import make_event

    make_event("kb", "kiba-bao", 8)
    rounds.pair_next_round("kb", actor=ACTOR, now=at(3, 1))
    User.objects.create_user("p1", password="pw")
    people.link_entry("kb", "P01", "p1", actor=ACTOR, now=at(3, 1))


def test_kiba_withdraw_link_is_a_fragment_only_for_the_player() -> None:
    kiba()
    event_page = body(Client().get("/e/kb/"))
    assert 'hx-get="/me/e/kb/withdraw-link/"' in event_page
    assert 'hx-trigger="load"' in event_page
    mine = client_for("p1").get("/me/e/kb/withdraw-link/")
    assert "/me/e/kb/do/player.withdraw/" in body(mine)
    # Personal (Cookie) and, like every page, in the browser's language (issue 17).
    assert {v.strip() for v in mine["Vary"].split(",")} == {"Cookie", "Accept-Language"}
    assert Client().get("/me/e/kb/withdraw-link/").content == b""
    assert client_for("sam").get("/me/e/kb/withdraw-link/").content == b""


def test_kiba_withdraw_with_confirmation_page() -> None:
    kiba()
    url = "/me/e/kb/do/player.withdraw/"
    page = body(client_for("p1").get(url))
    assert "You take no further part" in page
    stranger = client_for("sam").post(url, {})
    assert stranger.status_code == 403
    done = client_for("p1").post(url, {"reason": "ill"})
    assert done.status_code == 302
    withdrawal = models.Withdrawal.objects.get()
    assert (withdrawal.entry.key, withdrawal.actor, withdrawal.from_round) == ("P01", "p1", 2)
    assert client_for("p1").get("/me/e/kb/withdraw-link/").content == b""
    again = client_for("p1").post(url, {})
    assert again.status_code == 422
    assert "has already withdrawn" in body(again)


def test_withdraw_before_the_start_from_my_page_cancels_the_entry() -> None:
    """issue 29 item 3: the Withdraw button my page and the KIBA pages offer before the start
    does what it says (it was refused: "... is registration; this is possible only while it
    is running")."""
    from tests.app.helpers import make_event

    make_event("kb", "kiba-bao", 8, start=False)
    User.objects.create_user("p1", password="pw")
    people.link_entry("kb", "P01", "p1", actor=ACTOR, now=at(3, 1))
    url = "/me/e/kb/do/player.withdraw/"
    me = body(client_for("p1").get("/me/"))
    assert url in me
    assert url in body(client_for("p1").get("/me/e/kb/withdraw-link/"))
    player = client_for("p1")
    done = player.post(url, {"reason": "joined by mistake"})
    assert done.status_code == 302, body(done)
    assert not models.Entry.objects.filter(event__slug="kb", key="P01").exists()
    assert models.Entry.objects.filter(event__slug="kb").count() == 7
    after = body(player.get("/me/"))
    assert "P01 has left kb before the start" in after
    assert url not in after


# -- Tantrix: the result form (R16-R19) and tiebreak offers and replies (R20-R22) ----------


def tantrix() -> tuple[str, str]:
    """Four players, round 1 paired, 2 standard games; board 1's players play as t1 and t2."""
    from tests.app.helpers import T0, make_event

    make_event("ko", "tantrix-knockout", 4, standard_games="2")
    rounds.pair_next_round("ko", actor=ACTOR, now=T0)
    encounter = events.get_event_facts("ko").rounds[0].encounters[0]
    assert encounter.second is not None
    for name, key in (("t1", encounter.first), ("t2", encounter.second)):
        User.objects.create_user(name, password="pw")
        people.link_entry("ko", str(key), name, actor=ACTOR, now=T0)
    return str(encounter.first), str(encounter.second)


def tp(first: str, a_points: str, game: int) -> str:
    """The game's TPs from its first player's side, A (the match's first player) scoring
    `a_points` of 20."""
    encounter = events.get_event_facts("ko").rounds[0].encounters[0]
    played = next(g for g in encounter.games if g.number == game)
    b_points = str(20 - float(a_points))
    return f"{a_points}-{b_points}" if str(played.first) == first else f"{b_points}-{a_points}"


def form_url(game: int, action: str = "tantrix.form") -> str:
    return f"/me/e/ko/do/{action}/?round=1&board=1&game={game}"


def test_tantrix_form_R18_offers_options_N_and_1_to_8_and_R19_the_when_box() -> None:
    tantrix()
    with clock(datetime(2026, 3, 1, 12, tzinfo=UTC)):
        page = body(client_for("t1").get(form_url(1)))
        me = body(client_for("t1").get("/me/"))
    for option in ("N", *map(str, range(1, 9))):
        assert f'<option value="{option}"' in page
    assert "When will you finish your match?" in page
    assert 'name="player"' not in page
    assert "file your result form for round 1, board 1" in me


def test_tantrix_form_leads_to_a_tiebreak_game_R18_option_2() -> None:
    a, _b = tantrix()
    with clock(datetime(2026, 3, 1, 12, tzinfo=UTC)):
        for name in ("t1", "t2"):
            done = client_for(name).post(form_url(1), {"result": tp(a, "11", 1), "status": "N"})
            assert done.status_code == 302
        client_for("t1").post(form_url(2), {"result": tp(a, "11", 2), "status": "2"})
        client_for("t2").post(form_url(2), {"result": tp(a, "11", 2), "status": "2"})
        me = body(client_for("t2").get("/me/"))
    games = [g.number for g in events.get_event_facts("ko").rounds[0].encounters[0].games]
    assert games == [1, 2, 3]
    assert "file your result form for round 1, board 1, game 3" in me


@pytest.mark.parametrize(
    ("posted", "field", "message"),
    [
        ({"result": "", "status": "N"}, "result", "parameter 'result' is required"),
        ({"result": "twelve", "status": "N"}, "result", "twelve"),
        ({"result": "11-9", "status": "9"}, "status", "unknown form status '9'"),
    ],
)
def test_tantrix_form_invalid_cases_at_the_field_change_nothing(
    posted: dict[str, str], field: str, message: str
) -> None:
    tantrix()
    before = state()
    with clock(datetime(2026, 3, 1, 12, tzinfo=UTC)):
        answer = client_for("t1").post(form_url(1), posted)
    assert answer.status_code == 422
    text = body(answer)
    assert message in text
    assert f'id="f-{field}-error"' in text
    assert state() == before


def test_tantrix_form_option_3_R19_needs_the_when_box() -> None:
    a, _b = tantrix()
    with clock(datetime(2026, 3, 1, 12, tzinfo=UTC)):
        early = client_for("t1").post(form_url(1), {"result": tp(a, "11", 1), "status": "3"})
        assert 'id="f-status-error"' in body(early)  # R18: game 1 is not the last: N
        for name in ("t1", "t2"):
            client_for(name).post(form_url(1), {"result": tp(a, "11", 1), "status": "N"})
        before = state()
        answer = client_for("t1").post(form_url(2), {"result": tp(a, "11", 2), "status": "3"})
        assert answer.status_code == 422
        assert 'id="f-when-error"' in body(answer)
        assert state() == before
        done = client_for("t1").post(
            form_url(2), {"result": tp(a, "11", 2), "status": "3", "when": "Sunday evening"}
        )
    assert done.status_code == 302


def test_tantrix_form_of_another_match_is_refused() -> None:
    tantrix()
    User.objects.create_user("t3", password="pw")
    facts = events.get_event_facts("ko")
    other = facts.rounds[0].encounters[1]
    people.link_entry("ko", str(other.first), "t3", actor=ACTOR, now=at(3, 1))
    before = state()
    with clock(datetime(2026, 3, 1, 12, tzinfo=UTC)):
        refused = client_for("t3").post(form_url(1), {"result": "11-9", "status": "N"})
        stranger = client_for("sam").post(form_url(1), {"result": "11-9", "status": "N"})
    assert refused.status_code in (403, 422)
    assert stranger.status_code == 403
    assert state() == before


def test_tantrix_R20_R22_tiebreak_offer_and_reply_from_the_players() -> None:
    a, _b = tantrix()
    noon = datetime(2026, 3, 1, 12, tzinfo=UTC)
    with clock(noon):
        for name in ("t1", "t2"):
            client_for(name).post(form_url(1), {"result": tp(a, "11", 1), "status": "N"})
        for name in ("t2", "t1"):
            client_for(name).post(form_url(2), {"result": tp(a, "11", 2), "status": "4"})
        me = body(client_for("t2").get("/me/"))
    assert "offer of dates for the tiebreak games" in me
    offer = "/me/e/ko/do/tantrix.offer/?round=1&board=1"
    with clock(datetime(2026, 3, 1, 14, tzinfo=UTC)):
        page = body(client_for("t2").get(offer))
        assert "The dates you offer" in page
        done = client_for("t2").post(offer, {"evidence": "Saturday 10:00 or Sunday 15:00"})
    assert done.status_code == 302
    with clock(datetime(2026, 3, 1, 18, tzinfo=UTC)):
        reply = client_for("t1").post(
            "/me/e/ko/do/tantrix.reply/?round=1&board=1", {"evidence": "Sunday 15:00"}
        )
    assert reply.status_code == 302
    subjects = list(
        models.ArbiterOverride.objects.filter(event__slug="ko").values_list("subject", flat=True)
    )
    assert len(subjects) == 2


# -- the confirmation rule (issue 30 item 2) ----------------------------------------------


def test_issue30_item2_gomoku_the_reporter_of_a_game_may_not_confirm_or_dispute_it() -> None:
    """A multi-game match: P1 reports game 2; P1's own confirmation and dispute are refused
    with a message on the form and store nothing; P2, the other player of the encounter,
    confirms it."""
    league()
    board = board_of("P1", "P2")
    with clock(at(3, 10)):
        client_for("p1").post(report_url(board, game=2), {"result": "1-0"})
    before = state()
    with clock(at(3, 10, 12)):
        own = client_for("p1").post(report_url(board, game=2, action="result.confirm"), {})
        escape = client_for("p1").post(
            report_url(board, game=2, action="result.dispute"), {"reason": "changed my mind"}
        )
        assert "needs your confirmation" not in body(client_for("p1").get("/me/"))
        assert state() == before
        done = client_for("p2").post(report_url(board, game=2, action="result.confirm"), {})
    assert own.status_code == escape.status_code == 403
    assert "may not confirm a result reported by themselves or their side (p1)" in body(own)
    assert "may not dispute a result reported by themselves or their side (p1)" in body(escape)
    assert "<form" in body(own)
    assert done.status_code == 302
    confirmations = models.ResultReport.objects.filter(kind="confirm")
    assert list(confirmations.values_list("actor", flat=True)) == ["p2"]
    assert not models.AuditEntry.objects.filter(
        action__in=("result.confirm", "result.dispute"), actor="p1"
    ).exists()


def test_issue30_item2_chess_swiss_self_confirmation_refused_opponent_and_arbiter_confirm() -> None:
    events.create_event("sw", "chess-swiss", actor=ACTOR, seed=5, now=at(3, 1))
    roster = [Competitor(CompetitorId(f"S{n}"), f"S{n}", rating=2000 - n) for n in range(1, 7)]
    players.register_players("sw", roster, actor=ACTOR, now=at(3, 1))
    events.start_event("sw", actor=ACTOR, now=at(3, 1))
    rounds.pair_next_round("sw", actor=ACTOR, now=at(3, 1))
    encounters = events.get_event_facts("sw").rounds[0].encounters
    for encounter in encounters[:2]:
        for key in (encounter.first, encounter.second):
            User.objects.create_user(str(key).lower(), password="pw")
            people.link_entry("sw", key, str(key).lower(), actor=ACTOR, now=at(3, 1))
    User.objects.create_user("arif", password="pw")
    people.grant_role("sw", "arif", "arbiter", actor=ACTOR, now=at(3, 1))

    def url(board: int, action: str) -> str:
        return f"/me/e/sw/do/{action}/?round=1&board={board}"

    first, second = (str(encounters[0].first).lower(), str(encounters[0].second).lower())
    with clock(at(3, 1, 12)):
        client_for(first).post(url(1, "result.report"), {"result": "1-0"})
        before = state()
        own = client_for(first).post(url(1, "result.confirm"), {})
        escape = client_for(first).post(url(1, "result.dispute"), {"reason": "x"})
        assert state() == before
        assert client_for(second).post(url(1, "result.confirm"), {}).status_code == 302
        # An arbiter confirms a player's report from the console.
        reporter = str(encounters[1].first).lower()
        client_for(reporter).post(url(2, "result.report"), {"result": "0-1"})
        console = client_for("arif").post(
            "/console/sw/do/result.confirm/",
            {"round": "1", "board": "2", "game": "1", "stage": "1", "group": ""},
        )
        # The arbiter's own report is answered by a player, not by the arbiter.
        client_for("arif").post(
            "/console/sw/do/result.report/",
            {"round": "1", "board": "3", "game": "1", "stage": "1", "group": "", "result": "1-0"},
        )
        queues = body(client_for("arif").get("/console/sw/queues/"))
        # An official's own entry does not wait in the queue (issue 29 item 7), so it offers
        # no Confirm button; confirming it anyway is refused below.
        assert "reported by arif" not in queues
        assert 'name="board" value="3"' not in queues
        before = state()
        arbiter_own = client_for("arif").post(
            "/console/sw/do/result.confirm/",
            {"round": "1", "board": "3", "game": "1", "stage": "1", "group": ""},
        )
        assert state() == before
    assert own.status_code == escape.status_code == 403
    assert console.status_code == 302
    assert "may not confirm a result reported by themselves" in body(arbiter_own)
    statuses = dict(
        models.ResultReport.objects.filter(kind="confirm").values_list(
            "game__encounter__board", "actor"
        )
    )
    assert statuses == {1: second, 2: "arif"}
