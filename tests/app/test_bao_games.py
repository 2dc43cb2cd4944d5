"""Bao played on the site (issue 19, items 2 and 5): moves as facts validated by the engine,
only the player on move, one move per ply, the board's end recorded as the result."""

from __future__ import annotations

import json
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from mashindano.app import events, people, players, rounds
from mashindano.app.errors import DuplicateReport, NotAllowed, WrongState
from mashindano.app.principals import Principal
from mashindano.app.queries import get_audit_log
from mashindano.app.results import GameRef, report_result
from mashindano.engine.bao import (
    DEFAULT_PARAMETERS,
    parameters_to_mapping,
    replay_moves,
    standard_position,
)
from mashindano.engine.errors import IllegalResult, ParseError
from mashindano.engine.model import Competitor, CompetitorId, GameResult
from mashindano.presets.kiba_bao.games import load_bao_game, play_move, resign_game
from mashindano.store import models
from mashindano.store.facts import ResultStatus

from .helpers import ACTOR, T0, start_cli

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2].parent / "shared" / "fixtures" / "bao"
MINUTE = timedelta(minutes=1)


def _default_games() -> list[dict[str, object]]:
    path = FIXTURES / "oracle-kiswahili-games.jsonl"
    if not path.is_file():
        pytest.fail(f"missing the Bao game records: {path} (shared/fixtures/bao beside the repo)")
    wanted = parameters_to_mapping(DEFAULT_PARAMETERS)
    found = []
    for line in path.read_text().splitlines():
        record = json.loads(line)
        if record["initial"] == "standard" and record["parameters"] == wanted:
            found.append(record)
    assert found, f"{path} holds no game under the default rules"
    return found


def _event(slug: str = "bao", when: datetime = T0, **parameters: str) -> GameRef:
    roster = [
        Competitor(CompetitorId(f"K{n}"), f"K{n}", rating=2000, games_played=100 - n)
        for n in range(1, 7)
    ]
    events.create_event(slug, "kiba-bao", actor=ACTOR, parameters=parameters, seed=5, now=when)
    players.register_players(slug, roster, actor=ACTOR, now=when)
    events.start_event(slug, actor=ACTOR, now=when)
    published = rounds.pair_next_round(slug, actor=ACTOR, now=when)
    first = published.encounters[0]
    return GameRef(published.number, first.board, 1)


def _player(slug: str, key: str) -> Principal:
    user = User.objects.create_user(f"user-{key}", f"{key}@example.org", "pw")
    people.link_entry(slug, key, user.username, actor=ACTOR, now=T0)
    principal = people.principal_for_user(user)
    assert principal is not None
    return principal


def test_a_whole_recorded_game_played_move_by_move_ends_with_its_winner() -> None:
    record = _default_games()[0]
    where = _event()
    game = load_bao_game("bao", where, now=T0)
    by_side = {game.south: _player("bao", game.south), game.north: _player("bao", game.north)}
    moves = [str(m) for m in record["moves"]]  # type: ignore[attr-defined]
    expected = replay_moves(standard_position(), moves, DEFAULT_PARAMETERS).positions
    when = T0
    for ply, move in enumerate(moves, start=1):
        when += MINUTE
        mover = load_bao_game("bao", where, now=when).to_move
        assert mover is not None
        played = play_move("bao", where, move, actor=by_side[mover], ply=ply, now=when)
        assert played.notation == move
        assert played.game.position == expected[ply]
    assert played.ended is not None
    final = load_bao_game("bao", where, now=when)
    winner = final.south if record["result"]["winner"] == "S" else final.north  # type: ignore[index]
    expected_result = (
        GameResult.FIRST_WINS if winner == final.game.first else GameResult.SECOND_WINS
    )
    assert (final.result, final.game.status) == (expected_result, ResultStatus.RULED)
    assert final.to_move is None
    assert final.legal == ()
    assert models.Move.objects.filter(game_id=final.game.id).count() == len(moves)


def test_only_the_player_on_move_moves() -> None:
    where = _event()
    game = load_bao_game("bao", where, now=T0)
    north = _player("bao", game.north)
    _player("bao", game.south)
    with pytest.raises(WrongState, match=f"it is {game.south}'s move"):
        play_move("bao", where, game.legal[0], actor=north, now=T0 + MINUTE)
    stranger = Principal.user(999_999, "stranger")
    with pytest.raises(NotAllowed):
        play_move("bao", where, game.legal[0], actor=stranger, now=T0 + MINUTE)
    assert models.Move.objects.count() == 0


