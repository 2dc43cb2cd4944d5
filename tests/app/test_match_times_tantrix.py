"""Agreed match times in a Tantrix knockout (issue 31 item 4; shared/spec/tantrix-knockout.md):
a tiebreak left without a time (option 4) is arranged by proposals on the site. A proposal is
the offer of dates (R20, A5), an acceptance or counter-proposal the constructive reply (R22),
and a proposal left unanswered for 48 hours loses the match by default (A9, E5), exactly as
the offers and replies recorded from e-mails."""

from __future__ import annotations

import pytest

from mashindano.app.due import apply_due
from mashindano.app.errors import WrongState
from mashindano.app.performing import perform
from mashindano.engine.model import CompetitorId
from mashindano.presets.tantrix_knockout import due as tantrix_due
from mashindano.presets.tantrix_knockout.use_cases import match_status
from mashindano.store.facts import EncounterFact

from .helpers import ACTOR, T0
from .test_tantrix_forms import HOUR, MATCH, SLUG, TICK, _option_4_by_trailing_b, match

pytestmark = pytest.mark.django_db

__all__ = ["match"]  # the fixture


def _propose(player: CompetitorId, now, times: str = "2026-03-05 18:00"):  # type: ignore[no-untyped-def]
    values = {"round": "1", "board": "1", "player": player, "times": times}
    return perform(SLUG, "match.propose", values, actor=ACTOR, now=now)


def _answer(player: CompetitorId, now, **values: str):  # type: ignore[no-untyped-def]
    given = {"round": "1", "board": "1", "player": player, **values}
    return perform(SLUG, "match.answer", given, actor=ACTOR, now=now)


def test_no_times_to_agree_before_a_tiebreak_waits_to_be_arranged(match: EncounterFact) -> None:
    with pytest.raises(WrongState):
        _propose(match.first, T0 + HOUR)


def test_R20_A5_a_proposal_is_the_trailing_players_offer(match: EncounterFact) -> None:
    ended = _option_4_by_trailing_b(match)
    assert match.second is not None
    _propose(match.second, ended + 2 * HOUR)
    assert apply_due(ended + 24 * HOUR + TICK).rulings == ()  # the offer came in time
    assert match_status(SLUG, MATCH, ended + 25 * HOUR).winner is None


def test_R22_A9_E5_a_proposal_unanswered_for_48_hours_defaults(match: EncounterFact) -> None:
    ended = _option_4_by_trailing_b(match)
    assert match.second is not None
    offered = ended + 2 * HOUR
    _propose(match.second, offered)
    assert apply_due(offered + 48 * HOUR).rulings == ()
    applied = apply_due(offered + 48 * HOUR + TICK)
    assert [i.kind for i in applied.rulings] == [tantrix_due.DEFAULT]
    assert "no reply to the offer of dates within 48 hours (R22, A9)" in applied.rulings[0].reason
    assert match_status(SLUG, MATCH, offered + 49 * HOUR).winner == match.second


def test_R22_an_acceptance_is_the_constructive_reply(match: EncounterFact) -> None:
    ended = _option_4_by_trailing_b(match)
    assert match.second is not None
    offered = ended + 2 * HOUR
    _propose(match.second, offered)
    _answer(match.first, offered + HOUR, answer="accept", time="2026-03-05 18:00")
    assert apply_due(offered + 72 * HOUR).rulings == ()
    assert match_status(SLUG, MATCH, offered + 72 * HOUR).winner is None


def test_R22_a_counter_proposal_is_a_reply_and_an_offer_in_turn(match: EncounterFact) -> None:
    ended = _option_4_by_trailing_b(match)
    assert match.second is not None
    offered = ended + 2 * HOUR
    _propose(match.second, offered)
    _answer(match.first, offered + HOUR, answer="counter", times="2026-03-06 18:00")
    assert apply_due(offered + 72 * HOUR).rulings == ()
