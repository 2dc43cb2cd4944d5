"""A Gomoku league month as it is published (gomoku-league R11-R47): the month table (position,
coefficient carried in and after the month, each player's points broken down by rule,
movement up or down, newcomer, returning, leave and suspension markers, prizes and the league
star) and the month's matches with the state of their reports.

Built from the league replay (`gomoku_league_history.derive_history`, the engine's month end);
no rule here. It is Django-free: the months of the event's summary (`presets.event_summary`)
are this document's JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from django.utils.translation import gettext

from mashindano.app.documents.place import PlayerRef
from mashindano.app.error_texts import shown
from mashindano.app.marks import gettext_noop
from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku import format_coefficient
from mashindano.engine.gomoku.parameters import GomokuParameters
from mashindano.engine.gomoku.prizes import PrizeKind
from mashindano.engine.gomoku.scoring import PointsBreakdown
from mashindano.engine.gomoku.windows import dispute_closes_at
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.timestamps import as_utc
from mashindano.presets.gomoku_league.history import LeagueHistory, MonthRecord
from mashindano.store.facts import EncounterFact, GameFact, Json, ResultStatus


@dataclass(frozen=True, slots=True)
class PointsItem:
    """One item of a player's monthly points, with the rule that gives it."""

    label: str
    value: Fraction
    spec: str


@dataclass(frozen=True, slots=True)
class MonthPoints:
    """A player's monthly points item by item (R32-R39)."""

    breakdown: PointsBreakdown

    @property
    def total(self) -> Fraction:
        return self.breakdown.total

    @property
    def items(self) -> tuple[PointsItem, ...]:
        """The items that add up, in the order the rules apply them."""
        b = self.breakdown
        return (
            PointsItem(gettext("match points"), b.match_points, "gomoku-league R32"),
            PointsItem(gettext("game points"), b.game_points, "gomoku-league R33"),
            PointsItem(gettext("compensation"), b.compensation, "gomoku-league R42"),
            PointsItem(gettext("participation bonus"), b.participation_bonus, "gomoku-league R34"),
            PointsItem(gettext("completion bonus"), b.completion_bonus, "gomoku-league R35"),
            PointsItem(gettext("top match bonus"), b.top_match_bonus, "gomoku-league R36, R37"),
            PointsItem(gettext("multiplier"), b.multiplier, "gomoku-league R36, R37"),
            PointsItem(gettext("ex officio"), b.ex_officio, "gomoku-league R38, R39"),
        )

    @property
    def games(self) -> str:
        """ "6/8": games played of the mandatory games (R19)."""
        return f"{self.breakdown.games_played}/{self.breakdown.mandatory_games}"


@dataclass(frozen=True, slots=True)
class MonthRow:
    """One line of the month table."""

    position: int
    """Position on the month's list (the start position)."""
    player: PlayerRef
    coefficient: Fraction
    """The coefficient carried into the month."""
    points: MonthPoints
    new_coefficient: Fraction | None
    """After the month (R12); provisional while the month runs."""
    end_position: int | None
    """Place on the updated list (R14)."""
    markers: tuple[str, ...]
    """newcomer, returning, back from leave, sanctioned (R40), suspended, removed."""
    prizes: tuple[str, ...]
    """league-star, place N, progress (+N places)."""

    @property
    def movement(self) -> int | None:
        """Places gained (positive) or lost (negative) on the updated list."""
        return None if self.end_position is None else self.position - self.end_position

    @property
    def movement_label(self) -> str:
        move = self.movement
        if move is None:
            return ""
        return f"+{move}" if move > 0 else str(move) if move < 0 else "="

    @property
    def coefficient_label(self) -> str:
        """The coefficient as the league publishes it (three decimals, A17)."""
        return format_coefficient(self.coefficient)

    @property
    def new_coefficient_label(self) -> str:
        """The coefficient after the month as the league publishes it; "" before it ends."""
        return "" if self.new_coefficient is None else format_coefficient(self.new_coefficient)


@dataclass(frozen=True, slots=True)
class MatchGame:
    number: int
    first: CompetitorId
    """Who moves first in this game."""
    result: str
    status: str
    """The report state: pending, reported, confirmed, disputed, ruled, corrected."""
    final_at: datetime | None = None
    """A reported result nobody confirmed or disputed is final from then (R47: 24 h after its
    first report); derived, never stored."""


