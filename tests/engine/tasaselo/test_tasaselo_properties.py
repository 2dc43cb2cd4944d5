"""Invariants of whole simulated tournaments of 6-200 players and up to 15 rounds: nobody twice
in a round, no rematch, the round-1 exclusions, colour balance as R21 when nobody joins or
leaves, at most one prize per player, and zero-sum variable selos.

Round counts are kept where a rematch-free pairing always exists (Dirac: at most half the
players), and, for the colour test, where the colour rules can always be kept (a quarter).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import example, given, settings
from hypothesis import strategies as st

from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.parameters import override
from mashindano.engine.tasaselo import (
    TASASELO,
    EventChanges,
    Status,
    TasaseloSimulation,
    compute_colour_balance,
    compute_colour_histories,
    simulate_tasaselo,
)


def roster(count: int, seed: int, prefix: str = "p") -> list[Competitor]:
    rng = random.Random(seed)
    return [
        Competitor(CompetitorId(f"{prefix}{n}"), f"{prefix.upper()} {n}", rng.randint(1000, 2600))
        for n in range(1, count + 1)
    ]


@dataclass(frozen=True)
class Scenario:
    players: list[Competitor]
    rounds: int
    seed: int
    k: int
    scoring: str
    changes: EventChanges


@st.composite
def plain_scenarios(draw: st.DrawFn) -> Scenario:
    count = draw(st.integers(6, 200))
    rounds = draw(st.integers(1, min(15, count // 2)))
    seed = draw(st.integers(0, 2**31))
    return Scenario(
        roster(count, seed),
        rounds,
        seed,
        draw(st.integers(20, 300)),
        draw(st.sampled_from(["1,0.5,0", "3,1,0"])),
        EventChanges(),
    )


@st.composite
def changed_scenarios(draw: st.DrawFn) -> Scenario:
    count = draw(st.integers(12, 190))
    rounds = draw(st.integers(2, min(15, count // 4)))
    seed = draw(st.integers(0, 2**31))
    players = roster(count, seed)
    ids = [p.id for p in players]
    newcomers = roster(draw(st.integers(0, min(10, 200 - count))), seed + 1, prefix="late")
    late = tuple((c, draw(st.integers(2, rounds))) for c in newcomers)
    leaving = draw(st.lists(st.sampled_from(ids), max_size=count // 8, unique=True))
    withdrawals = tuple((c, draw(st.integers(2, rounds))) for c in leaving)
    missing = draw(st.lists(st.sampled_from(ids), max_size=count // 8, unique=True))
    absences = tuple((c, draw(st.integers(1, rounds))) for c in missing)
    resting = tuple(draw(st.lists(st.sampled_from(ids), max_size=3, unique=True)))
    by_selo = sorted(players, key=lambda p: -(p.rating or 0))
    reserve = draw(st.none() | st.sampled_from([p.id for p in by_selo[count // 2 + 1 :]]))
    return Scenario(
        players,
        rounds,
        seed,
        draw(st.integers(20, 300)),
        draw(st.sampled_from(["1,0.5,0", "3,1,0"])),
        EventChanges(late, absences, withdrawals, resting, reserve),
    )


def simulate(scenario: Scenario) -> TasaseloSimulation:
    parameters = override(TASASELO, {"scoring": scenario.scoring})
    return simulate_tasaselo(
        scenario.players,
        scenario.rounds,
        scenario.seed,
        parameters,
        k=scenario.k,
        changes=scenario.changes,
    )


def check_invariants(sim: TasaseloSimulation) -> None:
    roster_ = sim.event.roster
    met: set[frozenset[CompetitorId]] = set()
    ghosted: Counter[CompetitorId] = Counter()
    history = [r.selo for r in sim.rounds] + [sim.final_selo]
    for index, simulated in enumerate(sim.rounds):
        pairing = simulated.pairing
        round_number = pairing.round
        players = pairing.players
        assert len(players) == len(set(players)), "nobody twice in a round"
        can_play = {e.id for e in roster_.available(round_number)}
        assert set(players) <= can_play
        assert can_play - set(players) <= {roster_.reserve}
        for board in pairing.boards:
            if board.black is None:
                ghosted[board.white] += 1
                continue
            pair = frozenset(board.players)
            assert pair not in met, f"rematch in round {round_number}: {sorted(pair)}"
            met.add(pair)
        assert max(ghosted.values(), default=0) <= 1, "nobody meets the ghost twice"
        before, after = history[index], history[index + 1]
        common = set(before) & set(after)
        assert sum(after[c] for c in common) == sum(before[c] for c in common)
        for board in pairing.boards:
            if board.black is None:
                assert after[board.white] == before[board.white]
    check_round1(sim)
    prized = Counter(p.competitor for p in sim.standings.prizes)
    assert max(prized.values(), default=0) <= 1, "at most one prize per player"
    assert roster_.reserve not in prized


def check_round1(sim: TasaseloSimulation) -> None:
    pairing = sim.rounds[0].pairing
    numbers = {e.id: e.number for e in sim.event.roster.entries}
    places = sorted(pairing.players, key=numbers.__getitem__)
    position = {c: i for i, c in enumerate(places, start=1)}
    ghost_place = len(places) + 1
    pairs = {
        tuple(sorted((position[b.white], ghost_place if b.black is None else position[b.black])))
        for b in pairing.boards
    }
    size = len(places) + pairing.ghost
    drawn = min(6, size)
    assert (1, 2) not in pairs
    assert (1, 6) not in pairs
    assert all(max(p) <= drawn for p in pairs if min(p) <= drawn)
    assert {p for p in pairs if min(p) > drawn} == {(i, i + 1) for i in range(drawn + 1, size, 2)}
    assert all(sim.event.roster.status(c, 1) is Status.PLAYING for c in pairing.players)


@settings(max_examples=40, deadline=None)
@given(plain_scenarios())
@example(Scenario(roster(200, 1), 15, 1, 100, "1,0.5,0", EventChanges()))
@example(Scenario(roster(199, 2), 15, 2, 20, "3,1,0", EventChanges()))
def test_invariants_without_changes(scenario: Scenario) -> None:
    check_invariants(simulate(scenario))


@settings(max_examples=40, deadline=None)
@given(changed_scenarios())
def test_invariants_with_late_entries_rests_absences_withdrawals_and_a_reserve(
    scenario: Scenario,
) -> None:
    check_invariants(simulate(scenario))


@st.composite
def unchanged_even_fields(draw: st.DrawFn) -> tuple[int, int, int]:
    count = 2 * draw(st.integers(3, 100))
    rounds = draw(st.integers(1, min(15, count // 4 + 1)))
    return count, rounds, draw(st.integers(0, 2**31))


@settings(max_examples=40, deadline=None)
@given(unchanged_even_fields())
@example((200, 15, 3))
def test_R21_colour_balance_when_nobody_joins_or_leaves(field: tuple[int, int, int]) -> None:
    count, rounds, seed = field
    sim = simulate_tasaselo(roster(count, seed), rounds, seed)
    assert not any(r.pairing.regardless_of_colours for r in sim.rounds)
    assert not any(r.pairing.wrong_colours for r in sim.rounds)
    histories = compute_colour_histories(sim.event)
    for played in range(1, rounds + 1):
        balances = {compute_colour_balance(h[:played]) for h in histories.values()}
        assert balances == ({0} if played % 2 == 0 else {-1, 1})
