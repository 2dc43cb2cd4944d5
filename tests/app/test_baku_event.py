"""A chess Swiss with Baku acceleration (issue 28 item 2): the event parameter
`swiss_acceleration=baku`, the pairing on pairing scores, the draft's explanation showing
the virtual points, standings on real points, and the TRF export's XXA lines (read back by our
reader and paired by the drop-in CLI as the event pairs)."""

from __future__ import annotations

import random

import pytest
from django.utils import translation
from tests.app.helpers import ACTOR, T0, make_event, play_round

from mashindano.app import events
from mashindano.app.drafts import draft_next_round
from mashindano.app.exchange import export_event_trf
from mashindano.app.formats.parts import ACCELERATED, DESCRIPTION
from mashindano.app.formats.registry import part
from mashindano.app.queries import get_event_facts
from mashindano.cli.pair_protocol import format_pairs, pair_round
from mashindano.engine.errors import ConfigError
from mashindano.engine.pairing import baku_acceleration, pair_dutch
from mashindano.engine.points import ONE, ZERO
from mashindano.interchange.trf import parse_trf, trf_acceleration, trf_to_stage_results
from mashindano.presets.chess_swiss.adapter import ChessSwissAdapter

pytestmark = pytest.mark.django_db


@pytest.fixture
def baku() -> str:
    make_event("baku", "chess-swiss", 10, swiss_pairing="dutch", swiss_acceleration="baku")
    return "baku"


def test_the_parameter_is_declared_with_its_choices_help_and_article():
    spec = part("chess-swiss", DESCRIPTION).parameter_schema.field("swiss_acceleration")
    assert spec.choices == ("none", "baku")
    assert spec.default == "none"
    assert "C.04.7" in spec.spec
    assert "Baku" in spec.help


@pytest.mark.parametrize(
    ("parameters", "message"),
    [
        ({"swiss_acceleration": "baku"}, "needs the FIDE Dutch pairing"),
        (
            {"swiss_acceleration": "baku", "swiss_pairing": "dutch", "points": "3,1,0"},
            "two draws",
        ),
        ({"swiss_acceleration": "fast", "swiss_pairing": "dutch"}, "not an acceleration"),
    ],
)
def test_a_baku_event_that_cannot_be_is_refused(parameters, message):
    with pytest.raises(ConfigError, match=message):
        events.create_event("bad", "chess-swiss", actor=ACTOR, parameters=parameters, now=T0)


def test_round_one_pairs_with_group_a_ahead_and_the_draft_shows_it(baku: str) -> None:
    facts = get_event_facts(baku)
    acceleration = part(facts.preset, ACCELERATED).pairing_acceleration(facts)
    assert acceleration is not None
    ordered = sorted(facts.competitors, key=lambda c: c.number or 0)
    # Ten players: group A = 2 x ceil(10/4) = 6, +1 in round 1 (C.04.7).
    assert [acceleration[c.id][0] for c in ordered] == [ONE] * 6 + [ZERO] * 4
    with translation.override("en"):
        draft = draft_next_round(baku, actor=ACTOR, now=T0)
    lines = {line.number: line for line in draft.explanation}
    assert [lines[n].virtual_points for n in range(1, 11)] == [ONE] * 6 + [ZERO] * 4
    assert all(line.score == ZERO for line in draft.explanation)  # real points
    boards = {frozenset((b.first_number, b.second_number)) for b in draft.boards}
    assert {1, 4} in [set(b) for b in boards]  # S1 {1,2,3} against S2 {4,5,6} in group A
    assert {7, 9} in [set(b) for b in boards]  # group B apart: {7,8} against {9,10}


def test_the_event_pairs_as_the_engine_does_and_standings_stay_real(baku: str) -> None:
    rng = random.Random(4)
    for _ in range(2):
        play_round(baku, rng)
    facts = get_event_facts(baku)
    adapter = ChessSwissAdapter()  # the preset's adapter itself, for its pairing internals
    results = adapter.stage_results(facts)
    total = adapter.total_rounds(facts)
    expected = pair_dutch(
        results.known_before_pairing(2),
        2,
        total_rounds=total,
        initial_colour=adapter._initial_colour(facts)[0],
        acceleration=baku_acceleration(
            [c.id for c in sorted(facts.competitors, key=lambda c: c.number or 0)],
            total,
            results.points,
        ),
    )
    second = facts.rounds[1]
    assert {(g.first, g.second) for g in second.games()} == set(expected.boards)
    table = adapter.compute_standings(facts)[0]
    assert sum(line.points for line in table.lines) == 10  # two rounds of five games: real


def test_trf_export_writes_xxa_lines_that_pair_the_next_round_as_the_event(baku: str) -> None:
    rng = random.Random(7)
    for _ in range(2):
        play_round(baku, rng)
    text = export_event_trf(baku)
    xxa = [line for line in text.splitlines() if line.startswith("XXA")]
    assert len(xxa) == 10
    assert xxa[0] == "XXA    1  1.0  0.5  0.0  0.0"  # four rounds: two accelerated
    tournament = parse_trf(text)
    facts = get_event_facts(baku)
    number = {c.id: c.number for c in facts.competitors}
    event_values = part(facts.preset, ACCELERATED).pairing_acceleration(facts)
    assert event_values is not None
    assert trf_acceleration(tournament) == {
        str(number[k]): tuple(v) for k, v in event_values.items()
    }
    results = trf_to_stage_results(tournament)
    ours = format_pairs(results, pair_round(tournament, results, 3))
    published = play_round(baku, rng)
    lines = [f"{number[g.first]} {number[g.second]}" for g in published.games()]
    assert sorted(ours.split("\n")[1:-1]) == sorted(lines)


def test_an_unaccelerated_export_has_no_xxa_lines():
    make_event("plain", "chess-swiss", 6, swiss_pairing="dutch")
    play_round("plain", random.Random(1))
    assert "XXA" not in export_event_trf("plain")
