"""The `kiba-countries` preset: the KIBA countries event (shared/spec/kiba-bao.md R42, A19).

Two countries field three players each; every player meets each player of the other country
once, one game, the higher KIBA score South (the engine's `countries_event_games`), so the
event is one round of nine single games. Each game won earns the winner's country a point and
more points wins (`countries_event_result`); with no drawn Bao game (A23) nine games cannot end
4.5-4.5 (E9), and only a double forfeit can leave the countries level. That arithmetic is the
team model's (`engine.kiba.countries_team_event`): each country an `engine.teams` `Team`, the
nine games one `TeamMatch` of nine boards, the points its game points, the winner the country
first by game points.

Who plays is read from the entries: each entry's country (`Competitor.country`) is its team.
The parameter `countries` names the two countries; left empty, the entries must come from
exactly two countries. Each country fields its `countries_event_players` best entries by KIBA
score (then order of entry); entries beyond those, and entries of other countries, sit out.
An event created from a tournament (`app.series.create_countries_event`) holds exactly the six
players A19 chose, registered in the tournament's seed order, so numbering by KIBA score then
entry reproduces the tournament's South choices for equal KIBA scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction

from django.utils.translation import gettext, gettext_noop

from mashindano.app.declarations import parameter_notes
from mashindano.app.declarations.parameters import ParameterSchema, schema_of
from mashindano.app.errors import WrongState
from mashindano.app.formats.base import (
    PairingPlan,
    PairingUnit,
    PlannedEncounter,
    PlannedGame,
    PlannedStage,
    StandingsLine,
    StandingsTable,
    StartPlan,
)
from mashindano.app.formats.parts import LEAVES, PLAYERS_EXPORT, BaseAdapter
from mashindano.app.person_record import with_site_figures
from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.kiba import (
    CountriesResult,
    CountryTeam,
    KibaParameters,
    countries_event_games,
    countries_event_result,
    kiba_parameters,
)
from mashindano.engine.kiba.seeding import SeededPlayer, as_kiba_rates, seed_player
from mashindano.engine.model import (
    Competitor,
    CompetitorId,
    Game,
    GameResult,
    Outcome,
    Side,
)
from mashindano.engine.parameters import override
from mashindano.store.facts import EventFacts, EventState, Json, LeaveFact

PRESET_NAME = "kiba-countries"
STAGE = 1
ROUND = 1
COUNTRIES = 2
"""R42: the two top countries of a tournament's country ranking."""

_BAO_RESULTS = (
    GameResult.FIRST_WINS,
    GameResult.SECOND_WINS,
    GameResult.FIRST_WINS_BY_FORFEIT,
    GameResult.SECOND_WINS_BY_FORFEIT,
)


@dataclass(frozen=True, slots=True)
class KibaCountriesParameters:
    """The countries event's parameters: the two countries, the team size (the kiba-bao
    parameter of the same name) and what the KIBA score is computed with (R6-R7, A5)."""

    countries: str = ""
    """The two countries, e.g. "KEN,TZA"; empty: the two countries of the entries."""
    countries_event_players: int = 3
    new_player_elo: int = 1800
    category1_min_games: int = 25
    kiba_score: str = "half-even"

    def __post_init__(self) -> None:
        if not isinstance(self.countries, str):
            raise ConfigError(
                gettext(
                    "parameter 'countries': two country names like 'KEN,TZA', got {countries!r}"
                ).format(countries=self.countries),
                parameter="countries",
                value=str(self.countries),
            )
        named = self.named_countries
        if named and (len(named) != COUNTRIES or len(set(named)) != COUNTRIES):
            raise ConfigError(
                gettext(
                    "parameter 'countries': two different countries like "
                    "'KEN,TZA', got {countries!r}"
                ).format(countries=self.countries),
                parameter="countries",
                value=self.countries,
            )
        kiba_parameters(self._kiba_changes())  # its checks name the parameter that is wrong

    @property
    def named_countries(self) -> tuple[str, ...]:
        return tuple(c.strip() for c in self.countries.split(",") if c.strip())

    @property
    def kiba(self) -> KibaParameters:
        return kiba_parameters(self._kiba_changes())

    def _kiba_changes(self) -> dict[str, object]:
        return {
            "countries_event_players": self.countries_event_players,
            "new_player_elo": self.new_player_elo,
            "category1_min_games": self.category1_min_games,
            "kiba_score": self.kiba_score,
        }


