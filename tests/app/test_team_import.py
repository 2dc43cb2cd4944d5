"""Importing a TRF team file as a team event (issue 32): TRF-26 (310/320/330/352) and TRF-16
(013 in both shapes) through `take_over_event`, the one use case of the CLI, the API and the
console; the stored event's team standings equal the FIDE TEC checker's values, and its
TRF-26 export reads back to the same standings (fide_teams.md §8, §9)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from fractions import Fraction

import pytest

from mashindano.app.queries import get_event
from mashindano.app.takeover import take_over_event
from mashindano.app.teams.documents import build_team_standings
from mashindano.app.teams.exchange import export_team_trf
from mashindano.app.teams.facts import load_team_facts
from mashindano.app.teams.standings import team_event_of
from mashindano.engine.errors import ConfigError, ParseError
from mashindano.engine.model import GameResult
from mashindano.engine.teams.tiebreaks import compute_team_tiebreaks, team_standings
from mashindano.interchange.trf_read import parse_trf
from mashindano.interchange.trf_teams import trf_to_team_event
from mashindano.store import models
from mashindano.store.facts import ReportKind

from ..interchange.test_trf_teams import _as_trf16
from ..shared_folders import shared_folder
from .helpers import ACTOR, T0

pytestmark = pytest.mark.django_db

FOLDER = shared_folder("fixtures", "team-tiebreaks-tec")
NAMES = sorted(p.stem for p in FOLDER.glob("*.trf"))
LATER = T0 + timedelta(hours=1)


def _tsv(name: str) -> tuple[list[str], list[list[str]]]:
    """The checker's table, read as tests/engine/test_team_tiebreaks_tec.py reads it."""
    lines = (FOLDER / f"{name}.tec.tsv").read_text().splitlines()
    assert lines[-1].startswith("Check: ")
    return lines[0].split("\t"), [line.split("\t") for line in lines[1:-1]]


def _stored_event(slug: str):
    return team_event_of(load_team_facts(get_event(slug)), LATER)


@pytest.mark.parametrize("name", NAMES)
def test_issue32_a_tec_team_file_imports_with_the_checkers_tiebreaks(name: str) -> None:
    text = (FOLDER / f"{name}.trf").read_text()
    done = take_over_event(text, actor=ACTOR, slug="tm", source=f"{name}.trf", now=T0)
    assert done.stored
    read = trf_to_team_event(parse_trf(text, teams=True)).event
    assert (done.teams, done.boards, done.system) == (
        len(read.teams),
        read.boards,
        "round-robin" if read.round_robin else "swiss",
    )
    event = _stored_event("tm")
    assert event.boards == read.boards
    assert [t.name for t in event.teams] == [t.name for t in read.teams]
    header, rows = _tsv(name)
    values = compute_team_tiebreaks(event, header[2:])
    mismatches = [
        f"team {row[0]} {code}: checker {row[header.index(code)]}, ours {values[code][int(row[0])]}"
        for row in rows
        for code in header[2:]
        if values[code][int(row[0])] != Fraction(Decimal(row[header.index(code)]))
    ]
    assert not mismatches, "\n".join(mismatches)
    ranks = {s.team: s.rank for s in team_standings(event, header[2:])}
    assert ranks == {int(row[0]): int(row[1]) for row in rows}
    # One audit entry, the importer's; the board results are the importer's rulings.
    audit = models.AuditEntry.objects.filter(event__slug="tm")
    assert [(a.action, a.actor, a.version) for a in audit] == [("event.takeover", ACTOR.name, 1)]
    reports = models.BoardReport.objects.filter(match__event__slug="tm")
    assert reports.exists()
    assert {(r.kind, r.actor) for r in reports} == {(ReportKind.RULING.value, ACTOR.name)}


def test_issue32_rosters_are_in_board_order_and_pabs_and_forfeits_are_kept() -> None:
    text = (FOLDER / "team_swiss_8t4b5r.trf").read_text()
    t = parse_trf(text, teams=True)
    take_over_event(text, actor=ACTOR, slug="tm", now=T0)
    members = models.TeamMember.objects.filter(team__event__slug="tm", team__number=1)
    ranks = [m.entry.number for m in members.order_by("position")]
    assert ranks == list(t.teams[0].players)
    forfeited = models.TeamMatch.objects.get(event__slug="tm", round=4, first__number=3)
    assert forfeited.second is not None
    assert forfeited.second.number == 8
    # The file lists the boards of the forfeited match (330): each a forfeit win of team 3.
    results = {r.board: r.result for r in forfeited.board_reports.all()}
    assert results == dict.fromkeys(range(1, 5), GameResult.FIRST_WINS_BY_FORFEIT.value)
    match = next(m for m in _stored_event("tm").matches if m.round == 4 and m.involves(3))
    assert not match.played
    standings = build_team_standings("tm", now=LATER)
    assert standings.lines


