"""What a person sees, per preset, against the documents: standings rows with their tie-break
values and legends, a pairing row's board, sides and result, the preset's own tables; at 360 px
no page scrolls sideways; print hides the navigation. Screenshots at 360 and 1280 px."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.browser.conftest import Site, Visit

DEMO_EVENTS = [
    "demo-chess-round-robin",
    "demo-chess-swiss",
    "demo-kiba-bao",
    "demo-kiba-countries",
    "demo-gomoku-league",
    "demo-tantrix-knockout",
    "demo-knockout",
    "demo-tasaselo",
]


def text(locator: Any) -> str:
    return re.sub(r"\s+", " ", str(locator.inner_text())).strip()


def sheet(result: str) -> str:
    """A result as the pairings sheet prints it."""
    return result.replace("1/2", "½")


def round_path(slug: str, place: dict[str, Any]) -> str:
    if place["group"]:
        return f"/e/{slug}/stage/{place['stage']}/group/{place['group']}/round/{place['round']}/"
    if place["stage"] != 1:
        return f"/e/{slug}/stage/{place['stage']}/round/{place['round']}/"
    return f"/e/{slug}/round/{place['round']}/"


def no_sideways_scroll(visit: Visit) -> bool:
    return bool(
        visit.page.evaluate(
            "document.documentElement.scrollWidth <= window.innerWidth"
            " && document.body.scrollWidth <= window.innerWidth"
        )
    )


@pytest.mark.parametrize("slug", DEMO_EVENTS)
def test_standings_show_the_documents_rows_tiebreaks_and_legend(
    site: Site, desktop: Visit, slug: str
) -> None:
    expected = json.loads(site.data("expect", slug))
    desktop.open(f"/e/{slug}/standings/")
    sections = desktop.page.locator("section.standings-section")
    assert sections.count() == len(expected["standings"])
    for index, section in enumerate(expected["standings"]):
        shown = sections.nth(index)
        assert text(shown.locator("h2")) == section["title"]
        headers = [text(h) for h in shown.locator("thead th").all()]
        first = ["Rank", "No.", "Name", "Rating", "Points"]
        if not section["has_ratings"]:
            first.remove("Rating")  # a Gomoku list has no ratings: its coefficient orders it
        n = len(first)
        assert headers[:n] == first
        assert headers[n : n + len(section["columns"])] == section["columns"]
        legend = text(shown.locator("dl.legend")) if section["columns"] else ""
        for definition in section["definitions"]:
            assert definition in legend
        for row_index, row in enumerate(section["rows"]):
            cells = [
                text(c) for c in shown.locator("tbody tr").nth(row_index).locator("th, td").all()
            ]
            assert cells[0] == row["rank"]
            assert cells[2] == row["name"]
            assert cells[n - 1] == row["points"]
            assert cells[n : n + len(row["values"])] == row["values"]
            assert row["note"] in cells[-1]
    desktop.screenshot(f"{slug}-standings")


@pytest.mark.parametrize("slug", DEMO_EVENTS)
def test_pairings_show_board_sides_and_result_as_the_document(
    site: Site, desktop: Visit, slug: str
) -> None:
    expected = json.loads(site.data("expect", slug))
    desktop.open(round_path(slug, expected["round"]))
    assert text(desktop.page.locator("h1")).startswith(expected["round_label"])
    boards = desktop.page.locator("tbody.board")
    assert boards.count() == len(expected["boards"])
    board = expected["boards"][0]
    first = boards.nth(0)
    row = [text(c) for c in first.locator("tr").nth(0).locator("th, td").all()]
    assert row[0] == str(board["board"])
    assert row[1].startswith(board["first"])
    if board["second"] is None:
        assert board["bye"] in row[2]
        return
    assert row[3].startswith(board["second"])
    games = board["games"]
    if len(games) == 1:
        side = games[0]["side"].capitalize()
        assert row[1].endswith(side) == expected["names_sides"]
        assert row[2].startswith(sheet(games[0]["result"]))
    else:
        game_rows = first.locator("tr.game")
        assert game_rows.count() == len(games)
        for k, game in enumerate(games):
            cells = [text(c) for c in game_rows.nth(k).locator("td").all()]
            # Named sides (White, South) where the preset has them; else who starts.
            side = game["side"].capitalize() if expected["names_sides"] else "starts"
            assert cells[1] == f"{game['first']} {side}"
            assert cells[2].startswith(sheet(game["result"]))
            if game["tp"]:
                assert f"TP {game['tp'][0]}–{game['tp'][1]}" in cells[2]
        score = expected["scores"].get(str(board["board"]))
        if score is not None:  # a Tantrix match: TP totals and the winner, not "6 games"
            assert row[2].startswith(f"{score['first']}–{score['second']} {score['unit']}")
            if score["winner"]:
                assert f"{score['winner']} wins" in row[2]
            assert not re.search(r"\d+ games", row[2])  # not "6 games"
    desktop.screenshot(f"{slug}-pairings")


def test_kiba_group_tables_show_qualification_semifinal_and_final(
    site: Site, desktop: Visit
) -> None:
    desktop.open("/e/demo-kiba-bao/standings/")
    titles = [text(h) for h in desktop.page.locator("section.standings-section h2").all()]
    assert any(t.startswith("Qualification group A") for t in titles)
    assert any(t.startswith("Semifinal group S1") for t in titles)
    assert any(t.startswith("Final, best of 3") for t in titles)
    group_a = desktop.page.locator("section.standings-section", has_text="Qualification group A")
    assert "Neustadtl" in text(group_a.locator("thead"))
    assert "kiba-bao R30" in text(group_a.locator("dl.legend"))


def test_tantrix_match_shows_the_tps_of_each_game(site: Site, desktop: Visit) -> None:
    desktop.open("/e/demo-tantrix-knockout/round/1/")
    first = desktop.page.locator("tbody.board", has=desktop.page.locator("tr.game")).nth(0)
    assert re.search(r"TP \d+(\.\d)?–\d+(\.\d)?", text(first))


def test_tasaselo_prize_group_is_shown_with_its_comparison_figures(
    site: Site, desktop: Visit
) -> None:
    desktop.open("/e/demo-tasaselo/standings/")
    group = desktop.page.locator("section.standings-section").nth(0)
    assert text(group.locator("h2")).startswith("Prize group A")
    assert "Comparison" in text(group.locator("thead"))
    assert "group prize 1" in text(group.locator("tbody tr").nth(0))


def test_find_my_board_narrows_the_pairings_to_the_players_board(site: Site, phone: Visit) -> None:
    expected = json.loads(site.data("expect", "demo-chess-swiss"))
    name = expected["boards"][-1]["first"]
    phone.open(round_path("demo-chess-swiss", expected["round"]))
    phone.page.get_by_label("Find my board").fill(name.split()[0])
    expect(phone.page.locator(".found")).to_be_visible()
    assert phone.page.locator("tbody.board").count() < len(expected["boards"])
    assert name in text(phone.page.locator("#boards"))
    assert "for “" in text(phone.page.locator(".found"))
    phone.screenshot("demo-chess-swiss-find")


PAGES = ["", "standings/", "crosstable/", "live/"]


@pytest.mark.parametrize("slug", DEMO_EVENTS)
def test_no_page_scrolls_sideways_at_360_px(site: Site, phone: Visit, slug: str) -> None:
    expected = json.loads(site.data("expect", slug))
    leader = expected["standings"][0]["rows"][0]["name"]
    paths = [f"/e/{slug}/{p}" for p in PAGES]
    paths += [round_path(slug, expected["round"]), f"/e/{slug}/player/{leader}/"]
    wide = []
    for path in paths:
        phone.open(path)
        if not no_sideways_scroll(phone):
            wide.append(path)
        name = path.strip("/").replace("/", "-").replace(" ", "_") or "home"
        phone.screenshot(name)
    assert wide == []


def test_home_lists_events_by_state_and_fits_a_phone(
    site: Site, phone: Visit, desktop: Visit
) -> None:
    for visit in (phone, desktop):
        visit.open("/")
        headings = [text(h) for h in visit.page.locator("main h2").all()]
        assert "Finished" in headings
        assert "Running" in headings
        assert "Demo chess-swiss" in text(visit.page.locator("main"))
        visit.screenshot("home")
    assert no_sideways_scroll(phone)


def test_desktop_screenshots_of_each_event_home(site: Site, desktop: Visit) -> None:
    for slug in DEMO_EVENTS:
        desktop.open(f"/e/{slug}/")
        assert text(desktop.page.locator("h1")) == f"Demo {slug.removeprefix('demo-')}"
        desktop.screenshot(f"{slug}-event")


def test_print_hides_navigation_and_heads_the_page_with_event_and_round(
    site: Site, desktop: Visit
) -> None:
    desktop.open("/e/demo-chess-swiss/round/2/")
    assert desktop.page.locator("nav.tabs").is_visible()
    desktop.page.emulate_media(media="print")
    assert not desktop.page.locator("nav.tabs").is_visible()
    assert not desktop.page.locator("header.site").is_visible()
    assert not desktop.page.locator("form.find").is_visible()
    head = desktop.page.locator(".print-head")
    assert head.is_visible()
    assert text(head) == "Demo chess-swiss · Round 2 pairings"
