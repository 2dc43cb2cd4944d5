"""Results in each game's own terms (issue 29 items 4, 8 and 10), through the views.

- A Tantrix controller sees a disputed game as the two result forms (each side's TPs and
  status option), the review's reasons in words, rules by typing TPs (checked by the Tantrix
  rules: 20 TPs a game, tantrix-knockout R4), and reads the ruling back in words, not JSON.
- A Gomoku player's page offers one report per match, as games won ("3-1"), and only once the
  match may be played (gomoku-league R21, A14: the lower third waits for registration to close
  after day 7); the report becomes the match's four games (R29, A2).
- Each preset's forms carry only that game's help (no Tantrix TPs on a Gomoku form, no Gomoku
  newcomers on a KIBA join form, no 1/0/= keyboard on a Tantrix grid).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.test import Client
from tests.app.helpers import ACTOR, T0, make_event

from mashindano.app import events, people, players, rounds
from mashindano.app.principals import local
from mashindano.app.results import GameRef
from mashindano.engine.model import Competitor, CompetitorId, GameResult
from mashindano.presets.tantrix_knockout.use_cases import file_form
from mashindano.store import models
from mashindano.store.facts import EncounterFact, ResultStatus

pytestmark = pytest.mark.django_db

TANTRIX = "ko"
LEAGUE = "lg"


def _client(name: str) -> Client:
    user = User.objects.filter(username=name).first() or User.objects.create_user(
        name, password="pw"
    )
    client = Client()
    client.force_login(user)
    return client


def _text(answer: Any) -> str:
    return html.unescape(answer.content.decode())


@contextmanager
def _clock(moment: datetime) -> Iterator[None]:
    with mock.patch("django.utils.timezone.now", return_value=moment):
        yield


# -- Tantrix: the dispute, the ruling, the confirmation (item 4) --------------------------------


def _tantrix_match() -> EncounterFact:
    make_event(TANTRIX, "tantrix-knockout", 4, standard_games="2")
    rounds.pair_next_round(TANTRIX, actor=ACTOR, now=T0)
    User.objects.create_user("ref", password="pw")
    people.grant_role(TANTRIX, "ref", "arbiter", actor=ACTOR, now=T0)
    facts = events.get_event_facts(TANTRIX)
    return next(e for e in facts.rounds[0].encounters if e.board == 1)


def _conflicting_forms(match: EncounterFact) -> tuple[str, str]:
    """Game 1 of board 1: the first player says 15-5, the second 14-6 (from the first
    player's side): conflicting TPs (R24, A10). Returns the two TP texts as filed."""
    assert match.second is not None
    game = match.games[0]
    first_says, second_says = "15-5", "14-6"
    if game.first != match.first:
        first_says, second_says = "5-15", "6-14"
    file_form(
        TANTRIX,
        GameRef(1, 1, 1),
        match.first,
        first_says,
        status="N",
        actor=local(match.first),
        now=T0,
    )
    file_form(
        TANTRIX,
        GameRef(1, 1, 1),
        match.second,
        second_says,
        status="N",
        actor=local(match.second),
        now=T0,
    )
    return first_says, second_says


def _tps(text: str) -> tuple[Fraction, Fraction]:
    first, second = text.split("-")
    return Fraction(first), Fraction(second)


def _dispute_article(page: str) -> str:
    found = re.search(r'<article class="dispute">.*?</article>', page, re.S)
    assert found is not None, "no dispute in the queue"
    return found.group(0)


def test_item4_tantrix_dispute_shows_each_players_tps_and_the_reason_in_words() -> None:
    match = _tantrix_match()
    first_says, second_says = _conflicting_forms(match)
    page = _client("ref").get(f"/console/{TANTRIX}/queues/")
    assert page.status_code == 200
    article = _dispute_article(_text(page))
    # each side's claim in Tantrix terms: the TPs of each form (exact, the game's first
    # player's first, left to right in any language), and the status option
    claims = re.findall(
        r'<li><strong>(\w+)</strong>: <bdi dir="ltr" class="big">([^<]+)</bdi>', article
    )
    said = {who: _tps(text) for who, text in claims}
    assert said == {match.first: _tps(first_says), match.second: _tps(second_says)}
    assert "TPs, " in article
    assert "option N" in article
    # the review's code as words, not the raw code
    assert "conflicting-tps" not in article
    assert "The two forms give different TPs." in article
    # the ruling takes TPs: a text box, no ½-½ / 1-0 menu
    assert 'placeholder="12.4-7.6"' in article
    assert "<select" not in article
    assert "\u00bd" not in article


def test_item4_tantrix_ruling_in_tps_is_checked_by_the_rules_and_confirmed_in_words() -> None:
    match = _tantrix_match()
    _conflicting_forms(match)
    game = match.games[0]
    names = {c.id: c.name for c in events.get_event_facts(TANTRIX).competitors}
    where = {"round": "1", "board": "1", "game": "1", "stage": "1", "group": ""}
    url = f"/console/{TANTRIX}/do/result.ruling/"
    ref = _client("ref")
    # 25-0 is not a Tantrix game (20 TPs a game, R4): refused at the field, nothing written
    reports = models.ResultReport.objects.count()
    version = models.Event.objects.get(slug=TANTRIX).version
    refused = ref.post(url, {**where, "result": "25-0", "reason": "forms", "version": version})
    assert refused.status_code == 200
    assert "20" in _text(refused)
    assert models.ResultReport.objects.count() == reports
    # TPs are accepted, and the confirmation says them by name, not as JSON
    done = ref.post(
        url,
        {
            **where,
            "result": "15-5",
            "reason": "checked the score sheet",
            "version": version,
            "next": f"/console/{TANTRIX}/queues/",
        },
        follow=True,
    )
    page = _text(done)
    assert '{"tp"' not in page
    shown = f"{names[game.first]} 15.0 TPs, {names[game.second]} 5.0 TPs (ruled)"
    assert shown in page
    settled = next(g for g in events.get_event_facts(TANTRIX).games() if g.id == game.id)
    assert settled.status is ResultStatus.RULED
    assert settled.result is GameResult.FIRST_WINS
    assert settled.detail == {"tp": ["15.0", "5.0"]}


# -- Gomoku: one report per match, when it may be played (item 8) -------------------------------


def at(month: int, day: int, hour: int = 10) -> datetime:
    return datetime(2026, month, day, hour, tzinfo=UTC)


def _league() -> None:
    """A Gomoku league of 7 (P1 on top, P7 at the bottom), month 1 (2026-03) paired on day 1;
    the accounts p1, p3 and p6 play as P1, P3 and P6."""
    events.create_event(LEAGUE, "gomoku-league", actor=ACTOR, seed=5, now=at(2, 20))
    roster = [
        Competitor(CompetitorId(f"P{n}"), f"P{n}", rating=2000 - n, games_played=500)
        for n in range(1, 8)
    ]
    players.register_players(LEAGUE, roster, actor=ACTOR, now=at(2, 20))
    events.start_event(LEAGUE, actor=ACTOR, now=at(2, 20))
    rounds.pair_next_round(LEAGUE, actor=ACTOR, now=at(3, 1))
    for n in (1, 3, 6):
        User.objects.create_user(f"p{n}", password="pw")
        people.link_entry(LEAGUE, f"P{n}", f"p{n}", actor=ACTOR, now=at(3, 1))


def _todo(page: str) -> str:
    found = re.search(r'<section class="todo".*?</section>', page, re.S)
    assert found is not None
    return found.group(0)


def test_item8_R18_R29_my_page_offers_one_report_per_match_not_per_game() -> None:
    _league()
    with _clock(at(3, 10)):
        todo = _todo(_text(_client("p3").get("/me/")))
    # P3 (position 3) plays 4 matches of 4 games (R18, R19): 4 reports, not 16
    assert todo.count('href="/me/e/lg/do/result.match/') == 4
    assert "result.report" not in todo
    assert "as games won" in todo
    assert "e.g. 3-1" in todo


def test_item8_R21_A14_the_lower_third_waits_until_registration_closes() -> None:
    _league()
    facts = events.get_event_facts(LEAGUE)
    p6 = [e for e in facts.rounds[0].encounters if "P6" in (e.first, e.second)]
    with _clock(at(3, 3)):
        early = _todo(_text(_client("p6").get("/me/")))
        top = _todo(_text(_client("p1").get("/me/")))
    # P6 is in the lower third: nothing to report on day 3, but it says when it opens
    assert "result.match" not in early
    assert early.count("action-later") == len(p6)
    assert "2026-03-08 00:00" in early
    assert "R21" in early
    # P1 (top) may play and report from day 1
    assert top.count('href="/me/e/lg/do/result.match/') == 2
    with _clock(at(3, 9)):
        later = _todo(_text(_client("p6").get("/me/")))
    assert later.count('href="/me/e/lg/do/result.match/') == len(p6)
    assert "action-later" not in later


def test_item8_R29_A2_a_match_report_3_1_becomes_its_four_games() -> None:
    _league()
    facts = events.get_event_facts(LEAGUE)
    encounter = next(e for e in facts.rounds[0].encounters if {e.first, e.second} == {"P1", "P3"})
    url = f"/me/e/{LEAGUE}/do/result.match/?round=1&board={encounter.board}"
    with _clock(at(3, 10)):
        form = _client("p1").get(url)
        assert form.status_code == 200
        assert 'name="score"' in _text(form)
        assert "Tantrix" not in _text(form)
        done = _client("p1").post(url, {"score": "3-1"})
    assert done.status_code == 302
    games = sorted(
        (g for g in events.get_event_facts(LEAGUE).games() if g.encounter_id == encounter.id),
        key=lambda g: g.number,
    )
    won = {"P1": 0, "P3": 0}
    for game in games:
        assert game.status is ResultStatus.REPORTED
        winner = game.first if game.result is GameResult.FIRST_WINS else game.second
        won[str(winner)] += 1
    assert won == {"P1": 3, "P3": 1}
    with _clock(at(3, 10)):
        todo = _todo(_text(_client("p1").get("/me/")))
    # the reported match is no longer offered; P1's other match still is
    assert f"result.match/?round=1&board={encounter.board}&" not in todo
    assert todo.count('href="/me/e/lg/do/result.match/') == 1


# -- each form's help from its own preset (item 10) -----------------------------------------------

OTHER_GAMES = {
    "gomoku-league": ("Tantrix", "TPs", "KIBA"),
    "tantrix-knockout": ("Gomoku", "KIBA", "1/2-1/2"),
    "chess-swiss": ("Tantrix", "TPs", "Gomoku", "KIBA"),
    "kiba-bao": ("Tantrix", "TPs", "Gomoku"),
}


@pytest.mark.parametrize("preset", sorted(OTHER_GAMES))
def test_item10_the_report_form_in_the_console_has_only_this_games_help(preset: str) -> None:
    make_event("ev", preset, 8)
    rounds.pair_next_round("ev", actor=ACTOR, now=T0)
    User.objects.create_user("ref", password="pw")
    people.grant_role("ev", "ref", "arbiter", actor=ACTOR, now=T0)
    for action in ("result.report", "result.ruling", "result.correction"):
        page = _client("ref").get(f"/console/ev/do/{action}/?round=1&board=1")
        assert page.status_code == 200, action
        form = re.search(r'<form method="post" class="spec-form".*?</form>', _text(page), re.S)
        assert form is not None
        for word in OTHER_GAMES[preset]:
            assert word not in form.group(0), (preset, action, word)


def test_item10_tantrix_form_speaks_tps_and_its_grid_has_no_1_0_keys() -> None:
    make_event("ev", "tantrix-knockout", 4)
    rounds.pair_next_round("ev", actor=ACTOR, now=T0)
    User.objects.create_user("ref", password="pw")
    people.grant_role("ev", "ref", "arbiter", actor=ACTOR, now=T0)
    form = _text(_client("ref").get("/console/ev/do/result.report/?round=1&board=1"))
    assert "12.4-7.6" in form
    grid = _text(_client("ref").get("/console/ev/results/"))
    assert "<kbd>1</kbd>" not in grid
    assert "<kbd>=</kbd>" not in grid
    assert 'data-keys=""' in grid
    assert "Type the game's TPs" in grid
    make_event("chess", "chess-swiss", 4)
    rounds.pair_next_round("chess", actor=ACTOR, now=T0)
    people.grant_role("chess", "ref", "arbiter", actor=ACTOR, now=T0)
    chess_grid = _text(_client("ref").get("/console/chess/results/"))
    assert "<kbd>1</kbd>" in chess_grid
    assert "TPs" not in chess_grid


@pytest.mark.parametrize(
    ("preset", "own", "others"),
    [
        ("kiba-bao", "KIBA", ("Gomoku", "300")),
        ("gomoku-league", "300", ("KIBA",)),
        ("chess-swiss", "", ("KIBA", "Gomoku", "300")),
    ],
)
def test_item10_the_join_form_has_only_this_games_help(
    preset: str, own: str, others: tuple[str, ...]
) -> None:
    make_event("open", preset, 0, start=False)
    page = _text(_client("joiner").get("/me/e/open/join/"))
    games = re.search(
        r'<div class="field[^"]*">\s*<label for="id_games_played".*?</div>', page, re.S
    )
    assert games is not None
    if own:
        assert own in games.group(0)
    for word in others:
        assert word not in games.group(0), (preset, word)
