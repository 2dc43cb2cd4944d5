"""The `kiba-bao` event adapter through the use cases (shared/spec/kiba-bao.md).

Stored events follow the spec's examples (E1-E7) and rules: seeds fixed at the start, a whole
stage published at once, two games per pairing, group tables with Neustadtl and KIBA score,
the director's playoff, the best-of-3 final, withdrawals (A14), exchange. A property test
plays whole events in memory (facts built without the database) through the same adapter.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from itertools import count
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.app import events, exchange, players, rounds
from mashindano.app.conduct import take_leave, withdraw_player
from mashindano.app.documents.event import show_event
from mashindano.app.documents.presets import event_summary
from mashindano.app.documents.rounds import round_pairings
from mashindano.app.errors import (
    Duplicate,
    DuplicateReport,
    OutOfWindow,
    UnknownGame,
    UnknownPlayer,
    WrongState,
)
from mashindano.app.formats.base import PairingPlan, StandingsTable
from mashindano.app.formats.parts import PAIRING
from mashindano.app.formats.registry import part
from mashindano.app.principals import local
from mashindano.app.queries import get_audit_log
from mashindano.app.results import (
    GameRef,
    confirm_result,
    correct_result,
    dispute_result,
    report_result,
    rule_result,
)
from mashindano.engine.errors import IllegalResult
from mashindano.engine.model import ByeKind, Competitor, CompetitorId, GameResult, Termination
from mashindano.presets.kiba_bao.adapter import KibaBaoAdapter
from mashindano.presets.kiba_bao.stages import (
    PLAYOFF_LOT,
    KibaEvent,
    derive_event,
    playoff_outcome,
)
from mashindano.presets.kiba_bao.use_cases import record_playoff
from mashindano.store import models
from mashindano.store.facts import (
    EncounterFact,
    EventFacts,
    EventState,
    GameFact,
    LotFact,
    ReportFact,
    ReportKind,
    RoundFact,
    WithdrawalFact,
)

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db

KIBA = "kiba-bao"
HOUR = timedelta(hours=1)

Winner = Callable[[GameFact], CompetitorId]


def kiba_roster(size: int) -> list[Competitor]:
    """Category-1 players K01 (KIBA score 399) down to K<size>: seed n is K<n>."""
    return [
        Competitor(
            CompetitorId(f"K{n:02d}"),
            f"K{n:02d}",
            rating=2000,
            games_played=200 - n,
            country="TZA" if n % 2 else "KEN",
        )
        for n in range(1, size + 1)
    ]


def create(slug: str, entrants: list[Competitor], *, start: bool = True, **parameters: str) -> None:
    events.create_event(slug, KIBA, actor=ACTOR, parameters=parameters, seed=5, now=T0)
    players.register_players(slug, entrants, actor=ACTOR, now=T0)
    if start:
        events.start_event(slug, actor=ACTOR, now=T0)


def numbers(slug: str) -> dict[CompetitorId, int]:
    return {c.id: c.number or 0 for c in events.get_event_facts(slug).competitors}


def better_seed(slug: str) -> Winner:
    seed = numbers(slug)
    return lambda g: g.first if seed[g.first] < seed[g.second] else g.second


def report_round(
    slug: str,
    published: RoundFact,
    winner: Winner,
    *,
    when: datetime = T0,
    only: str = "",
    skip: str = "",
) -> None:
    """Report every open game of `published` (only those of player `only`; none of `skip`)."""
    for game in rounds.show_round(slug, published.number).games():
        if game.result.is_decided or (only and only not in (game.first, game.second)):
            continue
        if skip in (game.first, game.second):
            continue
        result = "1-0" if winner(game) == game.first else "0-1"
        where = GameRef(published.number, game.board, game.number)
        report_result(slug, where, result, actor=ACTOR, now=when)


def pair(slug: str, when: datetime = T0) -> RoundFact:
    return rounds.pair_next_round(slug, actor=ACTOR, now=when)


def play_through(slug: str, winner: Winner, when: datetime = T0) -> list[RoundFact]:
    published = []
    facts = events.get_event_facts(slug)
    while part(KIBA, PAIRING).next_unit(facts) is not None:
        stage = pair(slug, when)
        report_round(slug, stage, winner, when=when)
        published.append(stage)
        facts = events.get_event_facts(slug)
    return published


def table(slug: str, title: str) -> StandingsTable:
    tables = {t.title: t for t in events.event_standings(slug)}
    assert title in tables, sorted(tables)
    return tables[title]


def rows(standings: StandingsTable) -> list[tuple[str, int, str, str, str]]:
    return [
        (
            line.competitor.name,
            line.rank,
            str(line.points),
            str(line.values["neustadtl"]),
            str(line.values["kiba-score"]),
        )
        for line in standings.lines
    ]


def summary(slug: str) -> dict[str, Any]:
    """The adapter's JSON summary (read loosely: its shape is checked by the assertions)."""
    document: dict[str, Any] = show_event(slug).summary
    return document


# -- start and seeding ------------------------------------------------------------------------


