"""Taking over a team event from a TRF team file (issue 32): TRF-26 with its 310/320/330/352
records, or TRF-16 with 013 records in either shape (fide_teams.md §8, §9).

`app.takeover.take_over_event` hands a team file here, so the CLI, the API and the console
import it exactly as an individual file. The file is read by `interchange.trf_teams`
(`trf_to_team_event`); the event gets its team mode (the file's boards, its match points
(362), round-robin or Swiss as record 092 says or as given), its teams with their rosters in
board order (310/013), its team matches round by round with the line-ups that were played
(the team with White on board 1 named first), the board results as rulings "taken over from
the TRF file" by the importer, the PABs with their value (320) and the forfeited matches
(330: the absent team's boards empty). All of it is stored in one transaction with one audit
entry, or nothing; `dry_run` checks everything and stores nothing. What the event cannot hold
is refused with the reason (board points other than 1/½/0, more boards than a match may have,
two teams of one name, a roster shorter than a match)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from django.utils.translation import gettext

from mashindano.app.events import new_event_row
from mashindano.app.locking import EventContext, write_audit
from mashindano.app.permissions import Grant
from mashindano.app.principals import Principal
from mashindano.app.teams.rules import (
    DEFAULT_TIEBREAKS,
    MissingLineup,
    TeamSystem,
    first_team_colour,
    parse_match_points,
    parse_team_system,
)
from mashindano.app.teams.setup import MAX_BOARDS, MAX_ROUNDS
from mashindano.engine.errors import ConfigError, ParseError
from mashindano.engine.model import GameResult, Side
from mashindano.engine.points import CHESS, PointSystem, format_points
from mashindano.engine.teams.model import BoardResult, MatchForfeit, TeamEvent, TeamMatch
from mashindano.engine.teams.round_robin import team_round_robin
from mashindano.interchange.trf_model import TrfTournament
from mashindano.interchange.trf_teams import trf_to_team_event
from mashindano.store import models
from mashindano.store.facts import Json, ReportKind

IMPORT_ACTION = "event.takeover"
RESULT_REASON = "taken over from the TRF file"

_FIRST_RESULT = {
    BoardResult.HOME_WINS: GameResult.FIRST_WINS,
    BoardResult.AWAY_WINS: GameResult.SECOND_WINS,
    BoardResult.DRAW: GameResult.DRAW,
    BoardResult.HOME_WINS_BY_FORFEIT: GameResult.FIRST_WINS_BY_FORFEIT,
    BoardResult.AWAY_WINS_BY_FORFEIT: GameResult.SECOND_WINS_BY_FORFEIT,
    BoardResult.DOUBLE_FORFEIT: GameResult.DOUBLE_FORFEIT,
}
_SWAPPED = {
    GameResult.FIRST_WINS: GameResult.SECOND_WINS,
    GameResult.SECOND_WINS: GameResult.FIRST_WINS,
    GameResult.DRAW: GameResult.DRAW,
    GameResult.FIRST_WINS_BY_FORFEIT: GameResult.SECOND_WINS_BY_FORFEIT,
    GameResult.SECOND_WINS_BY_FORFEIT: GameResult.FIRST_WINS_BY_FORFEIT,
    GameResult.DOUBLE_FORFEIT: GameResult.DOUBLE_FORFEIT,
}


@dataclass(frozen=True, slots=True)
class PlannedMatch:
    """One team match as stored: the team with White on board 1 first; the line-ups by
    entry key ("" an empty board); the board results read from the first team's player
    (None: no result yet, or an empty board that decides itself)."""

    round: int
    number: int
    first: int
    second: int | None
    lineups: tuple[tuple[str, ...], tuple[str, ...]] | None
    results: tuple[GameResult | None, ...]
    bye: tuple[Fraction, Fraction] | None = None
    forfeit: bool = False


@dataclass(frozen=True, slots=True)
class TeamPlan:
    """What a team file gives as an event: checked, not yet stored."""

    event: TeamEvent
    system: TeamSystem
    match_points: str
    keys: dict[int, str]
    """Starting rank -> entry key."""
    matches: tuple[PlannedMatch, ...]
    total_rounds: int
    warnings: tuple[str, ...]

    @property
    def rounds_played(self) -> int:
        return max((m.round for m in self.matches), default=0)

    @property
    def games(self) -> int:
        return sum(
            1
            for m in self.matches
            if m.lineups is not None
            for a, b in zip(*m.lineups, strict=True)
            if a or b
        )

    @property
    def forfeits(self) -> int:
        return sum(1 for m in self.matches if m.forfeit)

    @property
    def open_games(self) -> int:
        return sum(
            1
            for m in self.matches
            if m.lineups is not None
            for (a, b), r in zip(zip(*m.lineups, strict=True), m.results, strict=True)
            if a and b and r is None
        )

    @property
    def pabs(self) -> int:
        return sum(1 for m in self.matches if m.second is None)


def _number(value: Fraction) -> str:
    return format_points(value).removesuffix(".0")


def plan_team_file(
    tournament: TrfTournament, *, source: str, system: str | None, strict: bool
) -> TeamPlan:
    """The team event of a team file, checked against what the stored team mode holds.
    `system` ('round-robin' / 'swiss') overrides record 092. ParseError / ConfigError name
    what does not fit."""
    chosen: TeamSystem | None = None
    if system:
        chosen = parse_team_system(system)
    round_robin = None if chosen is None else chosen is TeamSystem.ROUND_ROBIN
    reading = trf_to_team_event(tournament, source=source, round_robin=round_robin)
    warnings = [str(w) for w in tournament.warnings]
    read_past = [w.message for w in reading.warnings]
    if strict and read_past:
        raise ParseError(
            gettext("{source}: {warning} (refused: strict reading)").format(
                source=source, warning=read_past[0]
            ),
            source=source,
        )
    warnings.extend(read_past)
    event = reading.event
    team_system = TeamSystem.ROUND_ROBIN if event.round_robin else TeamSystem.SWISS
    _check(event, source, team_system)
    scheme = event.match_scheme
    match_points = parse_match_points(
        ",".join(_number(v) for v in (scheme.win, scheme.draw, scheme.loss))
    ).text
    keys = _keys(tournament)
    matches, recoloured = _matches(event, keys)
    if recoloured:
        warnings.append(
            gettext(
                "{source}: {count} match(es) have board colours other than White on the odd "
                "boards of the team named first; the event keeps that order (fide_teams.md 4.2)"
            ).format(source=source, count=recoloured)
        )
    on_team = {p for team in tournament.teams for p in team.players}
    outside = sorted(p.starting_rank for p in tournament.players if p.starting_rank not in on_team)
    if outside:
        warnings.append(
            gettext("{source}: players {players} are on no team's roster").format(
                source=source, players=", ".join(str(p) for p in outside)
            )
        )
    if team_system is TeamSystem.ROUND_ROBIN:
        total = max(len(team_round_robin(len(event.teams), event.boards).rounds), event.rounds)
    else:
        total = event.rounds
    return TeamPlan(event, team_system, match_points, keys, tuple(matches), total, tuple(warnings))


def _check(event: TeamEvent, source: str, system: TeamSystem) -> None:
    if not 1 <= event.boards <= MAX_BOARDS:
        raise ParseError(
            gettext("{source}: a match has 1 to {most} boards, the file has {boards}").format(
                source=source, most=MAX_BOARDS, boards=event.boards
            ),
            source=source,
        )
    if system is TeamSystem.SWISS and not 1 <= event.rounds <= MAX_ROUNDS:
        raise ParseError(
            gettext("{source}: a team Swiss has 1 to {most} rounds, the file has {rounds}").format(
                source=source, most=MAX_ROUNDS, rounds=event.rounds
            ),
            source=source,
        )
    scoring = event.board_scoring
    if _board_points(scoring) != _board_points(CHESS):
        raise ConfigError(
            gettext(
                "{source}: the file scores boards other than 1, ½ and 0 (record 162); a team "
                "event scores its boards as chess does"
            ).format(source=source),
            source=source,
        )
    names: set[str] = set()
    for team in event.teams:
        name = team.name.strip()
        if not name:
            raise ParseError(
                gettext("{source}: team {team} has no name").format(
                    source=source, team=team.number
                ),
                source=source,
            )
        if name in names:
            raise ParseError(
                gettext("{source}: two teams are named {name!r}").format(source=source, name=name),
                source=source,
            )
        names.add(name)
        if len(team.roster) < event.boards:
            raise ParseError(
                gettext(
                    "{source}: team {name} has {count} players for {boards} boards; a roster "
                    "names at least as many players as a match has boards"
                ).format(source=source, name=name, count=len(team.roster), boards=event.boards),
                source=source,
            )


def _board_points(scoring: PointSystem) -> tuple[Fraction, ...]:
    """What a board of a match scores: won, drawn, lost, won and lost by forfeit (the byes
    of record 162 are an individual's, not a board's)."""
    return (
        scoring.win,
        scoring.draw,
        scoring.loss,
        scoring.forfeit_win_points,
        scoring.forfeit_loss_points,
    )


def _keys(t: TrfTournament) -> dict[int, str]:
    """Each player's entry key: the name; a name given twice gets ` #N`, none `Player N`."""
    keys: dict[int, str] = {}
    taken: set[str] = set()
    for p in sorted(t.players, key=lambda p: p.starting_rank):
        key = (p.name or "").strip()[:190] or f"Player {p.starting_rank}"
        if key in taken:
            key = f"{key} #{p.starting_rank}"
        taken.add(key)
        keys[p.starting_rank] = key
    return keys


