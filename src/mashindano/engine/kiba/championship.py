"""The championship series (R36-R42): points per tournament, the championship table, the master
group and final, the country ranking after each tournament, and the countries event.

Ties the spec does not settle are left shared, or settled by a director's decision passed in as
a recorded fact (an ordered list of the tied names); the engine never breaks them silently.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations

from mashindano.engine.errors import ConfigError, IllegalResult, MashindanoError
from mashindano.engine.kiba.final import FinalMatch, final_match
from mashindano.engine.kiba.group_play import KibaGroup, make_group
from mashindano.engine.kiba.parameters import KIBA_BAO, KibaParameters
from mashindano.engine.kiba.seeding import SeededPlayer, seed_player
from mashindano.engine.model import Competitor, CompetitorId, Game, GameResult, Outcome
from mashindano.engine.points import Points


@dataclass(frozen=True, slots=True)
class TournamentPerformance:
    """What one player did in one tournament, as far as championship points care (R37)."""

    player: SeededPlayer
    qualification_wins: int = 0
    semifinal_wins: int = 0
    finalist: bool = False
    winner: bool = False

    def __post_init__(self) -> None:
        if self.qualification_wins < 0 or self.semifinal_wins < 0:
            raise IllegalResult(
                f"{self.player.name}: a number of games won cannot be negative",
                competitor=self.player.id,
            )
        if self.winner and not self.finalist:
            raise IllegalResult(
                f"{self.player.name} cannot win the tournament without being a finalist",
                competitor=self.player.id,
            )


def championship_points(
    performance: TournamentPerformance, parameters: KibaParameters = KIBA_BAO
) -> Points:
    """R37 with A15/A16: per game won in qualification and semifinal, plus the finalist and
    winner bonuses; with `winner_bonus_cumulative` the winner gets both (3 + 4)."""
    total = (
        performance.qualification_wins * parameters.champ_points_qual_win
        + performance.semifinal_wins * parameters.champ_points_semi_win
    )
    if performance.winner:
        total += parameters.champ_points_winner
        if parameters.winner_bonus_cumulative:
            total += parameters.champ_points_finalist
    elif performance.finalist:
        total += parameters.champ_points_finalist
    return Fraction(total)


def count_wins(games: Sequence[Game]) -> dict[CompetitorId, int]:
    """Games won per player (wins by abandonment or on time included, R27)."""
    wins: dict[CompetitorId, int] = {}
    for game in games:
        for player in (game.first, game.second):
            wins.setdefault(player, 0)
            if game.outcome_for(player) is Outcome.WIN:
                wins[player] += 1
    return wins


def tournament_performances(
    players: Sequence[SeededPlayer],
    qualification_games: Sequence[Game],
    semifinal_games: Sequence[Game],
    finalists: Sequence[CompetitorId],
    winner: CompetitorId | None,
) -> tuple[TournamentPerformance, ...]:
    """Every player's performance from a tournament's scored games, in list order."""
    qualification = count_wins(qualification_games)
    semifinal = count_wins(semifinal_games)
    return tuple(
        TournamentPerformance(
            player=p,
            qualification_wins=qualification.get(p.id, 0),
            semifinal_wins=semifinal.get(p.id, 0),
            finalist=p.id in finalists,
            winner=p.id == winner,
        )
        for p in players
    )


@dataclass(frozen=True, slots=True)
class ChampionshipRow:
    rank: int
    competitor: Competitor
    points: tuple[Points, ...]
    """Championship points in each tournament of the series so far (0 when absent)."""
    total: Points


def championship_table(
    tournaments: Sequence[Sequence[TournamentPerformance]],
    parameters: KibaParameters = KIBA_BAO,
) -> tuple[ChampionshipRow, ...]:
    """R38: players by total championship points, highest first; equal totals share a rank
    (the spec names no tie-break; see `master_group_players`)."""
    if len(tournaments) > parameters.series_tournaments:
        raise ConfigError(
            f"a championship series has {parameters.series_tournaments} tournaments, "
            f"got {len(tournaments)}",
            code="too_many_tournaments",
            tournaments=len(tournaments),
        )
    competitors: dict[CompetitorId, Competitor] = {}
    points: dict[CompetitorId, list[Points]] = {}
    for index, performances in enumerate(tournaments):
        seen: set[CompetitorId] = set()
        for performance in performances:
            player = performance.player
            if player.id in seen:
                raise IllegalResult(
                    f"tournament {index + 1} lists {player.name} twice", competitor=player.id
                )
            seen.add(player.id)
            competitors.setdefault(player.id, player.competitor)
            row = points.setdefault(player.id, [Fraction(0)] * len(tournaments))
            row[index] = championship_points(performance, parameters)
    ordered = sorted(points, key=lambda c: (-sum(points[c]), competitors[c].name))
    rows: list[ChampionshipRow] = []
    for position, competitor in enumerate(ordered, start=1):
        total = Fraction(sum(points[competitor]))
        rank = rows[-1].rank if rows and rows[-1].total == total else position
        rows.append(
            ChampionshipRow(rank, competitors[competitor], tuple(points[competitor]), total)
        )
    return tuple(rows)


def master_group_players(
    table: Sequence[ChampionshipRow],
    parameters: KibaParameters = KIBA_BAO,
    *,
    decision: Sequence[CompetitorId] = (),
) -> tuple[Competitor, ...]:
    """R39: the `master_final_size` best of the championship table, in table order.

    A tie across the last place needs the director's recorded decision: `decision` orders the
    tied players; without it a MashindanoError with code `decision_needed` names them.
    """
    size = parameters.master_final_size
    if len(table) < size:
        raise ConfigError(
            f"the master group needs {size} players, the championship has {len(table)}",
            code="too_few_players",
            players=len(table),
        )
    if len(table) == size or table[size].rank != table[size - 1].rank:
        return tuple(row.competitor for row in table[:size])
    cut_rank = table[size - 1].rank
    tied = [row.competitor for row in table if row.rank == cut_rank]
    above = [row.competitor for row in table if row.rank < cut_rank]
    order = _decided_order([c.id for c in tied], decision, "the last master group place")
    by_id = {c.id: c for c in tied}
    return tuple(above + [by_id[c] for c in order][: size - len(above)])


def master_group(players: Sequence[Competitor], parameters: KibaParameters = KIBA_BAO) -> KibaGroup:
    """R39/A17: one all-play-all group with two-game pairings; Berger numbers follow the
    championship order (the first listed is number 1)."""
    seeded = [
        replace(seed_player(c, index, parameters), seed=index)
        for index, c in enumerate(players, start=1)
    ]
    return make_group("M", seeded)


def championship_final(
    first: SeededPlayer, second: SeededPlayer, parameters: KibaParameters = KIBA_BAO
) -> FinalMatch:
    """R40/A17: the master group's top two play best of 3 like the tournament final."""
    return final_match(first, second, parameters)


