"""The championship series (R36-R42, A15-A19)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError, IllegalResult, MashindanoError
from mashindano.engine.kiba.championship import (
    CountryTeam,
    TournamentPerformance,
    championship_final,
    championship_points,
    championship_table,
    countries_event_games,
    countries_event_result,
    countries_event_teams,
    countries_team_event,
    country_ranking,
    master_group,
    master_group_players,
    tournament_performances,
)
from mashindano.engine.kiba.final import compute_final
from mashindano.engine.kiba.group_play import schedule_stage
from mashindano.engine.kiba.parameters import kiba_parameters
from mashindano.engine.kiba.ranking import rank_group
from mashindano.engine.kiba.seeding import SeededPlayer
from mashindano.engine.kiba.simulation import simulate_tournament
from mashindano.engine.model import Competitor, CompetitorId, Game, GameResult, Side
from mashindano.engine.teams.model import BoardResult, Team


def seeded(name: str, seed: int, kiba: int = 300, country: str | None = None) -> SeededPlayer:
    competitor = Competitor(CompetitorId(name), name, 1900, 100, country)
    return SeededPlayer(seed, competitor, 1, 1900, 100, kiba, seed)


def worth(
    name: str, points: int, seed: int, country: str | None = None, kiba: int = 300
) -> TournamentPerformance:
    return TournamentPerformance(seeded(name, seed, kiba, country), qualification_wins=points)


def test_kiba_R37_points_are_parameters() -> None:
    p = kiba_parameters({"champ_points_qual_win": "2", "champ_points_winner": "10"})
    winner = TournamentPerformance(seeded("W", 1), 1, 1, finalist=True, winner=True)
    assert championship_points(winner, p) == 2 + 2 + 3 + 10


def test_kiba_performance_must_be_possible() -> None:
    with pytest.raises(IllegalResult, match="without being a finalist"):
        TournamentPerformance(seeded("W", 1), winner=True)
    with pytest.raises(IllegalResult, match="negative"):
        TournamentPerformance(seeded("W", 1), qualification_wins=-1)


def test_kiba_R38_championship_table_sums_tournaments() -> None:
    first = [worth("A", 5, 1), worth("B", 3, 2), worth("C", 3, 3)]
    second = [worth("B", 4, 1), worth("D", 8, 2)]
    table = championship_table([first, second])
    assert [(r.rank, r.competitor.name) for r in table] == [(1, "D"), (2, "B"), (3, "A"), (4, "C")]
    assert [r.total for r in table] == [8, 7, 5, 3]
    assert table[1].points == (Fraction(3), Fraction(4))
    assert table[0].points == (Fraction(0), Fraction(8))


def test_kiba_R36_series_has_four_tournaments() -> None:
    with pytest.raises(ConfigError, match="4 tournaments, got 5"):
        championship_table([[worth("A", 1, 1)]] * 5)


def test_kiba_championship_table_refuses_a_player_twice() -> None:
    with pytest.raises(IllegalResult, match="twice"):
        championship_table([[worth("A", 1, 1), worth("A", 2, 2)]])


def test_kiba_R39_master_group_is_the_best_six() -> None:
    table = championship_table([[worth(f"P{i}", 20 - i, i) for i in range(1, 9)]])
    assert [c.name for c in master_group_players(table)] == ["P1", "P2", "P3", "P4", "P5", "P6"]


def test_kiba_R39_tie_for_the_last_master_place_needs_a_decision() -> None:
    points = [20, 19, 18, 17, 16, 10, 10, 5]
    table = championship_table([[worth(f"P{i}", p, i) for i, p in enumerate(points, 1)]])
    with pytest.raises(MashindanoError, match="P6, P7") as caught:
        master_group_players(table)
    assert caught.value.code == "decision_needed"
    chosen = master_group_players(table, decision=[CompetitorId("P7"), CompetitorId("P6")])
    assert [c.name for c in chosen][-1] == "P7"
    with pytest.raises(IllegalResult, match="exactly"):
        master_group_players(table, decision=[CompetitorId("P7")])


def test_kiba_R40_master_group_and_championship_final() -> None:
    table = championship_table([[worth(f"P{i}", 20 - i, i) for i in range(1, 9)]])
    group = master_group(master_group_players(table))
    assert [p.seed for p in group.players] == [1, 2, 3, 4, 5, 6]
    stage = schedule_stage([group])
    assert len(stage.games()) == 30
    rng = random.Random(9)
    games = [
        Game(
            g.round,
            g.first,
            g.second,
            rng.choice([GameResult.FIRST_WINS, GameResult.SECOND_WINS]),
            encounter=g.encounter,
        )
        for g in stage.games()
    ]
    standings = rank_group(group, games)
    top = [r.player for r in standings.rows[:2]]
    match = championship_final(top[0], top[1])
    games_final = [match.game(1, match.first.id), match.game(2, match.first.id)]
    assert compute_final(match, games_final).winner == match.first


def test_kiba_R41_country_needs_two_players_and_counts_best_four() -> None:
    performances = [
        worth("T1", 9, 1, "TZ"),
        worth("T2", 1, 2, "TZ"),
        worth("K1", 20, 3, "KE"),
        worth(" nobody", 5, 4, None),
    ]
    ranking = country_ranking(performances)
    assert [(r.country, r.players) for r in ranking] == [("TZ", 2)]
    assert ranking[0].total == 10
    assert (
        country_ranking(performances, kiba_parameters({"country_min_players": "1"}))[0].country
        == "KE"
    )


def test_kiba_A19_country_ties_best_individual_then_director() -> None:
    performances = [
        worth("T1", 6, 1, "TZ"),
        worth("T2", 4, 2, "TZ"),
        worth("K1", 8, 3, "KE"),
        worth("K2", 2, 4, "KE"),
        worth("M1", 5, 5, "MW"),
        worth("M2", 5, 6, "MW"),
        worth("Z1", 5, 7, "ZA"),
        worth("Z2", 5, 8, "ZA"),
    ]
    ranking = country_ranking(performances)
    assert [(r.rank, r.country) for r in ranking] == [
        (1, "KE"),
        (2, "TZ"),
        (3, "MW"),
        (3, "ZA"),
    ]
    decided = country_ranking(performances, decision=["ZA", "MW"])
    assert [(r.rank, r.country) for r in decided][2:] == [(3, "ZA"), (4, "MW")]
    with pytest.raises(IllegalResult, match="XX"):
        country_ranking(performances, decision=["XX"])


def test_kiba_A19_country_with_fewer_than_three_is_passed_over() -> None:
    performances = [worth("K1", 30, 1, "KE"), worth("K2", 30, 2, "KE")]
    performances += [worth(f"T{i}", 5, 10 + i, "TZ") for i in range(3)]
    performances += [worth(f"U{i}", 2, 20 + i, "UG", kiba=400 - i) for i in range(4)]
    ranking = country_ranking(performances)
    assert [r.country for r in ranking] == ["KE", "TZ", "UG"]
    teams = countries_event_teams(ranking, performances)
    assert [t.country for t in teams] == ["TZ", "UG"]
    assert [p.name for p in teams[1].players] == ["U0", "U1", "U2"]
    with pytest.raises(ConfigError, match="found 1"):
        countries_event_teams(ranking, performances[:5] + performances[5:6])


def test_kiba_A19_tie_for_a_countries_event_place_needs_a_decision() -> None:
    performances = [worth(f"A{i}", 9, i, "AA") for i in range(3)]
    performances += [worth(f"B{i}", 5, 10 + i, "BB") for i in range(3)]
    performances += [worth(f"C{i}", 5, 20 + i, "CC") for i in range(3)]
    with pytest.raises(MashindanoError, match="BB, CC"):
        countries_event_teams(country_ranking(performances), performances)
    teams = countries_event_teams(
        country_ranking(performances, decision=["CC", "BB"]), performances
    )
    assert [t.country for t in teams] == ["AA", "CC"]


def test_kiba_A19_higher_kiba_score_is_south_in_the_countries_event() -> None:
    performances = [worth(f"A{i}", 9, i, "AA", kiba=500 + i) for i in range(3)]
    performances += [worth(f"B{i}", 5, 10 + i, "BB", kiba=501 + i) for i in range(3)]
    teams = countries_event_teams(country_ranking(performances), performances)
    kiba = {p.id: p.kiba_score for t in teams for p in t.players}
    games = countries_event_games(teams)
    assert all(kiba[g.first] >= kiba[g.second] for g in games)
    result = countries_event_result(teams, games)
    assert result.winner is None
    with pytest.raises(IllegalResult, match="9 games"):
        countries_event_result(teams, games[:8])


def _two_countries() -> tuple[CountryTeam, ...]:
    """AA's players have the higher KIBA scores except A3 (below B1): A3 takes North once."""
    aa = tuple(seeded(f"A{i}", i, kiba=k, country="AA") for i, k in ((1, 600), (2, 590), (3, 400)))
    bb = tuple(
        seeded(f"B{i}", 3 + i, kiba=k, country="BB") for i, k in ((1, 500), (2, 300), (3, 200))
    )
    return (CountryTeam("AA", aa), CountryTeam("BB", bb))


