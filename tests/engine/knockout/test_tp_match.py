"""The TP match as the knockout uses it: the decisive-victory invariants (hypothesis), how a
match ended, the running TP table, the preset's rule per phase and opt-out agreements."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.errors import IllegalResult, ParseError
from mashindano.engine.knockout.parameters import TANTRIX_KNOCKOUT, Phase, match_rule_for
from mashindano.engine.knockout.tp_match import (
    EndedBy,
    OptOutAgreement,
    check_opt_out,
    conclude_tp_match,
    game_label,
    is_opt_out_in_time,
    tp_table,
)
from mashindano.engine.matches import GamePoints, PointsMargin

F = Fraction
MARGIN = F(5)


def tenths_game(tenths_a: int) -> GamePoints:
    return F(tenths_a, 10), F(200 - tenths_a, 10)


# Draws are frequent so that level scores (and sudden death) come up.
games_in_tenths = st.one_of(st.just(100), st.integers(min_value=0, max_value=200))
standard_counts = st.integers(min_value=1, max_value=8)


def games_until_decided(rule: PointsMargin, games: Sequence[GamePoints]) -> int | None:
    """Feed games one at a time; the number played when the match ended, or None."""
    for played in range(1, len(games) + 1):
        if rule.is_decided(games[:played]):
            return played
    return None


def totals(games: Sequence[GamePoints]) -> tuple[Fraction, Fraction]:
    return sum((g[0] for g in games), F(0)), sum((g[1] for g in games), F(0))


@settings(max_examples=300, deadline=None)
@given(standard_counts, st.lists(games_in_tenths, min_size=1, max_size=20))
def test_a_tp_match_follows_the_decisive_victory_rule(s: int, tenths: list[int]) -> None:
    rule = match_rule_for(TANTRIX_KNOCKOUT, standard_games=s)
    games = [tenths_game(t) for t in tenths]
    ended = games_until_decided(rule, games)
    last_tiebreak = s + 3
    for played in range(1, len(games) + 1):
        a, b = totals(games[:played])
        if ended is not None and played > ended:
            break
        decided = ended == played
        if played < s:
            assert not decided, "never ends before the standard games"
        elif played <= last_tiebreak and abs(a - b) >= MARGIN:
            assert decided, "ends as soon as the margin is reached after s"
        elif played == last_tiebreak:
            assert decided == (a != b), "after tiebreak 3 any lead wins"
        elif played > last_tiebreak:
            assert decided == (a != b), "sudden death: the first lead wins"
            prev_a, prev_b = totals(games[: played - 1])
            assert prev_a == prev_b, "more than s+3 games only when exactly level"
        else:
            assert not decided
    if ended is not None:
        winner = rule.winner(games[:ended])
        a, b = totals(games[:ended])
        assert winner == ("a" if a > b else "b")


@settings(max_examples=200, deadline=None)
@given(standard_counts, st.lists(games_in_tenths, min_size=1, max_size=14))
def test_under_an_opt_out_the_leader_after_s_wins(s: int, tenths: list[int]) -> None:
    rule = match_rule_for(TANTRIX_KNOCKOUT, standard_games=s, opt_out=True)
    games = [tenths_game(t) for t in tenths]
    ended = games_until_decided(rule, games)
    if ended is None:
        assert len(games) < s or totals(games)[0] == totals(games)[1]
        return
    assert ended >= s
    for played in range(s, ended):
        a, b = totals(games[:played])
        assert a == b, "only an exact tie plays past the standard games (A7)"


def test_ended_by_labels() -> None:
    rule = match_rule_for(TANTRIX_KNOCKOUT, standard_games=2)
    win = tenths_game(133)
    draw = tenths_game(100)
    assert conclude_tp_match(rule, [win, draw]).ended_by == EndedBy.STANDARD
    assert conclude_tp_match(rule, [draw, draw]).ended_by is None
    assert conclude_tp_match(rule, [draw, draw, win]).ended_by == EndedBy.TIEBREAK_1
    small = tenths_game(110)
    assert (
        conclude_tp_match(rule, [draw, draw, small, draw, draw]).ended_by
        == EndedBy.LEADER_AFTER_TIEBREAK_3
    )
    five_level = [draw] * 5
    assert conclude_tp_match(rule, [*five_level, small]).ended_by == EndedBy.SUDDEN_DEATH


def test_plate_rule_is_off_by_default_and_reads_leader_after_standard() -> None:
    rule = match_rule_for(TANTRIX_KNOCKOUT, Phase.PLATE, standard_games=2)
    assert rule.opt_out
    games = [tenths_game(110), tenths_game(100)]
    conclusion = conclude_tp_match(rule, games, decisive_rule_enabled=False)
    assert conclusion.winner == "a"
    assert conclusion.ended_by == EndedBy.LEADER_AFTER_STANDARD


def test_resignation_and_default_end_the_match_at_once() -> None:
    rule = match_rule_for(TANTRIX_KNOCKOUT, standard_games=6)
    games = [tenths_game(150)] * 3
    resigned = conclude_tp_match(rule, games, resigned="a")
    assert (resigned.winner, resigned.ended_by) == ("b", EndedBy.RESIGNED)
    defaulted = conclude_tp_match(rule, games, defaulted="b")
    assert (defaulted.winner, defaulted.ended_by) == ("a", EndedBy.DEFAULT)
    with pytest.raises(IllegalResult, match="either by resignation or by default"):
        conclude_tp_match(rule, games, resigned="a", defaulted="b")


def test_running_tp_table() -> None:
    rule = match_rule_for(TANTRIX_KNOCKOUT, standard_games=2)
    rows = tp_table([tenths_game(133), tenths_game(100), tenths_game(23)], rule)
    assert [r.label for r in rows] == ["game 1", "game 2", "tiebreak 1"]
    assert [(r.total_a, r.total_b) for r in rows] == [
        (F("13.3"), F("6.7")),
        (F("23.3"), F("16.7")),
        (F("25.6"), F("34.4")),
    ]
    assert rows[-1].gap == F("8.8")


def test_game_labels_for_sudden_death() -> None:
    rule = match_rule_for(TANTRIX_KNOCKOUT, standard_games=6)
    assert [game_label(g, rule) for g in (6, 7, 9, 10, 11)] == [
        "game 6",
        "tiebreak 1",
        "tiebreak 3",
        "sudden death 1",
        "sudden death 2",
    ]
    opted = match_rule_for(TANTRIX_KNOCKOUT, standard_games=6, opt_out=True)
    assert game_label(7, opted) == "sudden death 1"


LAST_SITTING = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)


def test_opt_out_must_be_recorded_before_the_last_sitting_A11() -> None:
    early = OptOutAgreement(LAST_SITTING - timedelta(seconds=1), "e-mails to the AC")
    on_the_dot = OptOutAgreement(LAST_SITTING, "e-mails to the AC")
    assert is_opt_out_in_time(early, LAST_SITTING)
    assert check_opt_out(early, LAST_SITTING) is early
    assert not is_opt_out_in_time(on_the_dot, LAST_SITTING)
    with pytest.raises(IllegalResult, match="not before the last sitting began"):
        check_opt_out(on_the_dot, LAST_SITTING)


def test_opt_out_needs_evidence_and_an_aware_time_R15() -> None:
    with pytest.raises(IllegalResult, match="needs evidence"):
        OptOutAgreement(LAST_SITTING, "  ")
    with pytest.raises(ParseError, match="has no time zone"):
        OptOutAgreement(datetime(2026, 3, 1, 18, 0), "mail")
