"""The shortcuts of `pair_dutch` never change a pairing: compared with the general path, where
every decision is a maximum weight matching, on random tournaments of 10-80 players."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import NoValidPairing
from mashindano.engine.model import (
    Bye,
    ByeKind,
    Competitor,
    CompetitorId,
    Game,
    GameResult,
    Side,
    StageResults,
)
from mashindano.engine.pairing.dutch import SwissPairing, pair_dutch, pair_dutch_general
from mashindano.engine.pairing.dutch_bracket import RoundSolver


def _pair_both(results: StageResults, number: int, rounds: int) -> SwissPairing | None:
    outcomes: list[SwissPairing | None] = []
    for pair in (pair_dutch, pair_dutch_general):
        try:
            outcomes.append(pair(results, number, total_rounds=rounds, initial_colour=Side.WHITE))
        except NoValidPairing:
            outcomes.append(None)
    assert outcomes[0] == outcomes[1], f"round {number}"
    return outcomes[0]


def _play_and_compare(players: int, rounds: int, seed: int, mixed: bool) -> None:
    rng = random.Random(seed)
    competitors = tuple(
        Competitor(CompetitorId(str(n)), f"P{n}", 2500 - n, number=n) for n in range(1, players + 1)
    )
    games: list[Game] = []
    byes: list[Bye] = []
    for number in range(1, rounds + 1):
        if mixed:
            for c in competitors:
                if rng.random() < 0.06:
                    kind = rng.choice([ByeKind.HALF_POINT, ByeKind.ZERO_POINT])
                    byes.append(Bye(number, c.id, kind))
        before = StageResults(competitors, tuple(games), tuple(byes), rounds=rounds)
        pairing = _pair_both(before, number, rounds)
        if pairing is None:
            return
        for white, black in pairing.boards:
            choices = [GameResult.FIRST_WINS, GameResult.DRAW, GameResult.SECOND_WINS]
            if mixed:
                choices.append(GameResult.FIRST_WINS_BY_FORFEIT)
            games.append(Game(number, white, black, rng.choice(choices)))
        if pairing.bye is not None:
            byes.append(Bye(number, pairing.bye, ByeKind.PAIRING_ALLOCATED))


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(min_value=10, max_value=80),
    rounds=st.integers(min_value=3, max_value=11),
    seed=st.integers(min_value=0, max_value=10**6),
    mixed=st.booleans(),
)
def test_dutch_shortcuts_agree_with_the_general_path(
    players: int, rounds: int, seed: int, mixed: bool
) -> None:
    _play_and_compare(players, rounds, seed, mixed)


def test_dutch_shortcuts_agree_on_large_first_rounds() -> None:
    # Round 1 of an even field takes the straight S1-S2 shortcut; round 2 the assignment one.
    _play_and_compare(120, 3, 7, mixed=False)


def test_dutch_shortcuts_agree_on_an_odd_field_with_absences() -> None:
    # 301 players with byes and forfeits: brackets where residents float down (the slot model of
    # the opponent shortcut), brackets without moved-down players (the exchange guess).
    _play_and_compare(301, 5, 5, mixed=True)


def test_dutch_shortcuts_agree_when_the_last_bracket_leaves_the_bye() -> None:
    # Odd fields: in the lowest bracket the player left over takes the bye, and the opponent
    # shortcut lets a slot stand for that player.
    for seed in range(4):
        _play_and_compare(41 + 2 * seed, 7, seed, mixed=bool(seed % 2))


def test_dutch_certified_assignment_is_taken_and_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    # The profile-level assignment with its potentials answers the exchange matching of even and
    # odd homogeneous brackets (and of what remains once moved-down players are paired); the
    # comparison with the general path above only means something if it is actually taken.
    answered: list[bool] = []
    original = RoundSolver._certified_assignment

    def counted(self: RoundSolver, *args: Any) -> Any:
        result = original(self, *args)
        answered.append(result is not None)
        return result

    monkeypatch.setattr(RoundSolver, "_certified_assignment", counted)
    _play_and_compare(120, 3, 7, mixed=False)
    _play_and_compare(61, 4, 3, mixed=True)
    assert sum(answered) >= 4, answered


def test_stored_rows_hold_each_pairs_base_vector(monkeypatch: pytest.MonkeyPatch) -> None:
    # A bracket stores its base vectors as rows, each a prefix of its profile's row with the
    # rematches cut out: every entry is the very vector `_base_vector` gives for that pair
    # (None for a rematch or C3), for packing and exchange vectors go by the vector's identity.
    original = RoundSolver._base_rows
    rows_checked: list[int] = []
    rematches: list[int] = []

    def checking(self: RoundSolver, local: Any, start: int, end: int) -> Any:
        rows = original(self, local, start, end)
        for y, row in enumerate(rows, start):
            expected = [self._base_vector(local[x], local[y], True, False) for x in range(y)]
            assert len(row) == len(expected)
            assert all(got is want for got, want in zip(row, expected, strict=True))
            rows_checked.append(y)
            rematches.extend(
                x for x in range(y) if self.players[local[y]].id in self.players[local[x]].opponents
            )
        return rows

    monkeypatch.setattr(RoundSolver, "_base_rows", checking)
    _play_and_compare(40, 6, 11, mixed=True)
    assert rows_checked
    assert rematches


def test_odd_round_one_takes_the_straight_bye_shortcut_and_agrees(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 28 item 7: an odd round 1 (one homogeneous bracket that leaves the bye) is paired
    S1[i] v S2[i] with the last player's bye, without a matching of the whole field, and
    equals the general path; so do later odd rounds, where the shortcut applies or declines
    (the last player already had the bye, floated down, or a pair breaks a colour criterion)."""
    taken: list[bool] = []
    original = RoundSolver._pair_straight_with_bye

    def spy(self: RoundSolver, *args: Any) -> set[int] | None:
        result = original(self, *args)
        taken.append(result is not None)
        return result

    monkeypatch.setattr(RoundSolver, "_pair_straight_with_bye", spy)
    for players, seed in ((11, 1), (51, 2), (121, 3)):
        _play_and_compare(players, 5, seed, mixed=False)
        _play_and_compare(players, 5, seed, mixed=True)
    assert any(taken)
    assert not all(taken)
    field = tuple(
        Competitor(CompetitorId(str(n)), f"P{n}", 2500 - n, number=n) for n in range(1, 1000)
    )
    pairing = pair_dutch(StageResults(field), 1, total_rounds=9, initial_colour=Side.WHITE)
    assert pairing.bye == CompetitorId("999")
    assert pairing.boards[0] == (CompetitorId("1"), CompetitorId("500"))


