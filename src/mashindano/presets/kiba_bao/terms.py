"""Bao results in KIBA's words (shared/spec/kiba-bao.md R21, R23-R27, A23): a game is won by
one side, South or North, on the board, by resignation, or because the other side's clock ran
out or they abandoned it (a forfeit); there is no drawn game. A disputed game is shown to the
Mwamuzi as the game itself: each report in these words, the moves in KIBA notation up to the
report, who moved last, both day clocks and the deadline at the report, and links to the board
at that position and to the game."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils.translation import gettext

from mashindano.app.documents.result_terms import (
    Claim,
    Evidence,
    Names,
    ResultTerms,
    RulingInput,
)
from mashindano.engine.kiba import ClockSettings, kiba_parameters, read_clock
from mashindano.engine.model import CompetitorId, GameResult, Side
from mashindano.presets.kiba_bao.games import is_played_on_site
from mashindano.store import models
from mashindano.store.facts import EventFacts, GameFact, ReportFact, ReportKind

EVIDENCE_TEMPLATE = "presets/kiba_bao/dispute.html"


def _side_word(side: Side) -> str:
    return gettext("South") if side is Side.SOUTH else gettext("North")


def _sides(game: GameFact) -> tuple[tuple[CompetitorId, Side], tuple[CompetitorId, Side]]:
    """(first, its side), (second, its side)."""
    if game.first_side is Side.SOUTH:
        return (game.first, Side.SOUTH), (game.second, Side.NORTH)
    return (game.first, Side.NORTH), (game.second, Side.SOUTH)


def result_in_words(game: GameFact, result: GameResult, names: Names) -> str:
    """A Bao result as the Mwamuzi reads it: who wins, with their side, and how."""
    (first, first_side), (second, second_side) = _sides(game)
    first_name, second_name = names.get(first, first), names.get(second, second)
    if result is GameResult.FIRST_WINS:
        return gettext("{name} ({side}) wins the game").format(
            name=first_name, side=_side_word(first_side)
        )
    if result is GameResult.SECOND_WINS:
        return gettext("{name} ({side}) wins the game").format(
            name=second_name, side=_side_word(second_side)
        )
    if result is GameResult.FIRST_WINS_BY_FORFEIT:
        return gettext("{name} ({side}) wins: {loser} lost on time or abandoned the game").format(
            name=first_name, side=_side_word(first_side), loser=second_name
        )
    if result is GameResult.SECOND_WINS_BY_FORFEIT:
        return gettext("{name} ({side}) wins: {loser} lost on time or abandoned the game").format(
            name=second_name, side=_side_word(second_side), loser=first_name
        )
    return result.value


def _who(slug: str, game: GameFact, actor: str, names: Names) -> str:
    """Who made a report: the game's player whose account it is (by name), else the account
    (an arbiter, the system)."""
    key = (
        models.Entry.objects.filter(
            event__slug=slug, user__username=actor, key__in=(game.first, game.second)
        )
        .values_list("key", flat=True)
        .first()
    )
    if key is None:
        return names.get(CompetitorId(actor), actor)
    return names.get(CompetitorId(key), key)


def claims(facts: EventFacts, game: GameFact, names: Names) -> tuple[Claim, ...]:
    """Each report with a result, in Bao's words (who wins, South or North, and how), and the
    dispute's own claim: the reason its player gave."""
    said = [
        Claim(
            _who(facts.slug, game, r.actor, names),
            r.result.value,
            result_in_words(game, r.result, names) + (f" ({r.reason})" if r.reason else ""),
        )
        for r in game.reports
        if r.result is not None
    ]
    dispute = next((r for r in reversed(game.reports) if r.kind is ReportKind.DISPUTE), None)
    if dispute is not None:
        said.append(
            Claim(
                _who(facts.slug, game, dispute.actor, names),
                "",
                gettext("disputes it: {reason}").format(reason=dispute.reason)
                if dispute.reason
                else gettext("disputes it"),
            )
        )
    return tuple(said)


