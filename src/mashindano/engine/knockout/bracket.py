"""Single-elimination brackets: standard seeding, byes for the top seeds, advancement from
each decided match, an optional third-place match and a plate for first-round losers.

A bracket is its seeded entrants plus the winners recorded so far (the facts); who meets whom
in every later match is derived from them. Seeds are placed in the standard order (1 v N,
2 v N-1, ...) so that seeds 1 and 2 can meet only in the final, seeds 1-4 not before the
semifinals, and in general seeds 1..2^k not before the round of 2^k. When the field is not a
power of two the missing opponents are byes, and they fall to the top seeds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from mashindano.engine.errors import ConfigError, IllegalResult, NoValidPairing
from mashindano.engine.knockout.parameters import Seeding
from mashindano.engine.model import Competitor, CompetitorId


@dataclass(frozen=True, slots=True, order=True)
class MatchRef:
    """A match's place in the bracket: round 1 is the first round; `slot` counts from 0 within
    the round, top of the bracket first. The third-place match is slot 1 of the final round."""

    round: int
    slot: int


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One match as far as it is known: `a` comes from the upper slot (the better seed in
    round 1), `b` from the lower one; either is None while the match feeding it is undecided.
    A bye has `a` set, `b` None, and `a` as its winner."""

    ref: MatchRef
    a: CompetitorId | None
    b: CompetitorId | None
    winner: CompetitorId | None = None
    is_bye: bool = False
    is_third_place: bool = False

    @property
    def is_ready(self) -> bool:
        """Both players are known and the match still has to be played."""
        return not self.is_bye and self.a is not None and self.b is not None and self.winner is None

    @property
    def loser(self) -> CompetitorId | None:
        if self.winner is None or self.is_bye:
            return None
        return self.b if self.winner == self.a else self.a


def bracket_size(entrants: int) -> int:
    """The smallest power of two holding `entrants` (at least 2)."""
    if entrants < 2:
        raise ConfigError(
            f"a knockout bracket needs at least 2 entrants, got {entrants}", entrants=entrants
        )
    return 1 << (entrants - 1).bit_length()


def seed_positions(size: int) -> tuple[int, ...]:
    """The seed on each line of a bracket of `size` lines (a power of two), top to bottom.

    Doubling keeps every seed s where it was and gives it the partner 2m+1-s, so each half,
    quarter, ... of the bracket holds exactly one of the seeds that many from the top.
    >>> seed_positions(8)
    (1, 8, 4, 5, 2, 7, 3, 6)
    """
    if size < 1 or size & (size - 1):
        raise ConfigError(f"a bracket size must be a power of two, got {size}", size=size)
    order = [1]
    while len(order) < size:
        partner_sum = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, partner_sum - s)]
    return tuple(order)


def meeting_round(seed_a: int, seed_b: int, size: int) -> int:
    """The round in which two seeds meet if both win every match before it."""
    positions = {seed: line for line, seed in enumerate(seed_positions(size))}
    return (positions[seed_a] ^ positions[seed_b]).bit_length()


def round_name(round_number: int, round_count: int) -> str:
    """Final, Semifinals, Quarterfinals, else "Round of N"."""
    remaining = round_count - round_number
    names = {0: "Final", 1: "Semifinals", 2: "Quarterfinals"}
    if remaining in names:
        return names[remaining]
    return f"Round of {2 ** (remaining + 1)}"


def seed_competitors(players: Sequence[Competitor], seeding: str) -> tuple[Competitor, ...]:
    """Players in seed order: by rating (highest first; unrated last; ties keep list order) or
    in list order."""
    if seeding == Seeding.ORDER:
        return tuple(players)
    if seeding == Seeding.RATING:
        indexed = sorted(
            enumerate(players),
            key=lambda item: (item[1].rating is None, -(item[1].rating or 0), item[0]),
        )
        return tuple(player for _, player in indexed)
    raise ConfigError(f"unknown seeding {seeding!r}", parameter="seeding", value=seeding)


