"""What the console's Teams page shows an event's organisers and arbiters (web/console/teams):
the team mode if any, the teams with their rosters, the players on no roster yet, the rounds
paired and the next one, and which of the team set-up actions (`team.mode`, `team.create`,
`team.roster`, `team.pair`) the viewer may take now. Derived from the stored facts."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from mashindano.app.documents.console import ConsoleEvent, build_console_event
from mashindano.app.errors import NotFound
from mashindano.app.permissions import authorise
from mashindano.app.principals import Principal
from mashindano.app.teams.facts import Mode, TeamFact, load_team_facts
from mashindano.app.teams.rules import TeamSystem
from mashindano.store import models

SETUP_ACTIONS = ("team.mode", "team.create", "team.roster", "team.pair")
"""The actions the Teams page offers, each with its own form."""


@dataclass(frozen=True, slots=True)
class TeamDesk:
    event: ConsoleEvent
    mode: Mode | None
    """None: the event is not played in teams (yet)."""
    teams: tuple[TeamFact, ...]
    unplaced: tuple[str, ...]
    """Names of the event's players on no team's roster, in name order."""
    paired_rounds: tuple[int, ...]
    last_round: int | None
    """The team rounds the system pairs (a round-robin's by its table, a Swiss's as set);
    None before the team mode is set."""
    mode_fixed: bool
    """A team match is paired: the team mode no longer changes."""

    @property
    def next_round(self) -> int:
        return max(self.paired_rounds, default=0) + 1

    @property
    def all_paired(self) -> bool:
        return self.last_round is not None and self.next_round > self.last_round

    @property
    def is_swiss(self) -> bool:
        return self.mode is not None and self.mode.system is TeamSystem.SWISS

    @property
    def may_mode(self) -> bool:
        return self.event.may("team.mode") and not self.mode_fixed

    @property
    def schedule_fixed(self) -> bool:
        """A paired round-robin: it takes no more teams and no roster changes (a team Swiss
        still takes a late team, `setup.create_team`)."""
        return self.mode_fixed and not self.is_swiss

    @property
    def may_create(self) -> bool:
        return self.mode is not None and self.event.may("team.create") and not self.schedule_fixed

    @property
    def may_roster(self) -> bool:
        return self.mode is not None and self.event.may("team.roster") and not self.schedule_fixed

    @property
    def may_pair(self) -> bool:
        return self.mode is not None and self.event.may("team.pair")


def _last_round(mode: Mode, teams: int) -> int | None:
    if mode.system is TeamSystem.SWISS:
        return mode.rounds
    if teams < 2:
        return None
    return teams - 1 if teams % 2 == 0 else teams


def build_team_desk(slug: str, principal: Principal | None) -> TeamDesk:
    """The Teams page of the event, for those who may set its teams up (`team.create`: its
    organisers and arbiters; NotAllowed for anyone else, an assistant too). NotFound for an
    event the console shows no Teams page (`offers_teams`)."""
    event = build_console_event(slug, principal)
    assert principal is not None
    authorise(principal, "team.create", slug)
    if not event.teams_tab:
        raise NotFound(
            gettext("event {slug!r} is not played in teams and has started").format(slug=slug),
            event=slug,
        )
    row = models.Event.objects.get(slug=slug)
    players = dict(models.Entry.objects.filter(event=row).values_list("key", "name"))
    if not models.TeamMode.objects.filter(event=row).exists():
        names = tuple(sorted(players.values(), key=str.casefold))
        return TeamDesk(event, None, (), names, (), None, False)
    facts = load_team_facts(row)
    placed = {m.key for t in facts.teams.values() for m in t.roster}
    unplaced = tuple(sorted((n for k, n in players.items() if k not in placed), key=str.casefold))
    rounds = tuple(sorted({m.round for m in facts.matches}))
    return TeamDesk(
        event=event,
        mode=facts.mode,
        teams=tuple(facts.teams[n] for n in sorted(facts.teams)),
        unplaced=unplaced,
        paired_rounds=rounds,
        last_round=_last_round(facts.mode, len(facts.teams)),
        mode_fixed=bool(facts.matches),
    )
