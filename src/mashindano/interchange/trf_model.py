"""A FIDE Tournament Report File (TRF-16 / TRF-26) as data: what the file says, field by field.

The model stays close to the file so that reading and writing are inverse operations; the
engine's view of the same facts comes from `trf_to_stage_results`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Literal

from mashindano.engine.model import Side
from mashindano.engine.points import HALF, ONE, ZERO, Points, PointSystem, parse_points

TrfColour = Literal["w", "b"]
TrfVersion = Literal["16", "26"]
TrfByeCode = Literal["F", "H", "Z"]

PLAYED_RESULT_CODES = frozenset({"1", "0", "="})
"""Results of games that were played and need a colour."""
GAME_RESULT_CODES = frozenset({"1", "0", "=", "+", "-", "W", "D", "L", ""})
"""Results that may stand next to an opponent ("" = paired, result not known yet)."""
BYE_RESULT_CODES = frozenset({"U", "H", "F", "Z", "-", ""})
"""Results that may stand without an opponent ("" and "-" = absent, as `Z`)."""
RESULT_CODES = GAME_RESULT_CODES | BYE_RESULT_CODES

MATCHING_RESULT_CODES: dict[str, frozenset[str]] = {
    "1": frozenset({"0"}),
    "0": frozenset({"1"}),
    "=": frozenset({"="}),
    "+": frozenset({"-"}),
    "-": frozenset({"+", "-"}),
    "W": frozenset({"L"}),
    "L": frozenset({"W"}),
    "D": frozenset({"D"}),
    "": frozenset({""}),
}
"""For each result of one player, the results his opponent's line may show for that game."""

SCORING_SYMBOLS = ("W", "D", "L", "A", "P", "X")
"""TRF-26 record 162 symbols: win (also forfeit win and full-point bye), draw (also half-point
bye), loss, absence (zero-point bye and forfeit loss), pairing-allocated bye, unknown result."""

MATCH_SCORING_SYMBOLS = ("TW", "TD", "TL")
"""TRF-26 record 362 symbols: match won, drawn, lost (match points)."""

BBP_POINT_CODES = ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")
"""bbpPairings point lines: win, draw, loss, zero-point bye, forfeit loss, pairing bye."""


@dataclass(frozen=True, slots=True)
class TrfRoundEntry:
    """One 10-column round block of a player line.

    `opponent` is the opponent's starting rank (None for `0000`/blank), `colour` the scheduled
    colour (None for `-`/blank), `result` one of `1 0 = + - W D L U H F Z` or "" (blank).
    """

    opponent: int | None = None
    colour: TrfColour | None = None
    result: str = ""

    @property
    def is_blank(self) -> bool:
        return self.opponent is None and self.colour is None and self.result == ""


BLANK_ENTRY = TrfRoundEntry()


@dataclass(frozen=True, slots=True)
class TrfPlayer:
    """A `001` record. `rounds[r - 1]` is the block of round r.

    Trailing blank blocks carry no information (the file cannot tell them from a shorter line),
    so they are dropped on construction.
    """

    starting_rank: int
    name: str = ""
    sex: Literal["m", "w"] | None = None
    title: str | None = None
    rating: int | None = None
    federation: str | None = None
    fide_id: str | None = None
    birth_date: str | None = None
    """As written: `YYYY/MM/DD`, where month and day may be `00` when unknown, or `YYYY`."""
    points: Points | None = None
    rank: int | None = None
    rounds: tuple[TrfRoundEntry, ...] = ()

    def __post_init__(self) -> None:
        rounds = self.rounds
        while rounds and rounds[-1].is_blank:
            rounds = rounds[:-1]
        if len(rounds) != len(self.rounds):
            object.__setattr__(self, "rounds", rounds)

    def entry(self, round_number: int) -> TrfRoundEntry:
        """The block of a round; a missing block reads as blank (a zero-point bye)."""
        if 1 <= round_number <= len(self.rounds):
            return self.rounds[round_number - 1]
        return BLANK_ENTRY


