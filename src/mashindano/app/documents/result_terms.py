"""How a preset's results are written and read by people (issue 29, "Rulings that fit the game"):
the help its result forms give, what the results grid's keyboard offers, what each side of a
disputed game claims, the preset's own account of the disputed game (Bao: its moves, clocks and
board), the reasons of a dispute in words, what an arbiter's ruling form takes, and a result
(with its detail) in words for the confirmation.

A preset registers its `ResultTerms` in `RESULT_TERMS` from its application's `ready()`; a
preset without them gets the plain game results (1-0, ½-½, 0-1 and forfeits). Shared code
asks here and never tests a preset by name.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from mashindano.app.declarations import ActionSpec, ParameterSpec
from mashindano.app.formats.parts import RESULTS
from mashindano.app.formats.registry import part
from mashindano.app.hooks import Hooks
from mashindano.app.queries import get_competitors
from mashindano.engine.model import CompetitorId, GameResult
from mashindano.store import models
from mashindano.store.facts import EventFacts, GameFact

Names = Mapping[CompetitorId, str]


@dataclass(frozen=True, slots=True)
class Claim:
    """What one side (or one report) of a disputed game says, in the game's own terms: its
    notation (`score`, shown left to right) and words."""

    who: str
    score: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class Evidence:
    """A preset's own account of a disputed game, shown to the arbiter beside the claims (Bao:
    the moves in KIBA notation, who moved last, the clocks, a link to the board): the
    preset's template (under its own `templates/`) and what that template shows."""

    template: str
    context: Mapping[str, object]


@dataclass(frozen=True, slots=True)
class RulingInput:
    """What an arbiter's ruling form takes for one game: a choice among `choices` (value,
    label), or, when there are none, a text typed in the game's terms (Tantrix TPs)."""

    label: str
    choices: tuple[tuple[str, str], ...] = ()
    help: str = ""
    placeholder: str = ""
    pattern: str = ""
    """A pattern the browser checks first (the use case has the last word)."""


@dataclass(frozen=True, slots=True)
class ResultTerms:
    """A preset's words for its results (registered in `RESULT_TERMS`)."""

    field_help: Mapping[str, str | Promise] = field(default_factory=dict)
    """Help of the result forms' fields in this game's words, by parameter name (`result`,
    `detail`, `score`); it replaces the declaration's help in every form of the preset."""
    grid_hint: str | Promise = ""
    """Set when the results grid takes typed results only (TPs), said instead of the keys."""
    claims: Callable[[EventFacts, GameFact, Names], tuple[Claim, ...]] | None = None
    """Each side's claim about a disputed game (default: each reported result)."""
    evidence: Callable[[EventFacts, GameFact, Names, datetime], Evidence | None] | None = None
    """The preset's own account of a disputed game at the given instant (default: none)."""
    reason_text: Callable[[str], str] | None = None
    """A stored dispute reason (codes of the preset's review) as human text."""
    ruling: Callable[[GameFact, Names], RulingInput] | None = None
    """What the ruling form takes for the game (default: the preset's results to choose)."""
    result_words: Callable[[GameFact, Names], str | None] | None = None
    """A game's result with its detail in words (default: the result; its detail as given)."""


RESULT_TERMS: Hooks[ResultTerms] = Hooks("result terms")
PLAIN_TERMS = ResultTerms()

DEFAULT_FIELD_HELP: Mapping[str, str | Promise] = {
    "result": gettext_lazy("1-0, 1/2-1/2, 0-1, +-, -+ or -- (first-listed player's result)."),
    "detail": gettext_lazy("Per-game detail as a JSON object, where the game records one."),
}
"""The help of the result fields for a preset with no words of its own: no other game's words."""


def terms_of(preset: str) -> ResultTerms:
    return RESULT_TERMS.get_or(preset, PLAIN_TERMS)


def field_help(preset: str) -> dict[str, str]:
    """Help of the result forms' fields for the preset's forms (issue 29 item 10)."""
    own = terms_of(preset).field_help
    return {name: str(text) for name, text in {**DEFAULT_FIELD_HELP, **own}.items()}


def action_in_terms(preset: str, action: ActionSpec) -> ActionSpec:
    """The action with its result fields' help in the preset's words (see `fields_in_terms`)."""
    helps = field_help(preset)
    parameters = tuple(
        replace(p, help=helps[p.name]) if isinstance(p, ParameterSpec) and p.name in helps else p
        for p in action.parameters
    )
    return replace(action, parameters=parameters)


def fields_in_terms(preset: str, fields: Iterable[ParameterSpec]) -> tuple[ParameterSpec, ...]:
    """An action's fields as the preset's forms show them: the result fields' help in this
    game's words only (a Gomoku form never mentions Tantrix TPs)."""
    helps = field_help(preset)
    return tuple(
        replace(spec, help=helps[spec.name]) if spec.name in helps else spec for spec in fields
    )


_CHOICE_NOTES = {
    GameResult.FIRST_WINS_BY_FORFEIT: gettext_lazy("forfeit"),
    GameResult.SECOND_WINS_BY_FORFEIT: gettext_lazy("forfeit"),
    GameResult.DOUBLE_FORFEIT: gettext_lazy("both forfeit"),
}


def plain_ruling(preset: str) -> RulingInput:
    """The preset's results to choose from (no draw in Bao)."""
    choices = []
    for result in part(preset, RESULTS).results:
        shown = result.value.replace("1/2", "\u00bd")
        note = _CHOICE_NOTES.get(result)
        choices.append((result.value, f"{shown} ({note})" if note else shown))
    return RulingInput(gettext("Ruling"), tuple(choices))


def plain_claims(facts: EventFacts, game: GameFact, names: Names) -> tuple[Claim, ...]:
    """Each report with a result, as its reporter gave it."""
    return tuple(
        Claim(r.actor, r.result.value.replace("1/2", "\u00bd"), gettext("reported"))
        for r in game.reports
        if r.result is not None
    )


def claims_of(facts: EventFacts, game: GameFact, names: Names) -> tuple[Claim, ...]:
    own = terms_of(facts.preset).claims
    return (own or plain_claims)(facts, game, names)


def evidence_of(facts: EventFacts, game: GameFact, names: Names, now: datetime) -> Evidence | None:
    own = terms_of(facts.preset).evidence
    return own(facts, game, names, now) if own is not None else None


def reason_of(preset: str, reason: str) -> str:
    own = terms_of(preset).reason_text
    return own(reason) if own is not None and reason else reason


def ruling_of(preset: str, game: GameFact, names: Names) -> RulingInput:
    own = terms_of(preset).ruling
    return own(game, names) if own is not None else plain_ruling(preset)


def result_words(slug: str, game: GameFact) -> str:
    """The game's result in words for a confirmation: the preset's, else the result (with its
    detail as given, for a preset that records one but has no words for it)."""
    preset = models.Event.objects.filter(slug=slug).values_list("preset", flat=True).first()
    own = terms_of(preset).result_words if preset is not None else None
    if own is not None:
        players = get_competitors(slug, {game.first, game.second})
        names = {CompetitorId(key): c.name for key, c in players.items()}
        words = own(game, names)
        if words:
            return words
    if game.detail is not None:
        return f"{game.result.value} {json.dumps(game.detail)}"
    return game.result.value
