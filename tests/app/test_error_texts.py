"""`shown(error)`: an engine or file error in the reader's language; in English exactly the
engine's message (a template that does not give it back is never used)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from django.utils import translation

import mashindano
from mashindano.app.error_texts import TEMPLATES, end_shown, shown, template_of
from mashindano.engine import sheets
from mashindano.engine.agreed_times import (
    Answer,
    AnswerKind,
    MatchTimes,
    Proposal,
    check_answer,
    check_proposal,
    match_times,
)
from mashindano.engine.bao.moves import (
    REASON_FRONT_ROW_EMPTY,
    REASON_NEVER_ENDING,
    REASON_NO_LEGAL_MOVE,
    End,
)
from mashindano.engine.bao.notation import parse_move, parse_move_text
from mashindano.engine.bao.position import NORTH, SOUTH, standard_position
from mashindano.engine.bao.render import describe_end
from mashindano.engine.errors import (
    ConfigError,
    IllegalResult,
    MashindanoError,
    NoValidPairing,
    ParseError,
)
from mashindano.engine.gomoku.challenges import check_challenge
from mashindano.engine.gomoku.leaves import LeaveRequest, check_leave, decide_leaves
from mashindano.engine.gomoku.months import Month
from mashindano.engine.gomoku.newcomers import Membership, Registration, check_registration
from mashindano.engine.kiba.seeding import check_player_count
from mashindano.engine.knockout.result_forms import StatusOption
from mashindano.engine.knockout.tantrix import validate_game_tps
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.pairing.simple_swiss import ChessSwissParameters, check_swiss_rounds
from mashindano.engine.schedules import deal_groups, group_count_for, round_robin_schedule
from mashindano.engine.tasaselo.entries import check_rounds, number_players
from mashindano.engine.tasaselo.parameters import check_k_factor
from mashindano.engine.teams import colours as team_colours
from mashindano.engine.teams import pairing as team_swiss
from mashindano.engine.teams.round_robin import team_round_robin
from mashindano.engine.timestamps import require_aware
from mashindano.interchange.players_csv import read_players_csv
from mashindano.interchange.trf_read import parse_trf


def _raised(call: Callable[[], object]) -> MashindanoError:
    with pytest.raises(MashindanoError) as caught:
        call()
    return caught.value


def _samples() -> list[MashindanoError]:
    bye = SimpleNamespace(round=2, competitor="Asha")
    start = standard_position()
    found: list[MashindanoError] = [
        sheets._unknown_competitor("Zawadi", 3),
        sheets._bad_round("Asha", 0),
        sheets._paired_twice("Asha", 2),
        IllegalResult(
            "competitor 'Asha' is listed twice", code="duplicate_competitor", competitor="Asha"
        ),
        IllegalResult(
            "round 4: encounter m1 is between Asha and Baraka, not Asha and Chiku",
            code="encounter_mismatch",
            round=4,
            encounter="m1",
            competitor="Asha",
        ),
        NoValidPairing(
            "no complete pairing: Asha, Baraka cannot meet anyone (all possible opponents "
            "already met, forbidden, or same absolute colour preference)",
            players=["Asha", "Baraka"],
        ),
        NoValidPairing(
            "no complete pairing: the number of players is odd and nobody may receive "
            "the pairing-allocated bye (all had one or a win without playing)",
            players=["Asha"],
        ),
        NoValidPairing(
            "no complete pairing satisfies C1-C3 (rematches, bye eligibility, absolute "
            "colour preferences) for all players",
            players=["Asha"],
        ),
        NoValidPairing("round 8 is beyond the tournament's 7 rounds", round=8, total_rounds=7),
        NoValidPairing(
            "round 2: only Asha can be paired; a round needs two players",
            round=2,
            players=["Asha"],
        ),
        NoValidPairing(
            "round 2: no opponent left for Asha, Baraka (forbidden pairs)",
            round=2,
            players=["Asha", "Baraka"],
        ),
        _raised(lambda: parse_move_text("  ")),
        _raised(lambda: parse_move_text("Z9!")),
        _raised(lambda: parse_move_text("A9<")),
        _raised(lambda: parse_move(start, "a3<")),
        _raised(lambda: parse_move(start, "A1>")),
        ParseError("A6<: the game is over", code="bao_game_over", text="A6<"),
        IllegalResult("A6<: the game is over", code="bao_game_over", move="A6<"),
        ParseError(
            "A6: name the row (A or B for South, a or b for North); only namua moves may leave "
            "it out",
            code="bao_move_row",
            text="A6",
        ),
        ParseError(
            "A6: give the direction (< or >); legal from A6: A6<, A6>",
            code="bao_move_ambiguous",
            text="A6",
            legal=["A6<", "A6>"],
        ),
        ParseError(
            "A6<: A6< is not legal here; legal from A6: A6>",
            code="bao_move_illegal",
            text="A6<",
            legal=["A6>"],
        ),
        ParseError(
            "A6<: the marks do not match the move, which is written A6<*",
            code="bao_move_marks",
            text="A6<",
            canonical="A6<*",
        ),
        IllegalResult(
            "A6< is not legal here; legal from A6: A6>",
            code="bao_illegal_move",
            move="A6<",
            legal=["A6>"],
        ),
        IllegalResult(
            "A6< is not legal here; no legal move starts at A6 (legal: none)",
            code="bao_illegal_move",
            move="A6<",
            legal=[],
        ),
        _raised(lambda: check_k_factor(7)),
        _raised(lambda: check_swiss_rounds(6, 9)),
        _raised(lambda: check_swiss_rounds(1, 1)),
        _raised(lambda: ChessSwissParameters(swiss_rounds=0)),
        _raised(lambda: ChessSwissParameters(swiss_bye_points=Fraction(2))),
        _raised(lambda: ChessSwissParameters(points="lots")),  # type: ignore[arg-type]
        _raised(lambda: ChessSwissParameters(random_seed="x")),  # type: ignore[arg-type]
        _raised(lambda: parse_trf("", source="t.trf", require_players=True)),
        _raised(lambda: parse_trf("012 Cup\n", source="t.trf", require_players=True)),
        # issue 28 item 1: what only informs (an odd date, a second 012) is a warning now.
        _raised(lambda: parse_trf("xxr 5\n", source="t.trf")),
        _raised(lambda: parse_trf("XXZ 1\t2\n", source="t.trf")),
        _raised(lambda: parse_trf("162  W 1.0\n162  W 1.0\n", source="t.trf")),
        _raised(lambda: parse_trf("XXR many\n", source="t.trf")),
        _raised(lambda: parse_trf("013 Team A\n", source="t.trf")),
        _raised(lambda: read_players_csv('name\n"Asha\n', source="p.csv")),
        _raised(lambda: read_players_csv("name,rating\nAsha,1,2,3\n", source="p.csv")),
    ]
    found += _match_time_samples() + _league_samples() + _entry_and_pairing_samples()
    found += _tantrix_samples()
    found += [
        sheets._bye_clash(bye, "has two byes"),
        sheets._bye_clash(bye, "has a bye and a game"),
    ]  # type: ignore[arg-type]
    return found


_ASHA, _BARAKA, _CHIKU = CompetitorId("Asha"), CompetitorId("Baraka"), CompetitorId("Chiku")
_PAIR = (_ASHA, _BARAKA)
_T0 = datetime(2026, 12, 10, 12, tzinfo=UTC)


def _times_after(*facts: Proposal | Answer) -> MatchTimes:
    return match_times(facts, _PAIR, _T0 + timedelta(hours=1), timedelta(hours=48))


def _match_time_samples() -> list[MashindanoError]:
    """Agreed match times (engine/agreed_times.py): every refusal of a proposal or answer."""
    none = _times_after()
    later = _T0 + timedelta(days=1)
    waiting = _times_after(Proposal(_ASHA, _T0, (later,)))
    now = _T0 + timedelta(hours=1)

    def propose(times: MatchTimes, by: CompetitorId, *at: datetime) -> Callable[[], object]:
        return lambda: check_proposal(times, _PAIR, Proposal(by, now, at))

    def answer(state: MatchTimes, given: Answer) -> Callable[[], object]:
        return lambda: check_answer(state, given)

    return [
        _raised(lambda: require_aware(datetime(2026, 3, 1, 10), "parameter 'start'")),
        _raised(lambda: require_aware(datetime(2026, 3, 1, 10), "proposal time")),
        _raised(propose(none, _CHIKU, later)),
        _raised(propose(none, _ASHA, _T0)),
        _raised(propose(none, _ASHA)),
        _raised(propose(waiting, _ASHA, later)),
        _raised(propose(waiting, _BARAKA, later)),
        _raised(answer(none, Answer(_BARAKA, now, AnswerKind.DECLINE))),
        _raised(answer(waiting, Answer(_ASHA, now, AnswerKind.DECLINE))),
        _raised(answer(waiting, Answer(_BARAKA, _T0 - timedelta(hours=1), AnswerKind.DECLINE))),
        _raised(answer(waiting, Answer(_BARAKA, now, AnswerKind.ACCEPT))),
        _raised(
            answer(
                waiting, Answer(_BARAKA, now, AnswerKind.ACCEPT, time=later + timedelta(hours=1))
            )
        ),
        _raised(
            answer(
                waiting, Answer(_BARAKA, later + timedelta(hours=1), AnswerKind.ACCEPT, time=later)
            )
        ),
        _raised(answer(waiting, Answer(_BARAKA, now, AnswerKind.COUNTER, times=(_T0,)))),
        _raised(answer(waiting, Answer(_BARAKA, now, AnswerKind.COUNTER))),
    ]


def _league_samples() -> list[MashindanoError]:
    """Gomoku league: challenges (R43) and leaves (R48-R50)."""
    month = Month(2026, 12)
    on_day_20 = datetime(2026, 12, 20, 12, tzinfo=UTC)
    rejected = decide_leaves(
        [LeaveRequest(_CHIKU, month, _T0 - timedelta(days=30))], {}, members=frozenset({_ASHA})
    ).rejected
    assert rejected, "a leave of a player not on the list is refused"
    asha = Competitor(_ASHA, "Asha")

    def register(membership: Membership, **kw: Any) -> Callable[[], object]:
        received = kw.pop("at", datetime(2026, 12, 2, tzinfo=UTC))
        return lambda: check_registration(Registration(asha, received, **kw), month, membership)

    return [
        _raised(register(Membership.NEW, at=_T0)),
        _raised(register(Membership.CONTINUING)),
        _raised(register(Membership.SUSPENDED)),
        _raised(register(Membership.REMOVED, accepted_by_organiser=False)),
        _raised(register(Membership.NEW)),
        _raised(register(Membership.NEW, site_games=12)),
        IllegalResult("Asha is already entered for 2026-12", code="already_entered"),
        _raised(lambda: check_challenge(month, _T0, _BARAKA, shows_disinterest=True)),
        _raised(lambda: check_challenge(month, on_day_20, _BARAKA, shows_disinterest=False)),
        _raised(lambda: check_leave(LeaveRequest(_ASHA, month, _T0), [])),
        _raised(lambda: check_leave(LeaveRequest(_ASHA, month, _T0 - timedelta(days=30)), [month])),
        _raised(
            lambda: check_leave(
                LeaveRequest(_ASHA, month, _T0 - timedelta(days=30)),
                [Month(2026, 1), Month(2026, 2), Month(2026, 3)],
            )
        ),
        IllegalResult(rejected[0].message, code=rejected[0].code, competitor=_CHIKU),
    ]


def _entry_and_pairing_samples() -> list[MashindanoError]:
    """Entries, schedules and pairings of Tasaselo, round-robins and KIBA: what an organiser's
    start, pairing or series step can be refused with (built as the engine builds them where
    a call is short, copied from the engine's message otherwise)."""
    six = [Competitor(CompetitorId(f"p{n}"), f"P{n}", rating=1000 + n) for n in range(6)]
    unrated = [*six[:5], Competitor(CompetitorId("p9"), "P9")]
    return [
        _raised(lambda: check_rounds(16)),
        _raised(lambda: number_players(six[:1])),
        _raised(lambda: number_players(unrated)),
        ConfigError(
            "a Tasaselo tournament has at most 200 players (R3); 'p7' would be one more",
            code="player_count",
            competitor="p7",
        ),
        _raised(lambda: check_player_count(2)),
        ConfigError(
            "at most 10 players may join after the start (R4); 'p7' would be one more",
            code="late_entries",
            competitor="p7",
        ),
        ConfigError(
            "the reserve player must come from the lower half by selo (R26): 'p1' is no. 2 of 6",
            code="reserve_not_lower_half",
            competitor="p1",
            number=2,
        ),
        ConfigError("all 7 rounds have been paired", code="event_finished", round=8),
        NoValidPairing(
            "round 5: the 8 players cannot all be paired without a rematch",
            code="rematch_unavoidable",
            round=5,
            players=[],
        ),
        NoValidPairing(
            "round 5: the 8 players cannot all be paired without a rematch (p1 has met everybody)",
            code="rematch_unavoidable",
            round=5,
            players=["p1"],
        ),
        NoValidPairing(
            "round 5: the 8 players cannot all be paired without a rematch (p1, p2 have met "
            "everybody)",
            code="rematch_unavoidable",
            round=5,
            players=["p1", "p2"],
        ),
        NoValidPairing(
            "round 3: the 6 players cannot all be paired while the forbidden pairs p1–p2, "
            "p3–p4 are kept apart",
            code="forbidden_pair_unavoidable",
            round=3,
        ),
        NoValidPairing(
            "round 3: the 6 players cannot all be paired while the forbidden pairs p1–p2 are "
            "kept apart (p1 may meet nobody left: already met or forbidden)",
            code="forbidden_pair_unavoidable",
            round=3,
        ),
        NoValidPairing(
            "round 2: 7 players cannot all be paired: a ghost or the reserve is needed (R26, R27)",
            code="odd_field",
            round=2,
        ),
        NoValidPairing(
            "round 2: 6 players and the ghost cannot all be paired: a ghost or the reserve is "
            "needed (R26, R27)",
            code="odd_field",
            round=2,
        ),
        NoValidPairing(
            "round 4: the colour rules (R21, A6) leave no complete pairing; pair the round "
            "again regardless of colours (R20)",
            code="colours_unresolvable",
            round=4,
        ),
        NoValidPairing(
            "round 1: with 4 places every pairing of the first 4 is 1–2 or 1–6",
            code="no_legal_draw",
            round=1,
        ),
        NoValidPairing(
            "round 3: 1 player(s) available, nobody to pair",
            code="too_few_players",
            round=3,
            players=1,
        ),
        _raised(lambda: round_robin_schedule(1)),
        _raised(lambda: round_robin_schedule(4, cycles=3)),
        _raised(lambda: group_count_for(0)),
        _raised(lambda: group_count_for(6, max_group_size=0)),
        _raised(lambda: deal_groups(six, 0)),
        _raised(lambda: deal_groups(six, 7)),
        ConfigError(
            "7 players cannot be dealt into 9 groups",
            code="bad_group_count",
            players=7,
            group_count=9,
        ),
        ConfigError(
            "7 players in 2 groups leave a group with 3 players; every group needs at least 4 "
            "(R11)",
            code="group_too_small",
        ),
        ConfigError(
            "the master group needs 8 players, the championship has 5",
            code="too_few_players",
        ),
        ConfigError("group B still has games without a result", code="group_unfinished"),
        MashindanoError(
            "group A: Asha, Baraka are tied after points, wins; the director must arrange a "
            "playoff and record its result",
            code="playoff_needed",
            group="A",
        ),
        ConfigError(
            "group A: a playoff result was given but 'playoff' is not in the tie-break order "
            "(points, wins)",
            code="playoff_not_configured",
        ),
        ConfigError(
            "player 'Asha' has played 12 games but has no Elo rating",
            code="missing_rating",
            competitor="p1",
            games=12,
        ),
        ConfigError("no entry time for player 'Asha'", code="missing_entry", competitor="p1"),
        ConfigError("player 'Asha' is entered twice", code="duplicate_player", competitor="p1"),
        ConfigError(
            "players Asha, Baraka are tied on category, KIBA score (1500) and entry; the "
            "director must draw lots and record them (no lot for Baraka)",
            code="lots_needed",
        ),
        ConfigError("lots name players who did not enter: Zawadi", code="unknown_player"),
        MashindanoError(
            "countries TZ, KE are tied for a place in the countries event; the director must "
            "decide their order",
            code="decision_needed",
        ),
        MashindanoError(
            "Asha, Baraka are tied for the last master group place; the director must decide "
            "their order",
            code="decision_needed",
        ),
        ConfigError(
            "the countries event needs 4 countries with at least 3 players, found 2",
            code="too_few_countries",
        ),
        ConfigError("a championship series has 4 tournaments, got 5", code="too_many_tournaments"),
    ]


def _tantrix_samples() -> list[MashindanoError]:
    _rules = team_swiss.TeamSwissRules(rounds=5)
    _late = team_swiss.TeamRoundRecord(
        3, team_swiss.RoundKind.PLAYED, Fraction(2), Fraction(3), opponent=2
    )
    """Tantrix knockout: a game's TPs and a player's result form (R5, R16-R19)."""

    def form_error(message: str) -> IllegalResult:
        return IllegalResult(message, game=3)

    return [
        _raised(lambda: validate_game_tps((Fraction(-1), Fraction(21)), game=2)),
        _raised(lambda: validate_game_tps((Fraction(10), Fraction(5)), game=2)),
        form_error("game 3: TPs 12-8 do not match the result (a draw is 10 each)"),
        form_error(
            "game 3: TPs 8-12 do not match the result (A won, so A must have more TPs than B "
            "before penalties)"
        ),
        form_error(
            "game 3: TPs 12-8 do not match the result (B won, so B must have more TPs than A "
            "before penalties)"
        ),
        form_error(
            "game 3: the last standard game (game 3) and every tiebreak game need a status "
            "1-8, got N"
        ),
        form_error(
            "game 2: only the last standard game (game 3) and tiebreak games take a status; "
            "this game's answer is N, got 1 (NORMAL)"
        ),
        form_error(
            'game 3: option 3 (TLATER) needs the answer to "When will you finish your match?"'
        ),
        _raised(lambda: StatusOption.parse("later")),
        # Team events (engine/teams/).
        _raised(lambda: team_colours.board_colours(0)),
        _raised(lambda: team_colours.board_colours(2, "WWB")),
        _raised(lambda: team_swiss.pair_team_swiss_round([team_swiss.TeamEntry(1)], 1, _rules)),
        _raised(
            lambda: team_swiss.pair_team_swiss_round(
                [team_swiss.TeamEntry(1), team_swiss.TeamEntry(1)], 1, _rules
            )
        ),
        _raised(
            lambda: team_swiss.pair_team_swiss_round(
                [team_swiss.TeamEntry(1, (_late,)), team_swiss.TeamEntry(2)], 2, _rules
            )
        ),
        _raised(lambda: team_round_robin(4, 2).rounds[0].matches[0].colour_of(1, 3)),
    ]


SAMPLES = _samples()


def test_the_samples_cover_every_code_in_the_table() -> None:
    assert set(TEMPLATES) <= {e.code for e in SAMPLES} | {"bye_clash", "parse_error"}


@pytest.mark.parametrize("error", SAMPLES, ids=lambda e: f"{e.code}:{str(e)[:30]}")
def test_in_english_shown_is_the_engine_message(error: MashindanoError) -> None:
    with translation.override("en"):
        assert shown(error) == str(error)


@pytest.mark.parametrize("error", SAMPLES, ids=lambda e: f"{e.code}:{str(e)[:30]}")
def test_a_template_gives_back_every_sample(error: MashindanoError) -> None:
    """Not shown in English by accident: a template of the code gives the message back (a
    file line's detail is looked up in `_LINE_DETAILS` instead)."""
    by_line = isinstance(error, ParseError) and "line" in error.params
    assert by_line or template_of(error) is not None


# Templates added after the last translation round (their msgids are not in the catalogs yet):
# each sample fails strictly until the translations arrive; then drop the code from this set.
_AWAITING_TRANSLATION: set[str] = set()


def _translated(error: MashindanoError) -> object:
    if error.code not in _AWAITING_TRANSLATION:
        return error
    mark = pytest.mark.xfail(strict=True, reason="awaiting its translation in sw")
    return pytest.param(error, marks=mark)


@pytest.mark.parametrize(
    "error", [_translated(e) for e in SAMPLES], ids=lambda e: f"{e.code}:{str(e)[:30]}"
)
def test_every_sample_is_translated(error: MashindanoError) -> None:
    with translation.override("sw"):
        assert shown(error) != str(error) or str(error) in {"empty move"}


def test_values_stay_in_place() -> None:
    error = _raised(lambda: parse_trf("162  W 1.0\n162  W 1.0\n", source="t.trf"))
    with translation.override("fa"):
        text = shown(error)
    assert text == "t.trf، سطر 2: رکورد 162 دوم (اولی در سطر 1 است)"


def test_an_error_no_template_gives_back_stays_english() -> None:
    odd = IllegalResult("round 2: Asha has a bye and a meal", code="bye_clash", round=2)
    config = ConfigError("something unusual", code="k_factor_out_of_range")
    with translation.override("fa"):
        assert shown(odd) == str(odd)
        assert shown(config) == str(config)


# -- a Bao game's end ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("end", "english"),
    [
        (End(SOUTH, REASON_NO_LEGAL_MOVE), "South wins: the opponent has no legal move"),
        (End(NORTH, REASON_FRONT_ROW_EMPTY), "North wins: the opponent's front row is empty"),
        (
            End(SOUTH, REASON_FRONT_ROW_EMPTY, 1),
            "South wins: the opponent's front row is empty (1 captured seed left unsown)",
        ),
        (
            End(NORTH, REASON_FRONT_ROW_EMPTY, 3),
            "North wins: the opponent's front row is empty (3 captured seeds left unsown)",
        ),
        (End(NORTH, REASON_NEVER_ENDING), "North wins: the opponent's move never ends"),
        (End(None, REASON_NEVER_ENDING), "no winner: a move never ends"),
        (End(SOUTH, "odd_reason"), "South wins: odd_reason"),
    ],
)
def test_a_bao_end_in_english(end: End, english: str) -> None:
    with translation.override("en"):
        assert end_shown(end) == english


