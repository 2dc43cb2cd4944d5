"""Pairing (R15-R20, A2, A5, A20, A21): the round-1 draw, and later rounds from alternate ends
of the list ordered by variable selo, with rematches forbidden first and colours second.

The arbiter's forbidden pairs (two players who must not meet) are kept apart in every round:
later rounds treat them as rematches; round 1 leaves them out of the draw and pairs from the
top of the number order, each player with their drawn partner or else the nearest player they
may meet (see `pair_first_round`)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from mashindano.engine.errors import ConfigError, IllegalResult, NoValidPairing
from mashindano.engine.model import CompetitorId
from mashindano.engine.tasaselo.alternating import pair_from_alternate_ends, pair_from_the_top
from mashindano.engine.tasaselo.colours import (
    BLACK,
    WHITE,
    ColourHistory,
    ColourRecord,
    allocate_colours,
    compute_colour_balance,
    designate_wrong_colours,
    due_colour,
)

DRAWN_POSITIONS = 6
"""R15: the pairs among the first six active players are drawn by lot."""

FORBIDDEN_FIRST_ROUND_PAIRS = frozenset({(1, 2), (1, 6)})
"""R15: the draw never produces 1–2 or 1–6 (positions among the active players, A20)."""

type ForbiddenPairs = Collection[frozenset[CompetitorId]]
"""The arbiter's pairs of players who must not meet (each a set of two players)."""


@dataclass(frozen=True, slots=True)
class Contender:
    """A player to pair, with what the pairing reads: number, variable selo, colour history,
    earlier opponents and whether they already had the ghost."""

    competitor: CompetitorId
    number: int
    selo: Fraction
    colours: ColourHistory = ()
    opponents: frozenset[CompetitorId] = frozenset()
    had_ghost: bool = False


@dataclass(frozen=True, slots=True)
class Board:
    """One pair with colours. `black` is None when `white` meets the ghost (no game, R27)."""

    number: int
    white: CompetitorId
    black: CompetitorId | None

    @property
    def is_ghost(self) -> bool:
        return self.black is None

    @property
    def players(self) -> tuple[CompetitorId, ...]:
        return (self.white,) if self.black is None else (self.white, self.black)


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """A round's pairs. `order` is the list they came from (R16; round 1: number order), the
    ghost, if any, below its last player. `seed` replays every lot drawn."""

    round: int
    boards: tuple[Board, ...]
    order: tuple[CompetitorId, ...]
    seed: int
    ghost: bool = False
    regardless_of_colours: bool = False
    wrong_colours: frozenset[CompetitorId] = frozenset()
    """A8: players allowed to meet someone due the same colour, to even the counts (R24)."""

    @property
    def players(self) -> tuple[CompetitorId, ...]:
        return tuple(p for board in self.boards for p in board.players)

    def board_of(self, competitor: CompetitorId) -> Board | None:
        for board in self.boards:
            if competitor in board.players:
                return board
        return None


def order_by_variable_selo(contenders: Sequence[Contender]) -> tuple[Contender, ...]:
    """R16, E4: highest variable selo first; equal selos by player number, lower first."""
    return tuple(sorted(contenders, key=lambda c: (-c.selo, c.number)))


