"""Presets declare their actions and parameters (issue 12, item 3): every action of every
preset is performed through the one generic path from a form built from its declaration; the
parameter schema round-trips through JSON; bad parameters are named."""

from __future__ import annotations

import inspect
import json
from fractions import Fraction
from typing import Any

import pytest
from django.contrib.auth.models import User

from mashindano.app import events, people, performing, rounds
from mashindano.app.declarations import (
    actions as declared,
)
from mashindano.app.declarations import (
    parameters_from_json,
    parameters_to_json,
)
from mashindano.app.declarations.actions import ActionSpec, Performed
from mashindano.app.declarations.catalogue import COMMON_ACTIONS
from mashindano.app.declarations.parameters import ParameterSpec, ParameterType, check_ranges
from mashindano.app.errors import UnknownAction, UnknownEvent, WrongState
from mashindano.app.formats.parts import DESCRIPTION
from mashindano.app.formats.registry import available_presets, part
from mashindano.app.performing import (
    actions_for,
    all_actions,
    available_actions,
    find_action,
    perform,
)
from mashindano.app.permissions import ACTIONS
from mashindano.app.principals import Principal
from mashindano.engine.errors import ConfigError, MashindanoError, ParseError
from mashindano.store.facts import EventState

from .helpers import ACTOR, T0, make_event, roster

pytestmark = pytest.mark.django_db

PLAYERS_TO_START = 8
"""Enough entries for every preset's minimum (KIBA and Tasaselo need 6)."""


# -- a form filled from the declaration ---------------------------------------------------------


def _names(slug: str) -> list[str]:
    return [c.name for c in events.get_event_facts(slug).competitors]


def fill(spec: ParameterSpec, slug: str) -> object:
    """A value for one field as a form would post it: text, from the field's type alone."""
    if not spec.required:
        return None if spec.default is None else spec.default
    names = _names(slug)
    match spec.type:
        case ParameterType.INTEGER:
            return str(spec.minimum or 1)
        case ParameterType.BOOLEAN:
            return "no"
        case ParameterType.CHOICE:
            return spec.choices[0]
        case ParameterType.TIME:
            return T0.isoformat()
        case ParameterType.OBJECT:
            return "{}"
        case ParameterType.PLAYER:
            return names[0] if spec.name != "player_b" else names[1]
        case ParameterType.PLAYERS | ParameterType.LIST:
            return names[:2]
    return "1-0" if spec.name == "result" else "because"


def form(action: ActionSpec, slug: str) -> dict[str, object]:
    return {spec.name: fill(spec, slug) for spec in action.fields}


