"""Group standings (R28-R30) and the director's playoff (R29 (4), A9, A10)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError, IllegalResult, MashindanoError
from mashindano.engine.kiba.group_play import KibaGroup, group_pairings, make_group
from mashindano.engine.kiba.parameters import kiba_parameters
from mashindano.engine.kiba.ranking import rank_group
from mashindano.engine.kiba.seeding import SeededPlayer
from mashindano.engine.model import Competitor, CompetitorId, Game, GameResult, Termination

QUALIFYING = ["semifinal-1", "semifinal-2"]


def seeded(name: str, seed: int, kiba: int) -> SeededPlayer:
    competitor = Competitor(CompetitorId(name), name, rating=1800, games_played=0)
    return SeededPlayer(seed, competitor, 1, 1800, 0, kiba, seed)


def group_of(kiba_scores: Sequence[int]) -> KibaGroup:
    names = "ABCDEF"
    return make_group("A", [seeded(names[i], i + 1, score) for i, score in enumerate(kiba_scores)])


def play(
    group: KibaGroup, winners: dict[tuple[CompetitorId, CompetitorId], CompetitorId]
) -> list[Game]:
    """`winners[(south, north)]` names the winner of the game with that South; missing games
    stay unplayed."""
    games = []
    for pairing in group_pairings(group):
        for game in pairing.games():
            winner = winners.get((game.first, game.second))
            if winner is None:
                games.append(game)
                continue
            result = GameResult.FIRST_WINS if winner == game.first else GameResult.SECOND_WINS
            games.append(
                Game(game.round, game.first, game.second, result, encounter=game.encounter)
            )
    return games


def cycle_of_splits(group: KibaGroup) -> list[Game]:
    """Every pairing split 1-1 (South wins each game): everyone equal on score and Neustadtl."""
    return play(
        group,
        {(a.id, b.id): a.id for a in group.players for b in group.players if a != b},
    )


def test_kiba_R29_all_tied_on_score_and_neustadtl_kiba_score_decides() -> None:
    group = group_of([300, 500, 400])
    table = rank_group(group, cycle_of_splits(group))
    assert [r.player.name for r in table.rows] == ["B", "C", "A"]
    assert [r.rank for r in table.rows] == [1, 2, 3]
    assert {r.score for r in table.rows} == {2}
    assert {r.values["neustadtl"] for r in table.rows} == {Fraction(2)}
    assert table.ties_needing_playoff(QUALIFYING) == ()
    assert [p.name if p else None for p in table.advancing(QUALIFYING)] == ["B", "C"]


def test_kiba_R29_remaining_tie_for_a_qualifying_place_needs_a_playoff() -> None:
    group = group_of([300, 300, 300])
    table = rank_group(group, cycle_of_splits(group))
    assert [r.rank for r in table.rows] == [1, 1, 1]
    assert table.ties_needing_playoff(QUALIFYING) == (("A", "B", "C"),)
    with pytest.raises(MashindanoError, match="playoff") as caught:
        table.advancing(QUALIFYING)
    assert caught.value.code == "playoff_needed"


def test_kiba_R29_playoff_decision_is_a_recorded_fact() -> None:
    group = group_of([300, 300, 300])
    order = [CompetitorId("C"), CompetitorId("A"), CompetitorId("B")]
    table = rank_group(group, cycle_of_splits(group), playoffs=[order])
    assert [(r.rank, r.player.name, r.values["playoff"]) for r in table.rows] == [
        (1, "C", 1),
        (2, "A", 2),
        (3, "B", 3),
    ]
    assert table.playoffs == (tuple(order),)
    assert [p.name if p else None for p in table.advancing(QUALIFYING)] == ["C", "A"]


def test_kiba_A10_only_ties_that_decide_a_destination_need_a_playoff() -> None:
    group = group_of([300, 300, 300, 300])
    names = [p.id for p in group.players]
    a, b, c, d = names
    # A and B win everything against C and D; A-B and C-D split.
    winners = {(a, b): a, (b, a): b, (c, d): c, (d, c): d}
    for top in (a, b):
        for low in (c, d):
            winners[(top, low)] = top
            winners[(low, top)] = top
    table = rank_group(group, play(group, winners))
    assert [r.rank for r in table.rows] == [1, 1, 3, 3]
    # Places 1 and 2 go to different semifinal groups: A-B matters; C-D (3-4) does not.
    assert table.ties_needing_playoff(QUALIFYING) == ((a, b),)
    # With one qualification group both go to the final (A6): nothing to decide.
    assert table.ties_needing_playoff(["final", "final"]) == ()
    assert [p.id if p else None for p in table.advancing(["final", "final"])] == [a, b]
    with pytest.raises(MashindanoError):
        table.advancing(["final"])


def test_kiba_playoff_must_name_exactly_the_tied_players() -> None:
    group = group_of([300, 300, 300])
    with pytest.raises(IllegalResult, match="exactly the tied players"):
        rank_group(group, cycle_of_splits(group), playoffs=[[CompetitorId("A"), CompetitorId("B")]])
    with pytest.raises(IllegalResult, match="Z"):
        rank_group(group, cycle_of_splits(group), playoffs=[[CompetitorId("Z"), CompetitorId("A")]])


def test_kiba_playoff_needs_playoff_in_the_tiebreak_order() -> None:
    group = group_of([300, 300, 300])
    p = kiba_parameters({"tiebreak_order": "neustadtl,kiba-score"})
    table = rank_group(group, cycle_of_splits(group), p)
    assert table.tiebreaks == ("neustadtl", "kiba-score")
    with pytest.raises(ConfigError, match="not in the tie-break order"):
        rank_group(group, cycle_of_splits(group), p, playoffs=[[CompetitorId(n) for n in "ABC"]])


def test_kiba_unfinished_group_cannot_send_players_on() -> None:
    group = group_of([300, 200, 100])
    table = rank_group(group, play(group, {}))
    assert not table.complete
    with pytest.raises(ConfigError) as caught:
        table.advancing(QUALIFYING)
    assert caught.value.code == "group_unfinished"


def test_kiba_A14_withdrawn_player_stays_in_the_table_but_does_not_advance() -> None:
    group = group_of([500, 400, 300, 200])
    a, b, c, d = (p.id for p in group.players)
    # A wins its finished games, then withdraws; its other games are unfinished.
    winners = {(a, b): a, (b, a): a, (a, c): a, (c, a): a, (b, c): b, (c, b): b}
    winners |= {(b, d): b, (d, b): b, (c, d): c, (d, c): c}
    table = rank_group(group, play(group, winners), withdrawn={a})
    assert table.complete
    row_a = table.row(a)
    assert row_a.withdrawn
    assert row_a.score == 4
    abandoned = [g for g in table.games if g.termination is Termination.ABANDONMENT]
    assert {(g.first, g.second) for g in abandoned} == {(a, d), (d, a)}
    assert table.row(d).score == 2
    # C and D both have 2; D's wins over A count A's final score 4 in Neustadtl, C's over D 2.
    assert (table.row(d).values["neustadtl"], table.row(c).values["neustadtl"]) == (4, 2)
    assert [r.player.id for r in table.rows] == [a, b, d, c]
    assert [p.id if p else None for p in table.advancing(QUALIFYING)] == [b, d]


def test_kiba_game_from_outside_the_group_is_refused() -> None:
    group = group_of([300, 200, 100])
    stranger = Game(1, CompetitorId("A"), CompetitorId("Q"), GameResult.FIRST_WINS)
    with pytest.raises(IllegalResult, match="'Q' is not in group A"):
        rank_group(group, [stranger])


def test_kiba_house_rounding_uses_the_list_kiba_score() -> None:
    group = group_of([171, 170, 100])
    p = kiba_parameters({"kiba_score": "half-up"})
    table = rank_group(group, cycle_of_splits(group), p)
    assert [r.values["kiba-score"] for r in table.rows] == [171, 170, 100]
