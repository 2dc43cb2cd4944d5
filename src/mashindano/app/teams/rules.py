"""The team rules as pure functions (shared/reference/fide_teams.md §2-§4): line-up checks,
colours by board, game points and the match result. Nothing here reads the store or the clock.

Game points and the match result are the engine's team model (`engine.teams.model`: `Board`,
`TeamMatch`, `MatchPointScheme`) read with the stored board results; what is here is the
translation and the checks of what a user types.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from django.utils.translation import gettext, gettext_lazy

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import GameResult, Side
from mashindano.engine.teams.colours import board_colours
from mashindano.engine.teams.model import Board, BoardResult, MatchForfeit, MatchPointScheme
from mashindano.engine.teams.model import TeamMatch as EngineMatch
from mashindano.engine.teams.tiebreaks import parse_team_code

ONE = Fraction(1)
HALF = Fraction(1, 2)
ZERO = Fraction(0)


class MissingLineup(StrEnum):
    """What a line-up missing at the deadline brings (fide_teams.md 3.2, 3.4): a parameter,
    as regulations differ."""

    ROSTER = "roster"
    """The first players of the roster play, in its order (the usual league default)."""
    FORFEIT = "forfeit"
    """Every board of the team is lost by forfeit."""


class TeamSystem(StrEnum):
    """How the team rounds are paired (a team-mode parameter)."""

    ROUND_ROBIN = "round-robin"
    """FIDE Berger tables on the team numbers (fide_teams.md 4.8, `engine.teams.round_robin`)."""
    SWISS = "swiss"
    """FIDE team Swiss C.04.6 (fide_teams.md §5, `engine.teams.pairing`)."""


def parse_team_system(text: str) -> TeamSystem:
    """'round-robin' or 'swiss' as a `TeamSystem` (ConfigError naming the parameter)."""
    try:
        return TeamSystem(text)
    except ValueError:
        raise ConfigError(
            gettext("system: 'round-robin' or 'swiss', got {value!r}").format(value=text),
            parameter="system",
        ) from None


@dataclass(frozen=True, slots=True)
class MatchPoints:
    """Match points for a match won, drawn, lost (fide_teams.md 1.3; default 2/1/0)."""

    win: Fraction = Fraction(2)
    draw: Fraction = ONE
    loss: Fraction = ZERO

    @property
    def text(self) -> str:
        return ",".join(str(p) for p in (self.win, self.draw, self.loss))

    @property
    def scheme(self) -> MatchPointScheme:
        """The engine's match-point scheme (record 362)."""
        return MatchPointScheme(self.win, self.draw, self.loss)


def parse_match_points(text: str) -> MatchPoints:
    """'2,1,0' (win, draw, loss; fractions like 1/2 allowed) -> MatchPoints."""
    parts = [p.strip() for p in text.split(",")]
    try:
        values = [Fraction(p) for p in parts]
    except (ValueError, ZeroDivisionError):
        values = []
    if len(values) != 3 or not values[0] >= values[1] >= values[2] >= 0 or values[0] == values[2]:
        raise ConfigError(
            gettext(
                "match points: three numbers win,draw,loss from high to low like '2,1,0', "
                "got {text!r}"
            ).format(text=text),
            parameter="match_points",
            value=text,
        )
    return MatchPoints(*values)


DEFAULT_TIEBREAKS: tuple[str, ...] = ("MP", "GP", "EDE", "BH:MP/C1", "BH:MP", "EMMSB")
"""The standings order of a team event unless it sets its own: match points, then game points
(fide_teams.md 1.4, 6.2), then FIDE's team Swiss recommendation (6.11: DE, BH-C1, BH, SB) in
the 2023 team codes (6.3 EDE, 6.4 BH:MP with its C1 cut, 6.5 EMMSB = ESB)."""

SCORE_CODES = frozenset({"MP", "GP", "PTS", "MPVGP"})
"""Codes that repeat the match points or game points columns (not shown twice)."""


