"""A Bao position (B1-B10, B62, B63): the 32 pits, both hands, the nyumba flags, the stage, the
side to move and the takasia; pit names (B2, B54) and the position text format (B62).

Internally each player's 16 pits form his track (B4) as an index 0..15 in clockwise order:
front pits 1..8 are 0..7 and back pits 8..1 are 8..15, so clockwise is +1 and anticlockwise
-1 (mod 16). South's pits are 0..31's first half, North's the second: absolute index =
16 * side + track index. Front pit j of one side (0..7) faces front pit 7 - j of the other.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from mashindano.engine.errors import ParseError

SOUTH: Final = 0
NORTH: Final = 1
SIDE_LETTERS: Final = ("S", "N")
TOTAL_SEEDS: Final = 64
NYUMBA: Final = 4  # track index of front pit 5
STAGES: Final = ("namua", "mtaji")


def side_of(letter: str) -> int:
    if letter not in SIDE_LETTERS:
        raise ParseError(f"side must be S or N, not {letter!r}", code="bao_side", value=letter)
    return SIDE_LETTERS.index(letter)


def pit_name(index: int) -> str:
    """`A1`..`A8`, `B1`..`B8` for South, `a1`..`b8` for North (B2)."""
    side, track = divmod(index, 16)
    if track < 8:
        row, number = "A", track + 1
    else:
        row, number = "B", 16 - track
    return (row if side == SOUTH else row.lower()) + str(number)


def pit_index(name: str) -> int:
    """The absolute index of a pit name such as `A5` or `b3`; ParseError if it is not one."""
    if len(name) != 2 or name[0] not in "ABab" or name[1] not in "12345678":
        raise ParseError(f"{name!r} is not a pit name (A1-A8, B1-B8, a1-a8, b1-b8)", pit=name)
    side = SOUTH if name[0].isupper() else NORTH
    number = int(name[1])
    track = number - 1 if name[0] in "Aa" else 16 - number
    return 16 * side + track


def _row_indices() -> tuple[tuple[int, ...], ...]:
    # B62 order, top to bottom as South sees the board: b8..b1 / a8..a1 / A1..A8 / B1..B8.
    north, south = 16 * NORTH, 16 * SOUTH
    return (
        tuple(north + t for t in range(8, 16)),
        tuple(north + t for t in range(7, -1, -1)),
        tuple(south + t for t in range(8)),
        tuple(south + t for t in range(15, 7, -1)),
    )


ROWS: Final = _row_indices()


@dataclass(frozen=True, slots=True)
class Position:
    """One Bao position. `board` is indexed as described in the module docstring; `hand` and
    `house` are [South, North]; `to_move` is SOUTH, NORTH or None once the game is over;
    `takasia` is the absolute index of the side to move's blocked pit, or None."""

    board: tuple[int, ...]
    hand: tuple[int, int]
    house: tuple[bool, bool]
    stage: str
    to_move: int | None
    takasia: int | None = None
    partial: bool = False
    variant: str = "kiswahili"

    def seeds(self) -> int:
        return sum(self.board) + self.hand[0] + self.hand[1]

    def front_row_empty(self, side: int) -> bool:
        base = 16 * side
        return not any(self.board[base : base + 8])


def standard_position(variant: str = "kiswahili") -> Position:
    """The set-up of B6 (Bao la Kiswahili) or B51 (Bao la Kujifunza), South to move."""
    if variant == "kujifunza":
        return Position((2,) * 32, (0, 0), (False, False), "mtaji", SOUTH, variant="kujifunza")
    board = [0] * 32
    for side in (SOUTH, NORTH):
        base = 16 * side
        board[base + 4], board[base + 5], board[base + 6] = 6, 2, 2
    return Position(tuple(board), (22, 22), (True, True), "namua", SOUTH)


def _invalid(message: str, **params: object) -> ParseError:
    return ParseError(f"invalid position: {message}", code="bao_position", **params)


def _int_pair(value: object, field: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise _invalid(f"{field!r} must be a list of two whole numbers [South, North]")
    return (int(value[0]), int(value[1]))


def _bool_pair(value: object) -> tuple[bool, bool]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, bool) for v in value)
    ):
        raise _invalid("'house' must be a list of two booleans [South, North]")
    return (bool(value[0]), bool(value[1]))


def parse_board(text: str) -> tuple[int, ...]:
    """The B62 board string: four rows of 8 counts, b8..b1 / a8..a1 / A1..A8 / B1..B8."""
    rows = text.split("/")
    if len(rows) != 4:
        raise _invalid(f"'board' needs 4 rows separated by '/', found {len(rows)}")
    board = [0] * 32
    for row_number, (row_text, indices) in enumerate(zip(rows, ROWS, strict=True), start=1):
        cells = row_text.split(",")
        if len(cells) != 8:
            raise _invalid(f"row {row_number} of 'board' needs 8 counts, found {len(cells)}")
        for cell, index in zip(cells, indices, strict=True):
            cell = cell.strip()
            if not cell.isdigit():
                raise _invalid(f"pit {pit_name(index)} holds {cell!r}, not a count of seeds")
            board[index] = int(cell)
    return tuple(board)


