"""Refusals that keep a team event consistent (issue 32): an event in team mode pairs team
rounds only (no individual round, no individual draft); once its first team round is paired, a
round-robin takes no more teams and no roster changes (its Berger schedule is fixed), while a
team Swiss still takes a late team, paired from the next round on (fide_teams.md 3.1, 5.1)."""

from __future__ import annotations

import pytest

from mashindano.app import events, rounds
from mashindano.app.drafts import draft_next_round
from mashindano.app.errors import WrongState
from mashindano.app.teams.boards import correct_board
from mashindano.app.teams.desk import build_team_desk
from mashindano.app.teams.setup import create_team, pair_team_round, set_roster, set_team_mode
from mashindano.store import models

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db


def _teams(count: int, *, entries: int, **mode: object) -> None:
    """`count` teams of 2 players (P01-P02, P03-P04, ...) on 2 boards, of `entries` players."""
    make_event("tm", "chess-swiss", entries, start=False)
    set_team_mode("tm", actor=ACTOR, boards=2, now=T0, **mode)  # type: ignore[arg-type]
    for t in range(1, count + 1):
        create_team("tm", f"Team {t}", actor=ACTOR, now=T0)
        set_roster("tm", t, [f"P{2 * t - 1:02d}", f"P{2 * t:02d}"], actor=ACTOR, now=T0)


def _written() -> int:
    return models.AuditEntry.objects.count()


def test_an_event_in_team_mode_pairs_no_individual_round() -> None:
    _teams(2, entries=4)
    events.start_event("tm", actor=ACTOR, now=T0)
    before = (_written(), models.Round.objects.count())
    with pytest.raises(WrongState, match="played in teams: pair its team rounds"):
        rounds.pair_next_round("tm", actor=ACTOR, now=T0)
    with pytest.raises(WrongState, match="played in teams: pair its team rounds"):
        draft_next_round("tm", actor=ACTOR, now=T0)
    assert (_written(), models.Round.objects.count()) == before
    # The team round pairs, and an individual event is not concerned.
    pair_team_round("tm", 1, actor=ACTOR, now=T0)
    make_event("solo", "chess-swiss", 4)
    assert rounds.pair_next_round("solo", actor=ACTOR, now=T0).number == 1


def test_a_paired_round_robin_takes_no_more_teams_and_no_roster_changes() -> None:
    _teams(4, entries=10)
    # Before the first team round: a roster still changes, a team is still added.
    set_roster("tm", 1, ["P02", "P01"], actor=ACTOR, now=T0)
    pair_team_round("tm", 1, actor=ACTOR, now=T0)
    before = (_written(), models.Team.objects.count())
    with pytest.raises(WrongState, match="round-robin is paired; its schedule is fixed"):
        create_team("tm", "Team 5", actor=ACTOR, now=T0)
    with pytest.raises(WrongState, match="round-robin is paired; its rosters no longer change"):
        set_roster("tm", 2, ["P04", "P03", "P09"], actor=ACTOR, now=T0)
    assert (_written(), models.Team.objects.count()) == before
    members = models.TeamMember.objects.filter(team__number=2).order_by("position")
    assert [m.entry.key for m in members] == ["P03", "P04"]
    # The console's Teams page offers neither form any more.
    desk = build_team_desk("tm", ACTOR)
    assert (desk.schedule_fixed, desk.may_create, desk.may_roster) == (True, False, False)


def test_a_team_swiss_takes_a_late_team_paired_from_the_next_round() -> None:
    _teams(4, entries=10, system="swiss", rounds=3)
    pair_team_round("tm", 1, deadline=T0, actor=ACTOR, now=T0)
    # A paired team's roster is fixed (3.1) ...
    with pytest.raises(WrongState, match="Team 1 is paired; its roster no longer changes"):
        set_roster("tm", 1, ["P02", "P01"], actor=ACTOR, now=T0)
    # ... but a late team joins, sets its roster until paired, and plays from round 2.
    assert create_team("tm", "Team 5", actor=ACTOR, now=T0).number == 5
    set_roster("tm", 5, ["P09", "P10"], actor=ACTOR, now=T0)
    set_roster("tm", 5, ["P10", "P09"], actor=ACTOR, now=T0)
    for match in models.TeamMatch.objects.filter(round=1, second__isnull=False):
        for board in (1, 2):
            correct_board("tm", 1, match.number, board, "1-0", actor=ACTOR, reason="sheet", now=T0)
    pair_team_round("tm", 2, deadline=T0, actor=ACTOR, now=T0)
    second = models.TeamMatch.objects.filter(round=2)
    assert 5 in {t.number for m in second for t in (m.first, m.second) if t is not None}
    desk = build_team_desk("tm", ACTOR)
    assert (desk.schedule_fixed, desk.may_create) == (False, True)
    assert models.TeamMatch.objects.filter(round=1).count() == 2