def test_kiba_E1_start_numbers_the_initial_list() -> None:
    entrants = [
        Competitor(CompetitorId("1"), "1", rating=2069, games_played=689),
        Competitor(CompetitorId("2"), "2", rating=2062, games_played=134),
        Competitor(CompetitorId("3"), "3", rating=2030, games_played=1058),
        Competitor(CompetitorId("4"), "4", rating=1955, games_played=815),
        Competitor(CompetitorId("new-a"), "new-a", rating=2300),
        Competitor(CompetitorId("mid"), "mid", rating=2500, games_played=20),
        Competitor(CompetitorId("low"), "low", rating=1500, games_played=30),
    ]
    create("e1", entrants)
    seeds = numbers("e1")
    assert sorted(seeds, key=seeds.__getitem__) == ["3", "4", "1", "2", "low", "mid", "new-a"]
    listed = summary("e1")["initial_list"]
    assert [(p["player"], p["category"], p["elo"], p["kiba_score"]) for p in listed] == [
        ("3", 1, 2030, 1261),
        ("4", 1, 1955, 1010),  # 1010.5 rounded half to even (A5)
        ("1", 1, 2069, 896),
        ("2", 1, 2062, 340),
        ("low", 1, 1500, 180),  # A3: category 1 first, although "mid" has the higher score
        ("mid", 2, 2500, 270),
        ("new-a", 3, 1800, 180),  # R6: a newcomer is given Elo 1800, whatever is on file
    ]


def test_kiba_R2_start_refuses_outside_the_player_range() -> None:
    create("few", kiba_roster(5), start=False)
    with pytest.raises(WrongState, match="has 5 player\\(s\\); a KIBA tournament needs 6 to 34"):
        events.start_event("few", actor=ACTOR)
    create("capped", kiba_roster(7), start=False, max_players="6")
    with pytest.raises(WrongState, match="needs 6 to 6"):
        events.start_event("capped", actor=ACTOR)
    assert events.get_event_facts("capped").state is EventState.REGISTRATION


def test_kiba_parameters_are_checked_and_shown() -> None:
    with pytest.raises(Exception, match="group_count_rule"):
        events.create_event("bad", KIBA, actor=ACTOR, parameters={"group_count_rule": "many"})
    create("p", kiba_roster(6), start=False, clock_cap_days="5")
    shown = show_event("p").parameters
    assert shown["clock_cap_days"] == "5"
    assert shown["final_format"] == "best-of-3"
    assert shown["tiebreak_order"] == "neustadtl,kiba-score,playoff"
    assert events.event_standings("p") == ()


# -- a stage is one unit ----------------------------------------------------------------------


def test_kiba_E2_sixteen_players_three_groups_in_one_stage() -> None:
    create("e2", kiba_roster(16))
    stage = pair("e2")
    assert (stage.stage, stage.group, stage.number) == (1, "", 1)
    [published] = summary("e2")["stages"]
    groups = {g["name"]: g for g in published["groups"]}
    assert groups["A"]["players"] == [f"K{n:02d}" for n in (1, 4, 7, 10, 13, 16)]
    assert groups["B"]["players"] == [f"K{n:02d}" for n in (2, 5, 8, 11, 14)]
    assert groups["C"]["players"] == [f"K{n:02d}" for n in (3, 6, 9, 12, 15)]
    assert [groups[n]["dummy"] for n in "ABC"] == [None, 6, 6]
    assert [groups[n]["boards"] for n in "ABC"] == [[1, 15], [16, 25], [26, 35]]
    pairings = [e for e in stage.encounters if e.second is not None]
    assert len(pairings) == 15 + 10 + 10
    assert sum(len(e.games) for e in pairings) == 70
    # Derived E2: in group B's Berger round 1, #2 has a bye, #5 plays #14 and #8 plays #11.
    assert [(e.first, e.second) for e in pairings[15:17]] == [("K05", "K14"), ("K08", "K11")]
    sit_outs = [e for e in stage.encounters if e.second is None]
    assert all(e.bye_kind is ByeKind.SIT_OUT for e in sit_outs)
    assert sorted(e.first for e in sit_outs) == sorted(
        groups["B"]["players"] + groups["C"]["players"]
    )
    assert [e.board for e in stage.encounters] == list(range(1, 46))


E3_TABLE = [(1, 6), (2, 5), (3, 4), (1, 2), (3, 6), (4, 5), (1, 3), (4, 2), (5, 6)]
E3_TABLE += [(1, 4), (5, 3), (6, 2), (1, 5), (6, 4), (2, 3)]


def test_kiba_E3_schedule_six_numbers_two_games_each() -> None:
    create("e3", kiba_roster(6))
    stage = pair("e3")
    seed = numbers("e3")
    assert [(seed[e.first], seed[e.second or e.first]) for e in stage.encounters] == E3_TABLE
    for encounter in stage.encounters:
        first, second = encounter.games
        assert (first.first, first.second) == (encounter.first, encounter.second)
        assert (second.first, second.second) == (encounter.second, encounter.first)
        assert {g.first_side.value for g in encounter.games} == {"south"}
        assert encounter.match_rule == "fixed-2"