def _with_results(games: tuple[Game, ...], results: list[GameResult]) -> list[Game]:
    return [
        Game(g.round, g.first, g.second, r, encounter=g.encounter)
        for g, r in zip(games, results, strict=True)
    ]


def test_kiba_R42_countries_event_on_the_team_model() -> None:
    teams = _two_countries()
    games = countries_event_games(teams)
    event = countries_team_event(teams, games)
    assert event.teams == (
        Team(1, "AA", ("A1", "A2", "A3"), club="AA"),
        Team(2, "BB", ("B1", "B2", "B3"), club="BB"),
    )
    assert (event.boards, event.rounds, len(event.matches)) == (9, 1, 1)
    match = event.matches[0]
    assert (match.round, match.home, match.away) == (1, 1, 2)
    assert [(b.home_player, b.away_player) for b in match.boards] == [
        (a, b) for a in ("A1", "A2", "A3") for b in ("B1", "B2", "B3")
    ]
    # A19: the higher KIBA score is South; only A3 (400) v B1 (500) puts the home player North.
    north = [b.number for b in match.boards if b.home_colour is Side.NORTH]
    assert north == [7]
    assert all(b.result is None for b in match.boards)
    assert not match.complete


def test_kiba_R42_A23_countries_points_are_game_points_forfeits_included() -> None:
    teams = _two_countries()
    games = countries_event_games(teams)
    # Board 7 is B1 (South) v A3: B1 winning it is the away side's win on the team board.
    results = [GameResult.FIRST_WINS] * 6 + [GameResult.FIRST_WINS] + [GameResult.SECOND_WINS] * 2
    results[5] = GameResult.SECOND_WINS_BY_FORFEIT  # A2 v B3: B3 wins by forfeit
    played = _with_results(games, results)
    board = countries_team_event(teams, played).matches[0].boards
    assert board[6].result is BoardResult.AWAY_WINS
    assert board[5].result is BoardResult.AWAY_WINS_BY_FORFEIT
    result = countries_event_result(teams, played)
    assert dict(result.points) == {"AA": 5, "BB": 4}
    assert result.winner == "AA"


