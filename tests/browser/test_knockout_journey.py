"""A double-elimination knockout in the browser (issue 27 item 5, acceptance): the arbiter
creates a 16-player double elimination in the console, players report and confirm on their
pages, a disputed result is ruled from the console's queue, the next stage is published, and
the bracket page is looked at on a phone (360 px: the bracket scrolls in its own region, the
page does not) and a desktop (1280 px). Screenshots go to var/screenshots/knockout-*.

The site is its own (knockout_data.py sets the accounts up, links four of them to their
entries and does what the other players and the later pairings do through the app layer)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import Site, Visit, as_user, fits, new_site, serving

# A whole journey through a real server (tens of seconds): `make test-slow`.
pytestmark = pytest.mark.slow

SLUG = "ko16"
ARBITER = "kadmin"
NAMES = (
    "Amani", "Baraka", "Chiku", "Dalila", "Eliya", "Fatuma", "Gabrieli", "Halima",
    "Imani", "Jabari", "Kesi", "Lulu", "Mosi", "Nia", "Omari", "Pendo",
)  # fmt: skip
ENTRIES_CSV = "name,rating\n" + "".join(f"{n},{2100 - 30 * i}\n" for i, n in enumerate(NAMES))


class KnockoutSite(Site):
    script = Path(__file__).resolve().parent / "knockout_data.py"


@pytest.fixture(scope="module")
def knockout_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[KnockoutSite]:
    site = new_site(KnockoutSite, tmp_path_factory, "knockout")
    site.data("setup")
    with serving(site):
        yield site


def _games(site: Site) -> dict[tuple[int, int], list[str]]:
    found = json.loads(site.data("facts", SLUG))
    return {(g[0], g[1]): g[3:] for g in found["games"] if g[2] == 1}


def test_issue27_double_elimination_created_played_ruled_and_drawn(
    browser: Any, knockout_site: KnockoutSite
) -> None:
    site = knockout_site
    # The arbiter creates the event in the console: double elimination, best of 1, by stage.
    arbiter = as_user(browser, site, ARBITER)
    page = arbiter.page
    arbiter.open("/console/new/?preset=knockout")
    page.fill("#id_slug", SLUG)
    page.fill("#id_name", "Knockout cup")
    page.select_option("#id_elimination", "double")
    page.get_by_role("button", name="Create the event").click()
    page.wait_for_url(f"**/console/{SLUG}/")
    assert "Knockout cup" in page.inner_text("main")
    # The 16 entries pasted as PLAYERS.csv, previewed, then registered; the event started
    # (seeds by rating) and the first stage drafted and published, all from the console.
    arbiter.open(f"/console/{SLUG}/import/")
    page.locator("select[name=format]").select_option("csv")
    page.locator("textarea[name=text]").fill(ENTRIES_CSV)
    page.get_by_role("button", name="Preview").click()
    page.get_by_role("button", name="Register 16 players").click()
    page.wait_for_url(f"**/console/{SLUG}/")
    page.get_by_role("button", name="Start the event").click()
    page.get_by_role("link", name="Pair the next round (draft)").click()
    page.get_by_role("button", name="Publish this round").click()
    assert "is published" in page.inner_text(".messages")
    arbiter.close()
    site.data("link", SLUG)

    # Amani (kp1, seed 1) v Pendo (kp2, seed 16): Pendo reports the loss, Amani confirms it
    # on their page.
    board = site.data("board", SLUG, "Amani")
    assert board == site.data("board", SLUG, "Pendo")
    site.data("report", SLUG, "1", board, "1-0", "kp2")
    player = as_user(browser, site, "kp1")
    player.open("/me/")
    player.page.click(f".action-confirm a[href*='result.confirm'][href*='board={board}']")
    player.page.click("main button[type=submit]")
    player.page.wait_for_url("**/me/")
    player.close()
    assert _games(site)[(1, int(board))] == ["1-0", "confirmed"]

    # Halima (kp3, seed 8) v Imani (kp4, seed 9): Halima reports a win, Imani disputes it.
    disputed = site.data("board", SLUG, "Halima")
    site.data("report", SLUG, "1", disputed, "1-0", "kp3")
    site.data("dispute", SLUG, "1", disputed, "kp4", "I won on time")
    site.data("play", SLUG)
    # The next stage waits for the ruling.
    arbiter = as_user(browser, site, ARBITER)
    page = arbiter.page
    arbiter.open(f"/console/{SLUG}/queues/")
    dispute = page.locator("article.dispute")
    assert dispute.count() == 1
    assert "I won on time" in dispute.inner_text()
    arbiter.screenshot("knockout-dispute")
    dispute.locator("select[name=result]").select_option("0-1")
    dispute.locator("input[name=reason]").fill("the clock shows Halima lost on time")
    dispute.locator("button[type=submit]").click()
    page.wait_for_url(f"**/console/{SLUG}/queues/")
    assert "No dispute." in page.inner_text("main")
    arbiter.close()
    assert _games(site)[(1, int(disputed))] == ["0-1", "ruled"]

    # Stage 2: the winners' round 2 and the losers' round 1, Imani in the winners' bracket.
    second = json.loads(site.data("pair", SLUG))
    assert len(second) == 8
    assert any("Imani" in (a, b) for _, a, b in second)
    site.data("play", SLUG)
    json.loads(site.data("pair", SLUG))

    # The bracket page: every section drawn, readable on a phone without sideways page scroll.
    for width in (360, 1280):
        visit = Visit(browser, site, width, 740 if width < 600 else 900)
        try:
            visit.open(f"/e/{SLUG}/preset/")
            text = visit.page.inner_text("main")
            for heading in ("Winners' bracket", "Losers' bracket", "Grand final"):
                assert heading in text
            assert "Amani" in text
            visit.screenshot("knockout-bracket")
            css = visit.page.request.get(site.url + "/static/knockout/bracket.css")
            assert css.status == 200
            fits(visit)
            regions = visit.page.locator(".ko-scroll[role=region]")
            assert regions.count() == 3
        finally:
            visit.close()
    _look_at_a_phone_scroll(browser, site)


def _look_at_a_phone_scroll(browser: Any, site: Site) -> None:
    """On a phone the winners' bracket region scrolls sideways to its later rounds."""
    visit = Visit(browser, site, 360, 740)
    try:
        visit.open(f"/e/{SLUG}/preset/")
        region = visit.page.locator(".ko-winners .ko-scroll")
        wide = region.evaluate("r => r.scrollWidth > r.clientWidth")
        assert wide
        region.evaluate("r => { r.scrollLeft = r.scrollWidth; }")
        visit.page.locator(".ko-winners").screenshot(
            path=str(
                Path(__file__).resolve().parents[2] / "var/screenshots/knockout-scrolled-360.png"
            )
        )
    finally:
        visit.close()