def test_kiba_E4_parallel_games_of_number_one() -> None:
    create("e4", kiba_roster(16))
    stage = pair("e4")
    mine = [g for g in stage.games() if "K01" in (g.first, g.second)]
    assert len(mine) == 10  # group A: 6 numbers, no dummy
    assert sum(g.first == "K01" for g in mine) == 5
    seed_two = [g for g in stage.games() if "K02" in (g.first, g.second)]
    assert len(seed_two) == 8  # group B: number 6 is the dummy
    assert [e.first for e in stage.encounters if e.second is None].count(CompetitorId("K02")) == 1


def test_kiba_R21_first_move_deadline_in_the_summary() -> None:
    create("clock", kiba_roster(6), clock_initial_days="2.5")
    pair("clock", T0)
    [stage] = summary("clock")["stages"]
    assert stage["first_move_deadline"] == (T0 + timedelta(days=2, hours=12)).isoformat()


# -- results ----------------------------------------------------------------------------------


def test_kiba_A23_no_drawn_game_and_the_usual_refusals() -> None:
    create("res", kiba_roster(6))
    pair("res")
    with pytest.raises(IllegalResult, match="no drawn game \\(A23\\)"):
        report_result("res", GameRef(1, 1, 1), "1/2-1/2", actor=ACTOR)
    with pytest.raises(IllegalResult, match="not a Bao result"):
        report_result("res", GameRef(1, 1, 2), "--", actor=ACTOR)
    report_result("res", GameRef(1, 1, 2), "-+", actor=ACTOR)
    with pytest.raises(DuplicateReport, match="already has -\\+"):
        report_result("res", GameRef(1, 1, 2), "1-0", actor=ACTOR)
    with pytest.raises(UnknownGame, match="round 1, board 1, game 3"):
        report_result("res", GameRef(1, 1, 3), "1-0", actor=ACTOR)
    with pytest.raises(UnknownGame, match="round 2, board 1"):
        report_result("res", GameRef(2, 1, 1), "1-0", actor=ACTOR)


def test_kiba_R19_next_stage_waits_for_every_game_and_dispute() -> None:
    create("wait", kiba_roster(12))
    stage = pair("wait")
    report_round("wait", stage, better_seed("wait"), only="K01")
    with pytest.raises(
        WrongState, match="qualification stage \\(round 1\\) is not finished: no result for board"
    ):
        pair("wait")
    report_round("wait", stage, better_seed("wait"))
    dispute_result("wait", GameRef(1, 2, 2), actor=local("K05"), reason="my flag had not fallen")
    with pytest.raises(WrongState, match="disputed: board 2 game 2"):
        pair("wait")
    rule_result("wait", GameRef(1, 2, 2), "1-0", actor=local("director"), reason="server log")
    assert pair("wait").number == 2


def test_kiba_report_out_of_window_once_the_next_stage_is_paired() -> None:
    create("late", kiba_roster(12))
    report_round("late", pair("late"), better_seed("late"))
    pair("late")
    with pytest.raises(OutOfWindow, match="round 1 is closed for reports since round 2"):
        confirm_result("late", GameRef(1, 1, 1), actor=local("K01"))


def test_kiba_registration_leave_and_withdrawal_refusals() -> None:
    create("absent", kiba_roster(6))
    with pytest.raises(WrongState, match="players register only before it starts"):
        players.register_players("absent", [Competitor(CompetitorId("Late"), "Late")], actor=ACTOR)
    with pytest.raises(WrongState, match="only an event in registration can start"):
        events.start_event("absent", actor=ACTOR)
    with pytest.raises(WrongState, match="no leave of absence"):
        take_leave("absent", "K02", 1, actor=ACTOR)
    with pytest.raises(UnknownPlayer, match="no player 'K99'"):
        withdraw_player("absent", "K99", actor=ACTOR)
    withdraw_player("absent", "K02", actor=ACTOR)
    with pytest.raises(Duplicate, match="already withdrawn"):
        withdraw_player("absent", "K02", actor=ACTOR)


# -- group tables -----------------------------------------------------------------------------

E6_PLAYERS = [
    # name, Elo, games: KIBA scores 540, 530, 522, 400, 355, 300, 187, 180, 170, 180 (category 3)
    ("Kobe", 1926, 347),
    ("B1", 2000, 330),
    ("Oscar", 2069, 315),
    ("B2", 2000, 200),
    ("Jan", 1808, 174),
    ("B3", 2000, 100),
    ("Sock", 1694, 18),
    ("B4", 1700, 10),
    ("Peter", 1675, 3),
    ("B5", None, 0),
]
E6_CROSS = {
    "Kobe": {"Oscar": "-+", "Jan": "-+", "Peter": "++", "Sock": "-+"},
    "Oscar": {"Kobe": "+-", "Jan": "++", "Peter": "++", "Sock": "++"},
    "Jan": {"Kobe": "+-", "Oscar": "--", "Peter": "++", "Sock": "+-"},
    "Peter": {"Kobe": "--", "Oscar": "--", "Jan": "--", "Sock": "--"},
    "Sock": {"Kobe": "+-", "Oscar": "--", "Jan": "-+", "Peter": "++"},
}


