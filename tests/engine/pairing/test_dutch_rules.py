"""Dutch rules, article by article, from the worked example of shared/reference/fide_dutch.md
(section 10) and the definitions of C.04.1-C.04.3 (2026)."""

from __future__ import annotations

import pytest

from mashindano.engine.errors import IllegalResult, NoValidPairing
from mashindano.engine.model import CompetitorId, Side
from mashindano.engine.pairing import (
    ColourStrength,
    Float,
    build_swiss_state,
    explain_pairing,
    pair_dutch,
)
from mashindano.engine.pairing.colours import choose_colour
from mashindano.engine.pairing.dutch import pair_dutch_general

from .scenario import build_results

ROUND_1 = "1-5 1-0, 6-2 1-0, 3-7 1-0, 8-4 ="


def _boards(pairs: list[tuple[str, str]]) -> tuple[tuple[CompetitorId, CompetitorId], ...]:
    return tuple((CompetitorId(w), CompetitorId(b)) for w, b in pairs)


def test_dutch_example_round1_S1_S2_and_colours_by_pairing_number() -> None:
    results = build_results(8, [], total_rounds=5)
    pairing = pair_dutch(results, 1, total_rounds=5, initial_colour=Side.WHITE)
    assert pairing.boards == _boards([("1", "5"), ("6", "2"), ("3", "7"), ("8", "4")])
    assert pairing.bye is None


def test_dutch_example_round2_whole_pairing_and_board_order() -> None:
    results = build_results(8, [ROUND_1], total_rounds=5)
    pairing = pair_dutch(results, 2, total_rounds=5, initial_colour=Side.WHITE)
    assert pairing.boards == _boards([("3", "1"), ("4", "6"), ("2", "8"), ("5", "7")])


def test_dutch_C6_C12_first_generated_candidate_wins_a_tie() -> None:
    # Bracket 1.0 {1, 3, 6}: 1-3 and 1-6 break one strong preference each; 1-3 comes first and
    # 6 floats down.
    results = build_results(8, [ROUND_1], total_rounds=5)
    pairing = pair_dutch(results, 2, total_rounds=5, initial_colour=Side.WHITE)
    assert (CompetitorId("3"), CompetitorId("1")) in pairing.boards
    assert (CompetitorId("4"), CompetitorId("6")) in pairing.boards


def test_dutch_colour_rule_4_higher_ranked_preference_is_granted() -> None:
    states = {str(s.id): s for s in build_swiss_state(build_results(8, [ROUND_1]), 2)}
    # 1 and 3 both want Black; 1 ranks higher, so 1 gets Black.
    assert choose_colour(states["1"], states["3"], Side.WHITE) is Side.BLACK
    # 5 and 7 both want White; 5 ranks higher, so 5 gets White.
    assert choose_colour(states["5"], states["7"], Side.WHITE) is Side.WHITE


def test_dutch_colour_rule_5_initial_colour_by_parity() -> None:
    results = build_results(4, [], total_rounds=3)
    pairing = pair_dutch(results, 1, total_rounds=3, initial_colour=Side.BLACK)
    assert pairing.boards == _boards([("3", "1"), ("2", "4")])


def test_dutch_C12_colour_preferences_after_two_rounds() -> None:
    results = build_results(4, ["1-3 1-0, 4-2 =", "1-2 1-0, 3-4 0-1"])
    states = {str(s.id): s for s in build_swiss_state(results, 3)}
    assert states["1"].preference is Side.BLACK
    assert states["1"].strength is ColourStrength.ABSOLUTE  # WW: same colour twice running
    assert states["4"].strength is ColourStrength.MILD  # WB
    assert states["4"].preference is Side.WHITE
    assert states["1"].colour_difference == 2


def test_dutch_C12_strong_preference_after_one_game_and_a_bye() -> None:
    results = build_results(3, ["1-2 1-0, 3 U", "3-1 =, 2 U"])
    states = {str(s.id): s for s in build_swiss_state(results, 3)}
    # 2 played Black then had the bye: CD = -1, strong preference for White.
    assert states["2"].strength is ColourStrength.STRONG
    assert states["2"].preference is Side.WHITE


def test_dutch_GHR_3_4_unplayed_rounds_leave_the_colour_history() -> None:
    results = build_results(4, ["1-2 +-, 3-4 1-0", "2-1 1-0, 4-3 ="])
    states = {str(s.id): s for s in build_swiss_state(results, 3)}
    assert states["1"].colours == (Side.BLACK,)
    assert CompetitorId("2") in states["1"].opponents


def test_dutch_GHR_3_5_forfeited_game_may_be_paired_again() -> None:
    results = build_results(2, ["1-2 +-"], total_rounds=2)
    pairing = pair_dutch(results, 2, total_rounds=2, initial_colour=Side.WHITE)
    assert len(pairing.boards) == 1


def test_dutch_C1_no_rematch_raises_when_nobody_is_left() -> None:
    results = build_results(2, ["1-2 1-0"], total_rounds=2)
    with pytest.raises(NoValidPairing) as raised:
        pair_dutch(results, 2, total_rounds=2, initial_colour=Side.WHITE)
    assert "1" in raised.value.params["players"]


