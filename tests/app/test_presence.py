"""The roll call, absences, requested-bye limits and late entries of a Swiss event (issue 33
items 2 and 3): every rule at the use-case level, on the controlled clock."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.contrib.auth.models import User

from mashindano.app import events
from mashindano.app.conduct import take_leave
from mashindano.app.drafts import draft_next_round
from mashindano.app.errors import Duplicate, NotAllowed, OutOfWindow, WrongState
from mashindano.app.formats.parts import STANDINGS
from mashindano.app.formats.registry import part
from mashindano.app.people import principal_for_user
from mashindano.app.players import register_players
from mashindano.app.presence import check_in, check_in_window
from mashindano.app.rounds import pair_next_round
from mashindano.engine.errors import ConfigError
from mashindano.engine.model import ByeKind, Competitor, CompetitorId
from mashindano.store import models

from .helpers import ACTOR, T0, make_event, report_open

pytestmark = pytest.mark.django_db

P = CompetitorId


def _byes(slug: str, number: int) -> dict[str, str | None]:
    facts = events.get_event_facts(slug)
    found = next(r for r in facts.rounds if r.number == number)
    return {
        str(e.first): (e.bye_kind.value if e.bye_kind else None)
        for e in found.encounters
        if e.second is None
    }


def _check_in_all(slug: str, keys: list[str], now: object = T0) -> None:
    for key in keys:
        check_in(slug, key, actor=ACTOR, now=now)  # type: ignore[arg-type]


def test_check_in_is_off_by_default_and_nobody_is_absent() -> None:
    make_event("sw", "chess-swiss", 6)
    assert check_in_window(events.get_event_facts("sw")) is None
    with pytest.raises(WrongState, match="has no check-in"):
        check_in("sw", "P01", actor=ACTOR, now=T0)
    published = pair_next_round("sw", actor=ACTOR, now=T0)
    assert all(e.second is not None for e in published.encounters)


def test_players_not_checked_in_get_the_absence_outcome() -> None:
    """Ten check in, two do not: the two get the event's zero-point bye and are not paired."""
    make_event("sw", "chess-swiss", 12, check_in="yes")
    _check_in_all("sw", [f"P{n:02d}" for n in range(1, 11)])
    draft = draft_next_round("sw", actor=ACTOR, now=T0)
    absent = {line.name: line.outcome for line in draft.explanation if "absent" in line.outcome}
    assert set(absent) == {"P11", "P12"}
    assert "zero-point bye" in absent["P11"]
    assert any("Not checked in" in w for w in draft.warnings)
    pair_next_round("sw", actor=ACTOR, now=T0)
    assert _byes("sw", 1) == {"P11": "Z", "P12": "Z"}
    audit = models.AuditEntry.objects.filter(event__slug="sw", action="round.pair").get()
    assert audit.after["absent"] == ["P11", "P12"]


def test_the_half_point_outcome_and_withdrawal_after_two_absences() -> None:
    make_event(
        "sw", "chess-swiss", 6, check_in="yes", absence="half-point", absences_to_withdraw="2"
    )
    rng = random.Random(1)
    for number in (1, 2):
        _check_in_all("sw", ["P01", "P02", "P03", "P04", "P05"])
        published = pair_next_round("sw", actor=ACTOR, now=T0)
        report_open("sw", published, rng)
        assert _byes("sw", number)["P06"] == "H"
    facts = events.get_event_facts("sw")
    assert facts.withdrawn_from(P("P06")) == 3
    withdrawal = models.Withdrawal.objects.get(entry__key="P06")
    assert withdrawal.actor == "mashindano"
    assert "absent 2 times" in withdrawal.reason
    # Withdrawn: a zero-point bye from round 3, whatever the roll call says.
    _check_in_all("sw", ["P01", "P02", "P03", "P04", "P05"])
    with pytest.raises(WrongState, match="has withdrawn"):
        check_in("sw", "P06", actor=ACTOR, now=T0)
    pair_next_round("sw", actor=ACTOR, now=T0)
    assert _byes("sw", 3)["P06"] == "Z"


