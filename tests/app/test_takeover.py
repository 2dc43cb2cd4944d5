"""Taking over a chess Swiss in progress from a TRF file (issue 28 item 6): the event made
from what Swiss-Manager exported after round 4 pairs round 5 as bbpPairings does (the
fixtures' reference), goes on (results, export), and nothing is stored from a file that is
refused or on a dry run."""

from __future__ import annotations

import random

import pytest
from tests.app.helpers import ACTOR, T0, make_event, play_round

from mashindano.app import rounds
from mashindano.app.errors import Duplicate, NotAllowed
from mashindano.app.exchange import export_event_json, export_event_trf, import_event_json
from mashindano.app.overrides import forbid_pair
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event_facts
from mashindano.app.results import GameRef, report_result
from mashindano.app.takeover import take_over_event
from mashindano.engine.errors import ConfigError, ParseError
from mashindano.engine.model import ByeKind
from mashindano.interchange.trf import parse_trf
from mashindano.store import models
from mashindano.store.facts import EventState

from ..shared_folders import shared_folder

pytestmark = pytest.mark.django_db

DUTCH = shared_folder("fixtures", "dutch")
ACCEL = shared_folder("fixtures", "dutch-accel")
CASE = "t015p07r_mixed_s1015120_round05"
"""15 players, 7 rounds, after round 4: forfeits (won and lost), half-point byes, a
pairing-allocated bye every round, XXC white1 and a half-point bye declared for round 5."""

FEDERATIONS = ("KEN", "TAN", "UGA", "RWA", "ETH")


def _put(line: str, first: int, text: str) -> str:
    """`line` with `text` written from column `first` (1-based)."""
    line = line.ljust(first - 1 + len(text))
    return line[: first - 1] + text + line[first - 1 + len(text) :]


def swiss_manager_trf(case: str = CASE, folder=DUTCH) -> str:
    """The fixture as Swiss-Manager writes it: a full header, a column ruler, a comment, and
    player lines with sex, title, federation, FIDE id and birth date."""
    header = [
        "012 Nairobi Open 2026",
        "022 Nairobi",
        "032 KEN",
        "042 2026/03/01",
        "052 2026/03/08",
        "092 Individual: Swiss-System",
        "102 Jane Arbiter",
        "122 90min/40 moves + 30min + 30sec",
        "132" + " " * 88 + "26/03/01  26/03/02  26/03/03  26/03/04",
        "   1       2         3         4         5         6         7         8         9",
        "# exported by Swiss-Manager",
    ]
    lines = []
    for line in (folder / f"{case}.trf").read_text().splitlines():
        if line.startswith("001"):
            rank = int(line[4:8])
            line = _put(line, 10, "m")
            line = _put(line, 11, " GM" if rank == 1 else "   ")
            line = _put(line, 54, FEDERATIONS[rank % len(FEDERATIONS)])
            line = _put(line, 58, f"{1000000 + rank:>11}")
            line = _put(line, 70, "1990/01/01")
        if not line.startswith("012"):
            lines.append(line)
    return "\n".join(header + lines) + "\n"


def reference(case: str = CASE, folder=DUTCH) -> tuple[set[tuple[int, int]], int | None]:
    """The bbpPairings pairs (white, black) of the case and its bye."""
    pairs: set[tuple[int, int]] = set()
    bye = None
    for line in (folder / f"{case}.pairs").read_text().split("\n")[1:]:
        if line.strip():
            white, black = (int(n) for n in line.split())
            if black == 0:
                bye = white
            else:
                pairs.add((white, black))
    return pairs, bye


def paired(slug: str, round_number: int) -> tuple[set[tuple[int, int]], int | None]:
    facts = get_event_facts(slug)
    number = {c.id: c.number for c in facts.competitors}
    round_fact = next(r for r in facts.rounds if r.number == round_number)
    pairs = {(number[g.first], number[g.second]) for g in round_fact.games()}
    byes = [
        number[e.first]
        for e in round_fact.encounters
        if e.second is None and e.bye_kind is ByeKind.PAIRING_ALLOCATED
    ]
    return pairs, (byes[0] if byes else None)


