"""How the outcomes of the result actions read: one line of text, or a JSON document.

Typed loosely (`Any`): the declarations name the use cases without importing them (they need
Django set up), so their outcome types are not imported here either.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mashindano.store.facts import Json


def result_change_json(change: Any) -> Json:
    """A `results.ResultChange`: the game after the change, before it, and games added."""
    game = change.game
    return {
        "round": game.round,
        "board": game.board,
        "game": game.number,
        "first": game.first,
        "second": game.second,
        "result": game.result.value,
        "status": game.status.value,
        "detail": game.detail,
        "before": {"result": change.before[0].value, "status": change.before[1].value},
        "added_games": [
            {
                "game": g.number,
                "first": g.first,
                "second": g.second,
                "first_side": g.first_side.value,
                "result": g.result.value,
            }
            for g in change.added
        ],
    }


def result_change_text(slug: str, values: Mapping[str, Any], change: Any) -> str:
    game = change.game
    detail = f" {json.dumps(game.detail)}" if game.detail is not None else ""
    lines = [f"{game.label}: {game.result.value}{detail} ({game.status.value})"]
    lines.extend(f"added {added.label}" for added in change.added)
    return "\n".join(lines)


def form_filed_json(filed: Any) -> Json:
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
    lines = [f"{change.game.label}: form filed ({change.game.status.value})"]
    reasons = [r.value for r in filed.review.reasons]
    if reasons:
        lines.append(f"flagged for a controller: {', '.join(reasons)}")
    lines.extend(f"added {added.label}" for added in change.added)
    return "\n".join(lines)
