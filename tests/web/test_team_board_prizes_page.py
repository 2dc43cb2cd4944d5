"""The board prizes on the public team standings page (issue 32): a table under the standings
(board, player, team, score/games, %) in its own scrolling box, with the minimum of games said;
before anyone has enough games, a line saying so."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from tests.app.test_team_board_prizes import play_prize_example

pytestmark = pytest.mark.django_db


def _prizes_section(html: str) -> str:
    start = html.index('id="board-prizes-h"')
    return html[start:]


def test_the_standings_page_shows_the_board_prizes() -> None:
    play_prize_example("bp")
    page = Client().get("/e/bp/teams/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Board prizes" in html
    section = _prizes_section(html)
    assert "at least 2 games" in section
    assert '<div class="scroll compact" role="region" aria-labelledby="board-prizes-h"' in html
    rows = re.findall(r"<tr><td class=\"num\">(\d)</td>\s*<td><bdi>(\w+)</bdi>", section)
    assert rows == [("1", "P01"), ("2", "P05"), ("2", "P08")]
    cells = re.sub(r"\s+", " ", section)
    assert '3/3</td> <td class="num">100.0</td>' in cells
    assert '2½/3</td> <td class="num">83.3</td>' in cells
    assert 'href="/e/bp/teams/2/"' in section  # the team B link


def test_without_enough_games_the_page_says_so() -> None:
    play_prize_example("bp4", board_prize_games=4)
    html = Client().get("/e/bp4/teams/").content.decode()
    section = _prizes_section(html)
    assert "at least 4 games" in section
    assert "No player has played enough games on a board yet." in section
    assert 'board-prizes"' not in section
