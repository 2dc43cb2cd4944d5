"""Players coming back to a `gomoku-league` event (R5, R9, R10, A27): the organiser's
acceptance is a recorded fact, counted like a registration of the month paired next (R4), and
the returning player is placed by their stored coefficient, not as a newcomer (R17).

Month 1 is March 2026, month 2 April, month 3 May. The removal threshold is raised to 0.600
so that a last player who plays nothing in month 1 (founding 1.000, now 0.500) is removed at
its end (R15).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from fractions import Fraction

import pytest

from mashindano.app import events, exchange, players, rounds
from mashindano.app.conduct import close_period, sanction_player, take_leave
from mashindano.app.documents.event import show_event
from mashindano.app.errors import Duplicate, OutOfWindow, UnknownPlayer, WrongState
from mashindano.app.principals import local
from mashindano.app.queries import get_audit_log
from mashindano.app.results import GameRef, report_result
from mashindano.engine.errors import ParseError
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.presets.gomoku_league.use_cases import accept_return
from mashindano.store import models

pytestmark = pytest.mark.django_db

PRESET = "gomoku-league"
ORGANISER = local("organiser")
F = Fraction


def at(month: int, day: int, hour: int = 10) -> datetime:
    return datetime(2026, month, day, hour, 0, tzinfo=UTC)


def roster(count: int, prefix: str = "P") -> list[Competitor]:
    return [
        Competitor(
            CompetitorId(f"{prefix}{n}"), f"{prefix}{n}", rating=2000 - 10 * n, games_played=500
        )
        for n in range(1, count + 1)
    ]


def make_league(slug: str = "lg", **parameters: str) -> str:
    settings = {"season_months": "4", "removal_threshold": "0.6", **parameters}
    events.create_event(slug, PRESET, actor=ORGANISER, parameters=settings, now=at(2, 20))
    players.register_players(slug, roster(7), actor=ORGANISER, now=at(2, 20))
    events.start_event(slug, actor=ORGANISER, now=at(2, 20))
    return slug


def listed(slug: str, month: int) -> list[str]:
    order: list[str] = []
    for encounter in rounds.show_round(slug, month).encounters:
        for competitor in (encounter.first, encounter.second):
            if competitor is not None and competitor not in order:
                order.append(competitor)
    return order


def play_month(slug: str, month: int, *, idle: tuple[str, ...] = ()) -> None:
    """Pair month `month` on its day 8; every match without an idle player is played: the
    upper player wins 2-1 with a draw."""
    published = rounds.pair_next_round(slug, actor=ORGANISER, now=at(2 + month, 8))
    for encounter in published.encounters:
        if encounter.first in idle or encounter.second in idle:
            continue
        for game, letter in zip(encounter.games, "UULD", strict=True):
            winner = encounter.first if letter == "U" else encounter.second
            text = "1/2-1/2" if letter == "D" else ("1-0" if game.first == winner else "0-1")
            where = GameRef(month, encounter.board, game.number)
            report_result(slug, where, text, actor=ORGANISER, now=at(2 + month, 10))


def close(slug: str, month: int) -> None:
    close_period(slug, month, actor=ORGANISER, now=at(3 + month, 3, 0))


def remove_p7_in_month_1(slug: str = "lg") -> None:
    """P7 plays nothing in month 1 (R15: 1.000 -> 0.500 < 0.600) and is absent in month 2."""
    make_league(slug)
    play_month(slug, 1, idle=("P7",))
    close(slug, 1)
    play_month(slug, 2)
    close(slug, 2)


def month_json(slug: str, month: int) -> dict[str, object]:
    months = show_event(slug).summary["months"]
    assert isinstance(months, list)
    found = months[month - 1]
    assert isinstance(found, dict)
    return found


def coefficients(slug: str, month: int) -> dict[str, Fraction]:
    entries = month_json(slug, month)["list"]
    assert isinstance(entries, list)
    return {e["player"]: Fraction(e["coefficient_exact"]) for e in entries}


# -- the return -------------------------------------------------------------------------------


def test_R9_R15_A27_removed_player_accepted_on_day_3_is_back_by_the_stored_coefficient() -> None:
    remove_p7_in_month_1()
    assert month_json("lg", 1)["removed"] == ["P7"]
    assert "P7" not in listed("lg", 2)
    accepted = accept_return(
        "lg", "P7", actor=ORGANISER, reason="active again on the site", now=at(5, 3)
    )
    assert (accepted.player, accepted.month_number, accepted.month) == ("P7", 3, "2026-05")
    assert accepted.coefficient == F(1, 2)  # R12: (1.000 + 0) / 2, kept since (A27)
    play_month("lg", 3)
    order = listed("lg", 3)
    assert "P7" in order
    assert len(order) == 7
    stored = coefficients("lg", 3)
    assert stored["P7"] == F(1, 2)
    # Placed by coefficient: the list stays sorted, P7 below everyone with a higher one.
    assert [stored[p] for p in order] == sorted(stored.values(), reverse=True)
    assert month_json("lg", 3)["returning"] == ["P7"]
    assert month_json("lg", 3)["newcomers"] == []
    # Paired like everyone (R18: positions +-1 and +-2) and ranked with the month's points.
    position = order.index("P7")
    opponents = {
        e.first if e.second == "P7" else e.second
        for e in rounds.show_round("lg", 3).encounters
        if "P7" in (e.first, e.second)
    }
    assert opponents == {p for k, p in enumerate(order) if 0 < abs(k - position) <= 2}
    (table,) = events.event_standings("lg")
    line = next(line for line in table.lines if line.competitor.id == "P7")
    assert line.note == "returning"
    assert line.points > 0  # P7 played their month 3 matches
    # History unchanged: month 1 still shows the removal, month 2 still runs without P7.
    assert month_json("lg", 1)["removed"] == ["P7"]
    assert "P7" not in listed("lg", 2)


def test_A27_R17_returning_player_keeps_the_stored_coefficient_unlike_a_newcomer() -> None:
    remove_p7_in_month_1()
    players.register_players("lg", roster(1, prefix="N"), actor=ORGANISER, now=at(5, 2))
    accept_return("lg", "P7", actor=ORGANISER, reason="asked nicely", now=at(5, 4))
    play_month("lg", 3)
    order = listed("lg", 3)
    stored = coefficients("lg", 3)
    # R16, R17: the newcomer sits just above the last two continuing players with the
    # coefficient read from the bottom of the list; P7 keeps 0.500 and goes by it.
    continuing = [p for p in order if p not in ("N1", "P7")]
    antepenultimate, penultimate, last = (stored[p] for p in continuing[-3:])
    one = F(1)
    newcomer = (
        one
        if penultimate < one and last < one and antepenultimate > one
        else (antepenultimate + penultimate) / 2
    )
    assert stored["N1"] == newcomer != stored["P7"] == F(1, 2)
    assert order.index("N1") == len(continuing) - 2
    assert order[-1] == "P7"
    assert month_json("lg", 3)["newcomers"] == ["N1"]
    assert month_json("lg", 3)["returning"] == ["P7"]


def test_R9_a_return_accepted_while_the_previous_month_runs_counts_once_it_closes() -> None:
    make_league()
    play_month("lg", 1, idle=("P7",))
    close("lg", 1)
    play_month("lg", 2)
    # 2 May: month 2 may still receive reports (R45), so it is open; P7 is not on its list.
    accepted = accept_return("lg", "P7", actor=ORGANISER, reason="back", now=at(5, 2))
    assert accepted.month_number == 3
    with pytest.raises(WrongState, match=r"'P6' is on the list of month 2 \(2026-04\)"):
        accept_return("lg", "P6", actor=ORGANISER, reason="back", now=at(5, 2))
    close("lg", 2)
    play_month("lg", 3)
    assert "P7" in listed("lg", 3)


def test_R10_a_player_back_from_a_served_suspension_returns_by_the_stored_coefficient() -> None:
    make_league()
    rounds.pair_next_round("lg", actor=ORGANISER, now=at(3, 8))  # nobody plays in month 1
    sanction_player(
        "lg", "P4", "disinterest", actor=local("referee"), reason="silent", now=at(3, 30)
    )
    close("lg", 1)
    suspensions = month_json("lg", 1)["suspensions"]
    assert isinstance(suspensions, list)
    assert [(s["player"], s["from"], s["stages"]) for s in suspensions] == [("P4", "2026-04", 1)]
    with pytest.raises(WrongState, match=r"'P4' is suspended until 2026-04 .* \(R10\)"):
        accept_return("lg", "P4", actor=ORGANISER, reason="sorry", now=at(4, 4))
    play_month("lg", 2)
    assert "P4" not in listed("lg", 2)
    close("lg", 2)
    stored = coefficients("lg", 1)["P4"] / 2  # R12: month 1 played nothing
    accepted = accept_return("lg", "P4", actor=ORGANISER, reason="served", now=at(5, 1))
    assert accepted.coefficient == stored
    play_month("lg", 3)
    assert "P4" in listed("lg", 3)
    assert coefficients("lg", 3)["P4"] == stored
    assert month_json("lg", 3)["returning"] == ["P4"]


# -- refusals ---------------------------------------------------------------------------------


def test_R5_a_player_in_the_list_or_on_leave_has_nothing_to_return_from() -> None:
    remove_p7_in_month_1()
    with pytest.raises(WrongState, match=r"'P1' is in the league's list .* \(R5\)"):
        accept_return("lg", "P1", actor=ORGANISER, reason="x", now=at(5, 3))
    take_leave("lg", "P2", 3, actor=ORGANISER, now=at(4, 20))
    play_month("lg", 3)
    close("lg", 3)
    with pytest.raises(WrongState, match=r"'P2' comes back from leave without registering"):
        accept_return("lg", "P2", actor=ORGANISER, reason="x", now=at(6, 3))


def test_R5_R17_a_first_time_entrant_is_a_newcomer_not_a_return() -> None:
    remove_p7_in_month_1()
    pending = Competitor(CompetitorId("Q"), "Q", games_played=500)
    players.register_players("lg", [pending], actor=ORGANISER, now=at(5, 2))
    with pytest.raises(WrongState, match=r"'Q' has never been on the league's list"):
        accept_return("lg", "Q", actor=ORGANISER, reason="x", now=at(5, 3))


def test_R4_a_return_outside_days_1_to_7_is_out_of_window() -> None:
    remove_p7_in_month_1()
    with pytest.raises(OutOfWindow) as refused:
        accept_return("lg", "P7", actor=ORGANISER, reason="late", now=at(5, 8, 0))
    assert str(refused.value) == (
        "return of 'P7' at 2026-05-08 00:00 UTC: it would count for month 3 (2026-05) of event "
        "'lg', whose registrations are accepted on days 1-7 of 2026-05 only, from "
        "2026-05-01 00:00 UTC until 2026-05-08 00:00 UTC (R4)"
    )
    accept_return("lg", "P7", actor=ORGANISER, reason="in time", now=at(5, 7, 23))


def test_R4_once_the_month_is_paired_a_return_is_for_the_next_one() -> None:
    remove_p7_in_month_1()
    rounds.pair_next_round("lg", actor=ORGANISER, now=at(5, 1))
    with pytest.raises(OutOfWindow, match=r"month 4 \(2026-06\).*month 3 \(2026-05\) is already"):
        accept_return("lg", "P7", actor=ORGANISER, reason="x", now=at(5, 3))


def test_R10_a_suspension_still_running_is_refused() -> None:
    make_league()
    rounds.pair_next_round("lg", actor=ORGANISER, now=at(3, 8))
    sanction_player(
        "lg",
        "P3",
        "expulsion",
        actor=local("referee"),
        reason="two names",
        points="2",
        now=at(3, 20),
    )
    sanction_player(
        "lg", "P5", "expulsion", actor=local("referee"), reason="cheating", now=at(3, 20)
    )
    close("lg", 1)
    play_month("lg", 2)
    close("lg", 2)
    with pytest.raises(WrongState, match=r"'P3' is suspended until 2026-05 .* \(R10\)"):
        accept_return("lg", "P3", actor=ORGANISER, reason="x", now=at(5, 3))
    with pytest.raises(WrongState, match=r"'P5' is excluded from the league for good \(R44"):
        accept_return("lg", "P5", actor=ORGANISER, reason="x", now=at(5, 3))


def test_unknown_player_wrong_preset_blank_reason_and_event_state_are_refused() -> None:
    remove_p7_in_month_1()
    with pytest.raises(UnknownPlayer, match="has no player 'P77'"):
        accept_return("lg", "P77", actor=ORGANISER, reason="x", now=at(5, 3))
    with pytest.raises(ParseError, match="needs a reason"):
        accept_return("lg", "P7", actor=ORGANISER, reason="  ", now=at(5, 3))
    events.create_event("open", "chess-swiss", actor=ORGANISER, now=at(5, 1))
    with pytest.raises(WrongState, match="uses preset 'chess-swiss'; only 'gomoku-league'"):
        accept_return("open", "P7", actor=ORGANISER, reason="x", now=at(5, 3))
    events.create_event("new", PRESET, actor=ORGANISER, now=at(5, 1))
    players.register_players("new", roster(4), actor=ORGANISER, now=at(5, 1))
    with pytest.raises(WrongState, match="is registration; players return only while"):
        accept_return("new", "P1", actor=ORGANISER, reason="x", now=at(5, 3))
    assert not models.ArbiterOverride.objects.exists()


def test_a_second_acceptance_for_the_same_month_is_a_duplicate() -> None:
    remove_p7_in_month_1()
    accept_return("lg", "P7", actor=local("chief"), reason="first", now=at(5, 3))
    with pytest.raises(Duplicate) as refused:
        accept_return("lg", "P7", actor=ORGANISER, reason="again", now=at(5, 5))
    assert str(refused.value) == (
        "'P7' was already accepted back for month 3 (2026-05) of event 'lg' at "
        "2026-05-03 10:00 UTC by 'chief'"
    )
    assert models.ArbiterOverride.objects.count() == 1


# -- the record -------------------------------------------------------------------------------


def test_R9_the_acceptance_is_a_fact_with_an_audit_entry() -> None:
    remove_p7_in_month_1()
    accept_return("lg", "P7", actor=local("chief"), reason="good record", now=at(5, 3))
    (override,) = models.ArbiterOverride.objects.all()
    assert (override.subject, override.value, override.actor, override.reason) == (
        "gomoku-return",
        {"player": "P7"},
        "chief",
        "good record",
    )
    assert override.at == at(5, 3)
    entry = get_audit_log("lg")[-1]
    assert (entry.action, entry.actor, entry.at) == ("gomoku.return", "chief", at(5, 3))
    assert entry.after == {
        "subject": "gomoku-return",
        "player": "P7",
        "month": 3,
        "calendar_month": "2026-05",
        "coefficient": "1/2",
        "reason": "good record",
    }


def test_R9_json_export_and_import_keep_the_return() -> None:
    remove_p7_in_month_1()
    accept_return("lg", "P7", actor=ORGANISER, reason="back", now=at(5, 3))
    play_month("lg", 3)
    before = (listed("lg", 3), show_event("lg").summary)
    document = json.loads(json.dumps(exchange.export_event_json("lg")))
    models.Event.objects.all().delete()
    assert exchange.import_event_json(document, actor=local("importer")) == "lg"
    assert (listed("lg", 3), show_event("lg").summary) == before
    assert "P7" in before[0]