def test_a_requested_bye_is_not_an_absence() -> None:
    make_event("sw", "chess-swiss", 5, check_in="yes", absences_to_withdraw="1")
    take_leave("sw", "P05", 1, actor=ACTOR, bye_kind=ByeKind.HALF_POINT, now=T0)
    _check_in_all("sw", ["P01", "P02", "P03", "P04"])
    published = pair_next_round("sw", actor=ACTOR, now=T0)
    assert _byes("sw", 1) == {"P05": "H"}
    assert published.number == 1
    assert events.get_event_facts("sw").withdrawn_from(P("P05")) is None


def test_the_player_checks_in_inside_the_window_only() -> None:
    make_event("sw", "chess-swiss", 4, check_in="yes", check_in_delay="60", check_in_minutes="30")
    user = User.objects.create_user("amani")
    models.Entry.objects.filter(event__slug="sw", key="P01").update(user=user)
    me = principal_for_user(user)
    assert me is not None
    # Round 1: open until it is paired.
    check_in("sw", "P01", actor=me, now=T0)
    with pytest.raises(Duplicate, match="already checked in for round 1"):
        check_in("sw", "P01", actor=me, now=T0)
    with pytest.raises(NotAllowed):
        check_in("sw", "P02", actor=me, now=T0)
    _check_in_all("sw", ["P02", "P03", "P04"])
    published = pair_next_round("sw", actor=ACTOR, now=T0)
    report_open("sw", published, random.Random(2))
    # Round 2: opens an hour after round 1 was published, for thirty minutes.
    with pytest.raises(OutOfWindow, match="opens at 2026-03-01 11:00"):
        check_in("sw", "P01", actor=me, now=T0 + timedelta(minutes=59))
    with pytest.raises(OutOfWindow, match="closed at 2026-03-01 11:30"):
        check_in("sw", "P01", actor=me, now=T0 + timedelta(minutes=90))
    mark = check_in("sw", "P01", actor=me, now=T0 + timedelta(minutes=75))
    assert (mark.round, mark.present, mark.actor) == (2, True, "amani")
    # The arbiter ticks and unticks at any time before the pairing.
    check_in("sw", "P02", actor=ACTOR, now=T0 + timedelta(hours=5))
    check_in("sw", "P02", actor=ACTOR, present=False, now=T0 + timedelta(hours=5))
    facts = events.get_event_facts("sw")
    assert facts.present_for(2) == {P("P01")}
    assert [m.present for m in facts.presence if m.competitor == "P02" and m.round == 2] == [
        True,
        False,
    ]


def test_requested_byes_stay_within_the_event_limits() -> None:
    make_event(
        "sw",
        "chess-swiss",
        8,
        swiss_rounds="5",
        max_half_point_byes="1",
        no_byes_last_rounds="2",
    )
    take_leave("sw", "P01", 1, actor=ACTOR, bye_kind=ByeKind.HALF_POINT, now=T0)
    with pytest.raises(WrongState, match="may request 1 half-point bye"):
        take_leave("sw", "P01", 2, actor=ACTOR, bye_kind=ByeKind.HALF_POINT, now=T0)
    take_leave("sw", "P01", 2, actor=ACTOR, bye_kind=ByeKind.ZERO_POINT, now=T0)
    with pytest.raises(WrongState, match="last 2 round"):
        take_leave("sw", "P02", 4, actor=ACTOR, now=T0)
    take_leave("sw", "P02", 3, actor=ACTOR, now=T0)


def test_bad_rule_values_are_refused_by_name() -> None:
    with pytest.raises(ConfigError, match="'absence'"):
        events.create_event("x", "chess-swiss", actor=ACTOR, parameters={"absence": "maybe"})
    with pytest.raises(ConfigError, match="check_in_delay"):
        events.create_event("x", "chess-swiss", actor=ACTOR, parameters={"check_in_delay": "-1"})


def test_late_entries_are_refused_unless_the_event_takes_them() -> None:
    make_event("sw", "chess-swiss", 4)
    with pytest.raises(WrongState, match="takes no late entries"):
        register_players("sw", [Competitor(P("Late"), "Late")], actor=ACTOR, now=T0)