@pytest.fixture
def called(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The use cases `perform` called, by their declared path."""
    seen: list[str] = []
    real = declared.resolve

    def spy(path: str) -> object:
        seen.append(path)
        return real(path)

    monkeypatch.setattr(declared, "resolve", spy)  # composite values (a game reference)
    monkeypatch.setattr(performing, "resolve", spy)  # the use case
    return seen


@pytest.mark.parametrize("preset", available_presets())
def test_every_action_of_every_preset_runs_through_perform_from_its_form(
    preset: str, called: list[str]
) -> None:
    make_event("ev", preset, PLAYERS_TO_START) if preset != "kiba-countries" else _countries()
    rounds.pair_next_round("ev", actor=ACTOR, now=T0)
    performed = 0
    for action in actions_for(preset):
        called.clear()
        done, refusal = _attempt(action, form(action, "ev"))
        # Reached the use case: it either did it or refused for the event's state or a rule;
        # reading the form never fails, since the form was built from the declaration.
        assert action.use_case in called, (action.name, refusal)
        assert refusal is None or refusal.code not in ("bad_parameter", "missing_parameter")
        if done is not None:
            performed += 1
            assert done.message.strip()
            json.dumps(done.document())
    assert performed >= 2, preset


def _attempt(action: ActionSpec, raw: dict[str, object]) -> tuple[Performed | None, Any]:
    try:
        return perform("ev", action.name, raw, actor=ACTOR, now=T0), None
    except MashindanoError as exc:
        return None, exc


def _countries() -> None:
    """A kiba-countries event needs two countries of three players each."""
    events.create_event("ev", "kiba-countries", actor=ACTOR, parameters={}, seed=3, now=T0)
    entrants = [
        c.__class__(c.id, c.name, rating=c.rating, country="KEN" if i % 2 else "TZA")
        for i, c in enumerate(roster(6))
    ]
    from mashindano.app.players import register_players

    register_players("ev", entrants, actor=ACTOR, now=T0)
    events.start_event("ev", actor=ACTOR, now=T0)


def test_the_declared_actions_are_the_common_ones_and_each_adapters() -> None:
    declared_by_adapters = {a for p in available_presets() for a in part(p, DESCRIPTION).actions}
    assert set(all_actions()) == set(COMMON_ACTIONS) | declared_by_adapters
    assert len({a.name for a in all_actions()}) == len(all_actions())
    commands = [(a.group, a.verb) for a in all_actions()]
    assert len(set(commands)) == len(commands)


@pytest.mark.parametrize("action", all_actions(), ids=lambda a: a.name)
def test_each_action_names_a_permission_and_a_use_case_that_takes_its_parameters(
    action: ActionSpec,
) -> None:
    assert action.name in ACTIONS  # who may perform it comes from the permissions table
    assert action.label
    assert action.help
    use_case = declared.resolve(action.use_case)
    arguments = {p.name for p in action.parameters}
    keywords = {p.keyword if isinstance(p, ParameterSpec) else p.name for p in action.parameters}
    assert len(arguments) == len(action.parameters)
    inspect.signature(use_case).bind("slug", **dict.fromkeys(keywords), actor=None, now=None)
    assert len({spec.name for spec in action.fields}) == len(action.fields)


# -- bad parameters -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "field", "words"),
    [
        ({"round": "x", "board": "1", "result": "1-0"}, "round", "not a whole number"),
        ({"round": "0", "board": "1", "result": "1-0"}, "round", "at least 1"),
        ({"board": "1", "result": "1-0"}, "round", "is required"),
        ({"round": "1", "board": "1", "result": "1-0", "detail": "{"}, "detail", "not JSON"),
        ({"round": "1", "board": "1", "result": "1-0", "detail": "[]"}, "detail", "JSON object"),
        ({"round": "1", "board": "1", "result": "1-0", "colour": "w"}, "colour", "unknown"),
    ],
)
def test_bad_parameters_are_refused_naming_the_field(
    raw: dict[str, object], field: str, words: str
) -> None:
    make_event("ev", "chess-swiss", 4)
    with pytest.raises(ParseError, match=words) as refused:
        perform("ev", "result.report", raw, actor=ACTOR, now=T0)
    assert refused.value.params["parameter"] == field
    assert repr(field) in refused.value.message


def test_times_need_an_offset_and_json_values_are_taken_as_such() -> None:
    make_event("ko", "tantrix-knockout", 4)
    rounds.pair_next_round("ko", actor=ACTOR, now=T0)
    where = {"round": 1, "board": 1, "player": _names("ko")[0]}
    with pytest.raises(ParseError, match="no time zone"):
        perform("ko", "tantrix.offer", {**where, "at": "2026-03-01T10:00"}, actor=ACTOR)
    with pytest.raises(ParseError, match="ISO 8601"):
        perform("ko", "tantrix.offer", {**where, "at": "tomorrow"}, actor=ACTOR)


def test_unknown_actions_events_and_actions_the_preset_lacks() -> None:
    make_event("rr", "chess-round-robin", 4)
    with pytest.raises(UnknownAction, match=r"no action 'result\.guess'"):
        perform("rr", "result.guess", {}, actor=ACTOR)
    with pytest.raises(UnknownEvent, match="no event 'nowhere'"):
        perform("nowhere", "event.close", {}, actor=ACTOR)
    pair = {"player_a": "P01", "player_b": "P02", "reason": "siblings"}
    with pytest.raises(WrongState, match=r"preset 'chess-round-robin'.*'pair\.forbid'"):
        perform("rr", "pair.forbid", pair, actor=ACTOR)


# -- who may do what, now -----------------------------------------------------------------------


def test_available_actions_follow_the_roles_and_the_events_state() -> None:
    make_event("sw", "chess-swiss", 4, start=False)
    names = {a.name for a in available_actions("sw", ACTOR)}
    assert {"event.start", "pair.forbid", "player.withdraw"} <= names
    assert "round.pair" not in names  # not before the start
    events.start_event("sw", actor=ACTOR, now=T0)
    everything = {a.name for a in available_actions("sw", ACTOR)}
    assert {"round.pair", "result.report", "pair.forbid", "event.close"} <= everything
    assert "event.start" not in everything
    assert not {"tantrix.form", "gomoku.return"} & everything

    player = User.objects.create_user("p1", "p1@example.org", "pw")
    people.link_entry("sw", "P01", "p1", actor=ACTOR, now=T0)
    principal = people.principal_for_user(player)
    assert isinstance(principal, Principal)
    own = {a.name for a in available_actions("sw", principal)}
    assert own == {n for n in everything if ACTIONS[n].own and EventState.RUNNING in _states(n)}
    assert "round.pair" not in own
    assert "result.report" in own
    stranger = User.objects.create_user("sam", "sam@example.org", "pw")
    nobody = people.principal_for_user(stranger)
    assert isinstance(nobody, Principal)
    assert available_actions("sw", nobody) == ()


def _states(name: str) -> frozenset[EventState]:
    return find_action(name).states


def test_actions_are_described_as_json_for_a_form() -> None:
    report = find_action("result.report").to_json()
    fields = report["parameters"]
    assert isinstance(fields, list)
    assert [f["name"] for f in fields if isinstance(f, dict)] == [
        "round",
        "board",
        "game",
        "stage",
        "group",
        "result",
        "detail",
    ]
    json.dumps([a.to_json() for a in all_actions()])


# -- the parameter schema -----------------------------------------------------------------------


@pytest.mark.parametrize("preset", available_presets())
def test_the_parameter_schema_round_trips_through_json(preset: str) -> None:
    schema = part(preset, DESCRIPTION).parameter_schema
    defaults = parameters_to_json(schema, {})
    assert list(defaults) == [spec.name for spec in schema.fields]
    assert defaults == {spec.name: spec.default for spec in schema.fields}
    assert parameters_from_json(schema, defaults) == schema.build({})
    assert parameters_to_json(schema, json.loads(json.dumps(defaults))) == defaults
    for spec in schema.fields:
        assert spec.help, spec.name
        if spec.type is ParameterType.CHOICE:
            assert spec.default in spec.choices, spec.name
    json.dumps(schema.to_json())
    with pytest.raises(ConfigError, match="unknown parameter 'colour'"):
        parameters_from_json(schema, {"colour": "w"})


CHANGED = {
    "chess-round-robin": {"points": "3,1,0", "rr_tiebreaks": ["sb", "buchholz"]},
    "chess-swiss": {"swiss_rounds": 5, "swiss_pairing": "dutch"},
    "gomoku-league": {"first_month": "2026-03", "top3_prize_points": [150, 100, 125]},
    "kiba-bao": {"clock_initial_days": "5/2", "kiba_score": "down"},
    "kiba-countries": {"countries": "KEN,TZA"},
    "tantrix-knockout": {"decisive_margin_tp": "9/2", "seeding": "order", "plate": True},
    "tasaselo": {"rounds": 5, "scoring": "3,1,0", "prize_group_sizes": [10, 14]},
    "knockout": {"elimination": "double", "best_of": 3, "publish": "all"},
}


@pytest.mark.parametrize("preset", available_presets())
def test_changed_parameters_come_back_as_written(preset: str) -> None:
    schema = part(preset, DESCRIPTION).parameter_schema
    document = parameters_to_json(schema, {})
    document.update(CHANGED[preset])
    assert parameters_to_json(schema, document) == document
    typed = parameters_from_json(schema, CHANGED[preset])
    assert typed == parameters_from_json(schema, document)


def test_schema_types_ranges_and_spec_ids_come_from_the_dataclass_and_the_notes() -> None:
    fields = {s.name: s for s in part("tasaselo", DESCRIPTION).parameter_schema.fields}
    k = fields["k_factor"]
    assert (k.type, k.default, k.minimum, k.maximum, k.spec) == (
        ParameterType.INTEGER,
        100,
        20,
        300,
        "R13",
    )
    assert fields["comparison_basis"].choices == ("starting-selo", "variable-selo")
    assert fields["prize_group_size"].optional
    assert fields["ghost_opponent_points"].type is ParameterType.NUMBER
    swiss = {s.name for s in part("chess-swiss", DESCRIPTION).parameter_schema.fields}
    assert "random_seed" not in swiss  # drawn by the program, not an organiser's setting
    # The engine's Swiss parameters beside the event's own rules (issue 33).
    built: Any = part("chess-swiss", DESCRIPTION).parameter_schema.build({})
    assert built.swiss.swiss_bye_points == Fraction(1)
    assert built.rules.check_in is False


@pytest.mark.parametrize("preset", available_presets())
def test_issue30_item9_every_whole_number_parameter_has_a_range_that_is_enforced(
    preset: str,
) -> None:
    """Every whole-number parameter declares both bounds; one past either is refused by the
    schema every front end builds with (ConfigError naming it: out_of_range with its range,
    or the preset's own message where it checks the value itself), and the bounds themselves
    are taken by the range check."""
    schema = part(preset, DESCRIPTION).parameter_schema
    for spec in schema.fields:
        if spec.type is not ParameterType.INTEGER:
            continue
        assert spec.minimum is not None, spec.name
        assert spec.maximum is not None, spec.name
        assert spec.minimum <= spec.maximum
        for value in (spec.maximum + 1, str(spec.minimum - 1), 10**18):
            with pytest.raises(ConfigError) as refused:
                schema.build({spec.name: value})
            assert spec.name in refused.value.message
            if refused.value.code == "out_of_range":
                assert refused.value.params["parameter"] == spec.name
                assert f"({spec.minimum} to {spec.maximum})" in refused.value.message
        with pytest.raises(ConfigError) as outside:
            check_ranges(schema.fields, {spec.name: spec.maximum + 1})
        assert outside.value.code == "out_of_range"
        check_ranges(schema.fields, {spec.name: spec.maximum})
        check_ranges(schema.fields, {spec.name: str(spec.minimum)})
