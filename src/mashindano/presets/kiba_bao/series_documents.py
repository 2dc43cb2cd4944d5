"""KIBA championship series: the championship table (R37, R38), a tournament's country table
(R41), the countries event's teams and games (R42) and the master tournament created (R39).
The engine computes them (`engine.kiba.championship` through `app.series`); these documents
carry what a page shows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext

from mashindano.app.documents.place import PlayerRef
from mashindano.engine.points import Points, points_to_json
from mashindano.presets.kiba_bao.series import (
    CountriesEvent,
    CountryRanking,
    MasterEvent,
    SeriesStandings,
    country_ranking,
    series_standings,
)
from mashindano.store.facts import Json


@dataclass(frozen=True, slots=True)
class TournamentColumn:
    number: int
    slug: str
    name: str
    state: str
    status: str
    """final, or provisional while the tournament runs."""

    @property
    def heading(self) -> str:
        return f"T{self.number} {self.slug}" + ("" if self.status == "final" else "*")


@dataclass(frozen=True, slots=True)
class ChampionshipLine:
    rank: int
    shared: bool
    player: PlayerRef
    points: tuple[Points, ...]
    """Championship points in each tournament, in the order of the table's tournaments."""
    total: Points

    @property
    def rank_label(self) -> str:
        return ("=" if self.shared else "") + str(self.rank)


@dataclass(frozen=True, slots=True)
class ChampionshipTable:
    series: str
    name: str
    provisional: bool
    tournaments: tuple[TournamentColumn, ...]
    rows: tuple[ChampionshipLine, ...]
    tournament_limit: int

    @property
    def title(self) -> str:
        return f"{self.name}: championship" + (" (provisional)" if self.provisional else "")

    def to_json(self) -> dict[str, Json]:
        return {
            "series": self.series,
            "name": self.name,
            "provisional": self.provisional,
            "tournaments": [
                {
                    "number": t.number,
                    "slug": t.slug,
                    "name": t.name,
                    "state": t.state,
                    "status": t.status,
                }
                for t in self.tournaments
            ],
            "rows": [
                {
                    "rank": row.rank,
                    "shared": row.shared,
                    "player": row.player.id,
                    "name": row.player.name,
                    "country": row.player.country,
                    "points": [points_to_json(p) for p in row.points],
                    "total": points_to_json(row.total),
                }
                for row in self.rows
            ],
        }


def build_championship_table(series: str) -> ChampionshipTable:
    return championship_document(series_standings(series))


def championship_document(table: SeriesStandings) -> ChampionshipTable:
    ranks = [row.rank for row in table.rows]
    return ChampionshipTable(
        series=table.slug,
        name=table.name,
        provisional=table.provisional,
        tournaments=tuple(
            TournamentColumn(t.number, t.slug, t.name, t.state.value, t.status.value)
            for t in table.tournaments
        ),
        rows=tuple(
            ChampionshipLine(
                row.rank,
                ranks.count(row.rank) > 1,
                PlayerRef.of(row.competitor),
                row.points,
                row.total,
            )
            for row in table.rows
        ),
        tournament_limit=table.parameters.series_tournaments,
    )


@dataclass(frozen=True, slots=True)
class CountryLine:
    rank: int
    country: str
    total: Points
    counted: tuple[Points, ...]
    """The best individual scores that make the total, highest first."""
    players: int


@dataclass(frozen=True, slots=True)
class CountryTable:
    event: str
    status: str
    rows: tuple[CountryLine, ...]
    unranked: tuple[tuple[str, int], ...]
    """(country, players) of countries with too few players to be ranked (R41)."""

    @property
    def title(self) -> str:
        provisional = gettext(" (provisional)") if self.status != "final" else ""
        return gettext("Countries after {event}{provisional}").format(
            event=self.event, provisional=provisional
        )

    def to_json(self) -> dict[str, Json]:
        return {
            "event": self.event,
            "status": self.status,
            "rows": [
                {
                    "rank": row.rank,
                    "country": row.country,
                    "total": points_to_json(row.total),
                    "counted": [points_to_json(p) for p in row.counted],
                    "players": row.players,
                }
                for row in self.rows
            ],
            "unranked": [{"country": c, "players": n} for c, n in self.unranked],
        }


def build_country_table(event: str, decision: Sequence[str] = ()) -> CountryTable:
    return country_document(country_ranking(event, decision=decision))


def country_document(ranking: CountryRanking) -> CountryTable:
    return CountryTable(
        event=ranking.slug,
        status=ranking.status.value,
        rows=tuple(
            CountryLine(r.rank, r.country, r.total, r.counted, r.players) for r in ranking.rows
        ),
        unranked=ranking.unranked,
    )


@dataclass(frozen=True, slots=True)
class CountriesTeam:
    country: str
    players: tuple[PlayerRef, ...]


@dataclass(frozen=True, slots=True)
class CountriesGame:
    game: int | None
    south: str
    north: str


@dataclass(frozen=True, slots=True)
class CountriesEventDocument:
    event: str
    teams: tuple[CountriesTeam, ...]
    games: tuple[CountriesGame, ...]
    ranking: CountryTable
    created: str | None = None
    """The slug of the kiba-countries event, once created."""

    def to_json(self) -> dict[str, Json]:
        return {
            "event": self.event,
            "teams": [
                {"country": t.country, "players": [p.id for p in t.players]} for t in self.teams
            ],
            "games": [{"game": g.game, "south": g.south, "north": g.north} for g in self.games],
            "ranking": self.ranking.to_json(),
            "created": self.created,
        }


def countries_event_document(
    plan: CountriesEvent, created: str | None = None
) -> CountriesEventDocument:
    return CountriesEventDocument(
        event=plan.slug,
        teams=tuple(
            CountriesTeam(t.country, tuple(PlayerRef(p.id, p.name) for p in t.players))
            for t in plan.teams
        ),
        games=tuple(CountriesGame(g.encounter, g.first, g.second) for g in plan.games),
        ranking=country_document(plan.ranking),
        created=created,
    )


@dataclass(frozen=True, slots=True)
class MasterEventDocument:
    event: str
    series: str
    state: str
    players: tuple[PlayerRef, ...]

    def to_json(self) -> dict[str, Json]:
        return {
            "event": self.event,
            "series": self.series,
            "state": self.state,
            "players": [p.id for p in self.players],
        }


def master_event_document(created: MasterEvent) -> MasterEventDocument:
    return MasterEventDocument(
        event=created.facts.slug,
        series=created.standings.slug,
        state=created.facts.state.value,
        players=tuple(PlayerRef.of(c) for c in created.players),
    )
