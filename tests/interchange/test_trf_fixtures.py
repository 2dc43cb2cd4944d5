"""Every FIDE Dutch fixture file (shared/fixtures/dutch and shared/fixtures/dutch-extra) read,
converted and written back.

The fixture dialect (README there): round NN files hold rounds 1..NN-1 plus, for players on
a bye declared before round NN is paired, one more block (`0000 - H` / `0000 - Z`) that the
points column does not include.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from mashindano.engine.model import ByeKind, CompetitorId, GameResult, StageResults
from mashindano.engine.points import ZERO
from mashindano.interchange.trf import trf_to_stage_results
from mashindano.interchange.trf_model import TrfTournament
from mashindano.interchange.trf_read import parse_trf
from mashindano.interchange.trf_write import format_trf

from ..shared_folders import assert_file_count, shared_folder

EXPECTED = {"dutch": (62, 486), "dutch-extra": (40, 360)}
"""Folder of shared/fixtures -> (tournaments, rounds) in it: one full file per tournament plus
one file per round."""
FOLDERS = {name: shared_folder("fixtures", name) for name in EXPECTED}
TRF_FILES = [path for folder in FOLDERS.values() for path in sorted(folder.glob("*.trf"))]
ROUND_FILES = [f for f in TRF_FILES if not f.name.endswith("_full.trf")]
FULL_FILES = [f for f in TRF_FILES if f.name.endswith("_full.trf")]
_ROUND_NAME = re.compile(r"(?P<tournament>.+)_round(?P<round>\d\d)\.trf")


@cache
def read(path: Path) -> TrfTournament:
    return parse_trf(path.read_text(encoding="utf-8"), source=path.name)


def _ids(paths: list[Path]) -> list[str]:
    return [f"{p.parent.name}/{p.stem}" for p in paths]


@pytest.mark.parametrize("name", list(EXPECTED))
def test_fixture_set_is_complete(name: str) -> None:
    tournaments, rounds = EXPECTED[name]
    assert_file_count(FOLDERS[name], "*_full.trf", tournaments)
    assert_file_count(FOLDERS[name], "*_round[0-9][0-9].trf", rounds)


@pytest.mark.parametrize("path", TRF_FILES, ids=_ids(TRF_FILES))
def test_fixture_parses_and_converts(path: Path) -> None:
    t = read(path)
    results = trf_to_stage_results(t)
    assert t.rounds is not None
    assert results.rounds == t.rounds
    assert t.initial_colour is not None
    assert [c.number for c in results.competitors] == list(range(1, len(t.players) + 1))
    assert all(c.id == str(c.number) for c in results.competitors)
    _assert_each_round_covers_everyone_once(results)


def _assert_each_round_covers_everyone_once(results: StageResults) -> None:
    seen: Counter[tuple[int, CompetitorId]] = Counter()
    for g in results.games:
        seen[g.round, g.first] += 1
        seen[g.round, g.second] += 1
    for b in results.byes:
        seen[b.round, b.competitor] += 1
    assert all(count == 1 for count in seen.values()), seen.most_common(3)


@pytest.mark.parametrize("path", TRF_FILES, ids=_ids(TRF_FILES))
def test_fixture_points_column_matches_results(path: Path) -> None:
    """Points = results of the paired rounds; declared byes for the next round excluded."""
    t = read(path)
    results = trf_to_stage_results(t)
    paired = max((g.round for g in results.games), default=0)
    paired = max([paired, *(b.round for b in results.byes if b.kind is ByeKind.PAIRING_ALLOCATED)])
    earned: dict[CompetitorId, Fraction] = {c.id: ZERO for c in results.competitors}
    system = results.points
    for g in results.games:
        assert g.round <= paired
        first, second = _game_points(g.result)
        earned[g.first] += first
        earned[g.second] += second
    for b in results.byes:
        if b.round <= paired:
            earned[b.competitor] += b.kind.points(system)
        else:
            assert b.round == paired + 1
            assert b.kind in (ByeKind.HALF_POINT, ByeKind.ZERO_POINT)
    for p in t.players:
        assert p.points == earned[CompetitorId(str(p.starting_rank))], p.starting_rank


def _game_points(result: GameResult) -> tuple[Fraction, Fraction]:
    return {
        GameResult.FIRST_WINS: (Fraction(1), ZERO),
        GameResult.SECOND_WINS: (ZERO, Fraction(1)),
        GameResult.DRAW: (Fraction(1, 2), Fraction(1, 2)),
        GameResult.FIRST_WINS_BY_FORFEIT: (Fraction(1), ZERO),
        GameResult.SECOND_WINS_BY_FORFEIT: (ZERO, Fraction(1)),
        GameResult.DOUBLE_FORFEIT: (ZERO, ZERO),
    }[result]


@pytest.mark.parametrize("version", ["16", "26"])
@pytest.mark.parametrize("path", TRF_FILES, ids=_ids(TRF_FILES))
def test_fixture_round_trips(path: Path, version: str) -> None:
    t = read(path)
    text = format_trf(t, version="26" if version == "26" else "16")
    again = parse_trf(text, source=f"{path.name} as TRF{version}")
    assert again == t
    assert format_trf(again, version="26" if version == "26" else "16") == text


def test_fixture_lines_are_written_back_verbatim() -> None:
    """Our writer puts every player field in the columns the fixture generator used."""
    for path in FULL_FILES[:10] + FULL_FILES[-10:]:
        original = [line for line in path.read_text().splitlines() if line.startswith("001")]
        written = [line for line in format_trf(read(path)).splitlines() if line.startswith("001")]
        assert written == [line.rstrip() for line in original]


@pytest.mark.parametrize("path", ROUND_FILES, ids=_ids(ROUND_FILES))
def test_full_file_round_column_is_the_expected_pairing(path: Path) -> None:
    """The full file's round NN games (white first) and bye are the `.pairs` file."""
    match = _ROUND_NAME.fullmatch(path.name)
    assert match is not None
    round_number = int(match["round"])
    full = trf_to_stage_results(read(path.parent / f"{match['tournament']}_full.trf"))
    lines = path.with_suffix(".pairs").read_text().splitlines()
    expected = {tuple(int(x) for x in line.split()) for line in lines[1:]}
    assert int(lines[0]) == len(lines) - 1
    games = {(int(g.first), int(g.second)) for g in full.games if g.round == round_number}
    allocated = {
        (int(b.competitor), 0)
        for b in full.byes
        if b.round == round_number and b.kind is ByeKind.PAIRING_ALLOCATED
    }
    assert games | allocated == expected
    before = trf_to_stage_results(read(path))
    declared = {b.competitor for b in before.byes if b.round == round_number}
    paired = {str(n) for pair in expected for n in pair if n}
    assert not declared & paired


