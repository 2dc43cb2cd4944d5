"""Legal moves and their results (B17-B36, B41-B50): which moves the side to move may start,
what each one does, the takasia it creates, the end of the game, and the canonical notation
of each move (B57).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mashindano.engine.bao.parameters import DEFAULT_PARAMETERS, BaoParameters
from mashindano.engine.bao.position import NYUMBA, SIDE_LETTERS, Position, pit_name
from mashindano.engine.bao.sowing import (
    ANTICLOCKWISE,
    CLOCKWISE,
    OUTCOME_FRONT_ROW_EMPTY,
    OUTCOME_MOVE_ENDS,
    OUTCOME_NEVER_ENDING,
    OUTCOME_OWN_FRONT_EMPTY,
    Start,
    play_on_tracks,
)
from mashindano.engine.errors import IllegalResult

REASON_FRONT_ROW_EMPTY: Final = "front_row_empty"
REASON_NO_LEGAL_MOVE: Final = "no_legal_move"
REASON_NEVER_ENDING: Final = "never_ending_move"


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A move as a player chooses it (B60): the start pit (absolute index, see `position`),
    the direction sign `<` or `>` as written (B55), and whether the house is played if B31
    offers the choice."""

    pit: int
    sign: str
    safari: bool = False


@dataclass(frozen=True, slots=True)
class End:
    """How a game ended: the winner (SOUTH, NORTH; None only for `never_ending = draw`), the
    reason, and the captured seeds left unsown by a win in the middle of a move (B46a)."""

    winner: int | None
    reason: str
    unsown: int = 0

    def to_json(self) -> dict[str, object]:
        document: dict[str, object] = {
            "winner": None if self.winner is None else SIDE_LETTERS[self.winner],
            "reason": self.reason,
        }
        if self.unsown:
            document["unsown"] = self.unsown
        return document


@dataclass(frozen=True, slots=True)
class MoveResult:
    """A legal move, its canonical notation (B57) and what it leads to."""

    move: Move
    notation: str
    position: Position
    end: End | None
    takasa: bool
    creates_takasia: bool
    choice_arose: bool
    laps: int


def _sign(track: int, direction: int, parameters: BaoParameters) -> str:
    if track < 8 or parameters.back_row_direction == "loop":
        return ">" if direction == CLOCKWISE else "<"
    return "<" if direction == CLOCKWISE else ">"


def sign_direction(track: int, sign: str, parameters: BaoParameters) -> int:
    """The direction (+1 clockwise, -1 anticlockwise) a sign means from a pit (B55, D8)."""
    if track < 8 or parameters.back_row_direction == "loop":
        return CLOCKWISE if sign == ">" else ANTICLOCKWISE
    return ANTICLOCKWISE if sign == ">" else CLOCKWISE


def _tracks(board: tuple[int, ...], side: int) -> tuple[list[int], list[int]]:
    if side == 0:
        return list(board[0:16]), list(board[16:32])
    return list(board[16:32]), list(board[0:16])


def _capture_starts(
    own: list[int], opp: list[int], namua: bool, blocked: int, cap: int
) -> list[tuple[int, int, int]]:
    """(track, direction, captured opponent track) of every capture move's first lap."""
    found: list[tuple[int, int, int]] = []
    if namua:
        for t in range(8):
            if own[t] and opp[7 - t] and t != blocked:
                if t <= 1:
                    found.append((t, CLOCKWISE, 7 - t))
                elif t >= 6:
                    found.append((t, ANTICLOCKWISE, 7 - t))
                else:
                    found.append((t, ANTICLOCKWISE, 7 - t))
                    found.append((t, CLOCKWISE, 7 - t))
        return found
    for t in range(16):
        n = own[t]
        if n < 2 or n > cap or t == blocked:
            continue
        for d in (ANTICLOCKWISE, CLOCKWISE):
            e = (t + n * d) & 15
            if e < 8 and e != t and own[e] and opp[7 - e]:
                found.append((t, d, 7 - e))
    return found


def _takasa_starts(
    own: list[int],
    owned: bool,
    namua: bool,
    blocked: int,
    parameters: BaoParameters,
) -> list[Start]:
    occupied = [t for t in range(8) if own[t]]
    inward_only = -1
    if (
        len(occupied) == 1
        and occupied[0] in (0, 7)
        and parameters.sole_kichwa_outward != ("allowed_loses")
    ):
        inward_only = occupied[0]  # B29
    starts: list[Start] = []
    if namua:
        functional = owned and own[NYUMBA] >= parameters.house_min_seeds
        if functional and occupied == [NYUMBA]:
            if blocked != NYUMBA:
                starts.append(Start(NYUMBA, ANTICLOCKWISE, False, True, tax=True))
                starts.append(Start(NYUMBA, CLOCKWISE, False, True, tax=True))
            return starts
        allowed = [t for t in occupied if not (functional and t == NYUMBA)]
        mode = parameters.namua_singletons
        if mode == "unless_functional_house":
            singletons = functional
        elif mode == "unless_owned_house":
            singletons = owned
        else:
            singletons = mode == "free"
        if not singletons:
            several = [t for t in allowed if own[t] >= 2]
            if several:
                allowed = several
        tracks = [t for t in allowed if t != blocked]
    else:
        front = [t for t in range(8) if own[t] >= 2]
        if front:
            tracks = [t for t in front if t != blocked]
        else:
            tracks = [t for t in range(8, 16) if own[t] >= 2 and t != blocked]
    for t in tracks:
        if t == inward_only:
            starts.append(Start(t, CLOCKWISE if t == 0 else ANTICLOCKWISE, False, namua))
        else:
            starts.append(Start(t, ANTICLOCKWISE, False, namua))
            starts.append(Start(t, CLOCKWISE, False, namua))
    return starts


