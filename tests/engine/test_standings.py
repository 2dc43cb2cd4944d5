"""Standings (ranking by points then tie-breaks, shared ranks) and crosstables, with
hypothesis properties over random events."""

from __future__ import annotations

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
from mashindano.engine.points import CHESS, THREE_ONE_ZERO, WIN_LOSS, PointSystem
from mashindano.engine.standings import (
    POINTS,
    ResultNotation,
    Standings,
    compute_crosstable,
    compute_standings,
)
from mashindano.engine.tiebreaks import (
    aro,
    buchholz,
    previous_position,
    sonneborn_berger,
    tiebreak_by_name,
    tiebreaks_by_names,
)

W, D, L = GameResult.FIRST_WINS, GameResult.DRAW, GameResult.SECOND_WINS


def cid(name: str) -> CompetitorId:
    return CompetitorId(name)


def players(*names: str, numbers: dict[str, int] | None = None) -> tuple[Competitor, ...]:
    numbers = numbers or {}
    return tuple(Competitor(cid(n), n, number=numbers.get(n)) for n in names)


def game(round_number: int, first: str, second: str, result: GameResult) -> Game:
    return Game(round_number, cid(first), cid(second), result)


def ranks(standings: Standings) -> list[int]:
    return [row.rank for row in standings.rows]


# --- ranking --------------------------------------------------------------------------------


def test_points_rank_first_highest_first() -> None:
    # A 2, D 1, B ½, C ½.
    results = StageResults(
        players("A", "B", "C", "D"),
        (game(1, "A", "B", W), game(1, "C", "D", D), game(2, "A", "C", W), game(2, "B", "D", D)),
    )
    standings = compute_standings(results)
    assert standings.order == ("A", "D", "B", "C")
    assert [row.points for row in standings.rows] == [2, 1, Fraction(1, 2), Fraction(1, 2)]
    assert ranks(standings) == [1, 2, 3, 3]


def test_shared_ranks_skip_the_following_places() -> None:
    # A 2, B and C 1 (shared), D 0: ranks 1, 2, 2, 4.
    results = StageResults(
        players("A", "B", "C", "D"),
        (game(1, "A", "B", W), game(1, "C", "D", W), game(2, "A", "C", W), game(2, "B", "D", W)),
    )
    standings = compute_standings(results)
    assert ranks(standings) == [1, 2, 2, 4]
    assert [row.is_shared for row in standings.rows] == [False, True, True, False]
    assert [row.decided_by for row in standings.rows] == [POINTS, None, None, POINTS]


def test_tiebreaks_only_reorder_inside_point_groups() -> None:
    # D has the best previous position but fewer points: it stays last.
    results = StageResults(
        players("A", "B", "C", "D", numbers={"A": 3, "B": 2, "C": 4, "D": 1}),
        (game(1, "A", "B", W), game(1, "C", "D", W), game(2, "A", "C", W), game(2, "B", "D", W)),
    )
    standings = compute_standings(results, [previous_position()])
    assert standings.order == ("A", "B", "C", "D")
    assert ranks(standings) == [1, 2, 3, 4]
    assert standings.row(cid("B")).decided_by == "previous-position"


def test_missing_values_rank_last() -> None:
    # A and B both beat someone; only B met a rated opponent.
    results = StageResults(
        (
            Competitor(cid("A"), "A"),
            Competitor(cid("B"), "B"),
            Competitor(cid("U"), "U"),
            Competitor(cid("R"), "R", rating=1500),
        ),
        (game(1, "A", "U", W), game(1, "B", "R", W)),
    )
    standings = compute_standings(results, [aro()])
    assert standings.order[:2] == ("B", "A")
    assert standings.row(cid("A")).values["aro"] is None
    lower_first = compute_standings(
        StageResults(players("A", "B", "C", numbers={"A": 2, "C": 1})), [previous_position()]
    )
    assert lower_first.order == ("C", "A", "B")


def test_a_tiebreak_twice_is_refused() -> None:
    with pytest.raises(ConfigError, match="listed twice"):
        compute_standings(StageResults(players("A")), [buchholz(), tiebreak_by_name("bh")])


def test_empty_stage() -> None:
    assert compute_standings(StageResults(()), [buchholz()]).rows == ()


def test_row_of_unknown_competitor() -> None:
    with pytest.raises(KeyError):
        compute_standings(StageResults(players("A"))).row(cid("Z"))


