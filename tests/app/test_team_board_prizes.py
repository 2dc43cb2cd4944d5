"""Board prizes in the team standings document (issue 32): the best percentage on each board
among the players with the team mode's minimum of games on it (`engine.teams.tiebreaks.
board_prizes`); the minimum defaults to two thirds of the rounds, rounded up.

Worked example (4 teams, 2 boards, a round-robin of 3 rounds; the stronger player wins, equal
players draw; team D plays its reserve P12 on board 2 in round 3):

    board 1: P01 (A) strength 4, P04 (B) 3, P07 (C) 2, P10 (D) 1
    board 2: P02 (A) 1, P05 (B) 3, P08 (C) 3, P11 (D) 2, P12 (D, reserve) 0

Board 1: P01 wins all three: 3/3 = 100.0 %, the prize. Board 2: P05 and P08 draw with each
other and win their other two games: 2.5/3 = 83.3 % each, a shared prize; P11 has 2 games (the
default minimum, ceil(2 x 3 / 3) = 2) and P12 one, which would not be enough."""

from __future__ import annotations

from datetime import timedelta

import pytest

from mashindano.app.teams.boards import correct_board
from mashindano.app.teams.documents import build_team_round, build_team_standings, percent_text
from mashindano.app.teams.facts import load_team_facts
from mashindano.app.teams.lineups import submit_lineup
from mashindano.app.teams.setup import create_team, pair_team_round, set_roster, set_team_mode
from mashindano.app.teams.standings import board_prize_minimum
from mashindano.engine.errors import ConfigError
from mashindano.store import models

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db

STRENGTH = {
    "P01": 4,
    "P04": 3,
    "P07": 2,
    "P10": 1,
    "P02": 1,
    "P05": 3,
    "P08": 3,
    "P11": 2,
    "P12": 0,
}


def play_prize_example(slug: str, *, board_prize_games: int | None = None) -> None:
    """The worked example of this module's docstring, every board ruled by an official."""
    make_event(slug, "chess-round-robin", 12, start=False)
    set_team_mode(slug, actor=ACTOR, boards=2, board_prize_games=board_prize_games, now=T0)
    for number, name in enumerate("ABCD", start=1):
        keys = [f"P{3 * number + k:02d}" for k in (-2, -1, 0)]
        create_team(slug, name, actor=ACTOR, now=T0)
        set_roster(slug, number, keys, reserves=1, actor=ACTOR, now=T0)
    for round_number in (1, 2, 3):
        pair_team_round(slug, round_number, deadline=T0 + timedelta(days=30), actor=ACTOR, now=T0)
        for number in (1, 2, 3, 4):
            first = 3 * number - 2
            second = 3 * number if (number, round_number) == (4, 3) else first + 1
            players = [f"P{first:02d}", f"P{second:02d}"]
            submit_lineup(slug, round_number, number, players, actor=ACTOR, now=T0)
        for sheet in build_team_round(slug, round_number, now=T0).matches:
            for line in sheet.boards:
                a, b = STRENGTH[line.first_key], STRENGTH[line.second_key]
                result = "1-0" if a > b else "0-1" if a < b else "1/2-1/2"
                correct_board(
                    slug,
                    round_number,
                    sheet.number,
                    line.board,
                    result,
                    actor=ACTOR,
                    reason="as played",
                    now=T0,
                )


def test_the_worked_example_gives_a_prize_per_board_and_shares_a_tie() -> None:
    play_prize_example("bp")
    table = build_team_standings("bp", now=T0)
    assert table.prize_minimum == 2
    found = [
        (p.board, p.player, p.team.name, str(p.points), p.games, p.percentage)
        for p in table.board_prizes
    ]
    assert found == [
        (1, "P01", "A", "3", 3, "100.0"),
        (2, "P05", "B", "5/2", 3, "83.3"),
        (2, "P08", "C", "5/2", 3, "83.3"),
    ]
    prizes = table.to_json()["board_prizes"]
    assert prizes == {
        "minimum_games": 2,
        "prizes": [
            {
                "board": 1,
                "player": "P01",
                "key": "P01",
                "team": "A",
                "points": "3",
                "games": 3,
                "percentage": "100.0",
            },
            {
                "board": 2,
                "player": "P05",
                "key": "P05",
                "team": "B",
                "points": "2.5",
                "games": 3,
                "percentage": "83.3",
            },
            {
                "board": 2,
                "player": "P08",
                "key": "P08",
                "team": "C",
                "points": "2.5",
                "games": 3,
                "percentage": "83.3",
            },
        ],
    }


def test_the_minimum_is_a_team_mode_parameter() -> None:
    play_prize_example("bp4", board_prize_games=4)
    table = build_team_standings("bp4", now=T0)
    assert table.prize_minimum == 4
    assert table.board_prizes == ()  # nobody has 4 games on a board
    assert models.TeamMode.objects.get(event__slug="bp4").board_prize_games == 4
    entry = models.AuditEntry.objects.filter(event__slug="bp4", action="team.mode").get()
    assert entry.after["board_prize_games"] == 4


def test_the_default_minimum_is_two_thirds_of_the_rounds() -> None:
    make_event("rr", "chess-round-robin", 0, start=False)
    set_team_mode("rr", actor=ACTOR, boards=2, now=T0)
    for name in "ABCDE":  # 5 teams: a round-robin of 5 rounds -> 4 games
        create_team("rr", name, actor=ACTOR, now=T0)
    assert board_prize_minimum(load_team_facts(models.Event.objects.get(slug="rr"))) == 4
    make_event("sw", "chess-swiss", 0, start=False)
    set_team_mode("sw", actor=ACTOR, boards=4, system="swiss", rounds=11, now=T0)
    assert board_prize_minimum(load_team_facts(models.Event.objects.get(slug="sw"))) == 8
    with pytest.raises(ConfigError, match="board prize"):
        set_team_mode("sw", actor=ACTOR, boards=4, board_prize_games=0, now=T0)


def test_percentages_round_half_up_to_tenths() -> None:
    from fractions import Fraction

    assert percent_text(Fraction(5, 6)) == "83.3"
    assert percent_text(Fraction(2, 3)) == "66.7"
    assert percent_text(Fraction(1, 16)) == "6.3"  # 6.25 -> 6.3
    assert percent_text(Fraction(0)) == "0.0"
    assert percent_text(Fraction(1)) == "100.0"
