"""The `chess-swiss` preset pairs stored events by the chess-manager Swiss by default (R12-R18,
A5-A8, A13), and by FIDE Dutch with `swiss_pairing=dutch`."""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

import pytest

from mashindano.app import events, rounds
from mashindano.app.conduct import take_leave, withdraw_player
from mashindano.app.demo import play_demo_event
from mashindano.app.documents.event import show_event
from mashindano.app.errors import WrongState
from mashindano.app.formats.parts import STAGE_EXPORT
from mashindano.app.formats.registry import part
from mashindano.engine.errors import ConfigError
from mashindano.engine.model import ByeKind, CompetitorId, Side, StageResults
from mashindano.engine.pairing.simple_swiss import (
    CHESS_SWISS,
    compute_draw_order,
    pair_simple_swiss,
)
from mashindano.engine.parameters import override
from mashindano.engine.points import Points
from mashindano.store import models
from mashindano.store.facts import EventFacts, GameFact, RoundFact

from .helpers import ACTOR, T0, make_event, play_all, play_round

pytestmark = pytest.mark.django_db

PRESET = "chess-swiss"


def _facts(slug: str) -> EventFacts:
    return events.get_event_facts(slug)


def _boards(round_fact: RoundFact) -> list[tuple[CompetitorId, CompetitorId]]:
    return [(e.first, e.second) for e in round_fact.encounters if e.second is not None]


def _pairs(round_fact: RoundFact) -> set[frozenset[CompetitorId]]:
    return {frozenset(board) for board in _boards(round_fact)}


def _by_number(facts: EventFacts) -> dict[int, CompetitorId]:
    return {c.number or 0: c.id for c in facts.competitors}


def _stage_format(slug: str) -> str:
    return models.Stage.objects.get(event__slug=slug, number=1).format


def _results_before(facts: EventFacts, round_number: int) -> StageResults:
    """The stage's facts as they stood when `round_number` was paired (no declared byes)."""
    full = part(PRESET, STAGE_EXPORT).stage_results(facts)
    assert full is not None
    return StageResults(
        full.competitors,
        tuple(g for g in full.games if g.round < round_number),
        tuple(b for b in full.byes if b.round < round_number),
        full.points,
        full.rounds,
    )


def _draw_order(facts: EventFacts) -> list[CompetitorId]:
    lot = facts.lot("draw-order")
    assert lot is not None
    assert isinstance(lot.outcome, list)
    return [CompetitorId(str(c)) for c in lot.outcome]


# -- parameters -------------------------------------------------------------------------------


def test_R12_swiss_pairing_defaults_to_the_simple_swiss_and_reads_text() -> None:
    assert CHESS_SWISS.swiss_pairing == "simple"
    assert override(CHESS_SWISS, {"swiss_pairing": " Dutch "}).swiss_pairing == "dutch"
    assert override(CHESS_SWISS, {"swiss-pairing": "SIMPLE"}).swiss_pairing == "simple"


def test_swiss_pairing_shows_in_the_parameters_summary_and_stage() -> None:
    make_event("sw", PRESET, 6)
    shown = show_event("sw")
    assert shown.parameters["swiss_pairing"] == "simple"
    assert shown.summary["swiss_pairing"] == "simple"
    assert _stage_format("sw") == "swiss-simple"
    make_event("du", PRESET, 6, swiss_pairing="dutch")
    shown = show_event("du")
    assert shown.parameters["swiss_pairing"] == "dutch"
    assert shown.summary["swiss_pairing"] == "dutch"
    assert _stage_format("du") == "swiss-dutch"


def test_create_event_refuses_an_unknown_pairing_system_naming_the_allowed_values() -> None:
    with pytest.raises(ConfigError, match="swiss_pairing") as refused:
        events.create_event("bad", PRESET, actor=ACTOR, parameters={"swiss_pairing": "monrad"})
    assert "'monrad'" in str(refused.value)
    assert "'simple' or 'dutch'" in str(refused.value)
    assert refused.value.params["parameter"] == "swiss_pairing"
    assert not models.Event.objects.filter(slug="bad").exists()


