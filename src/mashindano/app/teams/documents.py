"""The team documents every front end renders (pages, API, CLI `--json`): team standings, a
round's match sheets, a team's page with its roster and board results, a captain's console.
What a viewer sees of line-ups follows `facts.MatchFact.lineups_shown`: before both are in, a
team's own captain sees their line-up, the other side only that it is in."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from django.utils import timezone

from mashindano.app.formats.parts import RESULTS
from mashindano.app.formats.registry import part
from mashindano.app.permissions import roles_in_event, team_sides
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event
from mashindano.app.teams.facts import MatchFact, TeamEventFacts, load_team_facts
from mashindano.app.teams.rules import (
    SCORE_CODES,
    ZERO,
    MatchScore,
    first_team_colour,
    game_points,
    match_score,
    other_colour,
    tiebreak_meaning,
)
from mashindano.app.teams.standings import team_board_prizes, team_ranking
from mashindano.engine.model import GameResult
from mashindano.engine.points import format_points
from mashindano.store.facts import Json, ResultStatus


@dataclass(frozen=True, slots=True)
class TeamRef:
    number: int
    name: str
    club: str


@dataclass(frozen=True, slots=True)
class BoardLine:
    board: int
    first: str
    """The first team's player's name ("" for an empty board)."""
    first_key: str
    first_colour: str
    second: str
    second_key: str
    second_colour: str
    result: str
    """As the first team's player reads it ('*' while none)."""
    status: str
    forfeit: bool
    first_points: Fraction | None
    second_points: Fraction | None


@dataclass(frozen=True, slots=True)
class MatchSheet:
    round: int
    number: int
    first: TeamRef
    second: TeamRef | None
    deadline: datetime | None
    shown: bool
    first_in: bool
    second_in: bool
    own_lineup: tuple[str, ...]
    """The viewer's own team's line-up (names) while the line-ups are not shown yet."""
    boards: tuple[BoardLine, ...]
    score: MatchScore | None
    flags: tuple[str, ...]

    def to_json(self) -> dict[str, Json]:
        return {
            "round": self.round,
            "match": self.number,
            "first": self.first.name,
            "second": self.second.name if self.second else None,
            "deadline": self.deadline.isoformat() if self.deadline else None,
            "lineups_shown": self.shown,
            "boards": [
                {
                    "board": b.board,
                    "first": b.first,
                    "first_colour": b.first_colour,
                    "second": b.second,
                    "result": b.result,
                    "status": b.status,
                    "forfeit": b.forfeit,
                }
                for b in self.boards
            ],
            "game_points": (
                [format_points(self.score.first_gp, 0), format_points(self.score.second_gp, 0)]
                if self.score
                else None
            ),
            "match_points": (
                [format_points(self.score.first_mp, 0), format_points(self.score.second_mp, 0)]
                if self.score
                else None
            ),
            "flags": list(self.flags),
        }


def is_team_event(slug: str) -> bool:
    """Whether the event is played in teams (its pages then show the team tabs)."""
    from mashindano.store import models

    return models.TeamMode.objects.filter(event__slug=slug).exists()


def _ref(facts: TeamEventFacts, number: int) -> TeamRef:
    team = facts.team(number)
    return TeamRef(team.number, team.name, team.club)


def match_sheet(
    facts: TeamEventFacts, match: MatchFact, now: datetime, own: frozenset[int] | None
) -> MatchSheet:
    """One match's sheet; `own`: the teams the viewer acts for (None: an official, who sees
    every line-up as soon as it is in)."""
    seated = facts.seated(match, now)
    boards: list[BoardLine] = []
    results: list[GameResult] = []
    if seated is not None:
        for board, (a, b) in enumerate(seated, start=1):
            result, status, forfeit = facts.board_result(match, board, (a, b))
            results.append(result)
            points = game_points(result) if result.is_decided else (None, None)
            colour = first_team_colour(board)
            boards.append(
                BoardLine(
                    board,
                    facts.names.get(a, ""),
                    a,
                    colour,
                    facts.names.get(b, ""),
                    b,
                    other_colour(colour),
                    result.value,
                    "forfeit" if forfeit else status.value,
                    forfeit,
                    points[0],
                    points[1],
                )
            )
    own_lineup: tuple[str, ...] = ()
    if seated is None:
        viewing = match.teams if own is None else tuple(t for t in match.teams if t in own)
        for team in viewing[:1]:
            lineup = match.lineups.get(team)
            if lineup is not None:
                own_lineup = tuple(facts.names.get(k, "—") if k else "—" for k in lineup.players)
    return MatchSheet(
        match.round,
        match.number,
        _ref(facts, match.first),
        _ref(facts, match.second) if match.second is not None else None,
        match.deadline,
        seated is not None,
        match.first in match.lineups,
        match.second in match.lineups if match.second is not None else False,
        own_lineup,
        tuple(boards),
        match_score(results, facts.mode.points) if seated is not None else None,
        facts.flags(match),
    )


