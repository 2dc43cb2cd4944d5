"""Issue 29: the doors a newcomer must find, as browser journeys on the real server at 360 and
1280 px, in English and Persian, over a running Bao event whose games are played on the site
(bao_data.py builds it; South of its first game is on move).

- item 1: "Play" on every running Bao game: my page and the round's pairings link to the game
  page; the header shows "My games" and "My page" to a player with games;
- item 12: an illegal typed move: the refusal (role=alert) is in the viewport at 360 px;
- item 2: the Persian game page at 360 px: no sideways scroll, each clock fits its box, KIBA
  notation stays left to right, the Left button stays left of the Right button.

Screenshots: var/screenshots/doors-*-{360,1280}.png."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.browser.conftest import Site, Visit, _env, new_site, serving

BAO_DATA = Path(__file__).resolve().parent / "bao_data.py"
SLUG = "bao-doors"
WIDTHS = (360, 1280)
LANGUAGES = ("en", "fa")


class DoorsSite(Site):
    setup: dict[str, Any]

    @property
    def game_path(self) -> str:
        return f"/play/{self.setup['slug']}/{self.setup['game']}/"


@pytest.fixture(scope="module")
def doors(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DoorsSite]:
    site = new_site(DoorsSite, tmp_path_factory, "doors")
    done = subprocess.run(
        [sys.executable, str(BAO_DATA), str(site.db), "setup", SLUG],
        check=True,
        capture_output=True,
        text=True,
        env=_env(site.db),
    )
    site.setup = json.loads(done.stdout)
    with serving(site, "--no-worker"):
        yield site


def _as(
    browser: Any, site: DoorsSite, key: str, width: int, language: str, **options: Any
) -> Visit:
    visit = Visit(browser, site, width, 740 if width < 600 else 900, **options)
    visit.context.add_cookies(
        [
            {"name": "sessionid", "value": site.setup["sessions"][key], "url": site.url},
            {"name": "django_language", "value": language, "url": site.url},
        ]
    )
    return visit


def _fits(visit: Visit) -> None:
    width = visit.page.evaluate("document.documentElement.scrollWidth")
    assert width <= visit.width, f"{visit.page.url} is {width} px wide at {visit.width} px"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", WIDTHS)
def test_issue_29_item_1_play_links_on_my_page_and_the_round_page_and_header_doors(
    browser: Any, doors: DoorsSite, width: int, language: str
) -> None:
    """Issue 29 item 1 and "findable doors": my page offers "Play" (the game page) for the
    move that is due and beside each running game; the round's pairings link every running
    game; the header links "My games" and "My page" for a player (no console: no role)."""
    setup = doors.setup
    visit = _as(browser, doors, setup["south"], width, language)
    try:
        visit.open("/me/")
        todo = visit.page.locator(".todo a.play")
        expect(todo.first).to_have_attribute("href", doors.game_path)
        assert visit.page.locator(".my-games a.play").count() >= 2  # a match of two games
        header = visit.page.locator("header.site")
        expect(header.locator("a.door-games")).to_have_attribute("href", "/play/")
        expect(header.locator("a.door-me")).to_have_attribute("href", "/me/")
        assert header.locator("a.door-console").count() == 0
        _fits(visit)
        visit.screenshot(f"doors-me-{language}")

        visit.open(f"/e/{SLUG}/round/1/")
        plays = visit.page.locator("table.pairings a.play")
        hrefs = plays.evaluate_all("els => els.map(e => e.getAttribute('href'))")
        assert doors.game_path in hrefs
        # Every game of the round is running (none played yet): one link per game row.
        assert len(hrefs) == visit.page.locator("table.pairings tr.game").count() >= 2
        assert all(h.startswith(f"/play/{SLUG}/") for h in hrefs)
        _fits(visit)
        visit.screenshot(f"doors-round-{language}")

        todo_link = visit.open("/me/")
        assert todo_link.status == 200
        visit.page.locator(".todo a.play").first.click()
        visit.page.wait_for_url(f"**{doors.game_path}")
        expect(visit.page.locator("svg.bao-board a.choosable").first).to_be_visible()
    finally:
        visit.close()


def _illegal(legal: list[str]) -> str:
    for pit in ("A1", "A2", "B1", "B8", "A8"):
        for sign in ("<", ">"):
            if f"{pit}{sign}" not in legal and not any(m.startswith(pit + sign) for m in legal):
                return f"{pit}{sign}"
    pytest.fail(f"no illegal move found beside {legal}")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", WIDTHS)
def test_issue_29_item_12_a_refused_typed_move_is_shown_where_the_eye_is(
    browser: Any, doors: DoorsSite, width: int, language: str
) -> None:
    """Issue 29 item 12: after an illegal typed move the refusal (role=alert) is next to the
    move box and inside the viewport, at 360 px too; nothing is played."""
    setup = doors.setup
    visit = _as(browser, doors, setup["south"], width, language)
    try:
        visit.open(doors.game_path)
        ply = visit.page.locator("#game").get_attribute("data-next-ply")
        hint = visit.page.locator(".typed .hint").inner_text()
        legal = [m.strip() for m in hint.split(":", 1)[1].split(",")]
        box = visit.page.locator("#typed-move")
        # As on a phone: the move box at the bottom of the screen, the board above it.
        box.evaluate("e => e.scrollIntoView({block: 'end'})")
        box.fill(_illegal(legal))
        visit.page.locator(".typed button[type=submit]").click()
        alert = visit.page.locator("#game [role=alert]")
        expect(alert).to_be_visible()
        inside = alert.evaluate(
            "e => { const r = e.getBoundingClientRect();"
            " return r.top >= 0 && r.bottom <= window.innerHeight; }"
        )
        assert inside, "the refusal is outside the viewport"
        typed = _illegal(legal)
        expect(box).to_be_focused()  # the cursor back in the move box, the reason beside it
        # The notation in the reason stays as typed, left to right, in fa too (item 2).
        notation = alert.locator("bdi.notation").first
        assert notation.inner_text() == typed
        assert notation.evaluate("e => getComputedStyle(e).direction") == "ltr"
        described = box.get_attribute("aria-describedby") or ""
        assert alert.get_attribute("id") in described.split()
        assert visit.page.locator("#game").get_attribute("data-next-ply") == ply
        visit.page.screenshot(path=str(_shot(f"doors-refused-{language}-{width}")), full_page=False)
    finally:
        visit.close()


def _shot(name: str) -> Path:
    from tests.browser.conftest import SCREENSHOTS

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS / f"{name}.png"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", WIDTHS)
def test_issue_29_item_2_the_game_page_keeps_its_geometry_in_persian(
    browser: Any, doors: DoorsSite, width: int, language: str
) -> None:
    """Issue 29 item 2: the game page (a pit tapped) fits the width, each clock fits its box,
    the KIBA notation is written left to right (its computed direction is ltr, its text as
    typed: `A6<`, not `>A6`), the Left button is left of the Right one, the move list and the
    board read left to right, in fa as in en."""
    setup = doors.setup
    visit = _as(browser, doors, setup["south"], width, language)
    try:
        visit.open(doors.game_path)
        visit.page.locator("svg a.choosable").first.click()
        visit.page.wait_for_url("**?pit=*")
        wide = visit.page.evaluate(
            "[...document.querySelectorAll('main *')].filter(e => {"
            " const r = e.getBoundingClientRect(); return r.right > innerWidth + 1 || r.left < -1;"
            " }).slice(0, 5).map(e => e.outerHTML.slice(0, 80))"
        )
        assert not wide, f"outside the page at {width} px: {wide}"
        _fits(visit)
        for clock in visit.page.locator(".clock").all():
            over = clock.evaluate("e => e.scrollWidth - e.clientWidth")
            assert over <= 0, f"a clock overflows its box by {over} px"
        signs = visit.page.locator(".choices [data-sign]")
        assert signs.count() == 2
        left, right = signs.nth(0), signs.nth(1)
        assert left.get_attribute("data-sign") == "<"
        assert left.bounding_box()["x"] < right.bounding_box()["x"], "Left is right of Right"
        for button in (left, right):
            notation = button.locator(".notation")
            text = notation.inner_text()
            assert re.fullmatch(r"[AB][1-8][<>][*+]?", text), text  # `A6<*`, never `*>A6`
            assert notation.evaluate("e => getComputedStyle(e).direction") == "ltr"
            assert notation.evaluate("e => getComputedStyle(e).unicodeBidi") == "isolate"
        for where in ("figure.bao", ".choices .buttons", ".typed .row", ".move-list"):
            found = visit.page.locator(where)
            if found.count():
                assert found.first.evaluate("e => getComputedStyle(e).direction") == "ltr", where
        visit.screenshot(f"doors-game-{language}")
    finally:
        visit.close()


STAMP = r"\d{4}-\d\d-\d\d \d\d:\d\d"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("width", WIDTHS)
def test_issue_29_item_14_the_clock_says_the_deadline_once(
    browser: Any, doors: DoorsSite, width: int, language: str
) -> None:
    """Issue 29 item 14: "Move by 2026-12-13 03:35 UTC · 2026-12-13 03:35 UTC" said the time
    twice. A reader at UTC reads it once; a reader in Dar es Salaam reads the local time with
    UTC beside it; both on the first visit (the browser writes it) and the next (the server
    writes it from the zone cookie), and the clock still fits its box."""
    setup = doors.setup
    for zone, times in (("UTC", 1), ("Africa/Dar_es_Salaam", 2)):
        visit = _as(browser, doors, setup["south"], width, language, timezone_id=zone)
        try:
            for _visit in ("first", "next"):
                visit.open(doors.game_path)
                deadline = visit.page.locator(".clock.on-move .deadline")
                expect(deadline).to_be_visible()
                text = deadline.inner_text()
                found = re.findall(STAMP, text)
                assert len(found) == times, f"{zone}, {_visit} visit: {text!r}"
                assert text.count("UTC") == 1, text
                if times == 2:
                    assert found[0] != found[1], text
                    assert "Africa/Dar_es_Salaam" in text
                    local = deadline.locator("time").inner_text()
                    assert "Africa/Dar_es_Salaam" in local, "the reader's time comes first"
                over = deadline.evaluate(
                    "e => e.closest('.clock').scrollWidth - e.closest('.clock').clientWidth"
                )
                assert over <= 0, f"the clock overflows its box by {over} px"
                _fits(visit)
            visit.screenshot(f"doors-clock-{zone.replace('/', '-')}-{language}")
        finally:
            visit.close()
