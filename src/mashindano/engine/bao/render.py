"""A position as text, for e-mails and the command line, in the layout of the spec's diagrams
(B5): North on top, the columns lined up as South sees the board, hands beside the rows.
"""

from __future__ import annotations

from mashindano.engine.bao.moves import End
from mashindano.engine.bao.position import NORTH, ROWS, SIDE_LETTERS, SOUTH, Position, pit_name

_NAMES = ("South", "North")


def render_position(position: Position, end: End | None = None) -> str:
    """The board diagram with the hands, the nyumba flags, the stage, who is to move, any
    takasia and, for a finished game, its end."""
    labels = ("b", "a", "A", "B")
    lines = [
        "     "
        + "  ".join(str(n) for n in range(8, 0, -1))
        + f"    North  hand {position.hand[NORTH]}"
    ]
    for label, row in zip(labels, ROWS, strict=True):
        lines.append(f" {label} " + "".join(f"{position.board[i]:>3}" for i in row))
    lines.append(
        "     " + "  ".join(str(n) for n in range(1, 9)) + f"    South  hand {position.hand[SOUTH]}"
    )
    owners = [
        f"{SIDE_LETTERS[side]} {'owned' if position.house[side] else 'not owned'}"
        for side in (SOUTH, NORTH)
    ]
    status = [f"stage {position.stage}"]
    if position.variant != "kujifunza":
        status.append("nyumba " + ", ".join(owners))
    if position.to_move is not None:
        status.append(f"{_NAMES[position.to_move]} to move")
    if position.takasia is not None:
        status.append(f"takasia {pit_name(position.takasia)}")
    lines.append(" " + "; ".join(status))
    if end is not None:
        lines.append(" " + describe_end(end))
    return "\n".join(lines)


def describe_end(end: End) -> str:
    if end.winner is None:
        text = f"game over: no winner ({end.reason})"
    else:
        text = f"game over: {_NAMES[end.winner]} wins ({end.reason})"
    if end.unsown:
        text += f", {end.unsown} captured seeds unsown"
    return text
