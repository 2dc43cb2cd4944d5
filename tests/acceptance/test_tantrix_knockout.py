"""Every example of shared/spec/tantrix-knockout.md (E1-E5, the addendum's converter values)
and the simulation's JSON and console views (issue 6).

Games are entered as the spec gives them: per-game TPs, or tile margins run through the
addendum's converter. The running totals are the match rule's (engine.matches.PointsMargin).
"""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from fractions import Fraction

import pytest
from rich.console import Console

from mashindano.app.documents.values import tp_to_json
from mashindano.engine.knockout.deadlines import (
    DefaultReason,
    FollowUp,
    FollowUpTrigger,
    Message,
    evaluate_follow_up,
)
from mashindano.engine.knockout.parameters import TANTRIX_KNOCKOUT, match_rule_for
from mashindano.engine.knockout.result_forms import ResultForm, StatusOption, review_game_forms
from mashindano.engine.knockout.simulation import simulate_knockout
from mashindano.engine.knockout.tantrix import TileScore, convert_tile_score, sqrt_margin_tps
from mashindano.engine.knockout.tp_match import (
    EndedBy,
    OptOutAgreement,
    conclude_tp_match,
    is_opt_out_in_time,
)
from mashindano.engine.matches import GamePoints, MatchSide, PointsMargin
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.presets.tantrix_knockout.cli_view import render_simulation
from mashindano.presets.tantrix_knockout.simulation_documents import simulation_json


def tp(text: str) -> Fraction:
    return Fraction(Decimal(text))


def split(a: str, b: str) -> GamePoints:
    return tp(a), tp(b)


RULE = match_rule_for(TANTRIX_KNOCKOUT, standard_games=6)
OPT_OUT = match_rule_for(TANTRIX_KNOCKOUT, standard_games=6, opt_out=True)

# E2: 60.1-39.9 after five games (any valid splits adding up to it).
FIRST_FIVE = [split("12.0", "8.0")] * 4 + [split("12.1", "7.9")]
B_WINS_BY_18 = convert_tile_score(TileScore(tiles_a=10, tiles_b=28))
SIX_GAMES = [*FIRST_FIVE, B_WINS_BY_18]


def standing(
    rule: PointsMargin, games: list[GamePoints]
) -> tuple[str, str, str | None, str | None]:
    state = rule.state(games)
    conclusion = conclude_tp_match(rule, games)
    return str(state.score_a), str(state.score_b), conclusion.winner, conclusion.ended_by


# --- E1 -------------------------------------------------------------------------------------


def test_tantrix_E1_target_62_5_ends_a_six_game_match() -> None:
    assert RULE.minimum_decisive_total == tp("62.5")  # R11: 10s + 2.5
    at_target = [*FIRST_FIVE, split("2.4", "17.6")]
    assert RULE.score(at_target) == (tp("62.5"), tp("57.5"))
    assert standing(RULE, at_target)[2:] == ("a", EndedBy.STANDARD)


def test_tantrix_E1_old_target_60_1_is_no_longer_enough() -> None:
    old_target = [split("10", "10")] * 5 + [split("10.1", "9.9")]  # 60.1-59.9
    assert RULE.needs_another_game(old_target)


# --- E2: every branch ------------------------------------------------------------------------


def test_tantrix_E2_after_five_games_not_final() -> None:
    assert RULE.score(FIRST_FIVE) == (tp("60.1"), tp("39.9"))
    assert RULE.needs_another_game(FIRST_FIVE)


def test_tantrix_E2_game_six_B_by_18_tiles_leaves_62_4_57_6() -> None:
    assert split("2.3", "17.7") == B_WINS_BY_18
    assert RULE.score(SIX_GAMES) == (tp("62.4"), tp("57.6"))
    assert RULE.state(SIX_GAMES).gap == tp("4.8")
    assert RULE.needs_another_game(SIX_GAMES)


