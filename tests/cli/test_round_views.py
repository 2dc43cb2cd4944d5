"""Views that show what decides (issue 21, item 6): a Tantrix round shows each game's TPs, the
match totals, the gap and how the match was decided (tantrix-knockout R7-R9); `tantrix
status` the running gap; a KIBA round is shown group by group with South and North named,
and `--group` keeps one group."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from mashindano.app.demo import play_demo_event
from mashindano.app.documents.rounds import build_round_pairings
from mashindano.cli.main import app

from .conftest import Cli

pytestmark = pytest.mark.django_db

SEED = 2026


def _ok(cli: Cli, *args: str) -> str:
    # Wide enough that no cell wraps, whatever width the test process was given.
    out = cli.runner.invoke(app, list(args), env={"COLUMNS": "250"})
    assert out.exit_code == 0, out.stderr
    return out.stdout


def test_tantrix_round_shows_tps_gap_and_how_each_match_was_decided(cli: Cli) -> None:
    """R7/R8: a match ends after the standard games on a gap of 5 TPs or more, else in a
    tiebreak game; the view names which, with the totals and the gap."""
    slug = play_demo_event("tantrix-knockout", SEED).slug
    found = None
    for number in (1, 2, 3, 4):
        shown = build_round_pairings(slug, number)
        for board in shown.boards:
            if board.score is not None and (board.score.ended_by or "").startswith("tiebreak-"):
                found = (number, board)
    assert found is not None, "the demo has a match decided in a tiebreak game"
    number, board = found
    assert board.score is not None
    assert board.second is not None
    assert board.winner is not None
    k = board.score.ended_by.removeprefix("tiebreak-")  # type: ignore[union-attr]
    out = _ok(cli, "round", "show", slug, "--round", str(number))
    assert "TPs" in out
    assert f"{board.winner.name} won: decisive victory in tiebreak game {k} (R8)" in out
    assert "decisive victory after the standard games (R7)" in out
    document = json.loads(_ok(cli, "round", "show", slug, "--round", str(number), "--json"))
    (shown_board,) = [b for b in document["boards"] if b["board"] == board.board]
    score = shown_board["score"]
    assert score["unit"] == "TP"
    assert score["decided"] == f"decisive victory in tiebreak game {k} (R8)"
    gap = abs(Fraction(score["first"]) - Fraction(score["second"]))
    assert Fraction(score["gap"]) == gap
    # Each game's TPs (its first player's first) add up to the match totals (R4).
    first = shown_board["first"]
    games = [
        Fraction(g["scores"][0] if g["first"] == first else g["scores"][1])
        for g in shown_board["games"]
    ]
    assert sum(games, Fraction(0)) == Fraction(score["first"])

    status_args = ("tantrix", "status", slug, "--round", str(number), "--board", str(board.board))
    status = json.loads(_ok(cli, *status_args, "--json"))
    assert status["decided"] == score["decided"]
    last = status["games"][-1]
    assert Fraction(last["gap"]) == abs(Fraction(last["total"][0]) - Fraction(last["total"][1]))
    # R8: the standard games left the gap under 5 TPs; the tiebreak game brought it to 5+.
    assert Fraction(last["gap"]) >= 5
    text = _ok(cli, *status_args)
    assert f"decided: decisive victory in tiebreak game {k} (R8)" in text
    assert "Gap" in text


def test_kiba_round_is_shown_group_by_group_with_south_and_north(cli: Cli) -> None:
    slug = play_demo_event("kiba-bao", SEED).slug
    out = _ok(cli, "round", "show", slug, "--round", "1")
    assert "Round 1: group A" in out
    assert "Round 1: group B" in out
    assert out.index("Round 1: group A") < out.index("Round 1: group B")
    assert "South" in out
    assert "North" in out
    assert "White" not in out
    document = json.loads(_ok(cli, "round", "show", slug, "--round", "1", "--json"))
    groups = {b["group"] for b in document["boards"]}
    assert groups == {"A", "B"}
    only_b = json.loads(_ok(cli, "round", "show", slug, "--round", "1", "--group", "B", "--json"))
    assert only_b["boards"]
    assert {b["group"] for b in only_b["boards"]} == {"B"}
    in_b = {p for b in only_b["boards"] for p in (b["first"], b["second"])}
    in_a = {p for b in document["boards"] if b["group"] == "A" for p in (b["first"], b["second"])}
    assert not in_a & in_b
    text_b = _ok(cli, "round", "show", slug, "--round", "1", "--group", "B")
    assert "group B" in text_b
    assert "group A" not in text_b
    assert "Round 3: final" in _ok(cli, "round", "show", slug, "--round", "3")
    missing = cli("round", "show", slug, "--round", "1", "--group", "Z")
    assert missing.exit_code == 6  # not found (README: exit codes)
    assert "round 1 has no group 'Z' (groups: A, B)" in missing.stderr
    assert "Traceback" not in missing.stderr
