"""Single- and double-elimination brackets for any game (issue 27, the `knockout` preset).

A bracket is its seeded entrants, its options and the match results recorded so far (the
facts); every match, who is in it, who is ready to play, who goes where and the final
placings are derived from them. Nothing is stored between calls.

Matches and their ids
- Winners' bracket `W{round}-{number}` (single elimination has only this, plus `3P`); the
  field is placed on a bracket of P = 2^k lines in the standard seed order of
  `bracket.seed_positions`, so seeds 1 and 2 meet only in the final and the missing
  opponents (byes) fall to the top seeds.
- Losers' bracket `L{round}-{number}`, rounds 1 .. 2(k-1): L1 pairs the losers of W1 matches
  1-2, 3-4, ...; an even round 2(r-1) takes the winners of the previous losers' round (slot a)
  against the losers of winners' round r dropping in (slot b); an odd round from 3 on pairs
  the winners of the previous losers' round.
- `GF`: the winners' bracket winner (slot a) against the losers' bracket winner (slot b; with
  two entrants, the loser of W1-1). `GF2`, with `grand_final_reset`, is played only when the
  losers'-side finalist wins GF (both then have lost once); otherwise it is skipped.

Drop-in order (double elimination). The losers of winners' round r >= 2 enter losers' round
2(r-1) in an order that cycles with r: reversed (r = 2, 5, 8, ...), halves swapped (r = 3, 6,
...), reversed and halves swapped (r = 4, 7, ...). A dropper thus meets survivors from the far
side of the bracket, not players it has just beaten: whatever the results, no two entrants can
meet again in the losers' bracket before L3 (8 lines), L4 (16), L5 (32), L7 (64), L8 (128),
where natural order allows a rematch in L2 (`drop_order`; checked over every possible result in
tests/engine/test_elimination.py).

Byes, walkovers and empty slots. A slot is an entrant, still unknown, or empty: nobody will
come (a bye in W1, the loser of a bye, the winner or loser of a double walkover). A match
with one empty slot is a bye: its entrant advances without playing and no one loses; with
both slots empty it is void and sends nobody on. So entrants dropping into an empty losers'
slot advance by a bye.
- A walkover (`MatchResult.walkover`) is a match decided without play for one side: it counts
  as a lost match for the other side, who drops to the losers' bracket in double elimination
  like any loser (record a further walkover there if they are absent for good).
- A double walkover (`MatchResult.double_walkover`) puts both entrants out of the event: no
  one advances and, in double elimination, no one drops. The next match's opponent (and the
  losers'-bracket opponent of a winners'-bracket match) then advances by a bye.

Placings (`placements`): the champion is 1st; everyone else is placed by the stage in which
their event ended, tied with those who went out in the same stage: 1 + the number of entrants
who went out later. Single elimination: the final loser is 2nd, losers of round r share the
place after all who went further; with a third-place match its winner is 3rd and its loser
4th. Double elimination: stages are the losers' rounds in order, then GF, then GF2; an entrant
put out by a double walkover in winners' round r counts as going out in the losers' round that
round drops into (L1 for W1, L2(r-1) for r >= 2, GF with two entrants). A double walkover in
the final (or GF, GF2) crowns no champion: first place stays vacant and both share 2nd.

Best of N (`EliminationOptions.best_of`): a match is won by the first to win a majority of N
games; a drawn game does not count and is replayed; a forfeited game counts as won by the other
side (`decide_games`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum, StrEnum
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.knockout.bracket import bracket_size, round_name, seed_positions
from mashindano.engine.knockout.elimination_options import KNOCKOUT_OPTIONS, EliminationOptions
from mashindano.engine.matches import BestOf, GamePoints, MatchSide
from mashindano.engine.model import CompetitorId, GameResult

GRAND_FINAL = "GF"
GRAND_FINAL_RESET = "GF2"
THIRD_PLACE = "3P"


class Section(StrEnum):
    WINNERS = "winners"
    LOSERS = "losers"
    THIRD_PLACE = "third-place"
    GRAND_FINAL = "grand-final"


class SourceKind(StrEnum):
    """Where a slot's entrant comes from."""

    SEED = "seed"
    WINNER = "winner"
    LOSER = "loser"
    BYE = "bye"


