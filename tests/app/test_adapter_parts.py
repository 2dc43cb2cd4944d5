"""The format adapters' parts (issue 27 item 3): small protocols, each preset filling the four
required ones and declaring the optional ones it has; the registry answers a part's default
for a preset without it and refuses an adapter whose parts are not as it declares."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

import pytest
from tests.app.helpers import ACTOR, T0, make_event

from mashindano.app.drafts import draft_next_round
from mashindano.app.errors import WrongState
from mashindano.app.formats import registry
from mashindano.app.formats.base import PairingPlan, PairingUnit, StandingsTable, StartPlan
from mashindano.app.formats.parts import (
    ALL_PARTS,
    BOARD_GROUPS,
    DESCRIPTION,
    EXTRA_GAMES,
    GAME_SCORES,
    LATE_ENTRIES,
    LEAVES,
    OPTIONAL_PARTS,
    PERIODS,
    REQUIRED_PARTS,
    RESULT_DETAILS,
    SCORED_MATCHES,
    SECTIONS,
    STAGE_EXPORT,
    BaseAdapter,
    Part,
)
from mashindano.app.formats.registry import (
    PartMismatch,
    check_parts,
    has_part,
    part,
    parts_of,
)
from mashindano.engine.errors import IllegalResult
from mashindano.engine.model import CompetitorId, Side
from mashindano.store.facts import EventFacts, EventState, GameFact

MOST_MEMBERS = 8


def test_every_part_is_small_and_names_its_members_once() -> None:
    sizes = {p.name: len(p.members) for p in ALL_PARTS}
    assert all(1 <= size <= MOST_MEMBERS for size in sizes.values()), sizes
    counted = Counter(m for p in ALL_PARTS for m in p.members)
    assert [m for m, n in counted.items() if n > 1] == []
    assert len({p.name for p in ALL_PARTS}) == len(ALL_PARTS)
    assert all(p.required for p in REQUIRED_PARTS)
    assert not any(p.required for p in OPTIONAL_PARTS)


def test_each_preset_fills_the_parts_it_declares_and_no_other() -> None:
    assert len(registry.PRESETS) >= 8
    for preset in registry.PRESETS:
        _fills_what_it_declares(preset)


def _fills_what_it_declares(preset: str) -> None:
    filled = parts_of(preset)
    assert filled[: len(REQUIRED_PARTS)] == REQUIRED_PARTS
    adapter = part(preset, DESCRIPTION)
    assert filled[len(REQUIRED_PARTS) :] == adapter.parts
    for key in ALL_PARTS:
        declared = key in filled
        assert has_part(preset, key) is declared
        if declared:
            assert isinstance(adapter, key.protocol), key
            assert part(preset, key) is adapter
        else:
            assert not any(hasattr(adapter, m) for m in key.members), key
            assert isinstance(part(preset, key), key.protocol), key
    check_parts(adapter)


def test_the_presets_declare_what_their_rules_have() -> None:
    """A sample of the declarations: the parts that callers ask whether a preset has."""
    has = {
        ("tantrix-knockout", RESULT_DETAILS),
        ("gomoku-league", PERIODS),
        ("kiba-bao", BOARD_GROUPS),
        ("kiba-bao", SECTIONS),
        ("tantrix-knockout", SECTIONS),
        ("tantrix-knockout", GAME_SCORES),
        ("knockout", SCORED_MATCHES),
        ("knockout", EXTRA_GAMES),
        ("tasaselo", LATE_ENTRIES),
        ("tasaselo", STAGE_EXPORT),
    }
    lacks = {("chess-swiss", RESULT_DETAILS), ("kiba-bao", PERIODS), ("chess-swiss", SECTIONS)}
    assert [(p, k.name) for p, k in has if not has_part(p, k)] == []
    assert [(p, k.name) for p, k in lacks if has_part(p, k)] == []
    assert {p for p in registry.PRESETS if has_part(p, LEAVES)} == set(registry.PRESETS)


def _facts(preset: str) -> EventFacts:
    return EventFacts(
        slug="ev",
        name="Ev",
        preset=preset,
        parameters={},
        seed=1,
        state=EventState.RUNNING,
        version=1,
        competitors=(),
        registered_at={},
    )


def test_a_preset_without_a_part_gets_its_default() -> None:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    facts = _facts("chess-round-robin")
    with pytest.raises(WrongState, match="has no league periods"):
        part("chess-round-robin", PERIODS).check_close_period(facts, 1, 1, now)
    with pytest.raises(WrongState, match="register only before it starts"):
        part("chess-round-robin", LATE_ENTRIES).plan_late_entries(facts, (), now)
    assert part("chess-round-robin", SCORED_MATCHES).match_scores(facts, 1, "", 1) == {}
    assert part("chess-round-robin", BOARD_GROUPS).board_groups(facts, 1, 1) == {}
    assert part("chess-round-robin", SECTIONS).export_sections(facts) == {}
    assert part("kiba-bao", STAGE_EXPORT).stage_results(facts) is None


class _Bare(BaseAdapter):
    preset = "bare"
    description = "a test adapter"
    parameter_schema: Any = None

    def plan_start(self, facts: EventFacts) -> StartPlan:
        raise NotImplementedError

    def next_unit(self, facts: EventFacts) -> PairingUnit | None:
        return None

    def plan_next(self, facts: EventFacts, now: datetime) -> PairingPlan:
        raise NotImplementedError

    def compute_standings(self, facts: EventFacts) -> tuple[StandingsTable, ...]:
        return ()


def test_the_registry_refuses_an_adapter_with_a_member_of_an_undeclared_part() -> None:
    class Undeclared(_Bare):
        def board_groups(self, facts: EventFacts, stage: int, number: int) -> dict[int, str]:
            return {}

    check_parts(_Bare())
    with pytest.raises(PartMismatch, match="board_groups of part 'board groups'"):
        check_parts(Undeclared())


def test_the_registry_refuses_an_adapter_missing_a_part_it_declares() -> None:
    class Declares(_Bare):
        parts: tuple[Part[Any], ...] = (BOARD_GROUPS,)

    with pytest.raises(PartMismatch, match="'board groups' lacks board_groups"):
        check_parts(Declares())


def test_the_default_report_takes_the_result_text_and_refuses_a_detail() -> None:
    reports = part("chess-swiss", RESULT_DETAILS)
    game = _game()
    assert reports.parse_report("1-0", None, game=game, parameters={}).result.value == "1-0"
    with pytest.raises(IllegalResult, match="records no detail"):
        reports.parse_report("1-0", {"tps": "3"}, game=game, parameters={})


def _game() -> GameFact:
    return GameFact(
        id=1,
        stage=1,
        group="",
        round=1,
        board=1,
        number=1,
        encounter_id=1,
        first=CompetitorId("a"),
        second=CompetitorId("b"),
        first_side=Side.WHITE,
        reports=(),
    )


@pytest.mark.django_db
def test_a_draft_explains_a_swiss_only_where_the_stage_exports_engine_results() -> None:
    """The draft asks the registry for the stage as engine results (STAGE_EXPORT); a knockout
    has none, so its draft lists the boards without a Swiss checklist (it used to fail with an
    AttributeError on None)."""
    make_event("ko", "knockout", 6)
    draft = draft_next_round("ko", actor=ACTOR, now=T0)
    assert (draft.explanation, draft.warnings) == ((), ())
    assert len(draft.boards) == 4  # six players: two byes to the top seeds, two matches
    make_event("sw", "chess-swiss", 6)
    assert len(draft_next_round("sw", actor=ACTOR, now=T0).explanation) == 6
