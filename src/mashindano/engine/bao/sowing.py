"""Playing one move on a copy of the board (B11-B31, B35-B40, B44, B46a, B49-B50): the first
lap, relays, captures and kichwa entry, the nyumba's tax, stop or safari, the takasia stop, the
end of the game in the middle of a move, and exact detection of never-ending moves.

Works on the mover's and the opponent's tracks (16 counts each, clockwise from front pit 1,
see `position`), for speed: this is the engine's inner loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mashindano.engine.bao.parameters import BaoParameters
from mashindano.engine.bao.position import NYUMBA

CLOCKWISE: Final = 1
ANTICLOCKWISE: Final = -1

# Laps before the never-ending detector starts recording states. A never-ending move repeats
# its states forever, so starting late still detects every one of them (B50) and spares the
# bookkeeping in ordinary moves.
_DETECT_AFTER: Final = 24

OUTCOME_MOVE_ENDS: Final = "ends"
OUTCOME_FRONT_ROW_EMPTY: Final = "front_row_empty"  # the opponent's, after a capture (B46a)
OUTCOME_OWN_FRONT_EMPTY: Final = "own_front_row_empty"  # only with sole_kichwa allowed_loses
OUTCOME_NEVER_ENDING: Final = "never_ending"


@dataclass(frozen=True, slots=True)
class Start:
    """How a move begins: the track index of its pit, the direction (+1 clockwise, -1
    anticlockwise; for a namua capture, the direction chosen for the first kichwa), whether
    it is a capture move (B17), a namua move, and the tax (B27)."""

    track: int
    direction: int
    capture: bool
    namua: bool
    tax: bool = False


@dataclass(slots=True)
class Sown:
    """The outcome of one move on the tracks (the lists themselves are changed in place)."""

    outcome: str
    own_house: bool
    opp_house: bool
    choice_arose: bool
    laps: int
    unsown: int = 0


def play_on_tracks(
    own: list[int],
    opp: list[int],
    start: Start,
    *,
    own_house: bool,
    opp_house: bool,
    safari: bool,
    takasia: int,
    parameters: BaoParameters,
) -> Sown:
    """Play `start` on `own` (mover) and `opp` (opponent); `takasia` is the mover's blocked
    track index or -1. `safari` answers the choice of B31 if it arises."""
    namua = start.namua
    capture = start.capture
    house_active = namua or parameters.house_mtaji != "namua_only"
    house_min = parameters.house_min_seeds
    mtaji_capture_rule = parameters.house_mtaji if not namua else ""
    choice_here = namua or (parameters.house_mtaji == "until_emptied")
    forced_safari = (not namua) and parameters.mtaji_safari == "forced"
    check_own_front = parameters.sole_kichwa_outward == "allowed_loses"
    # MW's variant (D5): a lap that reaches the blocked pit in the first lap of a move started
    # from a functional nyumba carries on.
    nyumba_first_lap = (
        parameters.takasia_nyumba_first_lap
        and not namua
        and start.track == NYUMBA
        and own_house
        and house_active
        and own[NYUMBA] >= house_min
    )
    choice_arose = False
    p = start.track
    d = start.direction
    laps = 1

    if namua:
        own[p] += 1
        if capture:
            # The drop itself is the first lap; it ends in p and captures below (B25).
            e = p
        else:
            if start.tax:
                n = 2
                own[p] -= 2
            else:
                n = own[p]
                own[p] = 0
                if p == NYUMBA and own_house:
                    own_house = False
            e = p
            for _ in range(n):
                e = (e + d) & 15
                own[e] += 1
    else:
        n = own[p]
        own[p] = 0
        if p == NYUMBA and own_house:
            own_house = False
        if n >= 16:
            rounds, n = divmod(n, 16)
            for t in range(16):
                own[t] += rounds
        e = p
        for _ in range(n):
            e = (e + d) & 15
            own[e] += 1
        if n == 0:
            e = p
    if check_own_front and not any(own[0:8]):
        return Sown(OUTCOME_OWN_FRONT_EMPTY, own_house, opp_house, False, laps)

    seen: set[bytes] | None = None
    while True:
        if laps > _DETECT_AFTER:
            if seen is None:
                seen = set()
            state = bytes(own) + bytes(opp) + bytes((e, d + 1, own_house, opp_house))
            if state in seen:
                return Sown(OUTCOME_NEVER_ENDING, own_house, opp_house, choice_arose, laps)
            seen.add(state)
        here = own[e]
        if here <= 1:
            return Sown(OUTCOME_MOVE_ENDS, own_house, opp_house, choice_arose, laps)
        if capture and e < 8 and opp[7 - e] > 0:
            x = 7 - e
            seeds = opp[x]
            opp[x] = 0
            if x == NYUMBA and opp_house:
                opp_house = False
            if mtaji_capture_rule == "until_first_mtaji_capture":
                own_house = opp_house = False
            elif mtaji_capture_rule == "until_first_own_mtaji_capture":
                own_house = False
            if not any(opp[0:8]):
                return Sown(
                    OUTCOME_FRONT_ROW_EMPTY, own_house, opp_house, choice_arose, laps, seeds
                )
            # B21: pits 1-2 enter at the left kichwa, 7-8 at the right one; pits 3-6 keep the
            # current direction, which for a namua move's first capture is the one the mover
            # chose with the move (B22).
            if e <= 1:
                d = CLOCKWISE
            elif e >= 6:
                d = ANTICLOCKWISE
            k = 0 if d == CLOCKWISE else 7
            if seeds >= 16:
                rounds, seeds = divmod(seeds, 16)
                for t in range(16):
                    own[t] += rounds
            e = (k - d) & 15
            for _ in range(seeds):
                e = (e + d) & 15
                own[e] += 1
            laps += 1
            continue
        if e == NYUMBA and own_house and house_active and here >= house_min:
            if not capture:
                return Sown(OUTCOME_MOVE_ENDS, own_house, opp_house, choice_arose, laps)  # B30
            if choice_here and not forced_safari:
                choice_arose = True
                if not safari:
                    return Sown(OUTCOME_MOVE_ENDS, own_house, opp_house, True, laps)  # B31
        if e == takasia and not (nyumba_first_lap and laps == 1):
            return Sown(OUTCOME_MOVE_ENDS, own_house, opp_house, choice_arose, laps)  # B44b
        # Relay (B15).
        n = here
        own[e] = 0
        if e == NYUMBA and own_house:
            own_house = False
        start_pit = e
        if n >= 16:
            rounds, n = divmod(n, 16)
            for t in range(16):
                own[t] += rounds
        for _ in range(n):
            e = (e + d) & 15
            own[e] += 1
        if n == 0:
            e = start_pit
        laps += 1
        if check_own_front and not any(own[0:8]):
            return Sown(OUTCOME_OWN_FRONT_EMPTY, own_house, opp_house, choice_arose, laps)
