"""A simulated Gomoku league (`mashindano simulate --preset gomoku-league`) as a document:
each month's list, matches, points broken down by rule, coefficients, removals, prizes,
entries, leaves and sanctions. Shaping only: every decision is the engine's
(`engine.gomoku.simulation`).

JSON conventions (exactness stays visible):
- points and exact coefficients are strings holding the exact value: an integer ("22"), a
  terminating decimal ("12.5", "1.8") or a fraction when the decimal would not end ("50/3");
- coefficients also carry "display", the 3-decimal form the league publishes (A17: "1.833");
- instants are ISO 8601 strings in UTC.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from mashindano.app.documents.values import format_exact
from mashindano.engine.gomoku.ladder import format_coefficient
from mashindano.engine.gomoku.leaves import Rejection
from mashindano.engine.gomoku.newcomers import Registration
from mashindano.engine.gomoku.prizes import Prize
from mashindano.engine.gomoku.scoring import (
    GameWinner,
    MatchStatus,
    PointsBreakdown,
    format_games,
)
from mashindano.engine.gomoku.simulation import LeagueSimulation, SimulatedMatch, SimulatedMonth
from mashindano.engine.model import CompetitorId
from mashindano.engine.timestamps import as_utc


@dataclass(frozen=True, slots=True)
class GomokuSimulationDocument:
    simulation: LeagueSimulation

    def to_json(self) -> dict[str, Any]:
        return simulation_json(self.simulation)


def simulation_json(sim: LeagueSimulation) -> dict[str, Any]:
    """`{"months": [{"list", "matches", "points", "coefficients", "removed", "prizes",
    "newcomers", "returning", "registrations", "on_leave", "leave_requests", "flagged",
    "sanctioned"}]}`."""
    return {"months": [_month_json(sim, month) for month in sim.months]}


def _month_json(sim: LeagueSimulation, month: SimulatedMonth) -> dict[str, Any]:
    outcome = month.outcome
    return {
        "list": [
            {
                "position": position,
                "id": entry.competitor,
                "name": sim.name_of(entry.competitor),
                "coefficient": format_coefficient(entry.coefficient),
                "coefficient_exact": format_exact(entry.coefficient),
                "entry": entry_kind(month, entry.competitor),
            }
            for position, entry in enumerate(month.stage.ladder, start=1)
        ],
        "matches": [_match_json(match) for match in month.matches],
        "points": {c: _points_json(b) for c, b in outcome.points.items()},
        "coefficients": {
            c: {
                "old": format_exact(u.old),
                "stage": format_exact(u.stage),
                "new": format_exact(u.new),
                "display": format_coefficient(u.new),
                "start_position": u.start_position,
                "end_position": u.end_position,
                "removed": u.removed,
            }
            for c, u in outcome.ranking.updates.items()
        },
        "removed": [
            {
                "id": c,
                "name": sim.name_of(c),
                "coefficient": format_coefficient(outcome.ranking.updates[c].new),
                "coefficient_exact": format_exact(outcome.ranking.updates[c].new),
            }
            for c in outcome.ranking.removed
        ],
        "prizes": [_prize_json(sim, prize) for prize in outcome.prizes],
        **_entries_json(sim, month),
        **_discipline_json(sim, month),
    }


def _utc(at: datetime) -> datetime:
    return as_utc(at, "instant")


def _instant(at: datetime) -> str:
    return _utc(at).isoformat()


class _Refusals:
    """The month's refusals handed out to the refused requests, matched on player and time
    in the order the engine decided them."""

    def __init__(self, rejected: tuple[Rejection, ...]) -> None:
        self.left = list(rejected)

    def take(self, competitor: CompetitorId, at: datetime) -> dict[str, str] | None:
        for index, rejection in enumerate(self.left):
            if rejection.competitor == competitor and rejection.at == at:
                del self.left[index]
                return {"code": rejection.code, "reason": rejection.message}
        return None


def _entries_json(sim: LeagueSimulation, month: SimulatedMonth) -> dict[str, Any]:
    """Who asked to come in or to stay out this month, when, and what the rules decided."""
    stage = month.stage
    refusals = _Refusals(stage.rejected)
    entered: dict[CompetitorId, Registration] = {}
    registrations = []
    for registration in sorted(month.registrations, key=lambda r: _utc(r.received_at)):
        who = registration.competitor.id
        accepted = any(registration is r for r in stage.accepted_registrations)
        if accepted:
            entered[who] = registration
        registrations.append(
            {
                "id": who,
                "name": registration.competitor.name,
                "applied_at": _instant(registration.received_at),
                "site_games": registration.recorded_site_games,
                "accepted_by_organiser": registration.accepted_by_organiser,
                "entered_as": entry_kind(month, who) if accepted else None,
                "refusal": None if accepted else refusals.take(who, registration.received_at),
            }
        )
    leave_requests = []
    for request in sorted(month.leave_requests, key=lambda r: _utc(r.notified_at)):
        accepted = any(request is r for r in stage.accepted_leaves)
        leave_requests.append(
            {
                "id": request.competitor,
                "name": sim.name_of(request.competitor),
                "notified_at": _instant(request.notified_at),
                "refusal": None
                if accepted
                else refusals.take(request.competitor, request.notified_at),
            }
        )
    notified = {r.competitor: r.notified_at for r in stage.accepted_leaves}
    return {
        "newcomers": [
            {
                "id": c,
                "name": sim.name_of(c),
                "applied_at": _instant(entered[c].received_at),
                "site_games": entered[c].recorded_site_games,
            }
            for c in stage.newcomers
        ],
        "returning": [
            {"id": c, "name": sim.name_of(c), "applied_at": _instant(entered[c].received_at)}
            for c in stage.returning
        ],
        "registrations": registrations,
        "on_leave": [
            {"id": c, "name": sim.name_of(c), "notified_at": _instant(notified[c])}
            for c in stage.on_leave
        ],
        "leave_requests": leave_requests,
    }


def _discipline_json(sim: LeagueSimulation, month: SimulatedMonth) -> dict[str, Any]:
    """R40-R41: the players flagged as disinterested, and those of them sanctioned with the
    suspension that follows (None for a player removed by the month end instead)."""
    outcome = month.outcome
    suspensions = {s.competitor: s for s in outcome.suspensions}
    sanctioned = [c for c in month.stage.ladder.ids if c in outcome.sanctioned]
    return {
        "flagged": [{"id": c, "name": sim.name_of(c)} for c in month.flagged],
        "sanctioned": [
            {
                "id": c,
                "name": sim.name_of(c),
                "suspended_from": str(suspensions[c].first_month) if c in suspensions else None,
                "stages": suspensions[c].stages if c in suspensions else None,
            }
            for c in sanctioned
        ],
    }


def entry_kind(month: SimulatedMonth, competitor: CompetitorId) -> str:
    stage = month.stage
    if competitor in stage.newcomers:
        return "newcomer"
    if competitor in stage.returning:
        return "returning"
    if competitor in stage.back_from_leave:
        return "back-from-leave"
    return "continuing"


def _match_json(simulated: SimulatedMatch) -> dict[str, Any]:
    planned = simulated.planned
    match = planned.match
    result = simulated.result
    upper_wins = result.games.count(GameWinner.UPPER)
    lower_wins = result.games.count(GameWinner.LOWER)
    return {
        "upper": match.upper,
        "lower": match.lower,
        "positions": [match.upper_position, match.lower_position],
        "status": result.status.value,
        "games": format_games(result.games),
        "score": f"{upper_wins}-{lower_wins}" if result.status is MatchStatus.PLAYED else None,
        "absent": result.absent,
        "reported_games": format_games(simulated.reported_games),
        "validation": simulated.validation.value if simulated.validation else None,
        "played_at": simulated.played_at.isoformat() if simulated.played_at else None,
        "reported_at": simulated.reported_at.isoformat() if simulated.reported_at else None,
        "may_play_from": planned.may_play_from.isoformat(),
        "opening": planned.opening.rule.value,
        "opening_chooser": planned.opening.chooser,
    }


def _points_json(breakdown: PointsBreakdown) -> dict[str, Any]:
    return {
        "total": format_exact(breakdown.total),
        "match_points": format_exact(breakdown.match_points),
        "game_points": format_exact(breakdown.game_points),
        "compensation": format_exact(breakdown.compensation),
        "participation_bonus": format_exact(breakdown.participation_bonus),
        "completion_bonus": format_exact(breakdown.completion_bonus),
        "top_match_bonus": format_exact(breakdown.top_match_bonus),
        "multiplier": format_exact(breakdown.multiplier),
        "ex_officio": format_exact(breakdown.ex_officio),
        "played_nothing_at_bottom": breakdown.played_nothing_at_bottom,
        "games_played": breakdown.games_played,
        "mandatory_games": breakdown.mandatory_games,
        "matches_played": breakdown.matches_played,
        "position": breakdown.position,
    }


def _prize_json(sim: LeagueSimulation, prize: Prize) -> dict[str, Any]:
    return {
        "kind": prize.kind.value,
        "id": prize.competitor,
        "name": sim.name_of(prize.competitor),
        "place": prize.place,
        "points": prize.points,
        "places_gained": prize.places_gained,
    }
