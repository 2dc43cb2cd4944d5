"""Round pairings: boards with both players (numbers, names, ratings, points before the
round), sides, each game's result and report state; multi-game encounters with their games;
the round's deadlines where the preset's rules set them (`deadlines`); each running KIBA
game's clock (side to move, time left per player, deadline in UTC) at the document's time,
from the preset's `CLOCK_HOOKS` entry."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from fractions import Fraction

from django.utils import timezone
from django.utils.translation import gettext

from mashindano.app.documents.deadlines import Deadline, round_deadlines
from mashindano.app.documents.place import Place, PlayerRef
from mashindano.app.documents.values import format_exact
from mashindano.app.errors import NotFound
from mashindano.app.formats.base import MatchScore
from mashindano.app.formats.parts import (
    BOARD_GROUPS,
    DESCRIPTION,
    GAME_SCORES,
    SCORED_MATCHES,
    STAGE_EXPORT,
)
from mashindano.app.formats.registry import part
from mashindano.app.hooks import Hooks
from mashindano.app.marks import gettext_noop
from mashindano.app.on_site import play_url as game_play_url
from mashindano.app.queries import get_event_facts
from mashindano.app.rounds import show_round
from mashindano.engine.model import ByeKind, CompetitorId
from mashindano.engine.standings import compute_standings
from mashindano.store.facts import EventFacts, GameFact, Json, ResultDetail, RoundFact

BYE_LABELS = {
    "U": gettext_noop("bye (pairing)"),
    "F": gettext_noop("full-point bye"),
    "H": gettext_noop("half-point bye"),
    "Z": gettext_noop("zero-point bye"),
    "sit-out": gettext_noop("sits out"),
}


@dataclass(frozen=True, slots=True)
class ClockLine:
    """A running KIBA game's day clock at the document's time (R21, R23-R25): the side to
    move, the time each player has left, and the deadline of the move awaited (UTC)."""

    side_to_move: str
    to_move: CompetitorId
    first_left: timedelta
    second_left: timedelta
    deadline: datetime
    flagged: bool
    """The player to move ran out of time (the loss is recorded when the worker applies it)."""
    at: datetime
    """When the clock was read: a cached copy's time left is that much older."""

    def to_json(self, game: GameLine) -> dict[str, Json]:
        return {
            "side_to_move": self.side_to_move,
            "to_move": self.to_move,
            "time_left": {
                game.first.id: int(self.first_left.total_seconds()),
                game.second.id: int(self.second_left.total_seconds()),
            },
            "deadline": self.deadline.isoformat(),
            "flagged": self.flagged,
            "at": self.at.isoformat(),
        }


type RoundClocks = Callable[[EventFacts, RoundFact, datetime], Mapping[int, ClockLine]]
"""A preset's clocks of one round's open games at a moment, by game id."""

