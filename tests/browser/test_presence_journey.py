"""Issue 33 items 2 and 3 in the browser: ten players check in on their phones (360 px) and
two do not; the arbiter sees the roll call and the draft name the two, publishes, and the
published round gives them the event's absence outcome; after round 2 a late entry appears in
the standings with the points of its missed rounds. The same journey for each preset that
pairs round by round with the roll call (chess Swiss; Tasaselo, R4, R5, A1). Screenshots at 360
and 1280 px go to /tmp/shots/presence/<preset>/."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import JourneySite, Visit, journey_site, shot, signed_in

pytestmark = pytest.mark.slow

SHOTS = Path("/tmp/shots/presence")
PLAYERS = [
    "Amani", "Baraka", "Chausiku", "Dalila", "Eshe", "Faraji",
    "Gamba", "Halima", "Imani", "Jabari", "Kito", "Lulu",
]  # fmt: skip
ABSENT = ("Kito", "Lulu")


class PresenceSite(JourneySite):
    script = Path(__file__).resolve().parent / "presence_data.py"
    preset = "chess-swiss"


@pytest.fixture(scope="module", params=["chess-swiss", "tasaselo"])
def presence_site(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[PresenceSite]:
    name, clock = f"presence-{request.param}", "2026-03-14T09:30:00+00:00"
    with journey_site(PresenceSite, tmp_path_factory, name, clock, request.param) as site:
        site.preset = request.param
        yield site


_visit = signed_in


def _shot(visit: Visit, name: str) -> None:
    shot(visit, SHOTS / (visit.site.preset if isinstance(visit.site, PresenceSite) else ""), name)


def test_ten_check_in_two_are_absent_and_a_late_entry_scores(
    browser: Any, presence_site: PresenceSite
) -> None:
    site = presence_site
    users = [name.lower() for name in PLAYERS] + ["arbiter"]
    sessions: dict[str, str] = json.loads(site.data("logins", *users))
    checking_in = [name for name in PLAYERS if name not in ABSENT]
    # Ten players check in on their phones.
    for number, name in enumerate(checking_in):
        phone = _visit(browser, site, sessions[name.lower()], 360)
        try:
            phone.open("/me/")
            button = phone.page.get_by_role("button", name="Check in for round 1")
            if number == 0:
                _shot(phone, "player-before")
            button.click()
            phone.page.get_by_text("You are checked in for round 1.").wait_for()
            if number == 0:
                _shot(phone, "player-checked-in")
        finally:
            phone.close()
    # The two who did not still see the button, and what not checking in gives.
    late_phone = _visit(browser, site, sessions["kito"], 1280)
    try:
        late_phone.open("/me/")
        assert late_phone.page.get_by_role("button", name="Check in for round 1").is_visible()
        assert "Not checked in when round 1 is paired: zero-point bye." in (
            late_phone.page.inner_text("main")
        )
        _shot(late_phone, "player-before")
    finally:
        late_phone.close()
    # The arbiter's roll call, by name and by board, then the draft, then publishing.
    for width in (360, 1280):
        desk = _visit(browser, site, sessions["arbiter"], width)
        try:
            desk.open("/console/open/roll-call/")
            text = desk.page.inner_text("main")
            assert "10 present, 2 not checked in" in text
            _shot(desk, "roll-call")
            desk.open("/console/open/draft/")
            text = desk.page.inner_text("main")
            assert "Not checked in, absent: Kito, Lulu (zero-point bye)" in text
            if site.preset == "chess-swiss":  # the Swiss checklist explains each player
                assert text.count("absent, not checked in: zero-point bye") == 2
            _shot(desk, "draft")
            if width == 1280:
                desk.page.get_by_role("button", name="Publish this round").click()
                desk.page.get_by_text("Round 1 is published.").wait_for()
        finally:
            desk.close()
    for width in (360, 1280):
        public = _visit(browser, site, None, width)
        try:
            public.open("/e/open/round/1/")
            rows = public.page.locator("tr", has_text="Kito")
            assert "zero-point bye" in rows.first.inner_text()
            assert "zero-point bye" in public.page.locator("tr", has_text="Lulu").first.inner_text()
            _shot(public, "round-1")
        finally:
            public.close()
    # Rounds 1 and 2 are played; Neema enters late, with half a point for each missed round.
    site.data("play-round", "1")
    site.data("play-round", "2")
    site.data("late", "Neema")
    for width in (360, 1280):
        public = _visit(browser, site, None, width)
        try:
            public.open("/e/open/standings/")
            row = public.page.locator("tr", has_text="Neema").first
            assert "late entry from round 3: rounds 1-2 half a point each" in row.inner_text()
            _shot(public, "standings")
        finally:
            public.close()