_TIEBREAK_MEANINGS = {
    # fide_teams.md 6.3-6.9, in the order of the sections
    "EDE": gettext_lazy("direct encounter: the matches among the tied teams"),
    "BH:MP": gettext_lazy("Buchholz: the sum of the opponents' match points"),
    "BH:GP": gettext_lazy("Buchholz: the sum of the opponents' game points"),
    "EMMSB": gettext_lazy(
        "Sonneborn-Berger: each opponent's match points times the match points won against them"
    ),
    "EMGSB": gettext_lazy(
        "Sonneborn-Berger: each opponent's match points times the game points won against them"
    ),
    "EGMSB": gettext_lazy(
        "Sonneborn-Berger: each opponent's game points times the match points won against them"
    ),
    "EGGSB": gettext_lazy(
        "Sonneborn-Berger: each opponent's game points times the game points won against them"
    ),
    "BC": gettext_lazy("board count: game points weighted by board number, lower first"),
    "TBR": gettext_lazy("top board result: game points on board 1, then board 2, ..."),
    "BBE": gettext_lazy("bottom board elimination: game points without the last boards"),
    "SSSC": gettext_lazy("score strength: game points plus Buchholz over a divisor"),
}


def tiebreak_meaning(code: str) -> str:
    """What a team tie-break code means, in words (a cut /C1 or /M1 named after it)."""
    base, _, cut = code.partition("/")
    meaning = str(_TIEBREAK_MEANINGS.get(base, base))
    if cut.startswith("C"):
        return gettext("{meaning}, without the lowest {n}").format(meaning=meaning, n=cut[1:])
    if cut.startswith("M"):
        return gettext("{meaning}, without the {n} lowest and {n} highest").format(
            meaning=meaning, n=cut[1:]
        )
    return meaning


def parse_tiebreaks(text: str) -> tuple[str, ...]:
    """'MP,GP,EDE,BH:MP/C1' -> the codes, upper-cased, each checked by the engine; the first
    is the match points or game points the standings are by."""
    codes = tuple(c.strip().upper() for c in text.split(",") if c.strip())
    if not codes or codes[0] not in ("MP", "GP"):
        raise ConfigError(
            gettext(
                "tie-breaks: codes separated by commas starting with MP or GP, like "
                "'MP,GP,EDE,BH:MP/C1', got {text!r}"
            ).format(text=text),
            parameter="tiebreaks",
            value=text,
        )
    for code in codes:
        try:
            parse_team_code(code)
        except ConfigError:
            raise ConfigError(
                gettext("tie-breaks: {code!r} is not a team tie-break code").format(code=code),
                parameter="tiebreaks",
                value=text,
            ) from None
    return codes


def split_names(given: Sequence[str]) -> tuple[str, ...]:
    """Player names or numbers as a list, each item possibly comma-separated (the command
    line's repeated option or one comma-separated value), blanks kept as empty boards."""
    return tuple(part.strip() for item in given for part in str(item).split(","))


def first_team_colour(board: int) -> str:
    """The first-named team's colour on `board` ("white" or "black"), by the engine's board
    colours (fide_teams.md 4.1-4.2: White on board 1, alternating; `engine.teams.colours`)."""
    return _first_team_side(board).value


def _first_team_side(board: int) -> Side:
    return board_colours(board)[board - 1]


def other_colour(colour: str) -> str:
    """The other team's colour on a board where one has `colour` (4.1)."""
    return Side(colour).opposite.value


@dataclass(frozen=True, slots=True)
class LineupProblem:
    code: str
    message: str


def lineup_problems(
    roster: Sequence[str], lineup: Sequence[str], boards: int
) -> tuple[LineupProblem, ...]:
    """What is wrong with a line-up (entry keys by board, "" for an empty board) against the
    team's roster (entry keys in roster order), fide_teams.md 3.2-3.4: only roster players,
    each once, at most `boards`, in roster order (3.3: p1,p2,p4,p5 valid, p2,p1,p3,p4 not),
    empty boards only at the bottom."""
    problems: list[LineupProblem] = []
    if len(lineup) > boards:
        problems.append(
            LineupProblem(
                "too_many",
                gettext("{count} players named for {boards} boards").format(
                    count=len(lineup), boards=boards
                ),
            )
        )
    rank = {key: position for position, key in enumerate(roster, start=1)}
    seen: set[str] = set()
    last = 0
    empty_above: int | None = None
    for board, key in enumerate(lineup, start=1):
        if not key:
            if empty_above is None:
                empty_above = board
            continue
        if empty_above is not None:
            problems.append(
                LineupProblem(
                    "gap",
                    gettext(
                        "board {board} is empty above board {below}: empty boards are the "
                        "last ones (players move up)"
                    ).format(board=empty_above, below=board),
                )
            )
            empty_above = None
        if key not in rank:
            problems.append(
                LineupProblem(
                    "not_in_roster",
                    gettext("board {board}: {player} is not on the team's roster").format(
                        board=board, player=key
                    ),
                )
            )
            continue
        if key in seen:
            problems.append(
                LineupProblem(
                    "twice",
                    gettext("board {board}: {player} is named twice").format(
                        board=board, player=key
                    ),
                )
            )
            continue
        seen.add(key)
        if rank[key] < last:
            problems.append(
                LineupProblem(
                    "order",
                    gettext(
                        "board {board}: {player} (roster place {place}) plays below a player "
                        "ranked lower on the roster; the line-up keeps the roster order"
                    ).format(board=board, player=key, place=rank[key]),
                )
            )
        last = max(last, rank[key])
    return tuple(problems)


