"""KIBA move notation (B54-B61): reading what players type and writing the canonical form.

`parse_move` follows B59: check the syntax, expand the abbreviations of B58 from the position,
find the legal move with the same pit, direction and house choice, then check the marks (in
strict mode only). Errors name what is wrong and, where it helps, the legal moves from the pit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from mashindano.engine.bao.moves import Move, MoveResult, legal_results
from mashindano.engine.bao.parameters import DEFAULT_PARAMETERS, BaoParameters
from mashindano.engine.bao.position import Position, pit_index, pit_name
from mashindano.engine.errors import ParseError

_SYNTAX: Final = re.compile(r"([ABab])?([0-9])([<>LRlr])?(\+)?(\*{1,2})?(#)?")
_SIDE_NAMES: Final = ("South", "North")


@dataclass(frozen=True, slots=True)
class MoveText:
    """A move as typed, after the syntax check: row letter (or None), pit number, sign (or
    None), `+`, the takasa mark (`""`, `*` or `**`) and `#`."""

    row: str | None
    number: int
    sign: str | None
    safari: bool
    takasa: str
    wins: bool


def parse_move_text(text: str) -> MoveText:
    """The syntax of B55/B58, ignoring spaces, with `L`/`R` (either case) for `<`/`>`."""
    compact = "".join(text.split())
    match = _SYNTAX.fullmatch(compact)
    if not compact:
        raise ParseError("empty move", code="bao_move_syntax", text=text)
    if match is None:
        raise ParseError(
            f"{text.strip()!r} is not a move: write the pit and the direction, e.g. A6< or b3>*",
            code="bao_move_syntax",
            text=text,
        )
    row, digit, sign, plus, stars, hash_mark = match.groups()
    number = int(digit)
    if not 1 <= number <= 8:
        raise ParseError(
            f"{text.strip()!r}: pits are numbered 1 to 8, not {number}",
            code="bao_move_syntax",
            text=text,
        )
    if sign is not None:
        sign = {"l": "<", "r": ">"}.get(sign.lower(), sign)
    return MoveText(row, number, sign, plus is not None, stars or "", hash_mark is not None)


def _marks(result: MoveResult) -> tuple[str, bool]:
    takasa = ("**" if result.creates_takasia else "*") if result.takasa else ""
    return takasa, result.notation.endswith("#")


def parse_move(
    position: Position,
    text: str,
    parameters: BaoParameters = DEFAULT_PARAMETERS,
    *,
    strict: bool = False,
    results: list[MoveResult] | None = None,
) -> MoveResult:
    """The legal move that `text` names in `position` (B59), with its canonical form and
    result. Lenient mode (players' input) ignores the marks `*`, `**` and `#`; strict mode
    (record replay) requires them to match what the move does. `results` may pass the legal
    results already worked out for `position`."""
    typed = parse_move_text(text)
    shown = text.strip()
    side = position.to_move
    if side is None:
        raise ParseError(f"{shown}: the game is over", code="bao_game_over", text=text)
    row = typed.row
    if row is None:
        if position.stage != "namua":
            raise ParseError(
                f"{shown}: name the row (A or B for South, a or b for North);"
                " only namua moves may leave it out",
                code="bao_move_row",
                text=text,
            )
        row = "A" if side == 0 else "a"
    own_rows = "AB" if side == 0 else "ab"
    if row not in own_rows:
        raise ParseError(
            f"{shown}: {row}{typed.number} is not a pit of {_SIDE_NAMES[side]}, who is to move"
            f" (rows {own_rows[0]} and {own_rows[1]})",
            code="bao_move_side",
            text=text,
        )
    pit = pit_index(f"{row}{typed.number}")
    if results is None:
        results = legal_results(position, parameters)
    from_pit = [r for r in results if r.move.pit == pit]
    listed = ", ".join(r.notation for r in from_pit)
    if not from_pit:
        every = ", ".join(r.notation for r in results) or "none"
        raise ParseError(
            f"{shown}: no legal move starts at {pit_name(pit)} (legal moves: {every})",
            code="bao_move_illegal",
            text=text,
            legal=[r.notation for r in results],
        )
    sign = typed.sign
    if sign is None:
        signs = {r.move.sign for r in from_pit}
        if len(signs) != 1:
            raise ParseError(
                f"{shown}: give the direction (< or >); legal from {pit_name(pit)}: {listed}",
                code="bao_move_ambiguous",
                text=text,
                legal=[r.notation for r in from_pit],
            )
        sign = signs.pop()
    wanted = Move(pit, sign, typed.safari)
    chosen = next((r for r in from_pit if r.move == wanted), None)
    if chosen is None and typed.safari:
        # `+` is conditional: it has no effect when the choice never comes up (B56, A7).
        chosen = next((r for r in from_pit if r.move == Move(pit, sign, False)), None)
    if chosen is None:
        raise ParseError(
            f"{shown}: {pit_name(pit)}{sign} is not legal here; legal from {pit_name(pit)}:"
            f" {listed}",
            code="bao_move_illegal",
            text=text,
            legal=[r.notation for r in from_pit],
        )
    if strict:
        takasa, wins = _marks(chosen)
        if (typed.takasa, typed.wins) != (takasa, wins):
            raise ParseError(
                f"{shown}: the marks do not match the move, which is written {chosen.notation}",
                code="bao_move_marks",
                text=text,
                canonical=chosen.notation,
            )
    return chosen


def format_move(
    position: Position, move: Move, parameters: BaoParameters = DEFAULT_PARAMETERS
) -> str:
    """The canonical form (B57) of a legal move in `position`."""
    from mashindano.engine.bao.moves import apply_move

    return apply_move(position, move, parameters).notation


def side_name(side: int) -> str:
    return _SIDE_NAMES[side]
