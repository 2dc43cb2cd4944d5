"""Manual changes to a draft (issue 33 item 1): swap, pair, unpair, give the bye; each change is
a fact with who, when and why, the draft is checked again by the Dutch criteria, and a changed
draft is published only with a reason, kept in the audit log."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from tests.app.helpers import ACTOR, T0, make_event, play_round

from mashindano.app import drafts
from mashindano.app.errors import StaleVersion, WrongState
from mashindano.app.performing import perform
from mashindano.app.queries import get_audit_log, get_event_facts
from mashindano.engine.errors import ParseError

pytestmark = pytest.mark.django_db

LATER = T0 + timedelta(hours=1)


@pytest.fixture
def dutch() -> str:
    """A Dutch Swiss of seven with round 1 played: round 2's draft has three boards and a bye."""
    make_event("dutch", "chess-swiss", 7, swiss_pairing="dutch")
    play_round("dutch", random.Random(7))
    return "dutch"


def _rematch(slug: str) -> tuple[str, str]:
    """Two players of different boards of round 2's draft who met in round 1, neither with
    the bye."""
    facts = get_event_facts(slug)
    draft = drafts.draft_next_round(slug, actor=ACTOR, now=T0)
    board_of = {k: b.board for b in draft.boards if b.second for k in (b.first_key, b.second_key)}
    for game in facts.rounds[0].games():
        a, b = str(game.first), str(game.second)
        if a in board_of and b in board_of and board_of[a] != board_of[b]:
            return a, b
    raise AssertionError("no rematch to make")


def test_the_preset_draft_breaks_no_rule_and_is_editable(dutch: str) -> None:
    draft = drafts.draft_next_round(dutch, actor=ACTOR, now=T0)
    assert draft.editable
    assert draft.violations == ()
    assert not draft.changed


def test_a_swap_that_makes_a_rematch_shows_c1_and_is_kept_with_who_when_why(dutch: str) -> None:
    a, b = _rematch(dutch)
    draft = drafts.draft_next_round(dutch, actor=ACTOR, now=T0)
    opponent_of_a = next(
        (x.second_key if x.first_key == a else x.first_key)
        for x in draft.boards
        if a in (x.first_key, x.second_key)
    )
    changed = drafts.swap_in_draft(dutch, b, opponent_of_a, reason="test", actor=ACTOR, now=LATER)
    assert changed.changed
    assert [(c.actor, c.at, c.reason) for c in changed.changes] == [("tester", LATER, "test")]
    assert "swapped" in changed.changes[0].text
    c1 = [v for v in changed.violations if v.criterion == "C1"]
    assert c1
    assert c1[0].absolute
    assert "already played each other" in c1[0].text
    last = get_audit_log(dutch)[-1]
    assert last.action == "draft.swap"
    assert last.after["reason"] == "test"


def test_unpair_then_pair_and_give_the_bye(dutch: str) -> None:
    draft = drafts.draft_next_round(dutch, actor=ACTOR, now=T0)
    bye = next(b.first_key for b in draft.boards if b.second is None)
    first = draft.boards[0]
    after = drafts.unpair_in_draft(dutch, 1, actor=ACTOR, now=T0)
    assert {p.key for p in after.unpaired} == {first.first_key, first.second_key}
    assert [v.criterion for v in after.violations if v.absolute] == ["C4"]
    after = drafts.give_bye_in_draft(dutch, first.first_key, actor=ACTOR, now=T0)
    assert {p.key for p in after.unpaired} == {bye, first.second_key}
    after = drafts.pair_in_draft(dutch, bye, first.second_key, actor=ACTOR, now=T0)
    assert after.unpaired == ()
    assert after.boards[2].first_key == bye
    assert len(after.changes) == 3
    # Taking the bye from a player who had none is allowed by C2; a quality criterion or more
    # may now be broken beside the engine's optimum, never C4.
    assert "C4" not in {v.criterion for v in after.violations}


