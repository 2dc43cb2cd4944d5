"""Issue 29 item 14: KIBA notices without the noise. Publishing a group stage reaches each
player as ONE mail listing all their games of the stage, each with its "Play" link (the round
pairs a player with every other player of the group at once); a round of one game per player
still reads as before."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from mashindano.app import rounds
from mashindano.app.conduct import withdraw_player
from mashindano.app.mail import render
from mashindano.app.notify import Kind, collect_news
from mashindano.store import models

from .helpers import ACTOR, T0, make_event
from .test_due import HOUR, kiba_event, link_players

pytestmark = pytest.mark.django_db


def _round_mails(slug: str) -> list[models.Notification]:
    return list(
        models.Notification.objects.filter(
            kind=Kind.ROUND_PUBLISHED.value, event__slug=slug
        ).order_by("user_id")
    )


def test_issue_29_item_14_a_group_stage_is_one_mail_per_player_with_every_game_to_play() -> None:
    kiba_event()  # six players: one group, each plays the five others, two games each
    addresses = link_players("kiba")
    collect_news(T0)
    notes = _round_mails("kiba")
    assert len(notes) == len(addresses) == 6  # was 30: one mail per pairing
    assert len({n.user_id for n in notes}) == 6
    game_ids = set(
        models.Game.objects.filter(encounter__round__stage__event__slug="kiba").values_list(
            "id", flat=True
        )
    )
    linked: set[int] = set()
    for note in notes:
        context = note.context or {}
        games = context["games"]
        assert len(games) == 5
        names = {g["opponent"] for g in games}
        assert len(names) == 5
        assert "" not in names
        mail = render(note.kind, context, note.user_id)
        assert mail.text.count("Round 1 is published: your games") == 1
        assert mail.text.count("First move due by") == 1
        links = re.findall(r"Play: (\S+)", mail.text)
        assert len(links) == 10 == len(set(links))  # both games of every pairing
        for link in links:
            assert link.startswith("http://127.0.0.1:8000/play/kiba/")
            assert f'<a href="{link}">Play</a>' in mail.html
            linked.add(int(link.rstrip("/").rsplit("/", 1)[1]))
        for name in names:
            assert name in mail.text
            assert name in mail.html
    assert linked == game_ids  # every game reaches both of its players' mails
    collect_news(T0)
    assert len(_round_mails("kiba")) == 6  # once


def test_issue_29_item_14_a_round_of_one_game_per_player_reads_as_before() -> None:
    make_event("swiss", "chess-swiss", 6)
    link_players("swiss")
    rounds.pair_next_round("swiss", actor=ACTOR, now=T0)
    collect_news(T0)
    notes = _round_mails("swiss")
    assert len(notes) == 6
    for note in notes:
        context = note.context or {}
        assert context["games"] == []
        assert context["play"] == []
        mail = render(note.kind, context, note.user_id)
        assert f"you play {context['opponent']} on board {context['board']}" in mail.text
        assert "your games" not in mail.text


def _row(page: str, name: str) -> str:
    rows = re.findall(r"<tr[^>]*>.*?</tr>", page, re.S)
    found = [r for r in rows if name in r and 'class="note"' in r]
    assert len(found) == 1, f"{name}: {len(found)} rows"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found[0]))


def test_issue_29_item_14_a_withdrawn_player_is_said_withdrawn_once() -> None:
    """The standings and the stages page said "withdrawn; withdrawn from round 1"."""
    kiba_event()
    withdraw_player("kiba", "P01", actor=ACTOR, reason="no time", now=T0 + HOUR)
    name = models.Entry.objects.get(event__slug="kiba", key="P01").name
    client = Client()
    for path in ("/e/kiba/standings/", "/e/kiba/preset/"):
        page = client.get(path)
        assert page.status_code == 200
        row = _row(page.content.decode(), name)
        assert row.count("withdrawn") == 1, row
        assert re.search(r"withdrawn from round \d", row), row
