"""Issue 13, remaining items: each preset's own page against its document (KIBA initial list,
stages, groups, deadlines and final; a Gomoku month row with its points by rule; a Tantrix
match with its TPs per game, gap and winner; the Tasaselo selo list, prize groups and
performance list), the Tantrix plate named as such, standings after an earlier round with a
round picker, and announcements on the pages and the live view. At 360 px no page scrolls
sideways; screenshots at 360 and 1280 px."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect
from tests.browser.conftest import Site, Visit
from tests.browser.test_views import no_sideways_scroll, text

PRESET_EVENTS = ["demo-kiba-bao", "demo-gomoku-league", "demo-tantrix-knockout", "demo-tasaselo"]


def cells(row: object) -> list[str]:
    return [text(c) for c in row.locator("th, td").all()]  # type: ignore[attr-defined]


@pytest.mark.parametrize("slug", PRESET_EVENTS)
def test_preset_page_is_reached_from_the_event_home_and_fits_a_phone(
    site: Site, phone: Visit, desktop: Visit, slug: str
) -> None:
    for visit in (desktop, phone):
        visit.open(f"/e/{slug}/")
        tab = visit.page.locator("nav.tabs a").nth(4)
        label = text(tab)
        tab.click()
        expect(visit.page).to_have_url(re.compile(f"/e/{slug}/preset/$"))
        current = visit.page.locator('nav.tabs a[aria-current="page"]')
        assert text(current) == label
        assert text(visit.page.locator("h1"))  # the page's own title (a Gomoku month's)
        visit.screenshot(f"{slug}-preset")
    assert no_sideways_scroll(phone)


def test_kiba_page_shows_initial_list_stages_groups_deadlines_and_final(
    site: Site, desktop: Visit
) -> None:
    expected = json.loads(site.data("preset", "demo-kiba-bao"))
    desktop.open("/e/demo-kiba-bao/preset/")
    rows = desktop.page.locator("table.initial-list tbody tr")
    for k, (seed, name, category, score) in enumerate(expected["initial"]):
        shown = cells(rows.nth(k))
        assert shown[0] == str(seed)
        assert shown[1].startswith(name)
        assert shown[2] == str(category)
        assert shown[5] == str(score)
    headings = [text(h) for h in desktop.page.locator("section.kiba-stage > h2").all()]
    assert [h.rsplit(" ", 1)[0] for h in headings] == expected["stages"]
    groups = [text(h) for h in desktop.page.locator(".kiba-group .standings-section h3").all()]
    assert groups == expected["groups"]
    assert desktop.page.locator("ul.deadlines li").count() == expected["deadlines"]
    desktop.page.locator(".kiba-group .group-facts a", has_text="pairings").nth(0).click()
    assert text(desktop.page.locator("h1")).startswith("Round 1")  # the group's round
    desktop.page.go_back()
    assert "kiba-bao R21" in text(desktop.page.locator("#deadlines-h + p"))
    first, second, games = expected["final"]
    final = desktop.page.locator("section.kiba-final")
    assert f"{first} – {second}" in text(final.locator("p.lead"))
    assert final.locator("table.final-games tbody tr").count() == games


def test_gomoku_month_row_shows_coefficients_and_points_by_rule(
    site: Site, desktop: Visit, phone: Visit
) -> None:
    expected = json.loads(site.data("preset", "demo-gomoku-league"))["month"]
    desktop.open("/e/demo-gomoku-league/preset/")
    assert text(desktop.page.locator("h1")) == expected["title"]
    row = desktop.page.locator("tbody.month-row").nth(0)
    first = cells(row.locator("tr").nth(0))
    assert first[1] == expected["name"]
    assert first[2] == expected["coefficient"]
    assert first[3] == expected["total"]
    assert first[5] == expected["new_coefficient"]
    for prize in expected["prizes"]:
        assert prize.replace("-", " ") in first[7]  # the prize's code in words
    breakdown = text(row.locator("tr.breakdown"))
    for label, value, spec in expected["items"]:
        assert f"{label} {value} ({spec})" in breakdown  # each item with its rule id
    matches = desktop.page.locator("table.month-matches tbody.board")
    assert matches.count() == expected["matches"]
    upper, lower, validation = expected["first_match"]
    shown = text(matches.nth(0))
    assert upper in shown
    assert lower in shown
    assert validation in shown
    desktop.screenshot("demo-gomoku-league-month")
    phone.open("/e/demo-gomoku-league/month/1/")
    assert no_sideways_scroll(phone)
    phone.screenshot("demo-gomoku-league-month-1")


def test_tantrix_bracket_shows_tps_per_game_totals_gap_and_winner(
    site: Site, desktop: Visit, phone: Visit
) -> None:
    expected = json.loads(site.data("preset", "demo-tantrix-knockout"))
    desktop.open("/e/demo-tantrix-knockout/preset/")
    names = [text(h).split(" ")[0] for h in desktop.page.locator("section.bracket > h2").all()]
    assert names == [n.split(" ")[0] for n in expected["brackets"]]
    match = expected["match"]
    bracket = desktop.page.locator("section.bracket", has_text=match["bracket"]).nth(0)
    card = (
        bracket.locator("section.bracket-round", has_text=match["round"])
        .locator("li.bracket-match", has_text=match["a"])
        .nth(0)
    )
    rows = card.locator("tbody tr")
    a_row, b_row = cells(rows.nth(0)), cells(rows.nth(1))
    assert a_row[0] == match["a"]
    assert b_row[0] == match["b"]
    assert a_row[1 : 1 + len(match["tps"])] == [tp[0] for tp in match["tps"]]
    assert b_row[1 : 1 + len(match["tps"])] == [tp[1] for tp in match["tps"]]
    assert [a_row[-1], b_row[-1]] == match["totals"]
    foot = text(card.locator(".match-foot"))
    assert f"gap {match['gap']}" in foot
    assert "decided" in foot
    won = card.locator("tr.won th")
    assert text(won) == match["winner"]
    phone.open("/e/demo-tantrix-knockout/preset/")
    assert no_sideways_scroll(phone)


def test_tantrix_plate_is_named_plate_not_stage_2(site: Site, desktop: Visit) -> None:
    expected = json.loads(site.data("expect", "demo-tantrix-knockout"))
    assert expected["round"]["stage"] == 2
    desktop.open("/e/demo-tantrix-knockout/")
    stages = [text(s) for s in desktop.page.locator("nav.rounds .stage-name").all()]
    assert stages == ["Main draw", "Plate"]
    desktop.open(f"/e/demo-tantrix-knockout/stage/2/round/{expected['round']['round']}/")
    assert text(desktop.page.locator("h1")).startswith(f"Plate round {expected['round']['round']}")
    assert "White" not in text(desktop.page.locator("#boards"))
    assert "Black" not in text(desktop.page.locator("#boards"))
    desktop.screenshot("demo-tantrix-knockout-plate")


def test_tasaselo_page_shows_selo_list_prize_groups_and_performance(
    site: Site, desktop: Visit
) -> None:
    expected = json.loads(site.data("preset", "demo-tasaselo"))
    desktop.open("/e/demo-tasaselo/preset/")
    selo = desktop.page.locator("table.selo-list tbody tr")
    for k, (name, variable) in enumerate(expected["selos"]):
        shown = cells(selo.nth(k))
        assert shown[1] == name
        assert shown[2] == variable
    groups = [text(g) for g in desktop.page.locator(".prize-group .group-facts").all()]
    assert [g.split(":")[0] for g in groups] == [f"Group {g}" for g in expected["groups"]]
    assert "Comparison" in text(desktop.page.locator(".prize-group thead").nth(0))
    performance = desktop.page.locator("table.performance-list tbody tr")
    for k, (name, minus) in enumerate(expected["performance"]):
        shown = cells(performance.nth(k))
        assert shown[1] == name
        assert shown[-1].replace("−", "-").lstrip("+") == minus


def test_standings_after_an_earlier_round_from_the_round_picker(
    site: Site, phone: Visit, desktop: Visit
) -> None:
    expected = json.loads(site.data("after", "demo-chess-swiss", "2"))
    for visit in (desktop, phone):
        visit.open("/e/demo-chess-swiss/standings/")
        visit.page.locator("nav.round-picker a", has_text=re.compile("^2$")).click()
        expect(visit.page).to_have_url(re.compile(r"/standings/\?after=2$"))
        assert text(visit.page.locator("h1")).startswith("Standings after round 2")
        rows = visit.page.locator("section.standings-section").nth(0).locator("tbody tr")
        for k, (rank, name, points) in enumerate(expected["rows"]):
            shown = cells(rows.nth(k))
            assert shown[0] == rank
            assert shown[2] == name
            assert points in shown
        visit.screenshot("demo-chess-swiss-standings-after-2")
    assert no_sideways_scroll(phone)


def test_gomoku_standings_show_the_coefficient_not_a_rating_and_fit_a_phone(
    site: Site, phone: Visit
) -> None:
    phone.open("/e/demo-gomoku-league/standings/")
    headers = [text(h) for h in phone.page.locator("section.standings-section thead th").all()]
    assert "Rating" not in headers
    assert "Coefficient" in headers
    first = cells(phone.page.locator("section.standings-section tbody tr").nth(0))
    assert re.fullmatch(r"\d+\.\d{3}", first[headers.index("Coefficient")])  # A17
    heading = phone.page.locator("section.standings-section thead th", has_text="Coefficient")
    box = heading.bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= 360, "the coefficient is in view without scrolling"
    assert no_sideways_scroll(phone)
    phone.screenshot("demo-gomoku-league-standings")


def test_an_announcement_shows_on_the_event_pages_and_the_live_view(
    site: Site, desktop: Visit, phone: Visit
) -> None:
    desktop.open("/e/live-club/live/")
    notice = "Round 2 starts at 14:00 in hall B"
    site.data("announce", "live-club", notice)
    expect(desktop.page.locator(".announcements")).to_contain_text(notice, timeout=4000)
    desktop.screenshot("live-club-live-announcement")
    for path in ("/e/live-club/", "/e/live-club/standings/"):
        phone.open(path)
        assert notice in text(phone.page.locator(".announcements"))
        assert no_sideways_scroll(phone)
    phone.screenshot("live-club-announcement")
