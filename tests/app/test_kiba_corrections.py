"""A KIBA result corrected after the following stage is paired (issue 21, item 2).

The rule (`app.formats.kiba_bao_corrections`, after R14/R15/A6 and as the Tantrix knockout
does for a match winner): once a stage is paired, a ruling or correction of the stage before
it that would change who advanced where is refused, naming the stage already paired; one that
keeps the advancement is accepted. Either way the group tables and their advancement notes
agree with the stage that was paired.
"""

from __future__ import annotations

import pytest

from mashindano.app import events
from mashindano.app.errors import WrongState
from mashindano.app.principals import local
from mashindano.app.queries import get_audit_log
from mashindano.app.results import GameRef, correct_result
from mashindano.presets.kiba_bao.stages import derive_event
from mashindano.presets.kiba_bao.use_cases import record_playoff
from mashindano.store.facts import GameFact

from .helpers import T0
from .test_kiba_bao import (
    HOUR,
    all_split_event,
    better_seed,
    create,
    kiba_roster,
    pair,
    report_round,
)

pytestmark = pytest.mark.django_db

DIRECTOR = local("director")


def games_between(slug: str, round_number: int, a: str, b: str) -> list[GameFact]:
    facts = events.get_event_facts(slug)
    [published] = [r for r in facts.rounds if r.number == round_number]
    return [g for g in published.games() if {g.first, g.second} == {a, b}]


def correct_to(slug: str, game: GameFact, winner: str, *, reason: str = "scoresheet") -> None:
    correct_result(
        slug,
        GameRef(game.round, game.board, game.number),
        "1-0" if game.first == winner else "0-1",
        actor=DIRECTOR,
        reason=reason,
        now=T0 + 5 * HOUR,
    )


def assert_notes_agree(slug: str, round_number: int) -> None:
    """Every group table of the stage notes exactly the players the following stage holds,
    each at the place that sends a player there (R14: place 1 to S1, place 2 to S2)."""
    event = derive_event(events.get_event_facts(slug))
    stage = event.stage(round_number)
    assert stage is not None
    destinations = [d.value for d in stage.plan.advancement]
    went = {
        p.id: d.value for d, players in event.advanced[round_number - 1].items() for p in players
    }
    tables = {
        t.title: t
        for t in events.event_standings(slug)
        if t.title.endswith(f"(round {round_number})")
    }
    assert tables
    for group in stage.standings:
        advancing = group.advancing(destinations)
        for destination, player in zip(destinations, advancing, strict=True):
            assert player is not None
            assert went[player.id] == destination  # the table's place and the paired stage agree
        [title] = [t for t in tables if f" group {group.group} " in t]
        noted = {line.competitor.id for line in tables[title].lines if line.note.startswith("to ")}
        assert noted == {p.id for p in advancing if p is not None}


def twelve_with_semifinal(slug: str) -> None:
    """Groups A (K01, K03, ..., K11) and B (K02, ..., K12), the better seed winning every game;
    the semifinal (round 2) is paired: S1 = K01, K02 and S2 = K03, K04."""
    create(slug, kiba_roster(12))
    report_round(slug, pair(slug), better_seed(slug))
    pair(slug, T0 + HOUR)


def test_kiba_R14_correction_before_the_semifinal_is_paired_moves_the_players() -> None:
    create("early", kiba_roster(12))
    report_round("early", pair("early"), better_seed("early"))
    for game in games_between("early", 1, "K01", "K03"):
        correct_to("early", game, "K03")
    semifinal = pair("early", T0 + 6 * HOUR)
    assert {(e.first, e.second) for e in semifinal.encounters} == {("K02", "K03"), ("K01", "K04")}
    assert_notes_agree("early", 1)


