"""The `tantrix-knockout` event adapter through the use cases (shared/spec/tantrix-knockout.md).

Stored events follow the spec's examples (E1-E5) and rules: TPs as each game's result detail
(R4, R5, A8, the addendum's converter), tiebreak and sudden-death games added while a match
runs (R7-R10, A1-A3), the rule off for the phase (A12, like an opt-out: E4, A7), defaults and
resignations (A5, A6, A9), byes for the top seeds, third place, plate, withdrawals, refusals,
exchange and the demo. A property test plays whole events in memory (facts built without the
database) through the same adapter.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import count
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.app import events, exchange, rounds
from mashindano.app.conduct import take_leave, withdraw_player
from mashindano.app.demo import play_demo_event
from mashindano.app.documents.presets import event_summary
from mashindano.app.errors import DuplicateReport, OutOfWindow, UnknownPlayer, WrongState
from mashindano.app.formats.base import PlannedGame
from mashindano.app.formats.parts import PAIRING, STANDINGS
from mashindano.app.formats.registry import part
from mashindano.app.principals import local
from mashindano.app.queries import get_audit_log
from mashindano.app.results import (
    GameRef,
    ResultChange,
    confirm_result,
    correct_result,
    dispute_result,
    report_result,
    rule_result,
)
from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.model import (
    ByeKind,
    Competitor,
    CompetitorId,
    GameResult,
    Side,
    Termination,
)
from mashindano.presets.tantrix_knockout.adapter import TantrixKnockoutAdapter, tantrix_demo_result
from mashindano.store.facts import (
    EncounterFact,
    EventFacts,
    EventState,
    GameFact,
    Json,
    ReportFact,
    ReportKind,
    ResultDetail,
    RoundFact,
)

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db

PRESET = "tantrix-knockout"
A, B = CompetitorId("P01"), CompetitorId("P02")


# -- helpers -----------------------------------------------------------------------------------


def _encounter(slug: str, round_number: int = 1, board: int = 1, stage: int = 1) -> EncounterFact:
    facts = events.get_event_facts(slug)
    for round_fact in facts.rounds:
        if (round_fact.stage, round_fact.number) == (stage, round_number):
            return next(e for e in round_fact.encounters if e.board == board)
    raise AssertionError(f"no round {round_number} in stage {stage}")


def _match(slug: str, round_number: int = 1, board: int = 1, stage: int = 1) -> dict[str, Any]:
    """The bracket's JSON for one match (winner, ended_by, games counted, TP totals)."""
    facts = events.get_event_facts(slug)
    summary = event_summary(facts)
    draws: list[Any] = summary["draws"]  # type: ignore[assignment]
    draw = next(d for d in draws if d["stage"] == stage)
    matches: list[dict[str, Any]] = draw["rounds"][round_number - 1]["matches"]
    return next(m for m in matches if m["board"] == board)


def _play(
    slug: str, tps: Sequence[tuple[str, str]], round_number: int = 1, board: int = 1
) -> ResultChange:
    """Report the next games of a match, TPs given from the encounter's first player's side
    (A, the better seed) and turned to each game's first player as the report expects."""
    change: ResultChange | None = None
    for tp_a, tp_b in tps:
        encounter = _encounter(slug, round_number, board)
        game = next(g for g in encounter.games if not g.result.is_decided)
        text = f"{tp_a}-{tp_b}" if game.first == encounter.first else f"{tp_b}-{tp_a}"
        change = report_result(slug, GameRef(round_number, board, game.number), text, actor=ACTOR)
    assert change is not None
    return change


def _final(slug: str = "ko", standard_games: str = "6", decisive_rule_enabled: str = "yes") -> str:
    """A two-player event: its only match, P01 (seed 1, A) v P02 (B), is published."""
    make_event(
        slug,
        PRESET,
        2,
        standard_games=standard_games,
        decisive_rule_enabled=decisive_rule_enabled,
    )
    rounds.pair_next_round(slug, actor=ACTOR, now=T0)
    return slug


