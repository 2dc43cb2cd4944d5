"""Writing a `TrfTournament` as TRF text that `parse_trf` reads back to the same tournament.

Version "26" writes the TRF-26 records 142/152 and, for engines that only read TRF(x), the
equivalent XXR/XXC lines; version "16" writes XXR/XXC only. Records without a TRF-16 form
(162, 192, 240, 250, `###` comments) are written in both versions: TRF-16 readers skip records
they do not know. Acceleration is written as the model holds it (250 records, XXA lines).
Values that do not fit their columns raise `ConfigError` rather than being cut.
"""

from __future__ import annotations

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import Side
from mashindano.engine.points import Points, format_points, parse_points
from mashindano.interchange.trf_model import (
    TrfAccelerationRecord,
    TrfPlayer,
    TrfRoundEntry,
    TrfTeam,
    TrfTournament,
    TrfVersion,
)

_FIRST_ROUND_COLUMN = 92
_ROUND_WIDTH = 10


def format_trf(t: TrfTournament, *, version: TrfVersion = "16") -> str:
    """The tournament as TRF text, one record per line, LF line ends, final newline."""
    if version not in ("16", "26"):
        raise ConfigError(f"unknown TRF version {version!r} (expected '16' or '26')")
    lines: list[str] = []
    _text(lines, "012", t.name)
    _text(lines, "022", t.city)
    _text(lines, "032", t.federation)
    _text(lines, "042", t.start_date.strftime("%Y/%m/%d") if t.start_date else None)
    _text(lines, "052", t.end_date.strftime("%Y/%m/%d") if t.end_date else None)
    _text(lines, "092", t.tournament_type)
    _text(lines, "102", t.chief_arbiter)
    for deputy in t.deputy_arbiters:
        _text(lines, "112", deputy)
    _text(lines, "122", t.time_control)
    if t.round_dates:
        lines.append(_round_dates_line(t.round_dates))
    if version == "26":
        if t.rounds is not None:
            lines.append(f"142 {t.rounds}")
        if t.initial_colour is not None:
            lines.append(f"152 {'W' if t.initial_colour is Side.WHITE else 'B'}")
    if t.scoring:
        lines.append(_scoring_line(t.scoring))
    _text(lines, "192", t.encoded_type)
    if t.board_colours is not None:
        lines.append(_check_text("352", f"352 {t.board_colours}"))
    if t.match_scoring:
        lines.append("362 " + "   ".join(f"{s}{_points(v, 4, '362')}" for s, v in t.match_scoring))
    lines.extend(_check_text("###", "###" + c) for c in t.comments)
    lines.extend(format_player_line(p) for p in t.players)
    lines.extend(_team_lines(t, version))
    for bye in t.declared_byes:
        if not 1 <= bye.round <= 999:
            raise ConfigError(f"240 round {bye.round} does not fit columns 7-9")
        ids = "".join(f" {_number(p, 4, '240 player')}" for p in bye.players)
        lines.append(f"240 {bye.kind} {bye.round:03d}{ids}")
    lines.extend(_acceleration_record_line(record) for record in t.acceleration_records)
    if t.rounds is not None:
        lines.append(f"XXR {t.rounds}")
    xxc = (["rank"] if t.pair_by_rank else []) + (
        []
        if t.initial_colour is None
        else ["white1" if t.initial_colour is Side.WHITE else "black1"]
    )
    if xxc:
        lines.append("XXC " + " ".join(xxc))
    if t.absent:
        lines.append("XXZ " + " ".join(str(p) for p in t.absent))
    lines.extend("XXP " + " ".join(str(p) for p in sorted(s)) for s in t.forbidden_pairs)
    for rank, values in t.accelerations:
        points = "".join(f" {_points(v, 4, f'XXA player {rank}')}" for v in values)
        lines.append(f"XXA {_number(rank, 4, 'XXA player')}{points}")
    lines.extend(f"{code} {_points(value, 4, code)}" for code, value in t.bbp_points)
    lines.extend(_check_text(line[:3], line) for line in t.other_lines)
    return "\n".join(line.rstrip(" ") for line in lines) + "\n"