@dataclass(frozen=True, slots=True)
class TrfWarning:
    """Something odd the reader read past: the 1-based line and what it did about it."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True, slots=True)
class TrfByeDeclaration:
    """A TRF-26 `240` record: players with a full-, half- or zero-point bye in one round."""

    kind: TrfByeCode
    round: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TrfAccelerationRecord:
    """A TRF-26 `250` record: fictitious (acceleration) points given to the players with
    starting ranks `first_player`..`last_player` in rounds `first_round`..`last_round`.
    Individual events use the game points; the match points serve team events."""

    match_points: Points
    game_points: Points
    first_round: int
    last_round: int
    first_player: int
    last_player: int


TrfForfeitKind = Literal["+-", "-+", "--"]


@dataclass(frozen=True, slots=True)
class TrfTeam:
    """A team record: TRF-26 `310` or TRF-16 `013` (`record`), fide_teams.md §8.3 / §9.1.

    `players` are starting ranks in roster (board) order. A 013 record has only the name and
    the players; its team number is its place among the 013 records."""

    number: int
    name: str
    players: tuple[int, ...]
    nickname: str = ""
    strength: int | None = None
    """Columns 48-53: the strength factor (e.g. the mean rating); informative."""
    match_points: Points | None = None
    game_points: Points | None = None
    rank: int | None = None
    record: Literal["310", "013"] = "310"


@dataclass(frozen=True, slots=True)
class TrfTeamPab:
    """The `320` record: the match and game points of a team PAB and the team that had it in
    each round (None = `000`, nobody), §8.4."""

    match_points: Points
    game_points: Points
    teams: tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class TrfForfeitedMatch:
    """A `330` record: `+-` the white (first-named) team wins by forfeit, `-+` the black
    team, `--` both absent (§8.5)."""

    kind: TrfForfeitKind
    round: int
    white: int
    black: int


@dataclass(frozen=True, slots=True)
class TrfTeamOrder:
    """A `300` record: the players of `team` on boards 1, 2, ... in `round` against the
    scheduled `opponent`, when not in the 310 order (None = unoccupied board), §8.6."""

    round: int
    team: int
    opponent: int
    players: tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class TrfTournament:
    """Everything a TRF file says. Lines the model does not interpret are kept in `other_lines`.

    Header records: 012 name, 022 city, 032 federation, 042/052 dates, 092 tournament type,
    102 chief arbiter, 112 deputies, 122 time control, 132 round dates, 142/XXR rounds,
    152/XXC initial colour, 162 scoring, 192 encoded tournament type, 240 byes, 250 acceleration.
    Engine lines: XXC `rank`, XXZ absent players, XXP forbidden pairs, XXA acceleration points,
    BBW..BBU points.
    """

    players: tuple[TrfPlayer, ...] = ()
    name: str | None = None
    city: str | None = None
    federation: str | None = None
    start_date: date | None = None
    end_date: date | None = None
    tournament_type: str | None = None
    chief_arbiter: str | None = None
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str | None = None
    round_dates: tuple[str, ...] = ()
    """Record 132, one `YY/MM/DD` (or "" when blank) per round."""
    rounds: int | None = None
    initial_colour: Side | None = None
    """Colour of the first player paired in round 1: `Side.WHITE`/`Side.BLACK` or unknown."""
    pair_by_rank: bool = False
    """XXC `rank`: pair by file position rather than by starting rank."""
    scoring: tuple[tuple[str, Points], ...] = ()
    """Record 162 as (symbol, points) pairs in file order."""
    bbp_points: tuple[tuple[str, Points], ...] = ()
    """BBW/BBD/BBL/BBZ/BBF/BBU lines as (code, points) pairs in file order."""
    declared_byes: tuple[TrfByeDeclaration, ...] = ()
    encoded_type: str | None = None
    """Record 192, e.g. `FIDE_DUTCH_2026` or `FIDE_DUTCH_BAKU` (Baku acceleration)."""
    acceleration_records: tuple[TrfAccelerationRecord, ...] = ()
    """250 records in file order."""
    accelerations: tuple[tuple[int, tuple[Points, ...]], ...] = ()
    """XXA lines: (starting rank, the acceleration points of rounds 1, 2, ...) in file order."""
    absent: tuple[int, ...] = ()
    """XXZ: players absent in the round about to be paired."""
    forbidden_pairs: tuple[frozenset[int], ...] = ()
    """XXP: each set lists players who must never meet."""
    comments: tuple[str, ...] = ()
    """Text after `###` of each comment line."""
    teams: tuple[TrfTeam, ...] = ()
    """Team records (310 or 013) in file order: a team tournament's file."""
    team_pab: TrfTeamPab | None = None
    """Record 320."""
    forfeited_matches: tuple[TrfForfeitedMatch, ...] = ()
    """330 records in file order."""
    team_orders: tuple[TrfTeamOrder, ...] = ()
    """300 records in file order."""
    board_colours: str | None = None
    """Record 352: the first-named team's colour on each board, e.g. `WBWB`."""
    match_scoring: tuple[tuple[str, Points], ...] = ()
    """Record 362 as (symbol, points) pairs in file order (TW, TD, TL)."""
    other_lines: tuple[str, ...] = ()
    """Records the model does not interpret, verbatim and in file order (XXS lines too: their
    points are read from here by `tournament_point_system`)."""
    warnings: tuple[TrfWarning, ...] = field(default=(), compare=False)
    """What the reader read past (odd dates, ruler lines, unknown records...), by line. Not
    part of the tournament: two readings of the same facts compare equal."""

    @property
    def asks_for_baku(self) -> bool:
        """Whether record 192 selects Baku acceleration (a type ending in `_BAKU`)."""
        return self.encoded_type is not None and self.encoded_type.upper().endswith("_BAKU")

    @property
    def is_team_file(self) -> bool:
        """Whether the file holds team records (a team tournament)."""
        return bool(self.teams)

    def player(self, starting_rank: int) -> TrfPlayer | None:
        for p in self.players:
            if p.starting_rank == starting_rank:
                return p
        return None