def e6_event(slug: str) -> RoundFact:
    entrants = [
        Competitor(CompetitorId(name), name, rating=elo, games_played=games)
        for name, elo, games in E6_PLAYERS
    ]
    create(slug, entrants)
    stage = pair(slug)
    seed = numbers(slug)
    for encounter in stage.encounters:
        if encounter.second is None:
            continue
        code = E6_CROSS.get(encounter.first, {}).get(encounter.second)
        for game, mark in zip(encounter.games, code or "++", strict=True):
            first_won = (mark == "+") == (game.first == encounter.first)
            if code is None:  # group B: the better seed wins both games
                first_won = seed[game.first] < seed[game.second]
            where = GameRef(1, encounter.board, game.number)
            report_result(slug, where, "1-0" if first_won else "0-1", actor=ACTOR)
    return stage


def test_kiba_E6_neustadtl_group_table() -> None:
    e6_event("e6")
    group_a = table("e6", "Qualification group A (round 1)")
    assert group_a.columns == ("neustadtl", "kiba-score", "playoff")
    assert rows(group_a) == [
        ("Oscar", 1, "7", "21/2", "522"),
        ("Kobe", 2, "5", "15/2", "540"),
        ("Jan", 3, "4", "9/2", "355"),  # above Sock on the KIBA score (R29)
        ("Sock", 4, "4", "9/2", "187"),
        ("Peter", 5, "0", "0", "170"),
    ]
    assert [line.note for line in group_a.lines[:3]] == [
        "to semifinal group S1",
        "to semifinal group S2",
        "",
    ]
    assert not any(line.is_shared for line in group_a.lines)
    as_json: Any = group_a.to_json()["rows"]
    assert as_json[0]["tiebreaks"] == {"neustadtl": "21/2", "kiba-score": "522", "playoff": None}


def test_kiba_R14_semifinal_groups_from_qualification_places() -> None:
    e6_event("r14")
    semifinal = pair("r14")
    assert semifinal.number == 2
    # With two qualification groups the semifinal groups are single pairings (A6).
    assert [(e.first, e.second) for e in semifinal.encounters] == [
        ("B1", "Oscar"),
        ("Kobe", "B2"),
    ]
    tables = [t.title for t in events.event_standings("r14")]
    assert tables == [
        "Semifinal group S1 (round 2)",
        "Semifinal group S2 (round 2)",
        "Qualification group A (round 1)",
        "Qualification group B (round 1)",
    ]


# -- the director's playoff -------------------------------------------------------------------


def all_split_event(slug: str) -> None:
    """Six newcomers (equal KIBA scores) who all split every pairing: a six-way tie."""
    create(slug, [Competitor(CompetitorId(f"N{n}"), f"N{n}") for n in range(1, 7)])
    stage = pair(slug)
    report_round(slug, stage, lambda g: g.first, when=T0 + HOUR)


def test_kiba_R29_tie_for_a_final_place_blocks_until_the_playoff() -> None:
    all_split_event("tie")
    group = table("tie", "Qualification group A (round 1)")
    assert {line.rank for line in group.lines} == {1}
    assert all(line.note == "tied: playoff needed" for line in group.lines)
    with pytest.raises(WrongState, match="group A: N1, N2, N3, N4, N5, N6\\); the director must"):
        pair("tie")
    assert summary("tie")["playoffs_needed"] == [
        {"round": 1, "group": "A", "players": ["N1", "N2", "N3", "N4", "N5", "N6"]}
    ]
    order = ["N4", "N2", "N6", "N1", "N3", "N5"]
    placed = record_playoff("tie", 1, "A", order, actor=local("director"), reason="blitz playoff")
    assert list(placed) == order
    group = table("tie", "Qualification group A (round 1)")
    assert [line.competitor.id for line in group.lines] == order
    assert [line.values["playoff"] for line in group.lines] == [1, 2, 3, 4, 5, 6]
    assert [line.note for line in group.lines[:3]] == ["to the final", "to the final", ""]
    final = pair("tie", T0 + 2 * HOUR)
    [encounter] = final.encounters
    assert {encounter.first, encounter.second} == {"N4", "N2"}
    assert encounter.first == "N2"  # equal KIBA scores: the better seed moves first (R22)
    audit = get_audit_log("tie")
    assert [a.action for a in audit].count("stage.playoff") == 1
    lot = events.get_event_facts("tie").lot(PLAYOFF_LOT)
    assert lot is not None
    assert lot.outcome == playoff_outcome(1, "A", [CompetitorId(c) for c in order], "blitz playoff")


def test_kiba_record_playoff_refusals() -> None:
    create("early", kiba_roster(6))
    pair("early")
    with pytest.raises(WrongState, match="still has open games"):
        record_playoff("early", 1, "A", ["K01", "K02"], actor=local("director"))
    all_split_event("tie")
    with pytest.raises(UnknownPlayer, match="no player 'X'"):
        record_playoff("tie", 1, "A", ["N1", "X"], actor=local("director"))
    with pytest.raises(WrongState, match="not exactly the players of a tie"):
        record_playoff("tie", 1, "A", ["N1", "N2"], actor=local("director"))
    with pytest.raises(WrongState, match="has no group 'B'"):
        record_playoff("tie", 1, "B", ["N1", "N2"], actor=local("director"))
    with pytest.raises(WrongState, match="round 2 of event 'tie' is not a published group stage"):
        record_playoff("tie", 2, "A", ["N1", "N2"], actor=local("director"))
    order = ["N1", "N2", "N3", "N4", "N5", "N6"]
    record_playoff("tie", 1, "A", order, actor=local("director"))
    with pytest.raises(Duplicate, match="already recorded"):
        record_playoff("tie", 1, "A", list(reversed(order)), actor=local("director"))
    pair("tie")
    with pytest.raises(WrongState, match="fixed when round 2 was paired"):
        record_playoff("tie", 1, "A", order, actor=local("director"))
    make_event("chess", "chess-round-robin", 4)
    with pytest.raises(WrongState, match="is chess-round-robin; this is a kiba-bao decision"):
        record_playoff("chess", 1, "A", ["P01", "P02"], actor=local("director"))


