"""Tie-break functions and their registry, checked on small hand-made events and against
naive Fraction re-computations on random ones."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import (
    Bye,
    ByeKind,
    Competitor,
    CompetitorId,
    Game,
    GameResult,
    StageResults,
)
from mashindano.engine.points import CHESS, WIN_LOSS, PointSystem
from mashindano.engine.ratings import rating_difference_for_score
from mashindano.engine.sheets import ScoreTable
from mashindano.engine.standings import compute_standings
from mashindano.engine.tiebreaks import (
    TIEBREAK_NAMES,
    Better,
    Scope,
    TieBreak,
    Unplayed,
    aro,
    buchholz,
    buchholz_cut1,
    direct_encounter,
    drawing_of_lots,
    kiba_score_tiebreak,
    median_buchholz,
    neustadtl,
    previous_position,
    sonneborn_berger,
    tiebreak_by_name,
    tiebreaks_by_names,
    tpr,
    wins,
)
from mashindano.engine.tiebreaks.opponents import fide2023_rounds

W, D, L = GameResult.FIRST_WINS, GameResult.DRAW, GameResult.SECOND_WINS


def values_of(tiebreak: TieBreak, results: StageResults) -> dict[str, Fraction | None]:
    """The tie-break's values keyed by plain strings (ids here are their names)."""
    return {str(k): v for k, v in tiebreak.compute_values(results).items()}


def cid(name: str) -> CompetitorId:
    return CompetitorId(name)


def event(
    games: list[tuple[int, str, str, GameResult]],
    byes: Sequence[tuple[int, str, ByeKind]] = (),
    *,
    ratings: dict[str, int | None] | None = None,
    points: PointSystem = CHESS,
) -> StageResults:
    names = sorted({g[1] for g in games} | {g[2] for g in games} | {b[1] for b in byes})
    ratings = ratings or {}
    return StageResults(
        tuple(Competitor(cid(n), n, rating=ratings.get(n)) for n in names),
        tuple(Game(r, cid(a), cid(b), res) for r, a, b, res in games),
        tuple(Bye(r, cid(c), kind) for r, c, kind in byes),
        points=points,
    )


# --- registry ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", [n for n in TIEBREAK_NAMES if n != "lots"])
def test_every_registered_name_resolves_to_itself(name: str) -> None:
    assert tiebreak_by_name(name).name == name


def test_unknown_tiebreak_lists_the_valid_names() -> None:
    with pytest.raises(ConfigError) as error:
        tiebreak_by_name("koya")
    assert "'koya'" in error.value.message
    for name in TIEBREAK_NAMES:
        assert name in error.value.message
    assert error.value.params["valid"] == TIEBREAK_NAMES


@pytest.mark.parametrize("name", ["lots", "lots:", "lots:seven"])
def test_lots_need_an_integer_seed(name: str) -> None:
    with pytest.raises(ConfigError, match="lots:SEED"):
        tiebreak_by_name(name)


@pytest.mark.parametrize("name", ["wins:fide2023", "sb:include-bye-points", "buchholz:cut"])
def test_unknown_option_is_refused(name: str) -> None:
    with pytest.raises(ConfigError, match="has no option"):
        tiebreak_by_name(name)


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("bh", "buchholz"),
        ("bh-c1", "buchholz-cut1"),
        ("bh-m1:fide2023", "median-buchholz:fide2023"),
        ("Sonneborn-Berger", "sb"),
        ("de:forfeits", "direct-encounter:forfeits"),
        ("win", "wins"),
        # Issue 28 item 3: FIDE codes in capitals are FIDE's definitions (2026 rules).
        ("BH", "BH"),
        ("BH-C1", "BH-C1"),
        ("BH/C1", "BH-C1"),
        ("DE:forfeits", "DE-P"),
        ("WIN", "WIN"),
        (" lots:42 ", "lots:42"),
        ("Neustadtl:Per-Encounter", "neustadtl:per-encounter"),
    ],
)
def test_aliases_and_options(alias: str, name: str) -> None:
    assert tiebreak_by_name(alias).name == name


def test_names_from_a_comma_separated_list() -> None:
    assert [t.name for t in tiebreaks_by_names("buchholz, sb,")] == ["buchholz", "sb"]


