"""Issue 33 item 5 and issue 31 item 2 in the browser: the event starts by itself at its
announced start (the worker's tick with the time given), the arbiter's desk shows when round 1
is paired by itself and holds the schedule with a reason from its small form, the tick at the
round's time publishes nothing while held, and after the release the round is there on the
public page. Screenshots at 360 and 1280 px go to /tmp/shots/schedule/."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.browser.conftest import (
    JourneySite,
    Visit,
    journey_site,
    look,
    reads_left_to_right,
    shot,
    signed_in,
    speak,
)

pytestmark = pytest.mark.slow

SHOTS = Path("/tmp/shots/schedule")


class ScheduleSite(JourneySite):
    script = Path(__file__).resolve().parent / "schedule_data.py"


@pytest.fixture(scope="module")
def schedule_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ScheduleSite]:
    clock = "2026-03-14T06:00:00+00:00"
    with journey_site(ScheduleSite, tmp_path_factory, "schedule", clock) as site:
        yield site


_visit = signed_in


def _shot(visit: Visit, name: str) -> None:
    shot(visit, SHOTS, name)


def test_the_event_starts_on_time_and_the_arbiter_holds_and_releases_round_one(
    browser: Any, schedule_site: ScheduleSite
) -> None:
    site = schedule_site
    sessions: dict[str, str] = json.loads(site.data("logins", "arbiter"))
    for width in (360, 1280):
        page = _visit(browser, site, None, width)
        try:
            page.open("/e/saturday/")
            assert "2026-03-14 09:30 Africa/Dar_es_Salaam" in page.page.inner_text("#start-date")
            _shot(page, "public-before-start")
            look(page, "schedule-public-before-start", "en")
            speak(page, "fa")
            page.open("/e/saturday/")
            look(page, "schedule-public-before-start", "fa")
        finally:
            page.close()
    site.data("tick", "2026-03-14T06:30:00+00:00")  # 09:30 in Dar es Salaam: it starts
    for width in (360, 1280):
        desk = _visit(browser, site, sessions["arbiter"], width)
        try:
            desk.open("/console/saturday/")
            state = desk.page.inner_text("#schedule-state")
            assert "2026-03-14 10:00 Africa/Dar_es_Salaam" in state
            _shot(desk, "desk-scheduled")
            look(desk, "schedule-desk", "en")
            speak(desk, "fa")
            desk.open("/console/saturday/")
            look(desk, "schedule-desk", "fa")
            # The round's time keeps its order in Persian (not "10:00 2026-03-14").
            due = "2026-03-14 10:00" if width == 1280 else "2026-03-14"
            reads_left_to_right(desk.page.locator("#schedule-state"), due)
            speak(desk, "en")
            desk.open("/console/saturday/")
            if width == 1280:
                desk.page.fill("#hold-reason", "the hall is not ready")
                desk.page.get_by_role("button", name="Hold the schedule").click()
                desk.page.wait_for_url("**/console/saturday/")
                assert "Held by arbiter: the hall is not ready" in desk.page.inner_text(
                    "#schedule-state"
                )
        finally:
            desk.close()
    site.data("tick", "2026-03-14T07:05:00+00:00")  # 10:05: held, nothing published
    desk = _visit(browser, site, sessions["arbiter"], 360)
    try:
        desk.open("/console/saturday/")
        assert "Held by arbiter" in desk.page.inner_text("#schedule-state")
        _shot(desk, "desk-held")
        desk.page.get_by_role("button", name="Release the schedule").click()
        desk.page.wait_for_url("**/console/saturday/")
        assert "Hold the schedule" in desk.page.content()
    finally:
        desk.close()
    site.data("tick", "2026-03-14T07:06:00+00:00")  # released: round 1 goes
    for width in (360, 1280):
        page = _visit(browser, site, None, width)
        try:
            page.open("/e/saturday/round/1/")
            assert "Amani" in page.page.content()
            page.open("/e/saturday/")
            assert "11:30" in page.page.inner_text("#next-pairing")
            _shot(page, "public-round-1")
        finally:
            page.close()


def test_the_create_form_takes_the_start_and_the_schedule_on_a_phone(
    browser: Any, schedule_site: ScheduleSite
) -> None:
    sessions: dict[str, str] = json.loads(schedule_site.data("logins", "creator"))
    for width in (360, 1280):
        form = _visit(browser, schedule_site, sessions["creator"], width)
        try:
            form.open("/console/new/?preset=chess-swiss")
            field = form.page.locator("#id_start_at")
            field.scroll_into_view_if_needed()
            assert field.is_visible()
            assert form.page.locator("#id_round_schedule").is_visible()
            _shot(form, "create-form")
        finally:
            form.close()
