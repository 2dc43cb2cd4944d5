"""GAMES.csv: one game (or bye) a row, columns `round,white,black,result` and optionally
`encounter`.

`white` is the first-listed player (White/South). A bye has `black` empty; its `result` says
which bye: empty, `U`, `+` or `1` for a pairing-allocated bye, `F` for a requested full-point
bye, `H` or `1/2` for a half-point bye, `Z`, `-` or `0` for a zero-point bye, `R` for a
round-robin rest (sit-out).

`encounter` groups games into one match (KIBA's two games per pairing, a best-of-3): rows with
the same label (any text) are one encounter, and must name the same two players, in either
order; an empty cell (or no column) makes the game an encounter of its own. A player may play
several games in one round only when each of them has a label. Labels become `Game.encounter`
numbers 1, 2, ... in order of first appearance.

`section` (optional) splits the file into tables ranked apart: a KIBA group of one stage
("qualification A", "final"), a Tantrix draw ("main", "plate"). A player may play in several
sections in one round. `white_tps,black_tps` (optional, both or neither on a row) are the
Tantrix points each side scored in the game; `standings` sums them per player of a section.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from mashindano.engine.errors import IllegalResult, ParseError
from mashindano.engine.model import Bye, ByeKind, Competitor, CompetitorId, Game, GameResult
from mashindano.interchange.csv_read import read_csv, separator_hint
from mashindano.interchange.limits import MAX_COUNT_DIGITS, MAX_ROUNDS

GAME_COLUMNS = ("round", "white", "black", "result")
ENCOUNTER_COLUMN = "encounter"
SECTION_COLUMN = "section"
TPS_COLUMNS = ("white_tps", "black_tps")

_BYE_CODES: dict[str, ByeKind] = {
    "": ByeKind.PAIRING_ALLOCATED,
    "U": ByeKind.PAIRING_ALLOCATED,
    "+": ByeKind.PAIRING_ALLOCATED,
    "1": ByeKind.PAIRING_ALLOCATED,
    "F": ByeKind.FULL_POINT,
    "H": ByeKind.HALF_POINT,
    "1/2": ByeKind.HALF_POINT,
    "½": ByeKind.HALF_POINT,
    "Z": ByeKind.ZERO_POINT,
    "-": ByeKind.ZERO_POINT,
    "0": ByeKind.ZERO_POINT,
    "R": ByeKind.SIT_OUT,
}


@dataclass(frozen=True, slots=True)
class GamesSection:
    """The games and byes of one section of a GAMES.csv (the whole file when it has none)."""

    label: str
    """The `section` cell ("" when the file has no such column)."""
    competitors: tuple[Competitor, ...]
    games: tuple[Game, ...]
    byes: tuple[Bye, ...]
    tps: dict[CompetitorId, Fraction] | None = None
    """TPs scored per player when the file has `white_tps,black_tps`; None otherwise."""


def parse_games_csv(
    text: str,
    *,
    source: str = "GAMES.csv",
    competitors: list[Competitor] | None = None,
) -> tuple[list[Competitor], list[Game], list[Bye]]:
    """Read games and byes (of every section). With `competitors`, every name must be one of
    them; without, competitors are taken from the file in order of first appearance."""
    players, rows, _ = _read_games(text, source, competitors)
    return (
        players,
        [g for _, g, _ in rows if isinstance(g, Game)],
        [b for _, b, _ in rows if isinstance(b, Bye)],
    )


def parse_games_sections(
    text: str,
    *,
    source: str = "GAMES.csv",
    competitors: list[Competitor] | None = None,
) -> tuple[GamesSection, ...]:
    """Read the file section by section, in order of first appearance; a section's
    competitors are those who play in it (in the players file's order when one is given).
    A file without a `section` column is one section with every competitor."""
    players, rows, has_tps = _read_games(text, source, competitors)
    labels = list(dict.fromkeys(label for label, _, _ in rows))
    if not labels or labels == [""]:
        labels = [""]
    sections = []
    for label in labels:
        mine = [(item, tps) for lab, item, tps in rows if lab == label]
        games = tuple(g for g, _ in mine if isinstance(g, Game))
        byes = tuple(b for b, _ in mine if isinstance(b, Bye))
        present = (
            {g.first for g in games} | {g.second for g in games} | {b.competitor for b in byes}
        )
        shown = players if len(labels) == 1 else [c for c in players if c.id in present]
        total: dict[CompetitorId, Fraction] | None = None
        if has_tps:
            total = dict.fromkeys((c.id for c in shown), Fraction(0))
            for item, tps in mine:
                if isinstance(item, Game) and tps is not None:
                    total[item.first] += tps[0]
                    total[item.second] += tps[1]
        sections.append(GamesSection(label, tuple(shown), games, byes, total))
    return tuple(sections)


_Row = tuple[str, Game | Bye, tuple[Fraction, Fraction] | None]


def _tps(cells: dict[str, str], source: str, line: int) -> tuple[Fraction, Fraction] | None:
    texts = [cells.get(c, "") for c in TPS_COLUMNS]
    if not any(texts):
        return None
    if not all(texts):
        raise ParseError(
            f"{source}, line {line}: give both {' and '.join(TPS_COLUMNS)} or neither",
            source=source,
            line=line,
        )
    values = []
    for column, value in zip(TPS_COLUMNS, texts, strict=True):
        try:
            number = Fraction(value)
        except (ValueError, ZeroDivisionError):
            number = Fraction(-1)
        if number < 0 or len(value) > 20:
            raise ParseError(
                f"{source}, line {line}: {column} {value[:20]!r} is not a number of points",
                source=source,
                line=line,
            )
        values.append(number)
    return values[0], values[1]


def _read_games(
    text: str, source: str, competitors: list[Competitor] | None
) -> tuple[list[Competitor], list[_Row], bool]:
    """The players, every row as (section, game or bye, TPs) and whether TPs are given."""
    header, rows = read_csv(text, source=source)
    missing = [c for c in GAME_COLUMNS if c not in header]
    if missing:
        raise ParseError(
            f"{source}, line 1: missing column(s) {', '.join(missing)} "
            f"(expected: {', '.join(GAME_COLUMNS)}){separator_hint(header)}",
            source=source,
            line=1,
        )
    known = {c.name: c for c in competitors} if competitors is not None else None
    found: dict[str, Competitor] = {}
    read: list[_Row] = []
    busy: dict[tuple[str, int, str], tuple[int, bool]] = {}
    section = ""
    encounters: dict[str, tuple[int, frozenset[str], int]] = {}
    """Label → (encounter number, its two players, the line that opened it)."""

    def player(name: str, line: int) -> CompetitorId:
        if known is not None:
            if name not in known:
                raise ParseError(
                    f"{source}, line {line}: unknown player {name!r} (not in the players file)",
                    source=source,
                    line=line,
                    name=name,
                )
            return known[name].id
        if name not in found:
            found[name] = Competitor(id=CompetitorId(name), name=name, number=len(found) + 1)
        return found[name].id

    def occupy(round_number: int, name: str, line: int, labelled: bool = False) -> None:
        key = (section, round_number, name)
        if key in busy:
            earlier, earlier_labelled = busy[key]
            if not (labelled and earlier_labelled):
                raise ParseError(
                    f"{source}, line {line}: {name!r} is paired twice in round {round_number} "
                    f"(already on line {earlier}; several games in one round need an "
                    f"{ENCOUNTER_COLUMN} label on each)",
                    source=source,
                    line=line,
                    name=name,
                    round=round_number,
                )
        busy[key] = (line, labelled)

    def encounter_number(label: str, white: str, black: str, line: int) -> int | None:
        if not label:
            return None
        pair = frozenset((white, black))
        if label not in encounters:
            encounters[label] = (len(encounters) + 1, pair, line)
        number, players, opened = encounters[label]
        if players != pair:
            first, second = sorted(players)
            raise ParseError(
                f"{source}, line {line}: encounter {label!r} is between {first!r} and "
                f"{second!r} (line {opened}), not {white!r} and {black!r}",
                source=source,
                line=line,
                encounter=label,
            )
        return number

    for row in rows:
        line, cells = row.line, row.cells
        if not any(cells.values()):
            continue
        round_text = cells["round"]
        digits = round_text.removeprefix("-").lstrip("0")
        if not round_text.removeprefix("-").isascii() or not round_text.removeprefix("-").isdigit():
            raise ParseError(
                f"{source}, line {line}: round {round_text!r} is not a whole number",
                source=source,
                line=line,
            )
        if round_text.startswith("-") or not digits:
            raise ParseError(
                f"{source}, line {line}: round must be 1 or more, got {round_text}",
                source=source,
                line=line,
            )
        if len(digits) > MAX_COUNT_DIGITS or int(digits) > MAX_ROUNDS:
            raise ParseError(
                f"{source}, line {line}: round {digits[:20]} is more than {MAX_ROUNDS}",
                source=source,
                line=line,
            )
        round_number = int(digits)
        white, black, result = cells["white"], cells["black"], cells["result"]
        label = cells.get(ENCOUNTER_COLUMN, "")
        section = cells.get(SECTION_COLUMN, "")
        if not white:
            raise ParseError(f"{source}, line {line}: empty white", source=source, line=line)
        if not black:
            if label:
                raise ParseError(
                    f"{source}, line {line}: a bye has no {ENCOUNTER_COLUMN} (got {label!r})",
                    source=source,
                    line=line,
                )
            code = result.upper() if result not in ("1/2", "½") else result
            if code not in _BYE_CODES:
                raise ParseError(
                    f"{source}, line {line}: {result!r} is not a bye code "
                    f"(use U, F, H, Z or R, or leave it empty)",
                    source=source,
                    line=line,
                )
            occupy(round_number, white, line)
            read.append((section, Bye(round_number, player(white, line), _BYE_CODES[code]), None))
            continue
        if white == black:
            raise ParseError(
                f"{source}, line {line}: {white!r} cannot play against themselves",
                source=source,
                line=line,
            )
        try:
            game_result = GameResult.parse(result)
        except IllegalResult as exc:
            raise ParseError(
                f"{source}, line {line}: {exc.message}", source=source, line=line
            ) from None
        encounter = encounter_number(label, white, black, line)
        occupy(round_number, white, line, labelled=encounter is not None)
        occupy(round_number, black, line, labelled=encounter is not None)
        game = Game(
            round_number, player(white, line), player(black, line), game_result, encounter=encounter
        )
        read.append((section, game, _tps(cells, source, line)))
    players = list(competitors) if competitors is not None else list(found.values())
    return players, read, all(c in header for c in TPS_COLUMNS)
