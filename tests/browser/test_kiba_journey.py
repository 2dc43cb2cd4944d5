"""Issue 14 acceptance: a KIBA tournament run entirely in the browser (kiba-bao spec).

Three members sign up with the sign-up form (verifying their e-mail from the mail the server
writes) and enter the tournament from their personal page (R1). KIBA needs at least 6 players
(R2) and 7 to have both a qualification with two groups and semifinals (A6: G = ceil(n/6)), so
the set-up enters the other four without the browser (tests/browser/kiba_data.py, through the
app layer) together with the Mwamuzi's account and role. Everything else is done through the
pages: the Mwamuzi starts the tournament and pairs each stage in the console (draft, then
publish), a player withdraws through the link on the tournament's pages (R34, A14), results are
entered in the console's results grid (the event's `play_on_site` parameter is off: results
are reported, not played on the site) and by the players from their page (a report and its
confirmation), through the qualification groups, the semifinal groups (R14), the best-of-3
final with its game 3 (R32, E7), to the winner shown on the public page (R33, A11).

The better seed wins every game except where the story says otherwise, so the tables need no
playoff. Screenshots at 360 and 1280 px go to var/screenshots/kiba-*."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.browser.conftest import (
    Site,
    Visit,
    as_user,
    new_site,
    serving,
)
from tests.browser.conftest import shots as journey_shots
from tests.browser.test_accounts import PASSWORD, _link, _mail_to

# A whole journey through a real server (tens of seconds): `make test-slow`.
pytestmark = pytest.mark.slow

DATA = Path(__file__).resolve().parent / "kiba_data.py"
SLUG = "kiba-cup"
MWAMUZI = "mwamuzi"
SIGN_UPS = (
    # (name, e-mail, Elo, games played on KIBA): seeds 1, 4 and 7 of the seven (R6-R8).
    ("Amina", "amina@example.org", "2100", "300"),  # KIBA score 510: seed 1
    ("Baraka", "baraka@example.org", "1900", "60"),  # 250: seed 4
    ("Chausiku", "chausiku@example.org", "1650", "0"),  # category 3 (R6): seed 7
)


class KibaSite(Site):
    script = DATA

    def facts(self) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(self.data("facts", SLUG))
        return found


@pytest.fixture(scope="module")
def kiba(tmp_path_factory: pytest.TempPathFactory) -> Iterator[KibaSite]:
    site = new_site(KibaSite, tmp_path_factory, "kiba-journey")
    site.data("setup", SLUG)
    with serving(site):
        yield site


def shots(browser: Any, site: KibaSite, user: str | None, path: str, name: str) -> None:
    """The page at 360 and 1280 px as `user` (None: anonymous), as var/screenshots/kiba-*."""
    journey_shots(browser, site, user, path, name, prefix="kiba")


def sign_up_and_join(browser: Any, site: KibaSite, entry: tuple[str, str, str, str]) -> None:
    """The sign-up form, the verification mail's link, then the tournament from my page."""
    name, address, elo, games = entry
    visit = Visit(browser, site, 1280)
    page = visit.page
    try:
        visit.open("/")
        page.get_by_role("link", name="Sign up").click()
        page.fill("input[name=email]", address)
        page.fill("input[name=password1]", PASSWORD)
        page.fill("input[name=password2]", PASSWORD)
        page.locator("main button[type=submit]").click()
        page.wait_for_url("**/account/confirm-email/")
        message, _seen = _mail_to(site, address, 0)
        page.goto(_link(message, site))
        page.locator("main button[type=submit]").click()
        page.wait_for_url("**/me/")
        # R1: a member enters from their personal page.
        visit.open("/me/join/")
        page.click(f"a[href='/me/e/{SLUG}/join/']")
        page.fill("#id_name", name)
        page.fill("#id_rating", elo)
        page.fill("#id_games_played", games)
        page.click("main button[type=submit]")
        page.wait_for_url("**/me/")
        expect(page.locator("main")).to_contain_text(f"You play as {name}.")
    finally:
        visit.close()