def test_single_moved_down_player_is_certified_and_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28 item 7: a bracket with one moved-down player (an odd scoregroup above) takes
    that player's opponent and the residents' exchange matching from the profile transport
    and its certificate (C.04.3 C5-C8 and the S2 order for moved-down players), without a
    matching over the players, and the pairing equals the general path's."""
    answered: list[bool] = []
    original = RoundSolver._certified_moved_down

    def spy(self: RoundSolver, *args: Any) -> Any:
        result = original(self, *args)
        answered.append(result is not None)
        return result

    monkeypatch.setattr(RoundSolver, "_certified_moved_down", spy)
    _play_and_compare(120, 4, 7, mixed=False)
    _play_and_compare(150, 5, 2, mixed=False)
    _play_and_compare(61, 4, 3, mixed=True)
    assert sum(answered) >= 3, answered


def test_last_bracket_leaving_the_bye_is_certified_and_agrees(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 28 item 7: the last bracket of an odd field, whose one unpaired player gets the
    pairing-allocated bye (C.04.3 C2, C9 by played games), takes its exchange matching from
    the profile transport with a bye slot instead of a matching over the players, and the
    pairing equals the general path's."""
    answered: list[bool] = []
    original = RoundSolver._certified_assignment

    def spy(self: RoundSolver, residents: Any, next_group: Any, next_score: Any) -> Any:
        result = original(self, residents, next_group, next_score)
        if not next_group and len(residents) % 2:
            answered.append(result is not None)
        return result

    monkeypatch.setattr(RoundSolver, "_certified_assignment", spy)
    for players, seed in ((121, 3), (99, 4), (61, 5)):
        _play_and_compare(players, 5, seed, mixed=False)
    _play_and_compare(61, 5, 6, mixed=True)
    assert any(answered), answered
