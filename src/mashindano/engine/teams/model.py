"""A team event as data (fide_teams.md §1-§5, §7): teams with an ordered roster, matches of N
boards with a colour per board, board results (forfeited boards included), forfeited matches,
the team bye with its match and game points, the match-point scheme. Exact Fractions only.

Board points come from a `PointSystem` (1 / ½ / 0 by default, TRF record 162); match points
from a `MatchPointScheme` (2 / 1 / 0 by default, TRF record 362) by comparing the two teams'
game points (§1.3). Everything here is a frozen value: a correction is a new value.

`TeamEvent.team_rounds(team)` is each team's view of every round (opponent, points, whether
the match was played, whether the round is a voluntarily unplayed round, the points per
board); tie-breaks and standings read only that view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from functools import cached_property

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import Side
from mashindano.engine.points import CHESS, ONE, ZERO, PointSystem

__all__ = [
    "Board",
    "BoardResult",
    "MatchForfeit",
    "MatchPointScheme",
    "RoundKind",
    "Team",
    "TeamBye",
    "TeamByeKind",
    "TeamEvent",
    "TeamMatch",
    "TeamRound",
    "board_colours",
    "check_lineup",
    "default_pab",
]


@dataclass(frozen=True, slots=True)
class MatchPointScheme:
    """Match points for a match won, drawn, lost (§1.3; TRF record 362 TW/TD/TL)."""

    win: Fraction = Fraction(2)
    draw: Fraction = ONE
    loss: Fraction = ZERO

    def __post_init__(self) -> None:
        if not self.loss <= self.draw <= self.win or self.loss == self.win:
            raise ConfigError(
                "match points must satisfy loss <= draw <= win with win above loss, got "
                f"win {self.win}, draw {self.draw}, loss {self.loss}",
                win=self.win,
                draw=self.draw,
                loss=self.loss,
            )

    def for_game_points(self, own: Fraction, other: Fraction) -> Fraction:
        """More game points win the match, equal ones draw it (§1.3)."""
        if own > other:
            return self.win
        if own == other:
            return self.draw
        return self.loss


class BoardResult(StrEnum):
    """The result of one board, home player first. `+`/`-` are forfeits (§2.1)."""

    HOME_WINS = "1-0"
    AWAY_WINS = "0-1"
    DRAW = "½-½"
    HOME_WINS_BY_FORFEIT = "+-"
    AWAY_WINS_BY_FORFEIT = "-+"
    DOUBLE_FORFEIT = "--"

    @property
    def played(self) -> bool:
        """Whether the game was played over the board."""
        return self in (BoardResult.HOME_WINS, BoardResult.AWAY_WINS, BoardResult.DRAW)


class MatchForfeit(StrEnum):
    """A whole match not played (§2.2, §2.3; TRF record 330 type)."""

    HOME_WINS = "+-"
    AWAY_WINS = "-+"
    BOTH_ABSENT = "--"


class TeamByeKind(StrEnum):
    """A round without an opponent: the pairing-allocated bye or a requested bye."""

    PAB = "PAB"
    FULL_POINT = "FPB"
    HALF_POINT = "HPB"
    ZERO_POINT = "ZPB"


class RoundKind(StrEnum):
    """What one round was for one team."""

    MATCH = "match"
    """A match with at least one board played over the board (§2.4)."""
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"
    """Lost by forfeit, including both teams absent (§2.3)."""
    PAB = "pab"
    FULL_POINT_BYE = "full-point-bye"
    HALF_POINT_BYE = "half-point-bye"
    ZERO_POINT_BYE = "zero-point-bye"
    NOT_PAIRED = "not-paired"
    """No match and no bye recorded: counted as a zero-point bye."""


@dataclass(frozen=True, slots=True)
class Team:
    """A team: its pairing number (TPN, §1.5), name and roster in board order (§3.1).

    `roster` holds player ids (any text: a TRF starting rank, an account id); reserves come
    after the regular players."""

    number: int
    name: str
    roster: tuple[str, ...]
    nickname: str = ""
    club: str = ""
    """Club or country; informative."""

    def __post_init__(self) -> None:
        if self.number < 1:
            raise ConfigError(f"team number {self.number} must be 1 or more", team=self.number)
        if not self.name.strip():
            raise ConfigError(f"team {self.number} has no name", team=self.number)
        if not self.roster:
            raise ConfigError(f"team {self.number} ({self.name}) has no players", team=self.number)
        seen: set[str] = set()
        for player in self.roster:
            if player in seen:
                raise ConfigError(
                    f"team {self.number} ({self.name}) lists player {player} twice",
                    team=self.number,
                    player=player,
                )
            seen.add(player)

    def roster_position(self, player: str) -> int:
        """1-based place of `player` on the roster; ConfigError if not on it."""
        try:
            return self.roster.index(player) + 1
        except ValueError:
            raise ConfigError(
                f"player {player} is not on the roster of team {self.number} ({self.name})",
                team=self.number,
                player=player,
            ) from None


def check_lineup(team: Team, players: Sequence[str | None]) -> None:
    """A line-up (board 1 first, None = empty board) keeps the roster order (§3.2, §3.3) and
    leaves only the last boards empty (§3.4). ConfigError naming the problem otherwise."""
    positions: list[int] = []
    empty_seen = False
    for board, player in enumerate(players, start=1):
        if player is None:
            empty_seen = True
            continue
        if empty_seen:
            raise ConfigError(
                f"team {team.number} ({team.name}): board {board} is occupied after an empty "
                "board (empty boards must be the last ones)",
                team=team.number,
                board=board,
            )
        position = team.roster_position(player)
        if positions and position <= positions[-1]:
            above = team.roster[positions[-1] - 1]
            raise ConfigError(
                f"team {team.number} ({team.name}): player {player} on board {board} is "
                f"ranked above player {above} on board {board - 1} in the roster "
                "(the line-up must keep the roster order)",
                team=team.number,
                board=board,
                player=player,
            )
        positions.append(position)


def board_colours(boards: int, sequence: str | None = None) -> tuple[Side, ...]:
    """The first-named (home) team's colour on each board: record 352's `WBWB...`, or W and B
    alternating from board 1 when not given (§4.1, §4.2). The away team has the opposite."""
    if boards < 1:
        raise ConfigError(f"a match needs at least one board, got {boards}", boards=boards)
    if sequence is None:
        return tuple(Side.WHITE if b % 2 == 0 else Side.BLACK for b in range(boards))
    text = sequence.strip().upper()
    if len(text) != boards or set(text) - {"W", "B"}:
        raise ConfigError(
            f"board colours {sequence!r} must be {boards} letters W or B (one per board)",
            sequence=sequence,
        )
    return tuple(Side.WHITE if c == "W" else Side.BLACK for c in text)


def default_pab(
    boards: int, scheme: MatchPointScheme, scoring: PointSystem = CHESS
) -> tuple[Fraction, Fraction]:
    """The team PAB's (match points, game points) when the regulations say nothing: a match
    draw and a draw on every board (§5.2; UNCONFIRMED U6)."""
    return scheme.draw, scoring.draw * boards


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a match. `home_colour` is the home player's colour; a player is None on
    an empty board (its result is then a forfeit); `result` None = not known yet."""

    number: int
    home_player: str | None
    away_player: str | None
    home_colour: Side = Side.WHITE
    result: BoardResult | None = None

    def __post_init__(self) -> None:
        if self.number < 1:
            raise ConfigError(f"board number {self.number} must be 1 or more", board=self.number)
        if (
            self.result is not None
            and self.result.played
            and (self.home_player is None or self.away_player is None)
        ):
            raise ConfigError(
                f"board {self.number}: a game played over the board needs two players",
                board=self.number,
            )
        if self.home_player is None and self.result in (
            BoardResult.HOME_WINS_BY_FORFEIT,
            BoardResult.HOME_WINS,
        ):
            raise ConfigError(
                f"board {self.number}: the home team has no player but wins the board",
                board=self.number,
            )
        if self.away_player is None and self.result in (
            BoardResult.AWAY_WINS_BY_FORFEIT,
            BoardResult.AWAY_WINS,
        ):
            raise ConfigError(
                f"board {self.number}: the away team has no player but wins the board",
                board=self.number,
            )

    def points(self, home: bool, scoring: PointSystem = CHESS) -> Fraction:
        """Game points of the home (or away) side on this board; nothing while unknown."""
        result = self.result
        if result is None:
            return ZERO
        if result is BoardResult.DRAW:
            return scoring.draw
        if result is BoardResult.DOUBLE_FORFEIT:
            return scoring.forfeit_loss_points
        home_won = result in (BoardResult.HOME_WINS, BoardResult.HOME_WINS_BY_FORFEIT)
        if result.played:
            return scoring.win if home_won == home else scoring.loss
        return scoring.forfeit_win_points if home_won == home else scoring.forfeit_loss_points


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """The match of two teams in one round: `home` is the first-named team (record 352's
    colours are its colours), `boards` in board order 1..N. `forfeit` marks a match not
    played at all (§2.2, §2.3: record 330); its boards may still be listed (`+`/`-`)."""

    round: int
    home: int
    away: int
    boards: tuple[Board, ...] = ()
    forfeit: MatchForfeit | None = None

    def __post_init__(self) -> None:
        if self.round < 1:
            raise ConfigError(f"round {self.round} must be 1 or more", round=self.round)
        if self.home == self.away:
            raise ConfigError(
                f"round {self.round}: team {self.home} cannot play itself", team=self.home
            )
        for k, board in enumerate(self.boards, start=1):
            if board.number != k:
                raise ConfigError(
                    f"round {self.round}, match {self.home}-{self.away}: board {board.number} "
                    f"is listed in place {k} (boards go 1, 2, 3, ... in order)",
                    round=self.round,
                )
        if self.forfeit is not None and any(
            b.result is not None and b.result.played for b in self.boards
        ):
            raise ConfigError(
                f"round {self.round}, match {self.home}-{self.away}: a forfeited match has a "
                "board played over the board",
                round=self.round,
            )

    @property
    def complete(self) -> bool:
        """Every board has its result (a forfeited match is complete as it is)."""
        return self.forfeit is not None or (
            bool(self.boards) and all(b.result is not None for b in self.boards)
        )

    @property
    def played(self) -> bool:
        """At least one board was played over the board (§2.4, UNCONFIRMED U4 reading)."""
        return self.forfeit is None and any(
            b.result is not None and b.result.played for b in self.boards
        )

    def involves(self, team: int) -> bool:
        return team in (self.home, self.away)

    def opponent(self, team: int) -> int:
        return self.away if team == self.home else self.home

    def game_points(self, team: int, scoring: PointSystem = CHESS, boards: int = 0) -> Fraction:
        """The team's game points (§1.2, §2.1). A forfeited match without boards listed
        gives the present team a forfeit win on each of `boards` boards."""
        home = team == self.home
        if self.boards:
            return sum((b.points(home, scoring) for b in self.boards), ZERO)
        if self.forfeit is None:
            return ZERO
        return self._forfeit_board_points(home, scoring) * boards

    def _forfeit_board_points(self, home: bool, scoring: PointSystem) -> Fraction:
        won = (self.forfeit is MatchForfeit.HOME_WINS and home) or (
            self.forfeit is MatchForfeit.AWAY_WINS and not home
        )
        return scoring.forfeit_win_points if won else scoring.forfeit_loss_points

    def board_points(self, team: int, scoring: PointSystem, boards: int) -> tuple[Fraction, ...]:
        """The team's game points on boards 1..`boards`."""
        home = team == self.home
        if not self.boards and self.forfeit is not None:
            return (self._forfeit_board_points(home, scoring),) * boards
        by_number = {b.number: b.points(home, scoring) for b in self.boards}
        return tuple(by_number.get(k, ZERO) for k in range(1, boards + 1))

    def match_points(
        self, team: int, scheme: MatchPointScheme, scoring: PointSystem = CHESS, boards: int = 0
    ) -> Fraction:
        """Win / draw / loss by game points (§1.3); a forfeited match is won by the present
        team (§2.2), and lost by both when both were absent (§2.3)."""
        if self.forfeit is MatchForfeit.BOTH_ABSENT:
            return scheme.loss
        if self.forfeit is not None:
            home_wins = self.forfeit is MatchForfeit.HOME_WINS
            return scheme.win if home_wins == (team == self.home) else scheme.loss
        own = self.game_points(team, scoring, boards)
        other = self.game_points(self.opponent(team), scoring, boards)
        return scheme.for_game_points(own, other)

    def colour(self, team: int) -> Side | None:
        """The team colour of a played match: its board-1 player's colour (§4.3, §4.7)."""
        if not self.played or not self.boards:
            return None
        first = self.boards[0].home_colour
        return first if team == self.home else first.opposite