def seeds(page: Any, row: str) -> tuple[int, int]:
    """The seed numbers of a grid row's first and second player."""
    first = page.inner_text(f"#{row} .first .no")
    second = page.inner_text(f"#{row} .second .no")
    return int(first), int(second)


def enter_round(page: Any, number: int, upsets: frozenset[tuple[int, int]] = frozenset()) -> int:
    """Types every open result of the round in the grid with the keyboard: the better seed
    (lower number) wins, except the (winner, loser) seeds in `upsets`. Returns how many."""
    page.goto(page.url.split("/console/")[0] + f"/console/{SLUG}/results/?round={number}")
    rows: list[str] = page.eval_on_selector_all(
        "#grid .result-input", "boxes => boxes.map(b => b.closest('tr').id)"
    )
    for row in rows:
        first, second = seeds(page, row)
        better, worse = sorted((first, second))
        first_wins = first == (worse if (worse, better) in upsets else better)
        page.locator(f"#{row} .result-input").focus()
        page.keyboard.press("1" if first_wins else "0")
        page.keyboard.press("Enter")
        expect(page.locator(f"#{row} .saved")).to_have_text(
            "1-0" if first_wins else "0-1", timeout=10000
        )
    return len(rows)


def pair_stage(visit: Visit, title: str, boards: list[str]) -> None:
    """The desk's draft link, then publish: the stage is paired as one unit (R19). `boards`:
    the draft's boards, as "first-second" by name."""
    page = visit.page
    page.goto(page.url.split("/console/")[0] + f"/console/{SLUG}/")
    page.get_by_role("link", name="Pair the next round (draft)").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Draft: {title}")
    drafted = page.eval_on_selector_all(
        "table.draft-boards tbody tr",
        "rows => rows.map(r => Array.from(r.cells).slice(1)"
        ".map(c => c.innerText.replace(/^\\d+\\s+/, '')).join('-'))",
    )
    assert drafted == boards
    visit.screenshot(f"kiba-draft-{title.lower().replace(' ', '-')}")
    page.get_by_role("button", name="Publish this round").click()
    expect(page.locator(".messages")).to_contain_text("is published")


