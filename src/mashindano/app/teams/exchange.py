"""A team event as a TRF-26 team file (fide_teams.md §8): the stored facts read as the engine's
team event (`standings.team_event_of`), its players numbered 1..N as TRF starting ranks (team
by team, in roster order), written by `interchange.trf_teams.team_event_to_trf`."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from django.utils import timezone

from mashindano.app.queries import get_event
from mashindano.app.teams.facts import load_team_facts
from mashindano.app.teams.standings import team_event_of
from mashindano.engine.teams.model import TeamEvent
from mashindano.interchange.trf_model import TrfPlayer, TrfTournament
from mashindano.interchange.trf_teams import team_event_to_trf
from mashindano.interchange.trf_write import format_trf


def export_team_trf(slug: str, *, now: datetime | None = None) -> str:
    """The event's TRF-26 team file: 012 name, 142 rounds, 162/362 scoring, 001 players with
    every board game, 310 teams with their match and game points, 320 the PABs."""
    event_row = get_event(slug)
    facts = load_team_facts(event_row)
    event = team_event_of(facts, now or timezone.now())
    rank: dict[str, str] = {}
    players: dict[int, TrfPlayer] = {}
    for team in sorted(facts.teams.values(), key=lambda t: t.number):
        for member in team.roster:
            number = len(rank) + 1
            rank[member.key] = str(number)
            players[number] = TrfPlayer(number, member.name[:33], rating=member.rating)
    numbered = _renumbered(event, rank)
    header = TrfTournament(name=event_row.name, rounds=event.rounds)
    trf = team_event_to_trf(numbered, header=header, players=players)
    return format_trf(trf, version="26")


def _renumbered(event: TeamEvent, rank: dict[str, str]) -> TeamEvent:
    def of(key: str | None) -> str | None:
        return None if key is None else rank[key]

    return replace(
        event,
        teams=tuple(
            replace(t, roster=tuple(rank.get(k, k) for k in t.roster)) for t in event.teams
        ),
        matches=tuple(
            replace(
                m,
                boards=tuple(
                    replace(b, home_player=of(b.home_player), away_player=of(b.away_player))
                    for b in m.boards
                ),
            )
            for m in event.matches
        ),
    )