# -- round 1: the recorded lot ----------------------------------------------------------------


def test_R12_A13_default_round_one_pairs_the_seeded_draw_order_top_half_against_bottom() -> None:
    make_event("sw", PRESET, 12, seed=11)
    published = rounds.pair_next_round("sw", actor=ACTOR, now=T0)
    facts = _facts("sw")
    lot = facts.lot("draw-order")
    assert lot is not None
    assert lot.seed == facts.seed == 11
    order = _draw_order(facts)
    assert sorted(order) == sorted(c.id for c in facts.competitors)
    assert order == list(compute_draw_order(facts.competitors, 11))
    # A8: with everybody on 0, the draw order is the ranking; top half meets bottom half, and
    # the higher-ranked player of the first board has White, colours alternating down.
    expected = [
        (order[k], order[k + 6]) if k % 2 == 0 else (order[k + 6], order[k]) for k in range(6)
    ]
    assert _boards(published) == expected
    assert facts.lot("initial-colour") is None


def test_R12_round_one_is_not_the_rating_order() -> None:
    make_event("sw", PRESET, 12, seed=11)
    numbers = {v: k for k, v in _by_number(_facts("sw")).items()}
    published = rounds.pair_next_round("sw", actor=ACTOR, now=T0)
    rating_order = {frozenset((n, n + 6)) for n in range(1, 7)}
    assert {frozenset(numbers[c] for c in pair) for pair in _pairs(published)} != rating_order


def test_A13_same_seed_same_round_one_and_a_different_seed_a_different_one() -> None:
    for slug, seed in (("first", 11), ("again", 11), ("other", 12)):
        make_event(slug, PRESET, 12, seed=seed)
        rounds.pair_next_round(slug, actor=ACTOR, now=T0)
    first, again, other = (_facts(s) for s in ("first", "again", "other"))
    assert _boards(first.rounds[0]) == _boards(again.rounds[0])
    assert _draw_order(first) == _draw_order(again)
    assert _draw_order(first) != _draw_order(other)
    assert _pairs(first.rounds[0]) != _pairs(other.rounds[0])


def test_A13_every_round_replays_from_the_recorded_lot() -> None:
    make_event("sw", PRESET, 10, seed=5, swiss_rounds="4")
    play_all("sw", seed=8)
    facts = _facts("sw")
    lots = [lot for lot in facts.lots if lot.purpose == "draw-order"]
    assert len(lots) == 1  # drawn once, when round 1 was paired
    tiebreaks = CHESS_SWISS.tiebreaks
    for round_fact in facts.rounds:
        replay = pair_simple_swiss(
            _results_before(facts, round_fact.number),
            round_fact.number,
            seed=lots[0].seed,
            tiebreaks=tiebreaks,
        )
        assert list(replay.boards) == _boards(round_fact)
        assert replay.bye is None


def test_A13_later_rounds_are_paired_from_the_recorded_draw_order_itself() -> None:
    # The recorded lot is the fact: were it to differ from what its seed draws today (another
    # shuffle, say), the lot is what ranks players, not a new draw.
    make_event("sw", PRESET, 6, seed=5, swiss_rounds="3")
    play_round("sw", random.Random(1))
    lot = models.LotDraw.objects.get(event__slug="sw", purpose="draw-order")
    recorded = list(reversed(lot.outcome))
    lot.outcome = recorded
    lot.save()
    published = rounds.pair_next_round("sw", actor=ACTOR, now=T0)
    facts = _facts("sw")
    expected = pair_simple_swiss(
        _results_before(facts, 2),
        2,
        seed=5,
        tiebreaks=CHESS_SWISS.tiebreaks,
        draw_order=[CompetitorId(c) for c in recorded],
    )
    assert _boards(published) == list(expected.boards)