def test_tantrix_E2_counterfactual_62_5_57_5_A_wins() -> None:
    games = [*FIRST_FIVE, split("2.4", "17.6")]
    assert standing(RULE, games) == ("125/2", "115/2", "a", "standard")


def test_tantrix_E2_case_a_A_by_1_tile_wins_75_7_64_3() -> None:
    tiebreak = convert_tile_score(TileScore(21, 20))
    assert tiebreak == split("13.3", "6.7")
    games = [*SIX_GAMES, tiebreak]
    assert RULE.score(games) == (tp("75.7"), tp("64.3"))
    assert RULE.state(games).gap == tp("11.4")
    assert conclude_tp_match(RULE, games).winner == "a"
    assert conclude_tp_match(RULE, games).ended_by == EndedBy.TIEBREAK_1


def test_tantrix_E2_case_b_B_by_5_tiles_wins_72_6_67_4() -> None:
    tiebreak = convert_tile_score(TileScore(15, 20))
    assert tiebreak == split("5.0", "15.0")
    games = [*SIX_GAMES, tiebreak]
    assert RULE.score(games) == (tp("67.4"), tp("72.6"))
    assert RULE.state(games).gap == tp("5.2")
    assert conclude_tp_match(RULE, games).winner == "b"


def test_tantrix_E2_case_c_draw_continues_72_4_67_6() -> None:
    tiebreak = convert_tile_score(TileScore(18, 18))
    games = [*SIX_GAMES, tiebreak]
    assert RULE.score(games) == (tp("72.4"), tp("67.6"))
    assert RULE.needs_another_game(games)


@pytest.mark.parametrize(
    ("b_margin", "expected_a", "expected_b"),
    [(4, "67.7", "72.3"), (3, "68.1", "71.9"), (2, "68.5", "71.5"), (1, "69.1", "70.9")],
)
def test_tantrix_E2_case_d_B_by_4_tiles_or_fewer_continues(
    b_margin: int, expected_a: str, expected_b: str
) -> None:
    games = [*SIX_GAMES, convert_tile_score(TileScore(20, 20 + b_margin))]
    assert RULE.score(games) == (tp(expected_a), tp(expected_b))
    assert RULE.needs_another_game(games)


def test_tantrix_E2_case_d_B_by_4_is_5_3_14_7_gap_4_6() -> None:
    games = [*SIX_GAMES, convert_tile_score(TileScore(20, 24))]
    assert games[-1] == split("5.3", "14.7")
    assert RULE.state(games).gap == tp("4.6")


def test_tantrix_E2_case_e_A_by_1_with_4_penalties_continues_71_7_68_3() -> None:
    tiebreak = convert_tile_score(TileScore(21, 20, penalties_a=4))
    assert tiebreak == split("9.3", "10.7")
    games = [*SIX_GAMES, tiebreak]
    assert RULE.score(games) == (tp("71.7"), tp("68.3"))
    assert RULE.state(games).gap == tp("3.4")
    assert RULE.needs_another_game(games)


def test_tantrix_E2_tiebreak_2_leader_wins_at_5_else_tiebreak_3() -> None:
    after_draw = [*SIX_GAMES, split("10", "10")]  # 72.4-67.6
    decisive = [*after_draw, split("10.2", "9.8")]  # 82.6-77.4: gap 5.2
    assert standing(RULE, decisive)[2:] == ("a", "tiebreak-2")
    close = [*after_draw, split("9.8", "10.2")]  # 82.2-77.8: gap 4.4
    assert RULE.needs_another_game(close)


def test_tantrix_E2_tiebreak_3_leader_wins_even_below_5() -> None:
    games = [*SIX_GAMES, split("10", "10"), split("10", "10"), split("8", "12")]  # 90.4-89.6
    assert standing(RULE, games)[2:] == ("a", EndedBy.LEADER_AFTER_TIEBREAK_3)