def test_issue28_6_round_5_pairs_as_bbppairings_after_a_takeover_at_round_4():
    done = take_over_event(swiss_manager_trf(), actor=ACTOR, now=T0, seed=5)
    assert done.stored
    assert (done.slug, done.name) == ("nairobi-open-2026", "Nairobi Open 2026")
    assert (done.players, done.rounds_played, done.total_rounds, done.next_round) == (15, 4, 7, 5)
    assert done.parameters == {"swiss_pairing": "dutch", "swiss_rounds": "7"}
    assert done.initial_colour == "white"
    assert done.forfeits == 3
    assert done.byes == {"H": 2, "U": 4}
    assert [(v.number, v.round, v.kind) for v in done.leaves] == [(2, 5, "H")]
    facts = get_event_facts(done.slug)
    assert facts.state is EventState.RUNNING
    assert [c.number for c in facts.competitors] == list(range(1, 16))
    assert facts.competitors[0].name == "Test0001 Player0001"
    assert facts.competitors[0].rating == 2274
    assert facts.competitors[1].country == "UGA"
    assert [r.number for r in facts.rounds] == [1, 2, 3, 4]
    assert all(g.result.is_decided for g in facts.games())
    rounds.pair_next_round(done.slug, actor=ACTOR, now=T0)
    assert paired(done.slug, 5) == reference()


def test_issue28_6_the_takeover_keeps_scores_and_colours_of_the_file():
    done = take_over_event(swiss_manager_trf(), actor=ACTOR, now=T0, seed=5)
    exported = parse_trf(export_event_trf(done.slug))
    original = parse_trf((DUTCH / f"{CASE}.trf").read_text())
    for theirs, ours in zip(original.players, exported.players, strict=True):
        assert ours.points == theirs.points, ours.starting_rank
        assert ours.rounds[:4] == theirs.rounds[:4], ours.starting_rank
    assert exported.rounds == 7
    assert exported.initial_colour is not None


def test_issue28_6_the_reader_warnings_and_what_is_dropped_are_returned():
    done = take_over_event(swiss_manager_trf(), actor=ACTOR, now=T0, dry_run=True)
    text = "\n".join(done.warnings)
    assert "column ruler skipped" in text
    assert "comment line skipped" in text
    assert "FIDE id" in text  # kept nowhere by the event: said so before anything is stored


def test_issue28_6_a_dry_run_stores_nothing():
    done = take_over_event(swiss_manager_trf(), actor=ACTOR, now=T0, dry_run=True)
    assert not done.stored
    assert done.next_round == 5
    assert not models.Event.objects.exists()


def test_issue28_6_strict_reading_refuses_the_oddities():
    with pytest.raises(ParseError, match="strict"):
        take_over_event(swiss_manager_trf(), actor=ACTOR, now=T0, strict=True)
    assert not models.Event.objects.exists()


def test_issue28_6_a_broken_file_stores_nothing():
    broken = swiss_manager_trf().replace("    6 b =     8 w 1", "    6 b =     8 w 0", 1)
    with pytest.raises(ParseError):
        take_over_event(broken, actor=ACTOR, now=T0)
    assert not models.Event.objects.exists()


def test_issue28_6_the_slug_taken_is_refused():
    take_over_event(swiss_manager_trf(), actor=ACTOR, now=T0)
    with pytest.raises(Duplicate):
        take_over_event(swiss_manager_trf(), actor=ACTOR, now=T0)
    take_over_event(swiss_manager_trf(), actor=ACTOR, slug="copy", name="Copy", now=T0)
    assert models.Event.objects.count() == 2


