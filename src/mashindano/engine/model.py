"""The engine vocabulary shared by every rule set.

Event > Stage > Group > Round > Encounter > Game. A stage's results are a list of `Game`s and
`Bye`s; everything else (scores, tie-breaks, standings) is derived from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import NewType

from mashindano.engine.errors import IllegalResult
from mashindano.engine.points import Points, PointSystem

CompetitorId = NewType("CompetitorId", str)


@dataclass(frozen=True, slots=True)
class Competitor:
    """A player (or a team or country in team events) with the attributes rules look at."""

    id: CompetitorId
    name: str
    rating: int | None = None
    games_played: int | None = None
    country: str | None = None
    number: int | None = None
    """Pairing or seed number, where the format uses one."""


class Side(StrEnum):
    """The side a competitor takes in one game. Chess: White/Black; Bao: South/North.

    The first side moves first (White, South).
    """

    WHITE = "white"
    BLACK = "black"
    SOUTH = "south"
    NORTH = "north"

    @property
    def is_first(self) -> bool:
        return self in (Side.WHITE, Side.SOUTH)

    @property
    def opposite(self) -> Side:
        return _OPPOSITE[self]


_OPPOSITE = {
    Side.WHITE: Side.BLACK,
    Side.BLACK: Side.WHITE,
    Side.SOUTH: Side.NORTH,
    Side.NORTH: Side.SOUTH,
}


class Outcome(Enum):
    """A game's outcome for one player."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class GameResult(StrEnum):
    """A game's result, read from the first-listed player's side (White/South).

    Forfeits mean the game was not played; timeouts and abandonments are played games that
    ended that way (see `Termination`).
    """

    FIRST_WINS = "1-0"
    DRAW = "1/2-1/2"
    SECOND_WINS = "0-1"
    FIRST_WINS_BY_FORFEIT = "+-"
    SECOND_WINS_BY_FORFEIT = "-+"
    DOUBLE_FORFEIT = "--"
    NOT_PLAYED = "*"

    @property
    def is_played(self) -> bool:
        return self in (GameResult.FIRST_WINS, GameResult.DRAW, GameResult.SECOND_WINS)

    @property
    def is_forfeit(self) -> bool:
        return self in (
            GameResult.FIRST_WINS_BY_FORFEIT,
            GameResult.SECOND_WINS_BY_FORFEIT,
            GameResult.DOUBLE_FORFEIT,
        )

    @property
    def is_decided(self) -> bool:
        return self is not GameResult.NOT_PLAYED

    def outcome_for_first(self) -> Outcome | None:
        return _FIRST_OUTCOME[self]

    def outcome_for_second(self) -> Outcome | None:
        return _SECOND_OUTCOME[self]

    @classmethod
    def parse(cls, text: str) -> GameResult:
        """Accept the usual spellings: 1-0, 0-1, 1/2-1/2, ½-½, 0.5-0.5, =, +-, -+, --, *."""
        key = text.strip().replace(" ", "").replace("½", "1/2").replace("0.5", "1/2")
        try:
            return _ALIASES[key]
        except KeyError:
            valid = ", ".join(sorted({"1-0", "0-1", "1/2-1/2", "+-", "-+", "--", "*"}))
            raise IllegalResult(
                f"unknown result code {text!r} (expected one of {valid})", text=text
            ) from None


_FIRST_OUTCOME: dict[GameResult, Outcome | None] = {
    GameResult.FIRST_WINS: Outcome.WIN,
    GameResult.DRAW: Outcome.DRAW,
    GameResult.SECOND_WINS: Outcome.LOSS,
    GameResult.FIRST_WINS_BY_FORFEIT: Outcome.WIN,
    GameResult.SECOND_WINS_BY_FORFEIT: Outcome.LOSS,
    GameResult.DOUBLE_FORFEIT: Outcome.LOSS,
    GameResult.NOT_PLAYED: None,
}
_SECOND_OUTCOME: dict[GameResult, Outcome | None] = {
    GameResult.FIRST_WINS: Outcome.LOSS,
    GameResult.DRAW: Outcome.DRAW,
    GameResult.SECOND_WINS: Outcome.WIN,
    GameResult.FIRST_WINS_BY_FORFEIT: Outcome.LOSS,
    GameResult.SECOND_WINS_BY_FORFEIT: Outcome.WIN,
    GameResult.DOUBLE_FORFEIT: Outcome.LOSS,
    GameResult.NOT_PLAYED: None,
}
_ALIASES: dict[str, GameResult] = {
    "1-0": GameResult.FIRST_WINS,
    "0-1": GameResult.SECOND_WINS,
    "1/2-1/2": GameResult.DRAW,
    "1/2": GameResult.DRAW,
    "=": GameResult.DRAW,
    "+-": GameResult.FIRST_WINS_BY_FORFEIT,
    "-+": GameResult.SECOND_WINS_BY_FORFEIT,
    "--": GameResult.DOUBLE_FORFEIT,
    "*": GameResult.NOT_PLAYED,
}


