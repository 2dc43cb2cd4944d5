"""A Gomoku month with its arbiter, in the browser (issue 14, acceptance): the players' reports
(R45) reach the arbiter's queue, a player confirms one (R47) and disputes the other, the
arbiter rules on the dispute with a reason from the console's queues, grants a leave on a
player's behalf (R48-R50), a newcomer registers in the window of days 1-7 (R4, R6) and is
refused after it, and the arbiter closes the month from the console. Then the console's
people pages on the same site: an announcement shown on the live view, a co-arbiter invited by
e-mail, a KIBA championship series.

The site, its clock and its accounts are the player journeys' (`journeys` in conftest.py,
player_data.py): "organiser" is the arbiter of the league "gl". The players' own pages are
tested in test_player_journeys.py; here the players' reports and the dispute go through the
app layer (player_data.py) and the arbiter's side through the browser. Screenshots at 360 and
1280 px go to var/screenshots/arbiter-*."""

from __future__ import annotations

from typing import Any

import pytest
from tests.browser.conftest import JourneySite, Visit, as_user, facts, shots

# A whole journey through a real server (tens of seconds): `make test-slow`.
pytestmark = pytest.mark.slow

ARBITER = "organiser"


def test_gomoku_month_with_the_arbiter(browser: Any, journeys: JourneySite) -> None:
    site = journeys
    board = site.data("board", "gl", "P1", "P2")
    site.set_clock("2026-03-10T10:00:00+00:00")
    for game in ("1", "2"):
        site.data("report", "gl", "1", board, game, "1-0", "p1")

    # The arbiter's desk counts the reports; the queue says who reported what and when.
    arbiter = as_user(browser, site, ARBITER)
    page = arbiter.page
    arbiter.open("/console/gl/")
    assert "2 reports await confirmation" in page.inner_text("main")
    page.click("main .attention a")
    awaiting = page.inner_text("ul.awaiting")
    assert awaiting.count("reported by p1, 2026-03-10 10:00") == 2
    arbiter.close()
    shots(browser, site, ARBITER, "/console/gl/queues/", "queues-awaiting", prefix="arbiter")

    # P2 confirms game 1 on their page (R47) and disputes game 2.
    site.set_clock("2026-03-10T16:00:00+00:00")
    p2 = as_user(browser, site, "p2")
    p2.open("/me/")
    p2.page.click(".action-confirm a[href*='result.confirm'][href*='game=1']")
    p2.page.click("main button[type=submit]")
    p2.page.wait_for_url("**/me/")
    p2.close()
    site.data("dispute", "gl", "1", board, "2", "p2", "I won game 2 on time")

    # The arbiter sees both reports side by side and rules, giving the reason.
    site.set_clock("2026-03-11T09:00:00+00:00")
    arbiter = as_user(browser, site, ARBITER)
    page = arbiter.page
    arbiter.open("/console/gl/queues/")
    dispute = page.locator("article.dispute")
    assert dispute.count() == 1
    assert "by p1, 2026-03-10 10:00" in dispute.inner_text()
    assert "I won game 2 on time" in dispute.inner_text()
    arbiter.screenshot("arbiter-dispute")
    dispute.locator("select[name=result]").select_option("0-1")
    dispute.locator("input[name=reason]").fill("the clock log shows P1 lost on time")
    dispute.locator("button[type=submit]").click()
    page.wait_for_url("**/console/gl/queues/")
    assert "No dispute." in page.inner_text("main")
    arbiter.open("/console/gl/audit/?action=result.ruling")
    assert "the clock log shows P1 lost on time" in page.inner_text("main")
    arbiter.close()
    games = {(g[1], g[2]): g[3:] for g in facts(site, "gl")["games"]}
    assert games[(int(board), 1)] == ["1-0", "confirmed"]
    assert games[(int(board), 2)] == ["0-1", "ruled"]

    # April 3: the arbiter grants P3 a leave for month 3 (R48-R50); a bad month is refused.
    site.set_clock("2026-04-03T09:00:00+00:00")
    arbiter = as_user(browser, site, ARBITER)
    page = arbiter.page
    arbiter.open("/console/gl/do/player.leave/")
    page.select_option("#id_player", "P3")
    page.fill("#id_from_round", "1")
    page.click("main button[type=submit]")
    assert "not yet paired" in page.inner_text("main .form-error, main .field-error")
    arbiter.screenshot("arbiter-leave-error")
    page.fill("#id_from_round", "3")
    page.fill("#id_reason", "asked by e-mail")
    page.click("main button[type=submit]")
    page.wait_for_url("**/console/gl/")
    arbiter.close()
    assert ["P3", 3, 3] in facts(site, "gl")["leaves"]
    shots(browser, site, ARBITER, "/console/gl/do/player.leave/", "leave", prefix="arbiter")

    # The registration window (R4): a newcomer joins on day 3; on day 10 the window is shut.
    newbie = as_user(browser, site, "newbie")
    newbie.open("/me/e/gl/join/")
    newbie.page.fill("#id_name", "Newbie")
    newbie.page.fill("#id_games_played", "320")
    newbie.page.check("#id_declaration")
    newbie.page.click("main button[type=submit]")
    newbie.page.wait_for_url("**/me/")
    newbie.close()
    assert "Newbie" in facts(site, "gl")["entries"]
    site.set_clock("2026-04-10T09:00:00+00:00")
    late = as_user(browser, site, "t1")
    late.open("/me/e/gl/join/")
    late.page.fill("#id_name", "Latecomer")
    late.page.fill("#id_games_played", "400")
    late.page.check("#id_declaration")
    late.page.click("main button[type=submit]")
    assert "on days 1-7 of 2026-04 only (R4)" in late.page.inner_text("main")
    late.close()
    assert "Latecomer" not in facts(site, "gl")["entries"]

    # The arbiter closes month 1 from the console.
    arbiter = as_user(browser, site, ARBITER)
    page = arbiter.page
    arbiter.open("/console/gl/")
    page.click("main a[href='/console/gl/do/period.close/']")
    page.fill("#id_period", "1")
    arbiter.screenshot("arbiter-close-month")
    page.click("main button[type=submit]")
    page.wait_for_url("**/console/gl/")
    assert "error" not in page.inner_text(".messages")
    arbiter.open("/console/gl/audit/?action=period.close")
    assert "period.close" in page.inner_text("main")
    arbiter.close()
    shots(browser, site, ARBITER, "/console/gl/", "desk-after-month", prefix="arbiter")