def test_issue28_6_only_who_may_create_events_takes_one_over():
    with pytest.raises(NotAllowed):
        take_over_event(swiss_manager_trf(), actor=Principal.user(99, "guest"), now=T0)


def test_issue28_6_results_are_entered_and_the_event_goes_on():
    done = take_over_event(swiss_manager_trf(), actor=ACTOR, now=T0)
    published = rounds.pair_next_round(done.slug, actor=ACTOR, now=T0)
    for game in published.games():
        report_result(done.slug, GameRef(5, game.board), "1-0", actor=ACTOR, now=T0)
    rounds.pair_next_round(done.slug, actor=ACTOR, now=T0)
    assert [r.number for r in get_event_facts(done.slug).rounds] == [1, 2, 3, 4, 5, 6]
    assert "XXR 7" in export_event_trf(done.slug)
    assert import_event_json(export_event_json(done.slug), actor=ACTOR, slug="again", now=T0)


def test_issue28_6_an_exported_event_taken_over_pairs_as_the_event_itself():
    """Our own export read back: 3-1-0 points, an odd number (the bye), a forbidden pair."""
    make_event("source", "chess-swiss", 7, swiss_pairing="dutch", points="3,1,0", swiss_rounds="5")
    rng = random.Random(8)
    for _ in range(2):
        play_round("source", rng)
    forbid_pair("source", "P01", "P02", actor=ACTOR, reason="brothers", now=T0)
    done = take_over_event(export_event_trf("source"), actor=ACTOR, slug="copy", now=T0)
    assert done.parameters["points"] == "3,1,0"
    assert done.forbidden_pairs == 1
    assert done.byes == {"U": 2}
    for slug in ("source", "copy"):
        rounds.pair_next_round(slug, actor=ACTOR, now=T0)
    assert paired("copy", 3) == paired("source", 3)
    assert (1, 2) not in paired("copy", 3)[0]
    assert export_event_trf("copy") == export_event_trf("source")


def test_issue28_6_c04_7_xxa_lines_become_baku_acceleration():
    case = "t016p07r_mixed_s1016120_round05"
    done = take_over_event(swiss_manager_trf(case, ACCEL), actor=ACTOR, now=T0, slug="accel")
    assert done.parameters["swiss_acceleration"] == "baku"
    rounds.pair_next_round("accel", actor=ACTOR, now=T0)
    assert paired("accel", 5) == reference(case, ACCEL)
    assert reference(case, ACCEL) != reference(case, DUTCH)


def test_issue28_6_c04_7_an_acceleration_other_than_baku_is_refused():
    text = swiss_manager_trf("t016p07r_mixed_s1016120_round05", ACCEL)
    text = text.replace("XXA    1  1.0", "XXA    1  0.5", 1)
    with pytest.raises(ConfigError, match="not Baku"):
        take_over_event(text, actor=ACTOR, now=T0, slug="accel")
    assert not models.Event.objects.exists()


def test_issue28_6_a_full_point_bye_declared_ahead_is_refused():
    text = swiss_manager_trf().replace("    8 w 1  0000 - H", "    8 w 1  0000 - F", 1)
    with pytest.raises(ConfigError, match="F bye declared for round 5"):
        take_over_event(text, actor=ACTOR, now=T0)
    assert not models.Event.objects.exists()


MIXED = sorted(
    p.name.removesuffix(".trf")
    for p in DUTCH.glob("t0[0-4]*_mixed_*_round05.trf")  # up to 40 players: forfeits and byes
)


def test_the_mixed_fixtures_are_there():
    assert len(MIXED) == 24, DUTCH


@pytest.mark.parametrize("case", MIXED)
def test_issue28_6_every_mixed_fixture_taken_over_after_round_4_pairs_as_bbppairings(case):
    take_over_event(swiss_manager_trf(case), actor=ACTOR, now=T0, slug="case")
    rounds.pair_next_round("case", actor=ACTOR, now=T0)
    assert paired("case", 5) == reference(case)
