"""The simulated event: replayable from its seed, and every match obeys the bracket and the
match rule."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError
from mashindano.engine.knockout.parameters import TANTRIX_KNOCKOUT, Phase, match_rule_for
from mashindano.engine.knockout.simulation import KnockoutSimulation, simulate_knockout
from mashindano.engine.knockout.tp_match import EndedBy, conclude_tp_match
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.parameters import override

ENDINGS = {e.value for e in EndedBy} - {EndedBy.RESIGNED.value, EndedBy.DEFAULT.value}


def players(count: int, *, rated: bool = True) -> list[Competitor]:
    return [
        Competitor(
            CompetitorId(f"P{n:03}"),
            f"P{n:03}",
            rating=(2400 - 37 * n) if rated else None,
            number=n,
        )
        for n in range(1, count + 1)
    ]


def check_event(sim: KnockoutSimulation) -> None:
    bracket = sim.main.bracket
    assert bracket.is_finished
    played = [m for matches in sim.rounds for m in matches if m.b is not None]
    expected = len(sim.entrants) - 1 + (1 if bracket.third_place is not None else 0)
    assert len(played) == expected
    for match in played:
        rule = match_rule_for(
            sim.parameters, Phase.MAIN, standard_games=sim.standard_games, opt_out=match.opt_out
        )
        conclusion = conclude_tp_match(rule, list(match.tps))
        assert conclusion.ended_by == match.ended_by
        assert match.winner == (match.a if conclusion.winner == "a" else match.b)
        assert len(match.games) >= sim.standard_games
        assert match.ended_by in ENDINGS
        for game in match.games:
            assert sum(game.tps) == 20
    byes = [m for m in sim.rounds[0] if m.b is None]
    assert all(m.ended_by == "bye" and m.games == () and m.winner == m.a for m in byes)
    assert sim.champion == bracket.champion


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=2, max_value=40), st.integers(min_value=0, max_value=10**6))
def test_simulated_events_obey_the_rules(count: int, seed: int) -> None:
    check_event(simulate_knockout(players(count), seed))


def test_the_same_seed_replays_the_same_event() -> None:
    first = simulate_knockout(players(13), 42)
    again = simulate_knockout(players(13), 42)
    assert first.rounds == again.rounds
    assert first.champion == again.champion
    other = simulate_knockout(players(13), 43)
    assert other.rounds != first.rounds


def test_seeding_by_rating_by_default_or_by_list_order() -> None:
    field = list(reversed(players(6)))
    by_rating = simulate_knockout(field, 1)
    assert [c.id for c in by_rating.entrants] == [f"P00{n}" for n in range(1, 7)]
    in_order = simulate_knockout(field, 1, override(TANTRIX_KNOCKOUT, {"seeding": "order"}))
    assert [c.id for c in in_order.entrants] == [c.id for c in field]
    unrated = simulate_knockout(players(5, rated=False), 1)
    assert [c.id for c in unrated.entrants] == [c.id for c in players(5)]


def test_standard_games_argument_overrides_the_preset() -> None:
    sim = simulate_knockout(players(4), 7, standard_games=4)
    assert sim.standard_games == 4
    assert all(len(m.games) >= 4 for matches in sim.rounds for m in matches)
    with pytest.raises(ConfigError, match="at least one standard game"):
        simulate_knockout(players(4), 7, standard_games=0)


def test_every_kind_of_ending_turns_up_over_many_events() -> None:
    seen: set[str] = set()
    for seed in range(60):
        sim = simulate_knockout(players(16), seed, standard_games=2, opt_out_rate=Fraction(1, 4))
        seen.update(m.ended_by for matches in sim.rounds for m in matches)
    assert {"standard", "tiebreak-1", "opt-out"} <= seen


def test_third_place_and_plate() -> None:
    params = override(TANTRIX_KNOCKOUT, {"third_place_match": "yes", "plate": "yes"})
    sim = simulate_knockout(players(12), 3, params)
    check_event(sim)
    last = sim.rounds[-1]
    assert len(last) == 2
    assert last[1].is_third_place
    assert sim.plate is not None
    assert sim.plate.phase is Phase.PLATE
    assert set(sim.plate.bracket.entrants) == set(sim.main.bracket.first_round_losers())
    plate_endings = {m.ended_by for matches in sim.plate.rounds for m in matches}
    assert plate_endings <= {"standard", "leader-after-standard", "sudden-death", "bye"}


def test_plate_is_skipped_when_there_are_too_few_first_round_losers() -> None:
    sim = simulate_knockout(players(3), 1, override(TANTRIX_KNOCKOUT, {"plate": "yes"}))
    assert sim.plate is None


def test_a_bad_opt_out_rate_is_refused() -> None:
    with pytest.raises(ConfigError, match="opt_out_rate"):
        simulate_knockout(players(4), 1, opt_out_rate=Fraction(3, 2))