def test_directions_and_scopes() -> None:
    assert previous_position().better is Better.LOWER
    assert drawing_of_lots(1).better is Better.LOWER
    assert buchholz().better is Better.HIGHER
    assert direct_encounter().scope is Scope.TIED
    assert sonneborn_berger().scope is Scope.FIELD


def test_bad_unplayed_treatment_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="fide2009"):
        buchholz(unplayed="fide2009")


def test_fide2023_cannot_exclude_bye_points() -> None:
    with pytest.raises(ConfigError, match="cannot be combined"):
        buchholz(exclude_bye_points=True, unplayed=Unplayed.FIDE2023)


def test_sb_needs_a_win_worth_points() -> None:
    nothing = PointSystem(win=Fraction(0), draw=Fraction(0), loss=Fraction(0))
    with pytest.raises(ConfigError, match="win"):
        sonneborn_berger().compute_values(event([(1, "A", "B", W)], points=nothing))


# --- Buchholz family ----------------------------------------------------------------------

# P meets opponents who finish on 1, 2, 3 and 4 points.
BUCHHOLZ_EVENT = [
    (1, "P", "A", W),
    (2, "P", "B", W),
    (3, "P", "C", L),
    (4, "P", "D", L),
    (1, "B", "X1", W),
    (3, "B", "X8", W),
    (1, "C", "X2", W),
    (2, "C", "X3", W),
    (1, "D", "X4", W),
    (2, "D", "X5", W),
    (3, "D", "X6", W),
    (2, "A", "X7", W),
]


def test_buchholz_cut1_and_median() -> None:
    results = event(BUCHHOLZ_EVENT)
    assert values_of(buchholz(), results)["P"] == 1 + 2 + 3 + 4
    assert values_of(buchholz_cut1(), results)["P"] == 2 + 3 + 4
    assert values_of(median_buchholz(), results)["P"] == 2 + 3


def test_median_of_a_single_opponent_is_zero() -> None:
    results = event([(1, "A", "B", W)])
    assert values_of(median_buchholz(), results) == {"A": 0, "B": 0}
    assert values_of(buchholz_cut1(), results) == {"A": 0, "B": 0}


def test_own_bye_adds_no_opponent() -> None:
    results = event([(1, "A", "B", W)], [(2, "A", ByeKind.PAIRING_ALLOCATED)])
    assert values_of(buchholz(), results)["A"] == 0
    assert values_of(buchholz(), results)["B"] == 1  # A's bye point is left out


def test_fide2023_dummy_opponent_for_a_forfeit_win() -> None:
    # A beat B over the board and won round 2 by forfeit against C. B drew D in round 2.
    # Scores: A 2, B ½, C 0, D ½.
    results = event(
        [(1, "A", "B", W), (2, "A", "C", GameResult.FIRST_WINS_BY_FORFEIT), (2, "B", "D", D)]
    )
    # FIDE 2023: the forfeit round is a game against a dummy scoring A's own final score.
    assert values_of(buchholz(unplayed="fide2023"), results)["A"] == Fraction(1, 2) + 2
    assert values_of(sonneborn_berger(unplayed="fide2023"), results)["A"] == Fraction(5, 2)
    # Chess-manager reading: C was paired with A and counts with its score.
    assert values_of(buchholz(), results)["A"] == Fraction(1, 2) + 0


def _seen_scores(results: StageResults) -> dict[str, Fraction]:
    table = ScoreTable.from_results(results)
    seen = fide2023_rounds(table).seen_scores
    return {c.id: table.to_points(seen[i]) for i, c in enumerate(table.competitors)}


def test_fide2023_withdrawn_player_counts_draws_for_opponents() -> None:
    # W loses round 1 and plays no more: rounds 2 and 3 count ½ each for W's opponents.
    withdrawn = event([(1, "A", "W", W), (2, "A", "B", D), (3, "A", "B", D)])
    assert _seen_scores(withdrawn)["W"] == 1
    # B was absent in round 1 but played later: that round keeps its 0.
    assert _seen_scores(withdrawn)["B"] == 1
    assert values_of(buchholz(unplayed="fide2023"), withdrawn)["A"] == 1 + 1 + 1
    assert values_of(buchholz(), withdrawn)["A"] == 0 + 1 + 1