def test_issue32_a_swiss_pab_is_stored_with_its_value() -> None:
    text = (FOLDER / "team_swiss_7t2b4r.trf").read_text()
    done = take_over_event(text, actor=ACTOR, slug="tm", now=T0)
    assert done.byes == {"PAB": 4}
    byes = models.TeamMatch.objects.filter(event__slug="tm", second__isnull=True)
    assert all(b.bye_match_points for b in byes)
    mode = models.TeamMode.objects.get(event__slug="tm")
    assert (mode.system, mode.rounds, mode.boards) == ("swiss", 4, 2)


@pytest.mark.parametrize("shape", ["columns", "spacing"])
def test_issue32_a_trf16_team_file_imports_in_both_013_shapes(shape: str) -> None:
    text = (FOLDER / "team_swiss_8t4b5r.trf").read_text()
    done = take_over_event(_as_trf16(text, shape), actor=ACTOR, slug="tm", now=T0)
    assert (done.teams, done.boards, done.system) == (8, 4, "swiss")
    odd = [w for w in done.warnings if "not in the TRF-16 columns" in w]
    assert len(odd) == (8 if shape == "spacing" else 0)
    codes = ["PTS", "MPVGP", "BH:MP", "EMGSB", "BC", "SSSC"]
    expected = compute_team_tiebreaks(trf_to_team_event(parse_trf(text, teams=True)).event, codes)
    assert compute_team_tiebreaks(_stored_event("tm"), codes) == expected


@pytest.mark.parametrize("name", ["team_rr_6t4b5r", "team_swiss_8t4b5r"])
def test_issue32_an_imported_event_exports_back_to_the_same_standings(name: str) -> None:
    text = (FOLDER / f"{name}.trf").read_text()
    done = take_over_event(text, actor=ACTOR, slug="tm", now=T0)
    written = export_team_trf("tm", now=LATER)
    codes = ("MP", "GP", "EDE", "BH:MP/C1", "BH:MP", "EMMSB")
    again = trf_to_team_event(
        parse_trf(written, teams=True), round_robin=done.system == "round-robin"
    ).event
    table = build_team_standings("tm", now=LATER)
    ours = team_standings(again, codes)
    assert [(s.team, s.rank) for s in ours] == [(x.team.number, x.rank) for x in table.lines]
    assert [s.values[2:] for s in ours] == [x.tiebreaks for x in table.lines]
    # ... and the same standings as the file it came from.
    original = team_standings(trf_to_team_event(parse_trf(text, teams=True)).event, codes)
    assert [(s.team, s.rank, s.values) for s in ours] == [
        (s.team, s.rank, s.values) for s in original
    ]


def test_issue32_a_dry_run_stores_nothing_and_the_system_can_be_given() -> None:
    text = (FOLDER / "team_rr_6t4b5r.trf").read_text()
    done = take_over_event(text, actor=ACTOR, slug="tm", dry_run=True, team_system="swiss", now=T0)
    assert (done.stored, done.system, done.teams) == (False, "swiss", 6)
    assert not models.Event.objects.filter(slug="tm").exists()
    with pytest.raises(ConfigError, match="system: 'round-robin' or 'swiss'"):
        take_over_event(text, actor=ACTOR, slug="tm", team_system="league", now=T0)


def test_issue32_an_inconsistent_team_file_is_refused_and_stores_nothing() -> None:
    text = (FOLDER / "team_swiss_8t4b5r.trf").read_text()
    lines = text.splitlines()
    # Team B's roster names team A's first player too.
    broken = "\n".join(
        line[:73] + "   1" + line[77:] if line.startswith("310   2") else line for line in lines
    )
    with pytest.raises(ParseError, match=r"cup.trf, line 48: player 1 is in teams 1 and 2"):
        take_over_event(broken, actor=ACTOR, slug="tm", source="cup.trf", now=T0)
    assert not models.Event.objects.filter(slug="tm").exists()


def _forfeit_without_boards() -> str:
    """The 8x4 Swiss with round 4's forfeited match (330: team 3 against team 8) listed by
    record 330 only: its players' round-4 blocks blank."""
    lines = []
    for line in (FOLDER / "team_swiss_8t4b5r.trf").read_text().splitlines():
        if line.startswith("001") and int(line[4:8]) in (9, 10, 11, 12, 29, 30, 31, 32):
            line = line[:121] + " " * 10 + line[131:]
        lines.append(line)
    return "\n".join(lines) + "\n"


def test_issue32_a_forfeited_match_without_boards_leaves_the_absent_team_empty() -> None:
    text = _forfeit_without_boards()
    done = take_over_event(text, actor=ACTOR, slug="tm", now=T0)
    assert done.forfeits == 1
    forfeited = models.TeamMatch.objects.get(event__slug="tm", round=4, first__number=3)
    lineups = {x.team.number: x.players for x in forfeited.lineups.all()}
    assert lineups[8] == ["", "", "", ""]
    assert all(lineups[3])
    header, _ = _tsv("team_swiss_8t4b5r")
    expected = compute_team_tiebreaks(
        trf_to_team_event(parse_trf(text, teams=True)).event, header[2:]
    )
    assert compute_team_tiebreaks(_stored_event("tm"), header[2:]) == expected
