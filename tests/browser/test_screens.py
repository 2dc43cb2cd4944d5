"""Issue 29 item 15, the screens, in a real browser (en and fa): the Bao board turned for
North (their rows at the bottom; a tapped pit offers moves in its own name) and as South and
a spectator see it; the live wall using a 1920 px screen; the results grid coloured by state
with marks and a legend, at 360 and 1280 px. Screenshots: /tmp/shots/screens/."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import Site, Visit, new_site, serving

pytestmark = pytest.mark.slow

SHOTS = Path("/tmp/shots/screens")
LANGUAGES = ("en", "fa")


class ScreensSite(Site):
    script = Path(__file__).resolve().parent / "screens_data.py"


@pytest.fixture(scope="module")
def screens(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Site, dict[str, str]]]:
    site = new_site(ScreensSite, tmp_path_factory, "screens")
    found: dict[str, str] = json.loads(site.data("setup").splitlines()[-1])
    with serving(site):
        yield site, found


def _visit(browser: Any, site: Site, width: int, language: str, session: str = "") -> Visit:
    height = 1080 if width > 1500 else (740 if width < 600 else 900)
    visit = Visit(browser, site, width, height)
    cookies = [{"name": "django_language", "value": language, "url": site.url}]
    if session:
        cookies.append({"name": "sessionid", "value": session, "url": site.url})
    visit.context.add_cookies(cookies)
    return visit


def _shot(visit: Visit, name: str, *, full: bool = True) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    width = visit.page.evaluate("document.documentElement.scrollWidth")
    assert width <= visit.width, f"{visit.page.url} is {width} px wide at {visit.width} px"
    visit.page.screenshot(path=str(SHOTS / f"{name}-{visit.width}.png"), full_page=full)


def _board_rows(page: Any) -> list[str]:
    """The pits' names row by row, top to bottom, as drawn on the screen."""
    places = page.evaluate(
        """[...document.querySelectorAll('.bao-board [data-pit]')].map(function (g) {
             var box = g.getBoundingClientRect();
             return [g.getAttribute('data-pit'), Math.round(box.x), Math.round(box.y)];
           })"""
    )
    rows: dict[int, list[tuple[int, str]]] = {}
    for name, x, y in places:
        rows.setdefault(y, []).append((x, name))
    return [" ".join(n for _, n in sorted(rows[y])) for y in sorted(rows)]


def _boards(browser: Any, site: Site, found: dict[str, str], language: str) -> None:
    north = _visit(browser, site, 360, language, found["north"])
    try:
        north.open(found["game"])
        rows = _board_rows(north.page)
        assert rows[-1] == "b1 b2 b3 b4 b5 b6 b7 b8"  # North's own back row at the bottom
        assert rows[0] == "B8 B7 B6 B5 B4 B3 B2 B1"
        assert north.page.locator("html").get_attribute("dir") == (
            "rtl" if language == "fa" else "ltr"
        )
        _shot(north, f"board-north-{language}")
        # A tap on a ringed pit offers moves written from that pit, as on the unturned board.
        pit = north.page.locator(".bao-board a.choosable").first
        name = pit.get_attribute("data-pit")
        assert name is not None
        pit.click()
        north.page.wait_for_url(f"**pit={name}**")
        offered = north.page.locator(".choices [data-sign]")
        assert offered.count() >= 1
        for i in range(offered.count()):
            notation = offered.nth(i).locator(".notation").inner_text()
            assert notation.startswith(name), (notation, name)
        # Turned to South's view on asking, and back.
        north.page.locator("[data-turn]").click()
        north.page.wait_for_url("**from=S**")
        assert _board_rows(north.page)[-1] == "B1 B2 B3 B4 B5 B6 B7 B8"
        north.page.locator("[data-turn]").click()
        north.page.wait_for_url("**from=N**")
        assert _board_rows(north.page)[-1] == "b1 b2 b3 b4 b5 b6 b7 b8"
    finally:
        north.close()
    south = _visit(browser, site, 360, language, found["south"])
    try:
        south.open(found["game"])
        assert _board_rows(south.page)[-1] == "B1 B2 B3 B4 B5 B6 B7 B8"
        _shot(south, f"board-south-{language}")
    finally:
        south.close()


def _wall(browser: Any, site: Site, language: str) -> None:
    for width in (360, 1280, 1920):
        visit = _visit(browser, site, width, language)
        try:
            visit.open("/e/screens-wall/live/?rotate=600")
            # The page asks for its panels once at once and puts them in again: measure after
            # that, or the cell measured may be the one just replaced (no box).
            visit.page.locator("#live-clock:not(:empty)").wait_for()
            cells = visit.page.locator('[data-panel="pairings"] tbody th.num')
            first, eleventh = cells.nth(0).bounding_box(), cells.nth(10).bounding_box()
            assert first is not None
            assert eleventh is not None
            if width >= 1280:  # two columns: board 11 heads the second, beside board 1
                assert abs(eleventh["y"] - first["y"]) < 5
                assert abs(eleventh["x"] - first["x"]) > width / 3
            else:
                assert eleventh["y"] > first["y"]
            _shot(visit, f"wall-{language}", full=width != 1920)
        finally:
            visit.close()


def _grid(browser: Any, site: Site, found: dict[str, str], language: str) -> None:
    for width in (360, 1280):
        visit = _visit(browser, site, width, language, found["arbiter"])
        try:
            visit.open("/console/screens-grid/results/")
            page = visit.page
            assert page.locator(".grid-legend li").count() == 6
            colours = {
                state: page.locator(f"td.entry.state-{state}").first.evaluate(
                    "cell => getComputedStyle(cell).backgroundColor"
                )
                for state in ("pending", "reported", "disputed", "confirmed", "ruled")
            }
            assert len(set(colours.values())) == 5, colours
            assert page.locator("td.entry.state-disputed .mark").first.inner_text() == "⚠"
            _shot(visit, f"grid-{language}")
        finally:
            visit.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_the_wall_and_the_grid_on_their_screens(
    browser: Any, screens: tuple[Site, dict[str, str]], language: str
) -> None:
    site, found = screens
    _boards(browser, site, found, language)
    _wall(browser, site, language)
    _grid(browser, site, found, language)