def test_a_bao_end_names_the_winner_when_names_are_given() -> None:
    with translation.override("en"):
        assert end_shown(End(NORTH, REASON_NO_LEGAL_MOVE), ("Asha", "Baraka")) == (
            "Baraka wins: the opponent has no legal move"
        )


def test_a_bao_end_in_the_readers_language() -> None:
    """The mail reply's "The game is over: {end}." no longer carries English in sw."""
    end = End(SOUTH, REASON_NO_LEGAL_MOVE)
    with translation.override("sw"):
        assert end_shown(end) == "Kusini ameshinda: mpinzani hana hatua halali"
        assert describe_end(end) not in end_shown(end)


# -- every code the engine and the readers raise ---------------------------------------------------

# Codes no template covers, and why no user sees them (so a new code needs a decision).
_NOT_SHOWN_TO_USERS = {
    "bad_draw_order": "the Swiss draw order is computed by the app from the entries",
    "no_such_number": "schedule lookups by the app, within the schedule it built",
    "no_such_round": "schedule lookups by the app, within the schedule it built",
    "forbidden_pair": "hand-entered round-1 pairs, which the Tasaselo preset refuses itself",
    "forbidden_first_round_pair": "hand-entered round-1 pairs, as forbidden_pair",
    "move_after_deadline": "kiba_bao/clocks.py reads the clock up to the late move instead",
    "no_winner": "the KIBA simulation (command line, in English)",
    "bao_record": "Bao game records are read by the command line (in English)",
    "bao_record_ply": "Bao game records are read by the command line (in English)",
    "bao_position": "Bao positions are read by the command line (in English)",
    "bao_side": "Bao positions are read by the command line (in English)",
}


def _raised_codes() -> dict[str, str]:
    """Each `code="..."` given to an error in engine/ and interchange/, with where."""
    found: dict[str, str] = {}
    package = Path(mashindano.__file__).parent
    for root in ("engine", "interchange"):
        for path in sorted((package / root).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                for keyword in node.keywords:
                    value = keyword.value
                    if keyword.arg == "code" and isinstance(value, ast.Constant):
                        found.setdefault(str(value.value), f"{path.name}:{node.lineno}")
    return found


def test_every_engine_code_has_a_template_or_is_not_shown() -> None:
    codes = _raised_codes()
    assert "challenge_window" in codes  # the scan finds the engine's codes
    missing = {
        code: where
        for code, where in codes.items()
        if code not in TEMPLATES and code not in _NOT_SHOWN_TO_USERS
    }
    assert not missing, f"no template (app/error_texts.py) for {missing}"
    assert set(_NOT_SHOWN_TO_USERS) <= set(codes), "a code listed as not shown is gone"
