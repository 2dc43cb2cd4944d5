"""Issue 29 item 15: the console's results grid colours each result cell by its state
(missing, reported awaiting confirmation, disputed, confirmed, ruled, corrected), with a mark
and the state in words beside the colour and a legend; the tints pass WCAG AA contrast."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from tests.app.helpers import ACTOR, T0, make_event

from mashindano.app import people, rounds
from mashindano.app.results import GameRef, dispute_result, report_result

pytestmark = pytest.mark.django_db

CONSOLE_CSS = (
    Path(__file__).resolve().parents[2] / "src" / "mashindano" / "web" / "static" / "web"
) / "console.css"


def _grid() -> tuple[Client, dict[int, str]]:
    """A chess Swiss of eight in round 1: board 1 missing, board 2 reported by a player,
    board 3 entered by the arbiter, board 4 reported and disputed; the arbiter's client and
    the players' keys of board 2 and 4 linked to accounts."""
    make_event("colours", "chess-swiss", 8)
    published = rounds.pair_next_round("colours", actor=ACTOR, now=T0)
    boards = {e.board: e for e in published.encounters}
    arbiter = User.objects.create_user("arif", password="pw")
    people.grant_role("colours", "arif", "arbiter", actor=ACTOR, now=T0)
    for board in (2, 4):
        for side, key in (("a", boards[board].first), ("b", boards[board].second)):
            User.objects.create_user(f"p{board}{side}", password="pw")
            people.link_entry("colours", str(key), f"p{board}{side}", actor=ACTOR, now=T0)
    player = people.principal_for_username
    report_result("colours", GameRef(1, 2), "1-0", actor=player("p2a"), now=T0)
    report_result("colours", GameRef(1, 3), "0-1", actor=player("arif"), now=T0)
    report_result("colours", GameRef(1, 4), "1-0", actor=player("p4a"), now=T0)
    dispute_result("colours", GameRef(1, 4), actor=player("p4b"), reason="I won", now=T0)
    client = Client()
    client.force_login(arbiter)
    return client, {1: "pending", 2: "reported", 3: "confirmed", 4: "disputed"}


def _rows(page: str) -> dict[int, str]:
    return {
        int(found[1]): found[0]
        for found in re.finditer(
            r'<tr class="grid-row[^"]*" id="b(\d+)-g1"[^>]*>.*?</tr>', page, re.S
        )
    }


@pytest.mark.parametrize("language", ["en", "fa"])
def test_each_result_cell_has_its_states_colour_mark_and_words(language: str) -> None:
    client, expected = _grid()
    client.cookies["django_language"] = language
    page = client.get("/console/colours/results/").content.decode()
    rows = _rows(page)
    assert set(rows) == {1, 2, 3, 4}
    marks = {"pending": "○", "reported": "◐", "confirmed": "✓", "disputed": "⚠"}
    for board, state in expected.items():
        row = rows[board]
        assert f'data-state="{state}"' in row
        assert f'<td class="entry state-{state}">' in row
        # Not by colour alone: the mark and the state in words (a status span) in the cell.
        assert f'<span class="mark" aria-hidden="true">{marks[state]}</span>' in row
        assert f'<span class="status status-{state}">' in row
    if language == "en":
        assert "not reported" in rows[1]
        assert "disputed" in rows[4]
    legend = re.search(r'<ul class="grid-legend".*?</ul>', page, re.S)
    assert legend
    items = re.findall(r'<li class="state-(\w+)"><span class="mark"', legend.group(0))
    assert items == ["pending", "reported", "disputed", "confirmed", "ruled", "corrected"]
    if language == "en":
        assert "awaiting the opponent&#x27;s confirmation" in legend.group(0) or (
            "awaiting the opponent's confirmation" in legend.group(0)
        )


def _luminance(colour: str) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def _contrast(one: str, two: str) -> float:
    high, low = sorted((_luminance(one), _luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_state_tints_pass_wcag_aa_with_every_text_colour_on_them() -> None:
    css = CONSOLE_CSS.read_text()
    site = (CONSOLE_CSS.parent / "site.css").read_text()
    tints = re.findall(r"\.state-[\w, .-]+\{ --state-bg: (#[0-9a-f]{6});", css)
    assert len(tints) == 5
    texts = {
        name: re.search(rf"--{name}: (#[0-9a-f]{{6}});", site).group(1)  # type: ignore[union-attr]
        for name in ("ink", "muted", "link", "bad", "warn")
    }
    for tint in tints:
        for name, text in texts.items():
            assert _contrast(text, tint) >= 4.5, (name, text, tint)