def test_dutch_C2_bye_eligibility_follows_2026_rules() -> None:
    results = build_results(5, ["1-2 +-, 3-4 1-0, 5 H", "1-3 1-0, 2-5 =, 4 F"])
    states = {str(s.id): s for s in build_swiss_state(results, 3)}
    assert not states["1"].is_bye_eligible  # forfeit win
    assert not states["4"].is_bye_eligible  # full-point bye
    assert states["5"].is_bye_eligible  # a half-point bye does not block the PAB
    assert states["2"].is_bye_eligible


def test_dutch_C2_C5_bye_goes_to_lowest_eligible_score() -> None:
    results = build_results(5, ["1-2 1-0, 3-4 1-0, 5 U"], total_rounds=3)
    pairing = pair_dutch(results, 2, total_rounds=3, initial_colour=Side.WHITE)
    assert pairing.bye in {CompetitorId("2"), CompetitorId("4")}


def test_dutch_C9_bye_receiver_with_fewest_unplayed_games_after_floating_two_brackets() -> None:
    # C.04.3 (2026) Art. 2, C9: minimise the unplayed games of the PAB receiver, in the bracket
    # that downfloats exactly one player, who gets the PAB. Here that is not the bye score's own
    # bracket. Before round 4: 1 and 5 have 2.5 (no PAB: U, forfeit wins); 2 and 4 have 1 and
    # have met; 3 has 0 but cannot take the PAB, for 2 has met everyone else (C4). So the PAB
    # goes to a 1-point player (C5): bracket {2, 4} downfloats both into bracket {3}, which
    # pairs one of them and downfloats the other. 2 played all three rounds; 4 played one (a
    # forfeit loss and a zero-point bye are unplayed), so 2 gets the PAB and 4 plays 3, although
    # the first generated candidate pairs the higher-ranked moved-down player, 2.
    # (Minimised from dutch-extra t029p11r_mixed_s3029040_round10, bbpPairings 6.0.0.)
    results = build_results(
        5,
        ["1-2 =, 4-5 -+, 3 Z", "2-5 =, 1-3 +-, 4 Z", "2-4 0-1, 5-3 +-, 1 U"],
        total_rounds=5,
    )
    states = {str(s.id): s for s in build_swiss_state(results, 4)}
    assert (states["2"].score, states["2"].played_games) == (1, 3)
    assert (states["4"].score, states["4"].played_games) == (1, 1)
    for pair in (pair_dutch, pair_dutch_general):
        pairing = pair(results, 4, total_rounds=5, initial_colour=Side.WHITE)
        assert pairing.bye == CompetitorId("2")
        assert pairing.boards == _boards([("5", "1"), ("4", "3")])


def test_dutch_floats_2026_definition() -> None:
    results = build_results(6, ["1-2 1-0, 3-4 =, 5 H, 6 Z", "1-3 1-0, 2-5 -+, 4-6 +-"])
    states = {str(s.id): s for s in build_swiss_state(results, 3)}
    assert states["5"].floats == (Float.DOWN, Float.DOWN)  # H, then a forfeit win
    assert states["2"].float_before(1) is Float.NONE  # forfeit loss: no float
    assert states["6"].floats == (Float.NONE, Float.NONE)  # Z, then forfeit loss
    assert states["4"].float_before(1) is Float.DOWN  # forfeit win
    assert states["1"].float_before(1) is Float.DOWN  # 1 point met 0.5


def test_dutch_declared_bye_player_is_not_paired() -> None:
    results = build_results(5, ["1-2 1-0, 3-4 1-0, 5 U", "5 H"], total_rounds=3)
    pairing = pair_dutch(results, 2, total_rounds=3, initial_colour=Side.WHITE)
    paired = {p for board in pairing.boards for p in board}
    assert CompetitorId("5") not in paired
    assert pairing.bye is None


def test_dutch_rejects_games_already_in_the_round_being_paired() -> None:
    results = build_results(4, ["1-2 1-0, 3-4 1-0", "1-3 1-0"])
    with pytest.raises(IllegalResult):
        pair_dutch(results, 2, total_rounds=3, initial_colour=Side.WHITE)


def test_dutch_forbidden_pairs_are_respected() -> None:
    results = build_results(4, [], total_rounds=3)
    forbidden = [frozenset({CompetitorId("1"), CompetitorId("3")})]
    pairing = pair_dutch(
        results, 1, total_rounds=3, initial_colour=Side.WHITE, forbidden_pairs=forbidden
    )
    assert {frozenset(b) for b in pairing.boards}.isdisjoint(forbidden)


def test_explain_pairing_lists_every_player_with_the_decisive_facts() -> None:
    results = build_results(8, [ROUND_1], total_rounds=5)
    pairing = pair_dutch(results, 2, total_rounds=5, initial_colour=Side.WHITE)
    rows = {str(row.id): row for row in explain_pairing(results, 2, pairing)}
    assert rows["1"].opponent == "3"
    assert rows["1"].colour is Side.BLACK
    assert rows["1"].colours == "W"
    assert rows["1"].preference is Side.BLACK
    assert rows["1"].strength is ColourStrength.STRONG
    assert rows["6"].float_previous_round is Float.NONE
    assert [row.id for row in explain_pairing(results, 2, pairing)][:3] == ["1", "3", "6"]
