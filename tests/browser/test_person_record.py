"""Issue 31 item 5 on the real server: a player's page shows the person's record across
events (games played and rating per game kind, the list of events) and what the event's rules
use, at 360 and 1280 px. Screenshots go to /tmp/shots/record/."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import expect
from tests.browser.conftest import Site, Visit, _env, _free_port, look, serving, speak

RECORD_DATA = Path(__file__).resolve().parent / "record_data.py"
SHOTS = Path("/tmp/shots/record")

pytestmark = pytest.mark.slow


class RecordSite(Site):
    def __init__(self, url: str, db: Path, setup: dict[str, str]) -> None:
        super().__init__(url, db)
        self.setup = setup


@pytest.fixture(scope="module")
def record_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RecordSite]:
    db = tmp_path_factory.mktemp("record-site") / "record.sqlite3"
    done = subprocess.run(
        [sys.executable, str(RECORD_DATA), str(db), "setup"],
        check=True,
        capture_output=True,
        text=True,
        env=_env(db),
    )
    site = RecordSite(f"http://127.0.0.1:{_free_port()}", db, json.loads(done.stdout))
    with serving(site, "--no-worker", env=_env(db)):
        yield site


@pytest.mark.parametrize("width", [360, 1280])
def test_the_player_page_shows_the_record_across_events(
    browser: Any, record_site: RecordSite, width: int
) -> None:
    setup = record_site.setup
    visit = Visit(browser, record_site, width)
    try:
        visit.open(f"/e/{setup['chess']}/player/{quote(setup['player'])}/")
        record = visit.page.locator("section.record")
        expect(record.get_by_role("heading", name="Record on this site")).to_be_visible()
        kinds = record.locator("table.record-kinds tbody tr")
        expect(kinds).to_have_count(2)
        expect(kinds.nth(0)).to_contain_text("Bao")
        expect(kinds.nth(1)).to_contain_text("Chess")
        # Farida won her three Bao games: 3 games, above the newcomer's 1800.
        bao_cells = kinds.nth(0).locator("td")
        expect(bao_cells.nth(0)).to_have_text("3")
        assert int(bao_cells.nth(1).inner_text()) > 1800
        events = record.locator("ul.record-events li")
        expect(events).to_have_count(3)  # the KIBA tournament just started too
        expect(events.filter(has_text="KIBA countries match 2026").locator("a")).to_be_visible()
        width_used = visit.page.evaluate("document.documentElement.scrollWidth")
        assert width_used <= width, f"the page scrolls sideways at {width} px ({width_used})"
        SHOTS.mkdir(parents=True, exist_ok=True)
        visit.page.screenshot(path=str(SHOTS / f"player-record-{width}.png"), full_page=True)
        look(visit, "player-record", "en")
        # The other event's page, reached from the list, shows the same record.
        events.filter(has_text="KIBA countries match 2026").locator("a").click()
        expect(visit.page.locator("section.record table.record-kinds")).to_contain_text("Bao")
        # The same page in Persian.
        speak(visit, "fa")
        visit.open(f"/e/{setup['chess']}/player/{quote(setup['player'])}/")
        look(visit, "player-record", "fa")
    finally:
        visit.close()


@pytest.mark.parametrize("width", [360, 1280])
def test_the_kiba_initial_list_seeds_from_the_site_and_marks_declared_figures(
    browser: Any, record_site: RecordSite, width: int
) -> None:
    visit = Visit(browser, record_site, width)
    try:
        visit.open(f"/e/{record_site.setup['kiba']}/preset/")
        rows = visit.page.locator("table.initial-list tbody tr")
        expect(rows).to_have_count(7)
        # The guest's typed-in 30 games put them first (category 1), marked declared; the
        # others have the site's 3 games (category 2), Farida first with the best Elo.
        expect(rows.nth(0)).to_contain_text("Guest Mgeni")
        expect(rows.nth(0)).to_contain_text("declared")
        expect(rows.nth(1)).to_contain_text("Farida Nakato")
        expect(rows.nth(1)).not_to_contain_text("declared")
        SHOTS.mkdir(parents=True, exist_ok=True)
        visit.page.screenshot(path=str(SHOTS / f"kiba-initial-list-{width}.png"), full_page=False)
        rows.nth(0).scroll_into_view_if_needed()
        visit.page.screenshot(path=str(SHOTS / f"kiba-initial-list-rows-{width}.png"))
    finally:
        visit.close()


@pytest.mark.parametrize("width", [360, 1280])
def test_the_mwamuzi_corrects_a_declared_claim_from_the_console(
    browser: Any, record_site: RecordSite, width: int
) -> None:
    setup = record_site.setup
    visit = Visit(browser, record_site, width)
    visit.context.add_cookies(
        [{"name": "sessionid", "value": setup["arbiter"], "url": visit.site.url}]
    )
    try:
        visit.open(f"/console/{setup['may']}/do/players.correct-figures/?player=Guest%20Mgeni")
        page = visit.page
        expect(page.get_by_role("heading", name="Correct declared figures")).to_be_visible()
        page.get_by_label("Games played").fill(str(10 + width % 7))
        page.get_by_label("Rating").fill("1750")
        page.get_by_label("Reason").fill("The KIBA archive shows fewer games")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"console-correct-figures-{width}.png"), full_page=True)
        page.get_by_role("button", name="Correct declared figures").click()
        expect(page.get_by_text("Declared figures of Guest Mgeni corrected")).to_be_visible()
        width_used = page.evaluate("document.documentElement.scrollWidth")
        assert width_used <= width, f"the page scrolls sideways at {width} px ({width_used})"
        visit.open(f"/e/{setup['may']}/player/Guest%20Mgeni/")
        expect(page.locator("dl.facts")).to_contain_text(f"{10 + width % 7} (declared)")
    finally:
        visit.close()
