"""Within `remembering` (a web request) the site's rated games are read once per version of
each event: a second `site_games` loads no event again, and a write (which raises the event's
version) is seen at once. Inside a transaction nothing is remembered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import transaction
from tests.app.helpers import ACTOR, T0, make_event

from mashindano.app import person_record, rounds
from mashindano.app.results import GameRef, report_result

pytestmark = pytest.mark.django_db(transaction=True)


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    loaded: list[str] = []
    real: Callable[..., Any] = person_record.load_event_facts

    def load(event: Any) -> Any:
        loaded.append(event.slug)
        return real(event)

    monkeypatch.setattr(person_record, "load_event_facts", load)
    return loaded


def test_each_event_is_read_once_per_version_and_a_write_is_seen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    make_event("memo", "chess-swiss", 4)
    published = rounds.pair_next_round("memo", actor=ACTOR, now=T0)
    first, second = list(published.games())[:2]
    report_result("memo", GameRef(1, first.board), "1-0", actor=ACTOR, now=T0)
    loaded = _counting(monkeypatch)
    with person_record.remembering():
        assert len(person_record.site_games("chess")) == 1
        assert len(person_record.site_games()) == 1
        assert loaded == ["memo"]
        report_result("memo", GameRef(1, second.board), "0-1", actor=ACTOR, now=T0)
        loaded.clear()
        assert len(person_record.site_games("chess")) == 2
        assert len(person_record.site_games("chess")) == 2
        assert loaded == ["memo"]
    with person_record.remembering(), transaction.atomic():
        loaded.clear()
        person_record.site_games("chess")
        person_record.site_games("chess")
        assert loaded == ["memo", "memo"]