# --- E3 ------------------------------------------------------------------------------------


def test_tantrix_E3_92_3_87_7_after_nine_games_A_wins() -> None:
    games = [split("10", "10")] * 6 + [split("12.3", "7.7"), split("10", "10"), split("10", "10")]
    assert RULE.score(games) == (tp("92.3"), tp("87.7"))
    assert sum(RULE.score(games)) == 180
    assert standing(RULE, games)[2:] == ("a", "leader-after-tiebreak-3")


def test_tantrix_E3_dead_level_90_90_plays_on_until_someone_leads() -> None:
    level = [split("10", "10")] * 9
    assert RULE.score(level) == (tp("90"), tp("90"))
    assert RULE.needs_another_game(level)
    drawn_fourth = [*level, split("10", "10")]
    assert RULE.score(drawn_fourth) == (tp("100"), tp("100"))
    assert RULE.needs_another_game(drawn_fourth)
    by_a_tile = [*drawn_fourth, convert_tile_score(TileScore(25, 24))]
    assert standing(RULE, by_a_tile)[2:] == ("a", EndedBy.SUDDEN_DEATH)
    by_a_tenth = [*drawn_fourth, split("10.1", "9.9")]  # any margin wins
    assert standing(RULE, by_a_tenth)[2:] == ("a", EndedBy.SUDDEN_DEATH)


def test_tantrix_R10_no_more_than_three_tiebreaks_unless_level() -> None:
    games = [split("10", "10")] * 6 + [split("10.1", "9.9")] + [split("10", "10")] * 2
    assert len(games) == 9
    assert RULE.is_decided(games)


# --- E4 ------------------------------------------------------------------------------------

SITTING = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)


def test_tantrix_E4_opt_out_62_4_57_6_A_wins_at_once() -> None:
    agreement = OptOutAgreement(SITTING - timedelta(days=1), "e-mails copied to the AC")
    assert is_opt_out_in_time(agreement, SITTING)
    assert standing(OPT_OUT, SIX_GAMES)[2:] == ("a", EndedBy.OPT_OUT)


def test_tantrix_E4_A7_opt_out_dead_level_60_60_goes_to_sudden_death() -> None:
    level = [split("10", "10")] * 6
    assert OPT_OUT.needs_another_game(level)
    drawn = [*level, split("10", "10")]
    assert OPT_OUT.needs_another_game(drawn)
    b_ahead = [*drawn, split("9.9", "10.1")]
    assert standing(OPT_OUT, b_ahead)[2:] == ("b", EndedBy.SUDDEN_DEATH)


def test_tantrix_A11_opt_out_after_the_last_sitting_began_is_too_late() -> None:
    late = OptOutAgreement(SITTING + timedelta(minutes=1), "e-mails copied to the AC")
    assert not is_opt_out_in_time(late, SITTING)


# --- E5 ------------------------------------------------------------------------------------

MATCH_END = datetime(2026, 3, 1, 21, 0, tzinfo=UTC)


def option_4_by_b(offers: tuple[Message, ...] = (), replies: tuple[Message, ...] = ()) -> FollowUp:
    behind: MatchSide = "b"
    return FollowUp(FollowUpTrigger.NOTHING_AGREED, MATCH_END, behind, behind, offers, replies)


def test_tantrix_E5_B_behind_picks_4_and_sends_no_offer_A_wins() -> None:
    form = ResultForm(6, "b", MATCH_END, SIX_GAMES[-1], StatusOption.NOTHING_AGREED)
    assert not review_game_forms([form], RULE, FIRST_FIVE).needs_controller
    assert RULE.state(SIX_GAMES).leader == "a"  # B is behind 57.6-62.4
    state = evaluate_follow_up(option_4_by_b(), MATCH_END + timedelta(hours=24, seconds=1))
    assert state.default is not None
    assert (state.default.loser, state.default.reason) == ("b", DefaultReason.NO_OFFER)
    conclusion = conclude_tp_match(RULE, SIX_GAMES, defaulted=state.default.loser)
    assert (conclusion.winner, conclusion.ended_by) == ("a", EndedBy.DEFAULT)


