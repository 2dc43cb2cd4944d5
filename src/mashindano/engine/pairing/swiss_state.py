"""Per-player Swiss pairing state, derived from a stage's results (FIDE C.04.1, C.04.2, C.04.3).

Nothing here is stored: the state is folded from the games and byes before the round being
paired. Unplayed rounds follow the 2026 rules as the reference engine reads them:

- a forfeited game is not a played game: it stays out of the colour history and does not stop
  a later pairing of the same two players;
- the pairing-allocated bye is barred after any round scored at a win's value without playing
  (pairing-allocated bye, full-point bye, forfeit win);
- a round scored above a loss without playing is a downfloat; a round not played and scored as
  a loss (zero-point bye, forfeit loss, absence) is no float.

With Baku acceleration (C.04.7, `baku.py`) the scores the pairing looks at are pairing scores:
the real score plus the round's virtual points, both for the round being paired and, as the
reference engine judges floats, for the rounds before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from mashindano.engine.errors import IllegalResult
from mashindano.engine.model import Bye, ByeKind, CompetitorId, Game, Side, StageResults
from mashindano.engine.pairing.baku import Acceleration, virtual_points
from mashindano.engine.points import ZERO, Points


class ColourStrength(Enum):
    """How strongly a player wants a colour (C.04.3 Art. 1, colour preference)."""

    NONE = "none"
    MILD = "mild"
    STRONG = "strong"
    ABSOLUTE = "absolute"


class Float(Enum):
    """A player's float in one round: paired below (DOWN) or above (UP) their score."""

    DOWN = "down"
    UP = "up"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """What one round meant for one player, as far as pairing is concerned."""

    round: int
    opponent: CompetitorId | None
    colour: Side | None
    """WHITE or BLACK for a played game, else None."""
    is_played: bool
    points: Points
    is_paired: bool
    """Paired by the pairing (a game, played or forfeited, or the pairing-allocated bye)."""
    is_pairing_bye: bool = False


@dataclass(frozen=True, slots=True)
class SwissPlayerState:
    """Everything the Dutch rules look at for one player before a round is paired."""

    id: CompetitorId
    number: int
    """Pairing number (TPN)."""
    rank_index: int
    """0-based position among the players who take part in the pairing logic; its parity
    decides colours by C.04.3 Art. 5.2.5."""
    score: Points
    """The pairing score: real points plus this round's virtual points (`virtual_points`)."""
    history: tuple[RoundRecord, ...]
    colours: tuple[Side, ...]
    """Colours of played games only, oldest first."""
    colour_difference: int
    """Whites minus Blacks over played games."""
    preference: Side | None
    strength: ColourStrength
    repeated_colour: Side | None
    """The colour of the last two played games when they were the same, else None."""
    floats: tuple[Float, ...]
    """One entry per round before the one being paired, oldest first."""
    opponents: frozenset[CompetitorId]
    """Opponents met over the board (forfeits excluded)."""
    is_bye_eligible: bool
    played_games: int
    is_available: bool
    virtual_points: Points = ZERO
    """Baku acceleration (C.04.7): the virtual points of the round being paired."""

    @property
    def real_score(self) -> Points:
        """The points the player has scored, without virtual points."""
        return self.score - self.virtual_points

    @property
    def colour_imbalance(self) -> int:
        return abs(self.colour_difference)

    @property
    def is_absolute(self) -> bool:
        return self.strength is ColourStrength.ABSOLUTE

    @property
    def is_strong(self) -> bool:
        return self.strength is ColourStrength.STRONG

    def float_before(self, rounds_back: int) -> Float:
        """The float `rounds_back` rounds before the round being paired (1 = previous)."""
        if rounds_back > len(self.floats):
            return Float.NONE
        return self.floats[-rounds_back]


def _colour_of(side: Side) -> Side:
    return Side.WHITE if side.is_first else Side.BLACK


def _game_record(game: Game, player: CompetitorId, results: StageResults) -> RoundRecord:
    system = results.points
    first = player == game.first
    outcome = game.outcome_for(player)
    opponent = game.opponent_of(player)
    if game.result.is_played:
        assert outcome is not None
        points = {
            "win": system.win,
            "draw": system.draw,
            "loss": system.loss,
        }[outcome.value]
        colour = Side.WHITE if first else Side.BLACK
        return RoundRecord(game.round, opponent, colour, True, points, True)
    if not game.result.is_decided:
        raise IllegalResult(
            f"round {game.round}: game {game.first}-{game.second} has no result yet",
            round=game.round,
            competitor=player,
        )
    won = outcome is not None and outcome.value == "win"
    points = system.forfeit_win_points if won else system.forfeit_loss_points
    return RoundRecord(game.round, opponent, None, False, points, True)


def _bye_record(bye: Bye, results: StageResults) -> RoundRecord:
    points = bye.kind.points(results.points)
    is_pab = bye.kind is ByeKind.PAIRING_ALLOCATED
    return RoundRecord(bye.round, None, None, False, points, is_pab, is_pab)


