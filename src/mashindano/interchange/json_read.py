"""Reading a JSON document (an exported event, a `--detail` value), refusing what is not JSON
or nests absurdly deep with a `ParseError` that names the source, line and column."""

from __future__ import annotations

import json
from typing import Any, NoReturn

from mashindano.engine.errors import ParseError
from mashindano.interchange.limits import MAX_JSON_DEPTH


def parse_json(text: str, *, source: str = "<json>", max_depth: int = MAX_JSON_DEPTH) -> Any:
    """The value of `text`. NaN and Infinity are refused (they are not JSON)."""
    try:
        value = json.loads(
            text.removeprefix("\ufeff"), parse_constant=lambda name: _refuse(source, name)
        )
    except json.JSONDecodeError as exc:
        raise ParseError(
            f"{source}, line {exc.lineno} column {exc.colno}: not JSON ({exc.msg})",
            source=source,
            line=exc.lineno,
        ) from None
    except RecursionError:
        _too_deep(source, max_depth)
    except ValueError:  # an integer of more digits than Python converts
        raise ParseError(f"{source}: a number has thousands of digits", source=source) from None
    if _depth(value) > max_depth:
        _too_deep(source, max_depth)
    return value


def _refuse(source: str, name: str) -> NoReturn:
    raise ParseError(f"{source}: {name} is not a JSON number", source=source)


def _too_deep(source: str, max_depth: int) -> NoReturn:
    raise ParseError(
        f"{source}: JSON nested more than {max_depth} levels deep", source=source
    ) from None


def _depth(value: Any) -> int:
    """How deep containers nest in `value` (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth + 1)
        stack.extend((child, depth + 1) for child in children)
    return deepest