def format_board(board: tuple[int, ...]) -> str:
    return "/".join(",".join(str(board[i]) for i in row) for row in ROWS)


def from_json(document: object, *, variant: str | None = None) -> Position:
    """A position from its B62 JSON object (already decoded), validated by B63. The variant is
    the object's own `variant` if it has one, else the `variant` argument, else Kiswahili."""
    if not isinstance(document, Mapping):
        raise _invalid("a position must be a JSON object")
    for key in ("board", "hand", "house", "stage"):
        if key not in document:
            raise _invalid(f"the field {key!r} is missing")
    board_text = document["board"]
    if not isinstance(board_text, str):
        raise _invalid("'board' must be a string such as \"0,0,0,0,0,0,0,0/...\"")
    board = parse_board(board_text)
    hand = _int_pair(document["hand"], "hand")
    house = _bool_pair(document["house"])
    stage = document["stage"]
    if stage not in STAGES:
        raise _invalid(f"'stage' must be namua or mtaji, not {stage!r}")
    to_move_letter = document.get("to_move")
    to_move = None if to_move_letter is None else _side_field(to_move_letter)
    partial = document.get("partial", False)
    if not isinstance(partial, bool):
        raise _invalid("'partial' must be true or false")
    own_variant = document.get("variant", variant or "kiswahili")
    if own_variant not in ("kiswahili", "kujifunza"):
        raise _invalid(f"'variant' must be kiswahili or kujifunza, not {own_variant!r}")
    takasia_name = document.get("takasia")
    takasia: int | None = None
    if takasia_name is not None:
        if not isinstance(takasia_name, str):
            raise _invalid("'takasia' must be null or a pit name")
        try:
            takasia = pit_index(takasia_name)
        except ParseError as exc:
            raise _invalid(f"'takasia': {exc.message}") from None
    position = Position(board, hand, house, str(stage), to_move, takasia, partial, str(own_variant))
    validate(position)
    return position


def _side_field(letter: object) -> int:
    if letter not in SIDE_LETTERS:
        raise _invalid(f"'to_move' must be S or N, not {letter!r}")
    return SIDE_LETTERS.index(str(letter))


def validate(position: Position) -> None:
    """The checks of B63; ParseError naming the first problem found."""
    if len(position.board) != 32 or any(count < 0 for count in position.board):
        raise _invalid("the board needs 32 counts of zero or more")
    if position.hand[0] < 0 or position.hand[1] < 0:
        raise _invalid("a hand cannot be negative")
    total = position.seeds()
    if total > TOTAL_SEEDS or (not position.partial and total != TOTAL_SEEDS):
        raise _invalid(f"board plus hands hold {total} seeds, not {TOTAL_SEEDS}", seeds=total)
    in_hand = position.hand[0] + position.hand[1] > 0
    if position.variant == "kujifunza":
        if position.stage != "mtaji" or in_hand:
            raise _invalid("Bao la Kujifunza is played with empty hands, in the mtaji stage")
        if any(position.house):
            raise _invalid("nobody owns a nyumba in Bao la Kujifunza")
    elif (position.stage == "namua") != in_hand:
        raise _invalid(
            f"stage {position.stage} does not fit hands {list(position.hand)}"
            " (namua exactly while a hand holds seeds)"
        )
    for side in (SOUTH, NORTH):
        if position.house[side] and position.board[16 * side + NYUMBA] == 0:
            raise _invalid(f"{SIDE_LETTERS[side]} cannot own an empty nyumba")
    mover = position.to_move
    if mover is not None and position.stage == "namua" and position.hand[mover] == 0:
        raise _invalid("the side to move has no seed in hand in the namua stage")
    if position.takasia is not None:
        track = position.takasia % 16
        if position.to_move is None or position.takasia // 16 != position.to_move or track > 7:
            raise _invalid("'takasia' must name a front pit of the side to move")


def to_json(position: Position) -> dict[str, object]:
    """The B62 object. `to_move` is left out once the game is over; `partial` and a
    Kujifunza `variant` are written only when they apply."""
    document: dict[str, object] = {
        "board": format_board(position.board),
        "hand": list(position.hand),
        "house": list(position.house),
        "stage": position.stage,
    }
    if position.to_move is not None:
        document["to_move"] = SIDE_LETTERS[position.to_move]
    document["takasia"] = None if position.takasia is None else pit_name(position.takasia)
    if position.partial:
        document["partial"] = True
    if position.variant != "kiswahili":
        document["variant"] = position.variant
    return document


def parse_position(text: str, *, variant: str | None = None) -> Position:
    """A position from B62 JSON text."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(
            f"a position must be a JSON object: {exc.msg} at line {exc.lineno} column {exc.colno}",
            code="bao_position",
        ) from None
    return from_json(document, variant=variant)


def format_position(position: Position) -> str:
    return json.dumps(to_json(position), separators=(", ", ": "))
