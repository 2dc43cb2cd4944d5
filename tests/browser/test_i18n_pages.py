"""Issue 17 in the browser: in each language the standings, pairings, a player's page and a
form open from the real server, with screenshots at 360 and 1280 px (var/screenshots, look at
them); in Persian the page reads right to left and the standings row of a player with 12½
points and rating 2448 shows both in logical order, in its text and in the positions of the
elements and characters on the screen."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import Site, Visit, _env

I18N_DATA = Path(__file__).resolve().parent / "i18n_data.py"
SLUG = "tehran-rr"
STAR = "Ann Persia"
LANGUAGES = ("en", "sw", "ro", "fa", "fi")
PAGES = {
    "standings": f"/e/{SLUG}/standings/",
    "pairings": f"/e/{SLUG}/round/13/",
    "player": f"/e/{SLUG}/player/Ann%20Persia/",
    "form": "/account/login/",
}


@pytest.fixture(scope="module")
def i18n_site(site: Site) -> Site:
    subprocess.run(
        [sys.executable, str(I18N_DATA), str(site.db), "setup", SLUG],
        check=True,
        capture_output=True,
        env=_env(site.db),
    )
    return site


@pytest.fixture(params=[360, 1280], ids=["phone", "desktop"])
def visit(request: pytest.FixtureRequest, browser: Any, i18n_site: Site) -> Iterator[Visit]:
    width = request.param
    seen = Visit(browser, i18n_site, width, 740 if width == 360 else 900)
    yield seen
    seen.close()


def choose(visit: Visit, language: str) -> None:
    visit.context.add_cookies(
        [{"name": "django_language", "value": language, "url": visit.site.url}]
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_page_in_each_language(visit: Visit, language: str) -> None:
    choose(visit, language)
    for name, path in PAGES.items():
        response = visit.open(path)
        assert response.status == 200, (language, path)
        html = visit.page.locator("html")
        assert html.get_attribute("lang") == language
        assert html.get_attribute("dir") == ("rtl" if language == "fa" else "ltr")
        selected = visit.page.locator("#site-language option:checked")
        assert selected.get_attribute("value") == language
        visit.screenshot(f"i18n-{language}-{name}")
    # The form is usable: its own button is there and says something.
    visit.open(PAGES["form"])
    assert visit.page.locator("main button[type=submit]").inner_text().strip()


def test_the_switcher_changes_the_language_without_javascript(
    browser: Any, i18n_site: Site
) -> None:
    seen = Visit(browser, i18n_site, 360, 740)
    seen.context.close()
    seen.context = browser.new_context(
        viewport={"width": 360, "height": 740}, java_script_enabled=False
    )
    seen.context.route("**/*", seen._guard)
    seen.page = seen.context.new_page()
    try:
        seen.open(PAGES["standings"])
        assert seen.page.locator("html").get_attribute("lang") == "en"
        seen.page.select_option("#site-language", "fa")
        seen.page.locator("header form.language-switcher button[type=submit]").click()
        seen.page.wait_for_load_state()
        assert seen.page.url.endswith(PAGES["standings"])
        assert seen.page.locator("html").get_attribute("dir") == "rtl"
        # Persian digits, an option of fa.
        seen.page.select_option("#site-digits", "fa")
        seen.page.locator("header form.language-switcher button[type=submit]").click()
        seen.page.wait_for_load_state()
        row = seen.page.locator("table.standings tbody tr", has_text=STAR)
        assert "۱۲½" in row.inner_text()
        assert "۲۴۴۸" in row.inner_text()
        seen.screenshot("i18n-fa-digits-standings")
    finally:
        seen.close()


CHARACTERS = """(cell) => {
  const text = cell.querySelector('bdi').firstChild;
  const rects = [];
  for (let i = 0; i < text.length; i++) {
    const range = document.createRange();
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    const r = range.getBoundingClientRect();
    rects.push([text.data[i], r.left, r.right]);
  }
  return rects;
}"""


def test_persian_standings_keep_12_and_a_half_and_2448_in_logical_order(visit: Visit) -> None:
    choose(visit, "fa")
    visit.open(PAGES["standings"])
    assert visit.page.locator("html").get_attribute("dir") == "rtl"
    row = visit.page.locator("table.standings tbody tr", has_text=STAR)
    assert row.count() == 1
    cells = row.locator("td, th")
    texts = [t.strip() for t in cells.all_inner_texts()]
    # Rank, start number, name, rating, points, figures, note: the values as written.
    assert texts[2:5] == [STAR, "2448", "12½"]
    name_box = cells.nth(2).bounding_box()
    rating_box = cells.nth(3).bounding_box()
    points_box = cells.nth(4).bounding_box()
    assert name_box is not None
    assert rating_box is not None
    assert points_box is not None
    # Right to left: the columns run from the right edge; name, then rating, then points.
    assert name_box["x"] > rating_box["x"] > points_box["x"]
    # Inside each cell the number reads left to right: "12½", never "½12" (lichess's bug).
    for cell, expected in ((cells.nth(4), "12½"), (cells.nth(3), "2448")):
        characters = cell.evaluate(CHARACTERS)
        assert "".join(c for c, _, _ in characters) == expected
        lefts = [left for _, left, _ in characters]
        assert lefts == sorted(lefts), characters
    visit.screenshot("i18n-fa-standings-row")


HALF = """(root) => {
  const bdi = [...root.querySelectorAll('bdi')].find((b) => b.textContent.includes('½'));
  const text = bdi.firstChild;
  const rects = [];
  for (let i = 0; i < text.length; i++) {
    const range = document.createRange();
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    rects.push([text.data[i], range.getBoundingClientRect().left]);
  }
  return rects;
}"""


def test_persian_pairings_write_points_before_the_round_left_to_right(visit: Visit) -> None:
    """A figure alone in a <bdi> (no strong letter) among Persian words: "11½", not "½11"."""
    choose(visit, "fa")
    visit.open(PAGES["pairings"])
    row = visit.page.locator("tbody tr", has_text=STAR).first
    characters = row.evaluate(HALF)
    assert "".join(c for c, _ in characters) == "11½"
    lefts = [left for _, left in characters]
    assert lefts == sorted(lefts), characters


CARD_FITS = """(table) => {
  const box = table.closest('.scroll');
  const frame = box.getBoundingClientRect();
  const cells = [...table.querySelectorAll('tbody tr')].flatMap((row) => {
    const opponent = row.querySelector('td.opponent');
    const result = row.querySelector('td.result');
    return [opponent, result].filter((c) => c).map((c) => {
      const r = c.getBoundingClientRect();
      return [c.className, r.left - frame.left, frame.right - r.right];
    });
  });
  return {overflow: box.scrollWidth - box.clientWidth, cells};
}"""


@pytest.mark.parametrize("language", ["en", "fa"])
def test_a_player_card_shows_opponent_and_result_without_sideways_scrolling(
    visit: Visit, language: str
) -> None:
    """At 360 px, left to right and right to left, the games table of a player's card fits
    its box: the opponent and the result of every game are in view (secondary columns, the
    board and the opponent's rating, give way on a phone)."""
    choose(visit, language)
    visit.open(PAGES["player"])
    table = visit.page.locator("table.card")
    assert table.locator("tbody tr").count() == 13
    seen = table.evaluate(CARD_FITS)
    assert seen["overflow"] <= 1, seen
    assert len(seen["cells"]) == 26
    for name, before, after in seen["cells"]:
        assert before >= -1, (name, before, after)
        assert after >= -1, (name, before, after)
    board = table.locator("thead th.board")
    assert board.is_visible() == (visit.width > 360)
    visit.screenshot(f"i18n-{language}-player-card")