def test_values_are_listed_in_tiebreak_order() -> None:
    results = StageResults(players("A", "B"), (game(1, "A", "B", D),))
    standings = compute_standings(results, tiebreaks_by_names("sb,buchholz,wins"))
    assert standings.tiebreaks == ("sb", "buchholz", "wins")
    assert list(standings.rows[0].values) == ["sb", "buchholz", "wins"]


# --- crosstable -----------------------------------------------------------------------------


def test_chess_crosstable_codes_and_totals() -> None:
    results = StageResults(
        players("A", "B", "C"),
        (
            game(1, "A", "B", W),
            game(2, "B", "C", GameResult.FIRST_WINS_BY_FORFEIT),
            game(3, "C", "A", D),
            game(4, "B", "A", D),
            game(5, "A", "C", GameResult.NOT_PLAYED),
        ),
    )
    crosstable = compute_crosstable(results)
    assert [row.cells for row in crosstable.rows] == [
        ("", "1 ½", "½"),
        ("0 ½", "", "+"),
        ("½", "-", ""),
    ]
    assert [row.score for row in crosstable.rows] == [2, Fraction(3, 2), Fraction(1, 2)]


def test_crosstable_in_a_given_order() -> None:
    results = StageResults(players("A", "B"), (game(1, "A", "B", L),))
    crosstable = compute_crosstable(results, order=[cid("B"), cid("A")])
    assert [c.id for c in crosstable.competitors] == ["B", "A"]
    assert crosstable.rows[0].cells == ("", "1")
    with pytest.raises(ConfigError):
        compute_crosstable(results, order=[cid("B")])


def test_win_loss_crosstable_of_a_double_forfeit() -> None:
    results = StageResults(players("A", "B"), (game(1, "A", "B", GameResult.DOUBLE_FORFEIT),))
    crosstable = compute_crosstable(results, notation=ResultNotation.WIN_LOSS)
    assert crosstable.cell(cid("A"), cid("B")) == "-"
    assert crosstable.cell(cid("B"), cid("A")) == "-"


# --- properties -------------------------------------------------------------------------------

NAMES = [f"P{i}" for i in range(7)]
SYSTEMS = [CHESS, WIN_LOSS, THREE_ONE_ZERO, PointSystem(pairing_bye=Fraction(1, 2))]
TIEBREAKS = [
    "sb",
    "sb:fide2023",
    "neustadtl",
    "neustadtl:fide2023",
    "buchholz",
    "buchholz:include-bye-points",
    "buchholz:fide2023",
    "buchholz-cut1",
    "buchholz-cut1:fide2023",
    "median-buchholz",
    "median-buchholz:fide2023",
    "direct-encounter",
    "direct-encounter:forfeits",
    "wins",
    "aro",
    "tpr",
    "kiba-score",
    "previous-position",
]


