"""Team colours: board colours of a match (fide_teams.md 4.1-4.2), team colour preferences
(C.04.6 1.7, fide_teams.md 4.6) and the colour allocation of a pair (C.04.6 4.3)."""

from __future__ import annotations

import pytest

from mashindano.engine.model import Side
from mashindano.engine.teams.colours import (
    ColourSide,
    Preference,
    PreferenceType,
    Strength,
    TeamColourRules,
    allocate_colours,
    board_colours,
    colour_difference,
    match_board_colours,
    preference,
)

W, B = Side.WHITE, Side.BLACK
TYPE_A = TeamColourRules(preference=PreferenceType.TYPE_A)
TYPE_B = TeamColourRules(preference=PreferenceType.TYPE_B)


def test_fide_teams_4_2_default_alternates_from_white() -> None:
    assert board_colours(4) == (W, B, W, B)
    assert board_colours(1) == (W,)
    assert board_colours(3) == (W, B, W)


def test_fide_teams_4_1_opponent_gets_the_opposite_on_every_board() -> None:
    assert match_board_colours(W, 4) == (W, B, W, B)
    assert match_board_colours(B, 4) == (B, W, B, W)
    assert match_board_colours(B, 4, "WWBB") == (B, B, W, W)


def test_colour_difference_counts_played_matches() -> None:
    assert colour_difference([W, W, B]) == 1
    assert colour_difference([]) == 0


@pytest.mark.parametrize(
    ("colours", "last_round", "expected"),
    [
        # C.04.6 1.7.2 strong Black: CD > +1; or CD 0/+1 with White in the last two.
        ((W, W), False, Preference(B, Strength.STRONG)),
        ((B, W, W), False, Preference(B, Strength.STRONG)),
        ((B, B, W, W), False, Preference(B, Strength.STRONG)),
        # mild Black: CD +1; or CD 0, not the last round, White last.
        ((W,), False, Preference(B, Strength.MILD)),
        ((W, B, W), False, Preference(B, Strength.MILD)),
        ((B, W), False, Preference(B, Strength.MILD)),
        # none: no match yet, or CD 0 when pairing the last round.
        ((), False, Preference(None, Strength.NONE)),
        ((B, W), True, Preference(None, Strength.NONE)),
        # symmetric for White (fide_teams.md 4.6, DERIVED).
        ((B, B), False, Preference(W, Strength.STRONG)),
        ((B,), True, Preference(W, Strength.MILD)),
    ],
)
def test_c0406_1_7_2_type_b(colours, last_round, expected) -> None:
    assert preference(colours, TYPE_B, last_round) == expected


def test_c0406_1_7_2_last_round_cd_zero_same_colour_twice_reading() -> None:
    """UNCONFIRMED reading (probe case 5): by default the strong preference stays."""
    assert preference((B, B, W, W), TYPE_B, True) == Preference(B, Strength.STRONG)
    cancel = TeamColourRules(preference=PreferenceType.TYPE_B, last_round_cancels_strong=True)
    assert preference((B, B, W, W), cancel, True) == Preference(None, Strength.NONE)


@pytest.mark.parametrize(
    ("colours", "expected"),
    [
        ((W,), None),  # one match: no Type A preference (probe case 1)
        ((B, W, B), None),  # CD -1, mixed last two (probe case 6)
        ((B, B), W),
        ((W, W, B, B), W),
        ((W, W, W, B), B),  # CD +2
    ],
)
def test_c0406_1_7_1_type_a(colours, expected) -> None:
    assert preference(colours, TYPE_A, False).colour == expected


def test_no_preferences_when_colours_do_not_matter() -> None:
    rules = TeamColourRules(preference=PreferenceType.NONE)
    assert preference((W, W, W), rules, False).colour is None


def _side(tpn: int, colours: tuple[Side, ...], rules: TeamColourRules = TYPE_B, last: bool = False):
    return ColourSide(tpn, colours, preference(colours, rules, last))


def test_c0406_4_3_1_neither_played_initial_colour_by_tpn_parity() -> None:
    assert allocate_colours(_side(1, ()), _side(5, ()), TYPE_B).white == 1
    assert allocate_colours(_side(2, ()), _side(6, ()), TYPE_B).white == 6
    black_first = TeamColourRules(initial_colour=B)
    choice = allocate_colours(_side(1, ()), _side(5, ()), black_first)
    assert (choice.white, choice.black, choice.rule) == (5, 1, "4.3.1")


def test_c0406_4_3_2_the_only_preference_is_granted() -> None:
    choice = allocate_colours(
        _side(1, (W, B, W, B)),
        _side(2, (W, B, W)),
        TYPE_B,
    )
    # team 1: CD 0, Black last -> mild White; team 2: CD +1 -> mild Black: both granted (4.3.3)
    assert (choice.white, choice.rule) == (1, "4.3.3")
    last = allocate_colours(
        _side(1, (W, B, W, B), last=True), _side(2, (W, B, W), last=True), TYPE_B
    )
    # last round: team 1 (CD 0) has none, team 2's mild Black is granted
    assert (last.white, last.black, last.rule) == (1, 2, "4.3.2")


def test_c0406_4_3_4_the_strong_preference_wins() -> None:
    """Probe case 5: team 1 (B B W W, strong Black) v team 2 (W B W, mild Black) -> 2-1."""
    choice = allocate_colours(
        _side(1, (B, B, W, W), last=True), _side(2, (W, B, W), last=True), TYPE_B
    )
    assert (choice.white, choice.black, choice.rule) == (2, 1, "4.3.4")


def test_c0406_4_3_5_larger_colour_difference() -> None:
    # both strong Black: CD +2 v CD +3, the larger CD is granted
    choice = allocate_colours(_side(1, (W, W)), _side(2, (W, W, W)), TYPE_B)
    assert (choice.white, choice.black, choice.rule) == (1, 2, "4.3.5")


def test_c0406_4_3_6_alternate_to_the_most_recent_difference() -> None:
    # both mild Black (CD +1): W B W v W W B B W; right-aligned, the most recent difference
    # is team 1 W where team 2 had B, so team 1 now gets Black
    choice = allocate_colours(_side(1, (W, B, W)), _side(2, (W, W, B, B, W)), TYPE_B)
    assert (choice.white, choice.black, choice.rule) == (2, 1, "4.3.6")


def test_c0406_4_3_6_squeezed_histories_right_aligned() -> None:
    """Probe case 6: (absent) B W B v B W B (absent): compressed histories are equal, so
    4.3.6 finds no difference and 4.3.8 alternates the first-team (team 1 White)."""
    choice = allocate_colours(_side(1, (B, W, B), TYPE_A), _side(2, (B, W, B), TYPE_A), TYPE_A)
    assert (choice.white, choice.black, choice.rule) == (1, 2, "4.3.8")


def test_c0406_4_3_7_first_team_preference() -> None:
    # Type A, both strong White with the same CD and the same history: the first-team's.
    choice = allocate_colours(_side(3, (B, B), TYPE_A), _side(2, (B, B), TYPE_A), TYPE_A)
    assert (choice.white, choice.rule) == (3, "4.3.7")


def test_c0406_4_3_9_only_the_second_team_has_played() -> None:
    choice = allocate_colours(_side(3, (), TYPE_A), _side(2, (W,), TYPE_A), TYPE_A)
    assert (choice.white, choice.black, choice.rule) == (3, 2, "4.3.9")