@dataclass(frozen=True, slots=True)
class SlotSource:
    """A slot's origin: seed `seed` (first round), the winner or loser of match `match`, or a
    bye (no entrant for a missing seed)."""

    kind: SourceKind
    seed: int | None = None
    match: str | None = None

    def describe(self) -> str:
        match self.kind:
            case SourceKind.SEED:
                return f"seed {self.seed}"
            case SourceKind.WINNER:
                return f"winner of {self.match}"
            case SourceKind.LOSER:
                return f"loser of {self.match}"
            case SourceKind.BYE:
                return "bye"


class MatchStatus(StrEnum):
    PENDING = "pending"
    """A player is still unknown."""
    READY = "ready"
    """Both players known; to be played."""
    PLAYED = "played"
    WALKOVER = "walkover"
    DOUBLE_WALKOVER = "double-walkover"
    BYE = "bye"
    """One slot is empty: the other entrant advances without playing."""
    VOID = "void"
    """Both slots are empty: nobody plays, nobody advances."""
    SKIPPED = "skipped"
    """The grand-final reset when it is not needed."""

    @property
    def is_decided(self) -> bool:
        return self not in (MatchStatus.PENDING, MatchStatus.READY)


class ResultKind(StrEnum):
    PLAYED = "played"
    WALKOVER = "walkover"
    DOUBLE_WALKOVER = "double-walkover"


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A recorded fact about one match.

    `games`, optional for a played match, are its games in order, each read from slot a's
    side (`GameResult.FIRST_WINS`: a won that game); when given they must decide the match
    for `winner` under the bracket's best-of rule.
    """

    kind: ResultKind
    winner: CompetitorId | None = None
    games: tuple[GameResult, ...] = ()

    def __post_init__(self) -> None:
        if (self.kind is ResultKind.DOUBLE_WALKOVER) != (self.winner is None):
            raise IllegalResult(
                "a double walkover has no winner; any other result needs one",
                kind=self.kind.value,
            )
        if self.games and self.kind is not ResultKind.PLAYED:
            raise IllegalResult(
                f"a {self.kind.value} has no games", kind=self.kind.value, games=len(self.games)
            )

    @classmethod
    def played(cls, winner: CompetitorId, games: Sequence[GameResult] = ()) -> MatchResult:
        return cls(ResultKind.PLAYED, winner, tuple(games))

    @classmethod
    def walkover(cls, winner: CompetitorId) -> MatchResult:
        """`winner` advances without play; the other side has lost the match."""
        return cls(ResultKind.WALKOVER, winner)

    @classmethod
    def double_walkover(cls) -> MatchResult:
        """Neither side plays: both are out of the event."""
        return cls(ResultKind.DOUBLE_WALKOVER)


@dataclass(frozen=True, slots=True)
class Slot:
    """One side of a match: its source and, once known, its entrant. `is_empty`: nobody will
    come (a bye, or the feeding match sent nobody)."""

    source: SlotSource
    entrant: CompetitorId | None = None
    is_empty: bool = False

    def describe(self) -> str:
        if self.entrant is not None:
            return str(self.entrant)
        return "bye" if self.is_empty else self.source.describe()


@dataclass(frozen=True, slots=True)
class EliminationMatch:
    """A match as far as the recorded results tell.

    `winner_to` / `loser_to`: the match the winner / loser goes on to (None: their event ends,
    except the champion's). `finished`: the entrants whose event ends with this match (the
    loser; both sides of a double walkover; both third-place players), never the champion.
    """

    id: str
    section: Section
    round: int
    number: int
    a: Slot
    b: Slot
    status: MatchStatus
    winner: CompetitorId | None = None
    loser: CompetitorId | None = None
    winner_to: str | None = None
    loser_to: str | None = None
    result: MatchResult | None = None
    finished: tuple[CompetitorId, ...] = ()

    @property
    def is_ready(self) -> bool:
        return self.status is MatchStatus.READY

    @property
    def is_decided(self) -> bool:
        return self.status.is_decided

    @property
    def is_played(self) -> bool:
        """Decided on the board (not a bye, walkover, void or skipped match)."""
        return self.status is MatchStatus.PLAYED


@dataclass(frozen=True, slots=True)
class Placement:
    place: int
    entrant: CompetitorId


def drop_order(winners_round: int, count: int) -> tuple[int, ...]:
    """For each match of the losers' round that winners' round `winners_round` (>= 2) drops
    into, the 0-based number of the winners' match whose loser drops there.

    Cycles with the round: reversed, halves swapped, reversed and halves swapped.
    >>> drop_order(2, 4), drop_order(3, 4), drop_order(4, 4)
    ((3, 2, 1, 0), (2, 3, 0, 1), (1, 0, 3, 2))
    """
    if winners_round < 2 or count < 1:
        raise ConfigError(
            f"drop-ins come from winners' round 2 on, got round {winners_round} of {count}",
            round=winners_round,
        )
    natural = tuple(range(count))
    half = count // 2
    match (winners_round - 2) % 3:
        case 0:
            return natural[::-1]
        case 1:
            return natural[half:] + natural[:half]
        case _:
            reverse = natural[::-1]
            return reverse[half:] + reverse[:half]


def decide_games(games: Sequence[GameResult], best_of: int) -> MatchSide | None:
    """The side ("a" or "b") that has won a best-of-`best_of` match after `games` (read from
    slot a's side), or None while it goes on.

    A drawn game does not count and is replayed; a game won by forfeit counts as won. A double
    forfeit or an unplayed game is refused (record a double walkover for the match instead),
    and so is any game after the match was decided.
    """
    points: list[GamePoints] = []
    for number, game in enumerate(games, start=1):
        if game in (GameResult.FIRST_WINS, GameResult.FIRST_WINS_BY_FORFEIT):
            points.append((Fraction(1), Fraction(0)))
        elif game in (GameResult.SECOND_WINS, GameResult.SECOND_WINS_BY_FORFEIT):
            points.append((Fraction(0), Fraction(1)))
        elif game is not GameResult.DRAW:
            raise IllegalResult(
                f"game {number}: {game.value} does not decide a game of a knockout match "
                "(a match neither side plays is a double walkover)",
                game=number,
                result=game.value,
            )
    return BestOf(best_of).state(points).winner


@dataclass(frozen=True, slots=True)
class _Spec:
    id: str
    section: Section
    round: int
    number: int
    a: SlotSource
    b: SlotSource


class _Nobody(Enum):
    NOBODY = "nobody"


_NOBODY = _Nobody.NOBODY
_Occupant = CompetitorId | _Nobody | None
"""An entrant, nobody (empty for good), or None: not known yet."""


@lru_cache(maxsize=64)
def _layout(count: int, options: EliminationOptions) -> tuple[_Spec, ...]:
    """Every match of a bracket for `count` entrants, each after the matches feeding it."""
    size = bracket_size(count)
    if options.third_place and not options.is_double and count < 4:
        raise ConfigError(
            f"a third-place match needs at least 4 entrants, got {count}", entrants=count
        )
    rounds = size.bit_length() - 1
    lines = seed_positions(size)
    specs: list[_Spec] = []

    def seed_source(seed: int) -> SlotSource:
        return (
            SlotSource(SourceKind.SEED, seed=seed) if seed <= count else SlotSource(SourceKind.BYE)
        )

    def winner(match: str) -> SlotSource:
        return SlotSource(SourceKind.WINNER, match=match)

    def loser(match: str) -> SlotSource:
        return SlotSource(SourceKind.LOSER, match=match)

    for slot in range(size // 2):
        a, b = seed_source(lines[2 * slot]), seed_source(lines[2 * slot + 1])
        specs.append(_Spec(f"W1-{slot + 1}", Section.WINNERS, 1, slot + 1, a, b))
    for r in range(2, rounds + 1):
        for n in range(1, size // 2**r + 1):
            a, b = winner(f"W{r - 1}-{2 * n - 1}"), winner(f"W{r - 1}-{2 * n}")
            specs.append(_Spec(f"W{r}-{n}", Section.WINNERS, r, n, a, b))
    if not options.is_double:
        if options.third_place:
            semis = rounds - 1
            a, b = loser(f"W{semis}-1"), loser(f"W{semis}-2")
            specs.append(_Spec(THIRD_PLACE, Section.THIRD_PLACE, 1, 1, a, b))
        return tuple(specs)
    for n in range(1, size // 4 + 1):
        a, b = loser(f"W1-{2 * n - 1}"), loser(f"W1-{2 * n}")
        specs.append(_Spec(f"L1-{n}", Section.LOSERS, 1, n, a, b))
    for r in range(2, rounds + 1):
        drop_round = 2 * (r - 1)
        count_here = size // 2**r
        order = drop_order(r, count_here)
        for n in range(1, count_here + 1):
            a = winner(f"L{drop_round - 1}-{n}")
            b = loser(f"W{r}-{order[n - 1] + 1}")
            specs.append(_Spec(f"L{drop_round}-{n}", Section.LOSERS, drop_round, n, a, b))
        if r < rounds:
            for n in range(1, count_here // 2 + 1):
                a, b = winner(f"L{drop_round}-{2 * n - 1}"), winner(f"L{drop_round}-{2 * n}")
                specs.append(
                    _Spec(f"L{drop_round + 1}-{n}", Section.LOSERS, drop_round + 1, n, a, b)
                )
    losers_final = f"L{2 * (rounds - 1)}-1" if rounds > 1 else None
    gf_b = winner(losers_final) if losers_final is not None else loser("W1-1")
    specs.append(_Spec(GRAND_FINAL, Section.GRAND_FINAL, 1, 1, winner(f"W{rounds}-1"), gf_b))
    if options.grand_final_reset:
        specs.append(
            _Spec(
                GRAND_FINAL_RESET,
                Section.GRAND_FINAL,
                2,
                1,
                loser(GRAND_FINAL),
                winner(GRAND_FINAL),
            )
        )
    return tuple(specs)


class EliminationBracket:
    """A single- or double-elimination bracket over `entrants` in seed order (seed 1 first).

    Immutable: `record` returns a new bracket with one more result.
    """

    __slots__ = ("_by_id", "_champion", "_entrants", "_matches", "_options", "_results")

    def __init__(
        self,
        entrants: Sequence[CompetitorId],
        options: EliminationOptions = KNOCKOUT_OPTIONS,
        results: Mapping[str, MatchResult] | None = None,
    ) -> None:
        seen: set[CompetitorId] = set()
        for entrant in entrants:
            if entrant in seen:
                raise ConfigError(f"{entrant} is entered twice in the bracket", competitor=entrant)
            seen.add(entrant)
        self._entrants = tuple(entrants)
        self._options = options
        self._results = dict(results or {})
        specs = _layout(len(self._entrants), options)
        known = {spec.id for spec in specs}
        for match_id in self._results:
            if match_id not in known:
                raise IllegalResult(
                    f"there is no match {match_id!r} in this bracket", match=match_id
                )
        self._matches, self._champion = self._derive(specs)
        self._by_id = {m.id: m for m in self._matches}

    @property
    def entrants(self) -> tuple[CompetitorId, ...]:
        return self._entrants

    @property
    def options(self) -> EliminationOptions:
        return self._options

    @property
    def results(self) -> Mapping[str, MatchResult]:
        """The recorded facts, by match id."""
        return MappingProxyType(self._results)

    @property
    def matches(self) -> tuple[EliminationMatch, ...]:
        """Every match, each after those feeding it: winners' rounds, third place, losers'
        rounds, grand final, reset."""
        return self._matches

    @property
    def champion(self) -> CompetitorId | None:
        return self._champion

    @property
    def is_finished(self) -> bool:
        return all(m.is_decided for m in self._matches)

    def match(self, match_id: str) -> EliminationMatch:
        try:
            return self._by_id[match_id]
        except KeyError:
            raise IllegalResult(
                f"there is no match {match_id!r} in this bracket", match=match_id
            ) from None

    def ready_matches(self) -> tuple[EliminationMatch, ...]:
        """The matches to play now: both players known, no result yet."""
        return tuple(m for m in self._matches if m.is_ready)

    def rounds(self) -> tuple[tuple[EliminationMatch, ...], ...]:
        """The matches grouped by section and round, in the order of `matches` (for a draw
        published all at once; `ready_matches` is the draw published stage by stage)."""
        groups: dict[tuple[Section, int], list[EliminationMatch]] = {}
        for m in self._matches:
            groups.setdefault((m.section, m.round), []).append(m)
        return tuple(tuple(group) for group in groups.values())

    def seed_of(self, entrant: CompetitorId) -> int:
        try:
            return self._entrants.index(entrant) + 1
        except ValueError:
            raise IllegalResult(f"{entrant} is not in this bracket", competitor=entrant) from None

    def describe(self, match_id: str) -> str:
        """A match's name for people: "Final", "Losers' round 2 match 3", "Grand final"."""
        m = self.match(match_id)
        winners_rounds = bracket_size(len(self._entrants)).bit_length() - 1
        match m.section:
            case Section.THIRD_PLACE:
                return "Third-place match"
            case Section.GRAND_FINAL:
                return "Grand final" if m.round == 1 else "Grand final reset"
            case Section.WINNERS if not self._options.is_double:
                name = round_name(m.round, winners_rounds)
                return name if name == "Final" else f"{name} match {m.number}"
            case Section.WINNERS:
                if m.round == winners_rounds:
                    return "Winners' final"
                return f"Winners' round {m.round} match {m.number}"
            case _:
                if m.round == 2 * (winners_rounds - 1):
                    return "Losers' final"
                return f"Losers' round {m.round} match {m.number}"

    def record(self, match_id: str, result: MatchResult) -> EliminationBracket:
        """A new bracket with `result` recorded for a ready match."""
        if match_id in self._results:
            raise IllegalResult(f"{self.describe(match_id)} already has a result", match=match_id)
        return EliminationBracket(
            self._entrants, self._options, {**self._results, match_id: result}
        )

    def record_all(self, results: Mapping[str, MatchResult]) -> EliminationBracket:
        """A new bracket with several results recorded at once (a whole stage, say); each
        is checked as if recorded in bracket order."""
        again = sorted(set(results) & set(self._results))
        if again:
            raise IllegalResult(f"already recorded: {', '.join(again)}", matches=", ".join(again))
        return EliminationBracket(self._entrants, self._options, {**self._results, **results})

    def record_games(self, match_id: str, games: Sequence[GameResult]) -> EliminationBracket:
        """Record a played match from its games (read from slot a's side) under the best-of
        rule; refused while they do not decide it."""
        m = self.match(match_id)
        side = decide_games(games, self._options.best_of)
        if side is None:
            raise IllegalResult(
                f"{self.describe(match_id)} is not decided after {len(games)} games "
                f"(best of {self._options.best_of}, drawn games replayed)",
                match=match_id,
                games=len(games),
            )
        winner = m.a.entrant if side == "a" else m.b.entrant
        if winner is None:
            raise IllegalResult(
                f"{self.describe(match_id)} cannot be decided yet: its players are not both known",
                match=match_id,
            )
        return self.record(match_id, MatchResult.played(winner, games))

    def placements(self) -> tuple[Placement, ...]:
        """Every entrant's final place, best first (ties share a place, then skip): known
        once the bracket is finished."""
        if not self.is_finished:
            pending = ", ".join(m.id for m in self._matches if not m.is_decided)
            raise IllegalResult(
                f"places are known when the bracket is finished; still to decide: {pending}",
                pending=pending,
            )
        stage: dict[CompetitorId, tuple[int, int]] = {}
        for m in self._matches:
            for entrant in m.finished:
                stage[entrant] = self._stage(m, entrant)
        if self._champion is not None:
            stage[self._champion] = (len(self._matches) + 1, 0)
        ordered = sorted(
            self._entrants, key=lambda e: (-stage[e][0], -stage[e][1], self.seed_of(e))
        )
        # Without a champion (a double walkover decided the title) first place stays vacant.
        lowest = 1 if self._champion is not None else 2
        return tuple(
            Placement(max(lowest, 1 + sum(other > stage[e] for other in stage.values())), e)
            for e in ordered
        )

    def _stage(self, m: EliminationMatch, entrant: CompetitorId) -> tuple[int, int]:
        """When an entrant's event ended, for placings: later stages place higher."""
        winners_rounds = bracket_size(len(self._entrants)).bit_length() - 1
        match m.section:
            case Section.WINNERS if self._options.is_double:
                return (max(1, 2 * (m.round - 1)), 0)
            case Section.WINNERS | Section.LOSERS:
                return (m.round, 0)
            case Section.THIRD_PLACE:
                return (winners_rounds - 1, 2 if entrant == m.winner else 1)
            case _:
                return (2 * winners_rounds - 2 + m.round, 0)

    def _derive(
        self, specs: Sequence[_Spec]
    ) -> tuple[tuple[EliminationMatch, ...], CompetitorId | None]:
        winners: dict[str, _Occupant] = {}
        losers: dict[str, _Occupant] = {}
        winner_to: dict[str, str] = {}
        loser_to: dict[str, str] = {}
        for spec in specs:
            for source in (spec.a, spec.b):
                if source.match is not None:
                    targets = winner_to if source.kind is SourceKind.WINNER else loser_to
                    targets[source.match] = spec.id
        resolved: dict[str, EliminationMatch] = {}
        for spec in specs:
            a, b = self._occupant(spec.a, winners, losers), self._occupant(spec.b, winners, losers)
            match_ = self._resolve(spec, a, b, resolved)
            resolved[spec.id] = match_
            winners[spec.id], losers[spec.id] = _outcome(match_)
        champion = self._find_champion(resolved)
        matches: list[EliminationMatch] = []
        for spec in specs:
            m = resolved[spec.id]
            to_winner, to_loser = winner_to.get(spec.id), loser_to.get(spec.id)
            matches.append(
                replace(
                    m,
                    winner_to=to_winner,
                    loser_to=to_loser,
                    finished=_finished(m, to_winner, to_loser, resolved, champion),
                )
            )
        return tuple(matches), champion

    def _occupant(
        self, source: SlotSource, winners: Mapping[str, _Occupant], losers: Mapping[str, _Occupant]
    ) -> _Occupant:
        match source.kind:
            case SourceKind.SEED:
                assert source.seed is not None
                return self._entrants[source.seed - 1]
            case SourceKind.BYE:
                return _NOBODY
            case SourceKind.WINNER:
                assert source.match is not None
                return winners[source.match]
            case SourceKind.LOSER:
                assert source.match is not None
                return losers[source.match]

    def _resolve(
        self,
        spec: _Spec,
        a: _Occupant,
        b: _Occupant,
        resolved: Mapping[str, EliminationMatch],
    ) -> EliminationMatch:
        result = self._results.get(spec.id)

        def slot(source: SlotSource, occupant: _Occupant) -> Slot:
            if isinstance(occupant, _Nobody):
                return Slot(source, None, is_empty=True)
            return Slot(source, occupant)

        base = EliminationMatch(
            spec.id,
            spec.section,
            spec.round,
            spec.number,
            slot(spec.a, a),
            slot(spec.b, b),
            MatchStatus.PENDING,
        )
        if spec.id == GRAND_FINAL_RESET:
            grand_final = resolved[GRAND_FINAL]
            if not grand_final.is_decided:
                return self._refuse_result(base, result, "the grand final is not decided yet")
            needed = grand_final.status in (MatchStatus.PLAYED, MatchStatus.WALKOVER) and (
                grand_final.winner == grand_final.b.entrant
            )
            if not needed:
                skipped = replace(
                    base,
                    a=Slot(spec.a, None, is_empty=True),
                    b=Slot(spec.b, None, is_empty=True),
                    status=MatchStatus.SKIPPED,
                )
                return self._refuse_result(
                    skipped, result, "the winners'-side finalist won the grand final: no reset"
                )
        if a is None or b is None:
            return self._refuse_result(base, result, "its players are not both known yet")
        if isinstance(a, _Nobody) and isinstance(b, _Nobody):
            return self._refuse_result(
                replace(base, status=MatchStatus.VOID), result, "nobody plays it (void)"
            )
        if isinstance(a, _Nobody) or isinstance(b, _Nobody):
            advancing = b if isinstance(a, _Nobody) else a
            assert not isinstance(advancing, _Nobody)
            return self._refuse_result(
                replace(base, status=MatchStatus.BYE, winner=advancing),
                result,
                f"it is a bye for {advancing}",
            )
        if result is None:
            return replace(base, status=MatchStatus.READY)
        return self._apply(base, a, b, result)

    def _refuse_result(
        self, match_: EliminationMatch, result: MatchResult | None, why: str
    ) -> EliminationMatch:
        if result is not None:
            raise IllegalResult(
                f"{self._name(match_)} takes no result: {why}",
                match=match_.id,
                status=match_.status.value,
            )
        return match_

    def _apply(
        self, match_: EliminationMatch, a: CompetitorId, b: CompetitorId, result: MatchResult
    ) -> EliminationMatch:
        if result.kind is ResultKind.DOUBLE_WALKOVER:
            return replace(match_, status=MatchStatus.DOUBLE_WALKOVER, result=result)
        if result.winner not in (a, b):
            raise IllegalResult(
                f"{result.winner} did not play in {self._name(match_)} ({a} v {b})",
                match=match_.id,
                competitor=result.winner,
            )
        if result.games:
            side = decide_games(result.games, self._options.best_of)
            by_games = None if side is None else (a if side == "a" else b)
            if by_games != result.winner:
                decided = "do not decide it" if by_games is None else f"give it to {by_games}"
                raise IllegalResult(
                    f"{self._name(match_)}: the games {decided} "
                    f"(best of {self._options.best_of}), not to {result.winner}",
                    match=match_.id,
                    competitor=result.winner,
                )
        status = MatchStatus.PLAYED if result.kind is ResultKind.PLAYED else MatchStatus.WALKOVER
        other = b if result.winner == a else a
        return replace(match_, status=status, winner=result.winner, loser=other, result=result)

    def _name(self, match_: EliminationMatch) -> str:
        return f"match {match_.id}"

    def _find_champion(self, resolved: Mapping[str, EliminationMatch]) -> CompetitorId | None:
        if not self._options.is_double:
            winners_rounds = bracket_size(len(self._entrants)).bit_length() - 1
            return resolved[f"W{winners_rounds}-1"].winner
        reset = resolved.get(GRAND_FINAL_RESET)
        if reset is not None and reset.status is not MatchStatus.SKIPPED:
            return reset.winner
        grand_final = resolved[GRAND_FINAL]
        return grand_final.winner if grand_final.is_decided else None

    def __repr__(self) -> str:
        return (
            f"EliminationBracket({list(self._entrants)!r}, {self._options!r}, "
            f"results={self._results!r})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EliminationBracket):
            return NotImplemented
        return (self._entrants, self._options, self._results) == (
            other._entrants,
            other._options,
            other._results,
        )

    __hash__ = None  # type: ignore[assignment]  # results are a dict


def build_elimination(
    entrants: Sequence[CompetitorId], options: EliminationOptions = KNOCKOUT_OPTIONS
) -> EliminationBracket:
    """An empty bracket for `entrants` in seed order."""
    return EliminationBracket(entrants, options)


def _outcome(m: EliminationMatch) -> tuple[_Occupant, _Occupant]:
    """What the match sends on: (its winner, its loser), nobody, or not known yet."""
    match m.status:
        case MatchStatus.PENDING | MatchStatus.READY:
            return None, None
        case MatchStatus.PLAYED | MatchStatus.WALKOVER:
            return m.winner, m.loser
        case MatchStatus.BYE:
            return m.winner, _NOBODY
        case _:
            return _NOBODY, _NOBODY


def _finished(
    m: EliminationMatch,
    winner_to: str | None,
    loser_to: str | None,
    resolved: Mapping[str, EliminationMatch],
    champion: CompetitorId | None,
) -> tuple[CompetitorId, ...]:
    if m.status is MatchStatus.DOUBLE_WALKOVER:
        return tuple(e for e in (m.a.entrant, m.b.entrant) if e is not None)
    if m.status not in (MatchStatus.PLAYED, MatchStatus.WALKOVER, MatchStatus.BYE):
        return ()

    def goes_nowhere(target: str | None) -> bool:
        return target is None or resolved[target].status is MatchStatus.SKIPPED

    out: list[CompetitorId] = []
    if m.winner is not None and m.winner != champion and goes_nowhere(winner_to):
        out.append(m.winner)
    if m.loser is not None and goes_nowhere(loser_to):
        out.append(m.loser)
    return tuple(out)
