"""The knockout event as the engine sees it: the bracket replayed from the stored facts.

Entrants are the entries in number order (the numbers are the seeds fixed at the start). Each
published unit records, in its lot `knockout-unit-N`, the bracket match of every board, so a
published encounter is always read as the match it was published for. A match's result comes
from its games (`match_result`): a forfeit ends the match as a walkover, a double forfeit is a
double walkover, otherwise the games decide it under the best-of rule (a draw is replayed);
a disputed or unreported game holds the match open.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from mashindano.engine.errors import ConfigError
from mashindano.engine.knockout.elimination import (
    EliminationBracket,
    EliminationMatch,
    MatchResult,
    decide_games,
)
from mashindano.engine.model import CompetitorId, GameResult
from mashindano.presets.knockout.parameters import KnockoutParameters, knockout_parameters
from mashindano.store.facts import EncounterFact, EventFacts, EventState, GameFact, ResultStatus

SEEDING_LOT = "knockout-seeding"

_FLIP = {
    GameResult.FIRST_WINS: GameResult.SECOND_WINS,
    GameResult.SECOND_WINS: GameResult.FIRST_WINS,
    GameResult.FIRST_WINS_BY_FORFEIT: GameResult.SECOND_WINS_BY_FORFEIT,
    GameResult.SECOND_WINS_BY_FORFEIT: GameResult.FIRST_WINS_BY_FORFEIT,
}


def unit_lot(number: int) -> str:
    return f"knockout-unit-{number}"


@dataclass(frozen=True, slots=True)
class Published:
    """A bracket match as published: its unit (round number) and encounter."""

    match_id: str
    round: int
    encounter: EncounterFact


def counts(game: GameFact) -> bool:
    """Whether a game's result counts for its match: decided and not disputed."""
    return game.result.is_decided and game.status is not ResultStatus.DISPUTED


def from_a_side(game: GameFact, a: CompetitorId) -> GameResult:
    result = game.result
    return result if game.first == a else _FLIP.get(result, result)


def match_result(encounter: EncounterFact, best_of: int) -> MatchResult | None:
    """What an encounter's games say of its match, or None while it goes on."""
    if encounter.second is None:
        return None
    a, b = encounter.first, encounter.second
    games: list[GameResult] = []
    for game in encounter.games:
        if not counts(game):
            return None
        result = from_a_side(game, a)
        if result is GameResult.DOUBLE_FORFEIT:
            return MatchResult.double_walkover()
        if result.is_forfeit:
            return MatchResult.walkover(a if result is GameResult.FIRST_WINS_BY_FORFEIT else b)
        games.append(result)
        side = decide_games(games, best_of)
        if side is not None:
            return MatchResult.played(a if side == "a" else b, games)
    return None


@dataclass(frozen=True)
class KnockoutState:
    facts: EventFacts
    parameters: KnockoutParameters
    bracket: EliminationBracket
    published: dict[str, Published]
    """By match id."""

    @cached_property
    def by_place(self) -> dict[tuple[int, int], str]:
        """Match id by (round, board)."""
        return {(p.round, p.encounter.board): p.match_id for p in self.published.values()}

    @property
    def units(self) -> int:
        return max((r.number for r in self.facts.rounds), default=0)

    def open_published(self) -> tuple[EliminationMatch, ...]:
        """Published matches not decided yet, or with a disputed game."""
        found = []
        for match_id, p in self.published.items():
            m = self.bracket.match(match_id)
            disputed = any(g.status is ResultStatus.DISPUTED for g in p.encounter.games)
            if not m.is_decided or disputed:
                found.append(m)
        return tuple(found)


def knockout_state(facts: EventFacts) -> KnockoutState | None:
    """The bracket with every published result; None before the start."""
    if facts.state is EventState.REGISTRATION or len(facts.competitors) < 2:
        return None
    parameters = knockout_parameters(facts.parameters)
    entrants = [c.id for c in sorted(facts.competitors, key=lambda c: (c.number or 0, c.id))]
    published: dict[str, Published] = {}
    for round_fact in sorted(facts.rounds, key=lambda r: r.number):
        lot = facts.lot(unit_lot(round_fact.number))
        ids = lot.outcome if lot is not None and isinstance(lot.outcome, list) else []
        for encounter in round_fact.encounters:
            if encounter.board > len(ids):
                raise ConfigError(
                    f"event {facts.slug!r}: round {round_fact.number} board {encounter.board} "
                    "is not a bracket match",
                )
            match_id = str(ids[encounter.board - 1])
            published[match_id] = Published(match_id, round_fact.number, encounter)
    results = {}
    for match_id, p in published.items():
        result = match_result(p.encounter, parameters.best_of)
        if result is not None:
            results[match_id] = result
    bracket = EliminationBracket(entrants, parameters.options).record_all(results)
    for match_id, p in published.items():
        m = bracket.match(match_id)
        if p.encounter.second is not None and (m.a.entrant, m.b.entrant) != (
            p.encounter.first,
            p.encounter.second,
        ):
            raise ConfigError(
                f"event {facts.slug!r}: match {match_id} was published as {p.encounter.first} v "
                f"{p.encounter.second} but the bracket now has {m.a.describe()} v "
                f"{m.b.describe()}",
            )
    return KnockoutState(facts, parameters, bracket, published)
