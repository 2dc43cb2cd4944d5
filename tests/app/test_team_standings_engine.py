"""Team standings by the engine's team model and tie-breaks (issue 32 join, part 1): the stored
team facts read as an `engine.teams.model.TeamEvent`, ranked by the event's tie-break codes
(shared/reference/fide_teams.md §6; worked example 6.12)."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest

from mashindano.app.teams.boards import correct_board
from mashindano.app.teams.documents import build_team_standings
from mashindano.app.teams.facts import load_team_facts
from mashindano.app.teams.rules import DEFAULT_TIEBREAKS, parse_tiebreaks
from mashindano.app.teams.setup import create_team, pair_team_round, set_roster, set_team_mode
from mashindano.app.teams.standings import team_event_of
from mashindano.engine.errors import ConfigError
from mashindano.store import models

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db

LATER = T0 + timedelta(hours=3)
H = Fraction(1, 2)

# fide_teams.md 6.12, team A's (first-listed) game points board by board.
RESULTS_612 = {
    ("A", "B"): (H, H, 1, H),
    ("A", "C"): (1, 0, H, H),
    ("A", "D"): (1, 1, H, H),
    ("B", "C"): (1, 1, H, H),
    ("B", "D"): (H, H, H, H),
    ("C", "D"): (H, H, H, 0),
}


def _text(points: Fraction) -> str:
    return {Fraction(1): "1-0", H: "1/2-1/2", Fraction(0): "0-1"}[Fraction(points)]


def _event_612(tiebreaks: str | None = None) -> None:
    """Teams A-D of 4 players on 4 boards, a round-robin played by the roster (no line-up by
    the deadline), every board entered by the arbiter."""
    make_event("tm", "chess-swiss", 16, start=False)
    extra = {} if tiebreaks is None else {"tiebreaks": tiebreaks}
    set_team_mode("tm", actor=ACTOR, boards=4, now=T0, **extra)
    for t, name in enumerate("ABCD"):
        create_team("tm", name, actor=ACTOR, now=T0)
        set_roster("tm", t + 1, [f"P{4 * t + n:02d}" for n in range(1, 5)], actor=ACTOR, now=T0)
    for r in (1, 2, 3):
        pair_team_round("tm", r, deadline=T0, actor=ACTOR, now=T0)
    names = {t.number: t.name for t in models.Team.objects.all()}
    for match in models.TeamMatch.objects.all():
        first, second = names[match.first.number], names[match.second.number]
        if (first, second) in RESULTS_612:
            points = RESULTS_612[first, second]
        else:
            points = tuple(1 - p for p in RESULTS_612[second, first])
        for board, p in enumerate(points, start=1):
            correct_board(
                "tm",
                match.round,
                match.number,
                board,
                _text(p),
                actor=ACTOR,
                reason="sheet",
                now=LATER,
            )


def test_fide_teams_6_12_standings_and_tiebreaks_from_the_stored_facts() -> None:
    _event_612()
    table = build_team_standings("tm", now=LATER)
    assert table.tiebreak_names == ("EDE", "BH:MP/C1", "BH:MP", "EMMSB")
    lines = {x.team.name: x for x in table.lines}
    assert [(x.team.name, x.rank) for x in table.lines] == [("A", 1), ("B", 2), ("D", 3), ("C", 4)]
    assert {n: (x.match_points, x.game_points) for n, x in lines.items()} == {
        "A": (5, Fraction(15, 2)),
        "B": (3, Fraction(13, 2)),
        "C": (1, Fraction(9, 2)),
        "D": (3, Fraction(11, 2)),
    }
    bh = table.tiebreak_names.index("BH:MP")
    esb = table.tiebreak_names.index("EMMSB")
    # 6.12: BH:MP A 7, B 9, D 9; EMMSB B 5, D 5.
    assert (lines["A"].tiebreaks[bh], lines["B"].tiebreaks[bh], lines["D"].tiebreaks[bh]) == (
        7,
        9,
        9,
    )
    assert (lines["B"].tiebreaks[esb], lines["D"].tiebreaks[esb]) == (5, 5)
    assert table.legend[1] == (
        "BH:MP/C1",
        "Buchholz: the sum of the opponents' match points, without the lowest 1",
    )
    shown = table.to_json()
    assert shown["tiebreaks"] == ["EDE", "BH:MP/C1", "BH:MP", "EMMSB"]
    assert shown["teams"][1]["tiebreaks"]["BH:MP"] == "9"  # type: ignore[index,call-overload]


def test_fide_teams_6_12_event_tiebreak_codes_bc_and_emgsb() -> None:
    _event_612("MP,GP,EMGSB,BC")
    table = build_team_standings("tm", now=LATER)
    assert table.tiebreak_names == ("EMGSB", "BC")
    lines = {x.team.name: x for x in table.lines}
    # 6.12: EMGSB B 16½ > D 13½; BC of B = 15.
    assert lines["B"].tiebreaks == (Fraction(33, 2), 15)
    assert lines["D"].tiebreaks[0] == Fraction(27, 2)


def test_team_event_of_reads_the_stored_matches_and_boards() -> None:
    _event_612()
    event = team_event_of(load_team_facts(models.Event.objects.get(slug="tm")), LATER)
    assert (event.boards, event.rounds, len(event.matches), len(event.teams)) == (4, 3, 6, 4)
    assert all(m.complete and m.played for m in event.matches)
    assert event.team(1).roster == ("P01", "P02", "P03", "P04")
    assert event.match_points_total(1) == 5


def test_tiebreak_codes_are_checked_and_nothing_stored() -> None:
    assert parse_tiebreaks(" mp, gp ,ede") == ("MP", "GP", "EDE")
    assert DEFAULT_TIEBREAKS == ("MP", "GP", "EDE", "BH:MP/C1", "BH:MP", "EMMSB")
    make_event("tm", "chess-swiss", 4, start=False)
    with pytest.raises(ConfigError, match="starting with MP or GP"):
        set_team_mode("tm", actor=ACTOR, tiebreaks="EDE,MP", now=T0)
    with pytest.raises(ConfigError, match="'XYZ' is not a team tie-break code"):
        set_team_mode("tm", actor=ACTOR, tiebreaks="MP,XYZ", now=T0)
    assert not models.TeamMode.objects.exists()
