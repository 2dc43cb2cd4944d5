"""The two result-framework extensions, on a test-only preset so that they are checked apart
from any real format: per-game result detail (stored beside the result, folded, audited,
exported) and games appended to an encounter while it runs (a best-of-3 whose third game is
added only when the first two are split)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from mashindano.app import events, exchange, rounds
from mashindano.app.errors import DuplicateReport, WrongState
from mashindano.app.formats import registry
from mashindano.app.formats.base import ParsedResult, PlannedEncounter, PlannedGame, PlannedLot
from mashindano.app.formats.parts import EXTRA_GAMES, RESULT_DETAILS
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
from mashindano.cli.main import app as cli_app
from mashindano.engine.errors import IllegalResult
from mashindano.engine.matches import BestOf, GamePoints
from mashindano.engine.model import GameResult, Side
from mashindano.presets.chess_round_robin.adapter import ChessRoundRobinAdapter
from mashindano.store import models
from mashindano.store.facts import (
    EncounterFact,
    EventFacts,
    GameFact,
    Json,
    ReportKind,
    ResultDetail,
    ResultStatus,
)

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db

PRESET = "test-best-of-3"
MATCH = GameRef(1, 1)


class BestOfThreeAdapter(ChessRoundRobinAdapter):
    """A round-robin whose encounters are best-of-3 matches: games 1 and 2 published with the
    round (sides swapped), game 3 only if they are split. A report may name the number of
    moves played as its detail: {"moves": "41"}."""

    preset = PRESET
    description = "test only: best-of-3 encounters with a move count as result detail"
    parts = (*ChessRoundRobinAdapter.parts, RESULT_DETAILS, EXTRA_GAMES)

    def pair_round(
        self, facts: EventFacts, round_number: int
    ) -> tuple[tuple[PlannedEncounter, ...], tuple[PlannedLot, ...]]:
        encounters, lots = super().pair_round(facts, round_number)
        return tuple(_best_of_three(e) for e in encounters), lots

    def parse_report(
        self,
        text: str,
        detail: ResultDetail | None,
        *,
        game: GameFact,
        parameters: Mapping[str, Json],
    ) -> ParsedResult:
        result = self.parse_result(text)
        if detail is None:
            return ParsedResult(result)
        moves = detail.get("moves")
        if set(detail) != {"moves"} or not isinstance(moves, str) or not moves.isdigit():
            raise IllegalResult(f"{game.label}: detail must be {{'moves': '<count>'}}")
        return ParsedResult(result, {"moves": moves})

    def plan_extra_games(
        self,
        parameters: Mapping[str, Json],
        encounter: EncounterFact,
        load_facts: Callable[[], EventFacts],
    ) -> tuple[PlannedGame, ...]:
        rule = BestOf(3)
        points = [_points_for(encounter, g) for g in encounter.games]
        if not rule.needs_another_game(points):
            return ()
        assert encounter.second is not None
        first_side = rule.first_side_of_game(len(points), a_moves_first=True)
        a, b = encounter.first, encounter.second
        first, second = (a, b) if first_side == "a" else (b, a)
        return (PlannedGame(first, second, Side.WHITE),)


def _best_of_three(encounter: PlannedEncounter) -> PlannedEncounter:
    if encounter.second is None:
        return encounter
    game = encounter.games[0]
    swapped = PlannedGame(game.second, game.first, Side.WHITE, game.decided, game.reason)
    return replace(encounter, match_rule="best-of-3", games=(game, swapped))


def _points_for(encounter: EncounterFact, game: GameFact) -> GamePoints:
    first_wins = game.result in (GameResult.FIRST_WINS, GameResult.FIRST_WINS_BY_FORFEIT)
    winner = game.first if first_wins else game.second
    return (Fraction(1), Fraction(0)) if winner == encounter.first else (Fraction(0), Fraction(1))


@pytest.fixture
def match() -> Iterator[str]:
    """A three-player best-of-3 event with its only round paired."""
    registry.register_adapter(BestOfThreeAdapter())  # a test-only preset, removed afterwards
    try:
        make_event("bo3", PRESET, 3)
        rounds.pair_next_round("bo3", actor=ACTOR, now=T0)
        yield "bo3"
    finally:
        registry.unregister_adapter(PRESET)


def _games(slug: str) -> tuple[GameFact, ...]:
    return events.get_event_facts(slug).rounds[0].encounters[0].games


# -- per-game detail ---------------------------------------------------------------------------


def test_a_report_keeps_its_detail_beside_the_result(match: str) -> None:
    change = report_result(
        match, MATCH, "1-0", actor=local("alice"), detail={"moves": "41"}, now=T0
    )
    assert change.game.detail == {"moves": "41"}
    stored = _games(match)[0]
    assert (stored.result, stored.detail) == (GameResult.FIRST_WINS, {"moves": "41"})
    assert stored.reports[-1].detail == {"moves": "41"}
    confirm_result(match, MATCH, actor=local("bob"), now=T0)
    assert _games(match)[0].detail == {"moves": "41"}, "a confirmation keeps the detail"
    assert get_audit_log(match)[-2].after == {
        "game": stored.label,
        "result": "1-0",
        "status": "reported",
        "detail": {"moves": "41"},
        "reason": "",
    }


def test_the_adapter_validates_the_detail(match: str) -> None:
    with pytest.raises(IllegalResult, match="detail must be"):
        report_result(match, MATCH, "1-0", actor=ACTOR, detail={"moves": "many"})
    assert _games(match)[0].status is ResultStatus.PENDING


def test_a_format_without_detail_refuses_one() -> None:
    make_event("rr", "chess-round-robin", 2)
    rounds.pair_next_round("rr", actor=ACTOR)
    with pytest.raises(IllegalResult, match="chess-round-robin records no detail"):
        report_result("rr", MATCH, "1-0", actor=ACTOR, detail={"moves": "30"})
    change = report_result("rr", MATCH, "1-0", actor=ACTOR)
    assert change.game.detail is None


def test_a_correction_may_change_only_the_detail_but_not_repeat_it(match: str) -> None:
    report_result(match, MATCH, "1-0", actor=ACTOR, detail={"moves": "41"})
    with pytest.raises(DuplicateReport, match="already 1-0"):
        correct_result(
            match, MATCH, "1-0", actor=local("arbiter"), detail={"moves": "41"}, reason="x"
        )
    change = correct_result(
        match, MATCH, "1-0", actor=local("arbiter"), detail={"moves": "43"}, reason="scoresheet"
    )
    assert (change.game.result, change.game.detail) == (GameResult.FIRST_WINS, {"moves": "43"})
    assert get_audit_log(match)[-1].before["detail"] == {"moves": "41"}  # type: ignore[index]


def test_a_ruling_replaces_the_disputed_detail(match: str) -> None:
    report_result(match, MATCH, "1-0", actor=ACTOR, detail={"moves": "41"})
    dispute_result(match, MATCH, actor=local("bob"), reason="it was 39 moves")
    assert _games(match)[0].detail == {"moves": "41"}, "a dispute keeps the reported detail"
    ruled = rule_result(match, MATCH, "1-0", actor=local("arbiter"), detail={"moves": "39"})
    assert ruled.game.detail == {"moves": "39"}
    assert [r.kind for r in ruled.game.reports] == [
        ReportKind.REPORT,
        ReportKind.DISPUTE,
        ReportKind.RULING,
    ]


def test_export_import_keeps_the_detail_and_accepts_documents_without_it(match: str) -> None:
    report_result(match, MATCH, "0-1", actor=ACTOR, detail={"moves": "27"})
    document = json.loads(json.dumps(exchange.export_event_json(match)))
    report = document["rounds"][0]["encounters"][0]["games"][0]["reports"][0]
    assert report["detail"] == {"moves": "27"}
    exchange.import_event_json(document, actor=ACTOR, slug="copy")
    assert _games("copy")[0].detail == {"moves": "27"}
    del report["detail"]  # a document written before detail existed
    exchange.import_event_json(document, actor=ACTOR, slug="older")
    assert _games("older")[0].detail is None
    assert _games("older")[0].result is GameResult.SECOND_WINS


# -- games added while the encounter runs ------------------------------------------------------


def test_split_games_add_a_third_with_the_sides_alternating(match: str) -> None:
    games = _games(match)
    assert [g.number for g in games] == [1, 2]
    a, b = games[0].first, games[0].second
    first = report_result(match, GameRef(1, 1, 1), "1-0", actor=ACTOR)
    assert first.added == (), "game 2 is still to play"
    version = events.get_event_facts(match).version
    second = report_result(match, GameRef(1, 1, 2), "1-0", actor=ACTOR)  # b wins game 2
    assert [(g.number, g.first, g.second) for g in second.added] == [(3, a, b)]
    assert second.added[0].status is ResultStatus.PENDING
    assert events.get_event_facts(match).version == version + 1, "one write, one audit entry"
    assert [g.number for g in _games(match)] == [1, 2, 3]
    entry = get_audit_log(match)[-1]
    assert entry.action == "result.report"
    assert entry.after["added_games"] == [  # type: ignore[index]
        {"game": 3, "first": a, "second": b, "first_side": "white", "result": "*"}
    ]
    with pytest.raises(WrongState, match=r"no result on board\(s\) 1"):
        rounds.pair_next_round(match, actor=ACTOR)
    third = report_result(match, GameRef(1, 1, 3), "0-1", actor=ACTOR)
    assert third.added == ()
    assert len(_games(match)) == 3


def test_a_match_won_in_two_games_gets_no_third(match: str) -> None:
    report_result(match, GameRef(1, 1, 1), "1-0", actor=ACTOR)
    change = report_result(match, GameRef(1, 1, 2), "0-1", actor=ACTOR)  # a wins both
    assert change.added == ()
    assert len(_games(match)) == 2
    assert "added_games" not in get_audit_log(match)[-1].after  # type: ignore[operator]


def test_a_game_is_added_once_however_the_log_goes_on(match: str) -> None:
    report_result(match, GameRef(1, 1, 1), "1-0", actor=ACTOR)
    report_result(match, GameRef(1, 1, 2), "1-0", actor=ACTOR)
    confirm_result(match, GameRef(1, 1, 2), actor=ACTOR)
    corrected = correct_result(
        match, GameRef(1, 1, 1), "0-1", actor=local("arbiter"), reason="sheet"
    )
    assert corrected.added == (), "game 3 is open, so nothing more is added"
    assert models.Game.objects.filter(encounter__round__stage__event__slug=match).count() == 3


def test_a_ruling_that_splits_the_games_adds_the_third(match: str) -> None:
    report_result(match, GameRef(1, 1, 1), "1-0", actor=ACTOR)
    report_result(match, GameRef(1, 1, 2), "0-1", actor=ACTOR)
    dispute_result(match, GameRef(1, 1, 2), actor=local("bob"), reason="I won")
    ruled = rule_result(match, GameRef(1, 1, 2), "1-0", actor=local("arbiter"), reason="bob won")
    assert [g.number for g in ruled.added] == [3]


def test_cli_takes_the_detail_as_json_and_shows_added_games(match: str) -> None:
    def run(*args: str, code: int = 0) -> str:
        outcome = CliRunner().invoke(cli_app, list(args))
        assert outcome.exit_code == code, (outcome.stdout, outcome.stderr)
        return outcome.stdout if code == 0 else outcome.stderr

    where = ("--round", "1", "--board", "1")
    assert "not JSON" in run("result", "report", match, "1-0", *where, "--detail", "{", code=3)
    assert "JSON object" in run("result", "report", match, "1-0", *where, "--detail", "[]", code=3)
    shown = json.loads(
        run("result", "report", match, "1-0", *where, "--detail", '{"moves": "41"}', "--json")
    )
    assert (shown["detail"], shown["added_games"]) == ({"moves": "41"}, [])
    split = json.loads(run("result", "report", match, "1-0", *where, "--game", "2", "--json"))
    assert [g["game"] for g in split["added_games"]] == [3]
    plain = run("result", "correct", match, "1-0", *where, "--detail", '{"moves": "40"}',
                "--reason", "recount")  # fmt: skip
    assert '{"moves": "40"}' in plain
