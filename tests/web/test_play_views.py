"""The Bao pages under /play/ (issue 19 items 1 and 4): the game page for the player on move,
the opponent and a visitor, moves by taps and typed, refusals with the reason and nothing
stored, resign with confirmation, live polling, my games, replay and the records."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from html import escape
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from tests.app.smtp import smtp_server

from mashindano.app import events, people, players, rounds
from mashindano.app.mail import deliver_all
from mashindano.app.notify import collect_news
from mashindano.app.principals import local
from mashindano.app.results import GameRef
from mashindano.engine.bao import (
    DEFAULT_PARAMETERS,
    parameters_to_mapping,
    record_from_json,
    replay,
    replay_moves,
    standard_position,
    to_json,
)
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.presets.kiba_bao.games import load_bao_game
from mashindano.store import models

pytestmark = pytest.mark.django_db

ACTOR = local("tester")
FIXTURES = Path(__file__).resolve().parents[2].parent / "shared" / "fixtures" / "bao"


def _record() -> dict[str, object]:
    wanted = parameters_to_mapping(DEFAULT_PARAMETERS)
    for line in (FIXTURES / "oracle-kiswahili-games.jsonl").read_text().splitlines():
        record = json.loads(line)
        if record["initial"] == "standard" and record["parameters"] == wanted:
            return dict(record)
    raise AssertionError("no game under the default rules in the fixtures")


class Game:
    def __init__(self, slug: str = "bao-web") -> None:
        roster = [
            Competitor(CompetitorId(f"K{n}"), f"Player {n}", rating=2000, games_played=100 - n)
            for n in range(1, 7)
        ]
        events.create_event(slug, "kiba-bao", actor=ACTOR, seed=5, name="Bao on the web")
        players.register_players(slug, roster, actor=ACTOR)
        events.start_event(slug, actor=ACTOR)
        published = rounds.pair_next_round(slug, actor=ACTOR)
        encounter = published.encounters[0]
        self.slug = slug
        self.where = GameRef(published.number, encounter.board, 1)
        state = load_bao_game(slug, self.where)
        self.id = state.game.id
        self.south, self.north = str(state.south), str(state.north)
        self.clients = {key: self._client(key) for key in (self.south, self.north)}
        self.url = f"/play/{slug}/{self.id}/"

    def _client(self, key: str) -> Client:
        user = User.objects.create_user(f"user-{key}", f"{key}@example.org", "pw")
        people.link_entry(self.slug, key, user.username, actor=ACTOR)
        client = Client()
        client.force_login(user)
        return client

    def state(self):  # type: ignore[no-untyped-def]
        return load_bao_game(self.slug, self.where)


@pytest.fixture
def game() -> Game:
    return Game()


def test_the_player_on_move_sees_rings_on_the_legal_pits_and_a_visitor_sees_none(
    game: Game,
) -> None:
    south = game.clients[game.south].get(game.url)
    assert south.status_code == 200
    page = south.content.decode()
    legal_pits = {m[:2] for m in game.state().legal}
    for pit in legal_pits:
        assert f'href="?pit={pit}#game"' in page
    assert "Your move." in page
    visitor = Client().get(game.url).content.decode()
    assert 'class="pit choosable' not in visitor
    assert "to move." in visitor
    assert 'hx-trigger="every' in visitor  # spectators follow the game live
    north = game.clients[game.north].get(game.url).content.decode()
    assert 'class="pit choosable' not in north
    assert "Resign" in north


def test_tapping_a_pit_then_a_direction_plays_the_move(game: Game) -> None:
    client = game.clients[game.south]
    move = game.state().legal[0]
    pit, sign = move[:2], move[2]
    page = client.get(game.url, {"pit": pit}).content.decode()
    assert f'value="{escape(move)}" data-sign="{escape(sign)}"' in page
    answer = client.post(f"{game.url}move/", {"move": move, "ply": "1"})
    assert answer.status_code == 302
    state = game.state()
    assert [m.notation for m in state.moves] == [move]
    expected = replay_moves(standard_position(), [move], DEFAULT_PARAMETERS).positions[-1]
    assert state.position == expected


def test_an_htmx_move_answers_the_game_panel(game: Game) -> None:
    client = game.clients[game.south]
    move = game.state().legal[0]
    answer = client.post(f"{game.url}move/", {"move": move, "ply": "1"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    body = answer.content.decode()
    assert body.startswith('<div id="game"')
    assert f">{escape(move)}</a>" in body


def test_a_typed_move_in_kiba_notation_is_accepted(game: Game) -> None:
    move = game.state().legal[0]
    typed = " " + move[1:3].replace("<", "L").replace(">", "R") + " "  # B58: "6L" for A6<
    answer = game.clients[game.south].post(f"{game.url}move/", {"move": typed, "ply": "1"})
    assert answer.status_code == 302, answer.content.decode()
    assert [m.notation for m in game.state().moves] == [move]


def _text(body: str) -> str:
    """The page without its tags (the notation in a refusal sits in `<bdi>`)."""
    return re.sub(r"<[^>]+>", "", body)


def test_an_illegal_move_shows_the_reason_and_stores_nothing(game: Game) -> None:
    audit = models.AuditEntry.objects.count()
    answer = game.clients[game.south].post(f"{game.url}move/", {"move": "A1>", "ply": "1"})
    assert answer.status_code == 400
    body = answer.content.decode()
    assert "Not played:" in body
    assert "no legal move starts at A1" in _text(body)
    assert '<bdi dir="ltr" class="notation">A1&gt;</bdi>' in body  # as typed, in fa too
    answer = game.clients[game.south].post(f"{game.url}move/", {"move": "hello", "ply": "1"})
    assert "is not a move" in answer.content.decode()
    assert models.Move.objects.count() == 0
    assert models.AuditEntry.objects.count() == audit


def test_an_illegal_move_is_explained_in_the_players_language(game: Game) -> None:
    client = game.clients[game.south]
    answer = client.post(
        f"{game.url}move/", {"move": "A1>", "ply": "1"}, headers={"accept-language": "sw"}
    )
    assert answer.status_code == 400
    shown = _text(answer.content.decode())
    assert "A1&gt;: hakuna hoja halali inayoanzia A1 (hoja halali: " in shown
    answer = client.post(
        f"{game.url}move/", {"move": "hello", "ply": "1"}, headers={"accept-language": "fa"}
    )
    body = answer.content.decode()
    assert "&#x27;hello&#x27; حرکت نیست: گودال و جهت را بنویسید" in body
    assert models.Move.objects.count() == 0


def test_the_player_not_on_move_and_a_visitor_are_refused(game: Game) -> None:
    move = game.state().legal[0]
    answer = game.clients[game.north].post(f"{game.url}move/", {"move": move, "ply": "1"})
    assert answer.status_code == 400
    assert f"it is {game.south}&#x27;s move, not yours" in answer.content.decode()
    answer = Client().post(f"{game.url}move/", {"move": move, "ply": "1"})
    assert answer.status_code == 403
    assert models.Move.objects.count() == 0


def test_a_double_submission_stores_one_move(game: Game) -> None:
    client = game.clients[game.south]
    move = game.state().legal[0]
    for _ in range(2):
        assert client.post(f"{game.url}move/", {"move": move, "ply": "1"}).status_code == 302
    assert models.Move.objects.count() == 1


def test_the_nyumba_decision_is_offered_when_both_forms_are_legal() -> None:
    """B31/B60: a move that may end in the nyumba is listed twice (stop and `+`); the page asks
    after the direction. Played from the first fixture record to its first `+` move."""
    record = _record()
    moves = [str(m) for m in record["moves"]]  # type: ignore[attr-defined]
    ply = next(i for i, m in enumerate(moves) if "+" in m)
    game = Game("bao-house")
    by_side = [game.clients[game.south], game.clients[game.north]]
    for index, move in enumerate(moves[:ply]):
        answer = by_side[index % 2].post(f"{game.url}move/", {"move": move, "ply": index + 1})
        assert answer.status_code == 302
    move = moves[ply]
    client = by_side[ply % 2]
    page = client.get(game.url, {"pit": move[:2], "dir": move[2]}).content.decode()
    assert 'data-house="stop"' in page
    assert 'data-house="play"' in page
    assert client.post(f"{game.url}move/", {"move": move, "ply": ply + 1}).status_code == 302
    assert game.state().moves[-1].notation == move


def test_resigning_asks_first_then_the_opponent_wins(game: Game) -> None:
    client = game.clients[game.north]
    page = client.get(game.url, {"resign": "1"}).content.decode()
    assert "Yes, resign" in page
    answer = client.post(f"{game.url}resign/", {"player": game.north})
    assert answer.status_code == 302
    state = game.state()
    assert state.is_over
    record = json.loads(Client().get(f"{game.url}record.json").content)
    assert record["result"] == {"winner": "S", "reason": "resignation", "plies": 0}


def test_live_polling_answers_204_until_the_game_changes(game: Game) -> None:
    visitor = Client()
    first = visitor.get(game.url).content.decode()
    token = first.split('data-token="', 1)[1].split('"', 1)[0]
    assert visitor.get(f"{game.url}live/", {"token": token}).status_code == 204
    move = game.state().legal[0]
    game.clients[game.south].post(f"{game.url}move/", {"move": move, "ply": "1"})
    changed = visitor.get(f"{game.url}live/", {"token": token})
    assert changed.status_code == 200
    assert f">{escape(move)}</a>" in changed.content.decode()


def test_my_games_lists_running_games_by_deadline_with_whose_move(game: Game) -> None:
    page = game.clients[game.north].get("/play/")
    assert page.status_code == 200
    body = page.content.decode()
    mine = models.Game.objects.filter(first__key=game.north).count()
    mine += models.Game.objects.filter(second__key=game.north).count()
    assert body.count('<li class="') == mine
    assert "Your move" in body  # the games in which North of game 1 plays South
    assert Client().get("/play/").status_code == 302  # log in first


def test_records_replay_to_the_position_shown(game: Game) -> None:
    """B64/B65: the downloaded record replays, in strict mode, to the game's position."""
    record = _record()
    moves = [str(m) for m in record["moves"]]  # type: ignore[attr-defined]
    by_side = [game.clients[game.south], game.clients[game.north]]
    for index, move in enumerate(moves[:10]):
        by_side[index % 2].post(f"{game.url}move/", {"move": move, "ply": index + 1})
    document = json.loads(Client().get(f"{game.url}record.json").content)
    assert document["moves"] == moves[:10]
    played = replay(record_from_json(document))
    assert played.positions[-1] == game.state().position
    text = Client().get(f"{game.url}record.txt").content.decode()
    assert f"1. {moves[0]} {moves[1]}" in text
    step = Client().get(f"{game.url}replay/", {"ply": "3"}).content.decode()
    expected = replay_moves(standard_position(), moves[:3], DEFAULT_PARAMETERS).positions[-1]
    assert f'data-hand-south="{expected.hand[0]}"' in step
    assert 'data-ply="3"' in step
    assert to_json(expected)["board"]


