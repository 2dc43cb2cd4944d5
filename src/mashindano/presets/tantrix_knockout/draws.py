"""A Tantrix knockout event's draws, derived from its facts every time: each published match's
TP standing and outcome (the engine's `PointsMargin` rule and `conclude_tp_match`), the main
bracket and the plate (`engine.knockout.bracket`) with the winners so far, the ranking of each
draw, and their JSON for summaries.

Stages: 1 is the main draw, 2 the plate. A match's place in its bracket is its round and board:
board = slot + 1 (the final is board 1, the third-place match board 2). The match rule of an
encounter is stored as published: "tp-margin-S" (decisive-victory rule, S standard games) or
"tp-lead-S" (the rule off for the phase, A12: any lead after the standard games wins).

Two more facts shape a match: the players' result forms (R18-R24, stored with the reports,
`tantrix_knockout_results.forms_of`), whose review by the engine flags the match for a
controller (A10: the round is not done until a ruling settles it) and whose option 8 ends it
(R23, A6); and an opt-out agreement (R13, an arbiter override with subject `tantrix-opt-out`
naming the match), under which the match stops after the standard games (A7 for a tie).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from django.utils.translation import gettext

from mashindano.app.formats.base import StandingsLine, StandingsTable
from mashindano.app.knockout_words import place_note, stage_name
from mashindano.engine.errors import ConfigError
from mashindano.engine.knockout.bracket import (
    Bracket,
    BracketMatch,
    MatchRef,
    bracket_size,
    plate_bracket,
    seed_competitors,
)
from mashindano.engine.knockout.parameters import Phase, TantrixKnockoutParameters
from mashindano.engine.knockout.result_forms import (
    GameReview,
    ResultForm,
    review_game_forms,
)
from mashindano.engine.knockout.tp_match import EndedBy, conclude_tp_match
from mashindano.engine.matches import GamePoints, PointsMargin
from mashindano.engine.model import Competitor, CompetitorId, GameResult
from mashindano.engine.points import Points
from mashindano.presets.tantrix_knockout.results import (
    END_RESIGNED,
    detail_tps,
    forfeit_end,
    forms_of,
    tp_text,
)
from mashindano.store.facts import EncounterFact, EventFacts, GameFact, Json, ResultStatus

MAIN_STAGE = 1
PLATE_STAGE = 2
MARGIN_RULE = "tp-margin"
LEAD_RULE = "tp-lead"
OPT_OUT_SUBJECT = "tantrix-opt-out"
"""Arbiter override recording both players' opt-out (R13, R15): value {"stage", "round",
"board", "players", "agreed_at", "evidence"}."""

type MatchKey = tuple[int, int, int]
"""A published match: (stage, round, board)."""


def match_key_of(value: Json) -> MatchKey | None:
    """The (stage, round, board) an override's value names, or None when it names none."""
    if not isinstance(value, dict):
        return None
    parts = [value.get(name) for name in ("stage", "round", "board")]
    if not all(isinstance(part, int) and not isinstance(part, bool) for part in parts):
        return None
    stage, round_number, board = (int(str(part)) for part in parts)
    return stage, round_number, board


def opted_out_matches(facts: EventFacts) -> frozenset[MatchKey]:
    """The matches with an opt-out agreement on record."""
    keys = (match_key_of(o.value) for o in facts.overrides if o.subject == OPT_OUT_SUBJECT)
    return frozenset(key for key in keys if key is not None)


def match_rule_label(parameters: TantrixKnockoutParameters, phase: Phase) -> str:
    kind = MARGIN_RULE if parameters.is_decisive_rule_enabled(phase) else LEAD_RULE
    return f"{kind}-{parameters.standard_games}"