CLOCK_HOOKS: Hooks[RoundClocks] = Hooks("clocks")


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game: who plays which side, the result and where its report stands."""

    place: Place
    board: int
    game: int
    first: PlayerRef
    second: PlayerRef
    first_side: str
    result: str
    status: str
    """The report state: unreported, reported, confirmed, disputed, ruled, corrected."""
    detail: ResultDetail | None
    label: str
    is_decided: bool
    clock: ClockLine | None = None
    """KIBA: the clock of a game still being played (None otherwise)."""
    scores: tuple[Fraction, Fraction] | None = None
    """Points scored inside the game, first player's first (Tantrix TPs), or None."""
    play_url: str = ""
    """The game page of a Bao game running on the site (`app.on_site`), else ""."""

    @staticmethod
    def of(
        game: GameFact,
        players: Mapping[CompetitorId, PlayerRef],
        clock: ClockLine | None = None,
        stage_name: str = "",
        scores: tuple[Fraction, Fraction] | None = None,
        play_url: str = "",
    ) -> GameLine:
        return GameLine(
            place=Place(game.stage, game.group, game.round, stage_name),
            board=game.board,
            game=game.number,
            first=players.get(game.first) or PlayerRef(game.first, str(game.first)),
            second=players.get(game.second) or PlayerRef(game.second, str(game.second)),
            first_side=game.first_side.value,
            result=game.result.value,
            status=game.status.value,
            detail=game.detail,
            label=game.label,
            is_decided=game.result.is_decided,
            clock=clock,
            scores=scores,
            play_url=play_url,
        )

    def to_json(self) -> dict[str, Json]:
        return {
            "game": self.game,
            "first": self.first.id,
            "second": self.second.id,
            "first_side": self.first_side,
            "result": self.result,
            "status": self.status,
            "detail": self.detail,
            **({"clock": self.clock.to_json(self)} if self.clock is not None else {}),
            **(
                {"scores": [format_exact(v) for v in self.scores]}
                if self.scores is not None
                else {}
            ),
        }


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One encounter: a board of one game or of a match of several, or a bye."""

    board: int
    first: PlayerRef
    second: PlayerRef | None
    bye: str | None
    """The bye's kind (U, F, H, Z, sit-out) when `second` is None."""
    match_rule: str
    games: tuple[GameLine, ...]
    first_points_before: Fraction | None = None
    second_points_before: Fraction | None = None
    """Points before the round, where the preset scores the event as one stage."""
    score: MatchScore | None = None
    """A match of several games as its preset scores it (Tantrix: TP totals and winner)."""
    withdrawn: bool = False
    """A bye that only records a player who has withdrawn from the event (Tasaselo's Z after
    a withdrawal): shown as withdrawn, not as a bye."""

    @property
    def winner(self) -> PlayerRef | None:
        if self.score is None or self.score.winner is None:
            return None
        return self.first if self.score.winner == self.first.id else self.second

    @property
    def bye_label(self) -> str:
        if self.withdrawn:
            return WITHDRAWN
        kind = self.bye or "Z"
        label = BYE_LABELS.get(kind)
        return gettext(label) if label else kind

    def to_json(self) -> dict[str, Json]:
        shown: dict[str, Json] = {
            "board": self.board,
            "first": self.first.id,
            "second": self.second.id if self.second is not None else None,
            "bye": self.bye,
            "games": [g.to_json() for g in self.games],
        }
        if self.withdrawn:
            shown["withdrawn"] = True
        if self.score is not None:
            shown["score"] = {
                "unit": self.score.unit,
                "first": format_exact(self.score.first),
                "second": format_exact(self.score.second),
                "gap": format_exact(self.score.gap),
                "winner": self.score.winner,
                "ended_by": self.score.ended_by,
                "decided": self.score.decided,
            }
        return shown


_OTHER_SIDE = {"white": "Black", "south": "North"}
WITHDRAWN = "withdrawn"


@dataclass(frozen=True, slots=True)
class RoundPairings:
    event: str
    place: Place
    published_at: datetime
    boards: tuple[BoardLine, ...]
    is_complete: bool
    deadlines: tuple[Deadline, ...] = ()
    """First move (KIBA), reports and disputes (Gomoku), result forms, tiebreak offers and
    replies (Tantrix): what is due by when, as the engine derives it."""
    names_sides: bool = True
    """Whether sides are named (White/Black, South/North); otherwise the first player of a
    game only starts it (Tantrix, Gomoku)."""
    groups: Mapping[int, str] = field(default_factory=dict)
    """The group of each board where one round holds several (KIBA); {} otherwise."""

    @property
    def sides(self) -> tuple[str, str]:
        """Column headings of a game's two players: "White"/"Black", "South"/"North", or
        "First"/"Second" where sides have no names."""
        games = [g for b in self.boards for g in b.games]
        if not self.names_sides or not games:
            return ("First", "Second")
        first = games[0].first_side
        return (first.title(), _OTHER_SIDE.get(first, "Second"))

    def by_group(self) -> tuple[tuple[str, tuple[BoardLine, ...]], ...]:
        """The boards group by group (one untitled group where the round has none)."""
        if not self.groups:
            return (("", self.boards),)
        names = list(dict.fromkeys(self.groups.get(b.board, "") for b in self.boards))
        return tuple(
            (name, tuple(b for b in self.boards if self.groups.get(b.board, "") == name))
            for name in names
        )

    @property
    def title(self) -> str:
        if self.place.group:
            return gettext("Round {round} group {group}").format(
                round=self.place.round, group=self.place.group
            )
        return gettext("Round {round}").format(round=self.place.round)

    def to_json(self) -> dict[str, Json]:
        return {
            "stage": self.place.stage,
            "group": self.place.group,
            "round": self.place.round,
            "published_at": self.published_at.isoformat(),
            "boards": [
                {**b.to_json(), "group": self.groups[b.board]}
                if b.board in self.groups
                else b.to_json()
                for b in self.boards
            ],
            **({"deadlines": [d.to_json() for d in self.deadlines]} if self.deadlines else {}),
        }