def _collect_records(
    results: StageResults, round_number: int
) -> tuple[dict[CompetitorId, dict[int, RoundRecord]], set[CompetitorId]]:
    records: dict[CompetitorId, dict[int, RoundRecord]] = {c.id: {} for c in results.competitors}
    declared: set[CompetitorId] = set()

    def put(player: CompetitorId, record: RoundRecord) -> None:
        if player not in records:
            raise IllegalResult(
                f"round {record.round}: unknown competitor {player!r}", competitor=player
            )
        if record.round in records[player]:
            raise IllegalResult(
                f"round {record.round}: {player} appears twice",
                competitor=player,
                round=record.round,
            )
        records[player][record.round] = record

    for game in results.games:
        if game.round >= round_number:
            if game.round == round_number:
                raise IllegalResult(
                    f"round {round_number} is being paired but already has a game "
                    f"{game.first}-{game.second}",
                    round=round_number,
                )
            continue
        put(game.first, _game_record(game, game.first, results))
        put(game.second, _game_record(game, game.second, results))
    for bye in results.byes:
        if bye.round == round_number:
            if bye.kind is ByeKind.PAIRING_ALLOCATED:
                raise IllegalResult(
                    f"round {round_number}: a pairing-allocated bye cannot be declared "
                    f"before pairing ({bye.competitor})",
                    competitor=bye.competitor,
                    round=round_number,
                )
            declared.add(bye.competitor)
        elif bye.round < round_number:
            put(bye.competitor, _bye_record(bye, results))
    return records, declared


def _colour_preference(
    colours: list[Side],
) -> tuple[int, Side | None, ColourStrength, Side | None]:
    whites = sum(1 for c in colours if c is Side.WHITE)
    difference = whites - (len(colours) - whites)
    run = 0
    last: Side | None = None
    for colour in colours:
        run = run + 1 if colour is last else 1
        last = colour
    fewer = Side.BLACK if difference > 0 else Side.WHITE
    repeated = last if run > 1 else None
    if not colours:
        return difference, None, ColourStrength.NONE, None
    if abs(difference) > 1:
        return difference, fewer, ColourStrength.ABSOLUTE, repeated
    if repeated is not None:
        return difference, repeated.opposite, ColourStrength.ABSOLUTE, repeated
    assert last is not None
    if difference != 0:
        return difference, fewer, ColourStrength.STRONG, None
    return difference, last.opposite, ColourStrength.MILD, None


def build_swiss_state(
    results: StageResults,
    round_number: int,
    *,
    forfeit_loss_floats: bool = False,
    acceleration: Acceleration | None = None,
) -> tuple[SwissPlayerState, ...]:
    """Fold the results of rounds 1..round_number-1 into each competitor's pairing state.

    Players with a bye declared for `round_number` (half-point, zero-point, full-point) are
    returned with `is_available=False`. A round without any game or bye counts as absent (a
    zero-point bye). `forfeit_loss_floats` makes a forfeit loss float like a played game (by the
    scores before the round), as the 2017 reading does; the default follows the 2026 rules.
    `acceleration` gives virtual points (C.04.7): scores, and the floats of earlier rounds, are
    then pairing scores.
    """
    if round_number < 1:
        raise IllegalResult(f"round number must be at least 1, got {round_number}")
    records, declared = _collect_records(results, round_number)
    system = results.points
    numbers: dict[CompetitorId, int] = {}
    for position, competitor in enumerate(results.competitors, start=1):
        numbers[competitor.id] = competitor.number if competitor.number is not None else position
    full: dict[CompetitorId, list[RoundRecord]] = {}
    for player_id, by_round in records.items():
        full[player_id] = [
            by_round.get(r) or RoundRecord(r, None, None, False, system.zero_point_bye, False)
            for r in range(1, round_number)
        ]
    scores_after: dict[CompetitorId, list[Points]] = {}
    for player_id, history in full.items():
        running = [system.loss * 0]
        for record in history:
            running.append(running[-1] + record.points)
        scores_after[player_id] = running
    pairing_scores = scores_after
    if acceleration is not None:
        # Entry r-1 is the score a player was paired on in round r (virtual points included).
        pairing_scores = {
            player_id: [
                score + virtual_points(acceleration, player_id, r)
                for r, score in enumerate(running, start=1)
            ]
            for player_id, running in scores_after.items()
        }

    ordered = sorted(results.competitors, key=lambda c: numbers[c.id])
    rank_indices: dict[CompetitorId, int] = {}
    for competitor in ordered:
        history = full[competitor.id]
        takes_part = competitor.id not in declared or any(r.is_paired for r in history)
        if takes_part:
            rank_indices[competitor.id] = len(rank_indices)

    states: list[SwissPlayerState] = []
    for competitor in results.competitors:
        history = full[competitor.id]
        colours = [r.colour for r in history if r.colour is not None]
        difference, preference, strength, repeated = _colour_preference(colours)
        floats = tuple(
            _float_of(record, competitor.id, pairing_scores, system.loss, forfeit_loss_floats)
            for record in history
        )
        states.append(
            SwissPlayerState(
                id=competitor.id,
                number=numbers[competitor.id],
                rank_index=rank_indices.get(competitor.id, -1),
                score=pairing_scores[competitor.id][-1],
                history=tuple(history),
                colours=tuple(colours),
                colour_difference=difference,
                preference=preference,
                strength=strength,
                repeated_colour=repeated,
                floats=floats,
                opponents=frozenset(
                    r.opponent for r in history if r.is_played and r.opponent is not None
                ),
                is_bye_eligible=not any(
                    not r.is_played and r.points >= system.win for r in history
                ),
                played_games=len(colours),
                is_available=competitor.id not in declared,
                virtual_points=virtual_points(acceleration, competitor.id, round_number),
            )
        )
    return tuple(states)


def _float_of(
    record: RoundRecord,
    player: CompetitorId,
    scores_after: dict[CompetitorId, list[Points]],
    loss: Points,
    forfeit_loss_floats: bool,
) -> Float:
    if not record.is_played and record.points > loss:
        return Float.DOWN
    if record.opponent is None or (not record.is_played and not forfeit_loss_floats):
        return Float.NONE
    own = scores_after[player][record.round - 1]
    other = scores_after[record.opponent][record.round - 1]
    if own > other:
        return Float.DOWN
    if own < other:
        return Float.UP
    return Float.NONE