SIXTY_ONE = [("12.1", "7.9"), ("12", "8"), ("12", "8"), ("12", "8"), ("12", "8")]
"""Five games to 60.1-39.9, as in E2's first line."""


# -- the match: E1-E5 --------------------------------------------------------------------------


def test_tantrix_E1_a_five_point_gap_after_the_standard_games_ends_the_match() -> None:
    slug = _final()
    games = _encounter(slug).games
    assert [g.number for g in games] == [1, 2, 3, 4, 5, 6]
    assert [g.first for g in games] == [A, B, A, B, A, B], "the start alternates from seed 1"
    change = _play(slug, [*SIXTY_ONE, ("2.4", "17.6")])  # 62.5-57.5: exactly 5.0 (A1)
    assert change.added == ()
    shown = _match(slug)
    assert (shown["winner"], shown["ended_by"], shown["tp"], shown["games"]) == (
        A,
        "standard",
        ["62.5", "57.5"],
        6,
    )
    assert part(PRESET, STANDINGS).is_finished(events.get_event_facts(slug))


@pytest.mark.parametrize(
    ("case", "tiebreak", "winner", "tp", "added"),
    [
        ("a", ("13.3", "6.7"), A, ["75.7", "64.3"], False),
        ("b", ("5.0", "15.0"), B, ["67.4", "72.6"], False),
        ("c", ("10", "10"), None, ["72.4", "67.6"], True),
        ("d", ("5.3", "14.7"), None, ["67.7", "72.3"], True),
    ],
)
def test_tantrix_E2_tiebreak_one_every_branch(
    case: str, tiebreak: tuple[str, str], winner: CompetitorId | None, tp: list[str], added: bool
) -> None:
    slug = _final()
    sixth = _play(slug, [*SIXTY_ONE, ("2.3", "17.7")])  # 62.4-57.6: gap 4.8 < 5
    assert [(g.number, g.first, g.second) for g in sixth.added] == [(7, A, B)]
    assert get_audit_log(slug)[-1].after["added_games"][0]["game"] == 7  # type: ignore[index]
    change = _play(slug, [tiebreak])
    shown = _match(slug)
    assert (shown["winner"], shown["tp"]) == (winner, tp), case
    assert shown["ended_by"] == ("tiebreak-1" if winner else None)
    assert [g.number for g in change.added] == ([8] if added else [])


def test_tantrix_E2_case_e_tiles_and_time_penalties_give_the_tps() -> None:
    slug = _final()
    _play(slug, [*SIXTY_ONE, ("2.3", "17.7")])
    seventh = _encounter(slug).games[6]
    assert seventh.first == A
    # A wins by 1 tile (13.3-6.7 by the converter) but pays 4 time penalties: 9.3-10.7.
    detail: ResultDetail = {"tiles": ["21", "20"], "penalties": ["4", "0"]}
    change = report_result(slug, GameRef(1, 1, 7), "1-0", actor=ACTOR, detail=detail)
    assert change.game.result is GameResult.FIRST_WINS, "A won the game on the board"
    assert change.game.detail == {
        "tp": ["9.3", "10.7"],
        "tiles": ["21", "20"],
        "penalties": ["4", "0"],
    }
    assert (_match(slug)["tp"], _match(slug)["winner"]) == (["71.7", "68.3"], None)
    assert [g.number for g in change.added] == [8]


def test_tantrix_E2_derived_b_wins_by_one_tile_continues() -> None:
    slug = _final()
    _play(slug, [*SIXTY_ONE, ("2.3", "17.7"), ("6.7", "13.3")])
    assert _match(slug)["tp"] == ["69.1", "70.9"]
    assert _match(slug)["winner"] is None


