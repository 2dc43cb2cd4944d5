"""Tantrix knockout brackets as people follow them (tantrix-knockout R4-R24): the main draw and
the plate, round by round, each match with its players, the TPs of every game (tiebreak games
marked), the totals and the gap, how it ended and where it stands.

Built from the draws the adapter derives (`tantrix_knockout.event_draws`, from
`tantrix_knockout_draws`: the engine's bracket and match conclusions); no rule here. It is
Django-free: the draws of the event's summary (`presets.event_summary`) are this document's
JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from mashindano.app.documents.place import PlayerRef
from mashindano.app.knockout_words import round_title, stage_name
from mashindano.engine.knockout.bracket import BracketMatch
from mashindano.engine.knockout.result_forms import describe_review
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.points import Points
from mashindano.presets.tantrix_knockout.adapter import event_draws
from mashindano.presets.tantrix_knockout.draws import Draw, MatchView
from mashindano.presets.tantrix_knockout.results import detail_tps, tp_text
from mashindano.store.facts import EventFacts, GameFact, Json, ResultStatus


@dataclass(frozen=True, slots=True)
class TpGame:
    """One game of a match: TPs from A's side first (None for a forfeit or a game not
    played yet), the result and its report state."""

    number: int
    label: str
    tp_a: Points | None
    tp_b: Points | None
    result: str
    status: str
    is_tiebreak: bool
    """Played after the standard games because they did not decide (R20-R22)."""
    counted: bool
    """Counts for the match (games after the decision do not)."""

    @property
    def tp_label(self) -> str:
        if self.tp_a is None or self.tp_b is None:
            return self.result
        return f"{tp_text(self.tp_a)}-{tp_text(self.tp_b)}"


@dataclass(frozen=True, slots=True)
class BracketMatchLine:
    board: int
    a: PlayerRef | None
    """From the upper slot (the better seed in round 1); None while still to be decided."""
    b: PlayerRef | None
    is_bye: bool
    is_third_place: bool
    published: bool
    games: tuple[TpGame, ...]
    totals: tuple[Points, Points] | None
    """TPs of the counted games (A, B); None for a bye or a match not published."""
    games_with_tps: int
    """Counted games played to the end (with TPs)."""
    winner: CompetitorId | None
    ended_by: str | None
    opted_out: bool
    controller_review: tuple[str, ...]

    @property
    def gap(self) -> Points | None:
        """The TP difference between the two players (the decisive margin rule reads it)."""
        if self.totals is None:
            return None
        return abs(self.totals[0] - self.totals[1])

    @property
    def state(self) -> str:
        """bye, waiting (players not known), not published, controller review, disputed,
        decided, in play."""
        if self.is_bye:
            return "bye"
        if self.a is None or self.b is None:
            return "waiting"
        if not self.published:
            return "not published"
        if self.controller_review:
            return "controller review"
        if any(g.status == ResultStatus.DISPUTED.value for g in self.games if g.counted):
            return "disputed"
        if self.winner is not None:
            return "decided"
        return "in play"

    def to_json(self) -> Json:
        published = self.published
        return {
            "board": self.board,
            "a": self.a.id if self.a else None,
            "b": self.b.id if self.b else None,
            "bye": self.is_bye,
            "third_place": self.is_third_place,
            "published": published,
            "games": self.games_with_tps,
            "tp": [tp_text(t) for t in self.totals] if self.totals is not None else None,
            "winner": self.winner,
            "ended_by": self.ended_by,
            "opt_out": self.opted_out,
            "controller_review": list(self.controller_review),
        }


@dataclass(frozen=True, slots=True)
class BracketRound:
    number: int
    name: str
    """final, semifinal, quarterfinal, round of 16..."""
    matches: tuple[BracketMatchLine, ...]


@dataclass(frozen=True, slots=True)
class BracketDocument:
    name: str
    """Main draw or Plate."""
    stage: int
    seeds: tuple[PlayerRef, ...]
    rounds: tuple[BracketRound, ...]
    champion: CompetitorId | None
    third_place: CompetitorId | None
    finished: bool

    def to_json(self) -> dict[str, Json]:
        return {
            "name": self.name,
            "stage": self.stage,
            "seeds": [p.id for p in self.seeds],
            "rounds": [
                {"round": r.number, "name": r.name, "matches": [m.to_json() for m in r.matches]}
                for r in self.rounds
            ],
            "champion": self.champion,
            "third_place": self.third_place,
            "finished": self.finished,
        }


def bracket_document(draw: Draw, competitors: Mapping[CompetitorId, Competitor]) -> BracketDocument:
    bracket = draw.bracket
    players = dict(competitors)

    def ref(competitor: CompetitorId | None) -> PlayerRef | None:
        return None if competitor is None else PlayerRef.lookup(players, competitor)

    def line(match: BracketMatch) -> BracketMatchLine:
        view = draw.matches.get(match.ref)
        return BracketMatchLine(
            board=match.ref.slot + 1,
            a=ref(match.a),
            b=ref(match.b),
            is_bye=match.is_bye,
            is_third_place=match.is_third_place,
            published=view is not None,
            games=_games(view) if view is not None else (),
            totals=view.totals if view is not None and not view.is_bye else None,
            games_with_tps=len(view.points) if view is not None else 0,
            winner=match.winner,
            ended_by=view.ended_by if view is not None else None,
            opted_out=view.opted_out if view is not None else False,
            controller_review=tuple(describe_review(r) for r in view.reviews) if view else (),
        )

    third = bracket.third_place
    return BracketDocument(
        name=stage_name(draw.name),
        stage=draw.stage,
        seeds=tuple(PlayerRef.lookup(players, c) for c in bracket.entrants),
        rounds=tuple(
            BracketRound(
                number,
                round_title(number, bracket.round_count),
                tuple(line(m) for m in draw.refs_of_round(number)),
            )
            for number in range(1, bracket.round_count + 1)
        ),
        champion=bracket.champion,
        third_place=third.winner if third is not None else None,
        finished=bracket.is_finished,
    )


def brackets_document(facts: EventFacts) -> tuple[BracketDocument, ...]:
    """The event's main draw, then the plate once it is drawn; () before the start."""
    competitors = {c.id: c for c in facts.competitors}
    return tuple(bracket_document(draw, competitors) for draw in event_draws(facts))


def _games(view: MatchView) -> tuple[TpGame, ...]:
    counted = {g.id for g in view.games}
    standard = view.rule.standard_games if view.rule is not None else 0
    games: list[GameFact] = sorted(
        {g.id: g for g in (*view.games, *view.open_games)}.values(), key=lambda g: g.number
    )
    return tuple(_game(g, view.a, standard, g.id in counted) for g in games)


def _game(game: GameFact, a: CompetitorId, standard: int, counted: bool) -> TpGame:
    tps = detail_tps(game.detail) if game.result.is_decided and not game.result.is_forfeit else None
    if tps is not None and game.first != a:
        tps = (tps[1], tps[0])
    return TpGame(
        number=game.number,
        label=game.label,
        tp_a=Fraction(tps[0]) if tps is not None else None,
        tp_b=Fraction(tps[1]) if tps is not None else None,
        result=game.result.value,
        status=game.status.value,
        is_tiebreak=game.number > standard > 0,
        counted=counted,
    )
