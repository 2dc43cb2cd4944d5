"""Issue 29, "Accessible pages": the Bao board as the keyboard and screen readers meet it
(play.js moves the focus; tests/browser/test_bao_keyboard.py plays a move with keys alone).

- For the player on move, every pit carries its place on the drawing (`data-row`, `data-col`)
  and a label naming it and its seeds; the ringed pits are links, the others images that the
  arrow keys reach (`tabindex="-1"`), and the chosen pit is marked current.
- A visitor's board is a single image (its pits hidden from assistive technology, no focus).
- The typed-move box stays, and the page says how to play with the keyboard.
- The console's results grid says that the arrow keys move between boards.
"""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from tests.web.test_play_views import Game

from mashindano.app import people
from mashindano.app.principals import local

pytestmark = pytest.mark.django_db


def _page(client: Client, url: str, **query: str) -> str:
    answer = client.get(url, query)
    assert answer.status_code == 200
    return html.unescape(answer.content.decode())


def test_the_player_on_moves_board_names_every_pit_and_places_it_for_the_arrow_keys() -> None:
    game = Game("bao-keys")
    page = _page(game.clients[game.south], game.url)
    board = re.search(r"<svg class=\"bao-board\".*?</svg>", page, re.S)
    assert board is not None
    svg = board.group(0)
    assert 'role="group"' in svg
    places = re.findall(
        r'data-pit="(\w\d)" data-seeds="(\d+)" data-row="(\d)" data-col="(\d)"', svg
    )
    assert len(places) == 32
    assert {(int(r), int(c)) for _, _, r, c in places} == {
        (r, c) for r in range(4) for c in range(8)
    }
    legal_pits = {m[:2] for m in game.state().legal}
    for pit, seeds, _, _ in places:
        if pit in legal_pits:
            assert f'aria-label="pit {pit}, {seeds} seeds: start here"' in svg
        else:
            noun = "seed" if seeds == "1" else "seeds"
            shown = f'role="img" tabindex="-1" aria-label="pit {pit}, {seeds} {noun}"'
            assert shown in svg
    assert 'id="typed-move"' in page
    assert "the arrow keys move between pits" in page
    chosen = sorted(legal_pits)[0]
    selected = _page(game.clients[game.south], game.url, pit=chosen)
    assert re.search(
        rf'<a href="\?pit={chosen}#game" class="pit choosable selected"[^>]*'
        r'aria-current="true"',
        selected,
    )


def test_a_visitors_board_is_one_image_without_focus_stops() -> None:
    game = Game("bao-keys-visitor")
    page = _page(Client(), game.url)
    svg = re.search(r"<svg class=\"bao-board\".*?</svg>", page, re.S)
    assert svg is not None
    assert 'role="img"' in svg.group(0)
    assert "tabindex" not in svg.group(0)
    assert "data-row" not in svg.group(0)


def test_the_results_grid_says_the_arrow_keys_move_between_boards() -> None:
    game = Game("bao-keys-grid")
    User.objects.create_user("ref", password="pw")
    people.grant_role(game.slug, "ref", "arbiter", actor=local("tester"))
    client = Client()
    client.force_login(User.objects.get(username="ref"))
    page = _page(client, f"/console/{game.slug}/results/")
    assert "<kbd>↑</kbd> and <kbd>↓</kbd> move between boards" in page
    assert 'class="result-input"' in page
