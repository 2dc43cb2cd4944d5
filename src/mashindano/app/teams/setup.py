"""Setting an event up for teams: its team mode, its teams and their rosters, and the team
matches of a round. Each use case writes facts and one audit entry (`locked_event`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, NotAllowed, UnknownUser, WrongState
from mashindano.app.events import start_event
from mashindano.app.locking import EventContext, locked_event
from mashindano.app.permissions import authorise, team_sides
from mashindano.app.principals import Principal
from mashindano.app.queries import get_entry
from mashindano.app.teams.facts import Mode, load_team_facts, team_mode
from mashindano.app.teams.rules import (
    DEFAULT_TIEBREAKS,
    MissingLineup,
    TeamSystem,
    parse_match_points,
    parse_team_system,
    parse_tiebreaks,
    split_names,
)
from mashindano.app.teams.standings import swiss_entries, team_event_of
from mashindano.engine.errors import ConfigError, ParseError
from mashindano.engine.teams.pairing import (
    TeamSwissRules,
    default_pab_points,
    pair_team_swiss_round,
)
from mashindano.engine.teams.round_robin import team_round_robin
from mashindano.store import models
from mashindano.store.facts import EventState, Json

MAX_BOARDS = 20
MAX_ROUNDS = 99


def refuse_closed(context: EventContext) -> None:
    if context.event.state == EventState.CLOSED.value:
        raise WrongState(
            gettext("event {slug!r} is closed; its teams can no longer change").format(
                slug=context.event.slug
            ),
            event=context.event.slug,
        )


@dataclass(frozen=True, slots=True)
class ModeSet:
    boards: int
    match_points: str
    missing_lineup: str
    tiebreaks: str = ",".join(DEFAULT_TIEBREAKS)
    system: str = TeamSystem.ROUND_ROBIN.value
    rounds: int | None = None
    board_prize_games: int | None = None


def set_team_mode(
    slug: str,
    *,
    actor: Principal,
    boards: int = 4,
    match_points: str = "2,1,0",
    missing_lineup: str = MissingLineup.ROSTER.value,
    tiebreaks: str = ",".join(DEFAULT_TIEBREAKS),
    system: str = TeamSystem.ROUND_ROBIN.value,
    rounds: int | None = None,
    board_prize_games: int | None = None,
    now: datetime | None = None,
) -> ModeSet:
    """Play the event in teams: `boards` per match, match points won/drawn/lost, what a
    line-up missing at the deadline brings ('roster' or 'forfeit'), and the standings order
    as team tie-break codes (`rules.DEFAULT_TIEBREAKS` unless given), and the pairing
    `system`: 'round-robin' (the Berger tables) or 'swiss' (FIDE C.04.6, with its `rounds`),
    and `board_prize_games`, the fewest games on a board that rank a player for its board
    prize (None: two thirds of the rounds, `standings.board_prize_minimum`). Changeable until
    the first team match is paired."""
    with locked_event(slug, actor, "team.mode", now=now) as context:
        refuse_closed(context)
        if not 1 <= boards <= MAX_BOARDS:
            raise ConfigError(
                gettext("boards: a match has 1 to {most} boards, got {boards}").format(
                    most=MAX_BOARDS, boards=boards
                ),
                parameter="boards",
            )
        points = parse_match_points(match_points)
        codes = ",".join(parse_tiebreaks(tiebreaks))
        chosen = parse_team_system(system)
        if chosen is TeamSystem.SWISS and (rounds is None or not 1 <= rounds <= MAX_ROUNDS):
            raise ConfigError(
                gettext("rounds: a team Swiss has 1 to {most} rounds, got {rounds}").format(
                    most=MAX_ROUNDS, rounds=rounds
                ),
                parameter="rounds",
            )
        if chosen is TeamSystem.ROUND_ROBIN:
            rounds = None
        if board_prize_games is not None and not 1 <= board_prize_games <= MAX_ROUNDS:
            raise ConfigError(
                gettext(
                    "board prize games: a board prize needs 1 to {most} games, got {games}"
                ).format(most=MAX_ROUNDS, games=board_prize_games),
                parameter="board_prize_games",
            )
        try:
            missing = MissingLineup(missing_lineup)
        except ValueError:
            raise ConfigError(
                gettext("missing line-up: 'roster' or 'forfeit', got {value!r}").format(
                    value=missing_lineup
                ),
                parameter="missing_lineup",
            ) from None
        if models.TeamMatch.objects.filter(event=context.event).exists():
            raise WrongState(
                gettext(
                    "event {slug!r}: team matches are paired; the team mode no longer changes"
                ).format(slug=slug),
                event=slug,
            )
        row = models.TeamMode.objects.filter(event=context.event).first()
        before: Json = (
            None
            if row is None
            else {
                "boards": row.boards,
                "match_points": row.match_points,
                "missing_lineup": row.missing_lineup,
                "tiebreaks": row.tiebreaks,
                "system": row.system,
                "rounds": row.rounds,
                "board_prize_games": row.board_prize_games,
            }
        )
        done = ModeSet(
            boards, points.text, missing.value, codes, chosen.value, rounds, board_prize_games
        )
        models.TeamMode.objects.update_or_create(
            event=context.event,
            defaults={
                "boards": boards,
                "match_points": points.text,
                "missing_lineup": missing.value,
                "tiebreaks": codes,
                "system": chosen.value,
                "rounds": rounds,
                "board_prize_games": board_prize_games,
                "at": context.now,
                "actor": context.actor,
            },
        )
        context.record(
            before=before,
            after={
                "boards": boards,
                "match_points": points.text,
                "missing_lineup": missing.value,
                "tiebreaks": codes,
                "system": chosen.value,
                "rounds": rounds,
                "board_prize_games": board_prize_games,
            },
        )
        return done


@dataclass(frozen=True, slots=True)
class TeamCreated:
    number: int
    name: str


def create_team(
    slug: str,
    name: str,
    *,
    actor: Principal,
    club: str = "",
    captain: str = "",
    now: datetime | None = None,
) -> TeamCreated:
    """Add a team (name, club or country, the captain's account name) to a team event; it
    gets the next team number.

    Once the first team round is paired, a round-robin takes no more teams: its Berger
    schedule is fixed for the teams it was paired with (fide_teams.md 4.8). A team Swiss
    still takes a late team (C.04.6 applies the C.04.2 handling rules, 5.1): it is paired
    from the next round on, its earlier rounds counting nothing."""
    name = name.strip()
    with locked_event(slug, actor, "team.create", now=now) as context:
        refuse_closed(context)
        if not name:
            raise ParseError(gettext("a team needs a name"), parameter="name")
        mode = team_mode(context.event)
        if mode.system is TeamSystem.ROUND_ROBIN and _paired(context):
            raise WrongState(
                gettext(
                    "event {slug!r}: its team round-robin is paired; its schedule is fixed "
                    "and takes no more teams"
                ).format(slug=slug),
                event=slug,
            )
        if models.Team.objects.filter(event=context.event, name=name).exists():
            raise Duplicate(
                gettext("event {slug!r} already has a team {name!r}").format(slug=slug, name=name),
                event=slug,
                team=name,
            )
        user = _account(captain) if captain.strip() else None
        number = (
            models.Team.objects.filter(event=context.event).aggregate(top=Max("number"))["top"] or 0
        ) + 1
        models.Team.objects.create(
            event=context.event,
            number=number,
            name=name,
            club=club.strip(),
            captain=user,
            at=context.now,
            actor=context.actor,
        )
        context.record(
            after={"team": number, "name": name, "club": club.strip(), "captain": captain.strip()}
        )
        return TeamCreated(number, name)


def _account(name: str) -> Any:
    users = get_user_model()
    try:
        return users.objects.get(**{users.USERNAME_FIELD: name.strip()})
    except users.DoesNotExist:
        raise UnknownUser(
            gettext("no account {name!r} to captain the team").format(name=name), user=name
        ) from None


@dataclass(frozen=True, slots=True)
class RosterSet:
    team: int
    players: tuple[str, ...]
    reserves: int


def set_roster(
    slug: str,
    team: int,
    players: Sequence[str],
    *,
    actor: Principal,
    reserves: int = 0,
    now: datetime | None = None,
) -> RosterSet:
    """The team's ranked roster (fide_teams.md 3.1): the event's players in order, the last
    `reserves` of them reserves. Fixed once the team has submitted a line-up, and once the
    team is paired in a match (3.1: the list does not change during the event); in a
    round-robin, every roster is fixed once the first team round is paired. A late team of a
    team Swiss (`create_team`) sets its roster until it is paired."""
    wanted = [p for p in split_names(players) if p]
    with locked_event(slug, actor, "team.roster", now=now) as context:
        refuse_closed(context)
        mode = team_mode(context.event)
        row = _team_row(context, team)
        sides = team_sides(context.principal, slug, (team,))
        if sides is not None and team not in sides:
            raise NotAllowed(
                gettext("{name} may set the roster of their own team only, not {team}").format(
                    name=context.actor, team=row.name
                ),
                action="team.roster",
            )
        if not wanted:
            raise ParseError(gettext("a roster needs at least one player"), parameter="players")
        if not 0 <= reserves < len(wanted):
            raise ParseError(
                gettext(
                    "reserves: between 0 and {most} for {count} players, got {reserves}"
                ).format(most=len(wanted) - 1, count=len(wanted), reserves=reserves),
                parameter="reserves",
            )
        if mode.system is TeamSystem.ROUND_ROBIN and _paired(context):
            raise WrongState(
                gettext(
                    "team {team}: the team round-robin is paired; its rosters no longer change "
                    "(fide_teams.md 3.1)"
                ).format(team=row.name),
                team=team,
            )
        if models.TeamMatch.objects.filter(
            Q(first=row) | Q(second=row), event=context.event
        ).exists():
            raise WrongState(
                gettext(
                    "team {team} is paired; its roster no longer changes (fide_teams.md 3.1)"
                ).format(team=row.name),
                team=team,
            )
        if models.Lineup.objects.filter(team=row).exists():
            raise WrongState(
                gettext(
                    "team {team}: a line-up is in; the roster no longer changes (fide_teams.md 3.1)"
                ).format(team=row.name),
                team=team,
            )
        entries = [get_entry(context.event, p) for p in wanted]
        keys = [e.key for e in entries]
        twice = sorted({k for k in keys if keys.count(k) > 1})
        if twice:
            raise ParseError(
                gettext("the roster names {players} twice").format(players=", ".join(twice)),
                parameter="players",
            )
        elsewhere = (
            models.TeamMember.objects.filter(team__event=context.event, entry__in=entries)
            .exclude(team=row)
            .select_related("team", "entry")
            .first()
        )
        if elsewhere is not None:
            raise Duplicate(
                gettext("{player} is already on the roster of {team}").format(
                    player=elsewhere.entry.key, team=elsewhere.team.name
                ),
                player=elsewhere.entry.key,
            )
        if len(entries) - reserves < mode.boards:
            raise ParseError(
                gettext(
                    "team {team}: {count} regular players for {boards} boards; name at least "
                    "as many as a match has boards"
                ).format(team=row.name, count=len(entries) - reserves, boards=mode.boards),
                parameter="players",
            )
        before: list[Json] = list(
            models.TeamMember.objects.filter(team=row).values_list("entry__key", flat=True)
        )
        models.TeamMember.objects.filter(team=row).delete()
        regular = len(entries) - reserves
        models.TeamMember.objects.bulk_create(
            models.TeamMember(team=row, entry=e, position=i, reserve=i > regular)
            for i, e in enumerate(entries, start=1)
        )
        context.record(
            before={"team": team, "players": before} if before else None,
            after={"team": team, "players": list[Json](keys), "reserves": reserves},
        )
        return RosterSet(team, tuple(keys), reserves)


def _paired(context: EventContext) -> bool:
    """Whether a team round of the event is paired."""
    return models.TeamMatch.objects.filter(event=context.event).exists()


def _team_row(context: EventContext, number: int) -> models.Team:
    row = models.Team.objects.filter(event=context.event, number=number).first()
    if row is None:
        from mashindano.app.errors import NotFound

        raise NotFound(
            gettext("event {slug!r} has no team {team}").format(
                slug=context.event.slug, team=number
            ),
            event=context.event.slug,
            team=number,
        )
    return row


@dataclass(frozen=True, slots=True)
class TeamRoundPaired:
    round: int
    matches: tuple[tuple[int, int | None], ...]


def pair_team_round(
    slug: str,
    round: int,
    *,
    actor: Principal,
    deadline: datetime | None = None,
    now: datetime | None = None,
) -> TeamRoundPaired:
    """Pair the team matches of `round` by the team mode's system: a round-robin by the FIDE
    Berger tables on the team numbers (`engine.teams.round_robin`, fide_teams.md 4.8; a team
    drawn against the dummy sits out, its bye counting nothing), or a team Swiss round
    (`engine.teams.pairing`, C.04.6) from the stored history once the rounds before are
    complete, its PAB stored with the value of fide_teams.md 5.2. The first-named team has
    White on board 1. The line-ups are due by `deadline`.

    An event still in registration starts first (`events.start_event`, its own audit entry:
    entries and numbers fixed, the pages say it is running), in the same transaction: a round
    refused leaves the event unstarted."""
    authorise(actor, "team.pair", slug)
    with transaction.atomic():
        if models.Event.objects.filter(
            slug=slug, state=EventState.REGISTRATION.value, team_mode__isnull=False
        ).exists():
            start_event(slug, actor=actor, now=now, reason=FIRST_TEAM_ROUND)
        return _pair_team_round(slug, round, actor=actor, deadline=deadline, now=now)


FIRST_TEAM_ROUND = "its first team round is paired"
"""The reason kept in the audit log of an event started by pairing its first team round."""


def _pair_team_round(
    slug: str,
    round: int,
    *,
    actor: Principal,
    deadline: datetime | None,
    now: datetime | None,
) -> TeamRoundPaired:
    with locked_event(slug, actor, "team.pair", now=now) as context:
        refuse_closed(context)
        mode = team_mode(context.event)
        teams = {t.number: t for t in models.Team.objects.filter(event=context.event)}
        if len(teams) < 2:
            raise WrongState(
                gettext("event {slug!r}: a team round needs at least two teams").format(slug=slug),
                event=slug,
            )
        if models.TeamMatch.objects.filter(event=context.event, round=round).exists():
            raise Duplicate(
                gettext("event {slug!r}: round {round} is already paired").format(
                    slug=slug, round=round
                ),
                round=round,
            )
        short = [
            t.name for t in teams.values() if not models.TeamMember.objects.filter(team=t).exists()
        ]
        if short:
            raise WrongState(
                gettext("teams without a roster: {teams}").format(teams=", ".join(short)),
                event=slug,
            )
        if mode.system is TeamSystem.SWISS:
            paired, bye = _swiss_round(context, mode, round)
        else:
            paired, bye = _round_robin_round(sorted(teams), mode.boards, round), None
        for table_number, (first, second) in enumerate(paired, start=1):
            models.TeamMatch.objects.create(
                event=context.event,
                round=round,
                number=table_number,
                first=teams[first],
                second=teams[second] if second is not None else None,
                lineup_deadline=deadline,
                bye_match_points=str(bye[0]) if bye and second is None else "",
                bye_game_points=str(bye[1]) if bye and second is None else "",
                at=context.now,
                actor=context.actor,
            )
        context.record(
            after={
                "round": round,
                "system": mode.system.value,
                "matches": [[f, s] for f, s in paired],
                "bye": [str(bye[0]), str(bye[1])] if bye else None,
                "deadline": deadline.isoformat() if deadline else None,
            }
        )
        return TeamRoundPaired(round, tuple(paired))


def _round_robin_round(numbers: list[int], boards: int, round: int) -> list[tuple[int, int | None]]:
    """The round of the team round-robin (the engine's Berger schedule on places 1..n, read
    with the team numbers); the team sitting out last."""
    schedule = team_round_robin(len(numbers), boards)
    if not 1 <= round <= len(schedule.rounds):
        raise ParseError(
            gettext("round: a round-robin of {count} teams has rounds 1 to {last}").format(
                count=len(numbers), last=len(schedule.rounds)
            ),
            parameter="round",
        )
    found = schedule.rounds[round - 1]
    paired: list[tuple[int, int | None]] = [
        (numbers[m.first - 1], numbers[m.second - 1]) for m in found.matches
    ]
    if found.sitting_out is not None:
        paired.append((numbers[found.sitting_out - 1], None))
    return paired


def _swiss_round(
    context: EventContext, mode: Mode, round: int
) -> tuple[list[tuple[int, int | None]], tuple[Fraction, Fraction] | None]:
    """A team Swiss round from the stored history (white team first), and its PAB's value."""
    assert mode.rounds is not None
    slug = context.event.slug
    if not 1 <= round <= mode.rounds:
        raise ParseError(
            gettext("round: the team Swiss has rounds 1 to {last}").format(last=mode.rounds),
            parameter="round",
        )
    facts = load_team_facts(context.event)
    paired_rounds = {m.round for m in facts.matches}
    missing = [r for r in range(1, round) if r not in paired_rounds]
    if missing:
        raise WrongState(
            gettext("event {slug!r}: round {round} is not paired yet").format(
                slug=slug, round=missing[0]
            ),
            event=slug,
            round=missing[0],
        )
    event = team_event_of(facts, context.now)
    open_matches = [m for m in event.matches if m.round < round and not m.complete]
    if open_matches:
        raise WrongState(
            gettext(
                "event {slug!r}: round {round} has team matches without all their results"
            ).format(slug=slug, round=open_matches[0].round),
            event=slug,
            round=open_matches[0].round,
        )
    found = pair_team_swiss_round(
        swiss_entries(event, round), round, TeamSwissRules(rounds=mode.rounds)
    )
    paired: list[tuple[int, int | None]] = [(p.white, p.black) for p in found.pairings]
    if found.pab is None:
        return paired, None
    paired.append((found.pab, None))
    return paired, default_pab_points(mode.boards, mode.points.draw)
