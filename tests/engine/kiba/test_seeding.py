"""The initial list: categories (R6, A2), KIBA score (R7, A5), order and ties (R8, A3, A4),
and the player-count rule (R2, R3)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import ConfigError, ParseError
from mashindano.engine.kiba.parameters import kiba_parameters
from mashindano.engine.kiba.seeding import compute_initial_list
from mashindano.engine.model import Competitor, CompetitorId

T0 = datetime(2026, 2, 1, tzinfo=UTC)


def player(name: str, elo: int | None, games: int | None) -> Competitor:
    return Competitor(CompetitorId(name), name, rating=elo, games_played=games)


def filler(count: int, start: int = 0) -> list[Competitor]:
    return [player(f"F{start + i}", 1500, 100 + start + i) for i in range(count)]


@pytest.mark.parametrize(("games", "category"), [(0, 3), (1, 2), (24, 2), (25, 1), (1000, 1)])
def test_kiba_R6_A2_categories(games: int, category: int) -> None:
    initial = compute_initial_list([player("X", 1700, games), *filler(5)])
    assert initial.player(CompetitorId("X")).category == category


def test_kiba_R6_category_threshold_is_a_parameter() -> None:
    p = kiba_parameters({"category1_min_games": "50"})
    initial = compute_initial_list([player("X", 1700, 30), *filler(5)], p)
    assert initial.player(CompetitorId("X")).category == 2


def test_kiba_R6_newcomer_gets_1800_even_with_a_rating_on_file() -> None:
    initial = compute_initial_list(
        [player("New", 2400, 0), player("Blank", None, None), *filler(4)]
    )
    for name in ("New", "Blank"):
        p = initial.player(CompetitorId(name))
        assert (p.category, p.elo, p.games, p.kiba_score) == (3, 1800, 0, 180)


def test_kiba_R6_new_player_elo_is_a_parameter() -> None:
    initial = compute_initial_list(
        [player("New", None, 0), *filler(5)], kiba_parameters({"new_player_elo": "1500"})
    )
    assert initial.player(CompetitorId("New")).kiba_score == 150


def test_kiba_A3_categories_before_kiba_score() -> None:
    strong_category_2 = player("C2", 2500, 20)  # 270
    weak_category_1 = player("C1", 1500, 30)  # 180
    initial = compute_initial_list([strong_category_2, weak_category_1, *filler(4)])
    names = [p.name for p in initial.players]
    assert names.index("C1") < names.index("C2")
    assert initial.player(CompetitorId("C2")).kiba_score == 270


def test_kiba_A4_equal_kiba_score_earlier_entry_first() -> None:
    players = [player(f"N{i}", None, 0) for i in range(6)]
    initial = compute_initial_list(players)
    assert [p.name for p in initial.players] == ["N0", "N1", "N2", "N3", "N4", "N5"]
    assert initial.lots_used == ()


def test_kiba_A4_entry_times_decide_over_list_order() -> None:
    players = [player(f"N{i}", None, 0) for i in range(6)]
    entered = {p.id: T0 - timedelta(hours=i) for i, p in enumerate(players)}
    initial = compute_initial_list(players, entered_at=entered)
    assert [p.name for p in initial.players] == ["N5", "N4", "N3", "N2", "N1", "N0"]


def test_kiba_A4_simultaneous_entries_need_recorded_lots() -> None:
    players = [player(f"N{i}", None, 0) for i in range(6)]
    entered = {p.id: T0 for p in players[:2]} | {
        p.id: T0 + timedelta(minutes=i + 1) for i, p in enumerate(players[2:])
    }
    with pytest.raises(ConfigError, match="N0, N1") as caught:
        compute_initial_list(players, entered_at=entered)
    assert caught.value.code == "lots_needed"
    initial = compute_initial_list(
        players, entered_at=entered, lots=[CompetitorId("N1"), CompetitorId("N0")]
    )
    assert [p.name for p in initial.players[:2]] == ["N1", "N0"]
    assert initial.lots_used == ("N1", "N0")


def test_kiba_A4_lots_must_name_entrants() -> None:
    with pytest.raises(ConfigError, match="Ghost"):
        compute_initial_list(filler(6), lots=[CompetitorId("Ghost")])


def test_kiba_A4_entry_times_must_be_complete_and_aware() -> None:
    players = filler(6)
    with pytest.raises(ConfigError, match="no entry time"):
        compute_initial_list(players, entered_at={players[0].id: T0})
    naive = {p.id: datetime(2026, 1, 1) for p in players}
    with pytest.raises(ParseError, match="has no time zone"):
        compute_initial_list(players, entered_at=naive)


@pytest.mark.parametrize("count", [0, 5, 35, 40])
def test_kiba_R2_player_count_outside_range(count: int) -> None:
    with pytest.raises(ConfigError, match=f"6 to 34 players, got {count}") as caught:
        compute_initial_list(filler(count))
    assert caught.value.code == "player_count"
    assert caught.value.params["players"] == count


def test_kiba_R3_director_limit() -> None:
    p = kiba_parameters({"max_players": "10"})
    compute_initial_list(filler(10), p)
    with pytest.raises(ConfigError, match="6 to 10 players, got 11"):
        compute_initial_list(filler(11), p)


def test_kiba_duplicate_entry_is_refused() -> None:
    with pytest.raises(ConfigError, match="F0"):
        compute_initial_list([*filler(6), *filler(1)])


def test_kiba_player_with_games_but_no_rating_is_refused() -> None:
    with pytest.raises(ConfigError, match="'X' has played 12 games") as caught:
        compute_initial_list([player("X", None, 12), *filler(5)])
    assert caught.value.code == "missing_rating"


entrants = st.lists(
    st.tuples(st.integers(1000, 2600), st.integers(0, 1200) | st.just(0)),
    min_size=6,
    max_size=34,
)


@settings(max_examples=60, deadline=None)
@given(entrants)
def test_kiba_R8_list_is_categories_then_kiba_score(rows: list[tuple[int, int]]) -> None:
    players = [player(f"E{i}", elo, games) for i, (elo, games) in enumerate(rows)]
    initial = compute_initial_list(players)
    assert sorted(p.name for p in initial.players) == sorted(c.name for c in players)
    assert [p.seed for p in initial.players] == list(range(1, len(players) + 1))
    keys = [(p.category, -p.kiba_score, p.entry) for p in initial.players]
    assert keys == sorted(keys)