def test_fide2023_absence_followed_by_play_keeps_its_points() -> None:
    results = event([(1, "A", "W", W), (2, "A", "B", D), (3, "B", "W", D)])
    assert _seen_scores(results)["W"] == Fraction(1, 2)


def test_fide2023_cut_takes_a_voluntary_round_first() -> None:
    # A beat C (who finishes on 0) and took a half-point bye in the last round: A's terms
    # are C's 0 and a dummy worth A's own 1.5 for the voluntary bye. The cut removes the
    # voluntary term even though C's is lower.
    games = [(1, "A", "C", W), (2, "C", "D", L), (1, "D", "E", D)]
    half_bye = event(games, [(2, "A", ByeKind.HALF_POINT)])
    assert values_of(buchholz(unplayed="fide2023"), half_bye)["A"] == Fraction(3, 2)
    assert values_of(buchholz_cut1(unplayed="fide2023"), half_bye)["A"] == 0
    assert values_of(median_buchholz(unplayed="fide2023"), half_bye)["A"] == 0
    # A pairing-allocated bye is not voluntary: the lowest term (C's 0) is cut.
    allocated = event(games, [(2, "A", ByeKind.PAIRING_ALLOCATED)])
    assert values_of(buchholz_cut1(unplayed="fide2023"), allocated)["A"] == 2


# --- Sonneborn-Berger and Neustadtl -----------------------------------------------------


def test_neustadtl_split_pairing_counts_half() -> None:
    games = (
        Game(1, cid("A"), cid("B"), W, encounter=1),
        Game(1, cid("B"), cid("A"), W, encounter=1),
        Game(1, cid("A"), cid("C"), W, encounter=2),
        Game(1, cid("C"), cid("A"), L, encounter=2),
    )
    results = StageResults(tuple(Competitor(cid(n), n) for n in "ABC"), games, points=WIN_LOSS)
    # Scores A 3, B 1, C 0: A gets ½ × 1 (split with B) + 1 × 0 (2-0 over C).
    assert values_of(neustadtl(), results) == {
        "A": Fraction(1, 2),
        "B": Fraction(3, 2),
        "C": 0,
    }


def test_neustadtl_per_encounter_groups_a_pairing_typed_as_games() -> None:
    # The same facts as above without ids, the two games of a pairing in rounds 1 and 2.
    games = (
        Game(1, cid("A"), cid("B"), W),
        Game(2, cid("B"), cid("A"), W),
        Game(3, cid("A"), cid("C"), W),
        Game(4, cid("C"), cid("A"), L),
    )
    results = StageResults(tuple(Competitor(cid(n), n) for n in "ABC"), games, points=WIN_LOSS)
    per_encounter = {"A": Fraction(1, 2), "B": Fraction(3, 2), "C": 0}
    assert values_of(tiebreak_by_name("neustadtl:per-encounter"), results) == per_encounter
    # Plain Neustadtl counts each game without an id on its own: A 1×1 + 0 + 0 + 0.
    assert values_of(neustadtl(), results) == {"A": 1, "B": 3, "C": 0}


def test_neustadtl_per_encounter_keeps_the_ids_it_is_given() -> None:
    games = (
        Game(1, cid("A"), cid("B"), W, encounter=7),
        Game(1, cid("B"), cid("A"), W, encounter=7),
        Game(2, cid("A"), cid("B"), W),
        Game(3, cid("B"), cid("A"), L),
    )
    results = StageResults(tuple(Competitor(cid(n), n) for n in "AB"), games, points=WIN_LOSS)
    # Scores A 3, B 1. Encounter 7 is split (½ each); the two id-less games are A's 2-0.
    assert values_of(tiebreak_by_name("neustadtl:per-encounter"), results) == {
        "A": Fraction(1, 2) * 1 + 1 * 1,
        "B": Fraction(1, 2) * 3,
    }


def test_neustadtl_per_encounter_has_no_fide2023_reading() -> None:
    with pytest.raises(ConfigError, match="no fide2023"):
        neustadtl(unplayed="fide2023", pairings_as_encounters=True)


