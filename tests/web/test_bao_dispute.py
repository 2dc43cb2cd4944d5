"""Issue 29, "Rulings that fit the game", for Bao: a disputed KIBA game played on the site is
shown to the Mwamuzi in Bao's own terms (kiba-bao R21, R23-R27): each report as who wins with
their side, the dispute's reason, the moves in KIBA notation (left to right inside
right-to-left text), who moved last, both day clocks and the deadline at the disputed report,
and a link to the board at that position; the ruling form offers the Bao outcomes only (a
winner, on the board or because the other lost on time; no draw, R27), and its ruling is
recorded."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client

from mashindano.app import events, people, players, rounds
from mashindano.app.principals import Principal, local
from mashindano.app.results import GameRef, dispute_result, report_result
from mashindano.engine.model import Competitor, CompetitorId, GameResult
from mashindano.presets.kiba_bao.games import load_bao_game, play_move
from mashindano.store.facts import ResultStatus

pytestmark = pytest.mark.django_db

SLUG = "bao-dispute"
ACTOR = local("tester")
T0 = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
NAMES = {"K1": "Asha", "K2": "Bakari", "K3": "Chausiku", "K4": "Dalia", "K5": "Eliya", "K6": "Fumo"}


def _user(name: str) -> Principal:
    user = User.objects.create_user(name, password="pw")
    return Principal.user(user.id, name)


def _disputed_game() -> tuple[GameRef, int, list[str], str, str]:
    """A running KIBA event; on board 1, game 1, three moves (the last by South, at T0+5h),
    then South reports a win at T0+6h and North disputes it. Returns the game's place, its id,
    the moves, and the South and North keys."""
    roster = [
        Competitor(CompetitorId(key), name, rating=1900, games_played=90)
        for key, name in NAMES.items()
    ]
    events.create_event(SLUG, "kiba-bao", actor=ACTOR, seed=5, name="Bao dispute", now=T0)
    players.register_players(SLUG, roster, actor=ACTOR, now=T0)
    events.start_event(SLUG, actor=ACTOR, now=T0)
    published = rounds.pair_next_round(SLUG, actor=ACTOR, now=T0)
    where = GameRef(published.number, published.encounters[0].board, 1)
    state = load_bao_game(SLUG, where, now=T0)
    south, north = str(state.south), str(state.north)
    accounts = {south: _user("south-player"), north: _user("north-player")}
    for key, principal in accounts.items():
        people.link_entry(SLUG, key, principal.name, actor=ACTOR, now=T0)
    played = []
    for hour in (1, 3, 5):
        move = load_bao_game(SLUG, where, now=T0 + timedelta(hours=hour)).legal[0]
        mover = accounts[south] if hour != 3 else accounts[north]
        done = play_move(SLUG, where, move, actor=mover, now=T0 + timedelta(hours=hour))
        played.append(done.notation)
    first_is_south = state.game.first == state.south
    report_result(
        SLUG,
        where,
        "1-0" if first_is_south else "0-1",
        actor=accounts[south],
        now=T0 + timedelta(hours=6),
    )
    dispute_result(
        SLUG,
        where,
        actor=accounts[north],
        reason="I never resigned; it is my move",
        now=T0 + timedelta(hours=7),
    )
    User.objects.create_user("mwamuzi", password="pw")
    people.grant_role(SLUG, "mwamuzi", "arbiter", actor=ACTOR, now=T0)
    return where, state.game.id, played, south, north


def _queues(language: str = "en") -> str:
    client = Client()
    client.force_login(User.objects.get(username="mwamuzi"))
    client.cookies["django_language"] = language
    answer = client.get(f"/console/{SLUG}/queues/")
    assert answer.status_code == 200
    page = html.unescape(answer.content.decode())
    found = re.search(r'<article class="dispute">.*?</article>', page, re.S)
    assert found is not None, "no dispute in the queue"
    return found.group(0)


def test_bao_dispute_shows_the_moves_the_last_mover_the_clocks_and_the_board() -> None:
    _, game_id, moves, south, north = _disputed_game()
    article = _queues()
    # each side's claim in Bao's words: South's report as who wins, with the side; North's
    # dispute with its reason
    claims = dict(re.findall(r"<li><strong>([^<]+)</strong>: (.*?)</li>", article))
    assert f"{NAMES[south]} (South) wins the game" in claims[NAMES[south]]
    assert claims[NAMES[north]] == (
        '<span class="claim">disputes it: I never resigned; it is my move</span>'
    )
    # the moves in KIBA notation, each left to right and linking to the board after it
    listed = re.findall(r'\?ply=(\d+)" title="[^"]*"><bdi dir="ltr">(.+?)</bdi>', article)
    assert listed == [(str(ply), move) for ply, move in enumerate(moves, start=1)]
    assert '<ol class="bao-moves" dir="ltr"' in article
    # who moved last (South, move 2), and who was on move at the report
    assert f"3 moves played; the last by {NAMES[south]}:" in article
    assert f'<bdi dir="ltr" class="notation">2. {moves[2]}</bdi>' in article
    assert '(<bdi dir="ltr">2026-12-01 15:00 UTC</bdi>)' in article
    assert f"{NAMES[north]} (North) to move." in article
    # both clocks at the report (6 h after South's last move at T0+5h): KIBA's default clock
    # is 3 days + 1 a move, capped at 7 (R23, R24); North moved once, 2 h after South
    assert "South · " + NAMES[south] in article
    assert "North · " + NAMES[north] in article
    assert "The player on move had until" in article
    # a link to the board at the disputed position, and to the game
    assert f'href="/play/{SLUG}/{game_id}/replay/?ply=3"' in article
    assert f'href="/play/{SLUG}/{game_id}/"' in article
    # the ruling offers Bao's outcomes only: a winner named with the side, no draw (R27)
    options = re.findall(r'<option value="([^"]+)">([^<]+)</option>', article)
    assert [value for value, _ in options] == ["1-0", "0-1", "+-", "-+"]
    assert any(f"{NAMES[north]} (North) wins the game" in shown for _, shown in options)
    assert any("lost on time or abandoned the game" in shown for _, shown in options)
    assert "\u00bd" not in article
    assert "1/2-1/2" not in article


def test_bao_dispute_keeps_notation_left_to_right_in_persian() -> None:
    _, _, moves, _, _ = _disputed_game()
    article = _queues("fa")
    for move in moves:
        assert f'<bdi dir="ltr">{move}</bdi>' in article
    assert '<ol class="bao-moves" dir="ltr"' in article


def test_bao_ruling_from_the_dispute_form_is_recorded() -> None:
    where, *_ = _disputed_game()
    game = load_bao_game(SLUG, where)
    north_wins = "0-1" if game.game.first == game.south else "1-0"
    client = Client()
    client.force_login(User.objects.get(username="mwamuzi"))
    version = events.get_event_facts(SLUG).version
    done = client.post(
        f"/console/{SLUG}/do/result.ruling/",
        {
            "round": where.round,
            "board": where.board,
            "game": where.game,
            "stage": 1,
            "group": "",
            "result": north_wins,
            "reason": "the moves show no resignation",
            "version": version,
            "next": f"/console/{SLUG}/queues/",
        },
        follow=True,
    )
    assert done.status_code == 200
    ruled = load_bao_game(SLUG, where).game
    assert ruled.status is ResultStatus.RULED
    winner = GameResult.SECOND_WINS if north_wins == "0-1" else GameResult.FIRST_WINS
    assert ruled.result is winner
    assert '<article class="dispute">' not in done.content.decode()