def test_a_kiba_tournament_run_entirely_in_the_browser(browser: Any, kiba: KibaSite) -> None:
    site = kiba
    for entry in SIGN_UPS:
        sign_up_and_join(browser, site, entry)
    assert site.facts()["entries"] == sorted(
        ["Amina", "Baraka", "Chausiku", "Juma", "Neema", "Omari", "Zawadi"]
    )
    shots(browser, site, "amina@example.org", "/me/", "me-joined")

    # The Mwamuzi starts the tournament (the seeds are fixed, R8) and pairs the qualification.
    shots(browser, site, MWAMUZI, f"/console/{SLUG}/", "desk-registration")
    mwamuzi = as_user(browser, site, MWAMUZI)
    page = mwamuzi.page
    mwamuzi.open(f"/console/{SLUG}/")
    page.get_by_role("button", name="Start the event").click()
    expect(page.locator(".messages")).to_contain_text("7 players")
    mwamuzi.screenshot("kiba-desk-started")
    page.get_by_role("link", name="Pair the next round (draft)").click()
    mwamuzi.screenshot("kiba-draft-qualification")
    page.get_by_role("button", name="Publish this round").click()
    expect(page.locator(".messages")).to_contain_text("is published")
    mwamuzi.close()
    shots(browser, site, None, f"/e/{SLUG}/preset/", "groups")

    # Chausiku withdraws through the link on the tournament's pages (R34): her unfinished
    # games are lost by abandonment (A14).
    chausiku = as_user(browser, site, "chausiku@example.org")
    page = chausiku.page
    chausiku.open(f"/e/{SLUG}/")
    page.click(".me-withdraw a")
    expect(page.locator("main")).to_contain_text("You take no further part")
    chausiku.screenshot("kiba-withdraw-confirm")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    # Out of the next stage; her games of this one are abandoned (A14), as the grid shows.
    expect(page.locator("main")).to_contain_text("Withdrawn from round 2.")
    chausiku.close()
    assert site.facts()["withdrawals"] == ["Chausiku"]

    # The qualification's results in the grid: groups A (seeds 1, 3, 5, 7) and B (2, 4, 6).
    mwamuzi = as_user(browser, site, MWAMUZI)
    page = mwamuzi.page
    mwamuzi.open(f"/console/{SLUG}/")
    entered = enter_round(page, 1)
    assert entered == 12  # 18 games, less the 6 Chausiku abandoned
    mwamuzi.screenshot("kiba-grid-qualification")

    # Semifinals (R14): group 1 the group winners (Amina, Juma), group 2 the runners-up
    # (Neema, Baraka); Baraka (seed 4) beats Neema (seed 3) twice.
    pair_stage(mwamuzi, "Stage 2", ["Amina-Juma", "Neema-Baraka"])
    assert enter_round(page, 2, upsets=frozenset({(4, 3)})) == 4
    mwamuzi.screenshot("kiba-grid-semifinals")

    # The final (R15): Amina against Baraka, best of 3 (R32).
    pair_stage(mwamuzi, "Stage 3", ["Amina-Baraka"])
    mwamuzi.close()

    # Amina reports game 1 from her page and Baraka confirms it from his.
    amina = as_user(browser, site, "amina@example.org")
    page = amina.page
    amina.open("/me/")
    page.click("a[href*='result.report'][href*='game=1']")
    page.fill("#f-result", "1-0")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    amina.close()
    baraka = as_user(browser, site, "baraka@example.org")
    page = baraka.page
    baraka.open("/me/")
    expect(page.locator("main")).to_contain_text("1 result needs your confirmation")
    baraka.screenshot("kiba-me-confirm")
    page.click(".action-confirm a[href*='result.confirm'][href*='game=1']")
    page.click("main button[type=submit]")
    page.wait_for_url("**/me/")
    baraka.close()

    # Baraka wins game 2 (entered by the Mwamuzi), so game 3 follows (E7: W, L) and Amina
    # wins it: 2-1.
    mwamuzi = as_user(browser, site, MWAMUZI)
    page = mwamuzi.page
    # Bad input first: Bao has no drawn game (A23); the grid says so at the row, and nothing
    # is written.
    mwamuzi.open(f"/console/{SLUG}/results/?round=3")
    page.locator("#b1-g2 .result-input").focus()
    page.keyboard.press("=")
    page.keyboard.press("Enter")
    expect(page.locator("#b1-g2 .field-error")).to_be_visible(timeout=10000)
    mwamuzi.screenshot("kiba-grid-draw-refused")
    assert [g[3] for g in site.facts()["games"] if g[0] == 3] == ["1-0", "*"]
    assert enter_round(page, 3, upsets=frozenset({(4, 1)})) == 1
    assert enter_round(page, 3) == 1
    mwamuzi.screenshot("kiba-grid-final")
    final = [g for g in site.facts()["games"] if g[0] == 3]
    assert [g[2] for g in final] == [1, 2, 3]

    # The final is decided: the Mwamuzi closes the tournament from the desk.
    mwamuzi.open(f"/console/{SLUG}/")
    page.get_by_role("link", name="Close the event").click()
    page.locator("main button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text(f"Closed {SLUG}")
    mwamuzi.close()
    assert site.facts()["state"] == "closed"
    shots(browser, site, MWAMUZI, f"/console/{SLUG}/results/?round=1", "grid-qualification")
    shots(browser, site, "baraka@example.org", "/me/", "me-finished")

    # The winner on the public page (R33).
    public = Visit(browser, site, 1280)
    public.open(f"/e/{SLUG}/preset/")
    expect(public.page.locator(".champion")).to_contain_text("Winner: Amina")
    expect(public.page.locator("main")).to_contain_text("Amina – Baraka: 2–1")
    public.close()
    shots(browser, site, None, f"/e/{SLUG}/preset/", "winner")
    shots(browser, site, None, f"/e/{SLUG}/standings/", "standings")
