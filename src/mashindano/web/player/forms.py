"""Forms rendered from the declared actions (`app.declarations`): one field per parameter the
person fills in, the others fixed by the page (the game, the player) and kept server-side.
A refusal is shown at the field it names (`ParseError(parameter=...)`), a malformed value
without a name at the action's main field, and a refusal of the request itself (window
closed, not yours, already reported) above the form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from mashindano.app.declarations import ActionSpec, ParameterSpec
from mashindano.app.declarations.parameters import ParameterType
from mashindano.app.errors import AppError
from mashindano.engine.errors import MashindanoError
from mashindano.engine.knockout.result_forms import StatusOption

T = ParameterType

LEFT_OUT = frozenset({"detail", "at", "ended_at"})
"""Parameters a player's form leaves to their defaults (the time is now; TPs as text)."""

STATUS_WORDS = {
    StatusOption.NOT_RELEVANT: _("N: not the last game (standard games before the last)"),
    StatusOption.NORMAL: _("1: normal, the match is over (5 TPs or more apart)"),
    StatusOption.CONTINUE_NOW: _("2: we play the tiebreak games now"),
    StatusOption.CONTINUE_LATER: _("3: we will finish the match later (say when below)"),
    StatusOption.NOTHING_AGREED: _("4: nothing agreed yet (I offer dates within 24 hours)"),
    StatusOption.UNSURE: _("5: unsure, the controllers should decide"),
    StatusOption.DISPUTE: _("6: I dispute the result"),
    StatusOption.RULE_WAIVED: _("7: we agreed not to play tiebreak games (opt-out)"),
    StatusOption.RESIGN: _("8: I resign the match"),
}

LABELS: dict[tuple[str, str], Any] = {
    ("tantrix.form", "result"): _("Tantrix points (TPs), the first player's first: 12.4-7.6"),
    ("tantrix.form", "status"): _("Option"),
    ("tantrix.form", "when"): _("When will you finish your match?"),
    ("tantrix.offer", "evidence"): _("The dates you offer (your message)"),
    ("tantrix.reply", "evidence"): _("Your reply to the offer"),
    ("result.report", "result"): _("Result"),
    ("result.match", "score"): _("Match score (games won)"),
    ("result.dispute", "reason"): _("Why you dispute it"),
    ("player.withdraw", "reason"): _("Reason (optional)"),
    ("player.leave", "from_round"): _("First round (month) away"),
    ("player.leave", "to_round"): _("Last round (month) away"),
    ("player.leave", "half"): _("Half-point bye (where the rules give one)"),
}


def label_of(name: str) -> str:
    """ "from_round" -> "From round", in the page's language (the labels are marked in
    `app.declarations.parameter_labels`)."""
    return gettext(name.replace("_", " ").capitalize())


@dataclass(frozen=True, slots=True)
class Choice:
    value: str
    label: str
    selected: bool


@dataclass(slots=True)
class FieldView:
    name: str
    label: str
    kind: str
    """text, number, checkbox, select, textarea or hidden."""
    value: str = ""
    help: str = ""
    required: bool = False
    minimum: int | None = None
    error: str = ""
    choices: tuple[Choice, ...] = ()

    @property
    def id(self) -> str:
        return f"f-{self.name}"


@dataclass(slots=True)
class ActionForm:
    action: ActionSpec
    fields: list[FieldView]
    hidden: dict[str, str]
    error: str = ""
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def visible(self) -> list[FieldView]:
        return self.fields


def _kind(action: ActionSpec, spec: ParameterSpec) -> str:
    if (action.name, spec.name) == ("tantrix.form", "status"):
        return "select"
    match spec.type:
        case T.BOOLEAN:
            return "checkbox"
        case T.INTEGER:
            return "number"
        case T.CHOICE:
            return "select"
    if spec.name in ("reason", "evidence"):
        return "textarea"
    return "text"


def _choices(action: ActionSpec, spec: ParameterSpec, value: str) -> tuple[Choice, ...]:
    if (action.name, spec.name) == ("tantrix.form", "status"):
        current = value or "N"
        return tuple(
            Choice(o.option, str(STATUS_WORDS[o]), o.option == current) for o in StatusOption
        )
    return tuple(Choice(c, c, c == value) for c in spec.choices)


def build_form(
    action: ActionSpec,
    fixed: Mapping[str, str],
    posted: Mapping[str, str] | None = None,
    errors: Mapping[str, str] | None = None,
    error: str = "",
) -> ActionForm:
    errors = dict(errors or {})
    fields: list[FieldView] = []
    hidden: dict[str, str] = {}
    for spec in action.fields:
        if spec.name in fixed:
            hidden[spec.name] = fixed[spec.name]
            continue
        if spec.name in LEFT_OUT:
            continue
        value = posted.get(spec.name, "") if posted is not None else ""
        if not value and spec.default not in (None, False, ""):
            value = str(spec.default) if posted is None else value
        kind = _kind(action, spec)
        fields.append(
            FieldView(
                spec.name,
                str(LABELS.get((action.name, spec.name), label_of(spec.name))),
                kind,
                value,
                str(_(spec.help)) if spec.help else "",
                spec.required,
                spec.minimum,
                errors.pop(spec.name, ""),
                _choices(action, spec, value) if kind == "select" else (),
            )
        )
    leftover = " ".join(errors.values())
    return ActionForm(action, fields, hidden, " ".join(e for e in (error, leftover) if e), errors)


def raw_values(
    action: ActionSpec, fixed: Mapping[str, str], posted: Mapping[str, str]
) -> dict[str, str]:
    """What `perform` reads: the fixed values (never the posted ones for those) and the
    filled-in fields; a checkbox is true when sent, an empty box keeps the default."""
    raw: dict[str, str] = dict(fixed)
    for spec in action.fields:
        if spec.name in fixed or spec.name in LEFT_OUT:
            continue
        if spec.type is T.BOOLEAN:
            raw[spec.name] = "true" if posted.get(spec.name) else "false"
            continue
        value = posted.get(spec.name, "").strip()
        if value:
            raw[spec.name] = value
    return raw


HINTS: tuple[tuple[str, str, str], ...] = (
    ("tantrix.form", "form status", "status"),
    ("tantrix.form", "a status", "status"),
    ("tantrix.form", "When will you finish", "when"),
)
"""(action, words of the message, field) for refusals of the engine that name no parameter."""


def field_of_error(action: ActionSpec, problem: MashindanoError, visible: list[str]) -> str | None:
    """The visible field an error belongs to; None for a refusal of the whole request."""
    named = problem.params.get("parameter")
    if isinstance(named, str) and named in visible:
        return named
    for action_name, words, hinted in HINTS:
        if action.name == action_name and words in problem.message and hinted in visible:
            return hinted
    if isinstance(problem, AppError):
        return None
    # A malformed value the use case read (a result text, an option): the main field.
    return visible[0] if visible else None