def move_starts(position: Position, parameters: BaoParameters = DEFAULT_PARAMETERS) -> list[Start]:
    """Every way the side to move may start a move, before never-ending moves are removed:
    capture moves if there are any (B19), otherwise takasa moves (B26-B29, B34)."""
    side = position.to_move
    if side is None:
        return []
    own, opp = _tracks(position.board, side)
    namua = position.stage == "namua"
    blocked = -1 if position.takasia is None else position.takasia % 16
    captures = _capture_starts(own, opp, namua, blocked, parameters.capture_start_max)
    if captures:
        return [Start(t, d, True, namua) for t, d, _ in captures]
    return _takasa_starts(own, position.house[side], namua, blocked, parameters)


def _run(
    position: Position, start: Start, safari: bool, parameters: BaoParameters
) -> tuple[list[int], list[int], int, bool, bool, str, bool, int, int]:
    side = position.to_move
    assert side is not None
    own, opp = _tracks(position.board, side)
    blocked = -1 if position.takasia is None else position.takasia % 16
    sown = play_on_tracks(
        own,
        opp,
        start,
        own_house=position.house[side],
        opp_house=position.house[1 - side],
        safari=safari,
        takasia=blocked,
        parameters=parameters,
    )
    return (
        own,
        opp,
        side,
        sown.own_house,
        sown.opp_house,
        sown.outcome,
        sown.choice_arose,
        sown.laps,
        sown.unsown,
    )


def has_legal_move(position: Position, parameters: BaoParameters = DEFAULT_PARAMETERS) -> bool:
    """Whether the side to move has a legal move (B46b), without working out every result."""
    starts = move_starts(position, parameters)
    if parameters.never_ending != "illegal":
        return bool(starts)
    for start in starts:
        if _run(position, start, False, parameters)[5] != OUTCOME_NEVER_ENDING:
            return True
    return False


def _takasia_target(position: Position, parameters: BaoParameters) -> int | None:
    """B42-B43: the pit of the side to move blocked by the takasa that led to `position`."""
    side = position.to_move
    assert side is not None
    own, opp = _tracks(position.board, side)
    namua = position.stage == "namua"
    cap = parameters.capture_start_max
    if _capture_starts(own, opp, namua, -1, cap):
        return None
    targets = {x for _, _, x in _capture_starts(opp, own, namua, -1, cap)}
    if len(targets) != 1:
        return None
    x = targets.pop()
    exceptions = parameters.takasia_exceptions
    house_counts = namua or parameters.house_powers_in_mtaji()
    if "house" in exceptions and x == NYUMBA and position.house[side] and house_counts:
        return None
    if "only_occupied" in exceptions and not any(own[t] for t in range(8) if t != x):
        return None
    only_multi = own[x] >= 2 and not any(own[t] >= 2 for t in range(8) if t != x)
    if "only_multi" in exceptions and only_multi:
        return None
    if "singleton" in exceptions and own[x] == 1:
        return None
    return 16 * side + x