@dataclass(frozen=True, slots=True)
class TeamBye:
    """A round without an opponent for a team and the points it gives (record 320 for the
    PAB, whose values the event sets: `default_pab` when the regulations say nothing, §5.2)."""

    round: int
    team: int
    match_points: Fraction
    game_points: Fraction
    kind: TeamByeKind = TeamByeKind.PAB

    def __post_init__(self) -> None:
        if self.round < 1:
            raise ConfigError(f"round {self.round} must be 1 or more", round=self.round)


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One team's view of one round, as tie-breaks read it (fide_teams.md §7).

    `played`: a match with a board played over the board, or the PAB (C.07 counts the PAB
    as played for the team's own rounds, TEC reading). `vur`: a voluntarily unplayed round
    (§7.2: a forfeit loss or a requested bye other than a full-point one; not the PAB, not a
    forfeit win). `board_points`: the game points per board 1..N."""

    round: int
    kind: RoundKind
    opponent: int | None
    match_points: Fraction
    game_points: Fraction
    played: bool
    vur: bool
    colour: Side | None
    board_points: tuple[Fraction, ...]


@dataclass(frozen=True)
class TeamEvent:
    """A team event: its teams, number of boards and rounds, matches and byes, scoring.

    `round_robin` switches the C.07 round-robin readings (§7.3: forfeited matches count
    as played for tie-breaks; rounds without an opponent add nothing)."""

    teams: tuple[Team, ...]
    boards: int
    rounds: int
    matches: tuple[TeamMatch, ...] = ()
    byes: tuple[TeamBye, ...] = ()
    match_scheme: MatchPointScheme = field(default_factory=MatchPointScheme)
    board_scoring: PointSystem = CHESS
    round_robin: bool = False

    def __post_init__(self) -> None:
        if self.boards < 1:
            raise ConfigError(f"a match needs at least one board, got {self.boards}")
        if self.rounds < 0:
            raise ConfigError(f"number of rounds {self.rounds} must not be negative")
        numbers: set[int] = set()
        for team in self.teams:
            if team.number in numbers:
                raise ConfigError(f"two teams have number {team.number}", team=team.number)
            numbers.add(team.number)
        owner: dict[str, int] = {}
        for team in self.teams:
            for player in team.roster:
                if player in owner:
                    raise ConfigError(
                        f"player {player} is on the rosters of teams {owner[player]} and "
                        f"{team.number}",
                        player=player,
                    )
                owner[player] = team.number
        busy: dict[tuple[int, int], str] = {}

        def take(round_number: int, team: int, what: str) -> None:
            if team not in numbers:
                raise ConfigError(
                    f"round {round_number}: {what} names team {team}, which is not in the event",
                    round=round_number,
                    team=team,
                )
            if round_number > self.rounds:
                raise ConfigError(
                    f"{what} is in round {round_number} but the event has {self.rounds} rounds",
                    round=round_number,
                )
            if (round_number, team) in busy:
                raise ConfigError(
                    f"round {round_number}: team {team} has {busy[round_number, team]} and {what}",
                    round=round_number,
                    team=team,
                )
            busy[round_number, team] = what

        for match in self.matches:
            what = f"the match {match.home}-{match.away}"
            take(match.round, match.home, what)
            take(match.round, match.away, what)
            if len(match.boards) > self.boards:
                raise ConfigError(
                    f"round {match.round}, {what}: {len(match.boards)} boards but matches are "
                    f"played on {self.boards}",
                    round=match.round,
                )
            for board in match.boards:
                for side, side_team in (
                    (board.home_player, match.home),
                    (board.away_player, match.away),
                ):
                    if side is not None and owner.get(side) != side_team:
                        raise ConfigError(
                            f"round {match.round}, {what}, board {board.number}: player {side} "
                            f"is not on the roster of team {side_team}",
                            round=match.round,
                            player=side,
                        )
        for bye in self.byes:
            take(bye.round, bye.team, f"a bye ({bye.kind.value})")

    @property
    def last_complete_round(self) -> int:
        """The last round r such that every match of rounds 1..r has all its results."""
        done = 0
        for r in range(1, self.rounds + 1):
            if any(m.round == r and not m.complete for m in self.matches):
                break
            done = r
        return done

    def after_round(self, round_number: int) -> TeamEvent:
        """The event as it stood after `round_number`: later matches and byes left out, the
        number of rounds cut there (standings and tie-breaks of a round in progress are
        those of `after_round(last_complete_round)`)."""
        if not 0 <= round_number <= self.rounds:
            raise ConfigError(
                f"round {round_number} is not between 0 and {self.rounds}", round=round_number
            )
        return replace(
            self,
            rounds=round_number,
            matches=tuple(m for m in self.matches if m.round <= round_number),
            byes=tuple(b for b in self.byes if b.round <= round_number),
        )

    def team(self, number: int) -> Team:
        for team in self.teams:
            if team.number == number:
                return team
        raise ConfigError(f"no team {number} in the event", team=number)

    @cached_property
    def _rounds_by_team(self) -> dict[int, tuple[TeamRound, ...]]:
        found: dict[int, dict[int, TeamRound]] = {t.number: {} for t in self.teams}
        for match in self.matches:
            if not match.complete:
                continue
            for team in (match.home, match.away):
                found[team][match.round] = self._match_round(match, team)
        for bye in self.byes:
            found[bye.team][bye.round] = self._bye_round(bye)
        return {
            team: tuple(rounds.get(r) or self._not_paired(r) for r in range(1, self.rounds + 1))
            for team, rounds in found.items()
        }

    def team_rounds(self, team: int) -> tuple[TeamRound, ...]:
        """Rounds 1..`rounds` as the team lived them (a round without a complete match or a
        bye reads as not paired: take `after_round(last_complete_round)` for a round in
        progress)."""
        return self._rounds_by_team[team]

    def match_points_total(self, team: int) -> Fraction:
        return sum((r.match_points for r in self.team_rounds(team)), ZERO)

    def game_points_total(self, team: int) -> Fraction:
        return sum((r.game_points for r in self.team_rounds(team)), ZERO)

    def _match_round(self, match: TeamMatch, team: int) -> TeamRound:
        scoring, n = self.board_scoring, self.boards
        mp = match.match_points(team, self.match_scheme, scoring, n)
        if match.played:
            kind = RoundKind.MATCH
        elif mp == self.match_scheme.win and match.forfeit is not MatchForfeit.BOTH_ABSENT:
            kind = RoundKind.FORFEIT_WIN
        else:
            kind = RoundKind.FORFEIT_LOSS
        return TeamRound(
            round=match.round,
            kind=kind,
            opponent=match.opponent(team),
            match_points=mp,
            game_points=match.game_points(team, scoring, n),
            played=match.played,
            vur=kind is RoundKind.FORFEIT_LOSS,
            colour=match.colour(team),
            board_points=match.board_points(team, scoring, n),
        )

    def _bye_round(self, bye: TeamBye) -> TeamRound:
        scoring, n = self.board_scoring, self.boards
        kind, per_board = {
            TeamByeKind.PAB: (RoundKind.PAB, bye.game_points / n),
            TeamByeKind.FULL_POINT: (RoundKind.FULL_POINT_BYE, scoring.full_point_bye_points),
            TeamByeKind.HALF_POINT: (RoundKind.HALF_POINT_BYE, scoring.half_point_bye_points),
            TeamByeKind.ZERO_POINT: (RoundKind.ZERO_POINT_BYE, scoring.zero_point_bye),
        }[bye.kind]
        return TeamRound(
            round=bye.round,
            kind=kind,
            opponent=None,
            match_points=bye.match_points,
            game_points=bye.game_points,
            played=bye.kind is TeamByeKind.PAB,
            vur=bye.kind in (TeamByeKind.HALF_POINT, TeamByeKind.ZERO_POINT),
            colour=None,
            board_points=(per_board,) * n,
        )

    def _not_paired(self, round_number: int) -> TeamRound:
        return TeamRound(
            round=round_number,
            kind=RoundKind.NOT_PAIRED,
            opponent=None,
            match_points=ZERO,
            game_points=ZERO,
            played=False,
            vur=True,
            colour=None,
            board_points=(ZERO,) * self.boards,
        )
