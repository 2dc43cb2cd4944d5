"""Registrations and newcomers (R4-R10, R16, R17, A12, A13, A15, A27).

A first-time entrant is a *newcomer*: placed just above the last two continuing players, with a
coefficient taken from the bottom of the list. A player who had a coefficient before (removed,
or back from a suspension) is *returning*: they keep that coefficient and are placed by it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from fractions import Fraction

from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku.ladder import Ladder, LadderEntry, insert_by_coefficient
from mashindano.engine.gomoku.months import Month
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.gomoku.windows import is_registration_open, registration_closes_at
from mashindano.engine.model import Competitor, CompetitorId


class Membership(StrEnum):
    """Where a player stands with the league when a stage begins."""

    NEW = "new"
    """Never had a coefficient: a newcomer if the registration is accepted."""
    CONTINUING = "continuing"
    """On the list, or back from leave: continues without registering (R5, A27)."""
    REMOVED = "removed"
    """Removed below 0.500 (R15): may come back by registering, at the organiser's word (R9)."""
    SUSPENDED = "suspended"
    """Serving a suspension this month (R8)."""
    SUSPENSION_SERVED = "suspension-served"
    """Suspension over: must register again to come back (R10)."""
    EXCLUDED = "excluded"
    """Excluded for good by the referee (R44)."""


class Entry(StrEnum):
    NEWCOMER = "newcomer"
    RETURNING = "returning"


@dataclass(frozen=True, slots=True)
class Registration:
    """A registration message received by the organiser (R4), with the facts it rests on."""

    competitor: Competitor
    received_at: datetime
    site_games: int | None = None
    """R6: games played on the site under this nickname; None takes `competitor.games_played`."""
    accepted_by_organiser: bool = True
    """R9: the organiser's decision on a player removed for a low coefficient."""

    @property
    def recorded_site_games(self) -> int | None:
        if self.site_games is not None:
            return self.site_games
        return self.competitor.games_played


def check_registration(
    registration: Registration,
    month: Month,
    membership: Membership,
    parameters: GomokuParameters = GOMOKU_LEAGUE,
) -> Entry:
    """Accept a registration for `month`'s stage or raise IllegalResult saying why not."""
    who = registration.competitor.id
    if not is_registration_open(month, registration.received_at, parameters):
        window = parameters.registration_window_days
        raise IllegalResult(
            f"registration of {who} received {registration.received_at.isoformat()} is outside "
            f"days {window} of {month} (closed at {registration_closes_at(month, parameters)})",
            code="registration_closed",
            competitor=who,
        )
    match membership:
        case Membership.CONTINUING:
            raise IllegalResult(
                f"{who} is already in the league and continues without registering (R5)",
                code="already_in_league",
                competitor=who,
            )
        case Membership.SUSPENDED | Membership.EXCLUDED:
            raise IllegalResult(
                f"{who} is under a suspension in {month} and may not enter (R8)",
                code="suspended",
                competitor=who,
            )
        case Membership.REMOVED:
            if not registration.accepted_by_organiser:
                raise IllegalResult(
                    f"the organiser did not accept {who} back after removal (R9)",
                    code="not_accepted",
                    competitor=who,
                )
            return Entry.RETURNING
        case Membership.SUSPENSION_SERVED:
            return Entry.RETURNING
        case Membership.NEW:
            games = registration.recorded_site_games
            if games is None or games < parameters.newcomer_min_site_games:
                raise IllegalResult(
                    f"{who} has {games if games is not None else 'no recorded'} games on the "
                    f"site; a newcomer needs at least {parameters.newcomer_min_site_games} (R6)",
                    code="too_few_site_games",
                    competitor=who,
                    games=games,
                )
            return Entry.NEWCOMER


def compute_newcomer_coefficient(
    continuing: Ladder, parameters: GomokuParameters = GOMOKU_LEAGUE
) -> Fraction:
    """R17, A12: from the last three continuing players (antepenultimate, penultimate, last).

    (a) 1.000 when the last two are both below 1 and the antepenultimate is above 1;
    (b) otherwise the mean of the antepenultimate and the penultimate.
    With fewer than three continuing players the rule has nothing to read, and the default
    coefficient of (a) is used.
    """
    if len(continuing) < 3:
        return parameters.newcomer_default_coefficient
    antepenultimate, penultimate, last = (e.coefficient for e in continuing.entries[-3:])
    one = parameters.newcomer_default_coefficient
    if penultimate < one and last < one and antepenultimate > one:
        return one
    return (antepenultimate + penultimate) / 2


def place_newcomers(
    continuing: Ladder,
    newcomers: Sequence[CompetitorId],
    parameters: GomokuParameters = GOMOKU_LEAGUE,
) -> Ladder:
    """R16, A13: newcomers, earliest application first, just above the last two continuing
    players, all with the same coefficient (R17)."""
    if not newcomers:
        return continuing
    coefficient = compute_newcomer_coefficient(continuing, parameters)
    split = max(len(continuing) - 2, 0)
    inserted = tuple(LadderEntry(c, coefficient) for c in newcomers)
    return Ladder((*continuing.entries[:split], *inserted, *continuing.entries[split:]))


def place_returning(ladder: Ladder, returning: Sequence[LadderEntry]) -> Ladder:
    """A27: returning players keep their stored coefficient and are placed by it."""
    for entry in returning:
        ladder = insert_by_coefficient(ladder, entry)
    return ladder