def default_lineup(roster: Sequence[str], boards: int, rule: MissingLineup) -> tuple[str, ...]:
    """The line-up a team plays with when none was submitted by the deadline."""
    if rule is MissingLineup.FORFEIT:
        return ("",) * boards
    chosen = tuple(roster[:boards])
    return chosen + ("",) * (boards - len(chosen))


def seated_result(first: str, second: str) -> GameResult | None:
    """The result an empty board brings by itself (3.4, 2.1): a forfeit against the absent
    side, both absent a double forfeit; None when both players are there."""
    if first and second:
        return None
    if first:
        return GameResult.FIRST_WINS_BY_FORFEIT
    if second:
        return GameResult.SECOND_WINS_BY_FORFEIT
    return GameResult.DOUBLE_FORFEIT


BOARD_RESULTS: dict[GameResult, BoardResult] = {
    GameResult.FIRST_WINS: BoardResult.HOME_WINS,
    GameResult.SECOND_WINS: BoardResult.AWAY_WINS,
    GameResult.DRAW: BoardResult.DRAW,
    GameResult.FIRST_WINS_BY_FORFEIT: BoardResult.HOME_WINS_BY_FORFEIT,
    GameResult.SECOND_WINS_BY_FORFEIT: BoardResult.AWAY_WINS_BY_FORFEIT,
    GameResult.DOUBLE_FORFEIT: BoardResult.DOUBLE_FORFEIT,
}
"""A stored board result as the engine's team model reads it (the first-named team is home)."""


def engine_board(number: int, first: str | None, second: str | None, result: GameResult) -> Board:
    """One board for the engine: the first team's colour by the engine's board colours, the
    result None while it is not in."""
    return Board(number, first, second, _first_team_side(number), BOARD_RESULTS.get(result))


def engine_match(
    round_number: int, first: int, second: int, boards: Sequence[Board]
) -> EngineMatch:
    """The engine's match: every board a double forfeit is both teams absent (2.3)."""
    absent = bool(boards) and all(b.result is BoardResult.DOUBLE_FORFEIT for b in boards)
    return EngineMatch(
        round_number,
        first,
        second,
        tuple(boards),
        MatchForfeit.BOTH_ABSENT if absent else None,
    )


def game_points(result: GameResult) -> tuple[Fraction, Fraction]:
    """Game points of the two boards' players (1.2, 2.1: a forfeit win is 1, the absent 0)."""
    board = engine_board(1, "a", "b", result)
    return board.points(True), board.points(False)


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match's game points and match points for both teams; `complete` when every board
    has a result (the match points count only then)."""

    first_gp: Fraction
    second_gp: Fraction
    first_mp: Fraction
    second_mp: Fraction
    complete: bool
    played: bool
    """At least one board was played over the board (2.4)."""


def match_score(results: Sequence[GameResult], points: MatchPoints) -> MatchScore:
    """The match result from its boards' results (1.3, 2.1-2.3), by the engine's team match:
    more game points wins the match; equal is a draw, except a match without a single game
    point (a double forfeit on every board), which is lost by both teams (2.3)."""
    match = engine_match(
        1, 1, 2, [engine_board(k, "a", "b", r) for k, r in enumerate(results, start=1)]
    )
    first, second = match.game_points(1), match.game_points(2)
    complete = all(r.is_decided for r in results)
    if complete:
        first_mp, second_mp = (
            match.match_points(1, points.scheme),
            match.match_points(2, points.scheme),
        )
    else:
        first_mp = second_mp = ZERO
    return MatchScore(first, second, first_mp, second_mp, complete, match.played)