def test_kiba_R14_correction_changing_the_semifinal_groups_is_refused() -> None:
    twelve_with_semifinal("fix")
    versions = len(get_audit_log("fix"))
    first, second = games_between("fix", 1, "K01", "K03")
    correct_to("fix", first, "K03")  # 9 to 9, equal Neustadtl: K01 first on KIBA score
    with pytest.raises(WrongState) as refused:
        correct_to("fix", second, "K03")  # 8 to 10: K03 would win group A
    message = str(refused.value)
    assert message.startswith("round 1, board ")
    assert "(qualification, round 1): 1-0 would change who advances" in message or (
        "(qualification, round 1): 0-1 would change who advances" in message
    )
    assert "(to semifinal group S1: K03 instead of K01; " in message
    assert "to semifinal group S2: K01 instead of K03)" in message
    assert "but the semifinal (round 2) is already paired" in message
    assert "can still be corrected where they leave who goes where unchanged" in message
    assert len(get_audit_log("fix")) == versions + 1  # the first correction only
    assert_notes_agree("fix", 1)


def test_kiba_R14_correction_keeping_the_advancement_is_accepted_and_notes_agree() -> None:
    twelve_with_semifinal("keep")
    before = derive_event(events.get_event_facts("keep")).stages[1].published
    # K11 takes a game off K09: places 5-6 of group A change, nobody advances differently.
    correct_to("keep", games_between("keep", 1, "K09", "K11")[0], "K11")
    # K05 takes both games off K01: K01, K03 and K05 on 8 with equal Neustadtl (14), placed
    # by KIBA score, so K01 still wins group A and K03 is second.
    for game in games_between("keep", 1, "K01", "K05"):
        correct_to("keep", game, "K05")
    tables = {t.title: t for t in events.event_standings("keep")}
    group_a = tables["Qualification group A (round 1)"]
    assert [(line.competitor.id, line.points) for line in group_a.lines[:3]] == [
        ("K01", 8),
        ("K03", 8),
        ("K05", 8),
    ]
    assert [line.note for line in group_a.lines[:3]] == [
        "to semifinal group S1",
        "to semifinal group S2",
        "",
    ]
    assert_notes_agree("keep", 1)
    assert derive_event(events.get_event_facts("keep")).stages[1].published == before


def test_kiba_R15_semifinal_correction_after_the_final_is_paired_is_refused() -> None:
    twelve_with_semifinal("sf")
    semifinal = derive_event(events.get_event_facts("sf")).stages[1].published
    report_round("sf", semifinal, better_seed("sf"), when=T0 + 2 * HOUR)
    final = pair("sf", T0 + 3 * HOUR)
    assert {final.encounters[0].first, final.encounters[0].second} == {"K01", "K03"}
    first, second = games_between("sf", 2, "K01", "K02")
    correct_to("sf", first, "K02")  # 1-1, settled for K01 by KIBA score (R29, A6)
    with pytest.raises(WrongState, match="to the final: K02 instead of K01") as refused:
        correct_to("sf", second, "K02")
    assert "(semifinal, round 2)" in str(refused.value)
    assert "but the final (round 3) is already paired" in str(refused.value)
    assert_notes_agree("sf", 2)
    # The qualification is still held to the semifinal it was paired for.
    first, second = games_between("sf", 1, "K02", "K04")
    correct_to("sf", first, "K04")  # 9 to 9: K02 still first in group B on KIBA score
    with pytest.raises(WrongState, match="the semifinal \\(round 2\\) is already paired"):
        correct_to("sf", second, "K04")


def test_kiba_A6_correction_leaving_a_tie_for_the_final_is_refused() -> None:
    """One group: its top two play the final. The director's playoff placed N4 and N2 first;
    a correction giving N1 both games against N2 would make N1 first and leave N3-N6 tied
    for second with no playoff recorded for that tie."""
    all_split_event("tie")
    order = ["N4", "N2", "N6", "N1", "N3", "N5"]
    record_playoff("tie", 1, "A", order, actor=DIRECTOR, now=T0 + 2 * HOUR)
    pair("tie", T0 + 3 * HOUR)
    game = next(g for g in games_between("tie", 1, "N1", "N2") if g.first == "N2")
    with pytest.raises(WrongState) as refused:
        correct_to("tie", game, "N1")
    message = str(refused.value)
    assert "would leave players tied for a place that decides who advances" in message
    assert "(group A: N3, N4, N5, N6)" in message
    assert "the final (round 2) is already paired" in message
    assert "no playoff can be recorded any more" in message
    assert_notes_agree("tie", 1)
