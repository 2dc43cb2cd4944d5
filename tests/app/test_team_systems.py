"""Team pairing systems through the use cases (issue 32 join, part 2): the team Swiss of
`engine.teams.pairing` from the stored history with its PAB valued by fide_teams.md 5.2, and the
team round-robin of `engine.teams.round_robin`, with seeded random board results."""

from __future__ import annotations

import random
from datetime import timedelta
from fractions import Fraction

import pytest

from mashindano.app.errors import WrongState
from mashindano.app.teams.boards import correct_board
from mashindano.app.teams.documents import build_team_round, build_team_standings
from mashindano.app.teams.setup import create_team, pair_team_round, set_roster, set_team_mode
from mashindano.engine.errors import ConfigError, ParseError
from mashindano.store import models

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db

LATER = T0 + timedelta(hours=3)
RESULTS = ("1-0", "0-1", "1/2-1/2", "1/2-1/2", "1-0", "0-1", "+-")


def _teams(count: int, boards: int, **mode: object) -> None:
    make_event("tm", "chess-swiss", count * boards, start=False)
    set_team_mode("tm", actor=ACTOR, boards=boards, now=T0, **mode)  # type: ignore[arg-type]
    for t in range(count):
        create_team("tm", f"Team {t + 1:02d}", actor=ACTOR, now=T0)
        players = [f"P{boards * t + n:02d}" for n in range(1, boards + 1)]
        set_roster("tm", t + 1, players, actor=ACTOR, now=T0)


def _play(round_number: int, boards: int, rng: random.Random) -> None:
    """Pair the round (the rosters play: no line-up by the deadline) and enter every board."""
    pair_team_round("tm", round_number, deadline=T0, actor=ACTOR, now=T0)
    for match in models.TeamMatch.objects.filter(round=round_number, second__isnull=False):
        for board in range(1, boards + 1):
            correct_board(
                "tm",
                round_number,
                match.number,
                board,
                rng.choice(RESULTS),
                actor=ACTOR,
                reason="sheet",
                now=LATER,
            )


def _meetings() -> list[frozenset[int]]:
    return [
        frozenset((m.first.number, m.second.number))
        for m in models.TeamMatch.objects.filter(second__isnull=False)
    ]


@pytest.mark.slow
def test_fide_teams_5_team_swiss_of_24_teams_over_7_rounds() -> None:
    rng = random.Random(32)
    _teams(24, 2, system="swiss", rounds=7)
    for r in range(1, 8):
        _play(r, 2, rng)
    met = _meetings()
    assert len(met) == 24 * 7 // 2
    assert len(set(met)) == len(met)  # no rematch (all matches had a board played or a forfeit)
    byes = [m.first.number for m in models.TeamMatch.objects.filter(second__isnull=True)]
    assert byes == []  # an even field: no PAB
    table = build_team_standings("tm", now=LATER)
    assert len(table.lines) == 24
    assert all(x.played == 7 for x in table.lines)
    assert table.lines[0].rank == 1
    points = [x.match_points for x in table.lines]
    assert points == sorted(points, reverse=True)


def test_fide_teams_5_2_team_swiss_pab_is_stored_with_its_value_and_counted() -> None:
    rng = random.Random(7)
    _teams(7, 4, system="swiss", rounds=5)
    for r in range(1, 6):
        _play(r, 4, rng)
    byes = models.TeamMatch.objects.filter(second__isnull=True)
    assert byes.count() == 5
    pab_teams = [m.first.number for m in byes]
    assert len(set(pab_teams)) == 5  # at most one PAB per team (5.3)
    assert {(m.bye_match_points, m.bye_game_points) for m in byes} == {("1", "2")}
    met = _meetings()
    assert len(set(met)) == len(met)
    table = build_team_standings("tm", now=LATER)
    # every match gives 2 MP in all (2+0 or 1+1) unless lost by both; each PAB adds 1 (5.2)
    total_mp = sum((x.match_points for x in table.lines), Fraction(0))
    total_gp = sum((x.game_points for x in table.lines), Fraction(0))
    assert total_gp == 15 * 4 + 5 * 2
    assert total_mp == 15 * 2 + 5
    rounds = build_team_round("tm", 1, now=LATER)
    assert rounds.matches[-1].second is None


def test_team_swiss_waits_for_the_round_before() -> None:
    _teams(4, 2, system="swiss", rounds=3)
    pair_team_round("tm", 1, deadline=T0, actor=ACTOR, now=T0)
    with pytest.raises(WrongState, match="without all their results"):
        pair_team_round("tm", 2, actor=ACTOR, now=LATER)
    with pytest.raises(WrongState, match="round 2 is not paired yet"):
        pair_team_round("tm", 3, actor=ACTOR, now=LATER)


def test_team_mode_system_is_checked() -> None:
    make_event("tm", "chess-swiss", 4, start=False)
    with pytest.raises(ConfigError, match="1 to 99 rounds"):
        set_team_mode("tm", actor=ACTOR, system="swiss", now=T0)
    with pytest.raises(ConfigError, match="'round-robin' or 'swiss'"):
        set_team_mode("tm", actor=ACTOR, system="knockout", now=T0)
    assert not models.TeamMode.objects.exists()


def test_fide_teams_4_8_round_robin_of_6_teams_on_4_boards_end_to_end() -> None:
    rng = random.Random(48)
    _teams(6, 4)
    for r in range(1, 6):
        _play(r, 4, rng)
    met = _meetings()
    assert len(met) == 15
    assert len(set(met)) == 15  # everyone meets everyone once
    sheet = build_team_round("tm", 3, now=LATER).matches[0]
    assert [b.first_colour for b in sheet.boards] == ["white", "black", "white", "black"]
    table = build_team_standings("tm", now=LATER)
    assert all(x.played == 5 for x in table.lines)
    assert sum((x.game_points for x in table.lines), Fraction(0)) == 15 * 4
    with pytest.raises(ParseError, match="rounds 1 to 5"):
        pair_team_round("tm", 6, actor=ACTOR, now=LATER)