@dataclass(frozen=True, slots=True)
class TeamRound:
    slug: str
    round: int
    rounds: tuple[int, ...]
    matches: tuple[MatchSheet, ...]


def _viewer_sides(viewer: Principal | None, slug: str, teams: Sequence[int]) -> frozenset[int]:
    if viewer is None:
        return frozenset()
    found = team_sides(viewer, slug, teams)
    return frozenset(teams) if found is None else found


def build_team_round(
    slug: str, round_number: int, *, viewer: Principal | None = None, now: datetime | None = None
) -> TeamRound:
    facts = load_team_facts(get_event(slug))
    moment = now or timezone.now()
    rounds = tuple(sorted({m.round for m in facts.matches}))
    own = _viewer_sides(viewer, slug, tuple(facts.teams))
    matches = tuple(
        match_sheet(facts, m, moment, own) for m in facts.matches if m.round == round_number
    )
    if not matches:
        facts.match(round_number, 1)  # NotFound naming the round
    return TeamRound(slug, round_number, rounds, matches)


# -- standings ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamLine:
    rank: int
    team: TeamRef
    played: int
    won: int
    drawn: int
    lost: int
    match_points: Fraction
    game_points: Fraction
    tiebreaks: tuple[Fraction, ...] = ()
    shared: bool = False
    """The rank is shared with another team (written "=2")."""


@dataclass(frozen=True, slots=True)
class BoardPrize:
    """A board prize's winner (players still equal on percentage and points share it)."""

    board: int
    player: str
    """The entry key."""
    name: str
    team: TeamRef
    points: Fraction
    games: int
    share: Fraction
    """Points as a share of the most the games could give (0 to 1)."""

    @property
    def percentage(self) -> str:
        """The share in per cent with one decimal, rounded half up ("66.7")."""
        return percent_text(self.share)


def percent_text(share: Fraction) -> str:
    tenths = math.floor(share * 1000 + Fraction(1, 2))
    return f"{tenths // 10}.{tenths % 10}"


@dataclass(frozen=True, slots=True)
class TeamStandings:
    slug: str
    lines: tuple[TeamLine, ...]
    tiebreak_names: tuple[str, ...] = ()
    rounds: tuple[int, ...] = ()
    """The rounds with team matches (links to their match sheets)."""
    tiebreak_meanings: tuple[str, ...] = ()
    """Each shown tie-break in words (`rules.tiebreak_meaning`), for the legend."""
    boards: int = 0
    board_prizes: tuple[BoardPrize, ...] = ()
    """The board prizes, board by board (a shared prize: one line per winner)."""
    prize_minimum: int = 1
    """The fewest games on a board that rank a player for its prize."""

    @property
    def legend(self) -> tuple[tuple[str, str], ...]:
        return tuple(zip(self.tiebreak_names, self.tiebreak_meanings, strict=True))

    def to_json(self) -> dict[str, Json]:
        return {
            "event": self.slug,
            "tiebreaks": list[Json](self.tiebreak_names),
            "teams": [
                {
                    "rank": line.rank,
                    "team": line.team.name,
                    "played": line.played,
                    "match_points": format_points(line.match_points, 0),
                    "game_points": format_points(line.game_points, 0),
                    "tiebreaks": {
                        name: format_points(value, 0)
                        for name, value in zip(self.tiebreak_names, line.tiebreaks, strict=True)
                    },
                }
                for line in self.lines
            ],
            "board_prizes": {
                "minimum_games": self.prize_minimum,
                "prizes": [
                    {
                        "board": prize.board,
                        "player": prize.name,
                        "key": prize.player,
                        "team": prize.team.name,
                        "points": format_points(prize.points, 0),
                        "games": prize.games,
                        "percentage": prize.percentage,
                    }
                    for prize in self.board_prizes
                ],
            },
        }


