"""Entries (R1-R6, A19) and odd numbers (R26, R27, A9, A10)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mashindano.engine.errors import ConfigError, IllegalResult, NoValidPairing
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.parameters import override
from mashindano.engine.tasaselo import (
    TASASELO,
    Status,
    add_absence,
    add_late_entry,
    add_withdrawal,
    compute_ghost_selo,
    number_players,
    plan_round_field,
    start_roster,
)


def cid(name: str) -> CompetitorId:
    return CompetitorId(name)


def field(count: int, top: int = 2000, step: int = 10) -> list[Competitor]:
    return [
        Competitor(cid(f"p{n}"), f"Player {n}", top - step * (n - 1)) for n in range(1, count + 1)
    ]


def newcomer(name: str, selo: int | None = 1500) -> Competitor:
    return Competitor(cid(name), name.title(), selo)


def test_R1_numbered_by_selo_ties_in_list_order() -> None:
    players = [
        Competitor(cid("low"), "Low", 1500),
        Competitor(cid("tie1"), "Tie 1", 1800),
        Competitor(cid("top"), "Top", 2100),
        Competitor(cid("tie2"), "Tie 2", 1800),
        *field(4, top=1400),
    ]
    entries = number_players(players)
    assert [(e.number, e.id) for e in entries[:4]] == [
        (1, "top"),
        (2, "tie1"),
        (3, "tie2"),
        (4, "low"),
    ]
    assert [e.number for e in entries] == list(range(1, 9))


def test_R2_every_player_needs_a_selo() -> None:
    players = [*field(6), Competitor(cid("nobody"), "Nobody")]
    with pytest.raises(ConfigError, match="'nobody' has no selo") as caught:
        number_players(players)
    assert caught.value.params["competitor"] == "nobody"
    with pytest.raises(ConfigError, match="positive"):
        number_players([*field(6), newcomer("zero", 0)])


@pytest.mark.parametrize("count", [5, 201])
def test_R3_six_to_two_hundred_players(count: int) -> None:
    with pytest.raises(ConfigError, match=f"6 to 200 players \\(R3\\), got {count}"):
        number_players(field(count, top=3000))
    assert len(number_players(field(6))) == 6
    assert len(number_players(field(200, top=3000))) == 200


@pytest.mark.parametrize("rounds", [0, 16])
def test_R3_at_most_fifteen_rounds(rounds: int) -> None:
    with pytest.raises(ConfigError, match=f"got {rounds}"):
        start_roster(field(8), rounds)


def test_duplicate_players_refused() -> None:
    with pytest.raises(ConfigError, match="'p1' is entered twice"):
        number_players([*field(6), field(1)[0]])


def test_A19_late_entries_numbered_after_everyone() -> None:
    roster = start_roster(field(8), 7)
    roster = add_late_entry(roster, newcomer("strong", 2500), 3)
    roster = add_late_entry(roster, newcomer("weak", 1000), 2)
    assert [(e.id, e.number, e.first_round) for e in roster.late_entries] == [
        ("strong", 9, 3),
        ("weak", 10, 2),
    ]
    assert roster.status(cid("strong"), 2) is Status.NOT_ENTERED
    assert roster.status(cid("strong"), 3) is Status.PLAYING


def test_R4_at_most_ten_late_entries() -> None:
    roster = start_roster(field(8), 7)
    for n in range(10):
        roster = add_late_entry(roster, newcomer(f"late{n}"), 2)
    with pytest.raises(ConfigError, match="at most 10 players may join") as caught:
        add_late_entry(roster, newcomer("eleventh"), 2)
    assert caught.value.params["competitor"] == "eleventh"
    fewer = override(TASASELO, {"max_late_entries": 1})
    one = add_late_entry(start_roster(field(8), 7, fewer), newcomer("a"), 2, fewer)
    with pytest.raises(ConfigError, match="at most 1 players"):
        add_late_entry(one, newcomer("b"), 2, fewer)


def test_late_entries_bad_input() -> None:
    roster = start_roster(field(8), 7)
    with pytest.raises(ConfigError, match="round 2 to 7, not round 1"):
        add_late_entry(roster, newcomer("early"), 1)
    with pytest.raises(ConfigError, match="not round 8"):
        add_late_entry(roster, newcomer("late"), 8)
    with pytest.raises(ConfigError, match="no selo"):
        add_late_entry(roster, newcomer("unrated", None), 2)
    with pytest.raises(ConfigError, match="'p3' is entered twice"):
        add_late_entry(roster, field(3)[2], 2)
    full = start_roster(field(200, top=3000), 7)
    with pytest.raises(ConfigError, match="at most 200 players"):
        add_late_entry(full, newcomer("extra"), 2)


def test_R5_absence_and_withdrawal() -> None:
    roster = add_absence(start_roster(field(8), 5), cid("p2"), 3)
    roster = add_withdrawal(roster, cid("p5"), 4)
    assert roster.status(cid("p2"), 3) is Status.ABSENT
    assert roster.status(cid("p2"), 4) is Status.PLAYING
    assert [roster.status(cid("p5"), r) for r in (3, 4, 5)] == [
        Status.PLAYING,
        Status.WITHDRAWN,
        Status.WITHDRAWN,
    ]
    with pytest.raises(IllegalResult, match="already withdrawn"):
        add_withdrawal(roster, cid("p5"), 5)
    with pytest.raises(IllegalResult, match="outside rounds 1-5"):
        add_absence(roster, cid("p1"), 6)
    with pytest.raises(IllegalResult, match="unknown player 'ghost'"):
        add_absence(roster, cid("ghost"), 2)


def test_R6_round1_rest() -> None:
    roster = start_roster(field(8), 5, resting_in_round1=[cid("p3")])
    assert roster.status(cid("p3"), 1) is Status.RESTING
    assert roster.status(cid("p3"), 2) is Status.PLAYING
    with pytest.raises(IllegalResult, match="'x' cannot rest"):
        start_roster(field(8), 5, resting_in_round1=[cid("x")])


def test_R26_reserve_from_the_lower_half() -> None:
    assert start_roster(field(10), 5, reserve=cid("p6")).reserve == "p6"
    with pytest.raises(ConfigError, match=r"lower half.*no\. 5 of 10"):
        start_roster(field(10), 5, reserve=cid("p5"))
    named = override(TASASELO, {"reserve_player": "p9"})
    assert start_roster(field(10), 5, named).reserve == "p9"


def test_R26_reserve_plays_only_when_needed() -> None:
    # Ten others and the reserve: the others pair up, the reserve waits.
    idle = plan_round_field(start_roster(field(11), 5, reserve=cid("p9")), 1)
    assert cid("p9") not in idle.ids
    assert not idle.reserve_plays
    assert not idle.ghost
    assert len(idle.players) == 10
    # Nine others: the reserve makes the tenth.
    needed = plan_round_field(start_roster(field(10), 5, reserve=cid("p9")), 1)
    assert cid("p9") in needed.ids
    assert needed.reserve_plays
    assert not needed.ghost
    assert [e.number for e in needed.players] == list(range(1, 11))


def test_R27_ghost_without_an_available_reserve() -> None:
    roster = add_absence(start_roster(field(10), 5, reserve=cid("p9")), cid("p9"), 2)
    assert plan_round_field(roster, 1).reserve_plays
    second = plan_round_field(roster, 2)
    assert second.ghost
    assert not second.reserve_plays
    assert len(second.players) == 9
    no_reserve = plan_round_field(start_roster(field(21), 5), 1)
    assert no_reserve.ghost
    assert len(no_reserve.players) == 21


def test_A9_ghost_selo_just_below_the_lowest() -> None:
    roster = start_roster(field(7), 5)
    plan = plan_round_field(roster, 1)
    selos = {e.id: Fraction(e.selo) for e in roster.entries}
    assert compute_ghost_selo(selos, plan) == 2000 - 60 - 1


def test_too_few_players_to_pair() -> None:
    roster = start_roster(field(6), 5)
    for n in range(1, 7):
        roster = add_withdrawal(roster, cid(f"p{n}"), 2)
    with pytest.raises(NoValidPairing, match="round 2: 0 player"):
        plan_round_field(roster, 2)