def test_tantrix_E3_the_leader_after_tiebreak_three_wins_however_small_the_gap() -> None:
    slug = _final()
    change = _play(slug, [*SIXTY_ONE, ("2.3", "17.7"), ("10", "10"), ("10", "10"), ("9.9", "10.1")])
    shown = _match(slug)
    assert (shown["tp"], shown["winner"], shown["ended_by"]) == (
        ["92.3", "87.7"],
        A,
        "leader-after-tiebreak-3",
    )
    assert change.added == ()


def test_tantrix_E3_dead_level_after_nine_games_goes_to_sudden_death() -> None:
    slug = _final()
    change = _play(slug, [("10", "10")] * 9)
    assert _match(slug)["tp"] == ["90.0", "90.0"]
    assert [g.number for g in change.added] == [10]
    change = _play(slug, [("10", "10")])
    assert [g.number for g in change.added] == [11], "a drawn sudden-death game: play on"
    _play(slug, [("10.1", "9.9")])
    shown = _match(slug)
    assert (shown["winner"], shown["ended_by"], shown["games"]) == (A, "sudden-death", 11)


def test_tantrix_E4_with_the_rule_off_the_leader_after_the_standard_games_wins() -> None:
    slug = _final(decisive_rule_enabled="no")
    assert _encounter(slug).match_rule == "tp-lead-6"
    change = _play(slug, [*SIXTY_ONE, ("2.3", "17.7")])  # 62.4-57.6
    assert change.added == ()
    assert (_match(slug)["winner"], _match(slug)["ended_by"]) == (A, "leader-after-standard")


def test_tantrix_A7_dead_level_with_the_rule_off_goes_to_sudden_death() -> None:
    slug = _final(decisive_rule_enabled="no")
    change = _play(slug, [("10", "10")] * 6)
    assert [g.number for g in change.added] == [7]
    _play(slug, [("9.9", "10.1")])
    assert (_match(slug)["winner"], _match(slug)["ended_by"]) == (B, "sudden-death")


def test_tantrix_E5_a_missed_limit_is_ruled_as_a_default_that_ends_the_match() -> None:
    slug = _final()
    _play(slug, [*SIXTY_ONE, ("2.3", "17.7")])  # B behind 57.6-62.4, offers no dates
    ruled = rule_result(
        slug, GameRef(1, 1, 7), "+-", actor=local("controller"), reason="R20: no offer"
    )
    assert ruled.game.detail == {"end": "default"}
    assert ruled.added == ()
    assert (_match(slug)["winner"], _match(slug)["ended_by"]) == (A, "default")


def test_tantrix_A6_whoever_resigns_loses_the_match_even_when_ahead() -> None:
    slug = _final()
    _play(slug, [*SIXTY_ONE, ("2.3", "17.7")])  # A ahead by 4.8
    report_result(slug, GameRef(1, 1, 7), "-+", actor=local("P01"), detail={"end": "resigned"})
    assert (_match(slug)["winner"], _match(slug)["ended_by"]) == (B, "resigned")


# -- reading TPs -------------------------------------------------------------------------------


def test_tantrix_R5_tps_must_add_up_to_twenty_and_match_the_result() -> None:
    slug = _final()
    first = GameRef(1, 1, 1)
    with pytest.raises(IllegalResult, match=r"round 1, board 1.*add up to 20"):
        report_result(slug, first, "12.4-7.5", actor=ACTOR)
    with pytest.raises(IllegalResult, match="do not match the result"):
        report_result(slug, first, "1-0", actor=ACTOR, detail={"tp": ["7", "13"]})
    with pytest.raises(IllegalResult, match="needs its TPs"):
        report_result(slug, first, "1-0", actor=ACTOR)
    with pytest.raises(IllegalResult, match="neither a result"):
        report_result(slug, first, "twelve-eight", actor=ACTOR)
    with pytest.raises(IllegalResult, match="not a knockout result"):
        report_result(slug, first, "--", actor=ACTOR)
    with pytest.raises(IllegalResult, match="unknown result detail colour"):
        report_result(slug, first, "1-0", actor=ACTOR, detail={"colour": "red"})
    with pytest.raises(IllegalResult, match="given twice"):
        report_result(slug, first, "12-8", actor=ACTOR, detail={"tp": ["12", "8"]})
    with pytest.raises(IllegalResult, match="whole numbers"):
        report_result(slug, first, "12-8", actor=ACTOR, detail={"penalties": ["-1", "0"]})
    assert _encounter(slug).games[0].reports == ()


