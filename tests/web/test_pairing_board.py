"""The pairings table's boards (`{% pairing_board %}`): a board of one game and a bye are
written in Python for speed, a match of several games by `_board.html`. Both must give the
same markup: every board of every preset's demo event, of a Swiss with open boards and of a
Tasaselo with a withdrawal, in English and in Persian with Persian digits."""

from __future__ import annotations

import random
import re

import pytest
from django.template import Context, Template
from django.template.loader import get_template
from django.utils import translation
from tests.app.helpers import ACTOR, T0, make_event, play_round

from mashindano.app import rounds
from mashindano.app.conduct import withdraw_player
from mashindano.app.demo import play_demo_event
from mashindano.app.documents.event import event_header
from mashindano.app.documents.rounds import build_round_pairings
from mashindano.app.formats.registry import available_presets
from mashindano.app.queries import get_event_facts

pytestmark = pytest.mark.django_db

TABLE_TAG = re.compile(r"\s*(</?(?:tbody|tr|td|th)\b[^>]*>)\s*")


def normalised(markup: str) -> str:
    """Runs of white space as one, none around the table's own tags (where HTML ignores it)."""
    return TABLE_TAG.sub(r"\1", re.sub(r"\s+", " ", markup)).strip()


def events_with_every_kind_of_board() -> list[str]:
    slugs = [play_demo_event(preset, 5).slug for preset in available_presets()]
    make_event("open", "chess-swiss", 9)
    play_round("open", random.Random(2))
    rounds.pair_next_round("open", actor=ACTOR, now=T0)  # round 2 open, with a bye
    make_event("left", "tasaselo", 7)
    play_round("left", random.Random(4))
    withdraw_player("left", "P03", actor=ACTOR, now=T0, reason="ill")
    rounds.pair_next_round("left", actor=ACTOR, now=T0)
    return [*slugs, "open", "left"]


@pytest.mark.parametrize(("language", "persian_digits"), [("en", False), ("fa", True)])
def test_every_board_is_written_as_the_board_template_writes_it(
    language: str, persian_digits: bool
) -> None:
    tag = Template("{% load web_tags %}{% pairing_board b %}")
    reference = get_template("web/public/_board.html")
    written = {"single": 0, "bye": 0, "match": 0}
    with translation.override(language):
        for slug in events_with_every_kind_of_board():
            facts = get_event_facts(slug)
            event = event_header(facts)
            for shown in facts.rounds:
                pairings = build_round_pairings(
                    slug, shown.number, stage=shown.stage, group=shown.group, facts=facts
                )
                values = {"event": event, "pairings": pairings, "persian_digits": persian_digits}
                for board in pairings.boards:
                    ours = tag.render(Context({**values, "b": board}))
                    theirs = reference.render({**values, "b": board})
                    assert normalised(ours) == normalised(theirs), (slug, shown, board.board)
                    kind = "bye" if board.second is None else "single"
                    written["match" if len(board.games) > 1 else kind] += 1
    assert min(written.values()) > 0, written
