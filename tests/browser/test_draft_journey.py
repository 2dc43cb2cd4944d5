"""The arbiter changes a Swiss draft by hand in the browser (issue 33 item 1, acceptance): a
swap puts two players who both want the same colour absolutely on one board, the page names
the broken rule by its id ("C3: ... both want White"), the arbiter publishes with a reason and
the audit log shows it. At 1280 px, the changed draft and the audit also at 360 px (no
horizontal scrolling); screenshots to /tmp/shots/draft/.

The site is its own (draft_data.py: a Dutch Swiss of twelve with three rounds played)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import Site, Visit, as_user, fits, new_site, serving

SHOTS = Path("/tmp/shots/draft")
ARBITER = "darb"

pytestmark = pytest.mark.slow


class DraftSite(Site):
    script = Path(__file__).resolve().parent / "draft_data.py"


@pytest.fixture(scope="module")
def draft_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[DraftSite, str]]:
    site = new_site(DraftSite, tmp_path_factory, "draft")
    slug = site.data("setup")
    with serving(site):
        yield site, slug


def _shot(visit: Visit, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    visit.page.screenshot(path=str(SHOTS / f"{name}-{visit.width}.png"), full_page=True)


def test_issue33_swap_see_the_broken_rule_publish_with_a_reason(
    browser: Any, draft_site: tuple[DraftSite, str]
) -> None:
    site, slug = draft_site
    other, player = site.data("c3", slug).split()
    arbiter = as_user(browser, site, ARBITER)
    page = arbiter.page
    arbiter.open(f"/console/{slug}/draft/")
    _shot(arbiter, "draft")
    swap = page.locator("form.change-form", has=page.locator("input[value=swap]"))
    swap.locator("select[name=player_a]").select_option(other)
    swap.locator("select[name=player_b]").select_option(player)
    swap.locator("input[name=reason]").fill("the two asked to play each other")
    swap.get_by_role("button", name="Swap").click()
    rules = page.locator("section.violations").inner_text()
    assert "C3" in rules
    assert "both want White" in rules or "both want Black" in rules
    assert "the two asked to play each other" in page.locator("ol.changes").inner_text()
    _shot(arbiter, "changed")
    phone = as_user(browser, site, ARBITER, 360)
    try:
        phone.open(f"/console/{slug}/draft/")
        assert "C3" in phone.page.locator("section.violations").inner_text()
        fits(phone)
        _shot(phone, "changed")
    finally:
        phone.close()
    publish = page.locator("form.publish")
    publish.locator("input[name=reason]").fill("C3 accepted: both players agreed")
    publish.get_by_role("button", name="Publish this round").click()
    assert "is published" in page.inner_text(".messages")
    arbiter.open(f"/console/{slug}/audit/")
    audit = page.locator("ol.audit").inner_text()
    assert "C3 accepted: both players agreed" in audit
    assert "draft.swap" in audit
    _shot(arbiter, "audit")
    arbiter.close()
    phone = as_user(browser, site, ARBITER, 360)
    try:
        phone.open(f"/console/{slug}/audit/")
        fits(phone)
        _shot(phone, "audit")
    finally:
        phone.close()