def test_A13_a_recorded_draw_order_that_is_not_a_list_of_players_is_refused() -> None:
    make_event("sw", PRESET, 6, seed=5, swiss_rounds="3")
    play_round("sw", random.Random(1))
    models.LotDraw.objects.filter(event__slug="sw", purpose="draw-order").update(outcome="P1")
    with pytest.raises(WrongState, match=r"recorded draw order \(lot 'draw-order'\) is not a list"):
        rounds.pair_next_round("sw", actor=ACTOR, now=T0)


def test_dutch_parameter_pairs_round_one_in_rating_order_with_the_colour_lot() -> None:
    make_event("du", PRESET, 8, seed=11, swiss_pairing="dutch")
    published = rounds.pair_next_round("du", actor=ACTOR, now=T0)
    facts = _facts("du")
    player = _by_number(facts)
    assert _pairs(published) == {frozenset((player[n], player[n + 4])) for n in range(1, 5)}
    colour = facts.lot("initial-colour")
    assert colour is not None
    assert colour.outcome in ("white", "black")
    top_white = _boards(published)[0][0]
    assert (top_white == player[1]) == (colour.outcome == Side.WHITE.value)
    assert facts.lot("draw-order") is None


def test_an_event_paired_by_dutch_before_swiss_pairing_existed_stays_dutch() -> None:
    for slug in ("old", "new"):
        make_event(slug, PRESET, 8, seed=11, swiss_rounds="4", swiss_pairing="dutch")
        play_round(slug, random.Random(1))
    # What an event paired before the preset had `swiss_pairing` looks like: no override,
    # and the Dutch initial-colour lot of its round 1.
    models.Event.objects.filter(slug="old").update(parameters={"swiss_rounds": "4"})
    assert "swiss_pairing" not in _facts("old").parameters
    old = rounds.pair_next_round("old", actor=ACTOR, now=T0)
    new = rounds.pair_next_round("new", actor=ACTOR, now=T0)
    assert _boards(old) == _boards(new)
    assert _facts("old").lot("draw-order") is None
    assert show_event("old").summary["swiss_pairing"] == "dutch"


# -- a whole event ----------------------------------------------------------------------------


def test_R13_R14_R16_R18_A5_A6_A7_A8_whole_default_event_of_nine_players() -> None:
    make_event("open", PRESET, 9, seed=2026, swiss_rounds="4")
    assert play_all("open", seed=17) == 4
    events.close_event("open", actor=ACTOR, now=T0)
    facts = _facts("open")

    pairs = [frozenset((g.first, g.second)) for g in facts.games()]
    assert len(pairs) == len(set(pairs)) == 16  # R14: no rematch
    bye_takers = []
    for round_fact in facts.rounds:
        byes = list(round_fact.byes())
        assert [b.kind for b in byes] == [ByeKind.PAIRING_ALLOCATED]  # R17
        bye_takers.append(byes[0].competitor)
    assert len(set(bye_takers)) == 4  # A7: never to a player who had one

    colours: dict[CompetitorId, list[Side]] = defaultdict(list)
    for game in sorted(facts.games(), key=lambda g: g.round):
        colours[game.first].append(Side.WHITE)
        colours[game.second].append(Side.BLACK)
    for history in colours.values():  # A8: avoidable here, so avoided
        assert all(len(set(history[k : k + 3])) == 2 for k in range(len(history) - 2))
        assert abs(history.count(Side.WHITE) - history.count(Side.BLACK)) <= 2

    score: dict[CompetitorId, Fraction] = defaultdict(Fraction)
    bye_points: dict[CompetitorId, Fraction] = defaultdict(Fraction)
    for game in facts.games():
        for player in (game.first, game.second):
            score[player] += _game_points(game, player)
    for taker in bye_takers:
        score[taker] += 1  # A7: a Swiss bye is worth 1 by default
        bye_points[taker] += 1
    buchholz: dict[CompetitorId, Fraction] = defaultdict(Fraction)
    sonneborn: dict[CompetitorId, Fraction] = defaultdict(Fraction)
    for game in facts.games():
        for player, opponent in ((game.first, game.second), (game.second, game.first)):
            buchholz[player] += score[opponent] - bye_points[opponent]  # A6 (c)
            sonneborn[player] += _game_points(game, player) * score[opponent]  # A3

    [table] = events.event_standings("open")
    assert table.columns == ("buchholz", "sb")  # A5: Buchholz, then SB
    rows = [(line.points, line.values["buchholz"], line.values["sb"]) for line in table.lines]
    for line in table.lines:
        player = line.competitor.id
        assert line.points == score[player]
        assert line.values["buchholz"] == buchholz[player]
        assert line.values["sb"] == sonneborn[player]
    assert rows == sorted(rows, key=_descending, reverse=True)  # R3, R16, R18
    assert sum(line.points for line in table.lines) == 16 + 4


