"""The team facts of an event, loaded once and read by the use cases and the documents:
team mode, teams with their rosters, matches with their line-ups and board logs. The effective
line-up of a team in a match and each board's current result are derived here from those facts
and a time (`now`), never stored."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from django.utils.translation import gettext

from mashindano.app.errors import NotFound, WrongState
from mashindano.app.teams.rules import (
    DEFAULT_TIEBREAKS,
    MatchPoints,
    MissingLineup,
    TeamSystem,
    default_lineup,
    lineup_problems,
    parse_match_points,
    parse_tiebreaks,
    seated_result,
)
from mashindano.engine.model import GameResult, Termination
from mashindano.store import models
from mashindano.store.facts import ReportFact, ReportKind, ResultStatus, fold_reports


@dataclass(frozen=True, slots=True)
class Mode:
    boards: int
    points: MatchPoints
    missing: MissingLineup
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    """The standings order as team tie-break codes (`engine.teams.tiebreaks`)."""
    system: TeamSystem = TeamSystem.ROUND_ROBIN
    rounds: int | None = None
    """The rounds of a team Swiss (None for a round-robin: its table gives them)."""
    board_prize_games: int | None = None
    """The fewest games on a board for its prize (None: `standings.board_prize_minimum`'s
    default, two thirds of the rounds)."""


@dataclass(frozen=True, slots=True)
class Member:
    key: str
    name: str
    position: int
    reserve: bool
    rating: int | None


@dataclass(frozen=True, slots=True)
class TeamFact:
    number: int
    name: str
    club: str
    captain: str
    """The captain's account name ("" when none)."""
    captain_id: int | None
    roster: tuple[Member, ...]

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(m.key for m in self.roster)


@dataclass(frozen=True, slots=True)
class LineupFact:
    players: tuple[str, ...]
    at: datetime
    actor: str
    reason: str


@dataclass(frozen=True, slots=True)
class BoardLog:
    reports: tuple[ReportFact, ...]
    sides: tuple[int, ...]
    """The team each report's actor acted for (0: an official), report by report."""


@dataclass(frozen=True, slots=True)
class MatchFact:
    round: int
    number: int
    first: int
    second: int | None
    deadline: datetime | None
    lineups: dict[int, LineupFact]
    """The latest line-up per team number."""
    boards: dict[int, BoardLog]
    bye: tuple[Fraction, Fraction] | None = None
    """A bye's match points and game points as given when paired (a team Swiss PAB); None
    when it counts nothing."""

    @property
    def teams(self) -> tuple[int, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)

    def deadline_passed(self, now: datetime) -> bool:
        return self.deadline is not None and now >= self.deadline

    def lineups_in(self) -> bool:
        return all(t in self.lineups for t in self.teams)

    def lineups_shown(self, now: datetime) -> bool:
        """Line-ups are shown once both are in, or once the deadline has passed (a missing one
        then has its consequence)."""
        return self.lineups_in() or self.deadline_passed(now)


@dataclass(frozen=True, slots=True)
class TeamEventFacts:
    slug: str
    mode: Mode
    teams: dict[int, TeamFact]
    matches: tuple[MatchFact, ...]
    names: dict[str, str]
    """Entry key -> the player's name."""

    def team(self, number: int) -> TeamFact:
        try:
            return self.teams[number]
        except KeyError:
            raise NotFound(
                gettext("event {slug!r} has no team {team}").format(slug=self.slug, team=number),
                event=self.slug,
                team=number,
            ) from None

    def match(self, round_number: int, number: int) -> MatchFact:
        for match in self.matches:
            if match.round == round_number and match.number == number:
                return match
        raise NotFound(
            gettext("event {slug!r} has no team match {number} in round {round}").format(
                slug=self.slug, number=number, round=round_number
            ),
            event=self.slug,
            round=round_number,
            match=number,
        )

    def lineup(self, match: MatchFact, team: int, now: datetime) -> tuple[str, ...] | None:
        """The team's line-up in the match, board by board ("" = empty board): as submitted,
        or once the deadline has passed without one, the mode's consequence; None while it
        is still to come."""
        found = match.lineups.get(team)
        boards = self.mode.boards
        if found is not None:
            players = found.players[:boards]
            return players + ("",) * (boards - len(players))
        if match.deadline_passed(now):
            return default_lineup(self.team(team).keys, boards, self.mode.missing)
        return None

    def flags(self, match: MatchFact) -> tuple[str, ...]:
        """The board-order violations of the match's submitted line-ups (an official may
        enter the line-up that was actually played; it is shown flagged)."""
        found: list[str] = []
        for team, lineup in sorted(match.lineups.items()):
            fact = self.team(team)
            for problem in lineup_problems(fact.keys, lineup.players, self.mode.boards):
                found.append(f"{fact.name}: {problem.message}")
        return tuple(found)

    def seated(self, match: MatchFact, now: datetime) -> tuple[tuple[str, str], ...] | None:
        """Both line-ups, board by board (first team's key, second team's key), once shown."""
        if match.second is None or not match.lineups_shown(now):
            return None
        first = self.lineup(match, match.first, now)
        second = self.lineup(match, match.second, now)
        if first is None or second is None:
            return None
        return tuple(zip(first, second, strict=True))

    def board_result(
        self, match: MatchFact, board: int, seat: tuple[str, str]
    ) -> tuple[GameResult, ResultStatus, bool]:
        """The board's current result and status, and whether it comes from an empty board."""
        by_seat = seated_result(*seat)
        if by_seat is not None:
            return by_seat, ResultStatus.CONFIRMED, True
        log = match.boards.get(board)
        if log is None:
            return GameResult.NOT_PLAYED, ResultStatus.PENDING, False
        result, _, status = fold_reports(log.reports)
        return result, status, False