@dataclass(frozen=True, slots=True)
class MonthMatch:
    """A match of the month (positions ±1 and ±2, R18) and where its reports stand."""

    board: int
    upper: PlayerRef
    lower: PlayerRef
    may_play_from: datetime
    """R21: the bottom third and the month's newcomers wait until registration closes."""
    opening: str
    status: str
    """What the month end counts: played, no-show or unplayed (A2, A11, A28)."""
    games: tuple[MatchGame, ...]

    @property
    def validation(self) -> str:
        """Where the reports stand: unreported, disputed, reported (awaiting confirmation) or
        validated (every reported game confirmed or ruled)."""
        states = {g.status for g in self.games if g.status != ResultStatus.PENDING.value}
        if not states:
            return "unreported"
        if ResultStatus.DISPUTED.value in states:
            return "disputed"
        if ResultStatus.REPORTED.value in states:
            return "reported"
        return "validated"


@dataclass(frozen=True, slots=True)
class Suspension:
    player: CompetitorId
    first_month: str
    stages: int | None
    """None: for good."""
    reason: str


@dataclass(frozen=True, slots=True)
class MonthPrize:
    kind: str
    player: CompetitorId
    points: int | None
    place: int | None
    places_gained: int | None


@dataclass(frozen=True, slots=True)
class Rejected:
    player: CompetitorId
    code: str
    reason: str


@dataclass(frozen=True, slots=True)
class GomokuMonthDocument:
    number: int
    month: str
    closed: bool
    """A closed month is final; an open one shows points so far (provisional)."""
    rows: tuple[MonthRow, ...]
    matches: tuple[MonthMatch, ...]
    newcomers: tuple[CompetitorId, ...]
    returning: tuple[CompetitorId, ...]
    on_leave: tuple[CompetitorId, ...]
    rejected: tuple[Rejected, ...]
    removed: tuple[CompetitorId, ...]
    suspensions: tuple[Suspension, ...]
    prizes: tuple[MonthPrize, ...]

    @property
    def title(self) -> str:
        state = gettext("final") if self.closed else gettext("in progress")
        return gettext("Month {number} ({month}), {state}").format(
            number=self.number, month=self.month, state=state
        )

    @property
    def league_star(self) -> CompetitorId | None:
        for prize in self.prizes:
            if prize.kind == PrizeKind.LEAGUE_STAR.value:
                return prize.player
        return None

    def to_json(self) -> dict[str, Json]:
        return {
            "number": self.number,
            "month": self.month,
            "closed": self.closed,
            "list": [
                {
                    "position": row.position,
                    "player": row.player.id,
                    "coefficient": format_coefficient(row.coefficient),
                    "coefficient_exact": str(row.coefficient),
                }
                for row in self.rows
            ],
            "newcomers": list(self.newcomers),
            "returning": list(self.returning),
            "on_leave": list(self.on_leave),
            "rejected": [
                {"player": r.player, "code": r.code, "reason": r.reason} for r in self.rejected
            ],
            "matches": [
                {
                    "board": m.board,
                    "upper": m.upper.id,
                    "lower": m.lower.id,
                    "may_play_from": instant_text(m.may_play_from),
                    "opening": m.opening,
                    "status": m.status,
                    "games": [
                        {
                            "game": g.number,
                            "result": g.result,
                            "status": g.status,
                            "final_at": g.final_at.isoformat() if g.final_at else None,
                        }
                        for g in m.games
                    ],
                }
                for m in self.matches
            ],
            "removed": list(self.removed),
            "suspensions": [
                {"player": s.player, "from": s.first_month, "stages": s.stages, "reason": s.reason}
                for s in self.suspensions
            ],
            "prizes": [
                {"kind": p.kind, "player": p.player, "points": p.points, "place": p.place}
                for p in self.prizes
            ],
        }


@dataclass(frozen=True, slots=True)
class GomokuLeagueDocument:
    season_months: int
    first_month: str | None
    months: tuple[GomokuMonthDocument, ...]

    @property
    def current(self) -> GomokuMonthDocument | None:
        return self.months[-1] if self.months else None

    def to_json(self) -> dict[str, Json]:
        """The keys the event summary has always had beyond the common ones."""
        return {
            "season_months": self.season_months,
            "first_month": self.first_month,
            "months": [m.to_json() for m in self.months],
        }


def gomoku_league_document(
    history: LeagueHistory, competitors: Mapping[CompetitorId, Competitor]
) -> GomokuLeagueDocument:
    return GomokuLeagueDocument(
        season_months=history.parameters.season_months,
        first_month=str(history.first_month) if history.first_month else None,
        months=tuple(gomoku_month_document(record, competitors) for record in history.months),
    )