def format_player_line(p: TrfPlayer) -> str:
    """One `001` record in its fixed columns."""
    who = f"player {p.starting_rank}"
    if not 1 <= p.starting_rank <= 9999:
        raise ConfigError(f"starting rank {p.starting_rank} is not 1-9999")
    width = _FIRST_ROUND_COLUMN - 1 + _ROUND_WIDTH * len(p.rounds)
    line = [" "] * width

    def put(first: int, text: str, label: str, last: int) -> None:
        if len(text) > last - first + 1:
            raise ConfigError(f"{who}: {label} {text!r} does not fit columns {first}-{last}")
        if "\n" in text or "\r" in text:
            raise ConfigError(f"{who}: {label} {text!r} contains a line break")
        line[first - 1 : first - 1 + len(text)] = text

    put(1, "001", "record", 3)
    put(5, _number(p.starting_rank, 4, "starting rank"), "starting rank", 8)
    put(10, p.sex or " ", "sex", 10)
    put(11, (p.title or "").rjust(3), "title", 13)
    put(15, p.name, "name", 47)
    if p.rating is not None:
        put(49, _number(p.rating, 4, f"{who}: rating"), "rating", 52)
    put(54, p.federation or "", "federation", 56)
    put(58, (p.fide_id or "").rjust(11), "FIDE id", 68)
    put(70, p.birth_date or "", "birth date", 79)
    if p.points is not None:
        put(81, _points(p.points, 4, f"{who}: points"), "points", 84)
    if p.rank is not None:
        put(86, _number(p.rank, 4, f"{who}: rank"), "rank", 89)
    for r, entry in enumerate(p.rounds, start=1):
        first = _FIRST_ROUND_COLUMN + _ROUND_WIDTH * (r - 1)
        put(first, _round_block(entry, f"{who} round {r}"), f"round {r}", first + 7)
    return "".join(line).rstrip(" ")


def _team_lines(t: TrfTournament, version: TrfVersion) -> list[str]:
    """Team records (fide_teams.md §8): each team as it was read (310 or 013; 013 only in
    TRF-16), then 320, 330 and 300."""
    lines = [
        format_team_line(team) if version == "26" and team.record == "310" else _line_013(team)
        for team in t.teams
    ]
    if t.team_pab is not None:
        pab = t.team_pab
        teams = "".join(f" {_number(n or 0, 3, '320 team').replace(' ', '0')}" for n in pab.teams)
        lines.append(
            f"320 {_points(pab.match_points, 4, '320 match points')} "
            f"{_points(pab.game_points, 4, '320 game points')}{teams}"
        )
    for m in t.forfeited_matches:
        numbers = (m.round, m.white, m.black)
        lines.append(
            f"330 {m.kind} " + " ".join(_number(k, 3, "330").replace(" ", "0") for k in numbers)
        )
    for o in t.team_orders:
        head = " ".join(
            _number(k, 3, "300").replace(" ", "0") for k in (o.round, o.team, o.opponent)
        )
        boards = "".join(
            f" {_number(p or 0, 4, '300 player').replace(' ', '0')}" for p in o.players
        )
        lines.append(f"300 {head}{boards}")
    return lines


