"""Issue 29 item 15: the live wall (the projector view, Tasaselo's R35 table) uses the width
of a 1920 px screen: a long table is marked to flow into columns there (CSS multi-column, its
head repeated on each), in type sized by the screen; a short one stays a single column, and
phones and laptops below 1200 px keep one column."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from tests.app.helpers import ACTOR, T0, make_event

from mashindano.app import rounds
from mashindano.app.results import GameRef, report_result

pytestmark = pytest.mark.django_db

SITE_CSS = Path(__file__).resolve().parents[2] / "src/mashindano/web/static/web/site.css"


def _scrolls(page: str) -> dict[str, str]:
    """Each panel's scroll box classes, by panel."""
    return {
        found["panel"]: found["classes"]
        for found in re.finditer(
            r'data-panel="(?P<panel>[\w-]+)".*?<div class="(?P<classes>scroll live-scroll[^"]*)"',
            page,
            re.S,
        )
    }


def test_a_long_wall_table_flows_into_columns_and_a_short_one_does_not() -> None:
    make_event("wall", "tasaselo", 24)
    published = rounds.pair_next_round("wall", actor=ACTOR, now=T0)
    for encounter in published.encounters[:6]:
        report_result("wall", GameRef(1, encounter.board), "1-0", actor=ACTOR, now=T0)
    page = Client().get("/e/wall/live/").content.decode()
    scrolls = _scrolls(page)
    assert scrolls["pairings"] == "scroll live-scroll multi"  # 12 boards
    standings = [v for k, v in scrolls.items() if k.startswith("standings")]
    assert standings
    make_event("small", "chess-swiss", 6)
    rounds.pair_next_round("small", actor=ACTOR, now=T0)
    assert _scrolls(Client().get("/e/small/live/panels/").content.decode()) == {
        "pairings": "scroll live-scroll",
        "standings-1": "scroll live-scroll",
    }


def test_the_columns_are_for_wide_screens_only() -> None:
    css = SITE_CSS.read_text()
    wide = re.search(r"@media \(min-width: 75rem\) \{(.*?)\n\}", css, re.S)
    assert wide
    rule = re.search(r"body\.live \.live-scroll\.multi \{([^}]*)\}", wide.group(1))
    assert rule
    assert "columns:" in rule.group(1)
    assert "vw" in rule.group(1)  # the type grows with the screen
    assert "body.live .live-scroll.multi" not in css.replace(wide.group(0), "")