def test_announcements_invitations_and_series_in_the_console(
    browser: Any, journeys: JourneySite
) -> None:
    site = journeys
    site.set_clock("2026-04-05T09:00:00+00:00")
    arbiter = as_user(browser, site, ARBITER)
    page = arbiter.page
    arbiter.open("/console/gl/announcements/")
    page.click("main button[type=submit]")
    assert "needs some text" in page.inner_text("#id_text-error")
    page.fill("#id_text", "Month 2 pairings are out on April 8.")
    page.click("main button[type=submit]")
    page.wait_for_url("**/console/gl/announcements/")
    assert "Posted 2026-04-05 09:00 by organiser" in page.inner_text("main")
    arbiter.close()
    live = Visit(browser, site, 1280)
    live.open("/e/gl/live/")
    assert "Month 2 pairings are out on April 8." in live.page.inner_text("body")
    live.close()
    shots(browser, site, ARBITER, "/console/gl/announcements/", "announcements", prefix="console")

    # The arbiter of gl sees its people but not the organisers' forms; in kb (organiser) the
    # invitation form sends a co-arbiter the link.
    arbiter = as_user(browser, site, ARBITER)
    page = arbiter.page
    arbiter.open("/console/gl/roles/")
    assert page.locator("main input[name=email]").count() == 0
    arbiter.open("/console/kb/roles/")
    page.fill("#invite_email", "not an address")
    page.click("form[action$='/roles/invite/'] button[type=submit]")
    assert "not an e-mail address" in page.inner_text("#invite_email-error")
    page.fill("#invite_email", "cora@example.org")
    page.select_option("#invite_role", "arbiter")
    page.click("form[action$='/roles/invite/'] button[type=submit]")
    page.wait_for_url("**/console/kb/roles/")
    assert "The invitation is sent to cora@example.org." in page.inner_text("main")
    arbiter.close()
    shots(browser, site, ARBITER, "/console/kb/roles/", "roles", prefix="console")

    # A championship series with the KIBA tournament kb.
    arbiter = as_user(browser, site, ARBITER)
    page = arbiter.page
    arbiter.open("/console/series/")
    page.fill("#id_slug", "KIBA 2026")
    page.fill("#id_name", "KIBA championship 2026")
    page.click("main button[type=submit]")
    assert "lower-case" in page.inner_text("#id_slug-error")
    page.fill("#id_slug", "kiba-2026")
    page.click("main button[type=submit]")
    page.wait_for_url("**/console/series/kiba-2026/")
    page.select_option("#id_event", "kb")
    page.click("main button[type=submit]")
    page.wait_for_url("**/console/series/kiba-2026/")
    assert "KIBA open" in page.inner_text("main")
    arbiter.close()
    shots(browser, site, ARBITER, "/console/series/kiba-2026/", "series", prefix="console")
    shots(browser, site, ARBITER, "/console/series/", "series-list", prefix="console")