# --- direct encounter -------------------------------------------------------------------


def test_direct_encounter_among_all_tied() -> None:
    # A, B, C tied on 1 point each after a cycle; DE cannot separate a cycle.
    results = event([(1, "A", "B", W), (2, "B", "C", W), (3, "C", "A", W)])
    assert values_of(direct_encounter(), results) == {"A": 1, "B": 1, "C": 1}
    standings = compute_standings(results, [direct_encounter()])
    assert [row.rank for row in standings.rows] == [1, 1, 1]


def test_direct_encounter_is_reapplied_to_the_remaining_tie() -> None:
    # A, B, C, D all finish on 2. Among the four: A 2, B 2, C 1, D 1; re-applied to the
    # pairs, A beat B and C beat D. X and Y are outsiders whose games do not count.
    results = event(
        [
            (1, "A", "B", W),
            (1, "C", "D", W),
            (2, "A", "C", W),
            (2, "B", "D", W),
            (3, "D", "A", W),
            (3, "B", "C", W),
            (4, "C", "X", W),
            (4, "D", "Y", W),
        ]
    )
    standings = compute_standings(results, [direct_encounter()])
    assert standings.order[:4] == ("A", "B", "C", "D")
    assert [row.rank for row in standings.rows[:4]] == [1, 2, 3, 4]
    # Values come from the smallest group each player was tied in.
    assert [row.values["direct-encounter"] for row in standings.rows[:4]] == [1, 0, 1, 0]
    assert values_of(direct_encounter(), results)["A"] == 2


def test_direct_encounter_separates_only_a_certain_leader_when_not_all_met() -> None:
    # Swiss: A beat B and C; B and C never met. A is first whatever B-C would have been.
    results = event(
        [
            (1, "A", "B", W),
            (2, "A", "C", W),
            (1, "C", "X", W),
            (2, "B", "Y", W),
            (3, "B", "Z", W),
            (3, "C", "Z2", W),
            (3, "A", "Y", L),
        ]
    )
    standings = compute_standings(results, [direct_encounter()])
    top = standings.rows[:3]
    assert [r.competitor.id for r in top] == ["A", "B", "C"]
    assert [r.rank for r in top] == [1, 2, 2]
    assert top[0].values["direct-encounter"] == 2
    assert top[0].decided_by == "direct-encounter"


def test_direct_encounter_leaves_forfeits_out_unless_asked() -> None:
    results = event([(1, "A", "B", GameResult.FIRST_WINS_BY_FORFEIT), (2, "B", "A", W)])
    assert values_of(direct_encounter(), results) == {"A": 0, "B": 1}
    assert values_of(direct_encounter(count_forfeits=True), results) == {
        "A": Fraction(1, 2),
        "B": Fraction(1, 2),
    }


def test_direct_encounter_averages_repeated_games() -> None:
    results = event([(1, "A", "B", W), (2, "B", "A", D)])
    assert values_of(direct_encounter(), results) == {
        "A": Fraction(3, 4),
        "B": Fraction(1, 4),
    }


# --- own results, ratings, seeding data ---------------------------------------------------


def test_wins_include_forfeits_and_full_point_byes() -> None:
    results = event(
        [(1, "A", "B", GameResult.FIRST_WINS_BY_FORFEIT), (2, "A", "B", D)],
        [(3, "A", ByeKind.PAIRING_ALLOCATED), (3, "B", ByeKind.HALF_POINT)],
    )
    assert values_of(wins(), results) == {"A": 2, "B": 0}


def test_aro_rounds_half_up_and_leaves_unrated_and_unplayed_out() -> None:
    results = event(
        [
            (1, "A", "B", W),
            (2, "A", "C", D),
            (3, "A", "U", W),
            (4, "A", "F", GameResult.FIRST_WINS_BY_FORFEIT),
        ],
        ratings={"B": 1600, "C": 1601, "U": None, "F": 2400, "A": 1500},
    )
    values = values_of(aro(), results)
    assert values["A"] == 1601  # (1600 + 1601) / 2 = 1600.5 -> 1601
    assert values["U"] == 1500
    assert values["F"] is None  # met no one over the board