def team_totals(facts: TeamEventFacts, now: datetime) -> dict[int, TeamLine]:
    """Each team's matches, match points and game points over its complete matches (a match
    counts once every board has a result) and its byes (a team Swiss PAB with the value it
    was paired with; a round-robin bye counts nothing)."""
    totals: dict[int, list[Fraction | int]] = {t: [0, 0, 0, 0, ZERO, ZERO] for t in facts.teams}
    win = facts.mode.points.win
    for match in facts.matches:
        if match.second is None:
            if match.bye is not None:
                line = totals[match.first]
                line[4] = Fraction(line[4]) + match.bye[0]
                line[5] = Fraction(line[5]) + match.bye[1]
            continue
        sheet = match_sheet(facts, match, now, None)
        score = sheet.score
        if score is None or not score.complete:
            continue
        for team, mp, gp, other in (
            (match.first, score.first_mp, score.first_gp, score.second_mp),
            (match.second, score.second_mp, score.second_gp, score.first_mp),
        ):
            line = totals[team]
            line[0] = int(line[0]) + 1
            slot = 1 if mp == win and mp > other else 3 if mp < other or mp == other == 0 else 2
            line[slot] = int(line[slot]) + 1
            line[4] = Fraction(line[4]) + mp
            line[5] = Fraction(line[5]) + gp
    return {
        t: TeamLine(
            0,
            _ref(facts, t),
            int(v[0]),
            int(v[1]),
            int(v[2]),
            int(v[3]),
            Fraction(v[4]),
            Fraction(v[5]),
        )
        for t, v in totals.items()
    }


def shown_tiebreaks(facts: TeamEventFacts) -> tuple[str, ...]:
    """The tie-break codes shown as columns: the event's codes less match and game points,
    which have their own columns."""
    return tuple(c for c in facts.mode.tiebreaks if c not in SCORE_CODES)


def rank_teams(facts: TeamEventFacts, now: datetime) -> tuple[TeamLine, ...]:
    """Teams by the event's tie-break codes (default match points, then game points, then
    fide_teams.md 6.11 in the 2023 codes: `rules.DEFAULT_TIEBREAKS`), computed by the engine
    (`standings.team_ranking`); teams equal on every code share a rank. `TeamLine.tiebreaks`
    holds the values of `shown_tiebreaks`."""
    totals = team_totals(facts, now)
    codes = facts.mode.tiebreaks
    shown = [k for k, c in enumerate(codes) if c not in SCORE_CODES]
    ranking = team_ranking(facts, now)
    places = [s.rank for s in ranking]
    ranked: list[TeamLine] = []
    for standing in ranking:
        line = totals[standing.team]
        ranked.append(
            TeamLine(
                standing.rank,
                line.team,
                line.played,
                line.won,
                line.drawn,
                line.lost,
                line.match_points,
                line.game_points,
                tuple(standing.values[k] for k in shown),
                places.count(standing.rank) > 1,
            )
        )
    return tuple(ranked)


def board_prize_lines(facts: TeamEventFacts, now: datetime) -> tuple[int, tuple[BoardPrize, ...]]:
    """The minimum of games and the board prizes (`standings.team_board_prizes`) as lines."""
    minimum, prizes = team_board_prizes(facts, now)
    lines = tuple(
        BoardPrize(
            score.board,
            score.player,
            facts.names.get(score.player, score.player),
            _ref(facts, score.team),
            score.points,
            score.games,
            share,
        )
        for board in sorted(prizes)
        for score, share in prizes[board]
    )
    return minimum, lines


def build_team_standings(slug: str, *, now: datetime | None = None) -> TeamStandings:
    """The team standings, with the board prizes under them."""
    facts = load_team_facts(get_event(slug))
    moment = now or timezone.now()
    rounds = tuple(sorted({m.round for m in facts.matches}))
    minimum, prizes = board_prize_lines(facts, moment)
    return TeamStandings(
        slug,
        rank_teams(facts, moment),
        tiebreak_names=shown_tiebreaks(facts),
        rounds=rounds,
        boards=facts.mode.boards,
        tiebreak_meanings=tuple(tiebreak_meaning(c) for c in shown_tiebreaks(facts)),
        board_prizes=prizes,
        prize_minimum=minimum,
    )