def compute_point_system(
    scoring: tuple[tuple[str, Points], ...], bbp_points: tuple[tuple[str, Points], ...]
) -> PointSystem:
    """The point system a file declares (record 162 or BB? lines), else chess defaults.

    When both are given they must agree; `PointSystem` raises `ConfigError` for impossible
    values and `ValueError` is raised here when 162 and BB? lines disagree.
    """
    from_162 = _point_system_from_162(dict(scoring)) if scoring else None
    from_bbp = _point_system_from_bbp(dict(bbp_points)) if bbp_points else None
    if from_162 is not None and from_bbp is not None and from_162 != from_bbp:
        raise ValueError(f"record 162 gives {from_162} but the BB? lines give {from_bbp}")
    declared = from_162 or from_bbp
    return PointSystem() if declared is None else _plain(declared)


def _plain(system: PointSystem) -> PointSystem:
    """Chess's default system when `system` scores the same, else `system`."""
    if normalise_point_system(system) == normalise_point_system(PointSystem()):
        return PointSystem()
    return system


XXS_CODES = ("WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL")
"""JaVaFo's XXS scoring codes; `W`, `D` and `L` set both colours' win, draw and loss."""
_XXS_SHORTCUTS = {"W": ("WW", "BW"), "D": ("WD", "BD"), "L": ("WL", "BL")}
_XXS_TOKEN = re.compile(r"([A-Za-z]+)=(-?[0-9]+(?:\.[0-9]+)?)")


def parse_xxs(value: str) -> dict[str, Points]:
    """The codes an XXS line's value (`W=3 D=1 L=0 PAB=1.5`...) sets; ValueError naming the
    first token that is not CODE=points."""
    found: dict[str, Points] = {}
    for token in value.split():
        match = _XXS_TOKEN.fullmatch(token)
        code = match[1].upper() if match else ""
        if match is None or (code not in XXS_CODES and code not in _XXS_SHORTCUTS):
            codes = " ".join(XXS_CODES)
            raise ValueError(f"XXS value {token!r} is not CODE=points (codes: W D L {codes})")
        for name in _XXS_SHORTCUTS.get(code, (code,)):
            found[name] = parse_points(match[2])
    if not found:
        raise ValueError("XXS gives no points")
    return found


def point_system_from_xxs(values: dict[str, Points]) -> PointSystem:
    """The point system of XXS codes (JaVaFo's defaults for the codes not given).

    ValueError when White and Black score differently: our point systems do not."""
    for white, black in (("WW", "BW"), ("WD", "BD"), ("WL", "BL")):
        if values.get(white) != values.get(black):
            raise ValueError(
                f"XXS gives {white}={values.get(white)} but {black}={values.get(black)}: "
                "points that depend on the colour are not supported"
            )
    win = values.get("WW", ONE)
    draw = values.get("WD", HALF)
    loss = values.get("WL", ZERO)
    return PointSystem(
        win=win,
        draw=draw,
        loss=loss,
        forfeit_win=values.get("FW", win),
        forfeit_loss=values.get("FL", loss),
        pairing_bye=values.get("PAB", win),
        full_point_bye=values.get("FPB", win),
        half_point_bye=values.get("HPB", draw),
        zero_point_bye=values.get("ZPB", ZERO),
    )


_NAMED_SCORING = re.compile(
    r"(?<![0-9.])([0-9](?:\.[0-9])?) ?- ?([0-9](?:\.[0-9])?) ?- ?([0-9](?:\.[0-9])?)(?![0-9.])"
)


