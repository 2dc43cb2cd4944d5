"""Player self-service in the browser (issue 14 item 3): a Gomoku month as players (gomoku-league
R4 and R6 registration in the window, an R48 leave, R45 reports, an R47 confirmation and a
dispute ruled by the referee), a Tantrix match whose forms lead to a tiebreak game
(tantrix-knockout R18 option 2), and a KIBA player joining and withdrawing through the link on
the tournament's pages.

The server is our own (its own database and a clock the test sets, through
tests/browser/clock/sitecustomize.py), so the windows of the rules are reached on any day the
suite runs. Accounts are logged in with a session cookie made by player_data.py. Screenshots
at 360 and 1280 px go to var/screenshots/player-*."""

from __future__ import annotations

from typing import Any

import pytest
from tests.browser.conftest import JourneySite, Visit, as_user, facts, fits, shots

# A whole journey through a real server (tens of seconds): `make test-slow`.
pytestmark = pytest.mark.slow


def test_gomoku_month_as_players(browser: Any, journeys: JourneySite) -> None:
    site = journeys
    board = site.data("board", "gl", "P1", "P2")
    site.set_clock("2026-03-10T10:00:00+00:00")

    # P1 reports their match against P2 once, as games won (R45, R29; issue 29 item 8).
    p1 = as_user(browser, site, "p1")
    page = p1.page
    p1.open("/me/")
    assert "report your match against P2 (month 1, board " + board in page.inner_text("main")
    assert page.locator(".actions a[href*='result.report']").count() == 0
    page.click(f".actions a[href*='result.match'][href*='board={board}&']")
    page.fill("#f-score", "5-0")
    page.click("main button[type=submit]")
    assert page.locator("#f-score-error").inner_text().strip() != ""
    p1.screenshot("player-report-error")
    page.fill("#f-score", "2-0")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    assert "round 1, board" in page.locator(".flash").inner_text()
    p1.close()
    shots(browser, site, "p2", "/me/", "me-confirmations")

    # P2 confirms game 1 within R47's 24 hours and disputes game 2 (P1 won both, 2-0; games
    # 3 and 4 were drawn).
    site.set_clock("2026-03-10T16:00:00+00:00")
    p2 = as_user(browser, site, "p2")
    page = p2.page
    p2.open("/me/")
    assert "4 results need your confirmation" in page.inner_text("main")
    assert "2026-03-11 10:00" in page.inner_text("main")  # the window's end (R47)
    page.click(".action-confirm a[href*='result.confirm'][href*='game=1']")
    assert "report by p1 at 2026-03-10 10:00 UTC" in page.inner_text("main")
    p2.screenshot("player-confirm")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    page.click(".action-confirm a[href*='result.dispute'][href*='game=2']")
    page.fill("#f-reason", "I won game 2 on time")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    assert "2 results need your confirmation" in page.inner_text("main")
    p2.close()

    # The referee rules on the dispute (through the app layer); P2 sees the ruling.
    site.data("rule", "gl", "1", board, "2", "0-1")
    games = {(g[1], g[2]): g[3:] for g in facts(site, "gl")["games"]}
    assert games[(int(board), 1)] == ["1-0", "confirmed"]
    assert games[(int(board), 2)] == ["0-1", "ruled"]

    # In April: P3 takes leave for month 3 before it starts (R48-R50), with the leaves left.
    site.set_clock("2026-04-03T09:00:00+00:00")
    p3 = as_user(browser, site, "p3")
    page = p3.page
    p3.open("/me/")
    assert "3 leaves left this year" in page.inner_text("main")
    page.click("text=Take leave")
    page.fill("#f-from_round", "1")
    page.click("main button[type=submit]")
    assert "not yet paired" in page.inner_text(".form-error")
    p3.screenshot("player-leave-error")
    page.fill("#f-from_round", "3")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    assert "2 leaves left this year" in page.inner_text("main")
    p3.close()
    assert ["P3", 3, 3] in facts(site, "gl")["leaves"]
    shots(browser, site, "p3", "/me/e/gl/do/player.leave/", "leave")

    # A newcomer registers on days 1-7 with the 300 games declared (R4, R6).
    newbie = as_user(browser, site, "newbie")
    page = newbie.page
    newbie.open("/me/join/")
    page.click("a[href='/me/e/gl/join/']")
    page.fill("#id_name", "Newbie")
    page.fill("#id_games_played", "250")
    page.check("#id_declaration")
    page.click("main button[type=submit]")
    assert "at least 300" in page.inner_text("#id_games_played-error")
    newbie.screenshot("player-join-error")
    page.fill("#id_games_played", "320")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    assert "You play as Newbie." in page.inner_text("main")
    newbie.close()
    assert "Newbie" in facts(site, "gl")["entries"]
    shots(browser, site, "newbie", "/me/e/gl/join/", "join")

    # The month is closed (the organiser, through the app layer): nothing is due any more.
    site.data("close-month", "gl", "1")
    shots(browser, site, "p1", "/me/", "me-after-month")