# -- a team's page -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardPlayed:
    round: int
    match: int
    board: int
    colour: str
    opponent: str
    opponent_team: str
    result: str
    points: Fraction | None
    status: str


@dataclass(frozen=True, slots=True)
class RosterLine:
    position: int
    name: str
    key: str
    rating: int | None
    reserve: bool
    games: tuple[BoardPlayed, ...]
    points: Fraction


@dataclass(frozen=True, slots=True)
class TeamPage:
    slug: str
    team: TeamRef
    captain: str
    roster: tuple[RosterLine, ...]
    matches: tuple[MatchSheet, ...]


def build_team_page(
    slug: str, team: int, *, viewer: Principal | None = None, now: datetime | None = None
) -> TeamPage:
    facts = load_team_facts(get_event(slug))
    moment = now or timezone.now()
    fact = facts.team(team)
    own = _viewer_sides(viewer, slug, tuple(facts.teams))
    sheets = tuple(match_sheet(facts, m, moment, own) for m in facts.matches if team in m.teams)
    played: dict[str, list[BoardPlayed]] = {}
    for sheet in sheets:
        if sheet.second is None:
            continue
        first = sheet.first.number == team
        other = sheet.second if first else sheet.first
        for b in sheet.boards:
            key = b.first_key if first else b.second_key
            if not key:
                continue
            result = GameResult(b.result)
            points = (b.first_points if first else b.second_points) if result.is_decided else None
            played.setdefault(key, []).append(
                BoardPlayed(
                    sheet.round,
                    sheet.number,
                    b.board,
                    b.first_colour if first else b.second_colour,
                    b.second if first else b.first,
                    other.name,
                    b.result,
                    points,
                    b.status,
                )
            )
    roster = tuple(
        RosterLine(
            m.position,
            m.name,
            m.key,
            m.rating,
            m.reserve,
            tuple(played.get(m.key, ())),
            sum((g.points or ZERO for g in played.get(m.key, ())), ZERO),
        )
        for m in fact.roster
    )
    return TeamPage(slug, _ref(facts, team), fact.captain, roster, sheets)


# -- the captain's console -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CaptainMatch:
    team: TeamRef
    sheet: MatchSheet
    roster: tuple[tuple[str, str], ...]
    """(key, name) in roster order: the line-up form's choices."""
    can_submit: bool
    to_confirm: tuple[tuple[int, str], ...]
    """Boards reported by the other side (board, result), waiting for this team's answer."""
    to_report: tuple[int, ...]
    lineup_boards: tuple[tuple[int, str], ...] = ()
    """(board, the player's key chosen there): the submitted line-up, else the roster order."""


@dataclass(frozen=True, slots=True)
class CaptainConsole:
    slug: str
    boards: int
    matches: tuple[CaptainMatch, ...]
    results: tuple[str, ...]
    """The results a board takes in this event's game (the preset's)."""


def _lineup_boards(
    facts: TeamEventFacts, match: MatchFact, team: int
) -> tuple[tuple[int, str], ...]:
    submitted = match.lineups.get(team)
    chosen = submitted.players if submitted is not None else facts.team(team).keys
    boards = facts.mode.boards
    padded = tuple(chosen[:boards]) + ("",) * (boards - len(chosen[:boards]))
    return tuple(enumerate(padded, start=1))