def scoring_named_in_type(tournament_type: str | None) -> PointSystem | None:
    """A win-draw-loss scoring such as `3-1-0` written in record 092's free text, if any
    (byes and forfeits then count as a win, a half-point bye as a draw)."""
    match = _NAMED_SCORING.search(tournament_type or "")
    if match is None:
        return None
    win, draw, loss = (parse_points(match[i]) for i in (1, 2, 3))
    if not loss <= draw < win:
        return None
    return PointSystem(win=win, draw=draw, loss=loss)


def tournament_point_system(t: TrfTournament) -> PointSystem:
    """The point system the file declares: record 162, BB? lines or XXS lines (which must
    agree), else a win-draw-loss scoring named in record 092, else chess's 1-½-0.

    Raises ValueError / ConfigError for records that disagree or impossible values (the
    reader reports them with their lines)."""
    system = compute_point_system(t.scoring, t.bbp_points)
    xxs: dict[str, Points] = {}
    for line in t.other_lines:
        if line[:3] == "XXS":
            xxs.update(parse_xxs(line[4:]))
    if xxs:
        from_xxs = point_system_from_xxs(xxs)
        if (t.scoring or t.bbp_points) and normalise_point_system(
            from_xxs
        ) != normalise_point_system(system):
            raise ValueError(f"the XXS lines give {from_xxs} but record 162 / BB? give {system}")
        return _plain(from_xxs)
    if not t.scoring and not t.bbp_points:
        named = scoring_named_in_type(t.tournament_type)
        if named is not None:
            return named
    return system


def normalise_point_system(system: PointSystem) -> PointSystem:
    """The system with every optional value spelled out, so equal scoring compares equal."""
    return PointSystem(
        win=system.win,
        draw=system.draw,
        loss=system.loss,
        forfeit_win=system.forfeit_win_points,
        forfeit_loss=system.forfeit_loss_points,
        pairing_bye=system.pairing_bye_points,
        full_point_bye=system.full_point_bye_points,
        half_point_bye=system.half_point_bye_points,
        zero_point_bye=system.zero_point_bye,
        sit_out=system.sit_out,
    )


def _point_system_from_162(values: dict[str, Points]) -> PointSystem:
    win = values.get("W", ONE)
    draw = values.get("D", HALF)
    absence = values.get("A", ZERO)
    return PointSystem(
        win=win,
        draw=draw,
        loss=values.get("L", ZERO),
        forfeit_win=win,
        forfeit_loss=absence,
        pairing_bye=values.get("P", win),
        full_point_bye=win,
        half_point_bye=draw,
        zero_point_bye=absence,
    )


def _point_system_from_bbp(values: dict[str, Points]) -> PointSystem:
    win = values.get("BBW", ONE)
    draw = values.get("BBD", HALF)
    loss = values.get("BBL", ZERO)
    return PointSystem(
        win=win,
        draw=draw,
        loss=loss,
        forfeit_win=win,
        forfeit_loss=values.get("BBF", loss),
        pairing_bye=values.get("BBU", win),
        full_point_bye=win,
        half_point_bye=draw,
        zero_point_bye=values.get("BBZ", ZERO),
    )


def compute_entry_points(entry: TrfRoundEntry, system: PointSystem) -> Points:
    """Points one round block is worth; a game not yet played is worth nothing yet."""
    if entry.opponent is None:
        match entry.result:
            case "U":
                return system.pairing_bye_points
            case "F":
                return system.full_point_bye_points
            case "H":
                return system.half_point_bye_points
            case "+":
                # only in team files: a board won by forfeit against an empty board
                return system.forfeit_win_points
            case _:
                return system.zero_point_bye
    match entry.result:
        case "1" | "W":
            return system.win
        case "+":
            return system.forfeit_win_points
        case "=" | "D":
            return system.draw
        case "0" | "L":
            return system.loss
        case "-":
            return system.forfeit_loss_points
        case _:
            return ZERO


def count_paired_rounds(players: tuple[TrfPlayer, ...]) -> int:
    """The last round in which anyone was paired (a game or the pairing-allocated bye).

    Blocks after it can only be byes declared before that round is paired.
    """
    last = 0
    for p in players:
        for number, e in enumerate(p.rounds, start=1):
            if number > last and (e.opponent is not None or e.result == "U"):
                last = number
    return last


def compute_player_points(
    player: TrfPlayer, system: PointSystem, rounds: int | None = None
) -> Points:
    """Sum of the player's blocks in rounds 1..`rounds` (all blocks when None).

    Rounds without a block inside that range count as blank blocks (zero-point byes).
    """
    last = len(player.rounds) if rounds is None else rounds
    return sum((compute_entry_points(player.entry(r), system) for r in range(1, last + 1)), ZERO)
