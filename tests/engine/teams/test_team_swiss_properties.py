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
from mashindano.engine.teams.colours import PreferenceType, TeamColourRules, match_board_colours
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


@settings(max_examples=25, deadline=None)
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