def test_tantrix_A8_a_draw_is_ten_each_and_tps_are_kept_exactly() -> None:
    slug = _final()
    drawn = report_result(slug, GameRef(1, 1, 1), "1/2-1/2", actor=ACTOR)
    assert drawn.game.detail == {"tp": ["10.0", "10.0"]}
    with_numbers = report_result(
        slug, GameRef(1, 1, 2), "0-1", actor=ACTOR, detail={"tp": [7.25, 12.75]}
    )
    assert with_numbers.game.detail == {"tp": ["7.25", "12.75"]}
    assert with_numbers.game.first == B


def test_tantrix_addendum_tile_scores_are_converted() -> None:
    slug = _final()
    change = report_result(slug, GameRef(1, 1, 1), "0-1", actor=ACTOR, detail={"tiles": [12, 30]})
    assert change.game.detail == {"tp": ["2.3", "17.7"], "tiles": ["12", "30"]}
    with pytest.raises(IllegalResult, match="does not match the result"):
        report_result(slug, GameRef(1, 1, 2), "1-0", actor=ACTOR, detail={"tiles": [3, 9]})


# -- the bracket -------------------------------------------------------------------------------


def test_tantrix_byes_go_to_the_top_seeds_and_the_bracket_follows_the_winners() -> None:
    make_event("ko6", PRESET, 6, standard_games="2")
    first = rounds.pair_next_round("ko6", actor=ACTOR, now=T0)
    byes = [(e.board, e.first, e.bye_kind) for e in first.encounters if e.second is None]
    assert byes == [(1, "P01", ByeKind.PAIRING_ALLOCATED), (3, "P02", ByeKind.PAIRING_ALLOCATED)]
    played = [(e.board, e.first, e.second) for e in first.encounters if e.second is not None]
    assert played == [(2, "P04", "P05"), (4, "P03", "P06")]
    assert all(e.match_rule == "tp-margin-2" and len(e.games) == 2 for e in first.encounters[1::2])
    with pytest.raises(WrongState, match=r"main draw round 1 .* is not finished: board 2"):
        rounds.pair_next_round("ko6", actor=ACTOR, now=T0)
    _play("ko6", [("15", "5"), ("15", "5")], board=2)  # P04 wins
    _play("ko6", [("5", "15"), ("5", "15")], board=4)  # P06 wins
    semis = rounds.pair_next_round("ko6", actor=ACTOR, now=T0)
    assert [(e.board, e.first, e.second) for e in semis.encounters] == [
        (1, "P01", "P04"),
        (2, "P02", "P06"),
    ]
    table = events.event_standings("ko6")[0]
    assert [(line.rank, line.competitor.id, line.note) for line in table.lines] == [
        (1, "P01", "in the Semifinals"),
        (1, "P02", "in the Semifinals"),
        (1, "P04", "in the Semifinals"),
        (1, "P06", "in the Semifinals"),
        (5, "P03", "lost in the Quarterfinals"),
        (5, "P05", "lost in the Quarterfinals"),
    ]