@pytest.mark.parametrize(
    ("worth", "points", "note"),
    [("zero-point", "1", "no points"), ("half-point", "2", "half a point each")],
)
def test_a_late_entry_after_round_2_gets_the_points_of_its_missed_rounds(
    worth: str, points: str, note: str
) -> None:
    make_event(
        "sw", "chess-swiss", 5, swiss_rounds="4", late_entries="yes", late_entry_rounds=worth
    )
    rng = random.Random(5)
    for _ in range(2):
        report_open("sw", pair_next_round("sw", actor=ACTOR, now=T0), rng)
    register_players("sw", [Competitor(P("Late"), "Late", rating=2500)], actor=ACTOR, now=T0)
    facts = events.get_event_facts("sw")
    assert facts.first_rounds == {P("Late"): 3}
    late = next(c for c in facts.competitors if c.id == "Late")
    assert late.number == 6
    published = pair_next_round("sw", actor=ACTOR, now=T0)
    assert any("Late" in (g.first, g.second) for g in published.games())
    for game in published.games():
        if "Late" in (game.first, game.second):
            from mashindano.app.results import GameRef, report_result

            result = "1-0" if game.first == "Late" else "0-1"
            report_result("sw", GameRef(3, game.board), result, actor=ACTOR, now=T0)
    report_open("sw", events.get_event_facts("sw").rounds[-1], rng)
    table = part("chess-swiss", STANDINGS).compute_standings(events.get_event_facts("sw"))[0]
    line = next(line for line in table.lines if line.competitor.id == "Late")
    assert str(line.points) == points
    assert line.note == f"late entry from round 3: rounds 1-2 {note}"
    # The total of rounds fixed at the start does not move with the late entry.
    assert events.get_event_facts("sw").rounds[-1].number == 3


def test_the_roll_call_and_late_entries_survive_export_and_import() -> None:
    from mashindano.app.exchange import export_event_json, import_event_json

    make_event("sw", "chess-swiss", 4, check_in="yes", late_entries="yes")
    _check_in_all("sw", ["P01", "P02", "P03"])
    check_in("sw", "P03", actor=ACTOR, present=False, now=T0)
    pair_next_round("sw", actor=ACTOR, now=T0)
    register_players("sw", [Competitor(P("Late"), "Late")], actor=ACTOR, now=T0)
    document = export_event_json("sw")
    import_event_json(document, actor=ACTOR, slug="copy", now=T0)
    original, copy = events.get_event_facts("sw"), events.get_event_facts("copy")
    assert copy.first_rounds == original.first_rounds == {P("Late"): 2}
    assert [(m.competitor, m.round, m.present) for m in copy.presence] == [
        (P("P01"), 1, True),
        (P("P02"), 1, True),
        (P("P03"), 1, True),
        (P("P03"), 1, False),
    ]
    plain = export_event_json("sw")
    assert "presence" in plain
    make_event("plain", "chess-swiss", 2)
    assert "presence" not in export_event_json("plain")
    assert all("first_round" not in e for e in export_event_json("plain")["entries"])  # type: ignore[union-attr]


def test_dutch_pairs_a_late_entry_and_leaves_the_absent_out() -> None:
    make_event(
        "du",
        "chess-swiss",
        6,
        swiss_pairing="dutch",
        swiss_rounds="4",
        late_entries="yes",
        check_in="yes",
    )
    rng = random.Random(9)
    for _ in range(2):
        facts = events.get_event_facts("du")
        _check_in_all("du", [str(c.id) for c in facts.competitors])
        report_open("du", pair_next_round("du", actor=ACTOR, now=T0), rng)
    register_players("du", [Competitor(P("Late"), "Late", rating=2400)], actor=ACTOR, now=T0)
    _check_in_all("du", ["P01", "P02", "P03", "P04", "P05", "Late"])
    published = pair_next_round("du", actor=ACTOR, now=T0)
    assert any("Late" in (g.first, g.second) for g in published.games())
    assert _byes("du", 3) == {"P06": "Z"}


def test_no_late_entry_once_every_round_is_paired() -> None:
    make_event("sw", "chess-swiss", 2, swiss_rounds="1", late_entries="yes")
    report_open("sw", pair_next_round("sw", actor=ACTOR, now=T0), random.Random(1))
    with pytest.raises(WrongState, match="every round of event 'sw' is paired"):
        register_players("sw", [Competitor(P("Late"), "Late")], actor=ACTOR, now=T0)
