"""Results in each game's own terms, in the browser (issue 29 items 4 and 8), in English and in
Persian (right to left) at 360 and 1280 px.

- Gomoku (gomoku-league R18, R21, R29, A2, A14): a league paired on day 1; X6, in the lower
  third, sees on day 3 that its matches can be reported from 2026-03-08 (no Report link), X1
  reports a whole match as "3-1" (a wrong score is refused at the field) and its four games
  follow; on day 9 X6 may report.
- Tantrix (tantrix-knockout R4, R24, A10): two result forms with different TPs; the controller
  sees each player's TPs and status, the reason in words, rules by typing TPs (25-0 is refused
  by the Tantrix rules) and reads the ruling back in words.

Screenshots go to var/screenshots/terms-*."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation
from django.utils.translation import gettext
from tests.browser.conftest import JourneySite, Visit, as_user, facts, fits

# A whole journey through a real server (tens of seconds): `make test-slow`.
pytestmark = pytest.mark.slow

ARBITER = "organiser"
WIDTHS = (360, 1280)
LANGUAGES = ("en", "fa")


@pytest.fixture(scope="module")
def terms_site(journeys: JourneySite) -> JourneySite:
    journeys.data("setup-terms")
    return journeys


def _visit(browser: Any, site: JourneySite, user: str, width: int, language: str) -> Visit:
    visit = as_user(browser, site, user, width)
    visit.context.add_cookies([{"name": "django_language", "value": language, "url": site.url}])
    return visit


def _match_reports(visit: Visit) -> int:
    return int(visit.page.locator(".actions a[href*='result.match']").count())


def test_item8_gomoku_one_report_per_match_once_it_may_be_played(
    browser: Any, terms_site: JourneySite
) -> None:
    site = terms_site
    site.set_clock("2026-03-03T10:00:00+00:00")
    for language in LANGUAGES:
        for width in WIDTHS:
            # X6 (lower third) waits until registration closes (R21, A14): no Report link
            visit = _visit(browser, site, "p5", width, language)
            try:
                visit.open("/me/")
                assert visit.page.locator("html").get_attribute("dir") == (
                    "rtl" if language == "fa" else "ltr"
                )
                todo = visit.page.locator("section.todo")
                assert _match_reports(visit) == 0
                later = todo.locator(".action-later")
                assert later.count() >= 2
                assert "2026-03-08 00:00" in later.first.inner_text()
                assert visit.page.locator(".actions a[href*='result.report']").count() == 0
                fits(visit)
                visit.screenshot(f"terms-gomoku-waits-{language}")
            finally:
                visit.close()
            # X1 (top) may report each of its 2 matches (R18: positions 1 and n play 2)
            visit = _visit(browser, site, "p4", width, language)
            try:
                visit.open("/me/")
                assert _match_reports(visit) == 2
                assert visit.page.locator(".actions a[href*='result.report']").count() == 0
                fits(visit)
                visit.screenshot(f"terms-gomoku-report-{language}")
            finally:
                visit.close()

    # X1 reports the match against X2 as games won: 5-0 is refused, 3-1 becomes 4 games.
    board = site.data("board", "gx", "X1", "X2")
    visit = _visit(browser, site, "p4", 360, "fa")
    page = visit.page
    try:
        visit.open("/me/")
        page.click(f".actions a[href*='result.match'][href*='board={board}&']")
        assert page.locator("#f-score").count() == 1
        assert "Tantrix" not in page.inner_text("main")
        page.fill("#f-score", "5-0")
        page.click("main button[type=submit]")
        assert "5" in page.locator("#f-score-error").inner_text()
        fits(visit)
        visit.screenshot("terms-gomoku-match-error-fa")
        page.fill("#f-score", "3-1")
        page.click("main button[type=submit]")
        page.wait_for_url("**/me/")
        assert _match_reports(visit) == 1
    finally:
        visit.close()
    games = [g for g in facts(site, "gx")["games"] if g[0] == 1 and g[1] == int(board)]
    assert sorted(g[2] for g in games) == [1, 2, 3, 4]
    assert all(g[4] == "reported" for g in games)
    assert sorted(g[3] for g in games) == ["0-1", "1-0", "1-0", "1-0"]

    # On day 9 registration has closed: X6 may report its matches.
    site.set_clock("2026-03-09T10:00:00+00:00")
    visit = _visit(browser, site, "p5", 1280, "en")
    try:
        visit.open("/me/")
        assert _match_reports(visit) >= 2
        assert visit.page.locator(".action-later").count() == 0
    finally:
        visit.close()


def test_item4_tantrix_controller_rules_in_tps(browser: Any, terms_site: JourneySite) -> None:
    site = terms_site
    site.set_clock("2026-03-01T12:00:00+00:00")
    for language in LANGUAGES:
        for width in WIDTHS:
            visit = _visit(browser, site, ARBITER, width, language)
            try:
                visit.open("/console/tk/queues/")
                dispute = visit.page.locator("article.dispute")
                assert dispute.count() == 1
                text = dispute.inner_text()
                assert "conflicting-tps" not in text
                with translation.override(language):
                    assert gettext("The two forms give different TPs.") in text
                claims = dispute.locator("ul.claims li")
                assert claims.count() == 2
                scores = sorted(claims.nth(i).locator("bdi").inner_text() for i in range(2))
                assert scores in (["14.0-6.0", "15.0-5.0"], ["5.0-15.0", "6.0-14.0"])
                assert dispute.locator("select[name=result]").count() == 0
                assert dispute.locator("input[name=result]").get_attribute("placeholder") == (
                    "12.4-7.6"
                )
                fits(visit)
                visit.screenshot(f"terms-tantrix-dispute-{language}")
            finally:
                visit.close()

    visit = _visit(browser, site, ARBITER, 1280, "en")
    page = visit.page
    try:
        visit.open("/console/tk/queues/")
        first_tps = "15-5"
        if "5.0-15.0" in page.locator("article.dispute ul.claims").inner_text():
            first_tps = "5-15"
        page.fill("article.dispute input[name=result]", "25-0")
        page.fill("article.dispute input[name=reason]", "checked the score sheets")
        page.click("article.dispute button[type=submit]")
        page.wait_for_url("**/do/result.ruling/")
        assert "20" in page.inner_text("main")  # 20 TPs a game (R4): nothing recorded
        visit.screenshot("terms-tantrix-ruling-refused")
        visit.open("/console/tk/queues/")
        page.fill("article.dispute input[name=result]", first_tps)
        page.fill("article.dispute input[name=reason]", "checked the score sheets")
        page.click("article.dispute button[type=submit]")
        page.wait_for_url("**/queues/")
        message = page.locator(".messages").inner_text()
        assert '{"tp"' not in message
        assert "TPs" in message
        assert "(ruled)" in message
        visit.screenshot("terms-tantrix-ruled")
    finally:
        visit.close()
    games = [g for g in facts(site, "tk")["games"] if g[0] == 1 and g[1] == 1 and g[2] == 1]
    assert games[0][4] == "ruled"