def match_rule_of(label: str, parameters: TantrixKnockoutParameters) -> PointsMargin:
    """The TP match rule an encounter was published with (margin, tiebreaks and the TP pot
    come from the event's parameters)."""
    kind, _, games = label.rpartition("-")
    if kind not in (MARGIN_RULE, LEAD_RULE) or not games.isdigit():
        raise ConfigError(
            gettext("{label!r} is not a Tantrix match rule").format(label=label), match_rule=label
        )
    return PointsMargin(
        standard_games=int(games),
        margin=parameters.decisive_margin_tp,
        tiebreak_games=parameters.margin_tiebreak_games,
        opt_out=kind == LEAD_RULE,
        game_total=parameters.tp_per_game,
    )


@dataclass(frozen=True, slots=True)
class MatchView:
    """One published match as far as it has gone. `games` are the games that count: those up
    to the decision, in order, stopping at the first without a result."""

    round: int
    board: int
    a: CompetitorId
    b: CompetitorId | None
    rule: PointsMargin | None
    games: tuple[GameFact, ...]
    points: tuple[GamePoints, ...]
    """TPs of the counted played games, A's first (A is the encounter's first player)."""
    winner: CompetitorId | None
    ended_by: str | None
    open_games: tuple[GameFact, ...]
    """Published games still without a result (those after the decision included)."""
    reviews: tuple[GameReview, ...] = ()
    """Counted games whose result forms send the match to a controller (R24, A10)."""
    opted_out: bool = False
    """Both players agreed not to play beyond the standard games (R13)."""

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def is_decided(self) -> bool:
        return self.winner is not None

    @property
    def totals(self) -> GamePoints:
        return (
            sum((p[0] for p in self.points), Fraction(0)),
            sum((p[1] for p in self.points), Fraction(0)),
        )

    @property
    def disputed(self) -> tuple[GameFact, ...]:
        return tuple(g for g in self.games if g.status is ResultStatus.DISPUTED)

    def tps_of(self, competitor: CompetitorId) -> Points:
        a, b = self.totals
        return a if competitor == self.a else b if competitor == self.b else Fraction(0)

    def describe(self) -> str:
        if self.b is None:
            return f"board {self.board}: {self.a} has a bye"
        a, b = self.totals
        played = f"{tp_text(a)}-{tp_text(b)} TPs after {len(self.points)} game(s)"
        return f"board {self.board} ({self.a} v {self.b}): {played}"


def engine_forms(game: GameFact, a: CompetitorId) -> tuple[ResultForm, ...]:
    """The game's current forms as the engine reads them: sides and TPs from A's side."""
    return tuple(
        ResultForm(
            game=game.number,
            submitter="a" if form.player == a else "b",
            submitted_at=form.submitted_at,
            tps=form.tps if game.first == a else (form.tps[1], form.tps[0]),
            status=form.status,
            finish_when=form.finish_when,
        )
        for form in forms_of(game)
    )


def review_of(
    game: GameFact, a: CompetitorId, rule: PointsMargin, games_before: Sequence[GamePoints]
) -> GameReview | None:
    """The engine's review of the game's forms (R24), None when no form was filed."""
    forms = engine_forms(game, a)
    return review_game_forms(forms, rule, games_before) if forms else None


