"""Issue 29 item 1 and "findable doors": which games are running on the site (`app.play_links`),
the documents that carry the game page's address (my page, the round's pairings), the
round-published mail with a "Play" link per running game, and the header's doors
(`app.doors.doors_of`)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from mashindano.app.documents.me import build_my_page
from mashindano.app.documents.rounds import build_round_pairings
from mashindano.app.doors import NO_DOORS, doors_of
from mashindano.app.mail import render
from mashindano.app.notify import Kind, collect_news
from mashindano.app.people import principal_for_user
from mashindano.app.results import GameRef, report_result
from mashindano.store import models

from .helpers import ACTOR, T0, make_event
from .test_due import HOUR, kiba_event, link_players

pytestmark = pytest.mark.django_db


def _principal(username: str):  # type: ignore[no-untyped-def]
    return principal_for_user(get_user_model().objects.get(username=username))


def test_issue_29_item_1_round_pairings_carry_the_game_page_of_running_games_only() -> None:
    kiba_event()
    report_result("kiba", GameRef(1, 1, 1), "1-0", actor=ACTOR, now=T0 + HOUR)
    pairings = build_round_pairings("kiba", 1, at=T0 + HOUR)
    games = [g for b in pairings.boards for g in b.games]
    decided = [g for g in games if g.board == 1 and g.game == 1]
    assert [g.play_url for g in decided] == [""]
    running = [g for g in games if not (g.board == 1 and g.game == 1)]
    ids = {
        (g.encounter.board, g.number): g.id
        for g in models.Game.objects.filter(
            encounter__round__stage__event__slug="kiba"
        ).select_related("encounter")
    }
    assert running
    for g in running:
        assert g.play_url == f"/play/kiba/{ids[(g.board, g.game)]}/"


def test_issue_29_item_1_no_play_link_where_games_are_not_played_on_the_site() -> None:
    kiba_event("kiba-off", play_on_site="false")
    pairings = build_round_pairings("kiba-off", 1, at=T0)
    assert all(g.play_url == "" for b in pairings.boards for g in b.games)
    make_event("swiss", "chess-swiss", 6)
    from mashindano.app import rounds

    rounds.pair_next_round("swiss", actor=ACTOR, now=T0)
    swiss = build_round_pairings("swiss", 1, at=T0)
    assert all(g.play_url == "" for b in swiss.boards for g in b.games)


def test_issue_29_item_1_my_page_offers_play_for_the_move_due_and_each_running_game() -> None:
    kiba_event()
    link_players("kiba")
    entry = models.Entry.objects.get(event__slug="kiba", key="P01")
    page = build_my_page(_principal(entry.user.username), T0 + HOUR)
    moves = [a for a in page.open_actions if a.kind == "move"]
    assert moves
    assert all(a.url.startswith("/play/kiba/") for a in moves)
    games = page.events[0].games
    assert games
    assert all(g.play_url.startswith("/play/kiba/") for g in games)


def test_issue_29_item_1_the_round_published_mail_links_each_running_game() -> None:
    kiba_event()
    link_players("kiba")
    collect_news(T0)
    notes = list(models.Notification.objects.filter(kind=Kind.ROUND_PUBLISHED.value))
    assert notes
    for note in notes:
        context = note.context or {}
        if context.get("bye"):
            assert context["play"] == []
            continue
        links = context["play"]
        assert len(links) == 10  # one mail: five opponents in the group, two games each
        assert all(link.startswith("http://127.0.0.1:8000/play/kiba/") for link in links)
        mail = render(note.kind, context, note.user_id)
        for link in links:
            assert f"Play: {link}" in mail.text
            assert f'<a href="{link}">Play</a>' in mail.html


def test_issue_29_doors_console_for_a_role_my_games_for_a_player_with_games() -> None:
    kiba_event()
    link_players("kiba", arbiter="mwamuzi")
    users = get_user_model().objects
    player = _principal(models.Entry.objects.get(event__slug="kiba", key="P01").user.username)
    assert doors_of(player).my_games
    assert doors_of(player).my_page
    assert not doors_of(player).console
    mwamuzi = doors_of(_principal("kiba-mwamuzi"))
    assert mwamuzi.console
    assert not mwamuzi.my_page
    users.create_superuser("root", "root@example.org", "pw")
    assert doors_of(_principal("root")).console
    users.create_user("nobody")
    assert doors_of(_principal("nobody")) == NO_DOORS
    assert doors_of(None) == NO_DOORS


def test_issue_29_doors_the_header_shows_the_doors_the_app_opens() -> None:
    kiba_event()
    link_players("kiba", arbiter="mwamuzi")
    client = Client()
    client.force_login(get_user_model().objects.get(username="kiba-mwamuzi"))
    page = client.get("/").content.decode()
    assert 'href="/console/" class="door door-console"' in page
    assert "door-games" not in page
    client.force_login(models.Entry.objects.get(event__slug="kiba", key="P01").user)
    page = client.get("/").content.decode()
    assert "door-console" not in page
    assert 'href="/play/" class="door door-games"' in page
    assert 'href="/me/" class="door door-me"' in page


def test_issue_29_item_1_the_stages_page_links_the_running_games_of_the_final() -> None:
    """The KIBA event's own page (stages and groups) shows the final's games: each running
    one has its "Play" link; a decided one none."""
    from .test_kiba_bao import better_seed, create, kiba_roster, pair, report_round

    create("fin", kiba_roster(12))
    for _ in range(2):
        report_round("fin", pair("fin"), better_seed("fin"))
    final = pair("fin")
    report_result("fin", GameRef(final.number, 1, 1), "1-0", actor=ACTOR)
    ids = {g.number: g.id for g in final.encounters[0].games}
    page = Client().get("/e/fin/preset/").content.decode()
    table = page[page.index('<table class="final-games">') :]
    table = table[: table.index("</table>")]
    links = re.findall(r'<a class="button play" href="([^"]+)"', table)
    assert links == [f"/play/fin/{ids[n]}/" for n in sorted(ids) if n != 1]
    assert links


def test_issue_29_item_1_the_player_card_links_each_running_game() -> None:
    kiba_event()
    report_result("kiba", GameRef(1, 1, 1), "1-0", actor=ACTOR, now=T0 + HOUR)
    card = models.Entry.objects.get(event__slug="kiba", key="P01")
    page = Client().get(f"/e/kiba/player/{card.key}/").content.decode()
    links = re.findall(r'<a class="button play" href="(/play/kiba/\d+/)"', page)
    games = models.Game.objects.filter(encounter__round__stage__event__slug="kiba")
    mine = {
        g.id
        for g in games.filter(first__key="P01") | games.filter(second__key="P01")
        if not (g.encounter.board == 1 and g.number == 1)
    }
    assert len(links) == len(mine) == 9  # five pairings of two games, one decided
    assert {int(link.split("/")[3]) for link in links} == mine
