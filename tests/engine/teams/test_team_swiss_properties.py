"""Properties of the team Swiss (C.04.6) over whole events of 4-24 teams and up to 7 rounds,
with random board results, forfeits and absences:

- C.04.1 Art. 2 ([C1]): no two teams play a match twice (unplayed matches may repeat, GHR 3.5);
- C.04.1 Arts. 3-4 ([C2]): at most one PAB per team, never after a forfeit win or a PAB, and
  a PAB exactly when the number of teams to pair is odd;
- every available team is paired exactly once per round (or has the PAB);
- fide_teams.md 4.1-4.2: the colours alternate by board, the opponent opposite on each board;
- a round is refused (NoValidPairing) only when no legal pairing exists at all.
"""

from __future__ import annotations

import random
from fractions import Fraction

import rustworkx as rx
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import NoValidPairing
from mashindano.engine.model import Side
from mashindano.engine.teams.colours import (
    NO_PREFERENCE,
    ColourSide,
    PreferenceType,
    Strength,
    TeamColourRules,
    allocate_colours,
    grants,
    match_board_colours,
    preference,
)
from mashindano.engine.teams.pairing import (
    RoundKind,
    ScoreKind,
    TeamEntry,
    TeamRoundRecord,
    TeamSwissRules,
    pair_team_swiss_round,
)

F = Fraction
BOARDS = 4
TYPE_B = TeamColourRules(PreferenceType.TYPE_B)


def _legal_pairing_exists(tpns: list[int], met: dict[int, set[int]], barred: set[int]) -> bool:
    def perfect(group: list[int]) -> bool:
        graph: rx.PyGraph = rx.PyGraph()
        graph.add_nodes_from(group)
        for i, a in enumerate(group):
            for j in range(i):
                if group[j] not in met[a]:
                    graph.add_edge(i, j, 1)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        return len(matching) * 2 == len(group)

    if len(tpns) % 2 == 0:
        return perfect(tpns)
    return any(perfect([t for t in tpns if t != pab]) for pab in tpns if pab not in barred)


def _result(rng: random.Random) -> tuple[Fraction, Fraction, Fraction]:
    white_gp = F(rng.randint(0, 2 * BOARDS), 2)
    black_gp = BOARDS - white_gp
    white_mp = F(2) if white_gp > black_gp else F(1) if white_gp == black_gp else F(0)
    return white_gp, black_gp, white_mp


@settings(max_examples=20, deadline=None)
@given(
    teams=st.integers(min_value=4, max_value=24),
    seed=st.integers(min_value=0, max_value=10**6),
    preference=st.sampled_from(PreferenceType),
    primary=st.sampled_from(ScoreKind),
)
def test_team_swiss_event_properties(
    teams: int, seed: int, preference: PreferenceType, primary: ScoreKind
) -> None:
    rng = random.Random(seed)
    rounds = 7
    rules = TeamSwissRules(rounds, primary=primary, colours=TeamColourRules(preference))
    history: dict[int, list[TeamRoundRecord]] = {t: [] for t in range(1, teams + 1)}
    met: dict[int, set[int]] = {t: set() for t in history}
    barred: set[int] = set()
    pabs: dict[int, int] = {}
    for round_number in range(1, rounds + 1):
        absent = {t for t in history if rng.random() < 0.05}
        available = sorted(set(history) - absent)
        entries = [TeamEntry(t, tuple(h), available=t not in absent) for t, h in history.items()]
        try:
            result = pair_team_swiss_round(entries, round_number, rules)
        except NoValidPairing:
            assert len(available) < 2 or not _legal_pairing_exists(available, met, barred)
            return
        paired = [t for p in result.pairings for t in (p.white, p.black)]
        assert len(paired) == len(set(paired))
        assert sorted(paired + ([result.pab] if result.pab else [])) == available
        assert (result.pab is not None) == (len(available) % 2 == 1)
        assert [p.board for p in result.pairings] == list(range(1, len(result.pairings) + 1))
        if result.pab is not None:
            assert result.pab not in barred
            assert result.pab not in pabs
            pabs[result.pab] = round_number
            barred.add(result.pab)
            history[result.pab].append(
                TeamRoundRecord(round_number, RoundKind.PAB, F(1), F(BOARDS, 2))
            )
        for pairing in result.pairings:
            white, black = pairing.white, pairing.black
            assert black not in met[white]
            white_boards = match_board_colours(Side.WHITE, BOARDS)
            black_boards = match_board_colours(Side.BLACK, BOARDS)
            assert white_boards == (Side.WHITE, Side.BLACK, Side.WHITE, Side.BLACK)
            assert all(b == w.opposite for w, b in zip(white_boards, black_boards, strict=True))
            roll = rng.random()
            if roll < 0.05:  # the black team does not appear: a forfeit win for white
                history[white].append(
                    TeamRoundRecord(round_number, RoundKind.FORFEIT_WIN, F(2), F(BOARDS), black)
                )
                history[black].append(
                    TeamRoundRecord(round_number, RoundKind.FORFEIT_LOSS, F(0), F(0), white)
                )
                barred.add(white)
                continue
            if roll < 0.08:  # neither appears
                for team, other in ((white, black), (black, white)):
                    history[team].append(
                        TeamRoundRecord(round_number, RoundKind.DOUBLE_FORFEIT, F(0), F(0), other)
                    )
                continue
            white_gp, black_gp, white_mp = _result(rng)
            history[white].append(
                TeamRoundRecord(
                    round_number, RoundKind.PLAYED, white_mp, white_gp, black, Side.WHITE
                )
            )
            history[black].append(
                TeamRoundRecord(
                    round_number, RoundKind.PLAYED, 2 - white_mp, black_gp, white, Side.BLACK
                )
            )
            met[white].add(black)
            met[black].add(white)
        for team in absent:
            history[team].append(TeamRoundRecord(round_number, RoundKind.ZERO_BYE, F(0), F(0)))