def view_match(
    round_number: int,
    encounter: EncounterFact,
    parameters: TantrixKnockoutParameters,
    *,
    opted_out: bool = False,
) -> MatchView:
    """Who won (if anyone yet) and how, from the encounter's games in order (and their forms:
    option 8 resigns the match, A6; a review waits for a controller, A10)."""
    open_games = tuple(g for g in encounter.games if not g.result.is_decided)
    if encounter.second is None:
        a = encounter.first
        return MatchView(
            round_number, encounter.board, a, None, None, (), (), a, EndedBy.BYE.value, ()
        )
    a, b = encounter.first, encounter.second
    rule = match_rule_of(encounter.match_rule, parameters)
    if opted_out:
        rule = replace(rule, opt_out=True)
    reviews: list[GameReview] = []
    counted: list[GameFact] = []
    points: list[GamePoints] = []
    winner: CompetitorId | None = None
    ended_by: str | None = None
    for game in sorted(encounter.games, key=lambda g: g.number):
        if not game.result.is_decided:
            break
        counted.append(game)
        if game.result.is_forfeit:
            # A default or resignation ends the match at once, whatever the score (A5, A6, A9).
            first_lost = game.result is not GameResult.FIRST_WINS_BY_FORFEIT
            loser = game.first if first_lost else game.second
            winner = b if loser == a else a
            end = forfeit_end(game.detail)
            ended_by = EndedBy.RESIGNED.value if end == END_RESIGNED else EndedBy.DEFAULT.value
            break
        review = review_of(game, a, rule, points)
        if review is not None and review.needs_controller:
            reviews.append(review)
        points.append(_oriented(game, a))
        conclusion = conclude_tp_match(
            rule,
            points,
            decisive_rule_enabled=encounter.match_rule.startswith(MARGIN_RULE),
            resigned=review.resigned_by if review is not None else None,
        )
        if conclusion.winner is not None:
            winner = a if conclusion.winner == "a" else b
            ended_by = conclusion.ended_by
            break
    return MatchView(
        round_number,
        encounter.board,
        a,
        b,
        rule,
        tuple(counted),
        tuple(points),
        winner,
        ended_by,
        open_games,
        tuple(reviews),
        opted_out,
    )


def _oriented(game: GameFact, a: CompetitorId) -> GamePoints:
    tps = detail_tps(game.detail)
    if tps is None:
        # Every played result is stored with its TPs; a draw entered without them is even.
        raise ConfigError(
            gettext("{label} has a result but no TPs").format(label=game.label), game=game.id
        )
    return tps if game.first == a else (tps[1], tps[0])


@dataclass(frozen=True, slots=True)
class Draw:
    """One bracket (main or plate) with its published matches."""

    stage: int
    name: str
    phase: Phase
    bracket: Bracket
    matches: dict[MatchRef, MatchView]
    published: int
    """Rounds of this draw published so far."""

    def views_of_round(self, round_number: int) -> tuple[MatchView, ...]:
        return tuple(v for ref, v in sorted(self.matches.items()) if ref.round == round_number)

    def refs_of_round(self, round_number: int) -> tuple[BracketMatch, ...]:
        """The bracket's matches of a round, the third-place match after the final."""
        matches = self.bracket.rounds[round_number - 1]
        third = self.bracket.third_place
        if third is not None and round_number == self.bracket.round_count:
            return (*matches, third)
        return matches

    @property
    def is_finished(self) -> bool:
        return self.bracket.is_finished


def seeded_entrants(
    facts: EventFacts, parameters: TantrixKnockoutParameters
) -> tuple[Competitor, ...]:
    """Seed order: the numbers fixed at the start, or the preset's seeding before it."""
    if facts.competitors and all(c.number is not None for c in facts.competitors):
        return tuple(sorted(facts.competitors, key=lambda c: c.number or 0))
    return seed_competitors(facts.competitors, parameters.seeding)


def has_third_place(parameters: TantrixKnockoutParameters, entrants: int) -> bool:
    return parameters.third_place_match and entrants >= 4


def plate_entrants(entrants: int) -> int:
    """How many first-round losers the plate will have: one per first-round match played."""
    return entrants - bracket_size(entrants) // 2


def rounds_of(entrants: int) -> int:
    return bracket_size(entrants).bit_length() - 1


def main_draw(facts: EventFacts, parameters: TantrixKnockoutParameters) -> Draw:
    entrants = [c.id for c in seeded_entrants(facts, parameters)]
    third = has_third_place(parameters, len(entrants))
    matches, winners, published = _published(facts, MAIN_STAGE, parameters)
    bracket = Bracket(entrants, third_place_match=third, winners=winners)
    return Draw(MAIN_STAGE, "Main draw", Phase.MAIN, bracket, matches, published)