def test_a_double_submission_stores_one_move() -> None:
    where = _event()
    game = load_bao_game("bao", where, now=T0)
    south = _player("bao", game.south)
    first = play_move("bao", where, game.legal[0], actor=south, ply=1, now=T0 + MINUTE)
    again = play_move("bao", where, game.legal[0], actor=south, ply=1, now=T0 + 2 * MINUTE)
    assert (again.repeated, again.notation, again.ply) == (True, first.notation, 1)
    with pytest.raises(DuplicateReport, match="ply 1 was already played"):
        play_move("bao", where, game.legal[1], actor=south, ply=1, now=T0 + 2 * MINUTE)
    assert models.Move.objects.count() == 1


def test_an_illegal_or_malformed_move_is_refused_and_nothing_is_stored() -> None:
    where = _event()
    audit = models.AuditEntry.objects.count()
    with pytest.raises(ParseError, match="is not a move"):
        play_move("bao", where, "hello", actor=ACTOR, now=T0 + MINUTE)
    with pytest.raises((IllegalResult, ParseError)):
        play_move("bao", where, "a1<", actor=ACTOR, now=T0 + MINUTE)  # North's pit, South to move
    assert models.Move.objects.count() == 0
    assert models.AuditEntry.objects.count() == audit


def test_a_move_after_the_deadline_is_refused() -> None:
    where = _event()
    game = load_bao_game("bao", where, now=T0)
    late = game.clock.deadline + MINUTE
    with pytest.raises(WrongState, match="ran out"):
        play_move("bao", where, game.legal[0], actor=ACTOR, now=late)


def test_resigning_gives_the_opponent_the_game() -> None:
    where = _event()
    game = load_bao_game("bao", where, now=T0)
    change = resign_game("bao", where, game.north, actor=_player("bao", game.north), now=T0)
    expected = GameResult.FIRST_WINS if game.south == game.game.first else GameResult.SECOND_WINS
    assert change.game.result is expected
    with pytest.raises(WrongState, match="is over"):
        play_move("bao", where, game.legal[0], actor=ACTOR, now=T0 + MINUTE)


def test_events_played_elsewhere_report_results() -> None:
    where = _event("away", play_on_site="no")
    with pytest.raises(WrongState, match="play_on_site is off"):
        load_bao_game("away", where, now=T0)
    report_result("away", where, "1-0", actor=ACTOR, now=T0)


def test_the_learners_variant_starts_from_its_own_position() -> None:
    where = _event("learn", bao_variant="kujifunza")
    game = load_bao_game("learn", where, now=T0)
    assert game.position == standard_position("kujifunza")
    with pytest.raises(Exception, match="bao_variant"):
        events.create_event("bad", "kiba-bao", actor=ACTOR, parameters={"bao_variant": "x"})


def _wait(processes: list[subprocess.Popen[str]]) -> list[tuple[int, str, str]]:
    outcomes = []
    for process in processes:
        out, err = process.communicate(timeout=120)
        outcomes.append((process.returncode, out, err))
    return outcomes


@pytest.mark.postgres
def test_the_same_move_sent_twice_at_once_is_stored_once(postgres_url: str) -> None:
    where = _event("race", datetime.now(UTC))
    game = load_bao_game("race", where)
    move = game.legal[0]
    args = ("result", "move", "race", move, "--round", str(where.round), "--board")
    racers = [start_cli(*args, str(where.board), db=postgres_url) for _ in range(2)]
    outcomes = _wait(racers)
    assert sorted(code for code, _, _ in outcomes)[0] == 0, outcomes
    assert sum(code == 0 for code, _, _ in outcomes) == 1, outcomes
    assert models.Move.objects.count() == 1
    log = [a.action for a in get_audit_log("race")]
    assert log.count("game.move") == 1


@pytest.mark.postgres
def test_a_move_by_the_player_not_on_move_stores_nothing(postgres_url: str) -> None:
    where = _event("turn", datetime.now(UTC))
    game = load_bao_game("turn", where)
    _player("turn", game.north)
    _player("turn", game.south)
    args = ("result", "move", "turn", game.legal[0], "--round", str(where.round), "--board")
    as_north = {"MASHINDANO_AS_USER": f"user-{game.north}"}
    as_south = {"MASHINDANO_AS_USER": f"user-{game.south}"}
    racers = [
        start_cli(*args, str(where.board), db=postgres_url, env=as_north),
        start_cli(*args, str(where.board), db=postgres_url, env=as_south),
    ]
    (north_code, _, north_err), (south_code, _, _) = _wait(racers)
    # North is refused whichever runs first: before South's move it is not North's turn
    # (exit 7), after it South's move is not a legal North move (exit 3).
    assert south_code == 0
    assert (north_code, "move" in north_err) in ((7, True), (3, True)), north_err
    stored = models.Move.objects.get()
    assert stored.actor == f"user-{game.south}"
