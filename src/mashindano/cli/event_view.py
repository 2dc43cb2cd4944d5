"""Rich rendering of the stored-event documents (`app.documents`): rounds and standings."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from rich.table import Table

from mashindano.app.documents.values import format_exact
from mashindano.cli.output import display_column
from mashindano.engine.points import format_points

if TYPE_CHECKING:
    from mashindano.app.documents.deadlines import Deadline
    from mashindano.app.documents.rounds import BoardLine, GameLine, RoundPairings
    from mashindano.app.documents.standings import StandingsSection


def round_tables(shown: RoundPairings) -> list[Table]:
    """One table per group of the round (KIBA), else the round's one table."""
    return [round_table(shown, group, boards) for group, boards in shown.by_group()]


def round_table(
    shown: RoundPairings, group: str = "", boards: tuple[BoardLine, ...] | None = None
) -> Table:
    """Boards with each game; a match scored in points inside its games (Tantrix) shows each
    game's TPs, then a line with the totals, the gap and how the match was decided."""
    title = shown.title if not group else f"{shown.title}: {_group_title(group)}"
    grid = Table(title=title, title_justify="left")
    shown_boards = shown.boards if boards is None else boards
    first_side, second_side = shown.sides
    grid.add_column("Board", justify="right")
    grid.add_column(first_side)
    grid.add_column("Result", justify="center")
    grid.add_column(second_side)
    grid.add_column("Status")
    scored = any(g.scores is not None for b in shown_boards for g in b.games)
    if scored:
        grid.add_column("TPs", justify="center")
    clocks = any(g.clock is not None for b in shown_boards for g in b.games)
    if clocks:
        grid.add_column("Clock (time left, deadline UTC)")
    for board in shown_boards:
        if board.second is None:
            grid.add_row(str(board.board), board.first.name, board.bye_label, "", "")
            continue
        for game in board.games:
            number = str(board.board) + (f".{game.game}" if len(board.games) > 1 else "")
            result = game.result if game.is_decided else ""
            cells = [number, game.first.name, result, game.second.name, game.status]
            if scored:
                cells.append(_scores_cell(game))
            if clocks:
                cells.append(_clock_cell(game))
            grid.add_row(*cells)
        if board.score is not None and scored:
            grid.add_row(*_match_line(board), end_section=True)
    if shown.deadlines:
        grid.caption = "\n".join(_deadline_line(d) for d in shown.deadlines)
        grid.caption_justify = "left"
    return grid


def _group_title(group: str) -> str:
    return "final" if group == "final" else f"group {group}"


def _scores_cell(game: GameLine) -> str:
    if game.scores is None:
        return ""
    return f"{format_exact(game.scores[0])}-{format_exact(game.scores[1])}"


def _match_line(board: BoardLine) -> list[str]:
    """Totals of the encounter's first and second player, the gap, the winner and how."""
    score = board.score
    assert score is not None
    winner = board.winner
    how = f"{winner.name} won: {score.decided}" if winner is not None else "match goes on"
    return [
        "total",
        f"{format_exact(score.first)} {score.unit}",
        f"gap {format_exact(score.gap)}" if score.counts_gap else "",
        f"{format_exact(score.second)} {score.unit}",
        how,
        "",
    ]


def _clock_cell(game: GameLine) -> str:
    """KIBA: who is to move, both players' time left, the deadline of the awaited move."""
    clock = game.clock
    if clock is None:
        return ""
    mover = game.first if clock.to_move == game.first.id else game.second
    state = "out of time" if clock.flagged else "to move"
    return (
        f"{mover.name} ({clock.side_to_move}) {state}; "
        f"{_span(clock.first_left)} / {_span(clock.second_left)}; "
        f"by {clock.deadline:%Y-%m-%d %H:%M}"
    )


def _span(span: timedelta) -> str:
    seconds = max(int(span.total_seconds()), 0)
    days, rest = divmod(seconds, 86_400)
    return f"{days}d {rest // 3600:02d}:{rest % 3600 // 60:02d}"


def _deadline_line(deadline: Deadline) -> str:
    where = "" if deadline.board is None else f"board {deadline.board}"
    if deadline.game is not None:
        where += f".{deadline.game}"
    where = f" ({where})" if where else ""
    due = f"{deadline.due:%Y-%m-%d %H:%M %Z}".strip()
    return f"Due {due}: {deadline.what}{where}, {deadline.spec}"


def standings_grid(section: StandingsSection) -> Table:
    grid = Table(title=section.title, title_justify="left")
    grid.add_column("Rank", justify="right")
    grid.add_column("Player")
    grid.add_column("Rating", justify="right")
    grid.add_column("Points", justify="right")
    for column in section.columns:
        grid.add_column(column.name, justify="right")
    grid.add_column("Note")
    cells = [
        display_column([row.values[k].value for row in section.rows], column.decimals)
        for k, column in enumerate(section.columns)
    ]
    for index, row in enumerate(section.rows):
        grid.add_row(
            row.rank_label,
            row.player.name,
            str(row.player.rating or ""),
            format_points(row.points),
            *(column[index] for column in cells),
            row.note,
        )
    return grid
