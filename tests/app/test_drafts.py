"""The draft of the next round explains itself in the request's language: side words, colour
preferences, floats, byes, warnings and the round's label (English stays as it was)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from django.utils import translation
from tests.app.helpers import ACTOR, T0, make_event, play_round

from mashindano.app.drafts import Draft, _draft, draft_next_round, publish_draft
from mashindano.app.errors import StaleVersion
from mashindano.app.formats.base import PlannedEncounter, PlannedGame
from mashindano.app.queries import get_event_facts
from mashindano.app.rounds import check_pair_next
from mashindano.store import models

pytestmark = pytest.mark.django_db


@pytest.fixture
def five() -> str:
    """A chess Swiss of five with round 1 played: round 2 has a bye again."""
    make_event("five", "chess-swiss", 5)
    play_round("five", random.Random(5))
    return "five"


def _repeated(slug: str, language: str) -> Draft:
    """Round 2 drafted as round 1 again (same boards, same sides, same bye): every warning."""
    facts = get_event_facts(slug)
    plan = check_pair_next(facts, T0)
    first = facts.rounds[0]
    again = tuple(
        PlannedEncounter(
            e.board,
            e.first,
            e.second,
            games=tuple(PlannedGame(g.first, g.second, g.first_side) for g in e.games),
            bye=e.bye_kind,
        )
        for e in first.encounters
    )
    with translation.override(language):
        return _draft(facts, replace(plan, encounters=again))


def test_an_english_draft_explains_in_english(five: str) -> None:
    with translation.override("en"):
        draft = draft_next_round(five, actor=ACTOR, now=T0)
    assert draft.label == "Round 2"
    assert any("gets the pairing-allocated bye: lowest score group" in w for w in draft.warnings)
    outcomes = {line.outcome.split(" against ")[0] for line in draft.explanation}
    assert outcomes == {"White", "Black", "bye (pairing)"}
    assert {b.bye_label for b in draft.boards if b.second is None} == {"bye (pairing)"}
    assert {f for line in draft.explanation for f in line.floats.split()} <= {"down", "up", "-"}
    assert all(
        line.preference.split()[0] in {"absolute", "strong", "mild"}
        for line in draft.explanation
        if line.preference
    )


def test_a_repeated_pairing_is_warned_about_in_english(five: str) -> None:
    draft = _repeated(five, "en")
    assert any(w.endswith(" again") and " meets " in w for w in draft.warnings)
    assert any("does not get their strong preference for Black" in w for w in draft.warnings)
    assert any(w.endswith("lowest score group, already had a bye") for w in draft.warnings)


@pytest.mark.parametrize(
    ("language", "white", "again", "bye", "strong"),
    [
        ("sw", "Mweupe", "anakutana tena na", "tayari amepata mapumziko", "sana"),
        ("fa", "سفید", "دوباره با", "پیش‌تر بای گرفته است", "قوی"),
        ("ro", "Alb", "joacă din nou cu", "a mai avut liber", "puternică"),
        ("fi", "Valkea", "uudelleen", "on jo saanut vapaakierroksen", "vahvaa"),
    ],
)
def test_a_draft_explains_in_the_request_language(
    five: str, language: str, white: str, again: str, bye: str, strong: str
) -> None:
    draft = _repeated(five, language)
    text = " ".join(draft.warnings)
    assert again in text
    assert bye in text
    assert strong in text
    assert any(line.outcome.startswith(white) for line in draft.explanation)
    assert not any(
        english in text for english in ("meets", "preference", "pairing-allocated", "white")
    )
    english_words = {"White", "Black", "against", "down", "up", "mild", "strong", "absolute"}
    for line in draft.explanation:
        shown = f"{line.preference} {line.floats} {line.outcome}".split()
        assert not english_words & set(shown), line
    assert draft.label != "Round 2"


def test_a_draft_no_longer_planned_names_its_round_in_the_request_language(five: str) -> None:
    version = models.Event.objects.get(slug=five).version
    with translation.override("sw"), pytest.raises(StaleVersion) as refused:
        publish_draft(five, version=version, fingerprint="not-this-one", actor=ACTOR, now=T0)
    assert "Raundi 2" in str(refused.value)