def _matches(event: TeamEvent, keys: dict[int, str]) -> tuple[list[PlannedMatch], int]:
    rosters = {t.number: t.roster for t in event.teams}
    planned: list[PlannedMatch] = []
    recoloured = 0

    def key(player: str | None) -> str:
        return keys[int(player)] if player else ""

    for r in range(1, event.rounds + 1):
        number = 0
        for match in (m for m in event.matches if m.round == r):
            number += 1
            plan, odd = _match(match, number, event.boards, rosters, key)
            recoloured += odd
            planned.append(plan)
        for bye in (b for b in event.byes if b.round == r):
            number += 1
            planned.append(
                PlannedMatch(
                    r, number, bye.team, None, None, (), (bye.match_points, bye.game_points)
                )
            )
    return planned, recoloured


def _match(
    match: TeamMatch,
    number: int,
    boards: int,
    rosters: dict[int, tuple[str, ...]],
    key: Callable[[str | None], str],
) -> tuple[PlannedMatch, int]:
    swap = bool(match.boards) and match.boards[0].home_colour is Side.BLACK
    home = [key(b.home_player) for b in match.boards]
    away = [key(b.away_player) for b in match.boards]
    results: list[GameResult | None] = []
    for b in match.boards:
        result = _FIRST_RESULT[b.result] if b.result is not None else None
        if result is not None and swap:
            result = _SWAPPED[result]
        results.append(result)
    if match.forfeit is not None and not match.boards:
        present = [key(p) for p in rosters[match.home][:boards]]
        absent = [""] * boards
        if match.forfeit is MatchForfeit.HOME_WINS:
            home, away = present, absent
        elif match.forfeit is MatchForfeit.AWAY_WINS:
            home, away = absent, [key(p) for p in rosters[match.away][:boards]]
        else:
            home, away = absent, absent
        results = [None] * boards
    home += [""] * (boards - len(home))
    away += [""] * (boards - len(away))
    results += [None] * (boards - len(results))
    first, second = (match.away, match.home) if swap else (match.home, match.away)
    lineups = (tuple(away), tuple(home)) if swap else (tuple(home), tuple(away))
    odd = 0
    for b in match.boards:
        white_first = (b.home_colour is Side.WHITE) != swap
        if white_first != (first_team_colour(b.number) == "white"):
            odd = 1
    # An empty seat decides the board by itself (rules.seated_result): no result to store.
    stored = tuple(
        None if not (a and z) else r
        for (a, z), r in zip(zip(*lineups, strict=True), results, strict=True)
    )
    return (
        PlannedMatch(
            match.round,
            number,
            first,
            second,
            lineups,
            stored,
            forfeit=match.forfeit is not None,
        ),
        odd,
    )