def test_tantrix_match_form_leads_to_tiebreak_games(browser: Any, journeys: JourneySite) -> None:
    site = journeys
    site.set_clock("2026-03-01T12:00:00+00:00")
    for game, option in ((1, "N"), (2, "2")):
        for user in ("t1", "t2"):
            visit = as_user(browser, site, user)
            page = visit.page
            visit.open("/me/")
            page.click(f".action-form a[href*='tantrix.form'][href*='game={game}']")
            page.fill("#f-result", "11-9")
            page.select_option("#f-status", option)
            if (game, user) == (2, "t1"):
                visit.screenshot("player-tantrix-form")
            page.click("main button[type=submit]")
            page.wait_for_url("**/me/")
            visit.close()
    games = [g[2] for g in facts(site, "tk")["games"] if g[0] == 1 and g[1] == 1]
    assert games == [1, 2, 3]  # R18 option 2 below the margin: a tiebreak game
    visit = as_user(browser, site, "t2")
    visit.open("/me/")
    assert "file your result form for round 1, board 1, game 3" in visit.page.inner_text("main")
    visit.close()
    shots(browser, site, "t1", "/me/e/tk/do/tantrix.form/?round=1&board=1&game=3", "tantrix")


def test_kiba_player_joins_and_withdraws_through_the_link(
    browser: Any, journeys: JourneySite
) -> None:
    site = journeys
    site.set_clock("2026-03-01T08:00:00+00:00")
    visit = as_user(browser, site, "kplayer")
    page = visit.page
    visit.open("/me/join/")
    page.click("a[href='/me/e/kb/join/']")
    page.fill("#id_name", "Kibo")
    page.fill("#id_rating", "1750")
    page.fill("#id_games_played", "30")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    assert "You play as Kibo." in page.inner_text("main")
    visit.close()

    site.data("start-kiba", "kb")
    site.set_clock("2026-03-02T12:00:00+00:00")
    for width in (360, 1280):
        visit = as_user(browser, site, "kplayer", width)
        visit.open("/e/kb/standings/")
        visit.page.wait_for_selector(".me-withdraw a")
        fits(visit)
        visit.screenshot("player-kiba-withdraw-link")
        visit.close()
    anonymous = Visit(browser, site, 1280)
    anonymous.open("/e/kb/standings/")
    anonymous.page.wait_for_load_state("networkidle")
    assert anonymous.page.locator(".me-withdraw").count() == 0
    anonymous.close()

    visit = as_user(browser, site, "kplayer")
    page = visit.page
    visit.open("/e/kb/")
    page.click(".me-withdraw a")
    assert "You take no further part" in page.inner_text("main")
    visit.screenshot("player-withdraw-confirm")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    assert "Withdrawn from round 2." in page.inner_text("main")
    visit.open("/e/kb/")
    page.wait_for_load_state("networkidle")
    assert page.locator(".me-withdraw").count() == 0
    visit.close()
    assert facts(site, "kb")["withdrawals"] == ["Kibo"]
