"""Line-ups (fide_teams.md 3.2-3.4): a captain names the team's players for a round, board by
board, before the match's deadline, keeping the roster order; the other side sees them once both
are in (`facts.MatchFact.lineups_shown`). A line-up missing at the deadline has the team mode's
consequence (`rules.default_lineup`). An official may enter a line-up after the deadline or one
that breaks the board order (what was actually played), with a reason; it is flagged."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.errors import NotAllowed, OutOfWindow, WrongState
from mashindano.app.locking import locked_event
from mashindano.app.permissions import team_sides
from mashindano.app.principals import Principal
from mashindano.app.queries import get_entry
from mashindano.app.teams.facts import load_team_facts
from mashindano.app.teams.mails import tell_lineups_in
from mashindano.app.teams.rules import LineupProblem, lineup_problems, split_names
from mashindano.app.teams.setup import refuse_closed
from mashindano.engine.errors import ParseError
from mashindano.store import models

EMPTY_BOARD = ("", "-")
"""How a line-up names an empty board."""


@dataclass(frozen=True, slots=True)
class LineupSubmitted:
    round: int
    match: int
    team: int
    players: tuple[str, ...]
    flags: tuple[LineupProblem, ...] = ()


def submit_lineup(
    slug: str,
    round: int,
    team: int,
    players: Sequence[str],
    *,
    actor: Principal,
    reason: str = "",
    now: datetime | None = None,
) -> LineupSubmitted:
    """The team's line-up for its match of `round`: players (names or numbers) by board from
    board 1, '-' for an empty board (the last boards only)."""
    with locked_event(slug, actor, "team.lineup", now=now) as context:
        refuse_closed(context)
        facts = load_team_facts(context.event)
        fact = facts.team(team)
        match = next((m for m in facts.matches if m.round == round and team in m.teams), None)
        if match is None or match.second is None:
            raise WrongState(
                gettext("team {team} has no match to play in round {round}").format(
                    team=fact.name, round=round
                ),
                round=round,
                team=team,
            )
        sides = team_sides(context.principal, slug, match.teams)
        official = sides is None
        if not official and team not in (sides or ()):
            raise NotAllowed(
                gettext("{name} may submit the line-up of their own team only, not {team}").format(
                    name=context.actor, team=fact.name
                ),
                action="team.lineup",
            )
        keys = tuple(
            "" if p in EMPTY_BOARD else get_entry(context.event, p).key
            for p in split_names(players)
        )
        if not any(keys):
            raise ParseError(gettext("a line-up names at least one player"), parameter="players")
        problems = lineup_problems(fact.keys, keys, facts.mode.boards)
        if not official:
            if match.deadline_passed(context.now):
                assert match.deadline is not None
                raise OutOfWindow(
                    gettext(
                        "the line-up for round {round} was due by {deadline:%Y-%m-%d %H:%M} UTC; "
                        "ask an arbiter"
                    ).format(round=round, deadline=match.deadline),
                    round=round,
                )
            if match.lineups_in():
                raise WrongState(
                    gettext(
                        "round {round}: both line-ups are in and shown; ask an arbiter to "
                        "change one"
                    ).format(round=round),
                    round=round,
                )
            if problems:
                raise ParseError(
                    gettext("line-up refused: {problems}").format(
                        problems="; ".join(p.message for p in problems)
                    ),
                    parameter="players",
                )
        elif (problems or match.deadline_passed(context.now)) and not reason.strip():
            raise ParseError(
                gettext(
                    "an official's line-up that is late or breaks the board order needs a "
                    "reason (kept in the log): {problems}"
                ).format(problems="; ".join(p.message for p in problems) or gettext("late")),
                parameter="reason",
            )
        row = models.TeamMatch.objects.get(event=context.event, round=round, number=match.number)
        previous = match.lineups.get(team)
        were_in = match.lineups_in()
        models.Lineup.objects.create(
            match=row,
            team=models.Team.objects.get(event=context.event, number=team),
            players=list(keys),
            at=context.now,
            actor=context.actor,
            reason=reason.strip(),
        )
        context.record(
            before={"players": list(previous.players)} if previous else None,
            after={
                "round": round,
                "match": match.number,
                "team": team,
                "players": list(keys),
                "flags": [p.message for p in problems],
            },
        )
        if not were_in and all(t == team or t in match.lineups for t in match.teams):
            tell_lineups_in(context, facts, match)
        return LineupSubmitted(round, match.number, team, keys, problems)
