"""The crosstable as a person sees it (issue 29 item 9): a Swiss round by round ("12w1" cells
under R1, R2...), the name column kept in view while the table scrolls inside its own box at
360 px, the page itself never scrolling sideways; the Print links on the pages (issue 33 item
4), hidden when the page itself is printed. Screenshots at 360 and 1280 px."""

from __future__ import annotations

import re

from tests.browser.conftest import Site, Visit
from tests.browser.test_views import no_sideways_scroll, text

SWISS = "/e/demo-chess-swiss/crosstable/"


def test_swiss_crosstable_scrolls_in_its_box_with_the_names_in_view_at_360_px(
    site: Site, phone: Visit
) -> None:
    phone.open(SWISS)
    page = phone.page
    heads = [text(h) for h in page.locator("table.crosstable thead th.cell").all()]
    assert heads == ["R1", "R2", "R3", "R4", "R5"]
    cells = [text(c) for c in page.locator("table.crosstable td.cell").all()]
    assert len(cells) == 12 * 5
    assert all(re.fullmatch(r"(\d{1,2}[wb][10½+-]?|[+½-]|)", c) for c in cells), cells
    assert any(re.fullmatch(r"\d{1,2}[wb]1", c) for c in cells)
    assert no_sideways_scroll(phone)
    box = page.locator(".crosstable-box")
    widths = box.evaluate("b => [b.scrollWidth, b.clientWidth]")
    assert widths[0] > widths[1]  # the table is wider than the phone: it scrolls in its box
    phone.screenshot("crosstable-swiss")
    name = page.locator("table.crosstable tbody th.name").first
    edge = box.bounding_box()
    box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
    after = name.bounding_box()
    last = page.locator("table.crosstable tbody tr").first.locator("td.cell").last
    assert edge is not None
    assert after is not None
    # Scrolled to the last round, the rank column has gone by; the name sticks to the box's
    # edge, whole, and the last round's cell is beside it within the phone's width.
    assert abs(after["x"] - edge["x"]) < 3
    assert after["x"] + after["width"] <= 360
    shown = last.bounding_box()
    assert shown is not None
    assert shown["x"] + shown["width"] <= 360  # and the last round came into view beside it
    assert no_sideways_scroll(phone)
    phone.screenshot("crosstable-swiss-scrolled")


def test_crosstable_at_1280_px_and_print_links_hidden_when_printing(
    site: Site, desktop: Visit
) -> None:
    desktop.open(SWISS)
    links = desktop.page.locator(".print-links a")
    assert [text(a) for a in links.all()] == ["PDF, A4", "PDF, A3"]
    assert links.first.get_attribute("href") == "/e/demo-chess-swiss/print/crosstable.pdf?paper=a4"
    desktop.screenshot("crosstable-swiss")
    desktop.open("/e/demo-chess-round-robin/crosstable/")
    assert desktop.page.locator("table.crosstable.by-rounds").count() == 0
    assert desktop.page.locator("td.self").count() > 0
    desktop.screenshot("crosstable-round-robin")
    desktop.page.emulate_media(media="print")
    assert not desktop.page.locator(".print-links").is_visible()
