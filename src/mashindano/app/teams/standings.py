"""The stored team facts as the engine's team event (`engine.teams.model.TeamEvent`), and the
team standings by the event's tie-break codes (`engine.teams.tiebreaks.team_standings`)."""

from __future__ import annotations

from datetime import datetime

from mashindano.app.teams.facts import TeamEventFacts
from mashindano.app.teams.rules import engine_board, engine_match
from mashindano.engine.model import GameResult
from mashindano.engine.teams.model import Board, Team, TeamEvent, TeamMatch
from mashindano.engine.teams.tiebreaks import (
    TeamScore,
    TeamStanding,
    TeamTieBreakOptions,
    team_standings,
)


def team_event_of(facts: TeamEventFacts, now: datetime) -> TeamEvent:
    """The event's teams (rosters by entry key), its paired matches with the boards' current
    results (a board without a result yet has none; a match whose line-ups are not shown yet
    has no boards), as the engine's team event. A round's team without an opponent is a bye
    that counts nothing."""
    teams = tuple(
        Team(t.number, t.name, t.keys or (f"#team-{t.number}",), club=t.club)
        for t in sorted(facts.teams.values(), key=lambda t: t.number)
    )
    matches: list[TeamMatch] = []
    for match in facts.matches:
        if match.second is None:
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
        match_scheme=facts.mode.points.scheme,
        round_robin=True,
    )


def team_ranking(facts: TeamEventFacts, now: datetime) -> tuple[TeamStanding, ...]:
    """The teams ranked by the event's tie-break codes, each with its value per code."""
    codes = facts.mode.tiebreaks
    options = TeamTieBreakOptions(primary=TeamScore(codes[0]))
    return team_standings(team_event_of(facts, now), codes, options)
