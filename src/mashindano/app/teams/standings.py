"""The stored team facts as the engine's team event (`engine.teams.model.TeamEvent`), the
team standings by the event's tie-break codes (`engine.teams.tiebreaks.team_standings`) and
the board prizes (`engine.teams.tiebreaks.board_prizes`) with the team mode's minimum."""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction

from mashindano.app.teams.facts import TeamEventFacts
from mashindano.app.teams.rules import TeamSystem, engine_board, engine_match
from mashindano.engine.model import GameResult
from mashindano.engine.teams.model import Board, Team, TeamBye, TeamEvent, TeamMatch
from mashindano.engine.teams.model import RoundKind as ModelRound
from mashindano.engine.teams.pairing import RoundKind as PairingRound
from mashindano.engine.teams.pairing import TeamEntry, TeamRoundRecord
from mashindano.engine.teams.round_robin import team_round_robin
from mashindano.engine.teams.tiebreaks import (
    BoardScore,
    TeamScore,
    TeamStanding,
    TeamTieBreakOptions,
    board_prizes,
    team_standings,
)


def team_event_of(facts: TeamEventFacts, now: datetime) -> TeamEvent:
    """The event's teams (rosters by entry key), its paired matches with the boards' current
    results (a board without a result yet has none; a match whose line-ups are not shown yet
    has no boards), as the engine's team event. A round's team without an opponent is a bye
    that counts nothing, unless it was paired with a value (a team Swiss PAB, stored with
    its fide_teams.md 5.2 value)."""
    teams = tuple(
        Team(t.number, t.name, t.keys or (f"#team-{t.number}",), club=t.club)
        for t in sorted(facts.teams.values(), key=lambda t: t.number)
    )
    matches: list[TeamMatch] = []
    byes: list[TeamBye] = []
    for match in facts.matches:
        if match.second is None:
            if match.bye is not None:
                byes.append(TeamBye(match.round, match.first, *match.bye))
            continue
        seated = facts.seated(match, now)
        boards: list[Board] = []
        for number, (a, b) in enumerate(seated or (), start=1):
            result, _, _ = facts.board_result(match, number, (a, b))
            if not result.is_decided:
                result = GameResult.NOT_PLAYED
            boards.append(engine_board(number, a or None, b or None, result))
        matches.append(engine_match(match.round, match.first, match.second, boards))
    rounds = max((m.round for m in facts.matches), default=0)
    return TeamEvent(
        teams,
        facts.mode.boards,
        rounds,
        tuple(matches),
        tuple(byes),
        match_scheme=facts.mode.points.scheme,
        round_robin=facts.mode.system is TeamSystem.ROUND_ROBIN,
    )


def team_ranking(facts: TeamEventFacts, now: datetime) -> tuple[TeamStanding, ...]:
    """The teams ranked by the event's tie-break codes, each with its value per code."""
    codes = facts.mode.tiebreaks
    options = TeamTieBreakOptions(primary=TeamScore(codes[0]))
    return team_standings(team_event_of(facts, now), codes, options)


def planned_rounds(facts: TeamEventFacts) -> int:
    """The rounds the event will have: a team Swiss's `rounds`, a round-robin's table (the
    Berger table of its teams), else the rounds paired so far."""
    if facts.mode.system is TeamSystem.SWISS and facts.mode.rounds:
        return facts.mode.rounds
    if facts.mode.system is TeamSystem.ROUND_ROBIN and len(facts.teams) >= 2:
        return len(team_round_robin(len(facts.teams), facts.mode.boards).rounds)
    return max((m.round for m in facts.matches), default=0)


def board_prize_minimum(facts: TeamEventFacts) -> int:
    """The fewest games on a board that rank a player for its prize: the team mode's
    `board_prize_games`, else two thirds of the planned rounds rounded up (8 of 11 rounds, 5
    of 7, 2 of 3), at least 1. fide_teams.md names no minimum: the share is this project's
    default (a player must have played most of the event), and the organiser sets another."""
    if facts.mode.board_prize_games is not None:
        return facts.mode.board_prize_games
    return max(1, -(-2 * planned_rounds(facts) // 3))


def team_board_prizes(
    facts: TeamEventFacts, now: datetime
) -> tuple[int, dict[int, tuple[tuple[BoardScore, Fraction], ...]]]:
    """The minimum of games and, per board, its prize winner(s) with their share of the
    points the games could give (players still equal share the prize): best share, then
    most points, over the games played over the board (a forfeit is no game)."""
    minimum = board_prize_minimum(facts)
    event = team_event_of(facts, now)
    win = event.board_scoring.win
    prizes = board_prizes(event, minimum_games=minimum)
    return minimum, {
        board: tuple((score, score.percentage(win)) for score in scores)
        for board, scores in prizes.items()
    }


_PAIRING_KINDS = {
    ModelRound.MATCH: PairingRound.PLAYED,
    ModelRound.FORFEIT_WIN: PairingRound.FORFEIT_WIN,
    ModelRound.FORFEIT_LOSS: PairingRound.FORFEIT_LOSS,
    ModelRound.PAB: PairingRound.PAB,
    ModelRound.FULL_POINT_BYE: PairingRound.FULL_BYE,
    ModelRound.HALF_POINT_BYE: PairingRound.HALF_BYE,
    ModelRound.ZERO_POINT_BYE: PairingRound.ZERO_BYE,
    ModelRound.NOT_PAIRED: PairingRound.ZERO_BYE,
}


def swiss_entries(event: TeamEvent, round_number: int) -> tuple[TeamEntry, ...]:
    """Each team's history before `round_number` as the team Swiss reads it: match points,
    game points, opponent and board-1 colour of each round; a PAB, forfeits and rounds
    without a match as such (fide_teams.md 2.4, 4.3, 5.3-5.4)."""
    return tuple(
        TeamEntry(
            team.number,
            tuple(
                TeamRoundRecord(
                    r.round,
                    _PAIRING_KINDS[r.kind],
                    r.match_points,
                    r.game_points,
                    r.opponent,
                    r.colour,
                )
                for r in event.team_rounds(team.number)
                if r.round < round_number
            ),
        )
        for team in event.teams
    )