def test_tpr_is_aro_plus_dp_over_rated_games() -> None:
    results = event(
        [(1, "A", "B", W), (2, "A", "C", D), (3, "A", "U", L)],
        ratings={"B": 1600, "C": 1601, "U": None},
    )
    # Rated games only: 1.5 / 2 = .75 -> dp 193.
    assert values_of(tpr(), results)["A"] == 1601 + rating_difference_for_score(Fraction(3, 4))
    assert values_of(tpr(), results)["U"] is None


def test_kiba_score_missing_data_has_no_value() -> None:
    results = StageResults(
        (
            Competitor(cid("A"), "A", rating=1926, games_played=347),
            Competitor(cid("B"), "B", rating=None, games_played=10),
        )
    )
    assert values_of(kiba_score_tiebreak(), results) == {"A": 540, "B": None}


def test_previous_position_is_the_list_number() -> None:
    results = StageResults(
        (Competitor(cid("A"), "A", number=7), Competitor(cid("B"), "B", number=None))
    )
    assert values_of(previous_position(), results) == {"A": 7, "B": None}


def test_lots_are_a_permutation_fixed_by_seed_and_ids() -> None:
    competitors = tuple(Competitor(cid(f"P{i}"), f"P{i}") for i in range(12))
    drawn = values_of(drawing_of_lots(5), StageResults(competitors))
    reversed_input = values_of(drawing_of_lots(5), StageResults(competitors[::-1]))
    assert drawn == reversed_input
    assert sorted(v for v in drawn.values() if v is not None) == list(range(1, 13))
    other_seeds = [values_of(drawing_of_lots(s), StageResults(competitors)) for s in (6, 7)]
    assert any(values != drawn for values in other_seeds)


# --- properties against naive re-computations ---------------------------------------------

PLAYER_NAMES = [f"P{i}" for i in range(8)]
RESULTS = list(GameResult)
BYES = list(ByeKind)


