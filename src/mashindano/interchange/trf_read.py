"""Reading TRF-16 / TRF-26 text into a `TrfTournament`: tolerant where a field only informs,
strict where it decides.

Player lines are read by column, never by whitespace (names contain spaces). What decides
pairings and standings (starting ranks, ratings, opponents, colours, results, rounds, scoring,
byes) is read strictly: every problem is a `ParseError` naming the source, the 1-based line and
the field, and nothing is guessed (two players' lines that disagree about a game, two records
that disagree about the same setting). What only informs is read as the programs that write
TRF files write it (Swiss-Manager, Vega, lichess, Sharly Chess, JaVaFo, bbpPairings): dates in
any common form, sex `f`, blank, ruler, legend and comment lines, unknown records, a points
column that disagrees with the results (the results count). Each such oddity becomes a
`TrfWarning` with its line in `TrfTournament.warnings`; `strict=True` refuses them instead.

Records are dispatched by `RECORD_HANDLERS` (code -> `_Reader` method taking the line number,
the line and its value from column 5): a new record is one method and one entry there.
Records listed in `KEPT_RECORDS` are known and kept verbatim without a warning.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, Literal, NoReturn, cast

from mashindano.engine.errors import ConfigError, ParseError
from mashindano.engine.model import Side
from mashindano.engine.points import Points, PointSystem, format_points, parse_points
from mashindano.interchange.limits import MAX_COUNT_DIGITS, MAX_PLAYERS, MAX_ROUNDS
from mashindano.interchange.trf_model import (
    BBP_POINT_CODES,
    BYE_RESULT_CODES,
    MATCH_SCORING_SYMBOLS,
    MATCHING_RESULT_CODES,
    PLAYED_RESULT_CODES,
    RESULT_CODES,
    SCORING_SYMBOLS,
    TrfAccelerationRecord,
    TrfByeCode,
    TrfByeDeclaration,
    TrfColour,
    TrfForfeitedMatch,
    TrfForfeitKind,
    TrfPlayer,
    TrfRoundEntry,
    TrfTeam,
    TrfTeamOrder,
    TrfTeamPab,
    TrfTournament,
    TrfWarning,
    compute_player_points,
    count_paired_rounds,
    parse_xxs,
    point_system_from_xxs,
    scoring_named_in_type,
    tournament_point_system,
)

_RECORD_CODE = re.compile(r"[0-9A-Z]{3}")
_NUMBER = re.compile(r" *[0-9]+")
_DIGITS = re.compile(r"[0-9]+")
_POINTS = re.compile(r" *-?[0-9]+(\.[0-9]+)?")
_DATE = re.compile(r"([0-9]{4})[/.-]([0-9]{2})[/.-]([0-9]{2})")
_BIRTH_DATE = re.compile(r"([0-9]{4})(?:/([0-9]{2})/([0-9]{2}))?")
_ROUND_DATE = re.compile(r"([0-9]{2})/([0-9]{2})/([0-9]{2})")
# Dates as other programs write them: 2020/5/10, 28. 07. 2005, 24/09/2010, May 10, 2020...
_YEAR_FIRST = re.compile(r"([0-9]{4}) ?[/.-] ?([0-9]{1,2}) ?[/.-] ?([0-9]{1,2})\.?")
_YEAR_LAST = re.compile(r"([0-9]{1,2}) ?[/.-] ?([0-9]{1,2}) ?[/.-] ?([0-9]{4})")
_MONTH_FIRST = re.compile(r"([A-Za-z]+)\.? ([0-9]{1,2})(?:st|nd|rd|th)?,? ([0-9]{4})")
_DAY_FIRST = re.compile(r"([0-9]{1,2})(?:st|nd|rd|th)?\.? ([A-Za-z]+)\.?,? ([0-9]{4})")
_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_BBP_BYES = {"+": "U", "=": "H"}
"""A block without an opponent whose result is `+` (`=`): bbpPairings reads it as the
pairing-allocated bye (a half-point bye); JaVaFo writes the former."""
_BYE_NAMES = {"U": "the pairing-allocated bye", "H": "a half-point bye"}
_RULER = re.compile(r"[0-9 ]+")
_COMMENT_MARKS = ("#", "//", ";", "%")

_TEXT_RECORDS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
}
_DATE_RECORDS = {"042": "start_date", "052": "end_date"}
_TEAM_RECORDS = ("013", "300", "310", "320", "330")
"""TRF-16 (013) and TRF-26 (300, 310, 320, 330) team records: a team tournament's file."""
KEPT_RECORDS = frozenset(
    {
        *("062", "072", "082", "172", "182", "202", "212", "222"),
        *("260", "299", "352", "362", "801", "802"),
        "DAT",
    }
)
"""Known records the model does not interpret: kept verbatim in `other_lines`, no warning."""
_DECIDING_RECORDS = frozenset(
    {"001", "142", "152", "162", "240", "250", "260", "XXR", "XXC", "XXZ", "XXP", "XXA", "XXS"}
    | set(BBP_POINT_CODES)
)
"""Records that decide pairings or standings: a misspelt one is an error, not a warning."""

# (label, first column, last column) of the fixed fields of a `001` record, 1-based.
_RIGHT_ALIGNED_FIELDS = (
    ("starting rank", 5, 8),
    ("title", 11, 13),
    ("rating", 49, 52),
    ("FIDE id", 58, 68),
    ("points", 81, 84),
    ("rank", 86, 89),
)
_SEPARATOR_COLUMNS = (4, 9, 48, 53, 91)
_INFORMING_SEPARATOR_COLUMNS = (14, 57, 69, 80, 85, 90)
"""Blank columns next to fields that only inform: something there is a warning."""
_FIRST_ROUND_COLUMN = 92
_ROUND_WIDTH = 10
_SCORING_FIRST_COLUMN = 6
_SCORING_WIDTH = 9
# Records whose points the model does not interpret: the points column cannot be checked.
_POINT_CHANGING_RECORDS = ("299",)
_MAX_POINTS_CHARS = 12


def parse_trf(
    text: str,
    *,
    source: str = "<trf>",
    require_players: bool = False,
    strict: bool = False,
    teams: bool = False,
) -> TrfTournament:
    """Read a TRF-16 or TRF-26 file (CR, LF or CRLF line ends). Raises `ParseError`.

    Oddities in what only informs are `warnings` of the result; with `strict` the first one
    is a `ParseError` instead. A team tournament's file (records 013, 300, 310, 320, 330) is
    refused as such unless `teams`: then its team records (and 352, 362) are read into
    `TrfTournament.teams` and the other team fields (fide_teams.md §8, §9), and
    `interchange.trf_teams` makes the team event of it. With `require_players`, a file
    without a single player line (an empty file, say) is an error rather than a tournament
    of nobody: what commands that pair or rank want."""
    reader = _Reader(source, strict=strict, teams_allowed=teams)
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not teams:
        _refuse_team_file(lines, source)
    last = max((i for i, line in enumerate(lines, start=1) if line.strip()), default=0)
    for number, line in enumerate(lines, start=1):
        line = line.rstrip(" ")
        if not line.strip():
            if number < last:
                reader.warn(number, "blank line skipped")
            continue
        reader.read_line(number, line)
    tournament = reader.finish()
    if require_players and not tournament.players:
        what = "is empty" if not text.strip() else "has no player lines (001)"
        raise ParseError(f"{source}: the TRF file {what}", source=source)
    return tournament


