"""Issue 29 item 7: an official's own entries (the arbiter's grid) are not "reports awaiting
confirmation"; a player's report is, until the opponent confirms."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from mashindano.app import people, rounds
from mashindano.app.documents.console import build_queues
from mashindano.app.results import GameRef, report_result

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db


def test_an_arbiters_entries_do_not_await_confirmation() -> None:
    make_event("sw", "chess-swiss", 8)
    published = rounds.pair_next_round("sw", actor=ACTOR, now=T0)
    boards = [e.board for e in published.encounters]
    User.objects.create_user("arif", password="pw")
    people.grant_role("sw", "arif", "arbiter", actor=ACTOR, now=T0)
    arbiter = people.principal_for_username("arif")
    first = published.encounters[-1].first
    User.objects.create_user("pia", password="pw")
    people.link_entry("sw", str(first), "pia", actor=ACTOR, now=T0)
    pia = people.principal_for_username("pia")
    for board in boards[:-1]:
        report_result("sw", GameRef(1, board), "1-0", actor=arbiter, now=T0)
    report_result("sw", GameRef(1, boards[-1]), "0-1", actor=pia, now=T0)
    queues = build_queues("sw", arbiter)
    assert [g.board for g in queues.awaiting] == [boards[-1]]
    assert queues.event.awaiting_confirmation == 1