def _perfect_matchings(members: list[int], met: dict[int, set[int]]):
    if not members:
        yield []
        return
    first, rest = members[0], members[1:]
    for index, other in enumerate(rest):
        if other not in met[first]:
            for tail in _perfect_matchings(rest[:index] + rest[index + 1 :], met):
                yield [(first, other), *tail]


def _identifier(pairs: list[tuple[int, int]]) -> tuple[int, ...]:
    ordered = sorted((min(p), max(p)) for p in pairs)
    return tuple(top for top, _ in ordered) + tuple(bottom for _, bottom in ordered)


def _unmet_colours(pairs: list[tuple[int, int]], sides: dict[int, ColourSide]) -> tuple[int, int]:
    """[C8] and [C9] failures of a pairing of level teams (first-team: the smaller TPN)."""
    c8 = c9 = 0
    for a, b in pairs:
        first, second = sorted((a, b))
        choice = allocate_colours(sides[first], sides[second], TYPE_B)
        for team in (a, b):
            if grants(choice, sides[team]) is False:
                c8 += 1
                c9 += sides[team].preference.strength == Strength.STRONG
    return c8, c9


@settings(max_examples=30, deadline=None)
@given(
    teams=st.sampled_from([4, 6, 8, 10]),
    played=st.integers(min_value=1, max_value=3),
    seed=st.integers(min_value=0, max_value=10**6),
    colours_matter=st.booleans(),
)
def test_c0406_3_6_the_first_legal_pairing_in_identifier_order(
    teams: int, played: int, seed: int, colours_matter: bool
) -> None:
    """3.6.1-3.6.3: when all teams are level the round is one bracket, paired by the first
    legal pairing in identifier order among those with the fewest colour preferences refused
    ([C8], then [C9], Type B) or, when colours do not matter, the first legal one (both checked
    by brute force)."""
    rng = random.Random(seed)
    history: dict[int, list[TeamRoundRecord]] = {t: [] for t in range(1, teams + 1)}
    met: dict[int, set[int]] = {t: set() for t in history}
    for round_number in range(1, played + 1):
        options = list(_perfect_matchings(list(history), met))
        if not options:
            return
        for white, black in rng.choice(options):
            for team, other, colour in ((white, black, Side.WHITE), (black, white, Side.BLACK)):
                history[team].append(
                    TeamRoundRecord(round_number, RoundKind.PLAYED, F(1), F(2), other, colour)
                )
            met[white].add(black)
            met[black].add(white)
    colour_rules = TYPE_B if colours_matter else TeamColourRules(PreferenceType.NONE)
    sides = {
        t: ColourSide(t, tuple(r.colour for r in h if r.colour is not None), NO_PREFERENCE)
        for t, h in history.items()
    }
    sides = {
        t: ColourSide(t, side.colours, preference(side.colours, colour_rules, False))
        for t, side in sides.items()
    }
    ranked = [
        (_unmet_colours(p, sides) if colours_matter else (0, 0), _identifier(p))
        for p in _perfect_matchings(list(history), met)
    ]
    expected = min(ranked, default=(None, None))[1]
    rules = TeamSwissRules(7, colours=colour_rules)
    entries = [TeamEntry(t, tuple(h)) for t, h in history.items()]
    if expected is None:
        try:
            pair_team_swiss_round(entries, played + 1, rules)
        except NoValidPairing:
            return
        raise AssertionError("a pairing was made where none is legal")
    result = pair_team_swiss_round(entries, played + 1, rules)
    assert _identifier([(p.white, p.black) for p in result.pairings]) == expected