def test_kiba_playoff_made_stale_by_a_correction_is_set_aside() -> None:
    all_split_event("stale")
    order = ["N1", "N2", "N3", "N4", "N5", "N6"]
    record_playoff("stale", 1, "A", order, actor=local("director"), now=T0 + 2 * HOUR)
    game = next(
        g for g in rounds.show_round("stale", 1).games() if g.first == "N2" and g.second == "N1"
    )
    correct_result(
        "stale",
        GameRef(1, game.board, game.number),
        "0-1",
        actor=local("director"),
        reason="N1 won both games",
        now=T0 + 3 * HOUR,
    )
    document = summary("stale")
    assert document["stages"][0]["stale_playoffs"] == [{"group": "A", "order": order}]
    group = table("stale", "Qualification group A (round 1)")
    assert (group.lines[0].competitor.id, group.lines[0].points) == ("N1", 6)
    assert document["playoffs_needed"] == [
        {"round": 1, "group": "A", "players": ["N3", "N4", "N5", "N6"]}
    ]


# -- the final --------------------------------------------------------------------------------


def test_kiba_E7_final_two_nil_then_finished_and_closed() -> None:
    create("final", kiba_roster(12))
    published = play_through("final", better_seed("final"))
    assert [r.number for r in published] == [1, 2, 3]
    [encounter] = published[-1].encounters
    # Semifinal S1 holds the group winners K01 and K02, S2 the runners-up K03 and K04 (R14).
    assert (encounter.first, encounter.second, encounter.match_rule) == ("K01", "K03", "best-of-3")
    assert [(g.first, g.second) for g in encounter.games] == [("K01", "K03"), ("K03", "K01")]
    document = summary("final")
    assert document["winner"] == "K01"
    assert document["finished"] is True
    assert document["next"] is None
    final = events.event_standings("final")[0]
    assert final.title == "Final, best of 3 (round 3)"
    assert [
        (line.competitor.name, line.rank, int(line.points), line.note) for line in final.lines
    ] == [
        ("K01", 1, 2, "winner; South in games 1 and 3"),
        ("K03", 2, 0, ""),
    ]
    with pytest.raises(WrongState, match="every stage of event 'final' has been paired"):
        pair("final")
    events.close_event("final", actor=ACTOR)


def test_kiba_E7_split_final_adds_game_three_with_the_first_mover_south() -> None:
    create("split", kiba_roster(12))
    for _ in range(2):
        report_round("split", pair("split"), better_seed("split"))
    final = pair("split")
    report_result("split", GameRef(3, 1, 1), "0-1", actor=ACTOR)  # L (from K01's side)
    assert summary("split")["final"]["needs_another_game"] is False
    change = report_result("split", GameRef(3, 1, 2), "0-1", actor=ACTOR)  # W: split 1-1
    [third] = change.added
    assert (third.number, third.first, third.second) == (3, "K01", "K03")  # A13
    audit = get_audit_log("split")[-1].after
    assert isinstance(audit, dict)
    assert audit["added_games"] == [
        {"game": 3, "first": "K01", "second": "K03", "first_side": "south", "result": "*"}
    ]
    document = summary("split")
    assert document["finished"] is False
    assert document["final"]["next_game"] == 3
    with pytest.raises(WrongState, match="not finished"):
        events.close_event("split", actor=ACTOR)
    report_result("split", GameRef(3, 1, 3), "1-0", actor=ACTOR)  # W: K01 wins 2-1
    document = summary("split")
    assert document["winner"] == "K01"
    assert document["final"]["wins"] == {"K01": 2, "K03": 1}
    assert len(rounds.show_round("split", final.number).encounters[0].games) == 3
    events.close_event("split", actor=ACTOR)


def test_kiba_E7_correction_deciding_the_final_leaves_game_three_aside() -> None:
    create("fixed", kiba_roster(12))
    for _ in range(2):
        report_round("fixed", pair("fixed"), better_seed("fixed"))
    pair("fixed")
    report_result("fixed", GameRef(3, 1, 1), "1-0", actor=ACTOR)
    report_result("fixed", GameRef(3, 1, 2), "1-0", actor=ACTOR)  # K03 wins as South: 1-1
    assert summary("fixed")["finished"] is False
    correct_result("fixed", GameRef(3, 1, 2), "0-1", actor=local("director"), reason="sheet")
    document = summary("fixed")
    assert document["winner"] == "K01"  # 2-0; game 3 stays published but is not needed
    assert document["finished"] is True
    events.close_event("fixed", actor=ACTOR)