def test_the_your_move_mail_links_straight_to_the_game_page(game: Game) -> None:
    """Issue 19 item 3: the opponent's e-mail after a move opens the game page."""
    move = game.state().legal[0]
    game.clients[game.south].post(f"{game.url}move/", {"move": move, "ply": "1"})
    now = datetime.now(UTC)
    with smtp_server() as inbox, override_settings(MAILERS={"default": inbox.mailer()}):
        collect_news(now)
        deliver_all(now)
    told = [m for m in inbox.to(f"{game.north}@example.org") if "your move" in str(m["Subject"])]
    assert len(told) == 1
    text = told[0].get_body(("plain",)).get_content()  # type: ignore[union-attr]
    links = [line for line in text.splitlines() if "/play/" in line]
    assert len(links) == 1
    assert urlsplit(links[0]).path == game.url
    html = told[0].get_body(("html",)).get_content()  # type: ignore[union-attr]
    assert f'href="{links[0]}"' in html
    opened = Client().get(urlsplit(links[0]).path)
    assert opened.status_code == 200
    assert f">{escape(move)}</a>" in opened.content.decode()  # the game, with the move played


_PIT_AT = re.compile(
    r'data-pit="(?P<pit>[ABab][1-8])" data-seeds="\d+"[^>]*>'
    r'(?:<circle class="cup[^"]*" cx="(?P<cx>\d+)" cy="(?P<cy>\d+)"'
    r'|<rect class="cup[^"]*" x="(?P<x>\d+)" y="(?P<y>\d+)")'
)


