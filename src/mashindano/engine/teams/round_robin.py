"""Team round-robins (single and double) from the FIDE Berger tables (fide_teams.md 4.8).

The schedule of teams is the players' schedule (`engine.schedules.round_robin_schedule`) read
with team numbers: the team named first in a Berger pairing is the "white" team, whose board-1
player has White, and the colours alternate by board (fide_teams.md 4.1-4.2, or the event's
record-352 sequence). The second cycle of a double round-robin replays the first with every
pairing reversed, so each team's colours are reversed board by board (fide_berger.md §1).
An odd number of teams uses the next even table; the team drawn against the dummy sits out.
"""

from __future__ import annotations

from dataclasses import dataclass

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import Side
from mashindano.engine.schedules import ScheduleTable, round_robin_schedule
from mashindano.engine.teams.colours import board_colours


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """One board of a team match: the board number and each team's colour on it."""

    board: int
    first_colour: Side
    """The colour of the first-named team's player on this board."""

    @property
    def second_colour(self) -> Side:
        return self.first_colour.opposite


@dataclass(frozen=True, slots=True)
class TeamFixture:
    """One match of a team round-robin: `first` is the first-named team (board-1 White)."""

    round: int
    table: int
    """The match's place in the round (the Berger table's board), 1-based."""
    first: int
    second: int
    boards: tuple[TeamBoard, ...]

    def colour_of(self, team: int, board: int) -> Side:
        """The colour of `team`'s player on `board`."""
        if not 1 <= board <= len(self.boards):
            raise ConfigError(
                f"board {board} is outside the match (boards 1 to {len(self.boards)})",
                code="no_such_board",
                board=board,
                boards=len(self.boards),
            )
        if team == self.first:
            return self.boards[board - 1].first_colour
        if team == self.second:
            return self.boards[board - 1].second_colour
        raise ConfigError(
            f"team {team} does not play in this match ({self.first} - {self.second})",
            code="not_in_match",
            team=team,
        )


@dataclass(frozen=True, slots=True)
class RoundRobinRound:
    round: int
    matches: tuple[TeamFixture, ...]
    sitting_out: int | None
    """The team drawn against the dummy in an odd field, else None."""


@dataclass(frozen=True, slots=True)
class TeamRoundRobin:
    teams: int
    boards: int
    cycles: int
    rounds: tuple[RoundRobinRound, ...]

    def fixtures_of(self, team: int) -> tuple[TeamFixture | None, ...]:
        """The match of `team` in every round (None where it sits out)."""
        found: list[TeamFixture | None] = []
        for team_round in self.rounds:
            found.append(next((m for m in team_round.matches if team in (m.first, m.second)), None))
        return tuple(found)


def team_round_robin(
    teams: int,
    boards: int,
    cycles: int = 1,
    *,
    board_pattern: str | None = None,
    swap_last_two: bool = True,
) -> TeamRoundRobin:
    """The full schedule of a team round-robin of `teams` teams (numbered 1..teams by lot).

    `boards` is the number of boards per match; `board_pattern` the record-352 colour sequence
    of the first-named team (default alternating from White). `cycles` is 1 or 2; with two
    cycles and `swap_last_two` the last two rounds of the first cycle swap places (FIDE C.05
    Annex 1 recommendation, as for players).
    """
    colours = board_colours(boards, board_pattern)
    schedule = round_robin_schedule(
        teams, ScheduleTable.FIDE, cycles=cycles, swap_last_two=swap_last_two
    )
    rounds = []
    for number in range(1, schedule.round_count + 1):
        matches = tuple(
            TeamFixture(
                round=number,
                table=table,
                first=first,
                second=second,
                boards=tuple(
                    TeamBoard(board, colour) for board, colour in enumerate(colours, start=1)
                ),
            )
            for table, (first, second) in enumerate(schedule.pairs_without_dummy(number), 1)
        )
        rounds.append(RoundRobinRound(number, matches, schedule.sitting_out(number)))
    return TeamRoundRobin(teams=teams, boards=boards, cycles=cycles, rounds=tuple(rounds))