def is_team_file(text: str) -> bool:
    """Whether the file has a team record (013, 300, 310, 320, 330): a team tournament's."""
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return any(line[:3] in _TEAM_RECORDS and line[3:4] in ("", " ") for line in lines)


def _refuse_team_file(lines: list[str], source: str) -> None:
    for number, line in enumerate(lines, start=1):
        if line[:3] in _TEAM_RECORDS and line[3:4] in ("", " "):
            raise ParseError(
                f"{source}, line {number}: team tournament file (record {line[:3]}): "
                "team events are not supported yet",
                source=source,
                line=number,
            )


def _column(line: str, first: int, last: int) -> str:
    """Columns first..last (1-based, inclusive), padded with blanks past the end of the line."""
    return line[first - 1 : last].ljust(last - first + 1)


@dataclass(slots=True)
class _Reader:
    source: str
    strict: bool = False
    teams_allowed: bool = False
    team_records: list[tuple[int, TrfTeam]] = field(default_factory=list)
    team_pab: tuple[int, TrfTeamPab] | None = None
    forfeited_matches: list[tuple[int, TrfForfeitedMatch]] = field(default_factory=list)
    team_orders: list[tuple[int, TrfTeamOrder]] = field(default_factory=list)
    match_scoring: list[tuple[str, Points]] = field(default_factory=list)
    warnings: list[TrfWarning] = field(default_factory=list)
    fields: dict[str, Any] = field(default_factory=dict)
    field_lines: dict[str, int] = field(default_factory=dict)
    players: list[TrfPlayer] = field(default_factory=list)
    player_lines: dict[int, int] = field(default_factory=dict)
    deputy_arbiters: list[str] = field(default_factory=list)
    scoring: list[tuple[str, Points]] = field(default_factory=list)
    bbp_points: list[tuple[str, Points]] = field(default_factory=list)
    declared_byes: list[tuple[int, TrfByeDeclaration]] = field(default_factory=list)
    absent: list[tuple[int, int]] = field(default_factory=list)
    forbidden_pairs: list[tuple[int, frozenset[int]]] = field(default_factory=list)
    accelerations: list[tuple[int, int, tuple[Points, ...]]] = field(default_factory=list)
    acceleration_records: list[tuple[int, TrfAccelerationRecord]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    other_lines: list[str] = field(default_factory=list)
    point_lines: list[int] = field(default_factory=list)
    points_unchecked: bool = False

    def fail(self, line_number: int, message: str, **params: Any) -> NoReturn:
        raise ParseError(
            f"{self.source}, line {line_number}: {message}",
            source=self.source,
            line=line_number,
            **params,
        )

    def warn(self, n: int, message: str) -> None:
        """An oddity read past; a refusal when reading strictly."""
        if self.strict:
            self.fail(n, f"{message} (refused: strict reading)")
        self.warnings.append(TrfWarning(n, message))

    # -- one line -----------------------------------------------------------------------

    def read_line(self, n: int, line: str) -> None:
        if line.startswith("###"):
            self.comments.append(line[3:])
            return
        code = line[:3]
        if not _RECORD_CODE.fullmatch(code) or (len(line) > 3 and line[3] != " "):
            self.read_other_line(n, line)
            return
        if "\t" in line:
            if code in _DECIDING_RECORDS:
                self.fail(n, f"tab character at column {line.index(chr(9)) + 1}")
            self.warn(n, f"tab character at column {line.index(chr(9)) + 1} read as a blank")
            line = line.replace("\t", " ")
        handler = RECORD_HANDLERS.get(code)
        if handler is None and self.teams_allowed:
            handler = TEAM_RECORD_HANDLERS.get(code)
        if handler is not None:
            handler(self, n, line, line[4:].strip())
            return
        if code not in KEPT_RECORDS:
            self.warn(n, f"unknown record {code}: kept as it is, not read")
        if code in _POINT_CHANGING_RECORDS:
            self.points_unchecked = True
        self.other_lines.append(line)

    def read_other_line(self, n: int, line: str) -> None:
        """A line that is not a record: a column ruler or a comment is skipped with a
        warning, as is any other line unless it looks like a misspelt deciding record."""
        if _RULER.fullmatch(line):
            self.warn(n, "column ruler skipped")
        elif line.lstrip().startswith(_COMMENT_MARKS):
            self.warn(n, "comment line skipped (TRF comments start with ###)")
        elif line[:3].upper() in _DECIDING_RECORDS:
            self.fail(n, f"bad record code {line[:4].rstrip()!r} (expected 3 digits or capitals)")
        else:
            self.warn(n, f"line starting {line[:4].rstrip()!r} is not a TRF record: skipped")

    def read_text_record(self, n: int, line: str, value: str) -> None:
        self.set_field(n, line[:3], _TEXT_RECORDS[line[:3]], value)

    def read_date_record(self, n: int, line: str, value: str) -> None:
        code = line[:3]
        if _DATE_RECORDS[code] in self.field_lines:
            self.set_field(n, code, _DATE_RECORDS[code], None)
            return
        self.set_field(n, code, _DATE_RECORDS[code], self.read_date(n, code, value))

    def read_deputy(self, n: int, line: str, value: str) -> None:
        self.deputy_arbiters.append(value)

    def read_encoded_type(self, n: int, line: str, value: str) -> None:
        self.set_field(n, line[:3], "encoded_type", value)

    def read_acceleration_line(self, n: int, line: str, value: str) -> None:
        self.read_acceleration_record(n, line)

    def read_xxa_line(self, n: int, line: str, value: str) -> None:
        self.read_xxa(n, value)

    def read_legend(self, n: int, line: str, value: str) -> None:
        self.warn(n, "column legend line (DDD SSSS ...) skipped")

    def set_field(self, n: int, code: str, name: str, value: object) -> None:
        if name in self.field_lines:
            self.warn(
                n, f"second {code} record ignored (the first is on line {self.field_lines[name]})"
            )
            return
        self.fields[name] = value
        self.field_lines[name] = n

    def read_date(self, n: int, code: str, text: str) -> date | None:
        if not text:
            return None
        match = _DATE.fullmatch(text)
        if match is not None and _is_date(int(match[1]), match[2], match[3]):
            return date(int(match[1]), int(match[2]), int(match[3]))
        found = _loose_date(text)
        if found is None:
            self.warn(n, f"{code} date {text!r} is not a date: ignored")
            return None
        self.warn(n, f"{code} date {text!r} read as {found:%Y/%m/%d}")
        return found

    def read_round_dates(self, n: int, line: str, value: str) -> None:
        if "round_dates" in self.field_lines:
            self.set_field(n, "132", "round_dates", ())
            return
        # (1-based column, text) of each date written after the record code
        tokens = [(m.start() + 4, m[0]) for m in re.finditer(r"\S+", line[3:])]
        first = _FIRST_ROUND_COLUMN
        if not all(
            c >= first and (c - first) % _ROUND_WIDTH == 0 and len(t) <= _ROUND_WIDTH
            for c, t in tokens
        ):
            self.warn(
                n,
                f"132 round dates are not at columns {first}, "
                f"{first + _ROUND_WIDTH}, ...: read in order",
            )
            tokens = [(first + _ROUND_WIDTH * k, t) for k, (_c, t) in enumerate(tokens)]
        rounds = (tokens[-1][0] - first) // _ROUND_WIDTH + 1 if tokens else 0
        dates = [""] * rounds
        for column, text in tokens:
            r = (column - first) // _ROUND_WIDTH + 1
            dates[r - 1] = self.read_round_date(n, r, text)
        while dates and not dates[-1]:
            dates.pop()
        self.set_field(n, "132", "round_dates", tuple(dates))

    def read_round_date(self, n: int, r: int, text: str) -> str:
        if _is_round_date(text):
            return text
        found = _loose_date(text)
        if found is None:
            self.warn(n, f"132 round {r} date {text!r} is not a date: ignored")
            return ""
        self.warn(n, f"132 round {r} date {text!r} read as {found:%y/%m/%d}")
        return f"{found:%y/%m/%d}"

    def read_rounds(self, n: int, line: str, value: str) -> None:
        self.set_rounds(n, line[:3], value)

    def read_initial_colour(self, n: int, line: str, value: str) -> None:
        self.set_initial_colour(n, "152", self.read_colour_letter(n, value))

    def read_absent(self, n: int, line: str, value: str) -> None:
        self.absent.extend((n, p) for p in self.read_numbers(n, "XXZ", value))

    def read_forbidden_pairs(self, n: int, line: str, value: str) -> None:
        numbers = self.read_numbers(n, "XXP", value)
        if len(set(numbers)) < 2:
            self.fail(n, f"XXP needs at least two different players, got {value!r}")
        self.forbidden_pairs.append((n, frozenset(numbers)))

    def read_xxs(self, n: int, line: str, value: str) -> None:
        """JaVaFo's scoring line: checked here, kept verbatim, its points used by
        `tournament_point_system`."""
        try:
            point_system_from_xxs(parse_xxs(value))
        except (ValueError, ConfigError) as exc:
            self.fail(n, str(exc))
        self.point_lines.append(n)
        self.other_lines.append(line)

    def set_rounds(self, n: int, code: str, value: str) -> None:
        digits = value.lstrip("0")
        if not _DIGITS.fullmatch(value) or not digits:
            self.fail(n, f"{code} number of rounds {_clip(value)!r} is not a positive number")
        if len(digits) > MAX_COUNT_DIGITS or int(digits) > MAX_ROUNDS:
            self.fail(n, f"{code} number of rounds {_clip(value)} is more than {MAX_ROUNDS}")
        rounds = int(digits)
        if "rounds" in self.fields and self.fields["rounds"] != rounds:
            first = self.field_lines["rounds"]
            self.fail(
                n, f"{code} says {rounds} rounds but line {first} says {self.fields['rounds']}"
            )
        self.fields["rounds"] = rounds
        self.field_lines["rounds"] = n

    def read_colour_letter(self, n: int, value: str) -> Side:
        match value.upper():
            case "W":
                return Side.WHITE
            case "B":
                return Side.BLACK
            case _:
                self.fail(n, f"152 initial colour {value!r} is not W or B", value=value)

    def set_initial_colour(self, n: int, code: str, colour: Side) -> None:
        known = self.fields.get("initial_colour")
        if known is not None and known != colour:
            first = self.field_lines["initial_colour"]
            self.fail(n, f"{code} says {colour.value} first but line {first} says {known.value}")
        self.fields["initial_colour"] = colour
        self.field_lines["initial_colour"] = n

    def read_xxc(self, n: int, line: str, value: str) -> None:
        if not value:
            self.fail(n, "XXC gives no value (expected white1, black1 or rank)")
        for token in value.split():
            match token.lower():
                case "white1":
                    self.set_initial_colour(n, "XXC", Side.WHITE)
                case "black1":
                    self.set_initial_colour(n, "XXC", Side.BLACK)
                case "rank":
                    self.fields["pair_by_rank"] = True
                case _:
                    self.fail(n, f"XXC value {token!r} is not white1, black1 or rank", value=token)

    def read_numbers(self, n: int, code: str, value: str) -> list[int]:
        numbers = value.split()
        for token in numbers:
            if (
                not _DIGITS.fullmatch(token)
                or len(token.lstrip("0")) > MAX_COUNT_DIGITS
                or not 1 <= int(token.lstrip("0") or "0") <= MAX_PLAYERS
            ):
                self.fail(
                    n, f"{code} value {_clip(token)!r} is not a starting rank", value=_clip(token)
                )
        if not numbers:
            self.fail(n, f"{code} lists no players")
        return [int(t.lstrip("0")) for t in numbers]

    def read_points_text(self, n: int, what: str, text: str) -> Points:
        if not _POINTS.fullmatch(text) or len(text.strip()) > _MAX_POINTS_CHARS:
            self.fail(n, f"{what} {_clip(text.strip())!r} is not a number of points like 11.5")
        return parse_points(text)

    def read_scoring(self, n: int, line: str, value: str) -> None:
        if self.scoring:
            self.fail(n, f"second 162 record (the first is on line {self.point_lines[0]})")
        self.point_lines.append(n)
        gap_start = 5
        column = _SCORING_FIRST_COLUMN
        while column <= len(line):
            gap = _column(line, gap_start, column - 1).strip()
            if gap:
                self.fail(n, f"162 has {gap!r} where columns {gap_start}-{column - 1} are blank")
            symbol = _column(line, column, column).upper()
            if symbol not in SCORING_SYMBOLS:
                self.fail(n, f"162 symbol {symbol!r} at column {column} is not one of W D L A P X")
            if any(s == symbol for s, _ in self.scoring):
                self.fail(n, f"162 gives points for {symbol!r} twice")
            text = _column(line, column + 1, column + 4)
            self.scoring.append((symbol, self.read_points_text(n, f"162 {symbol} points", text)))
            gap_start = column + 5
            column += _SCORING_WIDTH
        if not self.scoring:
            self.fail(n, "162 gives no points")

    def read_bbp_points(self, n: int, line: str, value: str) -> None:
        code = line[:3]
        if any(c == code for c, _ in self.bbp_points):
            self.fail(n, f"second {code} line")
        self.point_lines.append(n)
        self.bbp_points.append((code, self.read_points_text(n, code, value)))

    def read_declared_byes(self, n: int, line: str, value: str) -> None:
        kind = _column(line, 5, 5).upper()
        if kind not in ("F", "H", "Z"):
            self.fail(n, f"240 bye type {kind!r} is not F, H or Z")
        round_text = _column(line, 7, 9)
        if _column(line, 6, 6) != " " or not _NUMBER.fullmatch(round_text):
            self.fail(n, f"240 round {round_text.strip()!r} is not a number in columns 7-9")
        round_number = int(round_text)
        if round_number < 1:
            self.fail(n, "240 round must be at least 1")
        players: list[int] = []
        column = 11
        while column <= len(line):
            text = _column(line, column, column + 3)
            if _column(line, column - 1, column - 1) != " " or not _NUMBER.fullmatch(text):
                self.fail(n, f"240 player {text.strip()!r} at column {column} is not a number")
            players.append(int(text))
            column += 5
        if not players:
            self.fail(n, "240 lists no players")
        bye = TrfByeDeclaration(cast(TrfByeCode, kind), round_number, tuple(players))
        self.declared_byes.append((n, bye))

    def read_xxa(self, n: int, value: str) -> None:
        """`XXA NNNN pp.p pp.p ...`: a player's acceleration points, round by round."""
        tokens = value.split()
        if not tokens:
            self.fail(n, "XXA gives no player")
        rank = self.read_numbers(n, "XXA", tokens[0])[0]
        if len(tokens) - 1 > MAX_ROUNDS:
            self.fail(n, f"XXA gives {len(tokens) - 1} rounds, more than {MAX_ROUNDS}")
        points = tuple(
            self.read_points_text(n, f"XXA player {rank} round {r}", text)
            for r, text in enumerate(tokens[1:], start=1)
        )
        self.accelerations.append((n, rank, points))

    def read_acceleration_record(self, n: int, line: str) -> None:
        """`250 MMMM GGGG RRF RRL PPPF PPPL` (TRF-26): acceleration points for a range of
        rounds and players; a blank last round or last player repeats the first."""

        def number(label: str, first: int, last: int, default: int | None) -> int:
            text = _column(line, first, last)
            if not text.strip() and default is not None:
                return default
            if not _NUMBER.fullmatch(text) or int(text) < 1:
                self.fail(
                    n, f"250 {label} {text.strip()!r} in columns {first}-{last} is not 1 or more"
                )
            return int(text)

        def points(label: str, first: int, last: int) -> Points:
            text = _column(line, first, last)
            return self.read_points_text(n, f"250 {label}", text) if text.strip() else Points(0)

        for column in (9, 14, 18, 22, 27):
            if _column(line, column, column) != " ":
                self.fail(n, f"250: column {column} should be blank, found {line[column - 1]!r}")
        first_round = number("first round", 15, 17, None)
        first_player = number("first player", 23, 26, None)
        record = TrfAccelerationRecord(
            match_points=points("match points", 5, 8),
            game_points=points("game points", 10, 13),
            first_round=first_round,
            last_round=number("last round", 19, 21, first_round),
            first_player=first_player,
            last_player=number("last player", 28, 31, first_player),
        )
        if record.last_round < record.first_round or record.last_player < record.first_player:
            self.fail(n, "250: a range ends before it starts")
        self.acceleration_records.append((n, record))

    # -- player lines -------------------------------------------------------------------

    def count_blocks(self, line: str) -> int:
        extra = len(line) - (_FIRST_ROUND_COLUMN - 1)
        return max(0, -(-extra // _ROUND_WIDTH))

    def read_number(self, n: int, line: str, label: str, first: int, last: int) -> int | None:
        text = _column(line, first, last)
        if not text.strip():
            return None
        if not _NUMBER.fullmatch(text):
            self.fail(
                n,
                f"{label} {text.strip()!r} in columns {first}-{last} is not a right-aligned number",
                value=text.strip(),
            )
        return int(text)

    def read_informing_number(
        self, n: int, line: str, label: str, first: int, last: int
    ) -> int | None:
        """A number that only informs (the rank column): anything else is a warning."""
        text = _column(line, first, last)
        if not text.strip():
            return None
        if not _NUMBER.fullmatch(text):
            where = f"columns {first}-{last}"
            self.warn(n, f"{label} {text.strip()!r} in {where} is not a number: ignored")
            return None
        return int(text)

    def read_player(self, n: int, line: str, value: str = "") -> None:
        end = len(line)
        for label, first, last in _RIGHT_ALIGNED_FIELDS:
            if first <= end < last:
                self.fail(
                    n, f"line ends at column {end}, inside the {label} (columns {first}-{last})"
                )
        for column in _SEPARATOR_COLUMNS:
            if _column(line, column, column) != " ":
                self.fail(n, f"column {column} should be blank, found {line[column - 1]!r}")
        rank = self.read_number(n, line, "starting rank", 5, 8)
        if rank is None or rank < 1:
            self.fail(n, "starting rank (columns 5-8) is missing")
        if rank in self.player_lines:
            self.fail(
                n,
                f"duplicate starting rank {rank} (also on line {self.player_lines[rank]})",
                player=rank,
            )
        for column in _INFORMING_SEPARATOR_COLUMNS:
            if _column(line, column, column) != " ":
                self.warn(
                    n,
                    f"player {rank}: column {column} should be blank, "
                    f"found {line[column - 1]!r} (ignored)",
                )
        player = TrfPlayer(
            starting_rank=rank,
            name=_column(line, 15, 47).strip(),
            sex=self.read_sex(n, rank, _column(line, 10, 10)),
            title=self.read_title(n, rank, _column(line, 11, 13).strip()),
            rating=self.read_number(n, line, f"player {rank}: rating", 49, 52),
            federation=_column(line, 54, 56).strip() or None,
            fide_id=self.read_fide_id(n, rank, _column(line, 58, 68)),
            birth_date=self.read_birth_date(n, rank, _column(line, 70, 79).strip()),
            points=self.read_points_column(n, rank, _column(line, 81, 84)),
            rank=self.read_informing_number(n, line, f"player {rank}: rank", 86, 89),
            rounds=tuple(
                self.read_round_entry(n, line, rank, r)
                for r in range(1, self.count_blocks(line) + 1)
            ),
        )
        self.players.append(player)
        self.player_lines[rank] = n

    def read_sex(self, n: int, rank: int, text: str) -> Literal["m", "w"] | None:
        sex = text.lower()
        if sex in ("m", "w"):
            return cast(Literal["m", "w"], sex)
        if sex == "f":
            self.warn(n, f"player {rank}: sex {text!r} in column 10 read as w")
            return "w"
        if sex != " ":
            self.warn(n, f"player {rank}: sex {text!r} in column 10 is not m or w: ignored")
        return None

    def read_title(self, n: int, rank: int, title: str) -> str | None:
        if title and not title.isalpha():
            self.warn(n, f"player {rank}: title {title!r} is not letters: ignored")
            return None
        return title.upper() or None

    def read_fide_id(self, n: int, rank: int, text: str) -> str | None:
        if not text.strip():
            return None
        if not _NUMBER.fullmatch(text):
            self.warn(
                n,
                f"player {rank}: FIDE id {text.strip()!r} (columns 58-68) is not a number: ignored",
            )
            return None
        return text.strip()

    def read_birth_date(self, n: int, rank: int, birth: str) -> str | None:
        if not birth or _is_birth_date(birth):
            return birth or None
        found = _loose_date(birth)
        if found is None:
            self.warn(n, f"player {rank}: birth date {birth!r} is not a date: ignored")
            return None
        self.warn(n, f"player {rank}: birth date {birth!r} read as {found:%Y/%m/%d}")
        return f"{found:%Y/%m/%d}"

    def read_points_column(self, n: int, rank: int, text: str) -> Points | None:
        if not text.strip():
            return None
        if not _POINTS.fullmatch(text):
            self.warn(
                n,
                f"player {rank}: points {text.strip()!r} (columns 81-84) is not a number of "
                "points like 11.5: ignored",
            )
            return None
        return parse_points(text)

    def read_round_entry(self, n: int, line: str, rank: int, r: int) -> TrfRoundEntry:
        first = _FIRST_ROUND_COLUMN + _ROUND_WIDTH * (r - 1)
        where = f"player {rank} round {r}"
        if first + 3 > len(line) > first - 1:
            self.fail(n, f"{where}: line ends inside the opponent (columns {first}-{first + 3})")
        for column in (first + 4, first + 6, first + 8, first + 9):
            if _column(line, column, column) != " ":
                self.fail(
                    n, f"{where}: column {column} should be blank, found {line[column - 1]!r}"
                )
        opponent = self.read_number(n, line, f"{where}: opponent", first, first + 3)
        colour_text = _column(line, first + 5, first + 5).lower()
        if colour_text not in ("w", "b", "-", " "):
            self.fail(n, f"{where}: colour {colour_text!r} is not w, b or -")
        colour = cast(TrfColour, colour_text) if colour_text in ("w", "b") else None
        result_text = _column(line, first + 7, first + 7)
        result = result_text.strip().upper()
        if result not in RESULT_CODES:
            self.fail(n, f"{where}: result {result_text!r} is not a TRF result code", value=result)
        if opponent == 0:
            opponent = None
        if opponent is None:
            if colour is not None:
                self.fail(n, f"{where}: colour {colour!r} without an opponent")
            if result == "+" and self.teams_allowed:
                # a team file: a board won by forfeit against an empty board (§2.1)
                return TrfRoundEntry(None, None, result)
            if result in _BBP_BYES:
                self.warn(
                    n,
                    f"{where}: {_column(line, first, first + 7)!r} read as "
                    f"'0000 - {_BBP_BYES[result]}' ({_BYE_NAMES[_BBP_BYES[result]]}), "
                    "as bbpPairings reads it",
                )
                result = _BBP_BYES[result]
            if result not in BYE_RESULT_CODES:
                self.fail(n, f"{where}: result {result!r} needs an opponent")
        else:
            if opponent == rank:
                self.fail(n, f"{where}: player {rank} cannot play himself")
            if result == "Z":
                self.warn(
                    n,
                    f"{where}: result 'Z' against opponent {opponent} read as a game "
                    "not played yet (lichess writes a game in progress so)",
                )
                result = ""
            if result not in MATCHING_RESULT_CODES:
                self.fail(n, f"{where}: bye result {result!r} with opponent {opponent}")
            if result in PLAYED_RESULT_CODES and colour is None:
                self.fail(n, f"{where}: played game (result {result!r}) needs colour w or b")
        return TrfRoundEntry(opponent, colour, result)

    # -- team records (read only with `teams=True`; fide_teams.md §8, §9) ----------------

    def team_number(self, n: int, line: str, label: str, first: int, last: int) -> int:
        """A team number 1-999 in fixed columns: decides, so anything else is an error."""
        text = _column(line, first, last)
        if not _NUMBER.fullmatch(text) or not 1 <= int(text) <= 999:
            self.fail(
                n, f"{line[:3]} {label} {text.strip()!r} in columns {first}-{last} is not 1-999"
            )
        return int(text)

    def read_team_310(self, n: int, line: str, value: str) -> None:
        """`310`: TPN 5-7, name 9-40, nickname 42-46, strength 48-53, MP 55-60, GP 62-67,
        rank 69-71, players 74-77, 79-82, ... (§8.3)."""
        for column in (4, 8):
            if _column(line, column, column) != " ":
                self.fail(n, f"310: column {column} should be blank, found {line[column - 1]!r}")
        number = self.team_number(n, line, "team number", 5, 7)
        name = _column(line, 9, 40).strip()
        if not name:
            self.fail(n, f"310 team {number} has no name (columns 9-40)")
        for column in (41, 47, 54, 61, 68, 72, 73):
            if _column(line, column, column) != " ":
                self.warn(
                    n,
                    f"310 team {number}: column {column} should be blank, "
                    f"found {line[column - 1]!r} (ignored)",
                )
        team = TrfTeam(
            number=number,
            name=name,
            players=self.read_team_players(n, line, f"310 team {number}", 74),
            nickname=_column(line, 42, 46).strip(),
            strength=self.read_informing_number(n, line, f"310 team {number}: strength", 48, 53),
            match_points=self.read_team_points(n, line, number, "match points", 55, 60),
            game_points=self.read_team_points(n, line, number, "game points", 62, 67),
            rank=self.read_informing_number(n, line, f"310 team {number}: rank", 69, 71),
        )
        self.team_records.append((n, team))

    def read_team_points(
        self, n: int, line: str, number: int, label: str, first: int, last: int
    ) -> Points | None:
        """310's match or game points: informative (the results count), so a bad value is
        a warning."""
        text = _column(line, first, last)
        if not text.strip():
            return None
        if not _POINTS.fullmatch(text):
            self.warn(
                n,
                f"310 team {number}: {label} {text.strip()!r} (columns {first}-{last}) is not "
                "a number of points like 11.5: ignored",
            )
            return None
        return parse_points(text)

    def read_team_players(self, n: int, line: str, what: str, first: int) -> tuple[int, ...]:
        """Starting ranks in 4 columns every 5 from `first`, blank separators between."""
        players: list[int] = []
        column = first
        while column <= len(line):
            if _column(line, column - 1, column - 1) != " ":
                self.fail(
                    n, f"{what}: column {column - 1} should be blank, found {line[column - 2]!r}"
                )
            text = _column(line, column, column + 3)
            if not _NUMBER.fullmatch(text) or int(text) < 1:
                self.fail(
                    n,
                    f"{what}: player {text.strip()!r} in columns {column}-{column + 3} is not "
                    "a starting rank",
                )
            players.append(int(text))
            column += 5
        if not players:
            self.fail(n, f"{what} lists no players")
        return tuple(players)

    def read_team_013(self, n: int, line: str, value: str) -> None:
        """`013` (TRF-16, §9.1): name 5-36, players at 37-40, 42-45, ...; or, as some
        programs write it, the name, two blanks or more, then the starting ranks."""
        number = sum(1 for _, t in self.team_records if t.record == "013") + 1
        name = _column(line, 5, 36).strip()
        players = self.columned_013_players(line)
        if players is None or not name:
            match = re.fullmatch(r"013 +(\S(?:.*?\S)?) {2,}([0-9][0-9 ]*)", line)
            if match is None:
                self.fail(
                    n,
                    "013 team record is neither name (columns 5-36) then players at "
                    "37-40, 42-45, ... nor a name, two blanks and starting ranks",
                )
            name = match[1]
            players = tuple(int(t) for t in match[2].split())
            if 0 in players:
                self.fail(n, f"013 team {name!r}: starting rank 0 is not a player")
            self.warn(
                n,
                f"013 team {name!r} is not in the TRF-16 columns (players from column 37): "
                "read as a name followed by starting ranks",
            )
        self.team_records.append((n, TrfTeam(number, name, players, record="013")))

    def columned_013_players(self, line: str) -> tuple[int, ...] | None:
        players: list[int] = []
        column = 37
        while column <= len(line):
            text = _column(line, column, column + 3)
            gap = _column(line, column + 4, column + 4) if column + 4 <= len(line) else " "
            if not _NUMBER.fullmatch(text) or int(text) < 1 or gap != " ":
                return None
            players.append(int(text))
            column += 5
        return tuple(players) or None

    def read_team_pab(self, n: int, line: str, value: str) -> None:
        """`320`: PAB match points 5-8, game points 10-13, the PAB team of each round at
        15-17, 19-21, ... (`000` = none), §8.4."""
        if self.team_pab is not None:
            self.fail(n, f"second 320 record (the first is on line {self.team_pab[0]})")
        for column in (9, 14):
            if _column(line, column, column) != " ":
                self.fail(n, f"320: column {column} should be blank, found {line[column - 1]!r}")
        match_points = self.read_points_text(n, "320 PAB match points", _column(line, 5, 8))
        game_points = self.read_points_text(n, "320 PAB game points", _column(line, 10, 13))
        teams: list[int | None] = []
        column = 15
        while column <= len(line):
            text = _column(line, column, column + 2)
            if _column(line, column - 1, column - 1) != " " or not _NUMBER.fullmatch(text):
                self.fail(
                    n,
                    f"320 round {len(teams) + 1}: team {text.strip()!r} in columns "
                    f"{column}-{column + 2} is not a team number (000 = none)",
                )
            teams.append(int(text) or None)
            column += 4
        self.team_pab = (n, TrfTeamPab(match_points, game_points, tuple(teams)))

    def read_forfeited_match(self, n: int, line: str, value: str) -> None:
        """`330`: type 5-6 (`+-`, `-+`, `--`), round 8-10, white team 12-14, black 16-18."""
        kind = _column(line, 5, 6)
        if kind not in ("+-", "-+", "--"):
            self.fail(n, f"330 forfeit type {kind!r} (columns 5-6) is not +-, -+ or --")
        round_text = _column(line, 8, 10)
        if not _NUMBER.fullmatch(round_text) or int(round_text) < 1:
            self.fail(n, f"330 round {round_text.strip()!r} (columns 8-10) is not 1 or more")
        white = self.team_number(n, line, "white team", 12, 14)
        black = self.team_number(n, line, "black team", 16, 18)
        if white == black:
            self.fail(n, f"330: team {white} cannot play itself")
        record = TrfForfeitedMatch(cast(TrfForfeitKind, kind), int(round_text), white, black)
        self.forfeited_matches.append((n, record))

    def read_team_order(self, n: int, line: str, value: str) -> None:
        """`300`: round 5-7, team 9-11, scheduled opponent 13-15, the player on each board at
        17-20, 22-25, ... (`0000` = unoccupied), §8.6."""
        round_text = _column(line, 5, 7)
        if not _NUMBER.fullmatch(round_text) or int(round_text) < 1:
            self.fail(n, f"300 round {round_text.strip()!r} (columns 5-7) is not 1 or more")
        team = self.team_number(n, line, "team", 9, 11)
        opponent = self.team_number(n, line, "opponent", 13, 15)
        players: list[int | None] = []
        column = 17
        while column <= len(line):
            text = _column(line, column, column + 3)
            if _column(line, column - 1, column - 1) != " " or not _NUMBER.fullmatch(text):
                self.fail(
                    n, f"300 board {len(players) + 1}: {text.strip()!r} is not a starting rank"
                )
            players.append(int(text) or None)
            column += 5
        if not players:
            self.fail(n, "300 lists no boards")
        self.team_orders.append((n, TrfTeamOrder(int(round_text), team, opponent, tuple(players))))

    def read_board_colours(self, n: int, line: str, value: str) -> None:
        """`352`: the first-named team's colour on each board, `W`/`B` from column 5."""
        colours = value.upper()
        if not colours or set(colours) - {"W", "B"}:
            self.fail(n, f"352 board colours {_clip(value)!r} are not letters W and B")
        self.set_field(n, "352", "board_colours", colours)

    def read_match_scoring(self, n: int, line: str, value: str) -> None:
        """`362`: match points of a match won, drawn, lost: `TW 2.0   TD 1.0   TL 0.0`
        (symbol at columns 5-6, points 7-10, every 9 columns), §8.1."""
        if self.match_scoring:
            self.fail(n, "second 362 record")
        self.point_lines.append(n)
        column = 5
        while column <= len(line):
            gap = _column(line, column - 3, column - 1).strip() if column > 5 else ""
            if gap:
                self.fail(n, f"362 has {gap!r} where columns {column - 3}-{column - 1} are blank")
            symbol = _column(line, column, column + 1).upper()
            if symbol not in MATCH_SCORING_SYMBOLS:
                self.fail(n, f"362 symbol {symbol!r} at column {column} is not TW, TD or TL")
            if any(s == symbol for s, _ in self.match_scoring):
                self.fail(n, f"362 gives points for {symbol!r} twice")
            text = _column(line, column + 2, column + 5)
            self.match_scoring.append(
                (symbol, self.read_points_text(n, f"362 {symbol} points", text))
            )
            column += _SCORING_WIDTH

    def check_teams(self) -> None:
        """The team records name known players and teams, each player in one team."""
        kinds = {t.record for _, t in self.team_records}
        if len(kinds) > 1:
            first = next(n for n, t in self.team_records if t.record == "013")
            self.fail(first, "the file mixes 013 and 310 team records (use one of them)")
        known = {p.starting_rank for p in self.players}
        team_lines: dict[int, int] = {}
        member: dict[int, int] = {}
        for n, team in self.team_records:
            if team.number in team_lines:
                self.fail(
                    n,
                    f"team number {team.number} twice (also on line {team_lines[team.number]})",
                )
            team_lines[team.number] = n
            for player in team.players:
                if player not in known:
                    self.fail(n, f"team {team.number} lists player {player}, who has no 001 line")
                if player in member:
                    self.fail(n, f"player {player} is in teams {member[player]} and {team.number}")
                member[player] = team.number
        rounds = self.fields.get("rounds")
        if self.team_pab is not None:
            n, pab = self.team_pab
            for r, team_number in enumerate(pab.teams, start=1):
                if team_number is not None and team_number not in team_lines:
                    self.fail(n, f"320 gives round {r}'s PAB to team {team_number}, not a team")
            if rounds is not None and len(pab.teams) > rounds:
                self.fail(n, f"320 lists {len(pab.teams)} rounds but the event has {rounds}")
        for n, forfeit in self.forfeited_matches:
            for team_number in (forfeit.white, forfeit.black):
                if team_number not in team_lines:
                    self.fail(n, f"330 names team {team_number}, which is not a team")
            if rounds is not None and forfeit.round > rounds:
                self.fail(n, f"330 round {forfeit.round} is after the last round ({rounds})")
        for n, order in self.team_orders:
            for team_number in (order.team, order.opponent):
                if team_number not in team_lines:
                    self.fail(n, f"300 names team {team_number}, which is not a team")
            for seat in order.players:
                if seat is not None and member.get(seat) != order.team:
                    self.fail(n, f"300: player {seat} is not in team {order.team}")

    # -- the whole file -----------------------------------------------------------------

    def finish(self) -> TrfTournament:
        self.complete_forfeit_colours()
        if self.team_records or self.team_pab or self.forfeited_matches or self.team_orders:
            self.check_teams()
        by_rank = {p.starting_rank: p for p in self.players}
        for p in self.players:
            self.check_games(p, by_rank)
        self.check_rounds()
        system = self.check_point_system()
        self.check_declarations(by_rank)
        self.check_accelerations(by_rank)
        if not self.points_unchecked:
            self.check_points(system)
        self.warnings.sort(key=lambda w: w.line)
        return TrfTournament(
            players=tuple(self.players),
            deputy_arbiters=tuple(self.deputy_arbiters),
            scoring=tuple(self.scoring),
            bbp_points=tuple(self.bbp_points),
            declared_byes=tuple(b for _, b in self.declared_byes),
            absent=tuple(p for _, p in self.absent),
            forbidden_pairs=tuple(s for _, s in self.forbidden_pairs),
            accelerations=tuple((rank, values) for _, rank, values in self.accelerations),
            acceleration_records=tuple(r for _, r in self.acceleration_records),
            comments=tuple(self.comments),
            teams=tuple(t for _, t in self.team_records),
            team_pab=self.team_pab[1] if self.team_pab else None,
            forfeited_matches=tuple(m for _, m in self.forfeited_matches),
            team_orders=tuple(o for _, o in self.team_orders),
            match_scoring=tuple(self.match_scoring),
            other_lines=tuple(self.other_lines),
            warnings=tuple(self.warnings),
            **self.fields,
        )

    def complete_forfeit_colours(self) -> None:
        """A forfeit that one line records with a colour and the other without: the missing
        colour is the other one (a forfeit's colours change nothing; the results stand)."""
        by_rank = {p.starting_rank: p for p in self.players}
        changed: dict[int, dict[int, TrfRoundEntry]] = {}
        for p in self.players:
            for r, e in enumerate(p.rounds, start=1):
                q = by_rank.get(e.opponent) if e.opponent is not None else None
                if q is None or e.colour is not None or e.result not in ("+", "-"):
                    continue
                other = q.entry(r)
                if other.opponent != p.starting_rank or other.colour is None:
                    continue
                if other.result not in MATCHING_RESULT_CODES[e.result]:
                    continue
                colour: TrfColour = "b" if other.colour == "w" else "w"
                self.warn(
                    self.player_lines[p.starting_rank],
                    f"player {p.starting_rank} round {r}: forfeit without a colour against "
                    f"{q.starting_rank} (whose line says {other.colour}): read as {colour}",
                )
                changed.setdefault(p.starting_rank, {})[r] = replace(e, colour=colour)
        if changed:
            self.players = [
                replace(
                    p,
                    rounds=tuple(
                        changed.get(p.starting_rank, {}).get(r, e)
                        for r, e in enumerate(p.rounds, start=1)
                    ),
                )
                if p.starting_rank in changed
                else p
                for p in self.players
            ]

    def check_games(self, p: TrfPlayer, by_rank: dict[int, TrfPlayer]) -> None:
        n = self.player_lines[p.starting_rank]
        for r, e in enumerate(p.rounds, start=1):
            if e.opponent is None:
                continue
            q = by_rank.get(e.opponent)
            if q is None:
                self.fail(
                    n,
                    f"player {p.starting_rank} round {r}: "
                    f"opponent {e.opponent:04d} is not a player",
                )
            other = q.entry(r)
            said = f"player {p.starting_rank} says he played {q.starting_rank} in round {r}"
            seen = f"but player {q.starting_rank} (line {self.player_lines[q.starting_rank]})"
            if other.opponent != p.starting_rank:
                shows = "no opponent" if other.opponent is None else f"opponent {other.opponent}"
                self.fail(n, f"{said} {seen} shows {shows}")
            if (e.colour, other.colour) not in (("w", "b"), ("b", "w"), (None, None)):
                self.fail(
                    n,
                    f"{said} with colour {e.colour or '-'} {seen} has colour {other.colour or '-'}",
                )
            if other.result not in MATCHING_RESULT_CODES[e.result]:
                self.fail(
                    n,
                    f"{said} with result {e.result or 'blank'!r} "
                    f"{seen} has result {other.result or 'blank'!r}",
                )

    def check_rounds(self) -> None:
        rounds = self.fields.get("rounds")
        allocated: dict[int, int] = {}
        for p in self.players:
            n = self.player_lines[p.starting_rank]
            if rounds is not None and len(p.rounds) > rounds:
                self.fail(
                    n,
                    f"player {p.starting_rank} has {len(p.rounds)} round entries "
                    f"but the tournament has {rounds} rounds",
                )
            for r, e in enumerate(p.rounds, start=1):
                if e.result != "U" or self.team_records:
                    continue
                if r in allocated:
                    self.fail(
                        n,
                        f"round {r} has two pairing-allocated byes "
                        f"(players {allocated[r]} and {p.starting_rank})",
                    )
                allocated[r] = p.starting_rank

    def check_point_system(self) -> PointSystem:
        probe = TrfTournament(
            scoring=tuple(self.scoring),
            bbp_points=tuple(self.bbp_points),
            other_lines=tuple(self.other_lines),
            tournament_type=self.fields.get("tournament_type"),
        )
        try:
            system = tournament_point_system(probe)
        except (ValueError, ConfigError) as exc:
            self.fail(max(self.point_lines), f"point system: {exc}")
        named = scoring_named_in_type(probe.tournament_type)
        if not self.point_lines and named is not None:
            win, draw, loss = (
                str(p) if p.denominator == 1 else _show(p)
                for p in (named.win, named.draw, named.loss)
            )
            self.warn(
                self.field_lines["tournament_type"],
                f"092 names the scoring {win}-{draw}-{loss}: results counted so "
                f"(a win {win}, a draw {draw}, a loss {loss})",
            )
        return system

    def check_declarations(self, by_rank: dict[int, TrfPlayer]) -> None:
        for n, players in self.forbidden_pairs:
            self.check_known("XXP", [(n, p) for p in sorted(players)], by_rank)
        self.check_known("XXZ", self.absent, by_rank)
        rounds = self.fields.get("rounds")
        for n, bye in self.declared_byes:
            self.check_known("240", [(n, p) for p in bye.players], by_rank)
            if rounds is not None and bye.round > rounds:
                self.fail(n, f"240 round {bye.round} is after the last round ({rounds})")
            for rank in bye.players:
                entry = by_rank[rank].entry(bye.round)
                if entry.opponent is None and entry.result in ("", "-", bye.kind):
                    continue
                self.fail(
                    n,
                    f"240 gives player {rank} a {bye.kind} bye in round {bye.round} "
                    f"but his line shows {_describe(entry)}",
                )

    def check_accelerations(self, by_rank: dict[int, TrfPlayer]) -> None:
        """XXA: one line per known player. 250: no player gets two values for one round. Both
        given: they must agree (they decide the pairing)."""
        seen: dict[int, int] = {}
        for n, rank, _ in self.accelerations:
            self.check_known("XXA", [(n, rank)], by_rank)
            if rank in seen:
                self.fail(
                    n, f"second XXA line for player {rank} (the first is on line {seen[rank]})"
                )
            seen[rank] = n
        given: dict[tuple[int, int], tuple[int, Points]] = {}
        for n, record in self.acceleration_records:
            for r in range(record.first_round, record.last_round + 1):
                for rank in range(record.first_player, record.last_player + 1):
                    if (r, rank) in given:
                        first = given[(r, rank)][0]
                        self.fail(
                            n, f"250 gives player {rank} round {r} points twice (also line {first})"
                        )
                    given[(r, rank)] = (n, record.game_points)
        if not self.accelerations or not self.acceleration_records:
            return
        lines = {rank: (n, values) for n, rank, values in self.accelerations}
        last_line = self.accelerations[-1][0]
        last_round: dict[int, int] = {}
        for r, rank in given:
            last_round[rank] = max(r, last_round.get(rank, 0))
        for rank in sorted(set(lines) | set(last_round)):
            n, values = lines.get(rank, (last_line, ()))
            rounds = max(len(values), last_round.get(rank, 0))
            for r in range(1, rounds + 1):
                xxa = values[r - 1] if r <= len(values) else Points(0)
                by_250 = given.get((r, rank), (n, Points(0)))[1]
                if xxa != by_250:
                    self.fail(
                        n,
                        f"XXA gives player {rank} {_show(xxa)} points in round {r} "
                        f"but the 250 records give {_show(by_250)}",
                    )

    def check_known(
        self, code: str, players: list[tuple[int, int]], by_rank: dict[int, TrfPlayer]
    ) -> None:
        for n, rank in players:
            if rank not in by_rank:
                self.fail(n, f"{code} player {rank} is not a player", player=rank)

    def check_points(self, system: PointSystem) -> None:
        paired = count_paired_rounds(tuple(self.players))
        for p in self.players:
            if p.points is None:
                continue
            before = compute_player_points(p, system, paired)
            everything = compute_player_points(p, system, max(paired, len(p.rounds)))
            if p.points not in (before, everything):
                self.warn(
                    self.player_lines[p.starting_rank],
                    f"player {p.starting_rank}: points column says {_show(p.points)} "
                    f"but the results give {_show(everything)} (the results count)",
                )


def _clip(text: str, size: int = 20) -> str:
    """`text`, shortened for a message when it is absurdly long."""
    return text if len(text) <= size else f"{text[:size]}... ({len(text)} characters)"


def _describe(entry: TrfRoundEntry) -> str:
    if entry.opponent is not None:
        return f"a game against {entry.opponent}"
    return f"result {entry.result or 'blank'!r}"


def _show(points: Points) -> str:
    return format_points(points) if (points * 1000).denominator == 1 else str(points)


def _is_date(year: int, month: str, day: str) -> bool:
    try:
        date(year, int(month), int(day))
    except ValueError:
        return False
    return True


def _is_birth_date(text: str) -> bool:
    match = _BIRTH_DATE.fullmatch(text)
    if match is None:
        return False
    if match[2] is None or match[2] == "00":
        return match[3] is None or match[3] == "00"
    if match[3] == "00":
        return 1 <= int(match[2]) <= 12
    return _is_date(int(match[1]), match[2], match[3])


_Handler = Callable[[_Reader, int, str, str], None]

RECORD_HANDLERS: dict[str, _Handler] = {
    "001": _Reader.read_player,
    **dict.fromkeys(_TEXT_RECORDS, _Reader.read_text_record),
    **dict.fromkeys(_DATE_RECORDS, _Reader.read_date_record),
    "112": _Reader.read_deputy,
    "132": _Reader.read_round_dates,
    "142": _Reader.read_rounds,
    "XXR": _Reader.read_rounds,
    "152": _Reader.read_initial_colour,
    "XXC": _Reader.read_xxc,
    "162": _Reader.read_scoring,
    **dict.fromkeys(BBP_POINT_CODES, _Reader.read_bbp_points),
    "XXS": _Reader.read_xxs,
    "240": _Reader.read_declared_byes,
    "XXZ": _Reader.read_absent,
    "XXP": _Reader.read_forbidden_pairs,
    "DDD": _Reader.read_legend,
    "192": _Reader.read_encoded_type,
    "250": _Reader.read_acceleration_line,
    "XXA": _Reader.read_xxa_line,
}
"""Each record code the reader interprets and the `_Reader` method that reads it: (reader,
line number, the line, its value from column 5 stripped)."""

TEAM_RECORD_HANDLERS: dict[str, _Handler] = {
    "013": _Reader.read_team_013,
    "300": _Reader.read_team_order,
    "310": _Reader.read_team_310,
    "320": _Reader.read_team_pab,
    "330": _Reader.read_forfeited_match,
    "352": _Reader.read_board_colours,
    "362": _Reader.read_match_scoring,
}
"""Team records, read when `parse_trf(..., teams=True)` (else 352 and 362 are kept verbatim
and the others refused)."""


def _is_round_date(text: str) -> bool:
    match = _ROUND_DATE.fullmatch(text)
    return match is not None and _is_date(2000 + int(match[1]), match[2], match[3])


def _loose_date(text: str) -> date | None:
    """A date as programs and people write it: 2020-5-10, 2020/05/10, 28. 07. 2005,
    24/09/2010 (day first unless only month first makes sense), May 10, 2020, 10 May 2020."""
    text = " ".join(text.split())
    candidates: list[tuple[int, int, int]] = []
    if match := _YEAR_FIRST.fullmatch(text):
        candidates.append((int(match[1]), int(match[2]), int(match[3])))
    elif match := _YEAR_LAST.fullmatch(text):
        first, second, year = int(match[1]), int(match[2]), int(match[3])
        candidates += [(year, second, first), (year, first, second)]
    elif match := _MONTH_FIRST.fullmatch(text):
        month = _MONTHS.get(match[1].lower())
        if month is not None:
            candidates.append((int(match[3]), month, int(match[2])))
    elif match := _DAY_FIRST.fullmatch(text):
        month = _MONTHS.get(match[2].lower())
        if month is not None:
            candidates.append((int(match[3]), month, int(match[1])))
    for year, month, day in candidates:
        try:
            return date(year, month, day)
        except ValueError:
            continue
    return None