def gomoku_month_document(
    record: MonthRecord, competitors: Mapping[CompetitorId, Competitor]
) -> GomokuMonthDocument:
    outcome = record.outcome
    stage = record.stage
    closed = record.is_closed
    league = record.league.parameters

    def ref(competitor: CompetitorId) -> PlayerRef:
        return PlayerRef.lookup(dict(competitors), competitor)

    prizes = tuple(
        MonthPrize(p.kind.value, p.competitor, p.points, p.place, p.places_gained)
        for p in outcome.prizes
    )
    suspended = {s.competitor for s in outcome.suspensions}
    rows = []
    for position, entry in enumerate(stage.ladder, start=1):
        who = entry.competitor
        update = outcome.ranking.updates.get(who)
        markers = []
        if who in stage.newcomers:
            markers.append(gettext_noop("newcomer"))
        if who in stage.returning:
            markers.append(gettext_noop("returning"))
        if who in stage.back_from_leave:
            markers.append(gettext_noop("back from leave"))
        if who in outcome.sanctioned:
            markers.append(gettext_noop("sanctioned"))
        if closed and who in suspended:
            markers.append(gettext_noop("suspended"))
        if closed and who in outcome.ranking.removed:
            markers.append(gettext_noop("removed"))
        rows.append(
            MonthRow(
                position=position,
                player=ref(who),
                coefficient=entry.coefficient,
                points=MonthPoints(outcome.points[who]),
                new_coefficient=update.new if update is not None else None,
                end_position=update.end_position if update is not None else None,
                markers=tuple(markers),
                prizes=tuple(_prize_label(p) for p in prizes if p.player == who) if closed else (),
            )
        )
    encounters = _encounters_by_pair(record)
    matches = []
    for board, planned in enumerate(record.planned, start=1):
        match = planned.match
        encounter = encounters.get((match.upper, match.lower))
        games = () if encounter is None else encounter.games
        matches.append(
            MonthMatch(
                board=board,
                upper=ref(match.upper),
                lower=ref(match.lower),
                may_play_from=planned.may_play_from,
                opening=planned.opening.rule.value,
                status=outcome.results[match].status.value,
                games=tuple(
                    MatchGame(
                        g.number, g.first, g.result.value, g.status.value, _final_at(g, league)
                    )
                    for g in sorted(games, key=lambda g: g.number)
                ),
            )
        )
    return GomokuMonthDocument(
        number=record.number,
        month=str(record.month),
        closed=closed,
        rows=tuple(rows),
        matches=tuple(matches),
        newcomers=tuple(stage.newcomers),
        returning=tuple(stage.returning),
        on_leave=tuple(stage.on_leave),
        rejected=tuple(
            Rejected(r.competitor, r.code, shown(IllegalResult(r.message, code=r.code)))
            for r in stage.rejected
        ),
        removed=tuple(outcome.ranking.removed) if closed else (),
        suspensions=tuple(
            Suspension(s.competitor, str(s.first_month), s.stages, s.reason.value)
            for s in outcome.suspensions
        )
        if closed
        else (),
        prizes=prizes if closed else (),
    )


def _encounters_by_pair(
    record: MonthRecord,
) -> dict[tuple[CompetitorId, CompetitorId | None], EncounterFact]:
    if record.round is None:
        return {}
    return {(e.first, e.second): e for e in record.round.encounters}


def _prize_label(prize: MonthPrize) -> str:
    if prize.kind == PrizeKind.PLACE.value:
        return gettext("place {place}").format(place=prize.place)
    if prize.kind == PrizeKind.PROGRESS.value and prize.places_gained is not None:
        return gettext("progress (+{places} places)").format(places=prize.places_gained)
    return prize.kind  # league-star: the page says it in words (`value_words`)


def instant_text(at: datetime) -> str:
    """ "2026-03-08 00:00 UTC"."""
    return f"{as_utc(at, 'instant'):%Y-%m-%d %H:%M} UTC"


def _final_at(game: GameFact, league: GomokuParameters) -> datetime | None:
    """R47: a reported result is final 24 h after its first report unless disputed."""
    reported = [r.at for r in game.reports if r.result is not None]
    if not reported or game.status is not ResultStatus.REPORTED:
        return None
    return dispute_closes_at(min(reported), league)