def test_refusals_name_the_problem(dutch: str) -> None:
    draft = drafts.draft_next_round(dutch, actor=ACTOR, now=T0)
    a, b = draft.boards[0].first_key, draft.boards[1].first_key
    with pytest.raises(WrongState, match="already plays on board 1"):
        drafts.pair_in_draft(dutch, a, b, actor=ACTOR, now=T0)
    with pytest.raises(ParseError, match="boards 1 to 3"):
        drafts.unpair_in_draft(dutch, 9, actor=ACTOR, now=T0)
    with pytest.raises(ParseError, match="named twice"):
        drafts.swap_in_draft(dutch, a, a, actor=ACTOR, now=T0)
    with pytest.raises(WrongState, match="has a board or the bye already"):
        drafts.give_bye_in_draft(dutch, a, actor=ACTOR, now=T0)
    assert not drafts.draft_next_round(dutch, actor=ACTOR, now=T0).changed


def test_a_changed_draft_is_published_only_with_a_reason_and_everyone_paired(dutch: str) -> None:
    draft = drafts.draft_next_round(dutch, actor=ACTOR, now=T0)
    first = draft.boards[0]
    drafts.unpair_in_draft(dutch, 1, actor=ACTOR, now=T0)
    with pytest.raises(WrongState, match="have no board"):
        drafts.publish_draft(dutch, reason="x", actor=ACTOR, now=T0)
    drafts.pair_in_draft(dutch, first.second_key, first.first_key, actor=ACTOR, now=T0)
    changed = drafts.draft_next_round(dutch, actor=ACTOR, now=T0)
    with pytest.raises(ParseError, match="needs a reason"):
        drafts.publish_draft(
            dutch, version=changed.version, fingerprint=changed.fingerprint, actor=ACTOR, now=T0
        )
    with pytest.raises(StaleVersion):
        drafts.publish_draft(
            dutch, version=changed.version, fingerprint=draft.fingerprint, reason="x", actor=ACTOR
        )
    published = drafts.publish_draft(
        dutch,
        version=changed.version,
        fingerprint=changed.fingerprint,
        reason="players asked",
        actor=ACTOR,
        now=T0,
    )
    games = {(str(g.first), str(g.second)) for g in published.games()}
    assert (first.second_key, first.first_key) in games
    audit = get_audit_log(dutch)[-1]
    assert audit.action == "round.pair"
    assert audit.after["changed"] is True
    assert audit.after["reason"] == "players asked"
    assert audit.after["changes"] == 2
    assert isinstance(audit.after["violations"], list)


def test_reset_and_stale_changes_go_back_to_the_preset_plan(dutch: str) -> None:
    original = drafts.draft_next_round(dutch, actor=ACTOR, now=T0)
    drafts.unpair_in_draft(dutch, 2, actor=ACTOR, now=T0)
    back = drafts.reset_draft(dutch, reason="start again", actor=ACTOR, now=T0)
    assert not back.changed
    assert back.fingerprint == original.fingerprint
    drafts.unpair_in_draft(dutch, 2, actor=ACTOR, now=T0)
    # A change in the facts the pairing reads (a forbidden pair) makes a new plan: the
    # changes made to the old one are dropped.
    a, b = original.boards[0].first_key, original.boards[0].second_key
    perform(dutch, "pair.forbid", {"player_a": a, "player_b": b, "reason": "x"}, actor=ACTOR)
    assert not drafts.draft_next_round(dutch, actor=ACTOR, now=T0).changed


def test_the_declared_actions_do_the_same(dutch: str) -> None:
    draft = drafts.draft_next_round(dutch, actor=ACTOR, now=T0)
    a, b = draft.boards[0].first_key, draft.boards[1].second_key
    done = perform(dutch, "draft.swap", {"player_a": a, "player_b": b}, actor=ACTOR, now=T0)
    document = done.document()
    assert isinstance(document, dict)
    assert document["boards"][0]["second"] == b or document["boards"][0]["first"] == b
    assert "violations" in document
    shown = perform(dutch, "draft.show", {}, actor=ACTOR, now=T0)
    assert "Round 2" in shown.message
    published = perform(dutch, "draft.publish", {"reason": "swap asked"}, actor=ACTOR, now=T0)
    assert published.outcome.number == 2


def test_a_round_robin_draft_is_not_changed_by_hand() -> None:
    make_event("rr", "chess-round-robin", 4)
    assert not drafts.draft_next_round("rr", actor=ACTOR, now=T0).editable
    with pytest.raises(WrongState):
        perform("rr", "draft.swap", {"player_a": "P01", "player_b": "P02"}, actor=ACTOR)
