"""An event's actions, and performing one: what `actions` declares, reached through the
preset's adapter (`formats.registry`) and the common catalogue (`declarations.catalogue`).

`perform` reads the parameters (ParseError naming the field), checks that the event's preset
has the action, and calls the use case with them; `available_actions` is what a person may do
now. The declarations themselves (`declarations.actions`, `.catalogue`) import no adapter:
the direction is performing -> registry -> adapters -> catalogue -> actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING

from django.utils.translation import gettext

from mashindano.app.declarations.actions import (
    ActionSpec,
    Performed,
    read_parameters,
    resolve,
    unique_actions,
)
from mashindano.app.declarations.catalogue import COMMON_ACTIONS
from mashindano.app.errors import UnknownAction, UnknownEvent, WrongState
from mashindano.app.formats.parts import DESCRIPTION
from mashindano.app.formats.registry import available_presets, part
from mashindano.store.facts import EventState

if TYPE_CHECKING:
    from mashindano.app.principals import Principal


def all_actions() -> tuple[ActionSpec, ...]:
    """Every declared action: the common ones, then each registered preset's (by preset
    name), once each."""
    return unique_actions(
        (*COMMON_ACTIONS, *(a for p in available_presets() for a in part(p, DESCRIPTION).actions))
    )


def find_action(name: str) -> ActionSpec:
    for action in all_actions():
        if action.name == name:
            return action
    known = ", ".join(a.name for a in all_actions())
    raise UnknownAction(
        gettext("no action {name!r} (actions: {known})").format(name=name, known=known), action=name
    )


def actions_for(preset: str) -> tuple[ActionSpec, ...]:
    """The actions of an event of this preset: the common ones and the adapter's own."""
    return (*COMMON_ACTIONS, *part(preset, DESCRIPTION).actions)


def _event_row(slug: str) -> tuple[str, str]:
    from mashindano.store import models

    try:
        preset, state = models.Event.objects.values_list("preset", "state").get(slug=slug)
    except models.Event.DoesNotExist:
        raise UnknownEvent(gettext("no event {slug!r}").format(slug=slug), event=slug) from None
    return str(preset), str(state)


def perform(
    slug: str,
    action_name: str,
    raw_params: Mapping[str, object],
    *,
    actor: Principal,
    now: datetime | None = None,
    expected_version: int | None = None,
) -> Performed:
    """Perform an action in an event: read its parameters, check the event's preset has it,
    call its use case (which checks the actor's permission and the event's state). With
    `expected_version` (a form rendered at that version), StaleVersion if the event changed
    since."""
    action = find_action(action_name)
    values = read_parameters(action, raw_params)
    preset, _ = _event_row(slug)
    if action not in actions_for(preset):
        raise WrongState(
            gettext("event {slug!r} (preset {preset!r}) has no action {name!r}").format(
                slug=slug, preset=preset, name=action.name
            ),
            event=slug,
            action=action.name,
        )
    if expected_version is None:
        outcome = resolve(action.use_case)(slug, **values, actor=actor, now=now)
    else:
        from mashindano.app.conditions import serialised

        with serialised(slug, expected_version=expected_version):
            outcome = resolve(action.use_case)(slug, **values, actor=actor, now=now)
    return Performed(action, slug, values, outcome)


def available_actions(slug: str, principal: Principal) -> tuple[ActionSpec, ...]:
    """What the principal may do in the event now (for a player: on their own games or
    entry), by the event's preset and state and the principal's roles."""
    from mashindano.app.permissions import is_allowed, roles_in_event

    preset, state = _event_row(slug)
    roles = roles_in_event(principal, slug)
    return tuple(
        action
        for action in actions_for(preset)
        if EventState(state) in action.states and is_allowed(principal, action.name, roles)
    )