# -- withdrawals (R34, A14) -------------------------------------------------------------------


def test_kiba_A14_withdrawal_during_a_stage() -> None:
    create("wd", kiba_roster(12))
    stage = pair("wd")
    k01 = [g for g in stage.games() if "K01" in (g.first, g.second)]
    for game in k01[:4]:  # finished before the withdrawal: they stand
        where = GameRef(1, game.board, game.number)
        report_result("wd", where, "1-0" if game.first == "K01" else "0-1", actor=ACTOR, now=T0)
    assert withdraw_player("wd", "K01", actor=local("K01"), reason="no time", now=T0 + HOUR) == 2
    late = k01[4]
    where = GameRef(1, late.board, late.number)
    with pytest.raises(OutOfWindow, match="K01 withdrew on 2026-03-01 11:00 UTC, so this"):
        report_result("wd", where, "1-0" if late.first == "K01" else "0-1", actor=local("K01"))
    ruled = k01[5]
    where = GameRef(1, ruled.board, ruled.number)
    rule_result(
        "wd",
        where,
        "1-0" if ruled.first == "K01" else "0-1",
        actor=local("director"),
        reason="played before the withdrawal, reported late",
        now=T0 + 2 * HOUR,
    )
    report_round("wd", stage, better_seed("wd"), when=T0 + 2 * HOUR, skip="K01")
    group_a = table("wd", "Qualification group A (round 1)")
    [k01_line] = [line for line in group_a.lines if line.competitor.id == "K01"]
    assert k01_line.points == 5  # four before the withdrawal, one ruled by the director
    assert k01_line.note == ""  # said by the event's flags: "withdrawn from round 1" (item 14)
    semifinal = pair("wd", T0 + 3 * HOUR)  # K01's open games do not block: they are lost
    assert "K01" not in {e.first for e in semifinal.encounters} | {
        e.second for e in semifinal.encounters
    }
    assert summary("wd")["stages"][0]["withdrawn"] == ["K01"]


def test_kiba_A14_withdrawal_before_the_first_stage() -> None:
    create("gone", kiba_roster(6))
    assert withdraw_player("gone", "K03", actor=ACTOR, now=T0) == 1
    stage = pair("gone", T0 + HOUR)
    lost = [g for g in stage.games() if "K03" in (g.first, g.second)]
    assert len(lost) == 10
    for game in lost:
        assert game.result.is_decided
        assert game.as_game().outcome_for(CompetitorId("K03")).value == "loss"  # type: ignore[union-attr]
        assert game.reports[0].actor == "mashindano"
        assert "withdrew before the stage" in game.reports[0].reason
    assert all(not g.result.is_decided for g in stage.games() if g not in lost)


def test_kiba_A14_finalist_withdraws_during_the_final() -> None:
    create("wdf", kiba_roster(12))
    for _ in range(2):
        report_round("wdf", pair("wdf"), better_seed("wdf"))
    final = pair("wdf", T0 + HOUR)
    first_game = final.encounters[0].games[0]
    report_result("wdf", GameRef(3, 1, 1), "1-0", actor=ACTOR, now=T0 + 2 * HOUR)
    assert first_game.first == "K01"
    withdraw_player("wdf", "K01", actor=local("K01"), now=T0 + 3 * HOUR)
    document = summary("wdf")
    assert document["winner"] == "K03"
    assert document["final"]["wins"] == {"K01": 1, "K03": 2}
    assert document["finished"] is True
    events.close_event("wdf", actor=ACTOR, now=T0 + 4 * HOUR)


def test_kiba_A14_last_player_left_wins_without_a_final() -> None:
    create("alone", kiba_roster(6))
    pair("alone")
    for player in ("K02", "K03", "K04", "K05", "K06"):
        withdraw_player("alone", player, actor=local(player), now=T0 + HOUR)
    document = summary("alone")
    assert document["winner"] == "K01"
    assert document["finished"] is True
    assert document["next"] is None
    [final, group] = events.event_standings("alone")
    assert (final.title, final.lines[0].note) == (
        "Final (not played)",
        "winner: no opponent left for the final",
    )
    assert group.lines[0].points == 10  # every game against a withdrawn player is won
    with pytest.raises(WrongState, match="1 finalist\\(s\\) left; there is no final"):
        pair("alone")
    events.close_event("alone", actor=ACTOR, now=T0 + 2 * HOUR)


# -- exchange ---------------------------------------------------------------------------------


def picture(slug: str) -> tuple[list[object], list[object], list[tuple[object, ...]]]:
    facts = events.get_event_facts(slug)
    standings: list[object] = [t.to_json() for t in events.event_standings(slug)]
    pairings: list[object] = [round_pairings(facts, r).to_json() for r in facts.rounds]
    audit: list[tuple[object, ...]] = [
        (a.version, a.at, a.actor, a.action, a.before, a.after) for a in get_audit_log(slug)
    ]
    return standings, pairings, audit