@dataclass(frozen=True, slots=True)
class CountryRow:
    rank: int
    country: str
    total: Points
    counted: tuple[Points, ...]
    """The best individual scores that make the total, highest first."""
    players: int


def country_ranking(
    performances: Sequence[TournamentPerformance],
    parameters: KibaParameters = KIBA_BAO,
    *,
    decision: Sequence[str] = (),
) -> tuple[CountryRow, ...]:
    """R41/A18: after a tournament, countries with at least `country_min_players` players,
    by the sum of their `country_best_scores` best championship scores in it.

    Ties: the best individual score (A19), then `decision` (countries in the order the
    director decided); countries still tied share a rank. Players without a country are not
    counted.
    """
    scores: dict[str, list[Points]] = {}
    for performance in performances:
        country = performance.player.country
        if country:
            scores.setdefault(country, []).append(championship_points(performance, parameters))
    position = {country: index for index, country in enumerate(decision)}
    unknown = [c for c in decision if c not in scores]
    if unknown:
        raise IllegalResult(
            f"the decision names countries without players: {', '.join(unknown)}",
            countries=unknown,
        )
    entries: list[tuple[str, Points, tuple[Points, ...], int]] = []
    for country, values in scores.items():
        if len(values) < parameters.country_min_players:
            continue
        best = tuple(sorted(values, reverse=True)[: parameters.country_best_scores])
        entries.append((country, Fraction(sum(best)), best, len(values)))

    def key(entry: tuple[str, Points, tuple[Points, ...], int]) -> tuple[Points, Points]:
        return (-entry[1], -entry[2][0])

    entries.sort(key=lambda e: (*key(e), position.get(e[0], len(position)), e[0]))
    rows: list[CountryRow] = []
    for index, (country, total, best, count) in enumerate(entries, start=1):
        if rows:
            previous = entries[index - 2]
            same = key(previous) == key(entries[index - 1]) and (
                previous[0] not in position or country not in position
            )
            rank = rows[-1].rank if same else index
        else:
            rank = 1
        rows.append(CountryRow(rank, country, total, best, count))
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class CountryTeam:
    country: str
    players: tuple[SeededPlayer, ...]
    """Best individual score first (A19)."""