def _result(
    position: Position, start: Start, safari: bool, parameters: BaoParameters
) -> MoveResult | None:
    """The result of one move start, or None if it is a never-ending move made illegal."""
    own, opp, side, own_house, opp_house, outcome, choice, laps, unsown = _run(
        position, start, safari, parameters
    )
    if outcome == OUTCOME_NEVER_ENDING and parameters.never_ending == "illegal":
        return None
    board = tuple(own + opp) if side == 0 else tuple(opp + own)
    hand = position.hand
    if start.namua:
        hand = (hand[0] - 1, hand[1]) if side == 0 else (hand[0], hand[1] - 1)
    house = (own_house, opp_house) if side == 0 else (opp_house, own_house)
    stage = position.stage
    if stage == "namua" and hand == (0, 0) and outcome == OUTCOME_MOVE_ENDS:
        stage = "mtaji"  # B9: after the move; a game won in the middle of it stays in namua
    end: End | None = None
    creates_takasia = False
    if outcome == OUTCOME_FRONT_ROW_EMPTY:
        end = End(side, REASON_FRONT_ROW_EMPTY, unsown)
    elif outcome == OUTCOME_OWN_FRONT_EMPTY:
        end = End(1 - side, REASON_FRONT_ROW_EMPTY)
    elif outcome == OUTCOME_NEVER_ENDING:
        winner = None if parameters.never_ending == "draw" else 1 - side
        end = End(winner, REASON_NEVER_ENDING)
    after: Position
    if end is None:
        takasia: int | None = None
        after = Position(
            board, hand, house, stage, 1 - side, None, position.partial, position.variant
        )
        if not has_legal_move(after, parameters):
            # A takasa that ends the game creates no takasia (B42).
            end = End(side, REASON_NO_LEGAL_MOVE)
        elif (
            not start.capture
            and parameters.takasia
            and (not start.namua or parameters.takasia_in_namua)
        ):
            takasia = _takasia_target(after, parameters)
            if takasia is not None:
                creates_takasia = True
                after = Position(
                    board, hand, house, stage, 1 - side, takasia, position.partial, position.variant
                )
                if not has_legal_move(after, parameters):
                    end = End(side, REASON_NO_LEGAL_MOVE)
    if end is not None:
        after = Position(board, hand, house, stage, None, None, position.partial, position.variant)
    move = Move(16 * side + start.track, _start_sign(start, parameters), safari and choice)
    notation = _notation(move, start, creates_takasia, end, side)
    return MoveResult(move, notation, after, end, not start.capture, creates_takasia, choice, laps)


def _start_sign(start: Start, parameters: BaoParameters) -> str:
    return _sign(start.track, start.direction, parameters)


def _notation(move: Move, start: Start, creates_takasia: bool, end: End | None, side: int) -> str:
    text = pit_name(move.pit) + move.sign
    if move.safari:
        text += "+"
    if not start.capture:
        text += "**" if creates_takasia else "*"
    if end is not None and end.winner == side:
        text += "#"
    return text


def _order(result: MoveResult) -> tuple[int, int, int, int]:
    # B61: front row before back row, then pit number, `<` before `>`, stop before `+`.
    track = result.move.pit % 16
    row, number = (0, track + 1) if track < 8 else (1, 16 - track)
    return (row, number, 0 if result.move.sign == "<" else 1, int(result.move.safari))


def legal_results(
    position: Position, parameters: BaoParameters = DEFAULT_PARAMETERS
) -> list[MoveResult]:
    """Every legal move of the side to move with its result, in the order of B61. Empty once
    the game is over or when the side to move has no legal move (B46b, B48)."""
    if position.to_move is None:
        return []
    results: list[MoveResult] = []
    for start in move_starts(position, parameters):
        result = _result(position, start, False, parameters)
        if result is None:
            continue
        results.append(result)
        if result.choice_arose:
            played = _result(position, start, True, parameters)
            if played is not None:
                results.append(played)
    results.sort(key=_order)
    return results


def legal_moves(position: Position, parameters: BaoParameters = DEFAULT_PARAMETERS) -> list[str]:
    """The canonical forms (B57) of the legal moves, in the order of B61."""
    return [r.notation for r in legal_results(position, parameters)]


def game_end(position: Position, parameters: BaoParameters = DEFAULT_PARAMETERS) -> End | None:
    """The end of the game in `position` if it has ended for lack of a move (B46b): a position
    with a side to move and no legal move. A finished position (no side to move) carries its
    end in the move result that led to it, so this returns None for it."""
    if position.to_move is None:
        return None
    if has_legal_move(position, parameters):
        return None
    return End(1 - position.to_move, REASON_NO_LEGAL_MOVE)


def apply_move(
    position: Position, move: Move, parameters: BaoParameters = DEFAULT_PARAMETERS
) -> MoveResult:
    """The result of a legal move; IllegalResult naming the legal moves from its pit if it is
    not legal (B59 step 3)."""
    results = legal_results(position, parameters)
    for result in results:
        if result.move == move:
            return result
    if move.safari:
        for result in results:
            if result.move == Move(move.pit, move.sign, False):
                return result  # `+` without the choice is a no-op (B56, A7)
    same_pit = [r.notation for r in results if r.move.pit == move.pit]
    shown = pit_name(move.pit) + move.sign + ("+" if move.safari else "")
    if position.to_move is None:
        raise IllegalResult(f"{shown}: the game is over", code="bao_game_over", move=shown)
    if same_pit:
        message = (
            f"{shown} is not legal here; legal from {pit_name(move.pit)}: {', '.join(same_pit)}"
        )
    else:
        legal = ", ".join(r.notation for r in results) or "none"
        message = (
            f"{shown} is not legal here; no legal move starts at {pit_name(move.pit)}"
            f" (legal: {legal})"
        )
    raise IllegalResult(
        message, code="bao_illegal_move", move=shown, legal=[r.notation for r in results]
    )