def _game_points(game: GameFact, player: CompetitorId) -> Fraction:
    outcome = game.as_game().outcome_for(player)
    assert outcome is not None
    return {"win": Fraction(1), "draw": Fraction(1, 2), "loss": Fraction(0)}[outcome.value]


def _descending(row: tuple[Points, Points | None, Points | None]) -> tuple[Points, ...]:
    return tuple(value or Fraction(0) for value in row)


# -- declared byes ----------------------------------------------------------------------------


def test_A7_simple_swiss_honours_declared_byes_and_the_bye_points_parameter() -> None:
    make_event("sw", PRESET, 9, seed=4, swiss_rounds="4", swiss_bye_points="1/2")
    play_round("sw", random.Random(1))
    withdraw_player("sw", "P01", actor=ACTOR, reason="ill")
    take_leave("sw", "P02", 2, actor=ACTOR, to_round=2, bye_kind=ByeKind.HALF_POINT)
    round_two = play_round("sw", random.Random(2))
    byes = {b.competitor: b.kind for b in round_two.byes()}
    assert byes.pop(CompetitorId("P01")) is ByeKind.ZERO_POINT
    assert byes.pop(CompetitorId("P02")) is ByeKind.HALF_POINT
    assert list(byes.values()) == [ByeKind.PAIRING_ALLOCATED]  # seven left to pair
    paired = {p for pair in _pairs(round_two) for p in pair}
    assert paired.isdisjoint({"P01", "P02"})
    assert len(paired) == 6
    round_three = play_round("sw", random.Random(3))
    assert {b.competitor: b.kind for b in round_three.byes()} == {"P01": ByeKind.ZERO_POINT}
    assert "P02" in {p for pair in _pairs(round_three) for p in pair}  # back from leave
    [table] = events.event_standings("sw")
    games = sum(1 for g in _facts("sw").games())
    pairing_byes = sum(1 for b in _facts("sw").byes() if b.kind is ByeKind.PAIRING_ALLOCATED)
    assert pairing_byes == 2  # rounds 1 and 2; eight are left in round 3
    half = Fraction(1, 2)
    assert sum(line.points for line in table.lines) == games + pairing_byes * half + half


# -- the demo ---------------------------------------------------------------------------------


def test_the_demo_plays_a_chess_swiss_event_to_the_end_with_the_simple_swiss() -> None:
    outcome = play_demo_event(PRESET, seed=2026)
    assert outcome.units == 5
    facts = _facts(outcome.slug)
    assert facts.state.value == "closed"
    assert facts.lot("draw-order") is not None
    pairs = [frozenset((g.first, g.second)) for g in facts.games()]
    assert len(pairs) == len(set(pairs)) == 30  # twelve players, five rounds, no rematch
    assert sum(len(t.lines) for t in outcome.standings) == 12
