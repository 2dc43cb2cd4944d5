"""How the outcomes of the result actions read: one line of text, or a JSON document.

Typed loosely (`Any`): the declarations name the use cases without importing them (they need
Django set up), so their outcome types are not imported here either. A document is likewise
named ("module:function", `actions.resolve`) and imported when an outcome is shown: the
documents are built above the adapters, which declare these actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from mashindano.app.declarations.actions import resolve
from mashindano.store.facts import Json

RESULT_CHANGE_DOCUMENT = "mashindano.app.documents.results:build_result_change"
RESULT_WORDS = "mashindano.app.documents.result_terms:result_words"


def result_change_json(slug: str, change: Any) -> Json:
    """A `results.ResultChange` as its document (`app.documents.results`): the game after the
    change, before it, and the games added."""
    return resolve(RESULT_CHANGE_DOCUMENT)(slug, change).to_json()  # type: ignore[no-any-return]


def result_change_text(slug: str, values: Mapping[str, Any], change: Any) -> str:
    game = change.game
    # The result in the preset's words (Tantrix TPs by name, not the stored JSON detail).
    words = resolve(RESULT_WORDS)(slug, game)
    lines = [
        gettext("{label}: {value} ({value2})").format(
            label=game.label, value=words, value2=game.status.value
        )
    ]
    lines.extend(gettext("added {label}").format(label=added.label) for added in change.added)
    return "\n".join(lines)


def form_filed_json(slug: str, filed: Any) -> Json:
    """A `tantrix.FormFiled`: the game after the form and the controller's review."""
    change = filed.change
    return {
        "round": change.game.round,
        "board": change.game.board,
        "game": change.game.number,
        "result": change.game.result.value,
        "status": change.game.status.value,
        "detail": change.game.detail,
        "controller_review": [r.value for r in filed.review.reasons],
        "added_games": [g.number for g in change.added],
    }


def form_filed_text(slug: str, values: Mapping[str, Any], filed: Any) -> str:
    change = filed.change
    lines = [
        gettext("{label}: form filed ({value})").format(
            label=change.game.label, value=change.game.status.value
        )
    ]
    reasons = [r.value for r in filed.review.reasons]
    if reasons:
        lines.append(gettext("flagged for a controller: {value}").format(value=", ".join(reasons)))
    lines.extend(gettext("added {label}").format(label=added.label) for added in change.added)
    return "\n".join(lines)


def draft_json(slug: str, draft: Any) -> Json:
    """A `drafts.Draft` as JSON: the boards, the players without one, the rules it breaks and
    the manual changes it carries."""
    return {
        "event": slug,
        "label": draft.label,
        "round": draft.number,
        "version": draft.version,
        "fingerprint": draft.fingerprint,
        "boards": [
            {
                "board": b.board,
                "first": b.first_key,
                "second": b.second_key or None,
                "bye": b.bye,
            }
            for b in draft.boards
        ],
        "unpaired": [p.key for p in draft.unpaired],
        "violations": [
            {"criterion": v.criterion, "absolute": v.absolute, "text": v.text}
            for v in draft.violations
        ],
        "changes": [
            {"at": c.at.isoformat(), "actor": c.actor, "change": c.text, "reason": c.reason}
            for c in draft.changes
        ],
    }


def draft_text(slug: str, values: Mapping[str, Any], draft: Any) -> str:
    """The draft's boards, then the rules it breaks, one a line."""
    lines = [draft.label]
    for b in draft.boards:
        second = b.second if b.second is not None else b.bye_label
        lines.append(f"{b.board:>3}  {b.first} - {second}")
    if draft.unpaired:
        lines.append(
            gettext("Not paired: {names}").format(names=", ".join(p.name for p in draft.unpaired))
        )
    if draft.violations:
        lines.extend(f"{v.criterion}: {v.text}" for v in draft.violations)
    else:
        lines.append(gettext("No rule is broken."))
    return "\n".join(lines)