@dataclass(frozen=True, slots=True)
class MoveShown:
    ply: int
    number: int
    """The move number as KIBA counts them: a South move and the North reply share one."""
    side: str
    """`S` or `N`."""
    notation: str
    player: str
    played_at: datetime
    after_report: bool
    """Played after the disputed report (the board link shows the position at the report)."""


@dataclass(frozen=True, slots=True)
class ClockShown:
    side: str
    player: str
    left: timedelta
    on_move: bool


@dataclass(frozen=True, slots=True)
class BaoDispute:
    """What the Mwamuzi sees of a disputed Bao game played on the site."""

    slug: str
    game_id: int
    moves: tuple[MoveShown, ...]
    at: datetime
    """The disputed report's time: the clocks and the board are read there."""
    ply: int
    """Moves played by then (the board link shows the position after them)."""
    last: MoveShown | None
    """The last move played by then (None: no move yet)."""
    to_move: str
    """Who was on move then, with their side."""
    clocks: tuple[ClockShown, ClockShown]
    deadline: datetime
    """The last instant the player on move could move (R23, R24)."""
    flagged: bool
    """Their clock had run out by the report (R25: they lose the game)."""


def _round_published(facts: EventFacts, game: GameFact) -> datetime | None:
    for round_fact in facts.rounds:
        if (round_fact.stage, round_fact.group, round_fact.number) == (
            game.stage,
            game.group,
            game.round,
        ):
            return round_fact.published_at
    return None


def _disputed_report(game: GameFact) -> ReportFact | None:
    return next((r for r in reversed(game.reports) if r.result is not None), None)


def evidence(facts: EventFacts, game: GameFact, names: Names, now: datetime) -> Evidence | None:
    """The game as played on the site, read at the disputed report (at `now` without one)."""
    published = _round_published(facts, game)
    if published is None or not is_played_on_site(facts.slug):
        return None
    report = _disputed_report(game)
    at = report.at if report is not None else now
    (first, first_side), (second, _) = _sides(game)
    south, north = (first, second) if first_side is Side.SOUTH else (second, first)
    south_name, north_name = names.get(south, south), names.get(north, north)
    rows = models.Move.objects.filter(game_id=game.id).order_by("ply")
    moves = tuple(
        MoveShown(
            row.ply,
            (row.ply + 1) // 2,
            "S" if row.ply % 2 == 1 else "N",
            row.notation,
            south_name if row.ply % 2 == 1 else north_name,
            row.played_at,
            row.played_at > at,
        )
        for row in rows
    )
    before = [m for m in moves if not m.after_report]
    settings = ClockSettings.from_parameters(kiba_parameters(facts.parameters))
    times = [m.played_at for m in before]
    reading = read_clock(published, times, max(at, times[-1] if times else published), settings)
    on_move = reading.to_move
    mover = south_name if on_move is Side.SOUTH else north_name
    shown = BaoDispute(
        slug=facts.slug,
        game_id=game.id,
        moves=moves,
        at=at,
        ply=len(before),
        last=before[-1] if before else None,
        to_move=gettext("{name} ({side})").format(name=mover, side=_side_word(on_move)),
        clocks=(
            ClockShown("S", south_name, reading.south, on_move is Side.SOUTH),
            ClockShown("N", north_name, reading.north, on_move is Side.NORTH),
        ),
        deadline=reading.deadline,
        flagged=reading.flagged is not None,
    )
    return Evidence(EVIDENCE_TEMPLATE, {"bao": shown})


def ruling(game: GameFact, names: Names) -> RulingInput:
    """The Bao outcomes, each naming its winner and side: a win (on the board or by
    resignation), or a win because the other lost on time or abandoned (R25, R27); no draw."""
    choices = tuple(
        (result.value, f"{result_in_words(game, result, names)} ({result.value})")
        for result in (
            GameResult.FIRST_WINS,
            GameResult.SECOND_WINS,
            GameResult.FIRST_WINS_BY_FORFEIT,
            GameResult.SECOND_WINS_BY_FORFEIT,
        )
    )
    return RulingInput(
        gettext("Ruling"),
        choices,
        help=gettext("A Bao game has a winner: there is no drawn game (R27)."),
    )


TERMS = ResultTerms(claims=claims, evidence=evidence, ruling=ruling)
