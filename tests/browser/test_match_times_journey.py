"""Agreed match times in the browser (issue 31 item 4; shared/spec/gomoku-league.md R22,
R40, R43): in the league "gl" of the player journeys, P1 proposes two times to P2 from my page,
P2 counter-proposes at 360 px, P1 accepts; P1's proposal to P3 goes unanswered and the
arbiter's queue shows it as a sign of disinterest (R40); P1's challenge is refused on day 14
and posted on day 15 (R43). Screenshots at 360 and 1280 px go to var/screenshots/times-*."""

from __future__ import annotations

from typing import Any

import pytest
from tests.browser.conftest import JourneySite, as_user, fits, shots

pytestmark = pytest.mark.slow


def test_match_times_proposal_counter_acceptance_disinterest_and_challenge(
    browser: Any, journeys: JourneySite
) -> None:
    site = journeys
    b12 = site.data("board", "gl", "P1", "P2")
    b13 = site.data("board", "gl", "P1", "P3")
    site.set_clock("2026-03-09T10:00:00+00:00")

    # R22: P1 proposes two times for the match against P2.
    p1 = as_user(browser, site, "p1")
    page = p1.page
    p1.open("/me/")
    assert f"agree a time with P2 for your match (round 1, board {b12})" in page.inner_text("main")
    page.click(f".actions a[href*='match.propose'][href*='board={b12}&']")
    page.fill("#f-times", "yesterday")
    page.click("main button[type=submit]")
    assert page.locator("#f-times-error").inner_text().strip() != ""
    page.fill("#f-times", "2026-03-12 19:00, 2026-03-13 20:00")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    assert "P1 proposed 2026-03-12 19:00 UTC, 2026-03-13 20:00 UTC to P2" in page.inner_text(
        ".flash"
    )
    # and one to P3, who will not answer
    page.click(f".actions a[href*='match.propose'][href*='board={b13}&']")
    page.fill("#f-times", "2026-03-14 18:00")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    assert "waits for P3's answer" in page.inner_text("main")
    p1.screenshot("times-me-proposed")
    p1.close()

    # P2, on a phone, counter-proposes.
    site.set_clock("2026-03-10T09:00:00+00:00")
    p2 = as_user(browser, site, "p2", width=360)
    page = p2.page
    p2.open("/me/")
    assert "P1 proposes 2026-03-12 19:00, 2026-03-13 20:00 UTC" in page.inner_text("main")
    page.click(f".actions a[href*='match.answer'][href*='board={b12}&']")
    page.select_option("#f-answer", "counter")
    page.fill("#f-times", "2026-03-15 19:30")
    fits(p2)
    p2.screenshot("times-answer")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    assert "Counter-proposal sent to P1: 2026-03-15 19:30 UTC" in page.inner_text(".flash")
    fits(p2)
    p2.close()

    # P1 accepts the counter-proposal.
    p1 = as_user(browser, site, "p1")
    page = p1.page
    p1.open("/me/")
    page.click(f".actions a[href*='match.answer'][href*='board={b12}&']")
    page.select_option("#f-answer", "accept")
    page.fill("#f-time", "2026-03-15 19:30")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    assert "Agreed: 2026-03-15 19:30 UTC" in page.inner_text(".flash")
    assert "is agreed for 2026-03-15 19:30 UTC" in page.inner_text("main")
    p1.close()

    # Day 12: P3 never answered (48 hours): the arbiter sees it as a sign of disinterest (R40).
    site.set_clock("2026-03-12T10:00:00+00:00")
    arbiter = as_user(browser, site, "organiser")
    arbiter.open("/console/gl/queues/")
    section = arbiter.page.inner_text(".match-times")
    assert "P1 proposed on 2026-03-09 10:00; P3 did not answer by 2026-03-11 10:00" in section
    assert "Evidence: a sign of disinterest (R40)" in section
    assert "2026-03-15 19:30 UTC" in section  # the agreed match
    arbiter.close()
    shots(browser, site, "organiser", "/console/gl/queues/", "queues", prefix="times")

    # R43: a challenge to P3 is refused on day 14 and posted on day 15.
    site.set_clock("2026-03-14T12:00:00+00:00")
    p1 = as_user(browser, site, "p1")
    page = p1.page
    p1.open("/me/")
    page.click(f".actions a[href*='match.challenge'][href*='board={b13}&']")
    page.fill("#f-times", "2026-03-16 18:00")
    page.click("main button[type=submit]")
    assert "days 15-25" in page.inner_text("main")
    p1.screenshot("times-challenge-refused")
    p1.close()
    site.set_clock("2026-03-15T08:00:00+00:00")
    p1 = as_user(browser, site, "p1")
    page = p1.page
    p1.open("/me/")
    page.click(f".actions a[href*='match.challenge'][href*='board={b13}&']")
    page.fill("#f-times", "2026-03-16 18:00")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    assert "P1 challenged P3 with 2026-03-16 18:00 UTC" in page.inner_text(".flash")
    p1.close()
    shots(browser, site, "p1", "/me/", "me", prefix="times")