def test_tantrix_third_place_match_beside_the_final_and_the_final_ranking() -> None:
    make_event("ko4", PRESET, 4, standard_games="1", third_place_match="yes")
    rounds.pair_next_round("ko4", actor=ACTOR, now=T0)
    _play("ko4", [("15", "5")], board=1)  # P01 beats P04
    _play("ko4", [("5", "15")], board=2)  # P03 beats P02
    final = rounds.pair_next_round("ko4", actor=ACTOR, now=T0)
    assert [(e.board, e.first, e.second) for e in final.encounters] == [
        (1, "P01", "P03"),
        (2, "P04", "P02"),
    ]
    _play("ko4", [("15", "5")], round_number=2, board=1)
    assert not part(PRESET, STANDINGS).is_finished(events.get_event_facts("ko4"))
    _play("ko4", [("5", "15")], round_number=2, board=2)
    facts = events.get_event_facts("ko4")
    assert part(PRESET, STANDINGS).is_finished(facts)
    assert part(PRESET, PAIRING).next_unit(facts) is None
    table = events.event_standings("ko4")[0]
    assert [(line.rank, line.competitor.id, line.note) for line in table.lines] == [
        (1, "P01", "champion"),
        (2, "P03", "finalist"),
        (3, "P02", "third place"),
        (4, "P04", "fourth place"),
    ]
    assert [line.points for line in table.lines] == [2, 1, 1, 0]
    assert table.lines[0].values == {"tps": Fraction(30), "seed": Fraction(1)}
    with pytest.raises(WrongState, match="every round of event 'ko4' has been paired"):
        rounds.pair_next_round("ko4", actor=ACTOR, now=T0)


def test_tantrix_A12_the_plate_draws_the_first_round_losers_with_the_rule_off() -> None:
    make_event("pl", PRESET, 8, standard_games="1", plate="yes")
    rounds.pair_next_round("pl", actor=ACTOR, now=T0)
    for board in (1, 2, 3, 4):
        _play("pl", [("15", "5")], board=board)  # the better seed wins
    plate = rounds.pair_next_round("pl", actor=ACTOR, now=T0)
    assert (plate.stage, plate.number) == (2, 1), "the plate's first round before round 2"
    second = rounds.pair_next_round("pl", actor=ACTOR, now=T0)
    assert (second.stage, second.number) == (1, 2)
    assert [(e.first, e.second, e.match_rule) for e in plate.encounters] == [
        ("P05", "P08", "tp-lead-1"),
        ("P06", "P07", "tp-lead-1"),
    ]
    # The plate's tie is sudden death; any lead wins (A12).
    report_result("pl", GameRef(1, 1, 1, stage=2), "10.1-9.9", actor=ACTOR)
    assert _match("pl", stage=2)["ended_by"] == "leader-after-standard"
    tables = [t.title for t in events.event_standings("pl")]
    assert tables == ["Main draw", "Plate"]


def test_tantrix_a_withdrawn_player_loses_the_next_match_by_forfeit() -> None:
    make_event("wd", PRESET, 4, standard_games="1")
    rounds.pair_next_round("wd", actor=ACTOR, now=T0)
    _play("wd", [("15", "5")], board=1)
    _play("wd", [("15", "5")], board=2)
    withdraw_player("wd", "P01", actor=ACTOR, reason="travel")
    final = rounds.pair_next_round("wd", actor=ACTOR, now=T0)
    (game,) = final.encounters[0].games
    assert (game.result, game.reports[0].reason) == (
        GameResult.SECOND_WINS_BY_FORFEIT,
        "P01 withdrew",
    )
    facts = events.get_event_facts("wd")
    assert part(PRESET, STANDINGS).is_finished(facts)
    lines = events.event_standings("wd")[0].lines
    assert (lines[0].competitor.id, lines[1].note) == ("P02", "finalist; withdrew")


# -- refusals ----------------------------------------------------------------------------------


def test_tantrix_refusals_of_start_pairing_leave_and_players() -> None:
    make_event("one", PRESET, 1, start=False)
    with pytest.raises(WrongState, match="a knockout needs at least 2"):
        events.start_event("one", actor=ACTOR)
    with pytest.raises(WrongState, match="start it first"):
        rounds.pair_next_round("one", actor=ACTOR)
    with pytest.raises(ConfigError, match="standard_games"):
        events.create_event("bad", PRESET, actor=ACTOR, parameters={"standard_games": "0"})
    slug = _final()
    with pytest.raises(WrongState, match="no leave of absence"):
        take_leave(slug, "P02", 2, actor=ACTOR)
    with pytest.raises(UnknownPlayer, match="no player 'P09'"):
        withdraw_player(slug, "P09", actor=ACTOR)
    with pytest.raises(WrongState, match="every round of event 'ko' has been paired"):
        rounds.pair_next_round(slug, actor=ACTOR)