KIBA_COUNTRIES = KibaCountriesParameters()


def countries_parameters(overrides: Mapping[str, Json]) -> KibaCountriesParameters:
    return override(KIBA_COUNTRIES, overrides) if overrides else KIBA_COUNTRIES


# -- who plays --------------------------------------------------------------------------------


def numbered_players(facts: EventFacts, parameters: KibaParameters) -> tuple[SeededPlayer, ...]:
    """Every entry as the KIBA rules see it, by KIBA score then order of entry; the seed is
    the event number (fixed at the start from this same order)."""
    competitors = with_site_figures(facts)
    players = [seed_player(c, entry, parameters) for entry, c in enumerate(competitors, 1)]
    if all(c.number is not None for c in facts.competitors):
        number = {c.id: c.number for c in facts.competitors}
        ordered = sorted(players, key=lambda p: number[p.id] or 0)
    else:
        ordered = sorted(players, key=lambda p: (-p.kiba_score, p.entry))
    return tuple(replace(p, seed=seed) for seed, p in enumerate(ordered, start=1))


def event_teams(facts: EventFacts) -> tuple[CountryTeam, ...]:
    """R42/A19: the two countries and the players each fields (best KIBA score first);
    WrongState when the entries cannot make two teams."""
    settings = countries_parameters(facts.parameters)
    size = settings.countries_event_players
    players = numbered_players(facts, settings.kiba)
    members: dict[str, list[SeededPlayer]] = {}
    for player in players:
        if player.country:
            members.setdefault(player.country, []).append(player)
    countries = settings.named_countries
    if not countries:
        if len(members) != COUNTRIES:
            found = ", ".join(f"{c} ({len(p)})" for c, p in members.items()) or "none"
            raise WrongState(
                gettext(
                    "event {slug!r}: a countries event is played by {COUNTRIES} "
                    "countries and its entries come from {count} ({found}); name "
                    "the two with the parameter 'countries' (R42)"
                ).format(slug=facts.slug, COUNTRIES=COUNTRIES, count=len(members), found=found),
                event=facts.slug,
                countries=list(members),
            )
        countries = tuple(members)
    short = [c for c in countries if len(members.get(c, ())) < size]
    if short:
        shown = ", ".join(f"{c} has {len(members.get(c, ()))}" for c in short)
        raise WrongState(
            gettext(
                "event {slug!r}: each country fields {size} players in a "
                "countries event; {shown} (R42, A19)"
            ).format(slug=facts.slug, size=size, shown=shown),
            event=facts.slug,
            countries=short,
        )
    return tuple(CountryTeam(c, tuple(members[c][:size])) for c in countries)


def _published_games(facts: EventFacts, teams: Sequence[CountryTeam]) -> tuple[Game, ...]:
    games = tuple(g.as_game() for g in facts.games())
    return games if games else countries_event_games(teams)


# -- the adapter ------------------------------------------------------------------------------


