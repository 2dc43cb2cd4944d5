"""The `gomoku-league` adapter through the use cases (shared/spec/gomoku-league.md): months,
points, month ends, newcomers, leaves, report windows, sanctions, and their refusals."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mashindano.app import events, exchange, players, rounds
from mashindano.app.conduct import close_period, sanction_player, take_leave, withdraw_player
from mashindano.app.demo import play_demo_event
from mashindano.app.documents.event import show_event
from mashindano.app.documents.rounds import round_pairings
from mashindano.app.errors import (
    Duplicate,
    DuplicateReport,
    OutOfWindow,
    UnknownPlayer,
    WrongState,
)
from mashindano.app.formats.base import StandingsLine
from mashindano.app.formats.parts import PAIRING, STANDINGS
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
from mashindano.engine.errors import ConfigError, IllegalResult, NoValidPairing
from mashindano.engine.gomoku import (
    MatchResult,
    compute_pairings,
    compute_stage_points,
    found_ladder,
)
from mashindano.engine.model import Competitor, CompetitorId, GameResult, Termination
from mashindano.presets.gomoku_league.history import derive_history, league_event_parameters
from mashindano.store import models
from mashindano.store.facts import (
    EncounterFact,
    EventFacts,
    EventState,
    GameFact,
    ReportFact,
    ReportKind,
    RoundFact,
)

pytestmark = pytest.mark.django_db

PRESET = "gomoku-league"
ACTOR = local("organiser")
F = Fraction


def at(month: int, day: int, hour: int = 10, minute: int = 0) -> datetime:
    return datetime(2026, month, day, hour, minute, tzinfo=UTC)


def roster(count: int, *, prefix: str = "P", games: int = 500) -> list[Competitor]:
    return [
        Competitor(
            CompetitorId(f"{prefix}{n}"), f"{prefix}{n}", rating=2000 - 10 * n, games_played=games
        )
        for n in range(1, count + 1)
    ]


def make_league(count: int = 7, slug: str = "lg", **parameters: str) -> str:
    events.create_event(slug, PRESET, actor=ACTOR, parameters=parameters, seed=5, now=at(2, 20))
    players.register_players(slug, roster(count), actor=ACTOR, now=at(2, 20))
    events.start_event(slug, actor=ACTOR, now=at(2, 20))
    return slug


def pair(slug: str, when: datetime) -> RoundFact:
    return rounds.pair_next_round(slug, actor=ACTOR, now=when)


def result_text(first: str, upper: str, lower: str, letter: str) -> str:
    """The first-listed player's result of a game whose winner is given as U(pper), L(ower)
    or D(rawn)."""
    if letter == "D":
        return "1/2-1/2"
    winner = upper if letter == "U" else lower
    return "1-0" if first == winner else "0-1"


def report_match(
    slug: str, month: int, board: int, letters: str, when: datetime, actor: str = "player"
) -> None:
    encounter = rounds.show_round(slug, month).encounters[board - 1]
    assert encounter.second is not None
    for game, letter in zip(encounter.games, letters, strict=False):
        text = result_text(game.first, encounter.first, encounter.second, letter)
        report_result(slug, GameRef(month, board, game.number), text, actor=local(actor), now=when)


def lines(slug: str) -> dict[str, StandingsLine]:
    (table,) = events.event_standings(slug)
    return {line.competitor.id: line for line in table.lines}


def listed(slug: str, month: int) -> list[str]:
    order: list[str] = []
    for encounter in rounds.show_round(slug, month).encounters:
        for competitor in (encounter.first, encounter.second):
            if competitor is not None and competitor not in order:
                order.append(competitor)
    return order


# -- start and pairing ------------------------------------------------------------------------


def test_gomoku_E2_founding_list_by_rating_with_founding_coefficients() -> None:
    events.create_event("lg", PRESET, actor=ACTOR, now=at(2, 1))
    scrambled = [roster(10)[k] for k in (3, 0, 9, 5, 1, 8, 2, 7, 4, 6)]
    unrated = Competitor(CompetitorId("U"), "U", games_played=500)
    players.register_players("lg", [*scrambled[:9], unrated], actor=ACTOR, now=at(2, 1))
    facts = events.start_event("lg", actor=ACTOR, now=at(2, 1))
    numbers: dict[str, int | None] = {c.id: c.number for c in facts.competitors}
    ranked = [numbers[f"P{n}"] for n in (1, 2, 3, 4, 5, 6, 8, 9, 10)]  # P7 is not entered
    assert ranked == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert numbers["U"] == 10  # unrated players come last
    (table,) = events.event_standings("lg")
    assert table.title == "Founding list"
    coefficients = [line.values["coefficient"] for line in table.lines]
    assert (coefficients[0], coefficients[4], coefficients[9]) == (F(28, 10), F(2), F(1))


def test_gomoku_E3_E1_a_month_publishes_every_match_of_four_alternating_games() -> None:
    make_league(7)
    published = pair("lg", at(3, 8))
    assert published.number == 1
    numbers: dict[str, int | None] = {
        c.id: c.number for c in events.get_event_facts("lg").competitors
    }
    boards = [f"{numbers[e.first]}-{numbers[e.second or '']}" for e in published.encounters]
    assert boards == ["1-2", "1-3", "2-3", "2-4", "3-4", "3-5", "4-5", "4-6", "5-6", "5-7", "6-7"]
    for encounter in published.encounters:
        assert encounter.match_rule == "fixed-4"
        movers = [g.first for g in encounter.games]
        assert movers == [encounter.first, encounter.second] * 2  # the upper player starts
    (table,) = events.event_standings("lg")
    mandatory = [line.values["mandatory games"] or F(0) for line in table.lines]
    assert mandatory == [8, 12, 16, 16, 16, 12, 8]
    assert sum(mandatory) == 88 == 11 * 4 * 2


@pytest.mark.parametrize(
    ("example", "player", "matches", "points"),
    [
        ("E4", "P4", {4: "LLLU", 5: "UULL", 7: "ULLL", 8: "UUUU"}, F(21)),
        ("E5", "P1", {1: "UUUL", 2: "ULLL"}, F(22)),
        ("E6", "P2", {1: "LLLU", 3: "UULL"}, F(16)),
        ("E7", "P7", {10: "UUUL", 11: "LLLU"}, F(17)),
        ("E8", "P6", {8: "UUUU"}, F(5)),
    ],
)
def test_gomoku_E4_to_E8_month_points_and_new_coefficient(
    example: str, player: str, matches: dict[int, str], points: Fraction
) -> None:
    make_league(7)
    pair("lg", at(3, 8))
    for board, letters in matches.items():
        report_match("lg", 1, board, letters, at(3, 10 + board))
    running = lines("lg")[player]
    assert running.points == points, example
    carried = running.values["coefficient"]
    assert carried is not None
    close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    closed = lines("lg")[player]
    assert closed.points == points
    assert closed.values["previous coefficient"] == carried
    assert closed.values["coefficient"] == (carried + points / 10) / 2  # R12


def test_gomoku_E9_last_player_who_plays_nothing_scores_zero_and_is_removed() -> None:
    make_league(7, season_months="3")
    for month in (1, 2):
        pair("lg", at(2 + month, 8))
        for board in range(1, 10):  # P7 plays boards 10 and 11: left unplayed
            report_match("lg", month, board, "UULD", at(2 + month, 9 + board))
        close_period("lg", month, actor=ACTOR, now=at(3 + month, 4))
        seventh = lines("lg")["P7"]
        assert seventh.points == 0
        if month == 1:
            assert seventh.values["coefficient"] == F(1, 2)  # exactly 0.500 is kept (R15)
            assert "removed" not in seventh.note
        else:
            assert seventh.values["coefficient"] == F(1, 4)
            assert "removed" in seventh.note
    pair("lg", at(5, 8))
    assert "P7" not in listed("lg", 3)
    summary = show_event("lg").summary
    months = summary["months"]
    assert isinstance(months, list)
    assert [m["removed"] for m in months if isinstance(m, dict)] == [[], ["P7"], []]


# -- registrations ----------------------------------------------------------------------------


def test_gomoku_E11_newcomers_of_days_1_to_7_enter_next_month_above_the_last_two() -> None:
    make_league(7)
    pair("lg", at(3, 8))
    players.register_players("lg", roster(1, prefix="N"), actor=ACTOR, now=at(4, 2))
    close_period("lg", 1, actor=ACTOR, now=at(4, 3))
    late = Competitor(CompetitorId("M1"), "M1", rating=2500, games_played=300)
    players.register_players("lg", [late], actor=ACTOR, now=at(4, 5))
    pair("lg", at(4, 8))
    assert listed("lg", 2) == ["P1", "P2", "P3", "P4", "P5", "N1", "M1", "P6", "P7"]
    month = lines("lg")
    # Nobody played: every coefficient halved; P5 11/14, P6 9/14, P7 1/2 -> R17 (b).
    expected = (F(11, 14) + F(9, 14)) / 2
    assert month["N1"].values["coefficient"] == month["M1"].values["coefficient"] == expected
    assert month["N1"].note == "newcomer"
    assert len(rounds.show_round("lg", 2).encounters) == 2 * 9 - 3


def test_registration_after_the_start_is_refused_outside_days_1_to_7() -> None:
    make_league(7, season_months="2")
    with pytest.raises(OutOfWindow, match=r"month 1 \(2026-02\) on days 1-7"):
        players.register_players("lg", roster(1, prefix="N"), actor=ACTOR, now=at(2, 20))
    pair("lg", at(3, 2))
    with pytest.raises(OutOfWindow, match=r"for month 2 \(2026-04\) on days 1-7 of 2026-04"):
        players.register_players("lg", roster(1, prefix="N"), actor=ACTOR, now=at(3, 5))
    with pytest.raises(IllegalResult, match="at least 300"):
        players.register_players("lg", roster(1, prefix="N", games=120), actor=ACTOR, now=at(4, 3))
    players.register_players("lg", roster(1, prefix="N"), actor=ACTOR, now=at(4, 3))
    with pytest.raises(Duplicate, match="'N1' is already registered"):
        players.register_players("lg", roster(1, prefix="N"), actor=ACTOR, now=at(4, 4))
    close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    pair("lg", at(4, 8))
    with pytest.raises(WrongState, match="all 2 months of event 'lg' are paired"):
        players.register_players("lg", roster(1, prefix="Z"), actor=ACTOR, now=at(5, 2))


# -- pairing and closing ----------------------------------------------------------------------


def test_pairing_refusals() -> None:
    events.create_event("lg", PRESET, actor=ACTOR, parameters={"season_months": "2"}, now=at(2, 1))
    players.register_players("lg", roster(5), actor=ACTOR, now=at(2, 1))
    with pytest.raises(WrongState, match="start it first"):
        pair("lg", at(3, 8))
    events.start_event("lg", actor=ACTOR, now=at(2, 1))
    pair("lg", at(3, 8))
    with pytest.raises(WrongState, match="month 1 of event 'lg' is not closed"):
        pair("lg", at(4, 8))
    take_leave("lg", "P1", 2, actor=ACTOR, now=at(3, 31))
    take_leave("lg", "P2", 2, actor=ACTOR, now=at(3, 31))
    close_period("lg", 1, actor=ACTOR, now=at(4, 3))
    with pytest.raises(NoValidPairing, match="at least 4 players"):
        pair("lg", at(4, 8))
    # A month is paired from its day 1 (a month closes 48 hours after its end at the
    # earliest, so a season fixed to start later shows it).
    make_league(5, slug="later", first_month="2026-04")
    with pytest.raises(WrongState, match="month 1 of event 'later' is 2026-04; it can be paired"):
        pair("later", at(3, 31))


def test_a_season_ends_after_its_months_and_closes_when_all_are_closed() -> None:
    make_league(4, season_months="1")
    pair("lg", at(3, 8))
    with pytest.raises(WrongState, match="all 1 months of event 'lg' have been paired"):
        pair("lg", at(3, 9))
    with pytest.raises(WrongState, match="not finished"):
        events.close_event("lg", actor=ACTOR, now=at(4, 4))
    close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    facts = events.close_event("lg", actor=ACTOR, now=at(4, 4))
    assert show_event("lg").summary["finished"] is True
    assert facts.state.value == "closed"


def test_close_period_refusals() -> None:
    make_league(7)
    with pytest.raises(WrongState, match="month 1 of event 'lg' has not been paired"):
        close_period("lg", 1, actor=ACTOR, now=at(3, 1))
    pair("lg", at(3, 8))
    with pytest.raises(WrongState, match="one stage"):
        close_period("lg", 1, actor=ACTOR, stage=2, now=at(4, 4))
    report_match("lg", 1, 1, "U", at(3, 9))
    dispute_result("lg", GameRef(1, 1), actor=local("P2"), reason="I won", now=at(3, 9, 12))
    with pytest.raises(WrongState, match="awaits the referee's ruling"):
        close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    rule_result(
        "lg", GameRef(1, 1), "0-1", actor=local("referee"), reason="screenshot", now=at(3, 10)
    )
    close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    with pytest.raises(Duplicate, match="period 1 of event 'lg' is already closed"):
        close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    with pytest.raises(WrongState, match="month 2 of event 'lg' has not been paired"):
        close_period("lg", 2, actor=ACTOR, now=at(4, 4))


# -- report windows ---------------------------------------------------------------------------


def test_report_windows_R21_R45_R47() -> None:
    make_league(7)
    pair("lg", at(3, 2))  # before registration closes: the lower third waits (R21, A14)
    with pytest.raises(OutOfWindow, match=r"may be played from 2026-03-08 00:00 UTC \(R21\)"):
        report_result("lg", GameRef(1, 11), "1-0", actor=local("P6"), now=at(3, 3))
    report_result("lg", GameRef(1, 1), "1-0", actor=local("P1"), now=at(3, 3))
    report_result("lg", GameRef(1, 1, 2), "1-0", actor=local("P1"), now=at(3, 5))  # 48 h: on time
    with pytest.raises(OutOfWindow, match="more than 48 hours after the match"):
        report_result("lg", GameRef(1, 1, 3), "1-0", actor=local("P1"), now=at(3, 5, 10, 1))
    with pytest.raises(DuplicateReport, match="already has 1-0"):
        report_result("lg", GameRef(1, 1), "0-1", actor=local("P2"), now=at(3, 3, 12))
    dispute_result("lg", GameRef(1, 1, 2), actor=local("P2"), reason="no", now=at(3, 6, 9))
    with pytest.raises(OutOfWindow, match="final since 2026-03-04 10:00 UTC"):
        confirm_result("lg", GameRef(1, 1), actor=local("P2"), now=at(3, 4, 10))
    # After the month's end: 48 hours from the end at most, whatever the first report.
    report_result("lg", GameRef(1, 2), "0-1", actor=local("P3"), now=at(4, 2, 23))
    with pytest.raises(OutOfWindow, match=r"2026-04-01 00:00 UTC, month end"):
        report_result("lg", GameRef(1, 2, 2), "0-1", actor=local("P3"), now=at(4, 3, 0, 30))
    # The referee is not bound by the windows.
    rule_result("lg", GameRef(1, 2, 2), "0-1", actor=local("referee"), reason="PM", now=at(4, 3))
    rule_result(
        "lg", GameRef(1, 1, 2), "1-0", actor=local("referee"), reason="replay", now=at(4, 3)
    )
    close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    with pytest.raises(OutOfWindow, match=r"month 1 \(2026-03\) is closed"):
        report_result("lg", GameRef(1, 3), "1-0", actor=local("P2"), now=at(4, 4))


def test_a_closed_month_is_final_even_for_the_referee() -> None:
    make_league(7)
    pair("lg", at(3, 8))
    report_match("lg", 1, 1, "UUUU", at(3, 9))
    close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    with pytest.raises(WrongState, match="month 1 is closed; its results are final"):
        correct_result(
            "lg", GameRef(1, 1), "0-1", actor=local("referee"), reason="late", now=at(4, 5)
        )
    with pytest.raises(WrongState, match="month 1 is closed"):
        rule_result("lg", GameRef(1, 2), "1-0", actor=local("referee"), reason="PM", now=at(4, 5))
    before = lines("lg")
    # A flag recorded after the close counts for the next month, not for the closed one.
    sanction_player("lg", "P3", "disinterest", actor=local("referee"), reason="late", now=at(4, 5))
    assert lines("lg") == before


# -- leaves -----------------------------------------------------------------------------------


def test_leaves_R48_R49_R50() -> None:
    make_league(7, season_months="5", removal_threshold="0")
    with pytest.raises(WrongState, match="not fixed yet"):
        take_leave("lg", "P3", 1, actor=ACTOR, now=at(2, 21))
    pair("lg", at(3, 8))
    take_leave("lg", "P3", 2, actor=ACTOR, now=at(3, 20))
    with pytest.raises(OutOfWindow, match=r"month 2: leave of P4 for 2026-04 notified"):
        take_leave("lg", "P4", 2, actor=ACTOR, now=at(4, 1, 0))  # A20: before 00:00 day 1
    take_leave("lg", "P5", 3, to_round=5, actor=ACTOR, now=at(3, 20))
    with pytest.raises(Duplicate, match="already has leave for rounds 3 to 5"):
        take_leave("lg", "P5", 4, actor=ACTOR, now=at(3, 21))
    with pytest.raises(UnknownPlayer, match="no player 'P55'"):
        take_leave("lg", "P55", 4, actor=ACTOR, now=at(3, 21))
    with pytest.raises(WrongState, match="no month 6"):
        take_leave("lg", "P6", 6, actor=ACTOR, now=at(3, 20))
    close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    pair("lg", at(4, 8))
    assert "P3" not in listed("lg", 2)
    summary = show_event("lg").summary["months"]
    assert isinstance(summary, list)
    assert isinstance(summary[1], dict)
    assert summary[1]["on_leave"] == ["P3"]
    close_period("lg", 2, actor=ACTOR, now=at(5, 4))
    pair("lg", at(5, 8))
    assert "P3" in listed("lg", 3)
    assert "P5" not in listed("lg", 3)
    assert lines("lg")["P3"].note == "back from leave"


def test_gomoku_R48_at_most_three_leaves_per_calendar_year() -> None:
    make_league(7, season_months="6", first_month="2026-03")
    take_leave("lg", "P5", 2, to_round=4, actor=ACTOR, now=at(2, 21))
    with pytest.raises(WrongState, match="already taken 3 leaves in 2026"):
        take_leave("lg", "P5", 6, actor=ACTOR, now=at(2, 21))
    take_leave("lg", "P6", 1, actor=ACTOR, now=at(2, 21))  # first_month fixes month 1
    pair("lg", at(3, 8))
    assert "P6" not in listed("lg", 1)


# -- sanctions and withdrawals ----------------------------------------------------------------


def test_gomoku_E13_disinterest_suspends_and_compensates_the_opponents() -> None:
    make_league(10)
    pair("lg", at(3, 8))
    report_match("lg", 1, 6, "UUUU", at(3, 9))  # P3-P5: P5's only match
    sanction_player(
        "lg", "P5", "disinterest", actor=local("referee"), reason="silent", now=at(3, 30)
    )
    with pytest.raises(UnknownPlayer):
        sanction_player(
            "lg", "P50", "disinterest", actor=local("referee"), reason="x", round_number=1
        )
    close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    month_end = lines("lg")
    assert [month_end[p].points for p in ("P4", "P6", "P7")] == [5, 5, 5]  # R42, A8
    assert "suspended" in month_end["P5"].note
    pair("lg", at(4, 8))
    assert "P5" not in listed("lg", 2)


def test_expulsion_and_withdrawal_leave_the_list_from_the_next_month() -> None:
    make_league(8, season_months="3", removal_threshold="0")
    pair("lg", at(3, 8))
    sanction_player(
        "lg",
        "P2",
        "expulsion",
        actor=local("referee"),
        reason="two names",
        points="1",
        now=at(3, 20),
    )
    withdraw_player("lg", "P3", actor=ACTOR, reason="moved away", now=at(3, 20))
    close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    pair("lg", at(4, 8))
    assert listed("lg", 2) == ["P1", "P4", "P5", "P6", "P7", "P8"]
    close_period("lg", 2, actor=ACTOR, now=at(5, 4))
    pair("lg", at(5, 8))  # P2 served the stage: back only by registering again (R10)
    assert "P2" not in listed("lg", 3)
    assert "P3" not in listed("lg", 3)


# -- parameters and exchange ------------------------------------------------------------------


def test_parameters_are_the_engine_s_plus_the_season() -> None:
    events.create_event(
        "lg",
        PRESET,
        actor=ACTOR,
        parameters={"season_months": "6", "first_month": "2026-04", "match_points": "3,1,0,0"},
    )
    parameters = show_event("lg").parameters
    assert parameters["season_months"] == 6
    assert parameters["first_month"] == "2026-04"
    assert parameters["match_points"] == "3,1,0,0"
    assert parameters["top_multipliers"] == "2,4/3"
    with pytest.raises(ConfigError, match="unknown parameter 'colour'"):
        events.create_event("x", PRESET, actor=ACTOR, parameters={"colour": "w"})
    with pytest.raises(ConfigError, match="'first_month'"):
        events.create_event("x", PRESET, actor=ACTOR, parameters={"first_month": "April"})
    with pytest.raises(ConfigError, match="'season_months'"):
        events.create_event("x", PRESET, actor=ACTOR, parameters={"season_months": "0"})
    events.create_event("y", PRESET, actor=ACTOR)
    players.register_players("y", roster(3), actor=ACTOR)
    with pytest.raises(WrongState, match="needs at least 4"):
        events.start_event("y", actor=ACTOR)


def _picture(slug: str) -> tuple[object, ...]:
    facts = events.get_event_facts(slug)
    audit = [(a.version, a.at, a.actor, a.action, a.before, a.after) for a in get_audit_log(slug)]
    return (
        [t.to_json() for t in events.event_standings(slug)],
        [round_pairings(facts, r).to_json() for r in facts.rounds],
        show_event(slug).summary,
        audit,
    )


def test_json_export_import_gives_the_same_league() -> None:
    make_league(7, season_months="3")
    pair("lg", at(3, 8))
    report_match("lg", 1, 1, "UULD", at(3, 9))
    report_match("lg", 1, 5, "LLLU", at(3, 12))
    take_leave("lg", "P4", 2, actor=ACTOR, now=at(3, 20))
    sanction_player(
        "lg",
        "P6",
        "disinterest",
        actor=local("referee"),
        reason="silent",
        round_number=1,
        now=at(3, 30),
    )
    close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    players.register_players("lg", roster(1, prefix="N"), actor=ACTOR, now=at(4, 5))
    pair("lg", at(4, 8))
    report_match("lg", 2, 2, "DDUL", at(4, 9))
    standings, pairings, summary, audit = _picture("lg")
    document = json.loads(json.dumps(exchange.export_event_json("lg")))
    models.Event.objects.all().delete()
    assert exchange.import_event_json(document, actor=local("importer")) == "lg"
    new_standings, new_pairings, new_summary, new_audit = _picture("lg")
    assert (new_standings, new_pairings, new_summary) == (standings, pairings, summary)
    assert isinstance(new_audit, list)
    assert isinstance(audit, list)
    assert new_audit == audit
    with pytest.raises(WrongState, match="TRF-16 cannot carry"):
        exchange.export_event_trf("lg")
    assert exchange.export_event_games_csv("lg").startswith(
        "round,white,black,result,encounter\n1,P1,P2,1-0,R1B1"
    )


def test_no_show_and_forfeits_count_as_a_match_win_without_game_points() -> None:
    make_league(7)
    pair("lg", at(3, 8))
    first = rounds.show_round("lg", 1).encounters[0].games[0]
    assert (first.first, first.second) == ("P1", "P2")
    report_result(
        "lg", GameRef(1, 1), "+-", actor=local("P1"), now=at(3, 9)
    )  # P2 did not show (A11)
    report_result("lg", GameRef(1, 2), "--", actor=local("P1"), now=at(3, 9))  # nobody: unplayed
    month = lines("lg")
    assert month["P2"].points == 0
    # P1: a forfeit win (3), no games played: no bonus; x2 at position 1 (R36).
    assert month["P1"].points == 6
    assert month["P1"].values["games"] == 0
    assert events.get_event_facts("lg").rounds[0].encounters[0].games[0].result is (
        GameResult.FIRST_WINS_BY_FORFEIT
    )


# -- properties over one month, on facts held in memory ---------------------------------------


@st.composite
def months(draw: st.DrawFn) -> tuple[int, list[str]]:
    size = draw(st.integers(min_value=4, max_value=12))
    letters = st.text(alphabet="ULD", min_size=0, max_size=4)
    return size, draw(st.lists(letters, min_size=2 * size - 3, max_size=2 * size - 3))


def month_in_memory(size: int, letters: list[str]) -> EventFacts:
    """A started league with month 1 published as the adapter plans it and the games of each
    match reported as `letters` say (U: the upper player won, L: the lower, D: drawn)."""
    competitors = tuple(replace(c, number=n) for n, c in enumerate(roster(size), start=1))
    facts = EventFacts(
        slug="mem",
        name="mem",
        preset=PRESET,
        parameters={},
        seed=1,
        state=EventState.RUNNING,
        version=1,
        competitors=competitors,
    )
    return publish_in_memory(facts, letters)


def publish_in_memory(facts: EventFacts, letters: list[str]) -> EventFacts:
    """The next month published as the adapter plans it, its games reported from `letters`."""
    number = len(facts.rounds) + 1
    published = at(2 + number, 8)
    plan = part(PRESET, PAIRING).plan_next(facts, published)
    encounters: list[EncounterFact] = []
    for planned, played in zip(plan.encounters, letters, strict=True):
        assert planned.second is not None
        games: list[GameFact] = []
        for index, game in enumerate(planned.games, start=1):
            reports: tuple[ReportFact, ...] = ()
            if index <= len(played):
                text = result_text(game.first, planned.first, planned.second, played[index - 1])
                report = ReportFact(
                    ReportKind.REPORT, GameResult(text), Termination.NORMAL, "p", published, ""
                )
                reports = (report,)
            games.append(
                GameFact(
                    id=number * 1000 + planned.board * 10 + index,
                    stage=1,
                    group="",
                    round=number,
                    board=planned.board,
                    number=index,
                    encounter_id=number * 1000 + planned.board,
                    first=game.first,
                    second=game.second,
                    first_side=game.first_side,
                    reports=reports,
                )
            )
        encounters.append(
            EncounterFact(
                number * 1000 + planned.board,
                planned.board,
                planned.first,
                planned.second,
                planned.match_rule,
                None,
                tuple(games),
            )
        )
    month = RoundFact(1, "", number, published, tuple(encounters))
    return replace(facts, rounds=(*facts.rounds, month))


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(months())
def test_month_points_are_the_engine_s_for_the_reported_games(month: tuple[int, list[str]]) -> None:
    size, letters = month
    facts = month_in_memory(size, letters)
    ladder = found_ladder([c.id for c in facts.competitors])
    matches = compute_pairings(ladder)
    expected = compute_stage_points(
        ladder,
        [
            MatchResult.played(m, played)
            for m, played in zip(matches, letters, strict=True)
            if played
        ],
    )
    (running,) = part(PRESET, STANDINGS).compute_standings(facts)
    assert {line.competitor.id: line.points for line in running.lines} == {
        c: b.total for c, b in expected.items()
    }
    (closed,) = part(PRESET, STANDINGS).compute_standings(replace(facts, closed_periods=((1, 1),)))
    coefficients = [line.values["coefficient"] or F(0) for line in closed.lines]
    assert all(c > 0 for c in coefficients)
    assert coefficients == sorted(coefficients, reverse=True)  # R13
    for line in closed.lines:
        old = line.values["previous coefficient"]
        assert old is not None
        assert line.values["coefficient"] == (old + line.points / 10) / 2  # R12


def test_the_demo_plays_a_league_season_to_the_end() -> None:
    outcome = play_demo_event(PRESET, seed=2026)
    assert outcome.units == 3
    (table,) = outcome.standings
    assert table.title == "League list after month 3 (2026-03)"
    assert "league star" in table.lines[0].note
    assert show_event(outcome.slug).summary["finished"] is True


def test_a_published_month_keeps_its_list_when_an_earlier_month_changes() -> None:
    """Month 2 was published from month 1's end; if month 1's facts later gave another order
    (an old correction), month 2 keeps its published list and positions."""
    facts = replace(month_in_memory(5, ["LLLL", "", "", "", "", "", ""]), closed_periods=((1, 1),))
    facts = publish_in_memory(facts, ["UUUU"] + [""] * 6)
    published = listed_in_memory(facts, 2)
    assert published[:2] == ["P2", "P1"]  # P2 won month 1's only match 4-0
    month_one = facts.rounds[0]
    first = month_one.encounters[0]
    flipped = tuple(
        replace(g, reports=(replace(g.reports[0], result=_flip(g.reports[0].result)),))
        for g in first.games
    )
    changed = replace(
        month_one, encounters=(replace(first, games=flipped), *month_one.encounters[1:])
    )
    facts = replace(facts, rounds=(changed, facts.rounds[1]))
    history = derive_history(facts, league_event_parameters({}))
    assert list(history.months[1].stage.ladder.ids) == published
    (table,) = part(PRESET, STANDINGS).compute_standings(facts)
    assert [line.competitor.id for line in table.lines] == published


def listed_in_memory(facts: EventFacts, number: int) -> list[str]:
    order: list[str] = []
    for encounter in facts.rounds[number - 1].encounters:
        for competitor in (encounter.first, encounter.second):
            if competitor is not None and competitor not in order:
                order.append(competitor)
    return order


def _flip(result: GameResult | None) -> GameResult | None:
    """The other player's win (the test only flips decisive games)."""
    swapped = {GameResult.FIRST_WINS: GameResult.SECOND_WINS}
    return swapped.get(result, GameResult.FIRST_WINS) if result is not None else None
