"""Pairing use cases through the chess adapters (chess-manager E1, E2; R4-R8, R12-R17)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mashindano.app import events, rounds
from mashindano.app.conduct import take_leave, withdraw_player
from mashindano.app.errors import NotFound, WrongState
from mashindano.app.formats.parts import STANDINGS
from mashindano.app.formats.registry import part
from mashindano.engine.model import ByeKind, CompetitorId
from mashindano.store.facts import RoundFact

from .helpers import ACTOR, make_event, play_all, play_round

pytestmark = pytest.mark.django_db


def _numbers(slug: str) -> dict[CompetitorId, int]:
    return {c.id: c.number or 0 for c in events.get_event_facts(slug).competitors}


def _as_numbers(round_fact: RoundFact, numbers: dict[CompetitorId, int]) -> list[str]:
    return [f"{numbers[e.first]}-{numbers[e.second]}" for e in round_fact.encounters if e.second]


@pytest.mark.parametrize(
    ("players", "cycles", "expected"),
    [(6, "1", 5), (7, "1", 7), (6, "2", 10), (7, "2", 14)],
)
def test_chess_E1_number_of_rounds(players: int, cycles: str, expected: int) -> None:
    make_event("rr", "chess-round-robin", players, round_robin_cycles=cycles)
    assert play_all("rr") == expected
    assert rounds.show_round("rr").number == expected


def test_chess_E2_round_robin_pairings_follow_the_berger_table() -> None:
    make_event("rr", "chess-round-robin", 6)
    numbers = _numbers("rr")
    rng = random.Random(5)
    published = [_as_numbers(play_round("rr", rng), numbers) for _ in range(5)]
    assert published == [
        ["1-6", "2-5", "3-4"],
        ["6-4", "5-3", "1-2"],
        ["2-6", "3-1", "4-5"],
        ["6-5", "1-4", "2-3"],
        ["3-6", "4-2", "5-1"],
    ]


def test_chess_E1_seven_players_each_sit_out_once_worth_nothing() -> None:
    make_event("rr", "chess-round-robin", 7)
    play_all("rr")
    facts = events.get_event_facts("rr")
    byes = list(facts.byes())
    assert Counter(b.competitor for b in byes) == Counter(c.id for c in facts.competitors)
    assert {b.kind for b in byes} == {ByeKind.SIT_OUT}
    total = sum(
        line.points
        for line in part("chess-round-robin", STANDINGS).compute_standings(facts)[0].lines
    )
    assert total == 21  # 21 games, one point each; sit-outs add nothing (A7)


def test_pairing_refuses_before_start_while_incomplete_and_after_the_last_round() -> None:
    make_event("sw", "chess-swiss", 6, start=False, swiss_rounds="2")
    with pytest.raises(WrongState, match="start it first"):
        rounds.pair_next_round("sw", actor=ACTOR)
    events.start_event("sw", actor=ACTOR)
    rounds.pair_next_round("sw", actor=ACTOR)
    with pytest.raises(
        WrongState, match=r"round 1 of event 'sw' is not finished: no result on board\(s\) 1, 2, 3"
    ):
        rounds.pair_next_round("sw", actor=ACTOR)
    play_all("sw")
    with pytest.raises(WrongState, match="all 2 rounds of event 'sw' have been paired"):
        rounds.pair_next_round("sw", actor=ACTOR)


def test_dutch_swiss_records_the_initial_colour_lot_and_never_repeats_a_pairing() -> None:
    make_event("sw", "chess-swiss", 8, swiss_rounds="5", swiss_pairing="dutch")
    play_all("sw")
    facts = events.get_event_facts("sw")
    lot = facts.lot("initial-colour")
    assert lot is not None
    assert lot.outcome in ("white", "black")
    assert lot.seed == facts.seed
    pairs = [frozenset((g.first, g.second)) for g in facts.games()]
    assert len(pairs) == len(set(pairs)) == 20  # R14


def test_swiss_odd_field_gets_one_pairing_bye_a_round() -> None:
    make_event("sw", "chess-swiss", 7, swiss_rounds="4")
    play_all("sw")
    facts = events.get_event_facts("sw")
    for round_fact in facts.rounds:
        kinds = [b.kind for b in round_fact.byes()]
        assert kinds == [ByeKind.PAIRING_ALLOCATED]
    assert len({b.competitor for b in facts.byes()}) == 4  # nobody gets it twice


def test_swiss_withdrawn_and_on_leave_players_are_not_paired() -> None:
    make_event("sw", "chess-swiss", 8, swiss_rounds="4")
    play_round("sw", random.Random(1))
    withdraw_player("sw", "P01", actor=ACTOR, reason="ill")
    take_leave("sw", "P02", 2, actor=ACTOR, to_round=3, bye_kind=ByeKind.HALF_POINT)
    round_two = play_round("sw", random.Random(2))
    byes = {b.competitor: b.kind for b in round_two.byes()}
    assert byes == {"P01": ByeKind.ZERO_POINT, "P02": ByeKind.HALF_POINT}
    assert all("P01" not in (g.first, g.second) for g in round_two.games())
    table = events.event_standings("sw")[0]
    assert table.lines[[str(line.competitor.id) for line in table.lines].index("P01")].note == (
        "withdrawn from round 2"
    )


def test_round_robin_withdrawal_publishes_forfeits() -> None:
    make_event("rr", "chess-round-robin", 4)
    play_round("rr", random.Random(1))
    withdraw_player("rr", "P03", actor=ACTOR)
    round_two = rounds.pair_next_round("rr", actor=ACTOR)
    [game] = [g for g in round_two.games() if "P03" in (g.first, g.second)]
    assert game.result.is_forfeit
    assert game.reports[0].actor == "mashindano"
    assert game.as_game().outcome_for(CompetitorId("P03")).value == "loss"  # type: ignore[union-attr]


def test_show_round_refuses_unpublished_rounds() -> None:
    make_event("rr", "chess-round-robin", 4)
    with pytest.raises(NotFound, match="no published round yet"):
        rounds.show_round("rr")
    play_round("rr", random.Random(1))
    with pytest.raises(NotFound, match="no published round 2"):
        rounds.show_round("rr", 2)