def test_tantrix_duplicate_report_and_a_game_after_the_decision_are_refused() -> None:
    slug = _final(standard_games="2")
    report_result(slug, GameRef(1, 1, 1), "20-0", actor=local("P01"))
    with pytest.raises(DuplicateReport, match="already has 1-0"):
        report_result(slug, GameRef(1, 1, 1), "0-20", actor=local("P02"))
    report_result(slug, GameRef(1, 1, 2), "0-20", actor=local("P01"))  # B first in game 2: A 40-0
    assert _match(slug)["winner"] == A


def test_tantrix_surplus_game_after_a_correction_is_refused() -> None:
    slug = _final(standard_games="2")
    _play(slug, [("12", "8"), ("10", "10")])  # 22-18: a tiebreak is added
    assert len(_encounter(slug).games) == 3
    correct_result(slug, GameRef(1, 1, 1), "20-0", actor=local("arbiter"), reason="scoresheet")
    assert _match(slug)["winner"] == A, "30-10 after two games: decided without game 3"
    with pytest.raises(WrongState, match="already decided after game 2"):
        report_result(slug, GameRef(1, 1, 3), "10-10", actor=ACTOR)
    with pytest.raises(WrongState, match="already decided after game 2"):
        rule_result(slug, GameRef(1, 1, 3), "+-", actor=local("arbiter"))
    assert part(PRESET, STANDINGS).is_finished(events.get_event_facts(slug))


def test_tantrix_a_winner_cannot_change_once_the_next_round_is_paired() -> None:
    make_event("ch", PRESET, 4, standard_games="1")
    rounds.pair_next_round("ch", actor=ACTOR, now=T0)
    _play("ch", [("15", "5")], board=1)
    _play("ch", [("15", "5")], board=2)
    # Before the next round: a correction may change the winner, and the bracket follows.
    correct_result("ch", GameRef(1, 2, 1), "5-15", actor=local("arbiter"), reason="swapped sheet")
    assert _match("ch", board=2)["winner"] == "P03"
    rounds.pair_next_round("ch", actor=ACTOR, now=T0)
    with pytest.raises(WrongState, match="round 2 is already paired"):
        correct_result("ch", GameRef(1, 2, 1), "15-5", actor=local("arbiter"), reason="again")
    # The TPs may still be corrected when the winner stays.
    correct_result("ch", GameRef(1, 2, 1), "4-16", actor=local("arbiter"), reason="recount")
    with pytest.raises(OutOfWindow, match="round 1 is closed for reports"):
        confirm_result("ch", GameRef(1, 1, 1), actor=ACTOR)
    with pytest.raises(OutOfWindow, match="ask an arbiter to correct it"):
        report_result("ch", GameRef(1, 1, 1), "5-15", actor=ACTOR)


def test_tantrix_a_dispute_blocks_the_next_round_until_ruled() -> None:
    make_event("dp", PRESET, 4, standard_games="1")
    rounds.pair_next_round("dp", actor=ACTOR, now=T0)
    _play("dp", [("15", "5")], board=1)
    _play("dp", [("15", "5")], board=2)
    dispute_result("dp", GameRef(1, 2, 1), actor=local("P03"), reason="UNSURE: check the gap (R21)")
    with pytest.raises(WrongState, match="board 2 game 1 is disputed"):
        rounds.pair_next_round("dp", actor=ACTOR, now=T0)
    rule_result("dp", GameRef(1, 2, 1), "15-5", actor=local("controller"), reason="checked")
    assert rounds.pair_next_round("dp", actor=ACTOR, now=T0).number == 2


# -- exchange and demo -------------------------------------------------------------------------


