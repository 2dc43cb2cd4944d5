"""Use cases for events: create, start, close, and their refusals; the audit trail."""

from __future__ import annotations

import random

import pytest

from mashindano.app import events
from mashindano.app.errors import Duplicate, UnknownEvent, UnknownPreset, WrongState
from mashindano.app.formats import registry
from mashindano.app.queries import get_audit_log, list_events
from mashindano.engine.errors import ConfigError
from mashindano.store.facts import EventState

from .helpers import ACTOR, T0, make_event, play_all, play_round

pytestmark = pytest.mark.django_db


def test_create_event_records_preset_seed_and_audit() -> None:
    facts = events.create_event(
        "club-open", "chess-swiss", actor=ACTOR, parameters={"swiss_rounds": "5"}, seed=42, now=T0
    )
    assert (facts.preset, facts.seed, facts.state, facts.version) == (
        "chess-swiss",
        42,
        EventState.REGISTRATION,
        1,
    )
    assert facts.parameters == {"swiss_rounds": "5"}
    [entry] = get_audit_log("club-open")
    assert (entry.version, entry.actor, entry.action) == (1, ACTOR.name, "event.create")
    assert [e.slug for e in list_events()] == ["club-open"]


def test_create_event_draws_and_records_a_seed_when_none_is_given() -> None:
    facts = events.create_event("seedless", "chess-round-robin", actor=ACTOR)
    assert 0 <= facts.seed < events.SEED_LIMIT


def test_create_event_refuses_a_duplicate_slug() -> None:
    events.create_event("dup", "chess-swiss", actor=ACTOR)
    with pytest.raises(Duplicate, match="'dup' exists already"):
        events.create_event("dup", "chess-round-robin", actor=ACTOR)


@pytest.mark.parametrize("slug", ["Club Open", "", "a_b"])
def test_create_event_refuses_a_bad_slug(slug: str) -> None:
    with pytest.raises(ConfigError, match="slug"):
        events.create_event(slug, "chess-swiss", actor=ACTOR)


def test_create_event_refuses_unknown_and_unadapted_presets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(UnknownPreset, match="unknown preset 'go-league'"):
        events.create_event("x", "go-league", actor=ACTOR)
    # A preset named by the specs whose adapter does not exist yet (every real one has one).
    monkeypatch.setattr(registry, "PRESETS", (*registry.PRESETS, "future-preset"))
    with pytest.raises(UnknownPreset, match="no event adapter yet"):
        events.create_event("y", "future-preset", actor=ACTOR)


def test_create_event_refuses_a_bad_parameter_naming_it() -> None:
    with pytest.raises(ConfigError, match="round_robin_cycles"):
        events.create_event(
            "rr", "chess-round-robin", actor=ACTOR, parameters={"round_robin_cycles": "3"}
        )
    with pytest.raises(ConfigError, match="unknown parameter 'colour'"):
        events.create_event("rr", "chess-round-robin", actor=ACTOR, parameters={"colour": "w"})


def test_start_fixes_numbers_by_lot_for_a_round_robin() -> None:
    make_event("rr", "chess-round-robin", 6)
    facts = events.get_event_facts("rr")
    assert sorted(c.number or 0 for c in facts.competitors) == [1, 2, 3, 4, 5, 6]
    lot = facts.lot("berger-numbers")
    assert lot is not None
    assert lot.seed == facts.seed
    by_number = sorted(facts.competitors, key=lambda c: c.number or 0)
    assert [c.id for c in by_number] == lot.outcome


def test_start_numbers_a_swiss_by_rating() -> None:
    make_event("sw", "chess-swiss", 5)
    facts = events.get_event_facts("sw")
    ordered = sorted(facts.competitors, key=lambda c: c.number or 0)
    assert [c.rating for c in ordered] == sorted((c.rating or 0 for c in ordered), reverse=True)


def test_start_refuses_twice_and_too_few_players() -> None:
    make_event("rr", "chess-round-robin", 4)
    with pytest.raises(WrongState, match="only an event in registration can start"):
        events.start_event("rr", actor=ACTOR)
    make_event("lonely", "chess-swiss", 1, start=False)
    with pytest.raises(WrongState, match="needs at least 2"):
        events.start_event("lonely", actor=ACTOR)


def test_unknown_event_is_named() -> None:
    with pytest.raises(UnknownEvent, match="no event 'nowhere'"):
        events.start_event("nowhere", actor=ACTOR)


def test_close_refuses_an_unfinished_event_then_closes_a_finished_one() -> None:
    make_event("rr", "chess-round-robin", 4)
    play_round("rr", random.Random(1))
    with pytest.raises(WrongState, match="not finished: stage 1 round 2 is still to pair"):
        events.close_event("rr", actor=ACTOR)
    play_all("rr")
    facts = events.close_event("rr", actor=ACTOR)
    assert facts.state is EventState.CLOSED
    with pytest.raises(WrongState, match="only a running event can be closed"):
        events.close_event("rr", actor=ACTOR)


def test_audit_log_has_one_entry_per_write_without_gaps() -> None:
    make_event("rr", "chess-round-robin", 4)
    play_all("rr")
    log = get_audit_log("rr")
    assert [a.version for a in log] == list(range(1, len(log) + 1))
    assert events.get_event_facts("rr").version == len(log)
    actions = [a.action for a in log]
    assert actions[:3] == ["event.create", "players.import", "event.start"]
    assert actions.count("round.pair") == 3
    assert actions.count("result.report") == 6
