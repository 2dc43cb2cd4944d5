"""Registrations, newcomer placement and returning players (R4-R10, R16, R17, A12, A27)."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

import pytest

from mashindano.engine.errors import IllegalResult
from mashindano.engine.gomoku import (
    Entry,
    Ladder,
    LadderEntry,
    Membership,
    Month,
    Registration,
    check_registration,
    compute_newcomer_coefficient,
    place_newcomers,
    place_returning,
)
from mashindano.engine.model import Competitor, CompetitorId

F = Fraction
APRIL = Month(2005, 4)


def registration(games: int | None = 300, day: int = 3, **kwargs: bool) -> Registration:
    player = Competitor(CompetitorId("new"), "New player", games_played=games)
    return Registration(player, datetime(2005, 4, day, 9, tzinfo=UTC), **kwargs)


def test_newcomer_needs_300_site_games() -> None:
    assert check_registration(registration(300), APRIL, Membership.NEW) is Entry.NEWCOMER
    with pytest.raises(IllegalResult, match="needs at least 300") as refused:
        check_registration(registration(299), APRIL, Membership.NEW)
    assert refused.value.code == "too_few_site_games"
    with pytest.raises(IllegalResult, match="no recorded games"):
        check_registration(registration(None), APRIL, Membership.NEW)


def test_recorded_site_games_override_the_competitor_record() -> None:
    player = Competitor(CompetitorId("new"), "New", games_played=10)
    recorded = Registration(player, datetime(2005, 4, 2, tzinfo=UTC), site_games=450)
    assert check_registration(recorded, APRIL, Membership.NEW) is Entry.NEWCOMER


def test_registration_outside_days_1_to_7_is_refused() -> None:
    with pytest.raises(IllegalResult, match="outside days 1-7") as refused:
        check_registration(registration(day=8), APRIL, Membership.NEW)
    assert refused.value.code == "registration_closed"


@pytest.mark.parametrize(
    ("membership", "code"),
    [
        (Membership.CONTINUING, "already_in_league"),
        (Membership.SUSPENDED, "suspended"),
        (Membership.EXCLUDED, "suspended"),
    ],
)
def test_who_may_not_register(membership: Membership, code: str) -> None:
    with pytest.raises(IllegalResult) as refused:
        check_registration(registration(), APRIL, membership)
    assert refused.value.code == code


def test_removed_player_returns_only_if_the_organiser_accepts() -> None:
    assert check_registration(registration(0), APRIL, Membership.REMOVED) is Entry.RETURNING
    with pytest.raises(IllegalResult, match="organiser did not accept"):
        check_registration(registration(0, accepted_by_organiser=False), APRIL, Membership.REMOVED)


def test_suspension_served_registers_again_as_returning() -> None:
    entry = check_registration(registration(0), APRIL, Membership.SUSPENSION_SERVED)
    assert entry is Entry.RETURNING


def test_fewer_than_three_continuing_players_use_the_default() -> None:
    short = Ladder.of([("a", F(2)), ("b", F("0.7"))])
    assert compute_newcomer_coefficient(short) == 1
    assert place_newcomers(short, [CompetitorId("n")]).ids == ("n", "a", "b")


def test_newcomers_keep_the_list_sorted() -> None:
    for tail in (("1.15", "0.95", "0.7"), ("0.98", "0.95", "0.7"), ("1.4", "1.1", "0.9")):
        board = Ladder.of([("x", F(3)), *((f"p{i}", F(k)) for i, k in enumerate(tail))])
        placed = place_newcomers(board, [CompetitorId("n1"), CompetitorId("n2")])
        assert placed.is_sorted()
        assert placed.ids[-2:] == ("p1", "p2")


def test_returning_players_go_below_equal_coefficients() -> None:
    board = Ladder.of([("a", F(2)), ("b", F("1.5")), ("c", F(1))])
    placed = place_returning(board, [LadderEntry(CompetitorId("r"), F("1.5"))])
    assert placed.ids == ("a", "b", "r", "c")
    bottom = place_returning(board, [LadderEntry(CompetitorId("r"), F("0.3"))])
    assert bottom.ids[-1] == "r"
