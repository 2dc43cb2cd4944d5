"""Exports that read back (issue 21, item 4): the GAMES.csv of every preset's demo event, with
its PLAYERS.csv, read through `mashindano standings --games` gives the stored standings
(points and tie-breaks, table by table); TRF ranks follow the standings with their tie-breaks;
a format that cannot carry a preset is refused with the reason, in one line.

What each preset's read-back is compared on (`READBACK`): every figure the games determine.
A figure that needs more than the games is named in `not_from_games` and left out: the
Tasaselo selo figures (comparison, performance, expected: ratings that move each round), the
Tantrix matches won (decided by the match rule over TPs), the Gomoku month points (position
bonuses, ex-officio points and multipliers of the league list).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from mashindano.app import events, exchange
from mashindano.app.demo import play_demo_event
from mashindano.app.formats.base import StandingsTable
from mashindano.interchange.games_csv import parse_games_sections
from mashindano.interchange.trf import parse_trf

from .conftest import Cli

pytestmark = pytest.mark.django_db

SEED = 2026


@dataclass(frozen=True)
class Readback:
    tiebreaks: str = ""
    """`--tiebreaks` for `standings --games`: the preset's own."""
    points: str = "1,0.5,0"
    columns: tuple[tuple[str, str], ...] = ()
    """(stored column, read-back column) compared player by player."""
    compare_points: bool = True
    compare_ranks: bool = True
    not_from_games: tuple[str, ...] = ()
    """Stored figures that depend on more than the games (documented, not compared)."""


READBACK: dict[str, Readback] = {
    "chess-round-robin": Readback("sb", columns=(("sb", "sb"),)),
    "chess-swiss": Readback("buchholz,sb", columns=(("buchholz", "buchholz"), ("sb", "sb"))),
    "kiba-bao": Readback(
        "neustadtl:per-encounter,kiba-score",
        columns=(("neustadtl", "neustadtl:per-encounter"), ("kiba-score", "kiba-score")),
        not_from_games=("playoff",),
    ),
    # The players table only: the countries table adds up the players' wins per country.
    "kiba-countries": Readback(
        "kiba-score", columns=(("kiba-score", "kiba-score"),), compare_ranks=False
    ),
    "tantrix-knockout": Readback(
        columns=(("tps", "tps"),),
        compare_points=False,
        compare_ranks=False,
        not_from_games=("points: matches won", "seed"),
    ),
    "tasaselo": Readback(
        compare_ranks=False,
        not_from_games=("comparison", "performance", "expected", "result-expected"),
    ),
    "gomoku-league": Readback(
        compare_points=False,
        compare_ranks=False,
        not_from_games=("points", "coefficient", "previous coefficient", "start position"),
    ),
}


def _value(value: Any) -> Fraction | None:
    return None if value is None else Fraction(str(value))


def _read_back(cli: Cli, tmp_path: Path, slug: str, spec: Readback) -> dict[str, list[Any]]:
    games = tmp_path / "GAMES.csv"
    players = tmp_path / "PLAYERS.csv"
    for fmt, path in (("csv", games), ("players", players)):
        out = cli("event", "export", slug, "--format", fmt, "-o", path)
        assert out.exit_code == 0, out.stderr
    args = ["standings", "--games", games, "--players", players, "--points", spec.points]
    if spec.tiebreaks:
        args += ["--tiebreaks", spec.tiebreaks]
    out = cli(*args, "--json")
    assert out.exit_code == 0, out.stderr
    shown = json.loads(out.stdout)
    if shown and "section" in shown[0]:
        return {s["section"]: s["standings"] for s in shown}
    return {"": shown}


def _section_of(table: StandingsTable, sections: dict[str, list[Any]]) -> list[Any]:
    return sections[table.title] if table.title in sections else sections[""]


@pytest.mark.parametrize("preset", sorted(READBACK))
def test_games_csv_of_each_preset_reads_back_to_the_stored_standings(
    preset: str, cli: Cli, tmp_path: Path
) -> None:
    spec = READBACK[preset]
    outcome = play_demo_event(preset, SEED)
    sections = _read_back(cli, tmp_path, outcome.slug, spec)
    tables = events.event_standings(outcome.slug)
    if preset == "kiba-countries":
        tables = tuple(t for t in tables if t.title.startswith("Players"))
    compared = 0
    for table in tables:
        rows = {row["name"]: row for row in _section_of(table, sections)}
        for line in table.lines:
            row = rows[line.competitor.name]
            where = f"{preset}, {table.title}, {line.competitor.name}"
            if spec.compare_points:
                assert _value(row["points"]) == line.points, where
            if spec.compare_ranks:
                assert row["rank"] == line.rank, where
            for stored, read in spec.columns:
                if stored in line.values:
                    assert _value(row["tiebreaks"][read]) == line.values[stored], (where, stored)
                    compared += 1
    if spec.columns:
        assert compared, f"{preset}: no tie-break compared"
    if preset in TRF_PRESETS:
        _trf_ranks_follow_the_standings(outcome.slug)
    if preset in PRESET_CHECKS:
        PRESET_CHECKS[preset](outcome.slug)


