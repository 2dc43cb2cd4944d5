"""Team tie-breaks (fide_teams.md §6, §7; FIDE C.07 team section) computed on a `TeamEvent`.

Codes: `MP`, `GP` (and `PTS`, the primary score), `MPVGP`, `EDE`, `BH:MP`, `BH:GP` with the cut
and median modifiers `/C1`, `/M1`... (`BH:MP/C1`), `EMMSB`, `EMGSB`, `EGMSB`, `EGGSB`, `BC`,
`TBR`, `BBE`, `SSSC`. The values equal the FIDE TEC checker's (TieBreakServer 1.9.57, the
reference of `fixtures/team-tiebreaks-tec/`); where the Handbook text is not confirmed the
checker's reading is the default and `TeamTieBreakOptions` names the alternative:

- Unplayed rounds (§7): in a Swiss, a round without a match played over the board (PAB,
  forfeit won or lost, bye) counts for BH/ESB/SSSC as a game against a dummy opponent whose
  score is the team's own final score, with the team's own points of that round (C.07 2023
  art. 16). A team's unplayed rounds after its last round that is not a voluntarily
  unplayed round (VUR: forfeit loss, half- or zero-point bye) count as draws in its score as
  an opponent. Cut modifiers cut a VUR first. In a round robin, forfeited matches count as
  played (`forfeits_played`, §7.3) and rounds without an opponent add nothing.
- BC: lower is better (U2, `bc_lower_is_better`); a PAB board counts as a won board for BC,
  TBR and BBE (`pab_boards_as_wins`, the checker's reading).
- SSSC (U3): for MP primary GP + BH:MP / d, d = floor(TW x rounds / (W x boards)); for GP
  primary MP + BH:GP / d, d = floor(W x rounds x boards / TW); `sssc_divisor` fixes d (the
  limit modifier); rounded half up to hundredths as the checker prints it
  (`sssc_hundredths`). A divisor below 1 is taken as 1.
- EDE, TBR, BBE are computed inside each group of teams still tied on the codes before them;
  the value is the team's place inside its group (1 = best) once the code separates the
  group at all, else 0 (the checker's printed value).

`board_prizes`: the individual board prizes (best percentage on a board with a minimum of
games). Every function is pure and exact (Fractions).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from mashindano.engine.errors import ConfigError
from mashindano.engine.points import ZERO
from mashindano.engine.teams.model import RoundKind, TeamEvent, TeamRound

__all__ = [
    "TEAM_TIEBREAK_CODES",
    "BoardScore",
    "TeamScore",
    "TeamStanding",
    "TeamTieBreakCode",
    "TeamTieBreakOptions",
    "board_prizes",
    "board_scores",
    "compute_team_tiebreaks",
    "parse_team_code",
    "team_standings",
]


class TeamScore(StrEnum):
    MP = "MP"
    """Match points."""
    GP = "GP"
    """Game points (board points)."""

    @property
    def other(self) -> TeamScore:
        return TeamScore.GP if self is TeamScore.MP else TeamScore.MP


@dataclass(frozen=True, slots=True)
class TeamTieBreakOptions:
    """The event's choices; every default is the TEC checker's reading (module docstring)."""

    primary: TeamScore = TeamScore.MP
    """The score the standings are by (§1.4); the other one is MPVGP."""
    forfeits_played: bool | None = None
    """Forfeited matches count as played for BH/ESB/EDE (§7.3); None = in round robins."""
    pab_boards_as_wins: bool = True
    """BC, TBR, BBE: a PAB board counts as a won board (TEC) rather than its PAB points."""
    bc_lower_is_better: bool = True
    """BC ranks ascending (TEC; UNCONFIRMED U2)."""
    sssc_divisor: int | None = None
    """SSSC's divisor fixed by the limit modifier; None = the formula (U3)."""
    sssc_hundredths: bool = True
    """SSSC rounded half up to 0.01 as the checker does."""