def team_mode(event: models.Event) -> Mode:
    try:
        row = event.team_mode
    except models.TeamMode.DoesNotExist:
        raise WrongState(
            gettext("event {slug!r} is not played in teams (set its team mode first)").format(
                slug=event.slug
            ),
            event=event.slug,
        ) from None
    return Mode(
        row.boards,
        parse_match_points(row.match_points),
        MissingLineup(row.missing_lineup),
        parse_tiebreaks(row.tiebreaks),
        TeamSystem(row.system),
        row.rounds,
        row.board_prize_games,
    )


def load_team_facts(event: models.Event) -> TeamEventFacts:
    mode = team_mode(event)
    entries = {
        e.id: e
        for e in models.Entry.objects.filter(event=event).only("id", "key", "name", "rating")
    }
    names = {e.key: e.name for e in entries.values()}
    members: dict[int, list[Member]] = {}
    for m in models.TeamMember.objects.filter(team__event=event).order_by("team", "position"):
        entry = entries[m.entry_id]
        members.setdefault(m.team_id, []).append(
            Member(entry.key, entry.name, m.position, m.reserve, entry.rating)
        )
    teams: dict[int, TeamFact] = {}
    number_of: dict[int, int] = {}
    for t in models.Team.objects.filter(event=event).select_related("captain"):
        number_of[t.id] = t.number
        teams[t.number] = TeamFact(
            t.number,
            t.name,
            t.club,
            t.captain.get_username() if t.captain else "",
            t.captain_id,
            tuple(members.get(t.id, ())),
        )
    lineups: dict[int, dict[int, LineupFact]] = {}
    for row in models.Lineup.objects.filter(match__event=event).order_by("at", "id"):
        lineups.setdefault(row.match_id, {})[number_of[row.team_id]] = LineupFact(
            tuple(str(k) for k in row.players), row.at, row.actor, row.reason
        )
    logs: dict[int, dict[int, list[models.BoardReport]]] = {}
    for report in models.BoardReport.objects.filter(match__event=event).order_by("at", "id"):
        logs.setdefault(report.match_id, {}).setdefault(report.board, []).append(report)
    matches = tuple(
        MatchFact(
            m.round,
            m.number,
            number_of[m.first_id],
            number_of[m.second_id] if m.second_id is not None else None,
            m.lineup_deadline,
            lineups.get(m.id, {}),
            {
                board: BoardLog(tuple(_report_fact(r) for r in rows), tuple(r.side for r in rows))
                for board, rows in logs.get(m.id, {}).items()
            },
            (Fraction(m.bye_match_points), Fraction(m.bye_game_points))
            if m.second_id is None and m.bye_match_points
            else None,
        )
        for m in models.TeamMatch.objects.filter(event=event).order_by("round", "number")
    )
    return TeamEventFacts(event.slug, mode, teams, matches, names)


def _report_fact(row: models.BoardReport) -> ReportFact:
    return ReportFact(
        ReportKind(row.kind),
        GameResult(row.result) if row.result else None,
        Termination.NORMAL,
        row.actor,
        row.at,
        row.reason,
    )