def test_tantrix_E5_B_offers_and_A_does_not_reply_in_48_hours_A_loses() -> None:
    offer = Message("b", MATCH_END + timedelta(hours=3))
    state = evaluate_follow_up(
        option_4_by_b(offers=(offer,)), MATCH_END + timedelta(hours=51, seconds=1)
    )
    assert state.default is not None
    assert (state.default.loser, state.default.reason) == ("a", DefaultReason.NO_REPLY)
    conclusion = conclude_tp_match(RULE, SIX_GAMES, defaulted=state.default.loser)
    assert conclusion.winner == "b"


# --- Addendum ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("margin", "winner", "loser"),
    [
        (1, "13.3", "6.7"),
        (4, "14.7", "5.3"),
        (5, "15.0", "5.0"),
        (18, "17.7", "2.3"),
        (2, "13.9", "6.1"),
        (9, "16.0", "4.0"),
        (16, "17.3", "2.7"),
        (36, "20.0", "0.0"),
        (50, "20.0", "0.0"),
    ],
)
def test_tantrix_addendum_tile_margin_to_tps(margin: int, winner: str, loser: str) -> None:
    assert sqrt_margin_tps(margin) == tp(winner)
    assert convert_tile_score(TileScore(10 + margin, 10)) == split(winner, loser)


def test_tantrix_addendum_draw_and_four_penalties_on_the_winner() -> None:
    assert convert_tile_score(TileScore(20, 20)) == split("10.0", "10.0")
    assert convert_tile_score(TileScore(21, 20, penalties_a=4)) == split("9.3", "10.7")


# --- Issue 6: the simulation's views -------------------------------------------------------


def field(count: int) -> list[Competitor]:
    return [
        Competitor(CompetitorId(f"Player {n}"), f"Player {n}", rating=2100 - 25 * n, number=n)
        for n in range(1, count + 1)
    ]


def test_simulation_json_shape() -> None:
    sim = simulate_knockout(field(6), seed=11)
    document = simulation_json(sim)
    assert set(document) == {"rounds", "champion", "plate"}
    assert document["plate"] is None
    assert document["champion"] == sim.champion
    assert len(document["rounds"]) == 3
    for round_doc in document["rounds"]:
        assert set(round_doc) == {"matches"}
        for match in round_doc["matches"]:
            assert set(match) == {"a", "b", "games", "winner", "ended_by"}
            assert match["winner"] in (match["a"], match["b"])
            for tp_a, tp_b in match["games"]:
                assert round(tp_a + tp_b, 6) == 20
                assert tp_a == round(tp_a, 1)
    byes = [m for m in document["rounds"][0]["matches"] if m["b"] is None]
    assert len(byes) == 2
    assert all(m["games"] == [] and m["ended_by"] == "bye" for m in byes)
    text = json.dumps(document)
    assert json.loads(text) == document


def test_tps_in_json_carry_one_decimal() -> None:
    assert json.dumps([tp_to_json(Fraction(10)), tp_to_json(tp("62.4"))]) == "[10.0, 62.4]"
    assert tp_to_json(tp("13.25")) == 13.3


def test_render_simulation_shows_tp_tables_and_the_bracket() -> None:
    sim = simulate_knockout(field(5), seed=4, standard_games=4)
    buffer = io.StringIO()
    render_simulation(sim, Console(file=buffer, width=120, color_system=None))
    text = buffer.getvalue()
    final = sim.rounds[-1][0]
    assert f"{final.a} v {final.b}" in text
    assert "tiebreak" in text or "game 4" in text
    assert "Final:" in text
    assert f"Champion: {sim.champion}" in text
    assert "Player 1: bye" in text