def legal_first_round_drawings(
    size: int = DRAWN_POSITIONS,
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """E1: every way to pair positions 1..`size` without 1–2 or 1–6; nine for six players."""
    if size % 2 or size < 2:
        raise ConfigError(f"the draw needs an even number of places, got {size}", size=size)
    forbidden = {pair for pair in FORBIDDEN_FIRST_ROUND_PAIRS if pair[1] <= size}
    return tuple(
        drawing
        for drawing in _perfect_matchings(tuple(range(1, size + 1)))
        if not forbidden & set(drawing)
    )


def _perfect_matchings(places: tuple[int, ...]) -> list[tuple[tuple[int, int], ...]]:
    if not places:
        return [()]
    first, rest = places[0], places[1:]
    matchings: list[tuple[tuple[int, int], ...]] = []
    for partner in rest:
        others = tuple(p for p in rest if p != partner)
        matchings.extend(((first, partner), *tail) for tail in _perfect_matchings(others))
    return matchings


def pair_first_round(
    contenders: Sequence[Contender],
    *,
    seed: int,
    ghost: bool = False,
    manual_pairs: Sequence[tuple[CompetitorId, CompetitorId]] | None = None,
    forbidden_pairs: ForbiddenPairs = (),
) -> RoundPairing:
    """R15, A20, A21: the first six active players (number order) are paired by a draw among
    the legal drawings, or by the organiser's `manual_pairs`, never 1–2 or 1–6; the rest play
    7–8, 9–10, ... A ghost, if needed, is last (A9). Colours are drawn by lot (R23).

    `forbidden_pairs` never meet: the draw is among the legal drawings without them (none left:
    no draw), and the pairs are then made from the top of the number order, each player with
    their drawn (or hand-entered) partner if they have one, else the nearest later player they
    may meet, undoing earlier pairs when the last cannot be paired (R19). Without forbidden
    pairs that is exactly the drawing and 7–8, 9–10, ...; a forbidden 7–8 becomes 7–9, 8–10,
    and with eight players the last drawn pair gives way (4–6 becomes 4–7, 6–8).
    """
    ordered = sorted(contenders, key=lambda c: c.number)
    _check_distinct(ordered)
    _check_even(1, ordered, ghost)
    size = len(ordered) + ghost
    drawn = min(DRAWN_POSITIONS, size)
    rng = random.Random(seed)
    forbidden = _forbidden_positions(ordered, forbidden_pairs)
    if manual_pairs is None:
        drawings = legal_first_round_drawings(drawn)
        if not drawings:
            raise NoValidPairing(
                f"round 1: with {size} places every pairing of the first {drawn} is 1–2 or 1–6",
                code="no_legal_draw",
                round=1,
            )
        open_drawings = [d for d in drawings if not forbidden & set(d)]
        drawing = rng.choice(open_drawings) if open_drawings else ()
    else:
        drawing = _manual_drawing(ordered, ghost, manual_pairs, drawn)
        _check_manual_drawing_allowed(ordered, drawing, forbidden)
    excluded = forbidden | {pair for pair in FORBIDDEN_FIRST_ROUND_PAIRS if pair[1] <= drawn}
    pairs = _pair_first_round_from_the_top(size, drawing, excluded)
    if pairs is None:
        raise _forbidden_failure(1, ordered, forbidden_pairs, stuck=())
    ids = tuple(c.competitor for c in ordered)
    return _boards(1, ordered, ghost, pairs, rng, seed, ids)


def _forbidden_positions(
    ordered: Sequence[Contender], forbidden_pairs: ForbiddenPairs
) -> set[tuple[int, int]]:
    """The forbidden pairs between players of `ordered`, as (lower, higher) positions from 1."""
    position = {c.competitor: index for index, c in enumerate(ordered, start=1)}
    positions: set[tuple[int, int]] = set()
    for pair in forbidden_pairs:
        places = sorted(position[p] for p in pair if p in position)
        if len(places) == 2:
            positions.add((places[0], places[1]))
    return positions


def _pair_first_round_from_the_top(
    size: int, drawing: Sequence[tuple[int, int]], excluded: set[tuple[int, int]]
) -> list[tuple[int, int]] | None:
    everyone = (1 << size) - 1
    allowed = [everyone & ~(1 << i) for i in range(size)]
    for low, high in excluded:
        allowed[low - 1] &= ~(1 << (high - 1))
        allowed[high - 1] &= ~(1 << (low - 1))
    preferred = [0] * size
    for low, high in drawing:
        preferred[low - 1] |= 1 << (high - 1)
        preferred[high - 1] |= 1 << (low - 1)
    return pair_from_the_top(allowed, preferred)


def _check_manual_drawing_allowed(
    ordered: Sequence[Contender],
    drawing: Sequence[tuple[int, int]],
    forbidden: set[tuple[int, int]],
) -> None:
    for low, high in drawing:
        if (low, high) in forbidden:
            first, second = ordered[low - 1].competitor, ordered[high - 1].competitor
            raise IllegalResult(
                f"round 1: {first} and {second} are forbidden to meet; enter other pairs",
                code="forbidden_pair",
                round=1,
                players=[first, second],
            )


def _manual_drawing(
    ordered: Sequence[Contender],
    ghost: bool,
    manual_pairs: Sequence[tuple[CompetitorId, CompetitorId]],
    drawn: int,
) -> tuple[tuple[int, int], ...]:
    # With five or fewer players the ghost holds the last drawn place and meets whoever the
    # hand-entered pairs leave over.
    ghost_drawn = ghost and drawn > len(ordered)
    places = drawn - ghost_drawn
    position = {c.competitor: index for index, c in enumerate(ordered, start=1)}
    pairs: list[tuple[int, int]] = []
    for first, second in manual_pairs:
        for player in (first, second):
            if position.get(player, drawn + 1) > places:
                raise IllegalResult(
                    f"round 1: {player!r} is not among the first {places} active players; "
                    "only their pairs are entered by hand (A21)",
                    competitor=player,
                    round=1,
                )
        pairs.append(_checked_first_round_pair(position[first], position[second]))
    covered = [p for pair in pairs for p in pair]
    left = sorted(set(range(1, places + 1)) - set(covered))
    if len(covered) != len(set(covered)) or len(left) != int(ghost_drawn):
        raise IllegalResult(
            f"round 1: the hand-entered pairs must pair each of the first {places} active "
            f"players exactly once (got positions {sorted(covered)})",
            round=1,
        )
    if ghost_drawn:
        pairs.append(_checked_first_round_pair(left[0], drawn))
    return tuple(sorted(pairs))


def _checked_first_round_pair(first: int, second: int) -> tuple[int, int]:
    low, high = sorted((first, second))
    if (low, high) in FORBIDDEN_FIRST_ROUND_PAIRS:
        raise IllegalResult(
            f"round 1: the pair {low}–{high} is forbidden (R15: never 1–2 or 1–6)",
            code="forbidden_first_round_pair",
            round=1,
            pair=f"{low}-{high}",
        )
    return low, high


def pair_later_round(
    round_number: int,
    contenders: Sequence[Contender],
    *,
    seed: int,
    ghost: bool = False,
    ignore_colours: bool = False,
    forbidden_pairs: ForbiddenPairs = (),
) -> RoundPairing:
    """R16-R20, A2, A5, A6, A8: order by variable selo and pair from alternate ends, the
    nearest eligible opponent first, undoing earlier pairs when the last cannot be paired.

    Eligible: the two have not met and are not a forbidden pair (for the ghost: the player has
    not had it) and, unless `ignore_colours` (R20), they are not due the same colour, except
    for the players chosen to take the "wrong" colours (A8). With `ignore_colours`,
    colour-compatible opponents are still tried before the others: colour balance is still
    aimed for.
    """
    ordered = order_by_variable_selo(contenders)
    _check_distinct(ordered)
    _check_even(round_number, ordered, ghost)
    balances = [compute_colour_balance(c.colours) for c in ordered]
    designated = designate_wrong_colours(
        [(c.competitor, b) for c, b in zip(ordered, balances, strict=True)], int(ghost)
    )
    unplayed, colour_ok = _masks(ordered, balances, designated, ghost, forbidden_pairs)
    strict = [u & c for u, c in zip(unplayed, colour_ok, strict=True)]
    if ignore_colours:
        pairs = pair_from_alternate_ends(unplayed, preferred=strict)
    else:
        pairs = pair_from_alternate_ends(strict)
    if pairs is None:
        raise _explain_failure(
            round_number, ordered, ghost, unplayed, ignore_colours, forbidden_pairs
        )
    rng = random.Random(seed)
    ids = tuple(c.competitor for c in ordered)
    pairing = _boards(round_number, ordered, ghost, pairs, rng, seed, ids)
    return dataclasses.replace(
        pairing,
        regardless_of_colours=ignore_colours,
        wrong_colours=frozenset() if ignore_colours else designated,
    )


def _masks(
    ordered: Sequence[Contender],
    balances: Sequence[int],
    designated: frozenset[CompetitorId],
    ghost: bool,
    forbidden_pairs: ForbiddenPairs = (),
) -> tuple[list[int], list[int]]:
    """Bit masks over list positions (the ghost last): who may still meet whom (not met, not
    forbidden), and whose colours fit together. Built from whole-row masks, so a 200-player
    round stays cheap."""
    count = len(ordered) + ghost
    everyone = (1 << count) - 1
    index = {c.competitor: i for i, c in enumerate(ordered)}
    met = [0] * count
    for i, contender in enumerate(ordered):
        for opponent in contender.opponents:
            j = index.get(opponent)
            if j is not None:
                met[i] |= 1 << j
                met[j] |= 1 << i
    for low, high in _forbidden_positions(ordered, forbidden_pairs):
        met[low - 1] |= 1 << (high - 1)
        met[high - 1] |= 1 << (low - 1)
    # is_colour_compatible as masks: players due the same colour clash (A6), except two
    # players chosen for the wrong colours (A8).
    due_masks: dict[int | None, int] = {WHITE: 0, BLACK: 0, None: 0}
    chosen = 0
    dues = [due_colour(balance) for balance in balances]
    for i, (contender, due) in enumerate(zip(ordered, dues, strict=True)):
        due_masks[due] |= 1 << i
        if contender.competitor in designated:
            chosen |= 1 << i
    unplayed = [everyone & ~met[i] & ~(1 << i) for i in range(count)]
    colour_ok = []
    for i, due in enumerate(dues):
        fits = everyone if due is None else everyone & ~due_masks[due]
        if chosen >> i & 1:
            fits |= chosen
        colour_ok.append(fits & ~(1 << i))
    if ghost:
        last = count - 1
        ghosted = 0
        for i, contender in enumerate(ordered):
            if contender.had_ghost:
                ghosted |= 1 << i
        unplayed[last] = everyone & ~ghosted & ~(1 << last)
        for i in range(len(ordered)):
            if ghosted >> i & 1:
                unplayed[i] &= ~(1 << last)
        colour_ok.append(everyone & ~(1 << last))
    return unplayed, colour_ok


def _explain_failure(
    round_number: int,
    ordered: Sequence[Contender],
    ghost: bool,
    unplayed: Sequence[int],
    ignore_colours: bool,
    forbidden_pairs: ForbiddenPairs,
) -> NoValidPairing:
    if not ignore_colours and pair_from_alternate_ends(unplayed) is not None:
        return NoValidPairing(
            f"round {round_number}: the colour rules (R21, A6) leave no complete pairing; "
            "pair the round again regardless of colours (R20)",
            code="colours_unresolvable",
            round=round_number,
        )
    stuck = [c.competitor for c, mask in zip(ordered, unplayed, strict=False) if not mask]
    if _forbidden_positions(ordered, forbidden_pairs):
        rematches_only, _ = _masks(ordered, [0] * len(ordered), frozenset(), ghost)
        if pair_from_alternate_ends(rematches_only) is not None:
            return _forbidden_failure(round_number, ordered, forbidden_pairs, stuck)
    who = (
        f" ({', '.join(stuck)} ha{'s' if len(stuck) == 1 else 've'} met everybody)" if stuck else ""
    )
    return NoValidPairing(
        f"round {round_number}: the {len(ordered)} players cannot all be paired without a "
        f"rematch{who}",
        code="rematch_unavoidable",
        round=round_number,
        players=stuck,
    )


def _forbidden_failure(
    round_number: int,
    ordered: Sequence[Contender],
    forbidden_pairs: ForbiddenPairs,
    stuck: Sequence[CompetitorId],
) -> NoValidPairing:
    """The arbiter's forbidden pairs, not the rules, leave the round without a pairing."""
    named = sorted(
        (ordered[low - 1].competitor, ordered[high - 1].competitor)
        for low, high in _forbidden_positions(ordered, forbidden_pairs)
    )
    who = f" ({', '.join(stuck)} may meet nobody left: already met or forbidden)" if stuck else ""
    return NoValidPairing(
        f"round {round_number}: the {len(ordered)} players cannot all be paired while the "
        f"forbidden pairs {', '.join(f'{a}–{b}' for a, b in named)} are kept apart{who}",
        code="forbidden_pair_unavoidable",
        round=round_number,
        players=sorted({p for pair in named for p in pair}),
    )


def _boards(
    round_number: int,
    ordered: Sequence[Contender],
    ghost: bool,
    pairs: Sequence[tuple[int, int]],
    rng: random.Random,
    seed: int,
    order: tuple[CompetitorId, ...],
) -> RoundPairing:
    """Board 1 is the pair holding the best-placed player; the ghost's board comes last.
    Colours are allocated board by board, so lots are drawn in board order."""
    ghost_index = len(ordered) if ghost else None
    ranked = sorted((min(pair), max(pair)) for pair in pairs)
    ranked.sort(key=lambda pair: (pair[1] == ghost_index, pair[0]))
    boards: list[Board] = []
    for number, (first, second) in enumerate(ranked, start=1):
        if second == ghost_index:
            boards.append(Board(number, ordered[first].competitor, None))
            continue
        white, black = allocate_colours(_record(ordered[first]), _record(ordered[second]), rng)
        boards.append(Board(number, white, black))
    return RoundPairing(round_number, tuple(boards), order, seed, ghost=ghost)


def _record(contender: Contender) -> ColourRecord:
    return ColourRecord(contender.competitor, contender.colours)


def _check_distinct(contenders: Sequence[Contender]) -> None:
    seen: set[CompetitorId] = set()
    for contender in contenders:
        if contender.competitor in seen:
            raise IllegalResult(
                f"{contender.competitor!r} is listed twice for pairing",
                competitor=contender.competitor,
            )
        seen.add(contender.competitor)


def _check_even(round_number: int, contenders: Sequence[Contender], ghost: bool) -> None:
    if (len(contenders) + ghost) % 2:
        raise NoValidPairing(
            f"round {round_number}: {len(contenders)} players"
            + (" and the ghost" if ghost else "")
            + " cannot all be paired: a ghost or the reserve is needed (R26, R27)",
            code="odd_field",
            round=round_number,
        )