TEAM_TIEBREAK_CODES = (
    "MP",
    "GP",
    "PTS",
    "MPVGP",
    "EDE",
    "BH:MP",
    "BH:GP",
    "EMMSB",
    "EMGSB",
    "EGMSB",
    "EGGSB",
    "BC",
    "TBR",
    "BBE",
    "SSSC",
)
"""The codes `parse_team_code` reads; `BH:MP` and `BH:GP` also take `/Cn` (cut the n lowest)
and `/Mn` (cut the n lowest and n highest), e.g. `BH:MP/C1`."""

_BH = re.compile(r"BH:(MP|GP)(?:/([CM])([0-9]))?")
_ESB = re.compile(r"E([MG])([MG])SB")


@dataclass(frozen=True, slots=True)
class TeamTieBreakCode:
    """A parsed code. `kind` is one of score, other, ede, bh, esb, bc, tbr, bbe, sssc."""

    code: str
    kind: str
    opponent_score: TeamScore | None = None
    own_score: TeamScore | None = None
    low: int = 0
    high: int = 0

    @property
    def among_tied(self) -> bool:
        """Computed inside each group still tied (its value is a place in the group)."""
        return self.kind in ("ede", "tbr", "bbe")


def parse_team_code(text: str, options: TeamTieBreakOptions | None = None) -> TeamTieBreakCode:
    """The code `text` names (case-insensitive); ConfigError listing the codes otherwise."""
    primary = (options or TeamTieBreakOptions()).primary
    code = text.strip().upper()
    if code in ("MP", "GP"):
        return TeamTieBreakCode(code, "score", own_score=TeamScore(code))
    if code == "PTS":
        return TeamTieBreakCode(code, "score", own_score=primary)
    if code == "MPVGP":
        return TeamTieBreakCode(code, "score", own_score=primary.other)
    if code in ("EDE", "BC", "TBR", "BBE", "SSSC"):
        return TeamTieBreakCode(code, code.lower())
    if match := _BH.fullmatch(code):
        cut = int(match[3]) if match[3] else 0
        return TeamTieBreakCode(
            code,
            "bh",
            opponent_score=TeamScore(match[1]),
            low=cut,
            high=cut if match[2] == "M" else 0,
        )
    if match := _ESB.fullmatch(code):
        return TeamTieBreakCode(
            code,
            "esb",
            opponent_score=TeamScore(match[1] + "P"),
            own_score=TeamScore(match[2] + "P"),
        )
    raise ConfigError(
        f"unknown team tie-break {text!r} (codes: {', '.join(TEAM_TIEBREAK_CODES)}; "
        "BH:MP and BH:GP take /C1 or /M1)",
        tiebreak=text,
    )


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """One team's place: `rank` (ties share it) and its value for each code, in order."""

    team: int
    rank: int
    values: tuple[Fraction, ...]


def team_standings(
    event: TeamEvent, codes: Sequence[str], options: TeamTieBreakOptions | None = None
) -> tuple[TeamStanding, ...]:
    """The teams ranked by `codes` in order (the first is usually `PTS`); teams tied on all
    share a rank and are listed by team number."""
    options = options or TeamTieBreakOptions()
    parsed = [parse_team_code(c, options) for c in codes]
    calc = _Calculator(event, options)
    groups: list[list[int]] = [sorted(t.number for t in event.teams)]
    values: dict[int, list[Fraction]] = {t.number: [] for t in event.teams}
    for code in parsed:
        if code.among_tied:
            column: dict[int, Fraction] = {}
            for group in groups:
                column.update(calc.among_tied(code, group))
        else:
            column = calc.over_field(code)
        for team, value in column.items():
            values[team].append(value)
        key = _sort_key(code, options)
        refined: list[list[int]] = []
        for group in groups:
            ordered = sorted(group, key=lambda t: (key(column[t]), t))
            start = 0
            for k in range(1, len(ordered) + 1):
                if k == len(ordered) or key(column[ordered[k]]) != key(column[ordered[start]]):
                    refined.append(ordered[start:k])
                    start = k
        groups = refined
    standings: list[TeamStanding] = []
    place = 1
    for group in groups:
        standings.extend(TeamStanding(t, place, tuple(values[t])) for t in group)
        place += len(group)
    return tuple(standings)