def test_kiba_R42_A23_a_double_forfeit_can_leave_the_countries_level() -> None:
    teams = _two_countries()
    games = countries_event_games(teams)
    results = [GameResult.FIRST_WINS] * 4 + [GameResult.DOUBLE_FORFEIT]
    results += [GameResult.SECOND_WINS] * 4
    played = _with_results(games, results)
    # Boards 6, 8, 9: B wins; board 7 (B1 South) v A3: SECOND_WINS is A3's win.
    result = countries_event_result(teams, played)
    assert dict(result.points) == {"AA": 5, "BB": 3}
    level = _with_results(games, [*results[:6], GameResult.FIRST_WINS, *results[7:]])
    result = countries_event_result(teams, level)
    assert dict(result.points) == {"AA": 4, "BB": 4}
    assert result.winner is None
    unfinished = _with_results(games, [GameResult.FIRST_WINS] * 8 + [GameResult.NOT_PLAYED])
    partial = countries_event_result(teams, unfinished)
    assert partial.winner is None
    assert dict(partial.points) == {"AA": 7, "BB": 1}


def test_kiba_R42_a_game_inside_one_country_is_not_a_countries_event_game() -> None:
    teams = _two_countries()
    games = list(countries_event_games(teams))
    games[0] = Game(1, CompetitorId("A1"), CompetitorId("A2"), GameResult.FIRST_WINS)
    with pytest.raises(IllegalResult, match="A1 v A2 is not a countries event game"):
        countries_event_result(teams, games)


def test_kiba_performances_from_a_simulated_tournament() -> None:
    players = [
        Competitor(CompetitorId(f"P{i}"), f"P{i}", 1500 + 40 * i, 50 + i, ["TZ", "KE"][i % 2])
        for i in range(14)
    ]
    sim = simulate_tournament(players, 21)
    performances = tournament_performances(
        sim.initial_list.players,
        sim.stages[0].games(),
        sim.stages[1].games(),
        [p.id for p in sim.finalists],
        sim.winner.id,
    )
    assert sum(p.winner for p in performances) == 1
    assert sum(p.finalist for p in performances) == 2
    assert sum(p.qualification_wins for p in performances) == len(sim.stages[0].games())
    assert sum(p.semifinal_wins for p in performances) == len(sim.stages[1].games())
    ranking = country_ranking(performances)
    assert {r.country for r in ranking} == {"TZ", "KE"}