def build_round_pairings(
    slug: str,
    number: int | None = None,
    *,
    stage: int = 1,
    group: str = "",
    at: datetime | None = None,
    facts: EventFacts | None = None,
) -> RoundPairings:
    """A published round (default: the latest of the stage and group); its deadlines as the
    facts stand at `at` (default: now). `facts`: the event's facts when already loaded.
    Where one stored round holds several groups (KIBA), `group` keeps that group's boards."""
    loaded = facts if facts is not None else get_event_facts(slug)
    try:
        shown = show_round(slug, number, stage=stage, group=group, facts=loaded)
    except NotFound:
        if not group:
            raise
        whole = round_pairings(loaded, show_round(slug, number, stage=stage, facts=loaded), at)
        boards = tuple(b for b in whole.boards if whole.groups.get(b.board) == group)
        if not boards:
            known = ", ".join(dict.fromkeys(whole.groups.values())) or "none"
            raise NotFound(
                f"event {slug!r}: round {whole.place.round} has no group {group!r} "
                f"(groups: {known})",
                event=slug,
                group=group,
            ) from None
        return replace(whole, boards=boards, groups={b.board: group for b in boards})
    return round_pairings(loaded, shown, at)


def round_pairings(
    facts: EventFacts, shown: RoundFact, at: datetime | None = None
) -> RoundPairings:
    players = {c.id: PlayerRef.of(c) for c in facts.competitors}
    before = points_before(facts, shown.stage, shown.group, shown.number)
    moment = at or timezone.now()
    clock_hook = CLOCK_HOOKS.get(facts.preset)
    clocks = {} if clock_hook is None else clock_hook(facts, shown, moment)
    scores = part(facts.preset, SCORED_MATCHES).match_scores(
        facts, shown.stage, shown.group, shown.number
    )
    game_scores = part(facts.preset, GAME_SCORES).game_scores
    stage_name = facts.stage_name(shown.stage)

    def board(encounter_index: int) -> BoardLine:
        e = shown.encounters[encounter_index]
        first = players.get(e.first) or PlayerRef(e.first, str(e.first))
        second = None
        if e.second is not None:
            second = players.get(e.second) or PlayerRef(e.second, str(e.second))
        return BoardLine(
            board=e.board,
            first=first,
            second=second,
            bye=e.bye_kind.value if isinstance(e.bye_kind, ByeKind) else None,
            match_rule=e.match_rule,
            games=tuple(
                GameLine.of(
                    g,
                    players,
                    clocks.get(g.id),
                    stage_name,
                    game_scores(g),
                    game_play_url(facts, g),
                )
                for g in e.games
            ),
            first_points_before=before.get(e.first) if before else None,
            second_points_before=before.get(e.second) if before and e.second else None,
            score=scores.get(e.board) if len(e.games) > 1 or e.board in scores else None,
            withdrawn=e.second is None and _has_withdrawn(facts, e.first, shown.number),
        )

    return RoundPairings(
        event=facts.slug,
        place=Place(shown.stage, shown.group, shown.number, facts.stage_name(shown.stage)),
        published_at=shown.published_at,
        boards=tuple(board(k) for k in range(len(shown.encounters))),
        is_complete=shown.is_complete(),
        deadlines=round_deadlines(facts, shown, moment),
        names_sides=part(facts.preset, DESCRIPTION).names_sides,
        groups=part(facts.preset, BOARD_GROUPS).board_groups(facts, shown.stage, shown.number),
    )


def _has_withdrawn(facts: EventFacts, competitor: CompetitorId, number: int) -> bool:
    left = facts.withdrawn_from(competitor)
    return left is not None and left <= number


def points_before(
    facts: EventFacts, stage: int, group: str, number: int
) -> dict[CompetitorId, Fraction]:
    """Each player's points before round `number`, scored by the engine from the preset's
    results of the event's single stage; {} for presets of several stages."""
    if stage != 1 or group:
        return {}
    results = part(facts.preset, STAGE_EXPORT).stage_results(facts)
    if results is None:
        return {}
    earlier = replace(
        results,
        games=tuple(g for g in results.games if g.round < number),
        byes=tuple(b for b in results.byes if b.round < number),
    )
    return {row.competitor.id: Fraction(row.points) for row in compute_standings(earlier).rows}