def store_team_event(
    plan: TeamPlan,
    tournament: TrfTournament,
    *,
    slug: str,
    name: str,
    preset: str,
    seed: int,
    actor: Principal,
    when: datetime,
    audit: dict[str, Json],
) -> None:
    """Store the planned event (inside the caller's transaction): the event, its organiser,
    entries, team mode, teams and rosters, matches, line-ups and board results, one audit
    entry."""
    event = new_event_row(
        slug, name=name, preset=preset, parameters={}, seed=seed, actor=actor, when=when
    )
    players = {p.starting_rank: p for p in tournament.players}
    entries = {
        rank: models.Entry.objects.create(
            event=event,
            key=key,
            name=key,
            rating=players[rank].rating or None,
            country=(players[rank].federation or "")[:10],
            number=rank,
            registered_at=when,
        )
        for rank, key in plan.keys.items()
    }
    models.TeamMode.objects.create(
        event=event,
        boards=plan.event.boards,
        match_points=plan.match_points,
        missing_lineup=MissingLineup.ROSTER.value,
        tiebreaks=",".join(DEFAULT_TIEBREAKS),
        system=plan.system.value,
        rounds=plan.total_rounds if plan.system is TeamSystem.SWISS else None,
        at=when,
        actor=actor.name,
    )
    teams: dict[int, models.Team] = {}
    for team in plan.event.teams:
        row = models.Team.objects.create(
            event=event,
            number=team.number,
            name=team.name.strip()[:200],
            club=(team.club or team.nickname).strip()[:200],
            at=when,
            actor=actor.name,
        )
        teams[team.number] = row
        models.TeamMember.objects.bulk_create(
            models.TeamMember(team=row, entry=entries[int(p)], position=i, reserve=False)
            for i, p in enumerate(team.roster, start=1)
        )
    for match in plan.matches:
        bye = match.bye
        row_match = models.TeamMatch.objects.create(
            event=event,
            round=match.round,
            number=match.number,
            first=teams[match.first],
            second=teams[match.second] if match.second is not None else None,
            lineup_deadline=None,
            bye_match_points=str(bye[0]) if bye else "",
            bye_game_points=str(bye[1]) if bye else "",
            at=when,
            actor=actor.name,
        )
        if match.lineups is None or match.second is None:
            continue
        for side, lineup in zip((match.first, match.second), match.lineups, strict=True):
            models.Lineup.objects.create(
                match=row_match,
                team=teams[side],
                players=list(lineup),
                at=when,
                actor=actor.name,
                reason=RESULT_REASON,
            )
        models.BoardReport.objects.bulk_create(
            models.BoardReport(
                match=row_match,
                board=board,
                kind=ReportKind.RULING.value,
                result=result.value,
                side=0,
                actor=actor.name,
                at=when,
                reason=RESULT_REASON,
            )
            for board, result in enumerate(match.results, start=1)
            if result is not None
        )
    context = EventContext(
        event=event,
        principal=actor,
        grant=Grant(actor, IMPORT_ACTION, full=True),
        action=IMPORT_ACTION,
        now=when,
    )
    context.record(after=audit)
    write_audit(event, context)
