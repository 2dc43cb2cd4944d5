"""The console's takeover page (issue 28 item 6): upload or paste a TRF file, the preview shows
the warnings and what will be created (nothing stored), cancel stores nothing, confirm creates
the running event; only event creators reach it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from tests.app.test_takeover import swiss_manager_trf

from mashindano.store import models
from mashindano.store.facts import EventState

pytestmark = pytest.mark.django_db

PAGE = "/console/new/trf/"


def _client(name: str, *, creator: bool) -> Client:
    user = User.objects.create_user(name, f"{name}@example.org", "pw")
    if creator:
        user.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def olga() -> Client:
    return _client("olga", creator=True)


def test_issue28_6_the_create_page_links_to_the_takeover(olga: Client) -> None:
    assert PAGE in olga.get("/console/new/").content.decode()


def test_issue28_6_the_upload_preview_shows_the_warnings_and_stores_nothing(olga: Client) -> None:
    upload = SimpleUploadedFile("open.trf", swiss_manager_trf().encode())
    page = olga.post(PAGE, {"step": "preview", "file": upload}).content.decode()
    warnings = page.index("things to check")
    assert "column ruler skipped" in page
    assert "FIDE id" in page
    assert warnings < page.index("What will be created")
    assert "Nairobi Open 2026 (nairobi-open-2026)" in page
    assert "4 of 7" in page
    assert "round 5: H for #2 Test0002 Player0002" in page
    assert "Create the event" in page
    assert not models.Event.objects.exists()


def test_issue28_6_cancel_stores_nothing(olga: Client) -> None:
    page = olga.post(PAGE, {"step": "preview", "text": swiss_manager_trf()}).content.decode()
    assert f'href="{PAGE}"' in page  # the cancel link: back to an empty form
    assert olga.get(PAGE).status_code == 200
    assert not models.Event.objects.exists()


def test_issue28_6_confirm_creates_the_running_event(olga: Client) -> None:
    text = swiss_manager_trf()
    olga.post(PAGE, {"step": "preview", "text": text})
    response = olga.post(
        PAGE, {"step": "create", "text": text, "slug": "open", "name": "Open 2026"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/console/open/"
    event = models.Event.objects.get(slug="open")
    assert event.state == EventState.RUNNING.value
    assert event.name == "Open 2026"
    assert event.roles.filter(user__username="olga", role="organiser").exists()
    assert olga.get("/console/open/").status_code == 200


def test_issue28_6_the_public_pages_of_a_taken_over_event_are_published(olga: Client) -> None:
    olga.post(PAGE, {"step": "create", "text": swiss_manager_trf(), "slug": "open"})
    visitor = Client()
    for path in ("/e/open/", "/e/open/round/4/", "/e/open/standings/", "/e/open/crosstable/"):
        response = visitor.get(path)
        assert response.status_code == 200, path
    standings = visitor.get("/e/open/standings/").content.decode()
    assert "Test0003 Player0003" in standings
    assert visitor.get("/e/open/export.trf").content.decode().startswith("012 Nairobi Open 2026")


def test_issue28_6_a_broken_file_is_refused_with_the_reason(olga: Client) -> None:
    broken = swiss_manager_trf().replace("    6 b =     8 w 1", "    6 b =     8 w 0", 1)
    response = olga.post(PAGE, {"step": "create", "text": broken})
    assert response.status_code == 400
    assert "line" in response.content.decode()
    assert not models.Event.objects.exists()


def test_issue28_6_strict_refuses_the_oddities(olga: Client) -> None:
    response = olga.post(PAGE, {"step": "preview", "text": swiss_manager_trf(), "strict": "on"})
    assert response.status_code == 400
    assert "strict" in response.content.decode()


def test_issue28_6_only_event_creators_take_over() -> None:
    sam = _client("sam", creator=False)
    assert sam.get(PAGE).status_code == 403
    assert sam.post(PAGE, {"step": "create", "text": swiss_manager_trf()}).status_code == 403
    assert not models.Event.objects.exists()


def test_issue32_a_team_file_previews_and_creates_the_team_event(olga: Client) -> None:
    from tests.app.test_team_import import FOLDER

    text = (FOLDER / "team_swiss_8t4b5r.trf").read_text()
    page = olga.post(PAGE, {"step": "preview", "text": text, "slug": "cup"}).content.decode()
    assert "a team Swiss" in page
    assert "8 teams, 4 boards a match" in page
    assert not models.Event.objects.exists()
    olga.post(PAGE, {"step": "create", "text": text, "slug": "cup", "team_system": ""})
    assert models.Team.objects.filter(event__slug="cup").count() == 8
