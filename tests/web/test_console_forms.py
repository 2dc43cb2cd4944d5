"""Issue 29 item 15, the console's forms: one player by hand, the preset picker in words, the
create form of a preset with many settings (grouped, every error at its field and above the
form) and the audit log as sentences."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.utils import translation
from tests.app.helpers import ACTOR, T0, make_event

from mashindano.app import events, people, rounds
from mashindano.app.declarations.parameters import EVENT_WIDE_FIELDS
from mashindano.app.documents.console import audit_sentence, preset_setting_groups
from mashindano.app.errors import SettingsProblems
from mashindano.app.performing import all_actions
from mashindano.store import models

pytestmark = pytest.mark.django_db


@pytest.fixture
def olga() -> Client:
    """An organiser (and event creator) of "club", a chess Swiss of four in registration."""
    make_event("club", "chess-swiss", 4, start=False)
    user = User.objects.create_user("olga", "olga@example.org", "pw")
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    people.grant_role("club", "olga", "organiser", actor=ACTOR, now=T0)
    client = Client()
    client.force_login(user)
    return client


def _has_error(page: str, field_id: str) -> bool:
    return bool(re.search(rf'class="field has-error[^"]*">\s*<label for="{field_id}"', page))


# -- 1. one player by hand ----------------------------------------------------------------------


def test_one_player_is_added_by_hand_through_the_registration_use_case(olga: Client) -> None:
    page = olga.get("/console/club/import/").content.decode()
    assert "Add a player" in page
    assert 'name="step" value="add"' in page
    response = olga.post(
        "/console/club/import/",
        {"step": "add", "name": "Zuhura Ali", "rating": "1750", "country": "TZA"},
    )
    assert response.status_code == 302
    entry = models.Entry.objects.get(event__slug="club", key="Zuhura Ali")
    assert (entry.rating, entry.country) == (1750, "TZA")
    audit = models.AuditEntry.objects.filter(event__slug="club").latest("version")
    assert (audit.actor, audit.action) == ("olga", "players.register")


def test_a_refused_player_is_named_at_the_field_and_nothing_is_registered(olga: Client) -> None:
    before = models.Entry.objects.filter(event__slug="club").count()
    taken = olga.post("/console/club/import/", {"step": "add", "name": "P01"}).content.decode()
    assert _has_error(taken, "player_name")
    assert "already registered" in taken
    negative = olga.post(
        "/console/club/import/", {"step": "add", "name": "Neema", "rating": "-5"}
    ).content.decode()
    assert _has_error(negative, "player_rating")
    assert models.Entry.objects.filter(event__slug="club").count() == before


# -- 2. the preset picker -----------------------------------------------------------------------


def test_the_preset_picker_names_each_preset_with_its_line(olga: Client) -> None:
    page = olga.get("/console/new/").content.decode()
    assert "KIBA Bao tournament" in page
    assert "seeded qualification groups" in page  # the preset's own description
    assert 'href="?preset=kiba-bao"' in page
    assert ">kiba-bao<" not in page  # no bare slug as the link's text
    chosen = olga.get("/console/new/?preset=kiba-bao").content.decode()
    assert "Preset <strong>KIBA Bao tournament</strong>" in chosen


# -- 3. a preset with many settings --------------------------------------------------------------


def test_every_setting_is_in_exactly_one_group() -> None:
    groups = preset_setting_groups("kiba-bao")
    names = [n for g in groups for n in g.names]
    assert len(names) == len(set(names))
    assert "min_players" in groups[0].names
    assert not groups[0].advanced
    assert any(g.advanced for g in groups)
    # In no declared group ("Other settings"): the event-wide ones (language, start, schedule).
    assert groups[-1].names == tuple(spec.name for spec in EVENT_WIDE_FIELDS)
    assert [g.title for g in preset_setting_groups("chess-swiss")] == ["Settings"]


def test_the_kiba_create_form_groups_its_settings_and_folds_the_advanced(olga: Client) -> None:
    page = olga.get("/console/new/?preset=kiba-bao").content.decode()
    assert "<legend>Players and groups</legend>" in page
    assert re.search(r"<details class=\"settings-group\">\s*<summary>Scoring and ratings", page)
    assert page.count('class="field') >= 30


def test_every_error_of_the_create_form_is_at_its_field_and_in_the_summary(olga: Client) -> None:
    response = olga.post(
        "/console/new/",
        {
            "preset": "kiba-bao",
            "slug": "Bad Slug",
            "min_players": "1",  # below 2
            "points_win": "lots",  # not a number: an advanced (folded) group's field
        },
    )
    page = response.content.decode()
    assert _has_error(page, "id_slug")
    assert _has_error(page, "id_min_players")
    assert _has_error(page, "id_points_win")
    start = page.index('id="error-summary"')
    summary = page[start : page.index("</div>", start)]
    assert "3 problems" in summary
    for field in ("id_slug", "id_min_players", "id_points_win"):
        assert f'href="#{field}"' in summary
    # The folded group with the error starts open.
    assert re.search(r'<details class="settings-group" open>\s*<summary>Scoring and ratings', page)
    assert not models.Event.objects.filter(slug="bad-slug").exists()


def test_check_of_a_new_event_names_every_problem() -> None:
    with pytest.raises(SettingsProblems) as refused:
        events.create_event(
            "Bad Slug", "kiba-bao", actor=ACTOR, parameters={"min_players": "1"}, now=T0
        )
    assert {str(p.params.get("parameter", "slug")) for p in refused.value.problems} == {
        "slug",
        "min_players",
    }


# -- 4. the audit log in words ------------------------------------------------------------------


def test_the_audit_log_says_each_entry_in_words_with_the_json_folded(olga: Client) -> None:
    events.start_event("club", actor=ACTOR, now=T0)
    rounds.pair_next_round("club", actor=ACTOR, now=T0)
    done = olga.post(
        "/console/club/do/player.sanction/",
        {
            "version": models.Event.objects.get(slug="club").version,
            "player": "P02",
            "kind": "warning",
            "reason": "late arrival",
        },
    )
    assert done.status_code == 302
    page = olga.get("/console/club/audit/").content.decode()
    assert "tester published round 1" in page
    assert "tester created the event" in page
    assert "olga gave P02 a sanction: warning with reason “late arrival”" in page
    first = page[page.index('<ol class="audit"') :]
    entry = first[: first.index("</li>")]
    assert entry.index("<details>") < entry.index("&quot;reason&quot;")  # the JSON folded


def test_an_audit_sentence_falls_back_to_the_label() -> None:
    declared = {spec.name: spec for spec in all_actions()}
    with translation.override("en"):
        # A declared sentence whose value is missing: the action's label.
        assert audit_sentence("round.pair", "olga", None, {}, declared) == (
            "olga: Pair the next round"
        )
        assert audit_sentence("some.thing", "olga", None, None, declared) == "olga: some.thing"
