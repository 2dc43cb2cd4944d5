"""Issue 29, "Accessible pages" (keyboard use of the board and the grid) and "Rulings that fit
the game" (Bao), on the real server with the Bao site of test_bao_play:

- South plays a legal move with the keyboard alone: Tab reaches the board once (on the first
  ringed pit), the arrow keys move between the pits as drawn, Space chooses the pit as a tap
  does, the focus is then on the directions, the arrow keys move between them and Enter plays
  the move (and the nyumba decision the same way when it arises); each pit is named with its
  seeds for screen readers. axe-core finds no WCAG 2.1 A/AA violation on the game page (on
  move, a pit chosen, and off move; en and fa).
- The Mwamuzi enters a result in the console's results grid with the keyboard alone: ↓ moves
  to the next board, 1 then Enter saves 1-0 and readies the next empty board, ↑ moves back to
  the saved result.
- A disputed Bao game in the Mwamuzi's queue (moves, clocks, the board link, the Bao outcomes):
  screenshots at 360 and 1280 px, en and fa, with no sideways scroll and no axe violation.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from tests.browser.conftest import Visit, fits, look
from tests.browser.test_accessibility import violations
from tests.browser.test_bao_play import (  # noqa: F401 (the module's fixtures, reused)
    SLUG,
    BaoSite,
    _player,
    bao_site,
    inbox,
)

pytestmark = pytest.mark.slow


def _active(page: Any, expression: str) -> Any:
    return page.evaluate(f"(() => {{ const e = document.activeElement; return {expression}; }})()")


def _no_violations(visit: Visit) -> None:
    found = violations(visit)
    assert found == [], "\n".join(found)


def _language(visit: Visit, language: str) -> None:
    visit.context.add_cookies(
        [{"name": "django_language", "value": language, "url": visit.site.url}]
    )


def test_a_bao_move_with_the_keyboard_only(browser: Any, bao_site: BaoSite) -> None:  # noqa: F811
    setup = bao_site.setup
    south = _player(browser, bao_site, setup["south"], 1280)
    north = _player(browser, bao_site, setup["north"], 360)
    try:
        page = south.page
        south.open(bao_site.game_path)
        _no_violations(south)
        legal = page.locator(".choices .hint bdi").inner_text().split(", ")
        move = legal[-1]
        # Tab reaches the board once, on the first ringed pit in reading order
        for _ in range(80):
            page.keyboard.press("Tab")
            if _active(page, "!!e.closest('svg.bao-board')"):
                break
        first = page.locator("svg.bao-board a.choosable").first.get_attribute("data-pit")
        assert _active(page, "e.dataset.pit") == first
        assert page.locator("svg.bao-board [tabindex='0']").count() == 1
        # every pit is named with its seeds for screen readers
        label = _active(page, "e.getAttribute('aria-label')")
        assert label.startswith(f"pit {first}, ")
        assert "seeds" in label
        # the arrow keys move between the pits as drawn, up to the move's pit
        target = page.locator(f'svg.bao-board [data-pit="{move[:2]}"]')
        row, col = int(target.get_attribute("data-row")), int(target.get_attribute("data-col"))
        for _ in range(16):
            here_row, here_col = _active(page, "[Number(e.dataset.row), Number(e.dataset.col)]")
            if (here_row, here_col) == (row, col):
                break
            if here_row != row:
                page.keyboard.press("ArrowDown" if here_row < row else "ArrowUp")
            else:
                page.keyboard.press("ArrowRight" if here_col < col else "ArrowLeft")
        assert _active(page, "e.dataset.pit") == move[:2]
        # the focus is visible: the focused pit's ring is the white focus ring
        stroke = _active(page, "getComputedStyle(e.querySelector('.cup')).stroke")
        assert stroke == "rgb(255, 255, 255)"
        south.screenshot("bao-keyboard-pit")
        # Space chooses the pit as a tap does; the focus is then on the first direction
        page.keyboard.press("Space")
        page.wait_for_url(f"**?pit={move[:2]}*")
        _no_violations(south)
        assert _active(page, "e.dataset.sign") in ("<", ">")
        if _active(page, "e.dataset.sign") != move[2]:
            page.keyboard.press("ArrowRight")
        assert _active(page, "e.dataset.sign") == move[2]
        south.screenshot("bao-keyboard-direction")
        if _active(page, "e.tagName") == "A":  # the nyumba decision is still to make
            page.keyboard.press("Enter")
            page.wait_for_url("**dir=*")
            house = "play" if "+" in move else "stop"
            while _active(page, "e.dataset.house") != house:
                page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        expect(page.locator("#game")).to_have_attribute("data-next-ply", "2")
        stored = bao_site.bao("moves", setup["slug"], str(setup["game"]))
        assert [notation for _, _, notation in stored] == [move]
        # the typed-move box stays for whoever prefers typing; axe, off move and on move, fa
        north.open(bao_site.game_path)
        assert north.page.locator("#typed-move").count() == 1
        _no_violations(north)
        _language(north, "fa")
        north.open(bao_site.game_path)
        assert north.page.locator("html").get_attribute("dir") == "rtl"
        _no_violations(north)
        fits(north)
        north.screenshot("bao-keyboard-fa")
        _language(south, "fa")
        south.open(bao_site.game_path)
        _no_violations(south)
    finally:
        south.close()
        north.close()


@pytest.fixture(scope="module")
def mwamuzi(bao_site: BaoSite) -> str:  # noqa: F811
    """The session cookie of a Mwamuzi (arbiter) of the Bao event."""
    session: str = bao_site.bao("arbiter", SLUG)["session"]
    return session


def _mwamuzi(browser: Any, site: BaoSite, session: str, width: int) -> Visit:
    visit = Visit(browser, site, width, 740 if width < 600 else 900)
    visit.context.add_cookies([{"name": "sessionid", "value": session, "url": site.url}])
    return visit


def test_the_mwamuzi_enters_a_result_in_the_grid_with_the_keyboard_only(
    browser: Any,
    bao_site: BaoSite,  # noqa: F811
    mwamuzi: str,
) -> None:
    visit = _mwamuzi(browser, bao_site, mwamuzi, 1280)
    try:
        page = visit.page
        visit.open(f"/console/{SLUG}/results/")
        # the first empty board has the focus; ↓ moves to the next board's box
        first_row = _active(page, "e.closest('tr').id")
        assert _active(page, "e.classList.contains('result-input')")
        page.keyboard.press("ArrowDown")
        row = _active(page, "e.closest('tr').id")
        assert row != first_row
        assert _active(page, "e.classList.contains('result-input')")
        # 1 types 1-0, Enter saves it; the next empty board is ready
        page.keyboard.press("1")
        assert _active(page, "e.value") == "1-0"
        page.keyboard.press("Enter")
        expect(page.locator(f"#{row} .result.saved")).to_be_visible()
        expect(page.locator(f"#{row} .result-input")).to_have_count(0)
        assert _active(page, "e.closest('tr').id") not in (row, first_row)
        # ↑ goes back to the saved result's cell, focused and outlined
        page.keyboard.press("ArrowUp")
        assert _active(page, "e.tagName") == "TD"
        assert _active(page, "e.closest('tr').id") == row
        assert _active(page, "getComputedStyle(e).outlineStyle") == "solid"
        _no_violations(visit)
        visit.screenshot("bao-grid-keyboard")
    finally:
        visit.close()


def test_a_disputed_bao_game_in_the_mwamuzis_queue(
    browser: Any,
    bao_site: BaoSite,  # noqa: F811
    mwamuzi: str,
) -> None:
    disputed = bao_site.bao("dispute", SLUG)
    session = mwamuzi
    for language in ("en", "fa"):
        for width in (360, 1280):
            visit = _mwamuzi(browser, bao_site, session, width)
            try:
                _language(visit, language)
                visit.open(f"/console/{SLUG}/queues/")
                article = visit.page.locator("article.dispute")
                expect(article).to_have_count(1)
                moves = article.locator(".bao-moves bdi").all_inner_texts()
                assert moves == disputed["moves"]
                board = article.locator(".evidence-links a").first
                assert board.get_attribute("href").endswith(
                    f"/play/{SLUG}/{disputed['game']}/replay/?ply=3"
                )
                options = article.locator("select[name=result] option").all_inner_texts()
                assert len(options) == 5  # "choose" and the four Bao outcomes, no draw
                # A clock left reads in the page's direction ("23 days 4 h" in Persian words
                # from the right), not forced left to right as the moves are.
                clock = article.locator(".evidence-clocks bdi").first
                direction = clock.evaluate("(e) => getComputedStyle(e).direction")
                assert direction == ("rtl" if language == "fa" else "ltr")
                if language == "fa":  # the game's place in Persian words, not "round 1, board 2"
                    assert "round" not in article.locator("h3").inner_text()
                fits(visit)
                _no_violations(visit)
                visit.screenshot(f"bao-dispute-{language}")
                look(visit, "bao-dispute", language)
            finally:
                visit.close()