def compute_team_tiebreaks(
    event: TeamEvent, codes: Sequence[str], options: TeamTieBreakOptions | None = None
) -> dict[str, dict[int, Fraction]]:
    """Each code's value for each team (`codes` in order: EDE, TBR, BBE depend on the codes
    before them)."""
    standings = team_standings(event, codes, options)
    return {code: {s.team: s.values[k] for s in standings} for k, code in enumerate(codes)}


def _sort_key(
    code: TeamTieBreakCode, options: TeamTieBreakOptions
) -> Callable[[Fraction], Fraction]:
    if code.among_tied or (code.kind == "bc" and options.bc_lower_is_better):
        return lambda v: v
    return lambda v: -v


class _Calculator:
    def __init__(self, event: TeamEvent, options: TeamTieBreakOptions) -> None:
        self.event = event
        self.options = options
        self.rr = event.round_robin
        self.forfeits_played = (
            event.round_robin if options.forfeits_played is None else options.forfeits_played
        )
        self.rounds = {t.number: event.team_rounds(t.number) for t in event.teams}

    # -- scores ------------------------------------------------------------------------

    @staticmethod
    def points(entry: TeamRound, score: TeamScore) -> Fraction:
        return entry.match_points if score is TeamScore.MP else entry.game_points

    def total(self, team: int, score: TeamScore) -> Fraction:
        return sum((self.points(e, score) for e in self.rounds[team]), ZERO)

    def draw(self, score: TeamScore) -> Fraction:
        if score is TeamScore.MP:
            return self.event.match_scheme.draw
        return self.event.board_scoring.draw * self.event.boards

    def win(self, score: TeamScore) -> Fraction:
        if score is TeamScore.MP:
            return self.event.match_scheme.win
        return self.event.board_scoring.win * self.event.boards

    def counts_as_played(self, entry: TeamRound) -> bool:
        """A match over the board, or a forfeited match when forfeits count as played."""
        if entry.opponent is None:
            return False
        return entry.played or self.forfeits_played

    def adjusted(self, team: int, score: TeamScore) -> Fraction:
        """The team's score as an opponent: unplayed rounds after its last round that is not
        a VUR count as draws (as zero in a round robin)."""
        entries = self.rounds[team]
        last = max((e.round for e in entries if not e.vur), default=0)
        unplayed = ZERO if self.rr else self.draw(score)
        return sum(
            (
                self.points(e, score) if e.round <= last or e.opponent is not None else unplayed
                for e in entries
            ),
            ZERO,
        )

    def board_totals(self, team: int) -> tuple[Fraction, ...]:
        win = self.event.board_scoring.win
        sums = [ZERO] * self.event.boards
        for entry in self.rounds[team]:
            pab = entry.kind is RoundKind.PAB and self.options.pab_boards_as_wins
            for k, points in enumerate(entry.board_points):
                sums[k] += win if pab else points
        return tuple(sums)

    # -- codes over the whole field ----------------------------------------------------

    def over_field(self, code: TeamTieBreakCode) -> dict[int, Fraction]:
        teams = [t.number for t in self.event.teams]
        match code.kind:
            case "score":
                assert code.own_score is not None
                return {t: self.total(t, code.own_score) for t in teams}
            case "bh":
                assert code.opponent_score is not None
                return {
                    t: self.buchholz(t, code.opponent_score, None, code.low, code.high)
                    for t in teams
                }
            case "esb":
                assert code.opponent_score is not None
                return {
                    t: self.buchholz(t, code.opponent_score, code.own_score, 0, 0) for t in teams
                }
            case "bc":
                return {
                    t: sum((k * p for k, p in enumerate(self.board_totals(t), start=1)), ZERO)
                    for t in teams
                }
            case "sssc":
                return {t: self.sssc(t) for t in teams}
        raise AssertionError(code.kind)  # pragma: no cover - parse_team_code's kinds

    def buchholz(
        self, team: int, opponent_score: TeamScore, own_score: TeamScore | None, low: int, high: int
    ) -> Fraction:
        """BH (own_score None) or EXYSB: per round the opponent's adjusted score (times the
        team's own points of the round), a dummy opponent with the team's own score for a
        round without a match played (Swiss); then the cut."""
        own_total = self.total(team, opponent_score)
        terms: list[tuple[bool, Fraction, Fraction]] = []  # (vur, score, value)
        for entry in self.rounds[team]:
            vur = entry.vur
            if self.counts_as_played(entry):
                assert entry.opponent is not None
                vur = False
                score = self.adjusted(entry.opponent, opponent_score)
            elif not self.rr:
                score = own_total
            else:
                score = ZERO
            value = score if own_score is None else score * self.points(entry, own_score)
            if entry.opponent is not None or not self.rr:
                terms.append((vur, score, value))
        low = min(low, self.event.rounds)
        high = min(high, self.event.rounds - low)
        for _ in range(low):
            if not terms:
                break
            lowest = min(terms, key=lambda t: (t[1], t[2]))
            voluntary = min(terms, key=lambda t: (not t[0], t[1], t[2]))
            terms.remove(lowest if lowest[2] > voluntary[2] else voluntary)
        for _ in range(high):
            if not terms:
                break
            terms.remove(max(terms, key=lambda t: (t[1], t[2])))
        return sum((t[2] for t in terms), ZERO)

    def sssc(self, team: int) -> Fraction:
        primary = self.options.primary
        dividend = self.buchholz(team, primary, None, 0, 0)
        rounds, boards = self.event.rounds, self.event.boards
        match_win, game_win = self.event.match_scheme.win, self.event.board_scoring.win
        if primary is TeamScore.MP:
            divisor = math.floor(match_win * rounds / game_win / boards)
        else:
            divisor = math.floor(game_win * rounds * boards / match_win)
        if self.options.sssc_divisor is not None:
            divisor = self.options.sssc_divisor
        value = self.total(team, primary.other) + dividend / max(divisor, 1)
        if self.options.sssc_hundredths:
            value = Fraction(math.floor(value * 100 + Fraction(1, 2)), 100)
        return value

    # -- codes among the tied ------------------------------------------------------------

    def among_tied(self, code: TeamTieBreakCode, group: Sequence[int]) -> dict[int, Fraction]:
        if len(group) < 2:
            return dict.fromkeys(group, ZERO)
        if code.kind == "ede":
            places = self.extended_direct_encounter(group)
        else:
            places = self.board_places(group, bottom=code.kind == "bbe")
        if len(set(places.values())) == 1:
            return dict.fromkeys(group, ZERO)
        return {t: Fraction(p) for t, p in places.items()}

    def board_places(self, group: Sequence[int], *, bottom: bool) -> dict[int, int]:
        """TBR: board 1's game points, then board 2's, ...; BBE: the total less the bottom
        board, less the two bottom boards, ... (the checker's sequence)."""
        keys: dict[int, tuple[Fraction, ...]] = {}
        for team in group:
            totals = self.board_totals(team)
            if bottom:
                remaining = sum(totals, ZERO)
                steps = []
                for points in reversed(totals):
                    remaining -= points
                    steps.append(remaining)
                keys[team] = tuple(steps)
            else:
                keys[team] = totals
        ordered = sorted(group, key=lambda t: tuple(-v for v in keys[t]))
        places: dict[int, int] = {}
        for k, team in enumerate(ordered):
            same = k > 0 and keys[team] == keys[ordered[k - 1]]
            places[team] = places[ordered[k - 1]] if same else k + 1
        return places

    def extended_direct_encounter(self, group: Sequence[int]) -> dict[int, int]:
        """EDE (§6.3): direct encounter on the primary score among the tied, then on the
        secondary, again on each score for the sub-groups still tied, until neither score
        separates anyone (the checker's alternation)."""
        ranks = dict.fromkeys(group, 1)
        primary = self.options.primary
        dirty = {primary: True, primary.other: True}
        score = primary
        for _ in range(30):
            if not any(dirty.values()):
                break
            changed = False
            while True:
                changes = 0
                for sub in _subgroups(ranks):
                    if len(sub) > 1:
                        changes += self.direct_step(sub, ranks, score)
                if not changes:
                    break
                changed = True
            dirty[score] = False
            if changed:
                dirty[score.other] = True
            score = score.other
        return ranks

    def direct_step(self, sub: list[int], ranks: dict[int, int], score: TeamScore) -> int:
        """One direct-encounter pass over a sub-group tied at the same place; returns how
        many teams it moved down. In a Swiss where not every two teams met, only a team
        first whatever the missing matches is separated (C.07 DE)."""
        current = ranks[sub[0]]
        members = set(sub)
        met_max = len(sub) - 1
        value: dict[int, Fraction] = {}
        best: dict[int, Fraction] = {}
        met_all = True
        for team in sub:
            against: dict[int, list[Fraction]] = {}
            for entry in self.rounds[team]:
                if entry.opponent in members and self.counts_as_played(entry):
                    against.setdefault(entry.opponent, []).append(self.points(entry, score))
            value[team] = sum((sum(p, ZERO) / len(p) for p in against.values()), ZERO)
            if not self.rr and len(against) < met_max:
                met_all = False
                best[team] = value[team] + (met_max - len(against)) * self.win(score)
            else:
                best[team] = value[team]
        changes = 0
        if met_all:
            ordered = sorted(sub, key=lambda t: (-value[t], t))
            place = rank = current
            for k in range(1, len(ordered)):
                rank += 1
                if value[ordered[k]] != value[ordered[k - 1]]:
                    place = rank
                    changes += 1
                ranks[ordered[k]] = place
            return changes
        ordered = sorted(sub, key=lambda t: (-value[t], -best[t], t))
        place = rank = current
        unique = True
        for k in range(1, len(ordered)):
            rank += 1
            rest_best = max(best[t] for t in ordered[k:])
            if unique and value[ordered[k - 1]] > rest_best:
                place = rank
                changes += 1
            else:
                unique = False
            ranks[ordered[k]] = place
        return changes


