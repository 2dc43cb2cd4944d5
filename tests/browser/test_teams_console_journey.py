"""Issue 32 on the console's Teams page: an organiser sets up a 6-team x 4-board round-robin
entirely in the browser on a phone (360 px): the team mode, six teams with their captains, each
roster one player per line (the fifth a reserve), a refused roster shown at its field, and
round 1 paired, which starts the event (its public page says it is running). Screenshots at
360 and 1280 px go to /tmp/shots/teamdesk/."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import Visit, fits, look, new_site, serving, speak
from tests.browser.teams_data import MEMBERS, TEAM_NAMES
from tests.browser.test_teams_journey import TeamsSite

pytestmark = pytest.mark.slow

SHOTS = Path("/tmp/shots/teamdesk")
SLUG = "desk"
PAGE = f"/console/{SLUG}/teams/"
TEAMS = 6


@pytest.fixture(scope="module")
def desk_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamsSite]:
    site = new_site(TeamsSite, tmp_path_factory, "teamdesk")
    site.set_clock("2026-03-14T09:30:00+00:00")
    site.data("league", SLUG, "chess-round-robin", str(TEAMS))
    with serving(site):
        yield site


def _visit(browser: Any, site: TeamsSite, session: str, width: int) -> Visit:
    visit = Visit(browser, site, width, 740 if width < 600 else 900)
    visit.context.add_cookies([{"name": "sessionid", "value": session, "url": site.url}])
    return visit


def _shot(visit: Visit, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    visit.page.wait_for_load_state("load")
    fits(visit)
    visit.page.screenshot(path=str(SHOTS / f"{name}-{visit.width}.png"), full_page=True)


def _add_team(page: Any, number: int) -> None:
    form = page.locator("#team form")
    form.get_by_label(re.compile("^Name\\b")).fill(TEAM_NAMES[number - 1])
    form.get_by_label("Club", exact=True).fill(f"Club {number}")
    form.get_by_label("Captain", exact=True).fill(f"{SLUG}-cap{number}")
    form.get_by_role("button", name="Add the team").click()
    page.locator(f"#team-{number}").wait_for()


def _set_roster(page: Any, number: int, players: list[str], reserves: int) -> None:
    form = page.locator("#roster form")
    form.get_by_label(re.compile("^Team\\b")).select_option(
        label=f"{number}. {TEAM_NAMES[number - 1]}"
    )
    form.get_by_label(re.compile("^Players\\b")).fill("\n".join(players))
    form.get_by_label("Reserves", exact=True).fill(str(reserves))
    form.get_by_role("button", name="Save the roster").click()


def _members(number: int) -> list[str]:
    return [f"{TEAM_NAMES[number - 1]} {m}" for m in MEMBERS]


def test_an_organiser_sets_up_a_team_round_robin_on_the_teams_page(
    browser: Any, desk_site: TeamsSite
) -> None:
    site = desk_site
    session = json.loads(site.data("logins", f"org-{SLUG}"))[f"org-{SLUG}"]
    phone = _visit(browser, site, session, 360)
    try:
        page = phone.page
        phone.open(f"/console/{SLUG}/")
        page.get_by_role("link", name="Teams", exact=True).click()
        page.get_by_role("button", name="Play this event in teams").wait_for()
        _shot(phone, "teams-not-yet")
        mode = page.locator("#mode form")
        mode.get_by_label("Boards", exact=True).fill("4")
        mode.get_by_label("Match points", exact=True).fill("2,1,0")
        mode.get_by_label("System", exact=True).select_option("round-robin")
        mode.get_by_role("button", name="Play this event in teams").click()
        page.get_by_role("heading", name="Add a team").wait_for()
        _shot(phone, "teams-mode-set")
        for number in range(1, TEAMS + 1):
            _add_team(page, number)
        assert page.locator("ol.teams-roster > li").count() == TEAMS
        # A roster naming another team's player is refused at its field; nothing stored.
        _set_roster(page, 1, _members(1), 1)
        page.locator("#team-1 ol.roster li").nth(4).wait_for()
        _set_roster(page, 2, [_members(1)[0], *_members(2)[1:]], 1)
        error = page.locator("#roster_players-error")
        error.wait_for()
        assert "already on the roster of Simba" in error.inner_text()
        _shot(phone, "teams-roster-refused")
        assert page.locator("#team-2 ol.roster").count() == 0
        for number in range(2, TEAMS + 1):
            _set_roster(page, number, _members(number), 1)
            page.locator(f"#team-{number} ol.roster li").nth(4).wait_for()
        assert "reserve" in page.locator("#team-6 ol.roster li").nth(4).inner_text()
        _shot(phone, "teams-rosters")
        pair = page.locator("#pair form")
        assert pair.get_by_label(re.compile("^Round\\b")).input_value() == "1"
        pair.get_by_role("button", name="Pair the round").click()
        page.get_by_text("Paired team round 1: 3 matches").wait_for()
        page.get_by_text("Next: round 2 of 5.").wait_for()
        # The console's header too says the event is running now (htmx swaps it with the page).
        assert "running" in page.locator("#console-head .badge").inner_text().lower()
        _shot(phone, "teams-paired")
        phone.open(f"/e/{SLUG}/")
        assert "Running" in page.locator(".event-head .badge").inner_text()
        phone.open(f"/e/{SLUG}/teams/round/1/")
        _shot(phone, "public-round-1")
    finally:
        phone.close()
    wide = _visit(browser, site, session, 1280)
    try:
        wide.open(PAGE)
        _shot(wide, "teams-paired")
    finally:
        wide.close()
    # The same page in Persian at both widths (right to left, no sideways scroll on a phone).
    for width in (360, 1280):
        persian = _visit(browser, site, session, width)
        try:
            speak(persian, "fa")
            persian.open(PAGE)
            look(persian, "teams-desk", "fa")
        finally:
            persian.close()