def test_kiba_json_export_import_gives_the_same_event() -> None:
    all_split_event("x")
    withdraw_player("x", "N6", actor=ACTOR, now=T0 + HOUR)
    record_playoff(
        "x", 1, "A", ["N3", "N1", "N2", "N4", "N5"], actor=local("director"), now=T0 + HOUR
    )
    report_round("x", pair("x", T0 + 2 * HOUR), lambda g: CompetitorId("N3"), when=T0 + 3 * HOUR)
    before = picture("x")
    document = json.loads(json.dumps(exchange.export_event_json("x")))
    models.Event.objects.all().delete()
    assert exchange.import_event_json(document, actor=local("importer")) == "x"
    after = picture("x")
    assert after[0] == before[0]
    assert after[1] == before[1]
    assert after[2] == before[2]
    final = events.event_standings("x")[0]
    assert [line.competitor.id for line in final.lines] == ["N3", "N1"]


def test_kiba_games_csv_export_and_no_trf() -> None:
    create("csv", kiba_roster(6))
    play_through("csv", better_seed("csv"))
    text = exchange.export_event_games_csv("csv")
    assert text.splitlines()[0] == "round,white,black,result,encounter,section"
    assert len(text.splitlines()) == 1 + 30 + 2
    with pytest.raises(WrongState, match="TRF-16 cannot carry"):
        exchange.export_event_trf("csv")


# -- whole events in memory (property) --------------------------------------------------------

MEMORY_T0 = datetime(2026, 5, 1, tzinfo=UTC)


class MemoryEvent:
    """The facts a stored event would hold, kept in memory: what the use cases write, without
    the database, so that many whole events can be played quickly through the adapter.
    Each stage is published a day after the previous one; withdrawals come an hour after the
    publication, results two hours after it."""

    def __init__(self, entrants: list[Competitor]) -> None:
        self.adapter = KibaBaoAdapter()
        self.ids = count(1)
        self.clock = MEMORY_T0
        self.facts = EventFacts(
            slug="memory",
            name="memory",
            preset=KIBA,
            parameters={},
            seed=1,
            state=EventState.REGISTRATION,
            version=1,
            competitors=tuple(entrants),
        )
        plan = self.adapter.plan_start(self.facts)
        numbered = tuple(replace(c, number=plan.numbers[c.id]) for c in entrants)
        self.facts = replace(self.facts, competitors=numbered, state=EventState.RUNNING)

    def report(self, kind: ReportKind, result: GameResult, at: datetime) -> ReportFact:
        return ReportFact(kind, result, Termination.NORMAL, ACTOR.name, at, "")

    def publish(self, plan: PairingPlan) -> None:
        encounters = []
        for planned in plan.encounters:
            encounter_id = next(self.ids)
            games = tuple(
                GameFact(
                    id=next(self.ids),
                    stage=1,
                    group="",
                    round=plan.unit.number,
                    board=planned.board,
                    number=number,
                    encounter_id=encounter_id,
                    first=game.first,
                    second=game.second,
                    first_side=game.first_side,
                    reports=()
                    if game.decided is None
                    else (self.report(ReportKind.RULING, game.decided, self.clock),),
                )
                for number, game in enumerate(planned.games, start=1)
            )
            encounters.append(
                EncounterFact(
                    encounter_id,
                    planned.board,
                    planned.first,
                    planned.second,
                    planned.match_rule,
                    planned.bye,
                    games,
                )
            )
        published = RoundFact(1, "", plan.unit.number, self.clock, tuple(encounters))
        lots = tuple(LotFact(lot.purpose, lot.seed, lot.outcome, self.clock) for lot in plan.lots)
        self.facts = replace(
            self.facts, rounds=(*self.facts.rounds, published), lots=(*self.facts.lots, *lots)
        )

    def withdraw(self, competitor: CompetitorId) -> None:
        latest = self.facts.rounds[-1].number
        w = WithdrawalFact(competitor, latest + 1, self.clock + HOUR, ACTOR.name, "")
        self.facts = replace(self.facts, withdrawals=(*self.facts.withdrawals, w))

    def decide_open_games(self, rng: random.Random) -> None:
        """Results for the open games, except those of withdrawn players (the report window
        refuses them: they are lost by abandonment)."""
        gone = {w.competitor for w in self.facts.withdrawals}

        def decided(game: GameFact) -> GameFact:
            if game.result.is_decided or {game.first, game.second} & gone:
                return game
            result = rng.choice((GameResult.FIRST_WINS, GameResult.SECOND_WINS))
            at = self.clock + 2 * HOUR
            return replace(game, reports=(self.report(ReportKind.REPORT, result, at),))

        latest = self.facts.rounds[-1]
        encounters = tuple(
            replace(e, games=tuple(decided(g) for g in e.games)) for e in latest.encounters
        )
        self.facts = replace(
            self.facts, rounds=(*self.facts.rounds[:-1], replace(latest, encounters=encounters))
        )

    def add_extra_games(self) -> bool:
        """What `app.results` does once every game of an encounter has a result."""
        latest = self.facts.rounds[-1]
        grown = []
        added = False
        for encounter in latest.encounters:
            games = encounter.games
            if games and all(g.result.is_decided for g in games):
                for planned in self.adapter.plan_extra_games(
                    self.facts.parameters, encounter, lambda: self.facts
                ):
                    extra = replace(
                        games[-1],
                        id=next(self.ids),
                        number=len(games) + 1,
                        first=planned.first,
                        second=planned.second,
                        reports=(),
                    )
                    games = (*games, extra)
                    added = True
            grown.append(replace(encounter, games=games))
        self.facts = replace(
            self.facts,
            rounds=(*self.facts.rounds[:-1], replace(latest, encounters=tuple(grown))),
        )
        return added

    def record_playoffs(self, rng: random.Random) -> None:
        """The director's playoff for every tie that blocks the next stage (drawn at random)."""
        stage = derive_event(self.facts).latest
        if stage is None or not stage.is_complete:
            return
        lots = [
            LotFact(
                PLAYOFF_LOT,
                0,
                playoff_outcome(stage.number, group, rng.sample(tie, len(tie)), ""),
                self.clock,
            )
            for group, tie in stage.ties_needing_playoff()
        ]
        self.facts = replace(self.facts, lots=(*self.facts.lots, *lots))

    def play(
        self, rng: random.Random, withdrawals: dict[int, list[int]] | None = None
    ) -> Iterator[PairingPlan]:
        """Pair and play every stage; `withdrawals[r]` picks (by index, modulo the field)
        players of group stage r who withdraw while it runs."""
        while self.adapter.next_unit(self.facts) is not None:
            self.record_playoffs(rng)
            plan = self.adapter.plan_next(self.facts, self.clock)
            self.publish(plan)
            yield plan
            if derive_event(self.facts).final is None:
                playing = sorted({e.first for e in plan.encounters if e.second is not None})
                for index in (withdrawals or {}).get(plan.unit.number, []):
                    if playing:
                        self.withdraw(playing.pop(index % len(playing)))
            self.decide_open_games(rng)
            while self.add_extra_games():
                self.decide_open_games(rng)
            self.clock += timedelta(days=1)