@st.composite
def events(draw: st.DrawFn) -> StageResults:
    """Random stages: single games or two-game encounters, any result, byes, absences."""
    size = draw(st.integers(1, len(NAMES)))
    names = NAMES[:size]
    competitors = tuple(
        Competitor(
            cid(n),
            n,
            rating=draw(st.none() | st.integers(1000, 2800)),
            games_played=draw(st.none() | st.integers(0, 500)),
            number=draw(st.none() | st.integers(1, 50)),
        )
        for n in names
    )
    games_per_encounter = draw(st.sampled_from([1, 1, 2]))
    games: list[Game] = []
    byes: list[Bye] = []
    for round_number in range(1, draw(st.integers(1, 5)) + 1):
        order = draw(st.permutations(names))
        pairs = draw(st.integers(0, size // 2))
        for k in range(pairs):
            a, b = cid(order[2 * k]), cid(order[2 * k + 1])
            if games_per_encounter == 1:
                games.append(Game(round_number, a, b, draw(st.sampled_from(list(GameResult)))))
                continue
            encounter = len(games)
            for first, second in ((a, b), (b, a)):
                result = draw(st.sampled_from([W, L, GameResult.FIRST_WINS_BY_FORFEIT]))
                games.append(Game(round_number, first, second, result, encounter=encounter))
        for name in order[2 * pairs :]:
            kind = draw(st.none() | st.sampled_from(list(ByeKind)))
            if kind is not None:
                byes.append(Bye(round_number, cid(name), kind))
    system = draw(st.sampled_from(SYSTEMS))
    return StageResults(competitors, tuple(games), tuple(byes), points=system)


tiebreak_lists = st.lists(st.sampled_from(TIEBREAKS), unique=True, max_size=5)


@settings(max_examples=120, deadline=None)
@given(events(), tiebreak_lists)
def test_standings_rank_every_competitor_once(results: StageResults, names: list[str]) -> None:
    standings = compute_standings(results, tiebreaks_by_names(names))
    assert sorted(standings.order) == sorted(c.id for c in results.competitors)
    rows = standings.rows
    for k, row in enumerate(rows):
        if k == 0:
            assert row.rank == 1
            continue
        previous = rows[k - 1]
        assert previous.points >= row.points
        assert previous.rank <= row.rank
        if row.rank == previous.rank:
            assert row.is_shared
            assert previous.is_shared
            assert row.points == previous.points
        else:
            assert row.rank == k + 1


@settings(max_examples=120, deadline=None)
@given(events(), tiebreak_lists, st.data())
def test_values_do_not_depend_on_names_or_input_order(
    results: StageResults, names: list[str], data: st.DataObject
) -> None:
    new_name = {c.id: cid(f"X{k}") for k, c in enumerate(reversed(results.competitors))}
    relabelled = StageResults(
        tuple(
            Competitor(new_name[c.id], new_name[c.id], c.rating, c.games_played, None, c.number)
            for c in data.draw(st.permutations(results.competitors))
        ),
        tuple(
            Game(
                g.round,
                new_name[g.first],
                new_name[g.second],
                g.result,
                g.termination,
                None if g.encounter is None else g.encounter + 1000,
            )
            for g in data.draw(st.permutations(results.games))
        ),
        tuple(
            Bye(b.round, new_name[b.competitor], b.kind)
            for b in data.draw(st.permutations(results.byes))
        ),
        points=results.points,
        rounds=results.rounds,
    )
    before = compute_standings(results, tiebreaks_by_names(names))
    after = compute_standings(relabelled, tiebreaks_by_names(names))
    for row in before.rows:
        twin = after.row(new_name[row.competitor.id])
        assert (twin.rank, twin.points, twin.values, twin.is_shared, twin.decided_by) == (
            row.rank,
            row.points,
            row.values,
            row.is_shared,
            row.decided_by,
        )


@settings(max_examples=60, deadline=None)
@given(events(), st.integers(0, 2**32), st.data())
def test_lots_do_not_depend_on_input_order(
    results: StageResults, seed: int, data: st.DataObject
) -> None:
    shuffled = StageResults(
        tuple(data.draw(st.permutations(results.competitors))),
        tuple(data.draw(st.permutations(results.games))),
        tuple(data.draw(st.permutations(results.byes))),
        points=results.points,
    )
    tiebreaks = tiebreaks_by_names(f"buchholz,lots:{seed}")
    before = compute_standings(results, tiebreaks)
    after = compute_standings(shuffled, tiebreaks)
    assert before.order == after.order
    assert not any(row.is_shared for row in before.rows)


@settings(max_examples=120, deadline=None)
@given(events())
def test_points_add_up_to_what_games_and_byes_hand_out(results: StageResults) -> None:
    system = results.points
    handed_out = Fraction(0)
    for g in results.games:
        match g.result:
            case GameResult.FIRST_WINS | GameResult.SECOND_WINS:
                handed_out += system.win + system.loss
            case GameResult.DRAW:
                handed_out += 2 * system.draw
            case GameResult.FIRST_WINS_BY_FORFEIT | GameResult.SECOND_WINS_BY_FORFEIT:
                handed_out += system.forfeit_win_points + system.forfeit_loss_points
            case GameResult.DOUBLE_FORFEIT:
                handed_out += 2 * system.forfeit_loss_points
            case GameResult.NOT_PLAYED:
                pass
    handed_out += sum((b.kind.points(system) for b in results.byes), Fraction(0))
    standings = compute_standings(results, [sonneborn_berger()])
    assert sum((row.points for row in standings.rows), Fraction(0)) == handed_out


@settings(max_examples=60, deadline=None)
@given(events(), st.sampled_from([n for n in TIEBREAKS if not n.startswith("direct")]))
def test_field_values_in_standings_match_the_tiebreak(results: StageResults, name: str) -> None:
    tiebreak = tiebreak_by_name(name)
    standings = compute_standings(results, [tiebreak])
    computed = tiebreak.compute_values(results)
    assert {row.competitor.id: row.values[name] for row in standings.rows} == computed