TRF_PRESETS = ("chess-round-robin", "chess-swiss", "tasaselo")


def _trf_ranks_follow_the_standings(slug: str) -> None:
    """TRF ranks are the standings' (tie-breaks applied), not points then starting rank."""
    trf = parse_trf(exchange.export_event_trf(slug))
    rank = {p.name: p.rank for p in trf.players}
    (table,) = events.event_standings(slug)
    assert {line.competitor.name: line.rank for line in table.lines} == rank
    # Tie-breaks decide between equal points in each of these demos (points alone would not
    # give these ranks).
    points = [line.points for line in table.lines]
    assert len(set(points)) < len(points)


def _kiba_keeps_encounters_sides_and_groups(slug: str) -> None:
    """KIBA: each pairing's two games share an encounter label and South (the `white`
    column) changes between them; each game is in its group's table (E6: Neustadtl per
    encounter reads the labels)."""
    text = exchange.export_event_games_csv(slug)
    assert text.splitlines()[0] == "round,white,black,result,encounter,section"
    sections = parse_games_sections(text)
    titles = [s.label for s in sections]
    assert titles[:2] == ["Qualification group A (round 1)", "Qualification group B (round 1)"]
    assert titles[-1].startswith("Final, best of 3")
    facts = events.get_event_facts(slug)
    stored = [g for r in facts.rounds for g in r.games()]
    read = [g for s in sections for g in s.games]
    assert [(g.first, g.second) for g in read] == [(g.first, g.second) for g in stored]
    by_encounter: dict[int | None, list[Any]] = {}
    for game in read:
        by_encounter.setdefault(game.encounter, []).append(game)
    assert None not in by_encounter
    pairs = [games for games in by_encounter.values() if len(games) == 2]
    assert pairs
    assert all(a.first == b.second and a.second == b.first for a, b in pairs)


def _gomoku_groups_each_match(slug: str) -> None:
    """Gomoku: a match is four games between two players; the export labels them as one
    encounter, and the read-back keeps every game of the stored matches."""
    sections = parse_games_sections(exchange.export_event_games_csv(slug))
    (section,) = sections
    matches: dict[int | None, list[Any]] = {}
    for game in section.games:
        matches.setdefault(game.encounter, []).append(game)
    facts = events.get_event_facts(slug)
    stored = [e for r in facts.rounds for e in r.encounters if e.second is not None]
    assert len(matches) == len(stored)
    assert sorted(len(g) for g in matches.values()) == sorted(len(e.games) for e in stored)
    assert all(len({frozenset((g.first, g.second)) for g in m}) == 1 for m in matches.values())


def _tantrix_games_carry_their_tps(slug: str) -> None:
    """Tantrix R4: every game played carries both TPs (a bye row none)."""
    (header, *rows) = exchange.export_event_games_csv(slug).splitlines()
    assert header == "round,white,black,result,encounter,section,white_tps,black_tps"
    played = [r.split(",") for r in rows if r.split(",")[2]]
    assert played
    assert all(cells[-1] and cells[-2] for cells in played)


PRESET_CHECKS = {
    "kiba-bao": _kiba_keeps_encounters_sides_and_groups,
    "gomoku-league": _gomoku_groups_each_match,
    "tantrix-knockout": _tantrix_games_carry_their_tps,
}


@pytest.mark.parametrize(
    ("preset", "reason"),
    [
        ("gomoku-league", "a monthly league of four-game matches"),
        ("kiba-bao", "several stages and groups"),
        ("tantrix-knockout", "knockout matches of several games scored in TPs"),
    ],
)
def test_trf_export_of_a_preset_it_cannot_carry_is_refused_with_the_reason(
    preset: str, reason: str, cli: Cli
) -> None:
    assert cli("event", "create", "ev", "--preset", preset).exit_code == 0
    out = cli("event", "export", "ev", "--format", "trf")
    assert out.exit_code == 7  # refused (README: exit codes)
    assert out.stderr.count("\n") == 1
    assert f"TRF-16 cannot carry a {preset} event ({reason}" in out.stderr
    assert "export it as csv (GAMES.csv) or json" in out.stderr
    assert "Traceback" not in out.stderr
    assert out.stdout == ""
