"""The roll call, absences and late entries through the one shared mechanism (issue 33 items 2
and 3, `app/formats/round_rules.py` and `roll_call.py`) for every preset that pairs round by
round and declares it: Tasaselo here (shared/spec/tasaselo.md R4, R5, R6, A1, A4, A19), chess
Swiss in test_presence.py. Only the preset's own rules differ (Tasaselo: an absent player is
out of the round's selo computation, A4; half-point byes are the round-1 rest only, R6)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from django.contrib.auth.models import User

from mashindano.app import events, rounds
from mashindano.app.conduct import take_leave
from mashindano.app.declarations.catalogue import PRESENCE_ACTIONS
from mashindano.app.errors import NotAllowed, WrongState
from mashindano.app.formats.parts import DESCRIPTION, LATE_ENTRIES, PRESENCE
from mashindano.app.formats.registry import available_presets, has_part, part
from mashindano.app.formats.round_rules import RULE_NAMES
from mashindano.app.people import principal_for_user
from mashindano.app.players import register_players
from mashindano.app.presence import check_in, check_in_window
from mashindano.app.queries import get_audit_log
from mashindano.engine.errors import ConfigError
from mashindano.engine.model import ByeKind, Competitor, CompetitorId
from mashindano.engine.tasaselo import compute_event_selos
from mashindano.presets.tasaselo.facts import build_event, parse_settings
from mashindano.store import models
from mashindano.store.facts import RoundFact

from .helpers import ACTOR, T0, make_event, report_open

pytestmark = pytest.mark.django_db

P = CompetitorId
TS = "tasaselo"


def _byes(round_fact: RoundFact) -> dict[str, str]:
    """The byes of a round other than the ghost's and the reserve's, by kind letter."""
    return {
        str(e.first): e.bye_kind.value
        for e in round_fact.encounters
        if e.second is None and e.bye_kind not in (None, ByeKind.PAIRING_ALLOCATED, ByeKind.SIT_OUT)
    }


def _on_boards(round_fact: RoundFact) -> set[str]:
    return {str(p) for g in round_fact.games() for p in (g.first, g.second)}


def _points(slug: str) -> dict[str, Fraction]:
    return {
        str(line.competitor.id): line.points
        for table in events.event_standings(slug)
        for line in table.lines
    }


def _notes(slug: str) -> dict[str, str]:
    return {
        str(line.competitor.id): line.note
        for table in events.event_standings(slug)
        for line in table.lines
    }


def _tick(slug: str, keys: list[str]) -> None:
    for key in keys:
        check_in(slug, key, actor=ACTOR, now=T0)


def _pair_and_play(slug: str, rng: random.Random) -> RoundFact:
    published = rounds.pair_next_round(slug, actor=ACTOR, now=T0)
    report_open(slug, published, rng)
    return published


# -- the capability, declared once --------------------------------------------------------------


def test_every_preset_with_the_roll_call_offers_check_in_and_the_round_rules() -> None:
    """A preset declares the part; the roll call's action and the shared parameters come with
    it, with no preset named in shared code."""
    with_roll_call = [p for p in available_presets() if has_part(p, PRESENCE)]
    assert {"chess-swiss", TS} <= set(with_roll_call)
    check_in_action = PRESENCE_ACTIONS[0].name
    for preset in with_roll_call:
        description = part(preset, DESCRIPTION)
        assert check_in_action in {a.name for a in description.actions}, preset
        names = {spec.name for spec in description.parameter_schema.fields}
        assert names >= RULE_NAMES, (preset, RULE_NAMES - names)
    for preset in available_presets():
        if not has_part(preset, PRESENCE):
            assert check_in_action not in {a.name for a in part(preset, DESCRIPTION).actions}
    assert has_part(TS, LATE_ENTRIES)


# -- the roll call ------------------------------------------------------------------------------


def test_tasaselo_R5_A4_players_not_checked_in_are_absent_and_keep_their_selo() -> None:
    """Two players check in on their page, the arbiter ticks eight, two are not there: the two
    are left out of round 1 with a zero-point bye (R5, A1), and their variable selo does not
    move (A4: unplayed rounds change no selo)."""
    make_event("ts", TS, 12, rounds="4", check_in="yes")
    window = check_in_window(events.get_event_facts("ts"))
    assert window is not None
    assert window.round == 1
    for key, name in (("P01", "amani"), ("P02", "baraka")):
        user = User.objects.create_user(name)
        models.Entry.objects.filter(event__slug="ts", key=key).update(user=user)
        me = principal_for_user(user)
        assert me is not None
        check_in("ts", key, actor=me, now=T0)
        with pytest.raises(NotAllowed):
            check_in("ts", "P11", actor=me, now=T0)
    _tick("ts", [f"P{n:02d}" for n in range(3, 11)])
    first = _pair_and_play("ts", random.Random(3))
    assert _byes(first) == {"P11": "Z", "P12": "Z"}
    assert not {"P11", "P12"} & _on_boards(first)
    assert len(_on_boards(first)) == 10
    audit = next(a for a in get_audit_log("ts") if a.action == "round.pair")
    assert audit.after["absent"] == ["P11", "P12"]
    facts = events.get_event_facts("ts")
    selos = compute_event_selos(build_event(facts, parse_settings(facts.parameters)))
    assert selos[1][P("P11")] == selos[0][P("P11")] == 1725
    assert any(selos[1][P(k)] != selos[0][P(k)] for k in _on_boards(first))
    assert _points("ts")["P11"] == 0
    # Round 2: everyone is there again and the two play.
    _tick("ts", [f"P{n:02d}" for n in range(1, 13)])
    second = rounds.pair_next_round("ts", actor=ACTOR, now=T0)
    assert _byes(second) == {}
    assert {"P11", "P12"} <= _on_boards(second)


def test_tasaselo_A1_half_point_absence_and_withdrawal_after_two_absences() -> None:
    """The organiser's half point for an absence (A1: 0 unless the organiser decides
    otherwise) and the withdrawal after two absences (R5: interrupted for good)."""
    make_event(
        "ts", TS, 10, rounds="4", check_in="yes", absence="half-point", absences_to_withdraw="2"
    )
    rng = random.Random(8)
    for number in (1, 2):
        _tick("ts", [f"P{n:02d}" for n in range(1, 10)])
        published = _pair_and_play("ts", rng)
        assert _byes(published) == {"P10": "H"}
        assert number == published.number
    facts = events.get_event_facts("ts")
    assert facts.withdrawn_from(P("P10")) == 3
    assert _points("ts")["P10"] == 1  # two half points
    _tick("ts", [f"P{n:02d}" for n in range(1, 10)])
    third = rounds.pair_next_round("ts", actor=ACTOR, now=T0)
    assert _byes(third) == {"P10": "Z"}  # the withdrawal's bye, no absence counted
    assert "absent" not in get_audit_log("ts")[-1].after
    assert "withdrawn from round 3" in _notes("ts")["P10"]


def test_tasaselo_a_requested_rest_or_leave_is_no_absence() -> None:
    """R6: a round-1 rest (H) and a leave (Z) are their own byes, not an absence of the roll
    call; the arbiter need not tick them."""
    make_event("ts", TS, 8, start=False, rounds="3", check_in="yes", absences_to_withdraw="1")
    take_leave("ts", "P08", 1, actor=ACTOR, bye_kind=ByeKind.HALF_POINT, now=T0)
    events.start_event("ts", actor=ACTOR, now=T0)
    take_leave("ts", "P07", 1, actor=ACTOR, now=T0)
    _tick("ts", [f"P{n:02d}" for n in range(1, 7)])
    first = rounds.pair_next_round("ts", actor=ACTOR, now=T0)
    assert _byes(first) == {"P08": "H", "P07": "Z"}
    facts = events.get_event_facts("ts")
    assert facts.withdrawals == ()
    audit = next(a for a in get_audit_log("ts") if a.action == "round.pair")
    assert "absent" not in audit.after


# -- late entries -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("worth", "missed", "note"),
    [("zero-point", 0, "no points"), ("half-point", 1, "half a point each")],
)
def test_tasaselo_R4_A1_a_late_entry_after_round_2_gets_the_points_of_its_missed_rounds(
    worth: str, missed: int, note: str
) -> None:
    make_event("ts", TS, 8, rounds="4", late_entry_rounds=worth)
    rng = random.Random(4)
    for _ in range(2):
        _pair_and_play("ts", rng)
    register_players("ts", [Competitor(P("Late"), "Late", rating=1990)], actor=ACTOR, now=T0)
    third = rounds.pair_next_round("ts", actor=ACTOR, now=T0)
    assert "Late" in _on_boards(third)
    for game in third.games():
        if "Late" in (game.first, game.second):
            from mashindano.app.results import GameRef, report_result

            result = "1-0" if game.first == "Late" else "0-1"
            report_result("ts", GameRef(3, game.board), result, actor=ACTOR, now=T0)
    report_open("ts", events.get_event_facts("ts").rounds[-1], rng)
    assert _points("ts")["Late"] == missed + 1
    assert f"late entry from round 3: rounds 1-2 {note}" in _notes("ts")["Late"]
    facts = events.get_event_facts("ts")
    exported = part(TS, DESCRIPTION)  # the export's byes agree with the standings
    assert exported.preset == TS
    from mashindano.app.formats.parts import STAGE_EXPORT

    results = part(TS, STAGE_EXPORT).stage_results(facts)
    assert results is not None
    byes = [b for b in results.byes if b.competitor == "Late"]
    assert [(b.round, b.kind) for b in byes] == (
        [(1, ByeKind.HALF_POINT), (2, ByeKind.HALF_POINT)] if missed else []
    )


def test_tasaselo_late_entries_turned_off_are_refused() -> None:
    make_event("ts", TS, 8, rounds="3", late_entries="no")
    _pair_and_play("ts", random.Random(1))
    with pytest.raises(WrongState, match="takes no late entries"):
        register_players("ts", [Competitor(P("Late"), "Late", rating=1800)], actor=ACTOR)


# -- parameters and requests refused where they make no sense --------------------------------


@pytest.mark.parametrize("preset", ["chess-swiss", TS])
@pytest.mark.parametrize(
    ("given", "named"),
    [
        ({"absence": "half-point"}, "'absence' applies to players who do not check in"),
        ({"absences_to_withdraw": "2"}, "'absences_to_withdraw' applies to players who do not"),
        ({"check_in_minutes": "30"}, "'check_in_minutes' applies to players who do not"),
    ],
)
def test_roll_call_settings_without_check_in_are_refused(
    preset: str, given: dict[str, str], named: str
) -> None:
    with pytest.raises(ConfigError, match=named):
        events.create_event("x", preset, actor=ACTOR, parameters=given)
    assert not models.Event.objects.filter(slug="x").exists()


def test_missed_rounds_worth_without_late_entries_is_refused() -> None:
    with pytest.raises(ConfigError, match="'late_entry_rounds' is what the rounds a late entry"):
        events.create_event(
            "x", "chess-swiss", actor=ACTOR, parameters={"late_entry_rounds": "half-point"}
        )
    with pytest.raises(ConfigError, match="it needs late_entries=yes"):
        events.create_event(
            "x",
            TS,
            actor=ACTOR,
            parameters={"late_entries": "no", "late_entry_rounds": "half-point"},
        )


def test_tasaselo_R6_half_point_byes_are_the_round_1_rest_only() -> None:
    with pytest.raises(ConfigError, match=r"only half-point bye is the round-1 rest \(R6\)"):
        events.create_event("x", TS, actor=ACTOR, parameters={"max_half_point_byes": "2"})
    make_event("ts", TS, 8, start=False, rounds="3", max_half_point_byes="0")
    with pytest.raises(WrongState, match="may request 0 half-point bye"):
        take_leave("ts", "P08", 1, actor=ACTOR, bye_kind=ByeKind.HALF_POINT, now=T0)


def test_tasaselo_requested_byes_stay_out_of_the_last_rounds() -> None:
    make_event("ts", TS, 8, rounds="3", no_byes_last_rounds="1")
    with pytest.raises(WrongState, match="last 1 round"):
        take_leave("ts", "P03", 3, actor=ACTOR, now=T0)
    take_leave("ts", "P03", 2, actor=ACTOR, now=T0)