@cache
def _manifest(folder: Path) -> dict[str, dict[str, str]]:
    with (folder / "MANIFEST.tsv").open(encoding="utf-8") as handle:
        return {row["tournament"]: row for row in csv.DictReader(handle, delimiter="\t")}


@pytest.mark.parametrize("path", FULL_FILES, ids=_ids(FULL_FILES))
def test_full_file_counts_match_manifest(path: Path) -> None:
    row = _manifest(path.parent)[path.name.removesuffix("_full.trf")]
    t = read(path)
    results = trf_to_stage_results(t)
    assert len(t.players) == int(row["players"])
    assert t.rounds == int(row["rounds"])
    codes = Counter(e.result for p in t.players for e in p.rounds)
    assert codes["+"] + codes["-"] == int(row["forfeited_entries"])
    kinds = Counter(b.kind for b in results.byes)
    assert kinds[ByeKind.HALF_POINT] == int(row["half_point_byes"])
    assert kinds[ByeKind.ZERO_POINT] == int(row["zero_point_byes"])
    assert kinds[ByeKind.PAIRING_ALLOCATED] == int(row["pairing_allocated_byes"])
    forfeits = [g for g in results.games if g.result.is_forfeit]
    assert 2 * len(forfeits) == codes["+"] + codes["-"]