class Termination(Enum):
    """How a played game ended. A timeout or abandonment is a played loss for one side."""

    NORMAL = "normal"
    TIMEOUT = "timeout"
    ABANDONMENT = "abandonment"
    ADJUDICATION = "adjudication"


class ByeKind(Enum):
    """A round without an opponent. Values follow the TRF letters where one exists."""

    PAIRING_ALLOCATED = "U"
    """Swiss bye given by the pairing (odd number of players)."""
    FULL_POINT = "F"
    HALF_POINT = "H"
    ZERO_POINT = "Z"
    """Requested zero-point bye or absence."""
    SIT_OUT = "sit-out"
    """Round-robin rest round: drawn against the dummy player."""

    def points(self, system: PointSystem) -> Points:
        match self:
            case ByeKind.PAIRING_ALLOCATED:
                return system.pairing_bye_points
            case ByeKind.FULL_POINT:
                return system.full_point_bye_points
            case ByeKind.HALF_POINT:
                return system.half_point_bye_points
            case ByeKind.ZERO_POINT:
                return system.zero_point_bye
            case ByeKind.SIT_OUT:
                return system.sit_out


@dataclass(frozen=True, slots=True)
class Game:
    """One game between two competitors in a round.

    `first` takes the first side (White/South). `encounter` groups the games of one match
    (KIBA plays two games per pairing; Gomoku four); by default each game is its own encounter.
    """

    round: int
    first: CompetitorId
    second: CompetitorId
    result: GameResult
    termination: Termination = Termination.NORMAL
    encounter: int | None = None

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise IllegalResult(
                f"round {self.round}: {self.first} cannot play against themselves",
                competitor=self.first,
                round=self.round,
            )

    def outcome_for(self, competitor: CompetitorId) -> Outcome | None:
        if competitor == self.first:
            return self.result.outcome_for_first()
        if competitor == self.second:
            return self.result.outcome_for_second()
        raise IllegalResult(f"{competitor} did not play in this game", competitor=competitor)

    def opponent_of(self, competitor: CompetitorId) -> CompetitorId:
        return self.second if competitor == self.first else self.first


@dataclass(frozen=True, slots=True)
class Bye:
    """A round a competitor spends without an opponent."""

    round: int
    competitor: CompetitorId
    kind: ByeKind


@dataclass(frozen=True, slots=True)
class StageResults:
    """The facts of one stage (or group): who takes part and what happened.

    `rounds` is the number of rounds of the stage (scheduled), which may exceed the rounds
    with results so far.
    """

    competitors: tuple[Competitor, ...]
    games: tuple[Game, ...] = ()
    byes: tuple[Bye, ...] = ()
    points: PointSystem = field(default_factory=PointSystem)
    rounds: int | None = None

    def known_before_pairing(self, round_number: int) -> StageResults:
        """The facts as they stood when round `round_number` was about to be paired: every
        earlier game and bye, plus the byes of that round declared in advance (requested or
        absent), but not its pairing-allocated bye, which the pairing itself produces."""
        return StageResults(
            competitors=self.competitors,
            games=tuple(g for g in self.games if g.round < round_number),
            byes=tuple(
                b
                for b in self.byes
                if b.round < round_number
                or (b.round == round_number and b.kind is not ByeKind.PAIRING_ALLOCATED)
            ),
            points=self.points,
            rounds=self.rounds,
        )

    def after_round(self, round_number: int) -> StageResults:
        """The facts as they stood after round `round_number`: the games and byes of later
        rounds (byes declared in advance among them) left out."""
        return StageResults(
            competitors=self.competitors,
            games=tuple(g for g in self.games if g.round <= round_number),
            byes=tuple(b for b in self.byes if b.round <= round_number),
            points=self.points,
            rounds=self.rounds,
        )

    @property
    def last_round(self) -> int:
        """The last round with a game or a bye (0 when there is none)."""
        return max([g.round for g in self.games] + [b.round for b in self.byes], default=0)

    def competitor(self, competitor_id: CompetitorId) -> Competitor:
        for c in self.competitors:
            if c.id == competitor_id:
                return c
        raise IllegalResult(f"unknown competitor {competitor_id!r}", competitor=competitor_id)
