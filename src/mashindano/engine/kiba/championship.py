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
from mashindano.engine.model import Competitor, CompetitorId, Game, GameResult, Outcome, Side
from mashindano.engine.points import ONE, ZERO, Points, PointSystem
from mashindano.engine.teams.model import Board, BoardResult, Team, TeamEvent, TeamMatch
from mashindano.engine.teams.tiebreaks import TeamScore, TeamTieBreakOptions, team_standings


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


COUNTRIES_GAME_POINTS = PointSystem(win=ONE, draw=ZERO, loss=ZERO)
"""R42 as the team model's board scoring: a game won (a forfeit win too) is a point for the
winner's country, a game lost or double-forfeited none; Bao has no drawn game (A23), so a draw
would score nothing."""

COUNTRIES_STANDING = TeamTieBreakOptions(primary=TeamScore.GP)
"""R42 ranks the countries by games won, not match points: the team model's game points."""

_HOME_RESULT: dict[GameResult, BoardResult | None] = {
    GameResult.FIRST_WINS: BoardResult.HOME_WINS,
    GameResult.SECOND_WINS: BoardResult.AWAY_WINS,
    GameResult.DRAW: BoardResult.DRAW,
    GameResult.FIRST_WINS_BY_FORFEIT: BoardResult.HOME_WINS_BY_FORFEIT,
    GameResult.SECOND_WINS_BY_FORFEIT: BoardResult.AWAY_WINS_BY_FORFEIT,
    GameResult.DOUBLE_FORFEIT: BoardResult.DOUBLE_FORFEIT,
    GameResult.NOT_PLAYED: None,
}
_SWAPPED = {
    BoardResult.HOME_WINS: BoardResult.AWAY_WINS,
    BoardResult.AWAY_WINS: BoardResult.HOME_WINS,
    BoardResult.DRAW: BoardResult.DRAW,
    BoardResult.HOME_WINS_BY_FORFEIT: BoardResult.AWAY_WINS_BY_FORFEIT,
    BoardResult.AWAY_WINS_BY_FORFEIT: BoardResult.HOME_WINS_BY_FORFEIT,
    BoardResult.DOUBLE_FORFEIT: BoardResult.DOUBLE_FORFEIT,
}


def countries_team_event(teams: Sequence[CountryTeam], games: Sequence[Game]) -> TeamEvent:
    """R42 on the team model: each country a `Team` (numbered in the order given, its players
    best first as the roster), each pair of countries one `TeamMatch` whose boards are that
    pair's games in order (3 x 3 = 9 boards: every player on three boards), the first country
    of the pair at home; a board's home colour is the side (South/North) its home player
    takes. With two countries this is one round of one match. IllegalResult when a game is not
    a game between two of the countries."""
    numbered = {team.country: k for k, team in enumerate(teams, start=1)}
    team_of = {p.id: numbered[team.country] for team in teams for p in team.players}
    boards: dict[tuple[int, int], list[Board]] = {
        pair: [] for pair in combinations(numbered.values(), 2)
    }
    for game in games:
        first, second = team_of.get(game.first), team_of.get(game.second)
        if first is None or second is None or first == second:
            raise IllegalResult(
                f"{game.first} v {game.second} is not a countries event game",
                first=game.first,
                second=game.second,
            )
        home_first = first < second
        pair = (first, second) if home_first else (second, first)
        result = _HOME_RESULT[game.result]
        if result is not None and not home_first:
            result = _SWAPPED[result]
        number = len(boards[pair]) + 1
        boards[pair].append(
            Board(
                number,
                game.first if home_first else game.second,
                game.second if home_first else game.first,
                Side.SOUTH if home_first else Side.NORTH,
                result,
            )
        )
    matches = tuple(
        TeamMatch(round_number, home, away, tuple(boards[home, away]))
        for round_number, (home, away) in enumerate(boards, start=1)
    )
    return TeamEvent(
        teams=tuple(
            Team(numbered[t.country], t.country, tuple(p.id for p in t.players), club=t.country)
            for t in teams
        ),
        boards=max((len(b) for b in boards.values()), default=1) or 1,
        rounds=len(matches),
        matches=matches,
        board_scoring=COUNTRIES_GAME_POINTS,
    )


def countries_event_result(teams: Sequence[CountryTeam], games: Sequence[Game]) -> CountriesResult:
    """R42: one point to the winner's country per game won; more points wins. Reckoned on the
    team model (`countries_team_event`): the points are each country's game points, the
    winner the one country ranked first by game points once every match is complete."""
    expected = countries_event_games(teams)
    if len(games) != len(expected):
        raise IllegalResult(
            f"the countries event has {len(expected)} games, got {len(games)}",
            games=len(games),
        )
    event = countries_team_event(teams, games)
    points: dict[str, int] = {}
    for team in event.teams:
        won = sum(
            (
                m.game_points(team.number, event.board_scoring)
                for m in event.matches
                if m.involves(team.number)
            ),
            ZERO,
        )
        points[team.name] = int(won)
    winner = None
    if all(m.complete for m in event.matches):
        leaders = [
            s.team for s in team_standings(event, ("PTS",), COUNTRIES_STANDING) if s.rank == 1
        ]
        if len(leaders) == 1:
            winner = event.team(leaders[0]).name
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
