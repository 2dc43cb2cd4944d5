"""Round-robin schedules (FIDE and KIBA Berger tables) and the dealing of seeds into groups.

Everything here works on 1-based Berger numbers; mapping numbers to competitors is the caller's
job (KIBA R13: numbers follow the seed order inside a group). A pair `(a, b)` names the player
on the first side (White in chess, South in Bao) first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from mashindano.engine.errors import ConfigError

type Pairing = tuple[int, int]
"""Two Berger numbers; the first takes the first side (White/South)."""

type RoundPairings = tuple[Pairing, ...]


class ScheduleTable(StrEnum):
    """Which Berger table builds the rounds. The two differ from round 2 onwards."""

    FIDE = "fide"
    """FIDE Handbook C.05 Annex 1: balanced colours (chess-manager R8)."""
    KIBA = "kiba"
    """KIBA Bao: number 1 fixed, the rest rotated (kiba-bao R17). Player 1 is always first."""


def _number_count(players: int) -> int:
    """Berger numbers in use: odd fields get a dummy as the highest number."""
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise ConfigError(
            f"a round-robin needs at least 2 players, got {players!r}",
            code="too_few_players",
            players=players,
        )
    return players + players % 2


def fide_berger_rounds(players: int) -> list[list[Pairing]]:
    """The FIDE Berger table for `players` (odd fields use the next even table).

    Built round by round with the procedure of FIDE C.05 Annex 1 as explained by Milvang:
    round 1 pairs b with N-b+1; each later round re-reads the previous one board by board,
    puts N on board 1 against the last player read (N is White in even rounds), then pairs
    the remaining players from the back, second-to-last with White.
    """
    numbers = _number_count(players)
    top = numbers
    current = [(board, numbers - board + 1) for board in range(1, numbers // 2 + 1)]
    table = [current]
    for round_number in range(2, numbers):
        order = [p for pair in current for p in pair if p != top]
        last = order.pop()
        board_one = (top, last) if round_number % 2 == 0 else (last, top)
        current = [board_one]
        while order:
            black = order.pop()
            white = order.pop()
            current.append((white, black))
        table.append(current)
    return table


def kiba_berger_rounds(players: int) -> list[list[Pairing]]:
    """The KIBA Bao Berger table (R17), reproducing the source's 6-number table exactly.

    Number 1 stays fixed; round r takes S = [1] + [2..N] rotated left by r-1 and pairs
    S[i] with S[N-1-i], first-named player first.
    """
    numbers = _number_count(players)
    rotating = list(range(2, numbers + 1))
    table = []
    for shift in range(numbers - 1):
        seating = [1, *rotating[shift:], *rotating[:shift]]
        table.append([(seating[i], seating[numbers - 1 - i]) for i in range(numbers // 2)])
    return table


_BUILDERS = {ScheduleTable.FIDE: fide_berger_rounds, ScheduleTable.KIBA: kiba_berger_rounds}


@dataclass(frozen=True, slots=True)
class Fixture:
    """What one Berger number does in one round."""

    round: int
    opponent: int | None
    """None when drawn against the dummy (the number sits out)."""
    is_first: bool | None
    """True on the first side (White/South), False on the second, None when sitting out."""


@dataclass(frozen=True, slots=True)
class RoundRobinSchedule:
    """A complete round-robin schedule over Berger numbers 1..N (N even, dummy included).

    `rounds[r - 1]` holds round r's pairings in board order, dummy pairings included, so that
    board numbers stay those of the printed table. Use `pairs_without_dummy` for games.
    """

    players: int
    table: ScheduleTable
    cycles: int
    rounds: tuple[RoundPairings, ...]
    dummy: int | None

    @property
    def numbers(self) -> int:
        """Berger numbers in use, the dummy included."""
        return self.players + (1 if self.dummy is not None else 0)

    @property
    def round_count(self) -> int:
        return len(self.rounds)

    @property
    def rounds_per_cycle(self) -> int:
        return self.numbers - 1

    def pairings(self, round_number: int) -> RoundPairings:
        """Round `round_number` (1-based) in board order, dummy pairing included."""
        if not 1 <= round_number <= len(self.rounds):
            raise ConfigError(
                f"round {round_number} is outside the schedule (rounds 1 to {len(self.rounds)})",
                code="no_such_round",
                round=round_number,
                rounds=len(self.rounds),
            )
        return self.rounds[round_number - 1]

    def pairs_without_dummy(self, round_number: int) -> RoundPairings:
        """The pairings actually played in a round."""
        return tuple(pair for pair in self.pairings(round_number) if self.dummy not in pair)

    def sitting_out(self, round_number: int) -> int | None:
        """The number drawn against the dummy in a round, or None for an even field."""
        round_pairs = self.pairings(round_number)
        if self.dummy is None:
            return None
        for first, second in round_pairs:
            if first == self.dummy:
                return second
            if second == self.dummy:
                return first
        raise AssertionError(f"round {round_number} has no dummy pairing")  # pragma: no cover

    def two_game_pairings(self, round_number: int) -> list[tuple[Pairing, Pairing]]:
        """KIBA R20: each played pairing of a round as two games with sides swapped."""
        return two_game_pairings(self.pairs_without_dummy(round_number))

    def fixtures(self, number: int) -> tuple[Fixture, ...]:
        """Opponent and side of a real player in every round, in round order."""
        if not 1 <= number <= self.players:
            raise ConfigError(
                f"Berger number {number} is not a player (numbers 1 to {self.players})",
                code="no_such_number",
                number=number,
                players=self.players,
            )
        result = []
        for index, round_pairs in enumerate(self.rounds, start=1):
            for first, second in round_pairs:
                if number in (first, second):
                    opponent = second if number == first else first
                    if opponent == self.dummy:
                        result.append(Fixture(index, None, None))
                    else:
                        result.append(Fixture(index, opponent, number == first))
                    break
        return tuple(result)

    def opponents(self, number: int) -> tuple[int | None, ...]:
        """The opponent of `number` in each round (index r-1); None where it sits out."""
        return tuple(fixture.opponent for fixture in self.fixtures(number))


def round_robin_schedule(
    players: int,
    table: ScheduleTable = ScheduleTable.FIDE,
    cycles: int = 1,
    swap_last_two: bool = True,
) -> RoundRobinSchedule:
    """Build a single or double round-robin schedule.

    The second cycle replays the first in its original order with every pairing reversed
    (colours swapped, chess-manager R6). With `swap_last_two`, the last two rounds of the first
    cycle are played in the opposite order, as FIDE C.05 Annex 1 recommends, so that nobody has
    the same colour three times running across the join; it has no effect on a single cycle.
    """
    numbers = _number_count(players)
    if isinstance(cycles, bool) or cycles not in (1, 2):
        raise ConfigError(
            f"a round-robin has 1 or 2 cycles, got {cycles!r}",
            code="bad_cycle_count",
            cycles=cycles,
        )
    base = [tuple(round_pairs) for round_pairs in _BUILDERS[table](players)]
    rounds = list(base)
    if cycles == 2:
        if swap_last_two and len(rounds) >= 2:
            rounds[-2], rounds[-1] = rounds[-1], rounds[-2]
        rounds.extend(tuple((b, a) for a, b in round_pairs) for round_pairs in base)
    return RoundRobinSchedule(
        players=players,
        table=table,
        cycles=cycles,
        rounds=tuple(rounds),
        dummy=numbers if numbers != players else None,
    )


def two_game_pairings(round_pairs: Sequence[Pairing]) -> list[tuple[Pairing, Pairing]]:
    """KIBA R20: every pairing (a, b) is two games, a South against b, then b South against a."""
    return [((a, b), (b, a)) for a, b in round_pairs]


def deal_groups[T](seeded: Sequence[T], group_count: int) -> list[list[T]]:
    """Deal a seeded list into groups in list order (KIBA R12): seed #i goes to group (i-1) mod G.

    Sequential, not serpentine: with 3 groups, #1 #2 #3 open groups A B C and #4 goes to A again.
    """
    if isinstance(group_count, bool) or group_count < 1:
        raise ConfigError(
            f"the number of groups must be at least 1, got {group_count!r}",
            code="bad_group_count",
            group_count=group_count,
        )
    if group_count > len(seeded):
        raise ConfigError(
            f"{len(seeded)} players cannot fill {group_count} groups",
            code="bad_group_count",
            group_count=group_count,
            players=len(seeded),
        )
    return [list(seeded[start::group_count]) for start in range(group_count)]


def group_count_for(players: int, max_group_size: int = 6) -> int:
    """KIBA A6 default `group_count_rule`: G = ceil(n / 6), i.e. groups of at most 6."""
    if isinstance(players, bool) or players < 1:
        raise ConfigError(
            f"cannot form groups from {players!r} players",
            code="too_few_players",
            players=players,
        )
    if max_group_size < 1:
        raise ConfigError(
            f"the largest group size must be at least 1, got {max_group_size!r}",
            code="bad_group_size",
            max_group_size=max_group_size,
        )
    return -(-players // max_group_size)