def test_tantrix_json_export_import_gives_the_same_standings_and_tps() -> None:
    slug = _final()
    _play(slug, [*SIXTY_ONE, ("2.3", "17.7"), ("10", "10")])
    standings = [t.to_json() for t in events.event_standings(slug)]
    document = json.loads(json.dumps(exchange.export_event_json(slug)))
    exchange.import_event_json(document, actor=ACTOR, slug="copy")
    assert [t.to_json() for t in events.event_standings("copy")] == standings
    assert _match("copy") == _match(slug)
    assert [g.detail for g in _encounter("copy").games] == [
        g.detail for g in _encounter(slug).games
    ]


def test_tantrix_demo_plays_a_whole_event_with_third_place_and_plate() -> None:
    outcome = play_demo_event(PRESET, 7)
    assert [t.title for t in outcome.standings] == ["Main draw", "Plate"]
    main = outcome.standings[0]
    assert [line.note for line in main.lines[:4]] == [
        "champion",
        "finalist",
        "third place",
        "fourth place",
    ]
    facts = events.get_event_facts(outcome.slug)
    assert facts.state is EventState.CLOSED
    assert part(PRESET, STANDINGS).is_finished(facts)
    assert outcome.units == 6  # main: 4 rounds (12 players in 16 lines), plate: 2


# -- properties (in memory) --------------------------------------------------------------------


class MemoryEvent:
    """An event's facts built without the database, played through the adapter: publishing a
    plan and appending reports (and the games the adapter adds) as the use cases would."""

    def __init__(self, players: int, parameters: dict[str, Json]) -> None:
        self.adapter = TantrixKnockoutAdapter()
        self.ids = count(1)
        competitors = tuple(
            Competitor(CompetitorId(f"P{n:02d}"), f"P{n:02d}", rating=2000 - 10 * n)
            for n in range(1, players + 1)
        )
        facts = EventFacts(
            "mem", "mem", PRESET, parameters, 1, EventState.REGISTRATION, 0, competitors
        )
        numbers = self.adapter.plan_start(facts).numbers
        numbered = tuple(replace(c, number=numbers[c.id]) for c in competitors)
        self.facts = replace(facts, competitors=numbered, state=EventState.RUNNING)

    def pair(self) -> None:
        plan = self.adapter.plan_next(self.facts, T0)
        unit = plan.unit
        encounters = []
        for planned in plan.encounters:
            slot = GameFact(0, unit.stage, "", unit.number, planned.board, 0, next(self.ids),
                            planned.first, planned.first, Side.WHITE, ())  # fmt: skip
            games = tuple(
                self._game(slot, number, game) for number, game in enumerate(planned.games, 1)
            )
            encounters.append(
                EncounterFact(
                    slot.encounter_id,
                    planned.board,
                    planned.first,
                    planned.second,
                    planned.match_rule,
                    planned.bye,
                    games,
                )
            )
        published = RoundFact(unit.stage, unit.group, unit.number, T0, tuple(encounters))
        self.facts = replace(self.facts, rounds=(*self.facts.rounds, published))

    def _game(self, slot: GameFact, number: int, planned: PlannedGame) -> GameFact:
        reports: tuple[ReportFact, ...] = ()
        if planned.decided is not None:
            ruling = ReportFact(ReportKind.RULING, planned.decided, Termination.NORMAL, "x", T0, "")
            reports = (ruling,)
        return replace(
            slot,
            id=next(self.ids),
            number=number,
            first=planned.first,
            second=planned.second,
            reports=reports,
        )

    def open_games(self) -> list[GameFact]:
        return [g for g in self.facts.games() if not g.result.is_decided]

    def report(self, game: GameFact, text: str) -> None:
        parsed = self.adapter.parse_report(text, None, game=game, parameters=self.facts.parameters)
        self.adapter.check_result_change(game, parsed, lambda: self.facts)
        report = ReportFact(
            ReportKind.REPORT, parsed.result, Termination.NORMAL, "x", T0, "", parsed.detail
        )
        rounds_after = []
        for round_fact in self.facts.rounds:
            encounters = tuple(
                self._after_report(e, game, report) if e.id == game.encounter_id else e
                for e in round_fact.encounters
            )
            rounds_after.append(replace(round_fact, encounters=encounters))
        self.facts = replace(self.facts, rounds=tuple(rounds_after))

    def _after_report(
        self, encounter: EncounterFact, game: GameFact, report: ReportFact
    ) -> EncounterFact:
        games = tuple(
            replace(g, reports=(*g.reports, report)) if g.id == game.id else g
            for g in encounter.games
        )
        encounter = replace(encounter, games=games)
        if not all(g.result.is_decided for g in games):
            return encounter
        extra = self.adapter.plan_extra_games(self.facts.parameters, encounter, lambda: self.facts)
        added = tuple(
            self._game(game, len(games) + k, planned) for k, planned in enumerate(extra, 1)
        )
        return replace(encounter, games=(*games, *added))