def format_team_line(team: TrfTeam) -> str:
    """One `310` record in its fixed columns (§8.3)."""
    who = f"team {team.number}"
    line = [" "] * (73 + 5 * len(team.players))

    def put(first: int, text: str, label: str, last: int) -> None:
        if len(text) > last - first + 1:
            raise ConfigError(f"{who}: {label} {text!r} does not fit columns {first}-{last}")
        if "\n" in text or "\r" in text:
            raise ConfigError(f"{who}: {label} {text!r} contains a line break")
        line[first - 1 : first - 1 + len(text)] = text

    put(1, "310", "record", 3)
    put(5, _number(team.number, 3, "team number"), "team number", 7)
    put(9, team.name, "name", 40)
    put(42, team.nickname, "nickname", 46)
    if team.strength is not None:
        put(48, _number(team.strength, 6, f"{who}: strength"), "strength", 53)
    if team.match_points is not None:
        put(55, _points(team.match_points, 6, f"{who}: match points"), "match points", 60)
    if team.game_points is not None:
        put(62, _points(team.game_points, 6, f"{who}: game points"), "game points", 67)
    if team.rank is not None:
        put(69, _number(team.rank, 3, f"{who}: rank"), "rank", 71)
    for k, player in enumerate(team.players):
        first = 74 + 5 * k
        put(first, _number(player, 4, f"{who}: player"), f"player {k + 1}", first + 3)
    return "".join(line).rstrip(" ")


def _line_013(team: TrfTeam) -> str:
    """A TRF-16 `013` record: name in columns 5-36, players at 37-40, 42-45, ... (§9.1)."""
    if len(team.name) > 32:
        raise ConfigError(f"team {team.number}: name {team.name!r} does not fit columns 5-36")
    players = " ".join(_number(p, 4, f"team {team.number}: player") for p in team.players)
    return _check_text("013", f"013 {team.name.ljust(32)}{players}")


def _round_block(entry: TrfRoundEntry, where: str) -> str:
    if entry.is_blank:
        return " " * 8
    opponent = "0000" if entry.opponent is None else _number(entry.opponent, 4, where)
    return f"{opponent} {entry.colour or '-'} {entry.result or ' '}"


def _text(lines: list[str], code: str, value: str | None) -> None:
    if value is not None:
        lines.append(_check_text(code, f"{code} {value}"))


def _check_text(code: str, line: str) -> str:
    if "\n" in line or "\r" in line:
        raise ConfigError(f"record {code}: {line!r} contains a line break")
    return line


def _round_dates_line(dates: tuple[str, ...]) -> str:
    line = "132".ljust(_FIRST_ROUND_COLUMN - 1)
    for text in dates:
        if len(text) > 8:
            raise ConfigError(f"132 round date {text!r} is longer than YY/MM/DD")
        line += text.ljust(_ROUND_WIDTH)
    return line


def _scoring_line(scoring: tuple[tuple[str, Points], ...]) -> str:
    # Symbol at column 6 and its points at 7-10, the next pair 9 columns further on.
    return "162 " + "   ".join(f" {symbol}{_points(v, 4, '162')}" for symbol, v in scoring)


def _acceleration_record_line(record: TrfAccelerationRecord) -> str:
    """`250 MMMM GGGG RRF RRL PPPF PPPL`, numbers zero-filled as TRF-26's example."""
    return " ".join(
        [
            "250",
            _points(record.match_points, 4, "250 match points"),
            _points(record.game_points, 4, "250 game points"),
            _number(record.first_round, 3, "250 round").replace(" ", "0"),
            _number(record.last_round, 3, "250 round").replace(" ", "0"),
            _number(record.first_player, 4, "250 player").replace(" ", "0"),
            _number(record.last_player, 4, "250 player").replace(" ", "0"),
        ]
    )


def _number(value: int, width: int, label: str) -> str:
    text = str(value).rjust(width)
    if value < 0 or len(text) > width:
        raise ConfigError(f"{label} {value} does not fit {width} columns")
    return text


def _points(value: Points, width: int, label: str) -> str:
    """`11.5` style, exact: points that need more digits than the columns hold are an error."""
    candidates = [format_points(value, 1)]
    if value.denominator == 1:
        candidates.append(str(value.numerator))
    for text in candidates:
        if len(text) <= width and parse_points(text) == value:
            return text.rjust(width)
    raise ConfigError(f"{label}: {value} points cannot be written exactly in {width} columns")
