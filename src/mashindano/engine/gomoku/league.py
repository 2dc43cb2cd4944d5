"""The league between two stages: who continues, every stored coefficient, and the records
(leaves, suspensions, removals) that decide who may play next month.

A `League` is the state *before* the stage of `month`. `stage.start_stage` builds that month's
list from it and `stage.close_stage` returns the league for the month after.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from mashindano.engine.errors import ConfigError
from mashindano.engine.gomoku.discipline import Suspension
from mashindano.engine.gomoku.ladder import Ladder, LadderEntry, found_ladder
from mashindano.engine.gomoku.months import Month
from mashindano.engine.gomoku.newcomers import Membership
from mashindano.engine.gomoku.parameters import GOMOKU_LEAGUE, GomokuParameters
from mashindano.engine.model import Competitor, CompetitorId


@dataclass(frozen=True, slots=True)
class League:
    """The league as it stands before the stage of `month`."""

    month: Month
    ranking: Ladder
    """Players who continue automatically from the previous stage, in list order, with their
    stored coefficients (removed and newly suspended players already left out)."""
    competitors: Mapping[CompetitorId, Competitor]
    """Everyone ever admitted."""
    coefficients: Mapping[CompetitorId, Fraction]
    """R7: the one stored coefficient of everyone ever admitted."""
    back_from_leave: tuple[CompetitorId, ...] = ()
    """Players who spent the previous stage on leave; they continue without registering."""
    removed: frozenset[CompetitorId] = frozenset()
    suspensions: tuple[Suspension, ...] = ()
    leaves: Mapping[CompetitorId, tuple[Month, ...]] = field(default_factory=dict)
    sanction_streak: frozenset[CompetitorId] = frozenset()
    """Players whose last stage played ended in a sanction (R41: the next one counts double)."""
    parameters: GomokuParameters = GOMOKU_LEAGUE

    def membership(self, competitor: CompetitorId) -> Membership:
        if competitor not in self.coefficients:
            return Membership.NEW
        for suspension in self.suspensions:
            if suspension.competitor == competitor and suspension.covers(self.month):
                return Membership.EXCLUDED if suspension.stages is None else Membership.SUSPENDED
        if competitor in self.ranking or competitor in self.back_from_leave:
            return Membership.CONTINUING
        if competitor in self.removed:
            return Membership.REMOVED
        return Membership.SUSPENSION_SERVED

    @property
    def members(self) -> tuple[CompetitorId, ...]:
        """Everyone who will be on the list unless they take a leave."""
        return (*self.ranking.ids, *self.back_from_leave)

    def stored_entry(self, competitor: CompetitorId) -> LadderEntry:
        return LadderEntry(competitor, self.coefficients[competitor])


def check_roster(players: Sequence[Competitor], parameters: GomokuParameters) -> None:
    """Refuse a founding list with too few players, or a repeated id or name (R7)."""
    if len(players) < parameters.min_players:
        raise ConfigError(
            f"a Gomoku league needs at least {parameters.min_players} players (A26), "
            f"got {len(players)}",
            players=len(players),
            minimum=parameters.min_players,
        )
    seen_ids: set[str] = set()
    seen_names: set[str] = set()
    for player in players:
        if player.id in seen_ids:
            raise ConfigError(
                f"player id {player.id!r} appears twice (R7: one nickname per player)",
                competitor=player.id,
            )
        name = player.name.strip().casefold()
        if name in seen_names:
            raise ConfigError(
                f"player name {player.name!r} appears twice (R7: one nickname per player)",
                name=player.name,
            )
        seen_ids.add(player.id)
        seen_names.add(name)


def found_league(
    ranked: Sequence[Competitor],
    first_month: Month,
    parameters: GomokuParameters = GOMOKU_LEAGUE,
) -> League:
    """A new league from a ranked list (R11, A18): founding coefficients, first stage next."""
    check_roster(ranked, parameters)
    ladder = found_ladder([p.id for p in ranked], parameters)
    return League(
        month=first_month,
        ranking=ladder,
        competitors={p.id: p for p in ranked},
        coefficients={e.competitor: e.coefficient for e in ladder},
        parameters=parameters,
    )