def _random_tps(rng: random.Random) -> str:
    tenths = rng.choice([100, 100, *range(0, 201)])
    return f"{tenths / 10:.1f}-{(200 - tenths) / 10:.1f}"


@settings(max_examples=60)
@given(
    players=st.integers(min_value=2, max_value=20),
    standard_games=st.integers(min_value=1, max_value=4),
    third_place=st.booleans(),
    plate=st.booleans(),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_tantrix_property_every_event_ends_with_one_champion(
    players: int, standard_games: int, third_place: bool, plate: bool, seed: int
) -> None:
    """However the TPs fall: every match ends with one winner, each main-draw entrant but the
    champion loses exactly one match, and the ranking gives 1 and 2 to the finalists."""
    rng = random.Random(seed)
    event = MemoryEvent(
        players,
        {
            "standard_games": str(standard_games),
            "third_place_match": "yes" if third_place else "no",
            "plate": "yes" if plate else "no",
        },
    )
    adapter = event.adapter
    while adapter.next_unit(event.facts) is not None:
        event.pair()
        while open_games := event.open_games():
            event.report(open_games[0], _random_tps(rng))
    facts = event.facts
    assert adapter.is_finished(facts)
    main = adapter.compute_standings(facts)[0]
    assert [line.rank for line in main.lines[:2]] == [1, 2]
    assert main.lines[0].note == "champion"
    assert sorted(line.competitor.id for line in main.lines) == sorted(
        c.id for c in facts.competitors
    )
    summary = event_summary(facts)
    draws: list[Any] = summary["draws"]  # type: ignore[assignment]
    losses: dict[str, int] = {}
    for round_json in draws[0]["rounds"]:
        for match in round_json["matches"]:
            assert match["winner"] is not None
            if not match["bye"] and not match["third_place"]:
                loser = match["b"] if match["winner"] == match["a"] else match["a"]
                losses[loser] = losses.get(loser, 0) + 1
    assert sorted(losses) == sorted(c.id for c in facts.competitors if c.id != summary["champion"])
    assert set(losses.values()) == {1}
    has_plate = plate and players - (1 << (players - 1).bit_length()) // 2 >= 2
    assert len(draws) == (2 if has_plate else 1)


def test_tantrix_demo_result_is_a_valid_tp_report() -> None:
    rng = random.Random(3)
    entrants = {
        A: Competitor(A, "A", rating=2000),
        B: Competitor(B, "B", rating=1900),
    }
    game = GameFact(1, 1, "", 1, 1, 1, 1, A, B, Side.WHITE, ())
    for _ in range(20):
        text = tantrix_demo_result(rng, game, entrants)
        parsed = TantrixKnockoutAdapter().parse_report(text, None, game=game, parameters={})
        tps = parsed.detail["tp"] if parsed.detail else None
        assert isinstance(tps, list)
        assert sum(Fraction(str(t)) for t in tps) == 20
