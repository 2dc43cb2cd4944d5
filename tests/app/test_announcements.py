"""Announcements (issue 13, item 4): notices the organiser or arbiter posts on an event's pages,
withdrawn by an appended fact (who, when, why); every write raises the event's version and
writes the audit log; a player or an assistant may not post."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from tests.app.helpers import ACTOR, T0, make_event
from typer.testing import CliRunner

from mashindano.app import people
from mashindano.app.announcements import UnknownAnnouncement, announce, withdraw_announcement
from mashindano.app.documents.event import build_event_summary
from mashindano.app.errors import Duplicate, NotAllowed
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event_facts
from mashindano.cli.main import app
from mashindano.engine.errors import ParseError
from mashindano.store import models

pytestmark = pytest.mark.django_db


def _person(name: str) -> Principal:
    user = User.objects.create_user(name, f"{name}@example.org", "pw")
    principal = people.principal_for_user(user)
    assert principal is not None
    return principal


def test_an_announcement_is_shown_on_the_event_newest_first_and_raises_the_version() -> None:
    make_event("club", "chess-swiss", 4)
    version = get_event_facts("club").version
    first = announce("club", "  Round 2 starts at   14:00 ", actor=ACTOR, now=T0)
    second = announce("club", "Bring your own clock", actor=ACTOR, now=T0 + timedelta(hours=1))
    assert first.text == "Round 2 starts at 14:00"  # spaces tidied
    assert get_event_facts("club").version == version + 2
    shown = build_event_summary("club").announcements
    assert [n.id for n in shown] == [second.id, first.id]
    assert shown[1].at == T0
    assert shown[1].actor == ACTOR.name
    audit = models.AuditEntry.objects.filter(event__slug="club", action="event.announce")
    assert audit.count() == 2


def test_a_withdrawn_announcement_leaves_the_pages_and_stays_in_the_record() -> None:
    make_event("club", "chess-swiss", 4)
    posted = announce("club", "Venue moved to hall B", actor=ACTOR, now=T0)
    withdrawn = withdraw_announcement(
        "club", posted.id, actor=ACTOR, reason="posted by mistake", now=T0 + timedelta(minutes=5)
    )
    assert withdrawn.withdrawn_reason == "posted by mistake"
    assert build_event_summary("club").announcements == ()
    kept = get_event_facts("club").announcements
    assert [(a.text, a.withdrawn_by, a.withdrawn_at) for a in kept] == [
        ("Venue moved to hall B", ACTOR.name, T0 + timedelta(minutes=5))
    ]
    with pytest.raises(Duplicate, match="withdrawn already"):
        withdraw_announcement("club", posted.id, actor=ACTOR)
    with pytest.raises(UnknownAnnouncement, match="no announcement 999"):
        withdraw_announcement("club", 999, actor=ACTOR)


def test_an_announcement_of_another_event_cannot_be_withdrawn_here() -> None:
    make_event("a", "chess-swiss", 4)
    make_event("b", "chess-swiss", 4)
    posted = announce("a", "Only for a", actor=ACTOR)
    with pytest.raises(UnknownAnnouncement):
        withdraw_announcement("b", posted.id, actor=ACTOR)
    assert len(build_event_summary("a").announcements) == 1


@pytest.mark.parametrize(
    ("text", "problem"), [("", "needs some text"), ("   ", "needs some text"), ("x" * 2001, "2000")]
)
def test_bad_text_is_refused_naming_the_problem_and_nothing_is_written(
    text: str, problem: str
) -> None:
    make_event("club", "chess-swiss", 4)
    version = get_event_facts("club").version
    with pytest.raises(ParseError, match=problem):
        announce("club", text, actor=ACTOR)
    assert get_event_facts("club").version == version
    assert not models.Announcement.objects.exists()


def test_organiser_and_arbiter_announce_an_assistant_or_a_player_may_not() -> None:
    make_event("club", "chess-round-robin", 4)
    staff = {role: _person(role) for role in ("organiser", "arbiter", "assistant")}
    for role, principal in staff.items():
        people.grant_role("club", principal.name, role, actor=ACTOR, now=T0)
    player = _person("p1")
    people.link_entry("club", "P01", "p1", actor=ACTOR, now=T0)
    posted = announce("club", "From the organiser", actor=staff["organiser"])
    announce("club", "From the arbiter", actor=staff["arbiter"])
    for refused in (staff["assistant"], player):
        with pytest.raises(NotAllowed):
            announce("club", "Not mine to say", actor=refused)
        with pytest.raises(NotAllowed):
            withdraw_announcement("club", posted.id, actor=refused)
    withdraw_announcement("club", posted.id, actor=staff["arbiter"], reason="outdated")
    assert [n.text for n in build_event_summary("club").announcements] == ["From the arbiter"]


def test_the_command_line_announces_and_withdraws() -> None:
    runner = CliRunner()
    make_event("club", "chess-swiss", 4)
    done = runner.invoke(app, ["event", "announce", "club", "Pairings at 9:00"])
    assert done.exit_code == 0, done.stderr
    posted = build_event_summary("club").announcements[0]
    assert posted.text == "Pairings at 9:00"
    assert f"Announcement {posted.id} posted on club" in done.stdout
    done = runner.invoke(
        app, ["event", "unannounce", "club", str(posted.id), "--reason", "changed"]
    )
    assert done.exit_code == 0, done.stderr
    assert f"Announcement {posted.id} withdrawn from club" in done.stdout
    assert build_event_summary("club").announcements == ()
    refused = runner.invoke(app, ["event", "announce", "club", "   "])
    assert refused.exit_code != 0
    assert "needs some text" in refused.stderr