def memory_field(size: int, newcomers: int, rng: random.Random) -> list[Competitor]:
    return [
        Competitor(
            CompetitorId(f"M{n:02d}"),
            f"M{n:02d}",
            rating=rng.randint(1500, 2300),
            games_played=0 if n <= newcomers else rng.randint(1, 400),
        )
        for n in range(1, size + 1)
    ]


def check_groups(event: KibaEvent) -> None:
    """R19/E4: games per player; R27: one point per game won; R14: no repeated pairing."""
    for stage in event.stages:
        for group, standings in zip(stage.groups, stage.standings, strict=True):
            played = 2 * (group.numbers - 1) - (2 if group.dummy is not None else 0)
            for player in group.players:
                games = [g for g in standings.games if player.id in (g.first, g.second)]
                assert len(games) == played
            both_lost = sum(g.result is GameResult.DOUBLE_FORFEIT for g in standings.games)
            assert sum(row.score for row in standings.rows) == len(standings.games) - both_lost
    if len(event.stages) == 2:
        qualification = event.stages[0]
        for group in event.stages[1].groups:
            origins = [qualification.group_of(p.id) for p in group.players]
            assert len({g.name for g in origins if g is not None}) == len(origins)


@settings(max_examples=30)
@given(
    size=st.integers(min_value=6, max_value=34),
    newcomers=st.integers(min_value=0, max_value=34),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_kiba_property_every_event_ends_with_one_winner(
    size: int, newcomers: int, seed: int
) -> None:
    rng = random.Random(seed)
    memory = MemoryEvent(memory_field(size, newcomers, rng))
    plans = list(memory.play(rng))
    facts = memory.facts
    event = derive_event(facts)
    assert memory.adapter.is_finished(facts)
    assert event.winner is not None
    assert event.final is not None
    assert event.winner.id in (event.final.match.first.id, event.final.match.second.id)
    assert event.final.match.first.kiba_score >= event.final.match.second.kiba_score  # R22
    assert [p.unit.number for p in plans] == list(range(1, len(event.plan.stages) + 1))
    check_groups(event)
    json.dumps(event_summary(facts))


@settings(max_examples=30)
@given(
    size=st.integers(min_value=6, max_value=20),
    seed=st.integers(min_value=0, max_value=2**32),
    withdrawals=st.dictionaries(
        st.integers(min_value=1, max_value=2),
        st.lists(st.integers(min_value=0, max_value=40), max_size=4),
        max_size=2,
    ),
)
def test_kiba_property_withdrawals_never_block_and_never_advance(
    size: int, seed: int, withdrawals: dict[int, list[int]]
) -> None:
    rng = random.Random(seed)
    memory = MemoryEvent(memory_field(size, 0, rng))
    for _ in memory.play(rng, withdrawals):
        pass
    facts = memory.facts
    event = derive_event(facts)
    gone = {w.competitor: w.from_round for w in facts.withdrawals}
    assert memory.adapter.is_finished(facts)
    assert memory.adapter.next_unit(facts) is None
    check_groups(event)
    for stage in event.stages:  # A14: out of every stage after the one they withdrew in
        for player in (p for g in stage.groups for p in g.players):
            assert gone.get(player.id, stage.number) >= stage.number
    if event.winner is not None:
        assert event.winner.id not in gone
    else:
        assert event.final is None
    json.dumps(event_summary(facts))