def _subgroups(ranks: dict[int, int]) -> list[list[int]]:
    by_rank: dict[int, list[int]] = {}
    for team, rank in ranks.items():
        by_rank.setdefault(rank, []).append(team)
    return [sorted(teams) for _, teams in sorted(by_rank.items())]


@dataclass(frozen=True, slots=True)
class BoardScore:
    """A player's results on one board over the event (board prizes, issue 32 item 4)."""

    board: int
    player: str
    team: int
    points: Fraction
    games: int

    def percentage(self, win: Fraction) -> Fraction:
        """Points as a share of the most the games could give (0 without games)."""
        return self.points / (self.games * win) if self.games else ZERO


def board_scores(event: TeamEvent, *, count_forfeits: bool = False) -> tuple[BoardScore, ...]:
    """Each player's points and games on each board he played (a player moved between
    boards has one line per board). Forfeited boards count only with `count_forfeits`."""
    found: dict[tuple[int, str], tuple[int, Fraction, int]] = {}
    scoring = event.board_scoring
    for match in event.matches:
        for board in match.boards:
            if board.result is None or not (board.result.played or count_forfeits):
                continue
            for player, team, home in (
                (board.home_player, match.home, True),
                (board.away_player, match.away, False),
            ):
                if player is None:
                    continue
                _, points, games = found.get((board.number, player), (team, ZERO, 0))
                found[board.number, player] = (
                    team,
                    points + board.points(home, scoring),
                    games + 1,
                )
    return tuple(
        BoardScore(board, player, team, points, games)
        for (board, player), (team, points, games) in sorted(found.items())
    )


def board_prizes(
    event: TeamEvent, *, minimum_games: int, count_forfeits: bool = False
) -> dict[int, tuple[BoardScore, ...]]:
    """Per board, the best player(s) among those with at least `minimum_games` games on it:
    highest percentage, then most points; players still equal share the prize."""
    if minimum_games < 1:
        raise ConfigError(f"a board prize needs at least 1 game, got {minimum_games}")
    win = event.board_scoring.win
    prizes: dict[int, tuple[BoardScore, ...]] = {}
    for number in range(1, event.boards + 1):
        eligible = [
            s
            for s in board_scores(event, count_forfeits=count_forfeits)
            if s.board == number and s.games >= minimum_games
        ]
        if not eligible:
            continue
        best = max((s.percentage(win), s.points) for s in eligible)
        prizes[number] = tuple(s for s in eligible if (s.percentage(win), s.points) == best)
    return prizes