class Bracket:
    """A single-elimination bracket over `entrants` given in seed order (seed 1 first).

    Immutable: `record_winner` returns a new bracket with one more fact.
    """

    __slots__ = ("_entrants", "_rounds", "_third_place", "_third_place_match", "_winners")

    def __init__(
        self,
        entrants: Sequence[CompetitorId],
        *,
        third_place_match: bool = False,
        winners: Mapping[MatchRef, CompetitorId] | None = None,
    ) -> None:
        _check_entrants(entrants)
        if third_place_match and len(entrants) < 4:
            raise ConfigError(
                f"a third-place match needs at least 4 entrants, got {len(entrants)}",
                entrants=len(entrants),
            )
        self._entrants = tuple(entrants)
        self._third_place_match = third_place_match
        self._winners: dict[MatchRef, CompetitorId] = {}
        self._rounds, self._third_place = self._derive()
        # A round's players depend only on earlier rounds: check and add round by round.
        by_round: dict[int, list[tuple[MatchRef, CompetitorId]]] = {}
        for ref, winner in (winners or {}).items():
            by_round.setdefault(ref.round, []).append((ref, winner))
        for round_number in sorted(by_round):
            for ref, winner in by_round[round_number]:
                self._check_winner(ref, winner)
                self._winners[ref] = winner
            self._rounds, self._third_place = self._derive()

    @property
    def entrants(self) -> tuple[CompetitorId, ...]:
        return self._entrants

    @property
    def has_third_place_match(self) -> bool:
        return self._third_place_match

    @property
    def winners(self) -> Mapping[MatchRef, CompetitorId]:
        """The recorded facts: the winner of each decided match (byes not included)."""
        return MappingProxyType(self._winners)

    @property
    def size(self) -> int:
        return bracket_size(len(self._entrants))

    @property
    def round_count(self) -> int:
        return self.size.bit_length() - 1

    @property
    def rounds(self) -> tuple[tuple[BracketMatch, ...], ...]:
        """The main bracket round by round (the third-place match is not among them)."""
        return self._rounds

    @property
    def third_place(self) -> BracketMatch | None:
        return self._third_place

    @property
    def champion(self) -> CompetitorId | None:
        return self._rounds[-1][0].winner

    @property
    def is_finished(self) -> bool:
        third = self._third_place
        return self.champion is not None and (third is None or third.winner is not None)

    def seed_of(self, competitor: CompetitorId) -> int:
        try:
            return self._entrants.index(competitor) + 1
        except ValueError:
            raise IllegalResult(
                f"{competitor} is not in this bracket", competitor=competitor
            ) from None

    def match(self, ref: MatchRef) -> BracketMatch:
        if self._third_place is not None and ref == self._third_place.ref:
            return self._third_place
        if 1 <= ref.round <= self.round_count and 0 <= ref.slot < len(self._rounds[ref.round - 1]):
            return self._rounds[ref.round - 1][ref.slot]
        raise IllegalResult(
            f"there is no match {ref.round}.{ref.slot + 1} in this bracket "
            f"({self.round_count} rounds)",
            round=ref.round,
            slot=ref.slot,
        )

    def all_matches(self) -> Iterable[BracketMatch]:
        for matches in self._rounds:
            yield from matches
        if self._third_place is not None:
            yield self._third_place

    def ready_matches(self) -> tuple[BracketMatch, ...]:
        """Matches whose two players are known and that still have to be played."""
        return tuple(m for m in self.all_matches() if m.is_ready)

    def record_winner(self, ref: MatchRef, winner: CompetitorId) -> Bracket:
        """A new bracket with `winner` advanced from match `ref`."""
        self._check_winner(ref, winner)
        updated = object.__new__(Bracket)
        updated._entrants = self._entrants
        updated._third_place_match = self._third_place_match
        updated._winners = {**self._winners, ref: winner}
        updated._rounds, updated._third_place = updated._derive()
        return updated

    def first_round_losers(self) -> tuple[CompetitorId, ...]:
        """Losers of played first-round matches, in seed order (byes lose no one)."""
        losers = [m.loser for m in self._rounds[0] if m.loser is not None]
        return tuple(sorted(losers, key=self.seed_of))

    def describe(self, ref: MatchRef) -> str:
        if self._third_place is not None and ref == self._third_place.ref:
            return "the third-place match"
        name = round_name(ref.round, self.round_count)
        return f"{name} match {ref.slot + 1}"

    def _check_winner(self, ref: MatchRef, winner: CompetitorId) -> None:
        current = self.match(ref)
        where = self.describe(ref)
        if current.is_bye:
            raise IllegalResult(
                f"{where} is a bye for {current.a}; there is no result to record",
                round=ref.round,
                slot=ref.slot,
            )
        if current.a is None or current.b is None:
            raise IllegalResult(
                f"{where} cannot be decided yet: its players are not both known",
                round=ref.round,
                slot=ref.slot,
            )
        if current.winner is not None:
            raise IllegalResult(
                f"{where} was already won by {current.winner}",
                round=ref.round,
                slot=ref.slot,
                winner=current.winner,
            )
        if winner not in (current.a, current.b):
            raise IllegalResult(
                f"{winner} did not play in {where} ({current.a} v {current.b})",
                round=ref.round,
                slot=ref.slot,
                competitor=winner,
            )

    def _derive(self) -> tuple[tuple[tuple[BracketMatch, ...], ...], BracketMatch | None]:
        count = len(self._entrants)
        lines = seed_positions(self.size)
        first: list[BracketMatch] = []
        for slot in range(self.size // 2):
            upper, lower = lines[2 * slot], lines[2 * slot + 1]
            a = self._entrants[upper - 1]
            ref = MatchRef(1, slot)
            if lower > count:
                first.append(BracketMatch(ref, a, None, winner=a, is_bye=True))
            else:
                b = self._entrants[lower - 1]
                first.append(BracketMatch(ref, a, b, winner=self._winners.get(ref)))
        rounds = [tuple(first)]
        while len(rounds[-1]) > 1:
            previous = rounds[-1]
            number = len(rounds) + 1
            rounds.append(
                tuple(
                    BracketMatch(
                        MatchRef(number, slot),
                        previous[2 * slot].winner,
                        previous[2 * slot + 1].winner,
                        winner=self._winners.get(MatchRef(number, slot)),
                    )
                    for slot in range(len(previous) // 2)
                )
            )
        third: BracketMatch | None = None
        if self._third_place_match:
            semis = rounds[-2]
            ref = MatchRef(len(rounds), 1)
            third = BracketMatch(
                ref,
                semis[0].loser,
                semis[1].loser,
                winner=self._winners.get(ref),
                is_third_place=True,
            )
        return tuple(rounds), third

    def __repr__(self) -> str:
        return (
            f"Bracket({list(self._entrants)!r}, third_place_match={self._third_place_match!r}, "
            f"winners={self._winners!r})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Bracket):
            return NotImplemented
        return (self._entrants, self._third_place_match, self._winners) == (
            other._entrants,
            other._third_place_match,
            other._winners,
        )

    __hash__ = None  # type: ignore[assignment]  # equal brackets may differ in insertion order


def build_bracket(entrants: Sequence[CompetitorId], *, third_place_match: bool = False) -> Bracket:
    """An empty bracket for `entrants` in seed order."""
    return Bracket(entrants, third_place_match=third_place_match)


def plate_bracket(main: Bracket, *, third_place_match: bool = False) -> Bracket:
    """The plate (consolation) bracket: losers of first-round matches, seeded in the order of
    their main-draw seeds. Drawn once every first-round match is decided."""
    undecided = [m for m in main.rounds[0] if not m.is_bye and m.winner is None]
    if undecided:
        pending = ", ".join(f"{m.a} v {m.b}" for m in undecided)
        raise NoValidPairing(
            f"the plate is drawn when the first round is over; still to play: {pending}",
            undecided=len(undecided),
        )
    losers = main.first_round_losers()
    if len(losers) < 2:
        raise NoValidPairing(
            f"a plate needs at least 2 first-round losers, there are {len(losers)}",
            losers=len(losers),
        )
    return Bracket(losers, third_place_match=third_place_match and len(losers) >= 4)


def _check_entrants(entrants: Sequence[CompetitorId]) -> None:
    bracket_size(len(entrants))
    seen: set[CompetitorId] = set()
    for entrant in entrants:
        if entrant in seen:
            raise ConfigError(f"{entrant} is entered twice in the bracket", competitor=entrant)
        seen.add(entrant)