def countries_event_teams(
    ranking: Sequence[CountryRow],
    performances: Sequence[TournamentPerformance],
    parameters: KibaParameters = KIBA_BAO,
) -> tuple[CountryTeam, ...]:
    """R42/A19: the top countries of the ranking that can field `countries_event_players`
    players (a country with fewer is passed over), each with its best players by individual
    score, then KIBA score, then seed. A tie in the ranking across the last place taken needs
    a director's decision (pass it to `country_ranking`)."""
    size, wanted = parameters.countries_event_players, parameters.countries_event_countries
    members: dict[str, list[TournamentPerformance]] = {}
    for performance in performances:
        if performance.player.country:
            members.setdefault(performance.player.country, []).append(performance)
    eligible = [row for row in ranking if len(members.get(row.country, ())) >= size]
    if len(eligible) < wanted:
        raise ConfigError(
            f"the countries event needs {wanted} countries with at least {size} players, "
            f"found {len(eligible)}",
            code="too_few_countries",
            countries=[row.country for row in eligible],
        )
    if len(eligible) > wanted and eligible[wanted].rank == eligible[wanted - 1].rank:
        tied = [row.country for row in eligible if row.rank == eligible[wanted - 1].rank]
        raise MashindanoError(
            f"countries {', '.join(tied)} are tied for a place in the countries event; the "
            "director must decide their order",
            code="decision_needed",
            countries=tied,
        )
    teams = []
    for row in eligible[:wanted]:
        best = sorted(
            members[row.country],
            key=lambda p: (
                -championship_points(p, parameters),
                -p.player.kiba_score,
                p.player.seed,
            ),
        )
        teams.append(CountryTeam(row.country, tuple(p.player for p in best[:size])))
    return tuple(teams)


def countries_event_games(teams: Sequence[CountryTeam]) -> tuple[Game, ...]:
    """R42: every player meets every player of the other country once (3 x 3 = 9 games); the
    higher KIBA score is South, equal scores the better seed (A19). Unplayed."""
    games: list[Game] = []
    for team_a, team_b in combinations(teams, 2):
        for a in team_a.players:
            for b in team_b.players:
                south, north = sorted((a, b), key=lambda p: (-p.kiba_score, p.seed))
                games.append(
                    Game(1, south.id, north.id, GameResult.NOT_PLAYED, encounter=len(games) + 1)
                )
    return tuple(games)


@dataclass(frozen=True, slots=True)
class CountriesResult:
    points: Mapping[str, int]
    """Games won per country."""
    winner: str | None
    """Set once the games are all played and one country has the most points."""


def countries_event_result(teams: Sequence[CountryTeam], games: Sequence[Game]) -> CountriesResult:
    """R42: one point to the winner's country per game won; more points wins."""
    country_of = {p.id: team.country for team in teams for p in team.players}
    points = {team.country: 0 for team in teams}
    expected = countries_event_games(teams)
    if len(games) != len(expected):
        raise IllegalResult(
            f"the countries event has {len(expected)} games, got {len(games)}",
            games=len(games),
        )
    finished = True
    for game in games:
        if game.first not in country_of or game.second not in country_of:
            raise IllegalResult(
                f"{game.first} v {game.second} is not a countries event game",
                first=game.first,
                second=game.second,
            )
        if not game.result.is_decided:
            finished = False
            continue
        outcome = game.outcome_for(game.first)
        if outcome is Outcome.WIN:
            points[country_of[game.first]] += 1
        elif outcome is Outcome.LOSS and game.outcome_for(game.second) is Outcome.WIN:
            points[country_of[game.second]] += 1
    best = max(points.values())
    leaders = [country for country, value in points.items() if value == best]
    winner = leaders[0] if finished and len(leaders) == 1 else None
    return CountriesResult(points=points, winner=winner)


def _decided_order(
    tied: Sequence[CompetitorId], decision: Sequence[CompetitorId], what: str
) -> list[CompetitorId]:
    if not decision:
        raise MashindanoError(
            f"{', '.join(tied)} are tied for {what}; the director must decide their order",
            code="decision_needed",
            players=list(tied),
        )
    if sorted(decision) != sorted(tied):
        raise IllegalResult(
            f"the decision for {what} must order exactly {', '.join(tied)}, "
            f"got {', '.join(decision)}",
            players=list(tied),
        )
    return list(decision)