def _places(page: str) -> dict[str, tuple[int, int]]:
    """Each pit's place on the drawing: (column, row) as the eye sees it, 0..7 and 0..3."""
    places = {}
    for found in _PIT_AT.finditer(page):
        x = int(found["cx"] or int(found["x"]) + 44)
        y = int(found["cy"] or int(found["y"]) + 44)
        places[found["pit"]] = (x // 100, y // 106)
    assert len(places) == 32, page
    return places


def _rows(places: dict[str, tuple[int, int]]) -> list[str]:
    return [
        " ".join(
            p
            for p, _ in sorted(
                ((p, c) for p, (c, r) in places.items() if r == row), key=lambda t: t[1]
            )
        )
        for row in range(4)
    ]


def test_north_sees_the_board_turned_and_a_spectator_as_south_does(game: Game) -> None:
    """Issue 29 item 15: the player of North sees their own rows at the bottom, as South sees
    theirs; a spectator sees B5's diagram (North on top); the pits keep their names."""
    south_view = [
        "b8 b7 b6 b5 b4 b3 b2 b1",
        "a8 a7 a6 a5 a4 a3 a2 a1",
        "A1 A2 A3 A4 A5 A6 A7 A8",
        "B1 B2 B3 B4 B5 B6 B7 B8",
    ]  # B5
    north_view = [
        "B8 B7 B6 B5 B4 B3 B2 B1",
        "A8 A7 A6 A5 A4 A3 A2 A1",
        "a1 a2 a3 a4 a5 a6 a7 a8",
        "b1 b2 b3 b4 b5 b6 b7 b8",
    ]
    visitor = Client().get(game.url).content.decode()
    assert _rows(_places(visitor)) == south_view
    assert 'data-seen-from="S"' in visitor
    assert visitor.index('class="hand hand-n"') < visitor.index('class="hand hand-s"')
    north = game.clients[game.north]
    page = north.get(game.url).content.decode()
    assert _rows(_places(page)) == north_view
    assert 'data-seen-from="N"' in page
    assert "Seen from North's side." in page
    assert page.index('class="hand hand-s"') < page.index('class="hand hand-n"')
    assert 'href="?from=S#board"' in page
    assert _rows(_places(north.get(f"{game.url}replay/").content.decode())) == north_view
    assert _rows(_places(Client().get(f"{game.url}replay/").content.decode())) == south_view
    # Turned back on asking, and so it stays for this game's pages (the live panel too).
    assert _rows(_places(north.get(game.url, {"from": "S"}).content.decode())) == south_view
    assert _rows(_places(north.get(game.url).content.decode())) == south_view
    spectator = Client()
    assert _rows(_places(spectator.get(game.url, {"from": "N"}).content.decode())) == north_view
    replay_page = spectator.get(f"{game.url}replay/").content.decode()
    assert _rows(_places(replay_page)) == north_view  # the cookie covers the game's pages
    assert 'href="?ply=0&amp;from=S#board"' in replay_page


def test_a_tapped_pit_sends_the_same_notation_whichever_way_the_board_is_turned(
    game: Game,
) -> None:
    """Issue 29 item 15: the turned board links each pit by its own name, in the place the
    half turn puts it; the move chosen from it is the same KIBA notation (B55), in fa too."""
    game.clients[game.south].post(f"{game.url}move/", {"move": game.state().legal[0], "ply": "1"})
    north = game.clients[game.north]
    straight = north.get(game.url, {"from": "S"}).content.decode()
    turned = north.get(game.url, {"from": "N"}, headers={"accept-language": "fa"}).content.decode()
    assert 'lang="fa"' in turned
    assert '<figure class="bao" id="board" dir="ltr"' in turned
    links = re.findall(
        r'<a href="\?pit=([ab][1-8])#game" class="pit choosable" data-pit="(\1)"', turned
    )
    assert links
    assert sorted(p for p, _ in links) == sorted(
        re.findall(r'<a href="\?pit=([ab][1-8])#game"', straight)
    )
    at_straight, at_turned = _places(straight), _places(turned)
    for pit, _ in links:
        column, row = at_straight[pit]
        assert at_turned[pit] == (7 - column, 3 - row)
    pit = links[0][0]
    offered = {
        side: re.findall(
            r'name="move" value="([^"]+)"',
            north.get(game.url, {"pit": pit, "from": side}).content.decode(),
        )
        for side in ("S", "N")
    }
    assert offered["S"] == offered["N"]
    chosen = offered["N"][0].replace("&lt;", "<").replace("&gt;", ">")
    assert chosen.startswith(pit)
    answer = north.post(f"{game.url}move/", {"move": chosen, "ply": "2"})
    assert answer.status_code == 302
    assert [m.notation for m in game.state().moves][-1] == chosen