def build_captain_console(
    slug: str, viewer: Principal, *, now: datetime | None = None
) -> CaptainConsole:
    """The viewer's teams' matches: their line-up to submit, boards to report and to confirm."""
    event = get_event(slug)
    facts = load_team_facts(event)
    moment = now or timezone.now()
    mine = team_sides(viewer, slug, tuple(facts.teams))
    own = frozenset(facts.teams) if mine is None else mine
    found: list[CaptainMatch] = []
    for match in facts.matches:
        if match.second is None:
            continue
        for team in match.teams:
            if team not in own:
                continue
            fact = facts.team(team)
            sheet = match_sheet(facts, match, moment, frozenset({team}))
            to_confirm: list[tuple[int, str]] = []
            to_report: list[int] = []
            for b in sheet.boards:
                log = match.boards.get(b.board)
                if b.status == ResultStatus.PENDING.value and not b.forfeit:
                    to_report.append(b.board)
                elif (
                    b.status == ResultStatus.REPORTED.value
                    and log is not None
                    and (log.sides[-1] != team or mine is None)
                ):
                    to_confirm.append((b.board, b.result))
            found.append(
                CaptainMatch(
                    _ref(facts, team),
                    sheet,
                    tuple((m.key, m.name) for m in fact.roster),
                    not match.lineups_in() and not match.deadline_passed(moment),
                    tuple(to_confirm),
                    tuple(to_report),
                    _lineup_boards(facts, match, team),
                )
            )
    results = tuple(r.value for r in part(event.preset, RESULTS).results)
    return CaptainConsole(slug, facts.mode.boards, tuple(found), results)


# -- a player's own boards ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MyBoard:
    """One board the viewer plays in a paired team match, and what they may do with it."""

    round: int
    match: int
    first: TeamRef
    second: TeamRef
    board: int
    team: str
    """The viewer's team in this match."""
    colour: str
    """The viewer's colour on the board ("white" or "black")."""
    opponent: str
    first_player: str
    second_player: str
    result: str
    """As the first-named team's player reads it ('*' while none)."""
    status: str
    can_report: bool
    can_answer: bool
    """Reported by the other side (or an official): the viewer confirms or disputes it."""

    @property
    def key(self) -> str:
        return f"{self.round}-{self.match}-{self.board}"

    @property
    def answer(self) -> str:
        """The reported result the viewer answers ("" when none waits for them)."""
        return self.result if self.can_answer else ""


@dataclass(frozen=True, slots=True)
class MyBoards:
    slug: str
    players: tuple[str, ...]
    """The viewer's names on the event's rosters."""
    teams: tuple[TeamRef, ...]
    boards: tuple[MyBoard, ...]
    results: tuple[str, ...]
    """The results a board takes in this event's game (the preset's)."""


def build_my_boards(
    slug: str, viewer: Principal, *, now: datetime | None = None
) -> MyBoards | None:
    """The boards the viewer plays (an account linked to an entry on a team's roster) in the
    event's paired team matches, once both line-ups are shown, latest round first, each with
    the report or the answer the viewer may give as the board's player (`boards.report_board`,
    `confirm_board`, `dispute_board`). None when the viewer is on no roster of the event."""
    if viewer.user_id is None:
        return None
    event = get_event(slug)
    facts = load_team_facts(event)
    mine = roles_in_event(viewer, slug).entry_keys
    teams = {t.number: t for t in facts.teams.values() if mine.intersection(t.keys)}
    if not teams:
        return None
    moment = now or timezone.now()
    found: list[MyBoard] = []
    for match in sorted(facts.matches, key=lambda m: (-m.round, m.number)):
        if match.second is None or not teams.keys() & set(match.teams):
            continue
        sheet = match_sheet(facts, match, moment, frozenset(teams))
        assert sheet.second is not None
        for line in sheet.boards:
            if line.first_key in mine and match.first in teams:
                side, colour, opponent = match.first, line.first_colour, line.second
            elif line.second_key in mine and match.second in teams:
                side, colour, opponent = match.second, line.second_colour, line.first
            else:
                continue
            log = match.boards.get(line.board)
            found.append(
                MyBoard(
                    match.round,
                    match.number,
                    sheet.first,
                    sheet.second,
                    line.board,
                    teams[side].name,
                    colour,
                    opponent,
                    line.first,
                    line.second,
                    line.result,
                    line.status,
                    line.status == ResultStatus.PENDING.value and not line.forfeit,
                    line.status == ResultStatus.REPORTED.value
                    and log is not None
                    and log.sides[-1] != side,
                )
            )
    results = tuple(r.value for r in part(event.preset, RESULTS).results)
    return MyBoards(
        slug,
        tuple(sorted(facts.names.get(k, k) for k in mine)),
        tuple(_ref(facts, n) for n in sorted(teams)),
        tuple(found),
        results,
    )