def plate_draw(facts: EventFacts, parameters: TantrixKnockoutParameters, main: Draw) -> Draw | None:
    """The plate once it can be drawn (every first-round match decided), else None."""
    if not parameters.plate or plate_entrants(len(main.bracket.entrants)) < 2:
        return None
    if any(not m.is_bye and m.winner is None for m in main.bracket.rounds[0]):
        return None
    matches, winners, published = _published(facts, PLATE_STAGE, parameters)
    drawn = plate_bracket(main.bracket)
    bracket = Bracket(drawn.entrants, winners=winners)
    return Draw(PLATE_STAGE, "Plate", Phase.PLATE, bracket, matches, published)


def _published(
    facts: EventFacts, stage: int, parameters: TantrixKnockoutParameters
) -> tuple[dict[MatchRef, MatchView], dict[MatchRef, CompetitorId], int]:
    matches: dict[MatchRef, MatchView] = {}
    winners: dict[MatchRef, CompetitorId] = {}
    published = 0
    opted = opted_out_matches(facts)
    for round_fact in facts.rounds:
        if round_fact.stage != stage:
            continue
        published = max(published, round_fact.number)
        for encounter in round_fact.encounters:
            ref = MatchRef(round_fact.number, encounter.board - 1)
            key = (stage, round_fact.number, encounter.board)
            view = view_match(round_fact.number, encounter, parameters, opted_out=key in opted)
            matches[ref] = view
            if not view.is_bye and view.winner is not None:
                winners[ref] = view.winner
    return matches, winners, published


# -- ranking -----------------------------------------------------------------------------------


def rank_draw(draw: Draw, facts: EventFacts) -> StandingsTable:
    """Champion, finalist, third and fourth (with a third-place match) or the semifinalists,
    then the losers of each earlier round sharing a place; players still in share the best
    place left. Points are matches won; the columns are the TPs scored and the seed."""
    bracket = draw.bracket
    count = bracket.round_count
    by_id = {c.id: c for c in facts.competitors}
    rows: list[tuple[int, int, Competitor, Points, Points, str]] = []
    for seed, competitor_id in enumerate(bracket.entrants, start=1):
        rank, note = _place(bracket, competitor_id, count)
        withdrawn = facts.withdrawn_from(competitor_id)
        if withdrawn is not None:
            withdrew = place_note("withdrew")
            note = f"{note}; {withdrew}" if note else withdrew
        won = sum(1 for m in bracket.all_matches() if not m.is_bye and m.winner == competitor_id)
        tps = sum((v.tps_of(competitor_id) for v in draw.matches.values()), Fraction(0))
        rows.append((rank, seed, by_id[competitor_id], Fraction(won), tps, note))
    rows.sort(key=lambda row: (row[0], row[1]))
    shared = _shared_ranks(row[0] for row in rows)
    lines = tuple(
        StandingsLine(
            rank=rank,
            is_shared=rank in shared,
            competitor=competitor,
            points=won,
            values={"tps": tps, "seed": Fraction(seed)},
            note=note,
        )
        for rank, seed, competitor, won, tps, note in rows
    )
    return StandingsTable(stage_name(draw.name), ("tps", "seed"), lines)


def _place(bracket: Bracket, competitor: CompetitorId, count: int) -> tuple[int, str]:
    third = bracket.third_place
    if bracket.champion == competitor:
        return 1, place_note("champion")
    if third is not None and third.winner is not None and competitor in (third.a, third.b):
        return (
            (3, gettext("third place"))
            if third.winner == competitor
            else (4, gettext("fourth place"))
        )
    for number, matches in enumerate(bracket.rounds, start=1):
        for match in matches:
            if match.loser == competitor:
                if number == count:
                    return 2, place_note("finalist")
                if number == count - 1:
                    return 3, place_note("semifinalist")
                return 2 ** (count - number) + 1, place_note("lost", number, count)
    passed = sum(1 for matches in bracket.rounds for m in matches if m.winner == competitor)
    return 1, place_note("in", passed + 1, count)


def _shared_ranks(ranks: Iterable[int]) -> set[int]:
    seen: set[int] = set()
    shared: set[int] = set()
    for rank in ranks:
        (shared if rank in seen else seen).add(rank)
    return shared
