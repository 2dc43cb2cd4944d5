"""Issue 21 item 7: an event's name and parameters can be changed before it starts, and an
event that never started can be deleted; both are refused once the event runs."""

from __future__ import annotations

import pytest

from mashindano.app import events
from mashindano.app.errors import NotAllowed, UnknownEvent, WrongState
from mashindano.app.principals import Principal
from mashindano.app.queries import get_audit_log, list_events
from mashindano.engine.errors import ConfigError
from mashindano.store import models

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db


def test_edit_before_start_changes_name_and_parameters_with_audit() -> None:
    make_event("open", "chess-swiss", 0, start=False, swiss_rounds="5")
    facts = events.edit_event(
        "open", actor=ACTOR, name="Club Open", parameters={"swiss_tiebreaks": "buchholz"}, now=T0
    )
    assert facts.parameters == {"swiss_rounds": "5", "swiss_tiebreaks": "buchholz"}
    assert models.Event.objects.get(slug="open").name == "Club Open"
    entry = get_audit_log("open")[-1]
    assert entry.action == "event.edit"
    assert entry.before == {"name": "open", "parameters": {"swiss_rounds": "5"}}
    assert entry.after == {
        "name": "Club Open",
        "parameters": {"swiss_rounds": "5", "swiss_tiebreaks": "buchholz"},
    }


def test_edit_resets_a_parameter_to_the_default() -> None:
    make_event("open", "chess-swiss", 0, start=False, swiss_rounds="5")
    facts = events.edit_event("open", actor=ACTOR, reset=("swiss-rounds",), now=T0)
    assert facts.parameters == {}


@pytest.mark.parametrize(
    ("parameters", "reset", "named"),
    [
        ({"swiss_rounds": "0"}, (), "swiss_rounds"),
        ({"no_such": "1"}, (), "no_such"),
        ({}, ("no_such",), "no_such"),
    ],
)
def test_bad_edit_names_the_parameter_and_changes_nothing(
    parameters: dict[str, str], reset: tuple[str, ...], named: str
) -> None:
    make_event("open", "chess-swiss", 0, start=False, swiss_rounds="5")
    version = models.Event.objects.get(slug="open").version
    with pytest.raises(ConfigError, match=named):
        events.edit_event("open", actor=ACTOR, parameters=parameters, reset=reset, now=T0)
    event = models.Event.objects.get(slug="open")
    assert (event.version, event.parameters) == (version, {"swiss_rounds": "5"})


def test_edit_and_delete_are_refused_once_the_event_runs() -> None:
    make_event("open", "chess-swiss", 4)
    with pytest.raises(WrongState, match="before it starts"):
        events.edit_event("open", actor=ACTOR, parameters={"swiss_rounds": "3"}, now=T0)
    with pytest.raises(WrongState, match="before it starts"):
        events.delete_event("open", actor=ACTOR, now=T0)
    assert [e.slug for e in list_events()] == ["open"]


def test_delete_an_event_that_never_started_removes_everything() -> None:
    make_event("oops", "chess-swiss", 4, start=False)
    assert events.delete_event("oops", actor=ACTOR, now=T0) == "oops"
    assert list(list_events()) == []
    assert not models.Entry.objects.exists()
    assert not models.AuditEntry.objects.exists()
    with pytest.raises(UnknownEvent):
        events.delete_event("oops", actor=ACTOR, now=T0)


def test_only_the_organiser_deletes() -> None:
    from django.contrib.auth.models import User

    from mashindano.app.people import grant_role

    make_event("open", "chess-swiss", 0, start=False)
    user = User.objects.create_user(username="ann")
    grant_role("open", "ann", "arbiter", actor=ACTOR, now=T0)
    arbiter = Principal.user(user.pk, "ann")
    with pytest.raises(NotAllowed):
        events.delete_event("open", actor=arbiter, now=T0)
    events.edit_event("open", actor=arbiter, name="Renamed", now=T0)
    assert models.Event.objects.get(slug="open").name == "Renamed"