@st.composite
def chess_events(draw: st.DrawFn) -> StageResults:
    """Random single-game events: any result code, byes of any kind, absent players."""
    size = draw(st.integers(2, 8))
    names = PLAYER_NAMES[:size]
    games: list[Game] = []
    byes: list[Bye] = []
    for round_number in range(1, draw(st.integers(1, 5)) + 1):
        order = draw(st.permutations(names))
        pairs = draw(st.integers(0, size // 2))
        for k in range(pairs):
            result = draw(st.sampled_from(RESULTS))
            games.append(Game(round_number, cid(order[2 * k]), cid(order[2 * k + 1]), result))
        for name in order[2 * pairs :]:
            kind = draw(st.none() | st.sampled_from(BYES))
            if kind is not None:
                byes.append(Bye(round_number, cid(name), kind))
    system = draw(st.sampled_from([CHESS, PointSystem(pairing_bye=Fraction(1, 2))]))
    return StageResults(
        tuple(Competitor(cid(n), n) for n in names), tuple(games), tuple(byes), points=system
    )


Terms = dict[str, list[tuple[str, Fraction]]]


def _naive(results: StageResults) -> tuple[dict[str, Fraction], dict[str, Fraction], Terms]:
    """Scores, bye points and (opponent, own points) terms, straight from the definitions."""
    system = results.points
    score: dict[str, Fraction] = defaultdict(Fraction)
    bye_points: dict[str, Fraction] = defaultdict(Fraction)
    terms: dict[str, list[tuple[str, Fraction]]] = defaultdict(list)
    points = {
        W: (system.win, system.loss),
        D: (system.draw, system.draw),
        L: (system.loss, system.win),
        GameResult.FIRST_WINS_BY_FORFEIT: (system.forfeit_win_points, system.forfeit_loss_points),
        GameResult.SECOND_WINS_BY_FORFEIT: (system.forfeit_loss_points, system.forfeit_win_points),
        GameResult.DOUBLE_FORFEIT: (system.forfeit_loss_points, system.forfeit_loss_points),
        GameResult.NOT_PLAYED: (Fraction(0), Fraction(0)),
    }
    for game in results.games:
        first, second = points[game.result]
        score[game.first] += first
        score[game.second] += second
        if game.result not in (GameResult.DOUBLE_FORFEIT, GameResult.NOT_PLAYED):
            terms[game.first].append((game.second, first))
            terms[game.second].append((game.first, second))
    for bye in results.byes:
        score[bye.competitor] += bye.kind.points(system)
        bye_points[bye.competitor] += bye.kind.points(system)
    return score, bye_points, terms


@settings(max_examples=150, deadline=None)
@given(chess_events())
def test_buchholz_and_sb_match_their_definitions(results: StageResults) -> None:
    score, bye_points, terms = _naive(results)
    bh = values_of(buchholz(), results)
    bh_all = values_of(buchholz(exclude_bye_points=False), results)
    sb = values_of(sonneborn_berger(), results)
    cut = values_of(buchholz_cut1(), results)
    median = values_of(median_buchholz(), results)
    for competitor in results.competitors:
        mine = terms[competitor.id]
        contributions = sorted(score[o] - bye_points[o] for o, _ in mine)
        assert bh[competitor.id] == sum(contributions)
        assert cut[competitor.id] == sum(contributions[1:])
        assert median[competitor.id] == sum(contributions[1:-1])
        assert bh_all[competitor.id] == sum(score[o] for o, _ in mine)
        assert sb[competitor.id] == sum(p / results.points.win * score[o] for o, p in mine)


@settings(max_examples=100, deadline=None)
@given(chess_events())
def test_sb_and_neustadtl_agree_on_single_games(results: StageResults) -> None:
    assert values_of(sonneborn_berger(), results) == values_of(neustadtl(), results)


@settings(max_examples=150, deadline=None)
@given(chess_events())
def test_neustadtl_per_encounter_matches_its_definition(results: StageResults) -> None:
    # KIBA R30 over pairings: the games two players played against each other form one
    # encounter; its decided games' points as a share of a win each, times the opponent's score.
    # It counts when at least one of them was played or forfeited by one side only.
    score, _, _ = _naive(results)
    system = results.points
    points = {
        W: (system.win, system.loss),
        D: (system.draw, system.draw),
        L: (system.loss, system.win),
        GameResult.FIRST_WINS_BY_FORFEIT: (system.forfeit_win_points, system.forfeit_loss_points),
        GameResult.SECOND_WINS_BY_FORFEIT: (system.forfeit_loss_points, system.forfeit_win_points),
        GameResult.DOUBLE_FORFEIT: (system.forfeit_loss_points, system.forfeit_loss_points),
    }
    won: dict[tuple[str, str], Fraction] = defaultdict(Fraction)
    decided: dict[frozenset[str], int] = defaultdict(int)
    met: set[frozenset[str]] = set()
    for game in results.games:
        pair = frozenset((game.first, game.second))
        if game.result is GameResult.NOT_PLAYED:
            continue
        decided[pair] += 1
        first, second = points[game.result]
        won[game.first, game.second] += first
        won[game.second, game.first] += second
        if game.result is not GameResult.DOUBLE_FORFEIT:
            met.add(pair)
    expected = {
        c.id: sum(
            (
                won[c.id, other] / (system.win * decided[pair]) * score[other]
                for pair in met
                if c.id in pair
                for other in pair - {c.id}
            ),
            Fraction(0),
        )
        for c in results.competitors
    }
    assert values_of(tiebreak_by_name("neustadtl:per-encounter"), results) == expected


@settings(max_examples=100, deadline=None)
@given(chess_events())
def test_fide2023_buchholz_has_one_term_per_round(results: StageResults) -> None:
    # Every round so far gives exactly one term: an opponent met or a dummy. With all terms
    # at least 0, the cut values never exceed the full sum.
    bh = values_of(buchholz(unplayed="fide2023"), results)
    cut = values_of(buchholz_cut1(unplayed="fide2023"), results)
    median = values_of(median_buchholz(unplayed="fide2023"), results)
    for competitor in results.competitors:
        full, one, both = bh[competitor.id], cut[competitor.id], median[competitor.id]
        assert full is not None
        assert one is not None
        assert both is not None
        assert 0 <= both <= one <= full
