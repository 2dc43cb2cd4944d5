"""Issue 29, "a living demo": beside the finished events, `serve --demo` builds events in
progress as of now, with demo accounts in their roles and entries: a KIBA group stage played
on the site (moves played, clocks running, one game near its deadline, a demo player on move),
a chess Swiss between rounds, a round robin open for registration, a Tasaselo round in play.
The home page names the accounts in demo mode only."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client, override_settings

from mashindano.app import events
from mashindano.app.demo import (
    DEMO_ACTOR,
    DEMO_PEOPLE,
    build_live_demo,
    create_demo_people,
    demo_email,
)
from mashindano.app.doors import doors_of
from mashindano.app.formats.parts import PAIRING
from mashindano.app.formats.registry import part
from mashindano.app.people import principal_for_user
from mashindano.app.results import GameRef, report_result
from mashindano.cli.event_demo import source_hash
from mashindano.presets.kiba_bao.clocks import open_game_clocks
from mashindano.presets.tantrix_knockout.results import forms_of
from mashindano.store import models
from mashindano.store.facts import EventState, ResultStatus

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 7, 15, 0, tzinfo=UTC)
PASSWORD = "demo-pass-29"


@pytest.fixture
def live() -> dict[str, str]:
    create_demo_people(PASSWORD)
    return {o.slug: o.state for o in build_live_demo(2026, NOW)}


def test_live_events_are_running_or_open_for_registration(live: dict[str, str]) -> None:
    assert live == {
        "demo-kiba-bao-live": "running",
        "demo-chess-swiss-live": "running",
        "demo-chess-round-robin-open": "registration",
        "demo-tasaselo-live": "running",
        "demo-tantrix-knockout-live": "running",
        "demo-gomoku-league-live": "running",
    }
    # The most valuable first: KIBA, then the Swiss, then the event open for registration.
    assert list(live)[:3] == [
        "demo-kiba-bao-live",
        "demo-chess-swiss-live",
        "demo-chess-round-robin-open",
    ]


def test_kiba_group_stage_runs_on_the_site_with_one_game_near_its_deadline(
    live: dict[str, str],
) -> None:
    facts = events.get_event_facts("demo-kiba-bao-live", with_moves=True)
    assert facts.state is EventState.RUNNING
    clocks = list(open_game_clocks(facts, NOW))
    assert len(clocks) >= 10
    played = [c for c in clocks if c.game.moves]
    assert len(played) == len(clocks) - 1  # moves in every game but one
    left = sorted(c.time_left for c in clocks)
    assert timedelta(hours=1) < left[0] <= timedelta(hours=2)  # near its deadline
    assert left[1] > timedelta(hours=12)  # the others have time
    # Every demo player has a game waiting for their move.
    for username in DEMO_PEOPLE.players:
        key = models.Entry.objects.get(event__slug="demo-kiba-bao-live", user__username=username)
        assert any(c.to_move == key.key for c in clocks), username


def test_swiss_between_rounds_and_tasaselo_round_in_play(live: dict[str, str]) -> None:
    swiss = events.get_event_facts("demo-chess-swiss-live")
    assert [r.number for r in swiss.rounds] == [1, 2]
    assert all(g.status is not ResultStatus.PENDING for g in swiss.games())
    assert part(swiss.preset, PAIRING).next_unit(swiss) is not None  # round 3 may be paired
    tasaselo = events.get_event_facts("demo-tasaselo-live")
    last = tasaselo.rounds[-1]
    statuses = [g.status is ResultStatus.PENDING for g in last.games()]
    assert any(statuses)
    assert not all(statuses)


def test_tantrix_match_in_progress_with_a_form_awaiting_the_other_player(
    live: dict[str, str],
) -> None:
    facts = events.get_event_facts("demo-tantrix-knockout-live")
    matches = [e for e in facts.rounds[-1].encounters if e.second is not None]
    under_way = [
        e
        for e in matches
        if any(g.status is ResultStatus.PENDING for g in e.games)
        and any(g.status is not ResultStatus.PENDING for g in e.games)
    ]
    assert under_way
    forms = [g for e in under_way for g in e.games if len(forms_of(g)) == 1]
    assert forms, "a player's form waits for the other player's"


@pytest.mark.parametrize(
    "now",
    [NOW, datetime(2026, 12, 1, 12, 0, tzinfo=UTC), datetime(2027, 1, 2, 10, 0, tzinfo=UTC)],
    ids=["day-7", "day-1", "day-2"],
)
def test_gomoku_month_open_for_reports_whatever_the_day(now: datetime) -> None:
    create_demo_people(PASSWORD)
    build_live_demo(2026, now, ["gomoku-league"])
    facts = events.get_event_facts("demo-gomoku-league-live")
    (month,) = facts.rounds
    assert now - timedelta(days=31) < month.published_at < now
    pending = [g.status is ResultStatus.PENDING for g in month.games()]
    assert any(pending)
    assert not all(pending)
    # A player may still report: the month (or the 48 h after it) is not over.
    game = next(
        e.games[0]
        for e in month.encounters
        if all(g.status is ResultStatus.PENDING for g in e.games)
    )
    where = GameRef(month.number, game.board, game.number, month.stage, month.group)
    report_result(facts.slug, where, "1-0", actor=DEMO_ACTOR, now=now)


def test_open_event_takes_the_demo_players(live: dict[str, str]) -> None:
    facts = events.get_event_facts("demo-chess-round-robin-open")
    assert facts.state is EventState.REGISTRATION
    linked = models.Entry.objects.filter(event__slug=facts.slug, user__isnull=False)
    assert not linked.exists()  # the demo players may still join


def test_accounts_log_in_by_email_and_find_their_doors(live: dict[str, str]) -> None:
    users = get_user_model().objects
    for username in DEMO_PEOPLE.usernames:
        client = Client()
        assert client.login(email=demo_email(username), password=PASSWORD) or client.login(
            username=username, password=PASSWORD
        ), username
    arbiter = principal_for_user(users.get(username=DEMO_PEOPLE.arbiter))
    assert doors_of(arbiter).console
    player = principal_for_user(users.get(username=DEMO_PEOPLE.players[0]))
    doors = doors_of(player)
    assert doors.my_games
    assert doors.my_page
    assert not doors.console
    response = Client().post(
        "/account/login/",
        {"login": demo_email(DEMO_PEOPLE.players[0]), "password": PASSWORD},
    )
    assert response.status_code == 302, response.content[:2000]


def test_home_page_names_the_accounts_in_demo_mode_only(live: dict[str, str]) -> None:
    with override_settings(MASHINDANO_DEMO=True):
        page = Client().get("/").content.decode()
    assert "Try the demo" in page
    assert demo_email(DEMO_PEOPLE.organiser) in page
    assert demo_email(DEMO_PEOPLE.arbiter) in page
    assert demo_email(DEMO_PEOPLE.players[0]) in page
    assert "make run" in page
    assert PASSWORD not in page
    running = page.split("Running", 1)[1]
    assert "KIBA Bao open (group stage, live)" in running
    assert "Spring round robin (registration open)" in page.split("Upcoming", 1)[1]
    cache.clear()  # an anonymous page is kept; demo mode does not change while serving
    with override_settings(MASHINDANO_DEMO=False):
        page = Client().get("/").content.decode()
    assert "Try the demo" not in page
    assert demo_email(DEMO_PEOPLE.organiser) not in page


def test_outside_demo_mode_there_are_no_demo_accounts() -> None:
    cache.clear()
    with override_settings(MASHINDANO_DEMO=True):
        page = Client().get("/").content.decode()
    assert "Try the demo" not in page  # demo mode without the demo's accounts: no hint
    assert not get_user_model().objects.filter(username__startswith="demo-").exists()


def test_demo_cache_key_follows_the_source_tree(tmp_path: Path) -> None:
    tree = tmp_path / "pkg"
    (tree / "migrations").mkdir(parents=True)
    (tree / "a.py").write_text("x = 1\n")
    (tree / "migrations" / "0001.py").write_text("ops = []\n")
    first = source_hash(2026, tree)
    assert source_hash(2026, tree) == first
    (tree / "__pycache__").mkdir()
    (tree / "__pycache__" / "a.cpython-313.pyc").write_bytes(b"\0")
    assert source_hash(2026, tree) == first  # compiled files do not count
    assert source_hash(7, tree) != first  # another seed, other results
    (tree / "migrations" / "0001.py").write_text("ops = [1]\n")
    assert source_hash(2026, tree) != first
