"""The arbiter's forbidden pairs (TRF XXP) in stored Swiss events: recorded as ArbiterOverride
facts, replayed by `EventFacts.forbidden_pairs()`, honoured by both chess-swiss systems and by
tasaselo, exported as XXP lines and kept by the JSON round trip."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import timedelta

import pytest

from mashindano.app import events, exchange, rounds
from mashindano.app.errors import Duplicate, UnknownPlayer, WrongState
from mashindano.app.formats.parts import PAIRING
from mashindano.app.formats.registry import part
from mashindano.app.overrides import allow_pair, forbid_pair
from mashindano.app.principals import local
from mashindano.app.queries import get_audit_log
from mashindano.engine.errors import NoValidPairing, ParseError
from mashindano.engine.model import CompetitorId
from mashindano.interchange.trf import parse_trf
from mashindano.store import models
from mashindano.store.facts import (
    ALLOW_PAIR,
    FORBID_PAIR,
    EventFacts,
    EventState,
    OverrideFact,
    RoundFact,
)

from .helpers import ACTOR, T0, make_event, play_all, play_round, report_open

pytestmark = pytest.mark.django_db

PRESET = "chess-swiss"
SYSTEMS = ("simple", "dutch")
ARBITER = local("arbiter")

type Pair = frozenset[CompetitorId]


def _pair(a: str, b: str) -> Pair:
    return frozenset({CompetitorId(a), CompetitorId(b)})


def _pairs(round_fact: RoundFact) -> set[Pair]:
    return {frozenset({e.first, e.second}) for e in round_fact.encounters if e.second is not None}


def _planned_pairs(facts: EventFacts) -> set[Pair]:
    """The pairs the preset would publish next from these facts (nothing is written)."""
    plan = part(facts.preset, PAIRING).plan_next(facts, T0)
    return {frozenset({e.first, e.second}) for e in plan.encounters if e.second is not None}


def _swiss(slug: str, system: str, players: int = 8, rounds_: int = 4) -> None:
    make_event(slug, PRESET, players, swiss_pairing=system, swiss_rounds=str(rounds_))


def _forbid(slug: str, pair: Pair, reason: str = "same family") -> None:
    a, b = sorted(pair)
    forbid_pair(slug, a, b, actor=ARBITER, reason=reason, now=T0)


# -- facts ------------------------------------------------------------------------------------


def _override(subject: str, a: str, b: str, minutes: int) -> OverrideFact:
    return OverrideFact(
        subject, {"players": [a, b]}, T0 + timedelta(minutes=minutes), ARBITER.name, "r"
    )


def test_forbidden_pairs_replay_forbids_and_allows_in_order() -> None:
    base = EventFacts("e", "E", PRESET, {}, 1, EventState.RUNNING, 1, ())
    assert base.overrides == ()
    assert base.forbidden_pairs() == frozenset()
    facts = replace(
        base,
        overrides=(
            _override(FORBID_PAIR, "A", "B", 0),
            _override(FORBID_PAIR, "C", "D", 1),
            _override("something-else", "A", "C", 2),
            _override(ALLOW_PAIR, "B", "A", 3),
            _override(FORBID_PAIR, "E", "F", 4),
            _override(ALLOW_PAIR, "E", "F", 5),
            _override(FORBID_PAIR, "F", "E", 6),
        ),
    )
    assert facts.forbidden_pairs() == {_pair("C", "D"), _pair("E", "F")}


def test_forbidden_pairs_refuse_an_override_that_does_not_name_two_players() -> None:
    base = EventFacts("e", "E", PRESET, {}, 1, EventState.RUNNING, 1, ())
    broken = OverrideFact(FORBID_PAIR, {"players": ["A"]}, T0, ARBITER.name, "r")
    with pytest.raises(ParseError, match=r"'forbid-pair'.*must name two different players"):
        replace(base, overrides=(broken,)).forbidden_pairs()


def test_overrides_are_loaded_into_the_facts_in_creation_order() -> None:
    _swiss("sw", "simple")
    forbid_pair("sw", "P01", "P02", actor=ARBITER, reason="siblings", now=T0)
    allow_pair(
        "sw", "P02", "P01", actor=local("chief"), reason="appeal", now=T0 + timedelta(hours=1)
    )
    facts = events.get_event_facts("sw")
    assert facts.overrides == (
        OverrideFact(FORBID_PAIR, {"players": ["P01", "P02"]}, T0, ARBITER.name, "siblings"),
        OverrideFact(
            ALLOW_PAIR, {"players": ["P02", "P01"]}, T0 + timedelta(hours=1), "chief", "appeal"
        ),
    )
    assert facts.forbidden_pairs() == frozenset()


# -- pairing ----------------------------------------------------------------------------------


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_forbidden_pair_from_round_one_never_meets_in_the_whole_event(system: str) -> None:
    _swiss("free", system)
    unforbidden = rounds.pair_next_round("free", actor=ACTOR, now=T0)
    board_one = unforbidden.encounters[0]
    assert board_one.second is not None
    pair = frozenset({board_one.first, board_one.second})

    _swiss("kept", system)
    _forbid("kept", pair)
    first = rounds.pair_next_round("kept", actor=ACTOR, now=T0)
    assert pair not in _pairs(first)
    report_open("kept", first, random.Random(5))
    play_all("kept", seed=5)
    facts = events.get_event_facts("kept")
    assert len(facts.rounds) == 4
    assert all(pair not in _pairs(r) for r in facts.rounds)


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_pair_forbidden_mid_event_is_not_paired_in_the_next_rounds(system: str) -> None:
    _swiss("sw", system)
    rng = random.Random(7)
    play_round("sw", rng)
    for _ in range(3):
        facts = events.get_event_facts("sw")
        would_meet = sorted(_planned_pairs(facts), key=sorted)[0]
        _forbid("sw", would_meet)
        published = play_round("sw", rng)
        forbidden = events.get_event_facts("sw").forbidden_pairs()
        assert would_meet in forbidden
        assert not _pairs(published) & forbidden


@pytest.mark.parametrize("system", SYSTEMS)
def test_allow_pair_lifts_the_forbid_and_the_pairing_returns(system: str) -> None:
    _swiss("sw", system)
    expected = _planned_pairs(events.get_event_facts("sw"))
    pair = sorted(expected, key=sorted)[0]
    _forbid("sw", pair)
    assert pair not in _planned_pairs(events.get_event_facts("sw"))
    a, b = sorted(pair)
    assert allow_pair("sw", b, a, actor=ARBITER, reason="appeal upheld", now=T0) == (b, a)
    assert events.get_event_facts("sw").forbidden_pairs() == frozenset()
    assert _pairs(rounds.pair_next_round("sw", actor=ACTOR, now=T0)) == expected


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_forbid_that_makes_the_next_round_unpairable_is_kept_and_pairing_names_the_player(
    system: str,
) -> None:
    _swiss("sw", system, players=4, rounds_=3)
    for other in ("P02", "P03", "P04"):
        forbid_pair("sw", "P01", other, actor=ARBITER, reason="conflict", now=T0)
    assert len(events.get_event_facts("sw").forbidden_pairs()) == 3
    with pytest.raises(NoValidPairing, match="P01"):
        rounds.pair_next_round("sw", actor=ACTOR, now=T0)
    assert events.get_event_facts("sw").rounds == ()
    allow_pair("sw", "P01", "P04", actor=ARBITER, reason="resolved", now=T0)
    assert _pair("P01", "P04") in _pairs(rounds.pair_next_round("sw", actor=ACTOR, now=T0))


def test_players_may_be_named_by_number_once_the_event_has_started() -> None:
    _swiss("sw", "dutch")
    assert forbid_pair("sw", "1", "P05", actor=ARBITER, reason="club") == ("P01", "P05")
    assert events.get_event_facts("sw").forbidden_pairs() == {_pair("P01", "P05")}


def test_a_pair_may_be_forbidden_during_registration() -> None:
    make_event("sw", PRESET, 6, start=False)
    forbid_pair("sw", "P01", "P02", actor=ARBITER, reason="siblings")
    events.start_event("sw", actor=ACTOR, now=T0)
    assert events.get_event_facts("sw").forbidden_pairs() == {_pair("P01", "P02")}


# -- tasaselo ---------------------------------------------------------------------------------

TASASELO = "tasaselo"


def _tasaselo(slug: str, players: int = 10, rounds_: int = 5, seed: int = 11) -> None:
    make_event(slug, TASASELO, players, rounds=str(rounds_), seed=seed)


def test_tasaselo_takes_forbidden_pairs_and_a_pair_that_would_meet_in_round_one_does_not() -> None:
    for seed in (11, 12, 13):
        slug = f"free{seed}"
        _tasaselo(slug, seed=seed)
        expected = _planned_pairs(events.get_event_facts(slug))
        for would_meet in sorted(expected, key=sorted):
            kept = f"kept{seed}-{'-'.join(sorted(would_meet)).lower()}"
            _tasaselo(kept, seed=seed)
            _forbid(kept, would_meet)
            assert events.get_event_facts(kept).forbidden_pairs() == {would_meet}
            first = rounds.pair_next_round(kept, actor=ACTOR, now=T0)
            assert would_meet not in _pairs(first)


def test_tasaselo_a_pair_forbidden_from_round_one_never_meets_in_the_whole_event() -> None:
    _tasaselo("free", players=8, rounds_=4)
    play_all("free", seed=5)
    met_every_round = [_pairs(r) for r in events.get_event_facts("free").rounds]
    pair = sorted(met_every_round[0], key=sorted)[0]

    _tasaselo("kept", players=8, rounds_=4)
    _forbid("kept", pair)
    play_all("kept", seed=5)
    facts = events.get_event_facts("kept")
    assert len(facts.rounds) == 4
    assert all(pair not in _pairs(r) for r in facts.rounds)


def test_tasaselo_a_pair_forbidden_mid_event_is_not_paired_in_the_next_rounds() -> None:
    _tasaselo("ts")
    rng = random.Random(7)
    play_round("ts", rng)
    for _ in range(3):
        would_meet = sorted(_planned_pairs(events.get_event_facts("ts")), key=sorted)[0]
        _forbid("ts", would_meet)
        published = play_round("ts", rng)
        forbidden = events.get_event_facts("ts").forbidden_pairs()
        assert would_meet in forbidden
        assert not _pairs(published) & forbidden


def test_tasaselo_allow_pair_lifts_the_forbid_and_the_pairing_returns() -> None:
    _tasaselo("ts")
    play_round("ts", random.Random(2))
    expected = _planned_pairs(events.get_event_facts("ts"))
    pair = sorted(expected, key=sorted)[0]
    _forbid("ts", pair)
    assert pair not in _planned_pairs(events.get_event_facts("ts"))
    a, b = sorted(pair)
    allow_pair("ts", b, a, actor=ARBITER, reason="appeal upheld", now=T0)
    assert _pairs(rounds.pair_next_round("ts", actor=ACTOR, now=T0)) == expected


def test_tasaselo_an_unpairable_forbid_is_kept_and_pairing_says_forbidden_naming_the_players() -> (
    None
):
    _tasaselo("ts", players=6, rounds_=3)
    for other in ("P03", "P04", "P05"):  # R15: P01 may meet only these in round 1
        forbid_pair("ts", "P01", other, actor=ARBITER, reason="conflict", now=T0)
    with pytest.raises(NoValidPairing, match=r"forbidden pairs P01–P03, P01–P04, P01–P05"):
        rounds.pair_next_round("ts", actor=ACTOR, now=T0)
    assert events.get_event_facts("ts").rounds == ()
    allow_pair("ts", "P01", "P04", actor=ARBITER, reason="resolved", now=T0)
    assert _pair("P01", "P04") in _pairs(rounds.pair_next_round("ts", actor=ACTOR, now=T0))


# -- refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["chess-round-robin", "kiba-bao"])
def test_presets_whose_pairing_ignores_forbidden_pairs_refuse_them_naming_the_preset(
    preset: str,
) -> None:
    make_event("ev", preset, 6, start=False)
    with pytest.raises(WrongState, match=f"preset '{preset}'.*only these do: chess-swiss, tas"):
        forbid_pair("ev", "P01", "P02", actor=ARBITER, reason="siblings")
    with pytest.raises(WrongState, match=f"preset '{preset}'"):
        allow_pair("ev", "P01", "P02", actor=ARBITER, reason="siblings")
    assert not models.ArbiterOverride.objects.exists()


def test_forbid_pair_refusals() -> None:
    _swiss("sw", "simple")
    with pytest.raises(UnknownPlayer, match="event 'sw' has no player 'P1' \\(did you mean"):
        forbid_pair("sw", "P1", "P02", actor=ARBITER, reason="siblings")
    with pytest.raises(ParseError, match="same player \\('P01'\\)"):
        forbid_pair("sw", "P01", "P01", actor=ARBITER, reason="siblings")
    with pytest.raises(ParseError, match="same player \\('P01'\\)"):
        forbid_pair("sw", "P01", "1", actor=ARBITER, reason="siblings")
    with pytest.raises(ParseError, match="needs a reason"):
        forbid_pair("sw", "P01", "P02", actor=ARBITER, reason="  ")
    forbid_pair("sw", "P01", "P02", actor=ARBITER, reason="siblings")
    with pytest.raises(Duplicate, match="'P02' and 'P01' are already forbidden"):
        forbid_pair("sw", "P02", "P01", actor=ARBITER, reason="again")
    assert models.ArbiterOverride.objects.count() == 1


def test_allow_pair_refuses_a_pair_that_is_not_forbidden() -> None:
    _swiss("sw", "simple")
    with pytest.raises(WrongState, match="'P01' and 'P02' are not forbidden"):
        allow_pair("sw", "P01", "P02", actor=ARBITER, reason="never was")
    forbid_pair("sw", "P01", "P02", actor=ARBITER, reason="siblings")
    allow_pair("sw", "P01", "P02", actor=ARBITER, reason="appeal")
    with pytest.raises(WrongState, match="are not forbidden"):
        allow_pair("sw", "P01", "P02", actor=ARBITER, reason="twice")
    with pytest.raises(ParseError, match="needs a reason"):
        allow_pair("sw", "P01", "P03", actor=ARBITER, reason="")


def test_a_finished_or_closed_event_refuses_forbidden_pairs() -> None:
    _swiss("sw", "simple", players=4, rounds_=2)
    forbid_pair("sw", "P01", "P02", actor=ARBITER, reason="siblings")
    play_all("sw")
    with pytest.raises(WrongState, match="every round of event 'sw' is paired"):
        forbid_pair("sw", "P01", "P03", actor=ARBITER, reason="late")
    with pytest.raises(WrongState, match="every round of event 'sw' is paired"):
        allow_pair("sw", "P01", "P02", actor=ARBITER, reason="late")
    events.close_event("sw", actor=ACTOR)
    with pytest.raises(WrongState, match="event 'sw' is closed"):
        forbid_pair("sw", "P01", "P03", actor=ARBITER, reason="late")
    assert models.ArbiterOverride.objects.count() == 1


def test_each_decision_writes_one_audit_entry() -> None:
    _swiss("sw", "simple")
    version = events.get_event_facts("sw").version
    forbid_pair("sw", "P01", "P02", actor=ARBITER, reason="siblings", now=T0)
    allow_pair("sw", "P02", "P01", actor=local("chief"), reason="appeal", now=T0)
    *_, forbid_entry, allow_entry = get_audit_log("sw")
    assert (forbid_entry.version, forbid_entry.actor, forbid_entry.action) == (
        version + 1,
        ARBITER.name,
        "pair.forbid",
    )
    assert forbid_entry.after == {
        "subject": FORBID_PAIR,
        "players": ["P01", "P02"],
        "reason": "siblings",
    }
    assert (allow_entry.version, allow_entry.actor, allow_entry.action) == (
        version + 2,
        "chief",
        "pair.allow",
    )
    assert allow_entry.after == {
        "subject": ALLOW_PAIR,
        "players": ["P02", "P01"],
        "reason": "appeal",
    }
    assert events.get_event_facts("sw").version == version + 2


def test_a_refused_decision_writes_nothing() -> None:
    _swiss("sw", "simple")
    version = events.get_event_facts("sw").version
    with pytest.raises(UnknownPlayer):
        forbid_pair("sw", "P01", "Nobody", actor=ARBITER, reason="siblings")
    assert events.get_event_facts("sw").version == version
    assert not models.ArbiterOverride.objects.exists()
    assert get_audit_log("sw")[-1].action != "pair.forbid"


# -- exchange ---------------------------------------------------------------------------------


def test_json_export_then_import_keeps_the_forbidden_pairs() -> None:
    _swiss("sw", "dutch")
    forbid_pair("sw", "P01", "P05", actor=ARBITER, reason="siblings", now=T0)
    forbid_pair("sw", "P02", "P06", actor=ARBITER, reason="club", now=T0)
    allow_pair("sw", "P06", "P02", actor=ARBITER, reason="appeal", now=T0)
    forbid_pair("sw", "P03", "P07", actor=ARBITER, reason="complaint", now=T0)
    play_round("sw", random.Random(3))
    before = events.get_event_facts("sw")
    document = json.loads(json.dumps(exchange.export_event_json("sw")))
    models.Event.objects.all().delete()

    exchange.import_event_json(document, actor=local("importer"))
    after = events.get_event_facts("sw")
    assert after.overrides == before.overrides
    assert (
        after.forbidden_pairs()
        == before.forbidden_pairs()
        == {
            _pair("P01", "P05"),
            _pair("P03", "P07"),
        }
    )
    assert _planned_pairs(after) == _planned_pairs(before)


def test_trf_export_writes_forbidden_pairs_as_xxp_lines_that_read_back() -> None:
    _swiss("sw", "dutch")
    forbid_pair("sw", "P05", "P01", actor=ARBITER, reason="siblings")
    forbid_pair("sw", "P02", "P08", actor=ARBITER, reason="club")
    forbid_pair("sw", "P03", "P04", actor=ARBITER, reason="complaint")
    allow_pair("sw", "P04", "P03", actor=ARBITER, reason="appeal")
    play_round("sw", random.Random(3))
    text = exchange.export_event_trf("sw")
    assert [line for line in text.splitlines() if line.startswith("XXP")] == [
        "XXP 1 5",
        "XXP 2 8",
    ]
    number = {c.id: c.number for c in events.get_event_facts("sw").competitors}
    expected = {
        frozenset(number[p] for p in pair)
        for pair in events.get_event_facts("sw").forbidden_pairs()
    }
    assert set(parse_trf(text).forbidden_pairs) == expected


def test_trf_export_without_forbidden_pairs_has_no_xxp_line() -> None:
    _swiss("sw", "simple")
    play_round("sw", random.Random(3))
    assert "XXP" not in exchange.export_event_trf("sw")
