"""Issue 31 item 1, Acceptance: on the real server, two players talk on a Bao game page at
360 px, one reports cheating to the Mwamuzi, the Mwamuzi answers from the console (1280 px),
the reporter sees the answer on their page; the Mwamuzi hides a message with a reason and the
players see it hidden. Screenshots at 360 and 1280 px go to /tmp/shots/talk/."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.browser.conftest import Site, Visit, _env, _free_port, refresh_guide, serving

TALK_DATA = Path(__file__).resolve().parent / "talk_data.py"
SHOTS = Path("/tmp/shots/talk")
SLUG = "bao-talk"

pytestmark = pytest.mark.slow


class TalkSite(Site):
    def __init__(self, url: str, db: Path, setup: dict[str, Any]) -> None:
        super().__init__(url, db)
        self.setup = setup

    @property
    def game_path(self) -> str:
        return f"/play/{self.setup['slug']}/{self.setup['game']}/"


@pytest.fixture(scope="module")
def talk_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TalkSite]:
    db = tmp_path_factory.mktemp("talk-site") / "talk.sqlite3"
    done = subprocess.run(
        [sys.executable, str(TALK_DATA), str(db), "setup", SLUG],
        check=True,
        capture_output=True,
        text=True,
        env=_env(db),
    )
    site = TalkSite(f"http://127.0.0.1:{_free_port()}", db, json.loads(done.stdout))
    with serving(site, "--no-worker", env={**_env(db), "MASHINDANO_BASE_URL": site.url}):
        yield site


def _as(browser: Any, site: TalkSite, session: str, width: int) -> Visit:
    visit = Visit(browser, site, width)
    visit.context.add_cookies([{"name": "sessionid", "value": session, "url": site.url}])
    return visit


def _shot(visit: Visit, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    visit.page.screenshot(path=str(SHOTS / f"{name}-{visit.width}.png"), full_page=True)
    refresh_guide(visit.page, name, visit.width)


def _no_sideways_scroll(visit: Visit) -> None:
    width = visit.page.evaluate("document.documentElement.scrollWidth")
    assert width <= visit.width, f"the page scrolls sideways at {visit.width} px ({width})"


def test_two_players_talk_one_reports_the_mwamuzi_answers_and_hides(
    browser: Any, talk_site: TalkSite
) -> None:
    setup = talk_site.setup
    south = _as(browser, talk_site, setup["sessions"][setup["south"]], 360)
    north = _as(browser, talk_site, setup["sessions"][setup["north"]], 360)
    mwamuzi = _as(browser, talk_site, setup["arbiter"], 1280)
    try:
        # South writes; htmx swaps the talk in place.
        south.open(talk_site.game_path)
        south.page.get_by_label("Write to your opponent").fill("Habari! Good luck <3")
        south.page.get_by_role("button", name="Send").click()
        expect(south.page.locator(".talk-message.mine")).to_contain_text("Good luck <3")
        # North reads it and answers.
        north.open(talk_site.game_path)
        expect(north.page.locator(".talk-message")).to_contain_text("Habari!")
        north.page.get_by_label("Write to your opponent").fill("You will lose, cheater!")
        north.page.get_by_role("button", name="Send").click()
        expect(north.page.locator(".talk-message.mine")).to_contain_text("cheater")
        _no_sideways_scroll(north)
        north.page.locator(".talk-message.mine").scroll_into_view_if_needed()  # the guide's picture
        _shot(north, "game-talk")
        # South reports cheating from the game page.
        south.open(talk_site.game_path)
        expect(south.page.locator(".talk-message").nth(1)).to_contain_text("cheater")
        south.page.get_by_role("link", name="Report to the Mwamuzi").click()
        expect(south.page.get_by_role("heading", name="Report to the Mwamuzi")).to_be_visible()
        expect(south.page.locator(".officials")).to_contain_text("mwamuzi")
        south.page.get_by_label("What is it about?").select_option("cheating")
        south.page.get_by_label("Your message to the officials").fill(
            "My opponent answers in seconds with engine moves."
        )
        _shot(south, "report-form")
        south.page.get_by_role("button", name="Send to the officials").click()
        expect(south.page.locator("#reports")).to_contain_text("waiting for the officials")
        # The Mwamuzi answers from the console's queue.
        mwamuzi.open(f"/console/{SLUG}/reports/")
        report = mwamuzi.page.locator(".report-line").first
        expect(report).to_contain_text("engine moves")
        _shot(mwamuzi, "console-reports")
        report.get_by_label("Your answer or ruling").fill(
            "We checked the game: no sign of an engine. We warned your opponent about abuse."
        )
        report.get_by_role("button", name="Send the answer").click()
        expect(mwamuzi.page.get_by_text("Your answer is sent to the reporter.")).to_be_visible()
        # The reporter sees the answer on their page.
        south.open("/me/")
        answer = south.page.locator("#reports .answer")
        expect(answer).to_contain_text("no sign of an engine")
        _no_sideways_scroll(south)
        _shot(south, "my-page-answer")
        # The Mwamuzi reads the talk and hides North's message with a reason.
        mwamuzi.open(talk_site.game_path)
        message = mwamuzi.page.locator(".talk-message").nth(1)
        message.locator("summary").click()
        message.get_by_label("Reason (kept in the log)").fill("abuse of the opponent")
        message.get_by_role("button", name="Hide").click()
        expect(mwamuzi.page.get_by_text("Hidden by mwamuzi: abuse of the opponent")).to_be_visible()
        _shot(mwamuzi, "game-talk-hidden")
        # The players see it hidden, without its text or the reason.
        south.open(talk_site.game_path)
        expect(south.page.locator(".talk-message").nth(1)).to_contain_text(
            "Hidden by the officials."
        )
        expect(south.page.locator("#talk")).not_to_contain_text("cheater")
        _shot(south, "game-talk-hidden")
        # The event page names its officials and links to the message form.
        for visit in (south, mwamuzi):
            visit.open(f"/e/{SLUG}/")
            expect(visit.page.locator(".officials")).to_contain_text("mwamuzi (arbiter)")
            expect(visit.page.get_by_role("link", name="Write to the officials")).to_be_visible()
            _no_sideways_scroll(visit)
            _shot(visit, "event-officials")
        mwamuzi.open(talk_site.game_path)
        mwamuzi.page.set_viewport_size({"width": 1280, "height": 900})
        _shot(mwamuzi, "game-talk-official")
        south.open(f"/console/{SLUG}/reports/")
        assert south.page.locator(".report-line").count() == 0  # players have no queue
    finally:
        for visit in (south, north, mwamuzi):
            visit.close()