class KibaCountriesAdapter(BaseAdapter):
    preset = PRESET_NAME
    parts = (LEAVES, PLAYERS_EXPORT)
    title = gettext_noop("KIBA countries event")
    description = gettext_noop(
        "KIBA countries event: two countries of three, each player one game against each "
        "player of the other country (9 games), a point per win for the country"
    )

    plays_once_per_round = False
    results = _BAO_RESULTS

    parameter_schema = ParameterSchema(
        schema_of(KIBA_COUNTRIES, parameter_notes.KIBA, choices=parameter_notes.KIBA_CHOICES),
        countries_parameters,
    )

    def plan_start(self, facts: EventFacts) -> StartPlan:
        teams = event_teams(facts)
        numbers = {p.id: p.seed for p in numbered_players(facts, _kiba(facts))}
        match = " v ".join(t.country for t in teams)
        return StartPlan(
            numbers=numbers,
            stages=(PlannedStage(STAGE, f"Countries event {match}", PRESET_NAME),),
        )

    def check_leave(self, facts: EventFacts, leave: LeaveFact) -> None:
        raise WrongState(
            gettext(
                "event {slug!r} is a KIBA countries event: its nine games "
                "run at once, so there is no leave of absence; an arbiter "
                "rules a game the player cannot play"
            ).format(slug=facts.slug),
            event=facts.slug,
        )

    def next_unit(self, facts: EventFacts) -> PairingUnit | None:
        if facts.state is EventState.REGISTRATION or facts.rounds:
            return None
        return PairingUnit("round", STAGE, "", ROUND)

    def plan_next(self, facts: EventFacts, now: datetime) -> PairingPlan:
        unit = self.next_unit(facts)
        if unit is None:
            raise WrongState(
                gettext(
                    "the nine games of event {slug!r} have been published; a "
                    "countries event has one round"
                ).format(slug=facts.slug),
                event=facts.slug,
            )
        games = countries_event_games(event_teams(facts))
        encounters = tuple(
            PlannedEncounter(
                board,
                game.first,
                game.second,
                games=(PlannedGame(game.first, game.second, Side.SOUTH),),
            )
            for board, game in enumerate(games, start=1)
        )
        return PairingPlan(unit, encounters)

    def parse_result(self, text: str) -> GameResult:
        result = GameResult.parse(text)
        if result not in self.results:
            raise IllegalResult(
                gettext(
                    "{text!r} is not a Bao result: a game is won or lost (1-0, "
                    "0-1, or +- / -+ by forfeit); there is no drawn game (A23)"
                ).format(text=text),
                text=text,
            )
        return result

    def export_players(self, facts: EventFacts) -> tuple[Competitor, ...]:
        return as_kiba_rates(with_site_figures(facts), _kiba(facts))

    def compute_standings(self, facts: EventFacts) -> tuple[StandingsTable, ...]:
        if facts.state is EventState.REGISTRATION:
            return ()
        teams = event_teams(facts)
        games = _published_games(facts, teams)
        result = countries_event_result(teams, games)
        return (_countries_table(teams, result), _players_table(teams, games))

    def summary(self, facts: EventFacts) -> dict[str, Json]:
        document = super().summary(facts)
        if facts.state is EventState.REGISTRATION:
            return document
        teams = event_teams(facts)
        result = countries_event_result(teams, _published_games(facts, teams))
        fielded = {p.id for team in teams for p in team.players}
        document["teams"] = [
            {"country": t.country, "players": [p.id for p in t.players]} for t in teams
        ]
        document["points"] = dict(result.points)
        document["winner"] = result.winner
        document["sitting_out"] = [c.id for c in facts.competitors if c.id not in fielded]
        return document


def _kiba(facts: EventFacts) -> KibaParameters:
    return countries_parameters(facts.parameters).kiba


# -- tables -----------------------------------------------------------------------------------


def _countries_table(teams: Sequence[CountryTeam], result: CountriesResult) -> StandingsTable:
    ordered = sorted(teams, key=lambda t: -result.points[t.country])
    lines = []
    for team in ordered:
        points = result.points[team.country]
        rank = 1 + sum(1 for value in result.points.values() if value > points)
        shared = sum(1 for value in result.points.values() if value == points) > 1
        if team.country == result.winner:
            note = gettext("winner")
        elif result.winner is None and shared:
            note = gettext("level")
        else:
            note = ""
        lines.append(
            StandingsLine(
                rank=rank,
                is_shared=shared,
                competitor=Competitor(CompetitorId(team.country), team.country),
                points=Fraction(points),
                values={},
                note=note,
            )
        )
    return StandingsTable(gettext("Countries (R42)"), (), tuple(lines))


def _players_table(teams: Sequence[CountryTeam], games: Sequence[Game]) -> StandingsTable:
    wins: dict[CompetitorId, int] = {p.id: 0 for team in teams for p in team.players}
    for game in games:
        for side in (game.first, game.second):
            if game.result.is_decided and game.outcome_for(side) is Outcome.WIN:
                wins[side] += 1
    players = sorted(
        (p for team in teams for p in team.players), key=lambda p: (-wins[p.id], p.seed)
    )
    lines = []
    for player in players:
        won = wins[player.id]
        lines.append(
            StandingsLine(
                rank=1 + sum(1 for value in wins.values() if value > won),
                is_shared=sum(1 for value in wins.values() if value == won) > 1,
                competitor=player.as_competitor(),
                points=Fraction(won),
                values={"kiba-score": Fraction(player.kiba_score)},
                note=player.country or "",
            )
        )
    return StandingsTable(gettext("Players: games won"), ("kiba-score",), tuple(lines))


__all__ = [
    "PRESET_NAME",
    "KibaCountriesAdapter",
    "KibaCountriesParameters",
    "countries_parameters",
    "event_teams",
]
