"""A KIBA tournament as people follow it (kiba-bao R6-R32): the initial list with categories
and KIBA scores, each stage's groups with their tables (score, Neustadtl, KIBA score, playoff
place; notes on who went where, who withdrew), the best-of-3 final with its games, and the
first-move deadline of every stage (R21).

Built from `kiba_bao_stages.derive_event` and the tables of `kiba_bao_tables`; no rule here.
It is Django-free: the event's summary (`presets.event_summary`) adds this document's
`to_json()` to the adapter's `summary`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.documents.place import PlayerRef
from mashindano.app.documents.tables import StandingsSection, standings_section
from mashindano.engine.kiba import (
    Destination,
    KibaParameters,
    SeededPlayer,
    first_move_deadline,
    group_pairings,
)
from mashindano.engine.model import CompetitorId
from mashindano.presets.kiba_bao import PRESET_NAME
from mashindano.presets.kiba_bao.stages import FinalStage, GroupStage, KibaEvent
from mashindano.presets.kiba_bao.tables import (
    STAGE_TITLES,
    final_table,
    group_tables,
    stage_advancement,
    walkover_table,
)
from mashindano.store.facts import GameFact, Json

FIRST_MOVE_RULE = "kiba-bao R21"


@dataclass(frozen=True, slots=True)
class InitialListLine:
    """One row of the initial list (R6-R8): seed, category, Elo used, games, KIBA score."""

    seed: int
    player: PlayerRef
    category: int
    elo: int
    games: int
    kiba_score: int
    declared: bool = False
    """The games and Elo were typed in, not counted by the site (issue 31 item 5)."""

    @staticmethod
    def of(player: SeededPlayer, declared: bool = False) -> InitialListLine:
        return InitialListLine(
            player.seed,
            PlayerRef.of(player.competitor),
            player.category,
            player.elo,
            player.games,
            player.kiba_score,
            declared,
        )

    def to_json(self) -> dict[str, Json]:
        return {
            "seed": self.seed,
            "player": self.player.id,
            "category": self.category,
            "elo": self.elo,
            "games": self.games,
            "kiba_score": self.kiba_score,
        }


@dataclass(frozen=True, slots=True)
class KibaGroupDocument:
    """A group of a stage: its players by Berger number, the dummy's number (a sit-out each
    round, R13), the boards of its pairings in the round, and its table."""

    name: str
    players: tuple[PlayerRef, ...]
    dummy: int | None
    boards: tuple[int, int] | None
    """First and last board of the group's pairings; None when the group has no game."""
    table: StandingsSection | None

    def to_json(self) -> dict[str, Json]:
        return {
            "name": self.name,
            "players": [p.id for p in self.players],
            "dummy": self.dummy,
            "boards": list(self.boards) if self.boards else [],
        }


@dataclass(frozen=True, slots=True)
class StalePlayoff:
    """A playoff recorded for a tie that a later correction dissolved or changed."""

    group: str
    order: tuple[CompetitorId, ...]


@dataclass(frozen=True, slots=True)
class KibaStageDocument:
    """A qualification or semifinal stage: published as one round of the event."""

    round: int
    kind: str
    """qualification or semifinal."""
    groups: tuple[KibaGroupDocument, ...]
    complete: bool
    first_move_deadline: datetime
    """South's first move of every game of the stage is due by then (R21)."""
    withdrawn: tuple[CompetitorId, ...]
    stale_playoffs: tuple[StalePlayoff, ...]
    playoffs_needed: tuple[tuple[str, tuple[CompetitorId, ...]], ...] = ()
    """(group, tied players) waiting for the director's playoff before the next stage."""

    @property
    def title(self) -> str:
        return f"{stage_title(self.kind)} stage (round {self.round})"

    def to_json(self) -> dict[str, Json]:
        return {
            "round": self.round,
            "stage": self.kind,
            "groups": [g.to_json() for g in self.groups],
            "complete": self.complete,
            "first_move_deadline": self.first_move_deadline.isoformat(),
            "withdrawn": [str(c) for c in self.withdrawn],
            "stale_playoffs": [
                {"group": s.group, "order": list(s.order)} for s in self.stale_playoffs
            ],
        }


@dataclass(frozen=True, slots=True)
class FinalGameLine:
    game: int
    south: CompetitorId
    north: CompetitorId
    result: str
    status: str
    play_url: str = ""
    """The game page while the game runs on the site (issue 29 item 1), else ""."""

    def to_json(self) -> dict[str, Json]:
        return {
            "game": self.game,
            "south": self.south,
            "north": self.north,
            "result": self.result,
            "status": self.status,
        }


@dataclass(frozen=True, slots=True)
class KibaFinalDocument:
    """The best-of final (R32): games so far, wins, what comes next."""

    round: int
    first: PlayerRef
    """The finalist with the higher KIBA score: South in games 1 and 3 (R22, A13)."""
    second: PlayerRef
    wins: Mapping[CompetitorId, int]
    games: tuple[FinalGameLine, ...]
    next_game: int | None
    next_south: CompetitorId | None
    needs_another_game: bool
    first_move_deadline: datetime
    withdrawn: CompetitorId | None
    table: StandingsSection

    def to_json(self) -> dict[str, Json]:
        return {
            "round": self.round,
            "first": self.first.id,
            "second": self.second.id,
            "wins": {str(c): n for c, n in self.wins.items()},
            "games": [g.to_json() for g in self.games],
            "next_game": self.next_game,
            "next_south": self.next_south,
            "needs_another_game": self.needs_another_game,
            "first_move_deadline": self.first_move_deadline.isoformat(),
            "withdrawn": self.withdrawn,
        }


@dataclass(frozen=True, slots=True)
class KibaEventDocument:
    initial_list: tuple[InitialListLine, ...]
    stages: tuple[KibaStageDocument, ...]
    final: KibaFinalDocument | None
    walkover: StandingsSection | None
    """The final's table when fewer than two finalists are left (no final played)."""
    winner: PlayerRef | None

    @property
    def playoffs_needed(self) -> tuple[tuple[int, str, tuple[CompetitorId, ...]], ...]:
        return tuple(
            (stage.round, group, tie)
            for stage in self.stages
            for group, tie in stage.playoffs_needed
        )

    @property
    def deadlines(self) -> tuple[tuple[int, datetime], ...]:
        """(round, first-move deadline) of every published stage, the final included."""
        found = [(s.round, s.first_move_deadline) for s in self.stages]
        if self.final is not None:
            found.append((self.final.round, self.final.first_move_deadline))
        return tuple(found)

    def to_json(self) -> dict[str, Json]:
        """The keys the event summary has always had beyond the common ones."""
        document: dict[str, Json] = {
            "initial_list": [p.to_json() for p in self.initial_list],
            "stages": [s.to_json() for s in self.stages],
            "playoffs_needed": [
                {"round": number, "group": group, "players": list(tie)}
                for number, group, tie in self.playoffs_needed
            ],
        }
        if self.final is not None:
            document["final"] = self.final.to_json()
        document["winner"] = self.winner.id if self.winner is not None else None
        return document


def _no_link(game: GameFact) -> str:
    return ""


def kiba_event_document(
    event: KibaEvent,
    flags: Mapping[str, tuple[str, ...]] | None = None,
    play_url: Callable[[GameFact], str] = _no_link,
    declared: frozenset[CompetitorId] = frozenset(),
) -> KibaEventDocument:
    """`flags` say who withdrew or is on leave beside the tables (`app.documents.tables.
    player_flags`); `play_url` is a running game's page."""
    shown = dict(flags or {})
    last = len(event.stages) - 1
    stages = tuple(
        _stage(
            stage,
            event.parameters,
            stage_advancement(event, index),
            shown,
            waits_for_playoff=index == last and event.next is not None,
        )
        for index, stage in enumerate(event.stages)
    )
    lone = event.lone_finalists()
    winner = event.winner
    return KibaEventDocument(
        initial_list=tuple(InitialListLine.of(p, p.id in declared) for p in event.initial.players),
        stages=stages,
        final=_final(event.final, event.parameters, shown, play_url)
        if event.final is not None
        else None,
        walkover=standings_section(walkover_table(lone[0]), shown, preset=PRESET_NAME)
        if event.final is None and lone
        else None,
        winner=PlayerRef.of(winner.competitor) if winner is not None else None,
    )


def _stage(
    stage: GroupStage,
    parameters: KibaParameters,
    advanced: Mapping[Destination, tuple[SeededPlayer, ...]] | None,
    flags: dict[str, tuple[str, ...]],
    *,
    waits_for_playoff: bool,
) -> KibaStageDocument:
    boards = {(e.first, e.second): e.board for e in stage.published.encounters}
    tables = {
        standings.group: standings_section(table, flags, preset=PRESET_NAME)
        for standings, table in zip(stage.standings, group_tables(stage, advanced), strict=True)
    }
    groups = []
    for group in stage.groups:
        numbers = [boards[(p.south.id, p.north.id)] for p in group_pairings(group)]
        groups.append(
            KibaGroupDocument(
                name=group.name,
                players=tuple(PlayerRef.of(p.competitor) for p in group.players),
                dummy=group.dummy,
                boards=(min(numbers), max(numbers)) if numbers else None,
                table=tables.get(group.name),
            )
        )
    return KibaStageDocument(
        round=stage.number,
        kind=stage.kind.value,
        groups=tuple(groups),
        complete=stage.is_complete,
        first_move_deadline=first_move_deadline(stage.published.published_at, parameters),
        withdrawn=tuple(sorted(stage.withdrawn)),
        stale_playoffs=tuple(StalePlayoff(d.group, tuple(d.order)) for d in stage.stale_playoffs),
        playoffs_needed=stage.ties_needing_playoff()
        if stage.is_complete and waits_for_playoff
        else (),
    )


def _final(
    final: FinalStage,
    parameters: KibaParameters,
    flags: dict[str, tuple[str, ...]],
    play_url: Callable[[GameFact], str],
) -> KibaFinalDocument:
    state = final.state
    return KibaFinalDocument(
        round=final.number,
        first=PlayerRef.of(final.match.first.competitor),
        second=PlayerRef.of(final.match.second.competitor),
        wins={p.id: state.wins_of(p.id) for p in final.match.players},
        games=tuple(
            FinalGameLine(g.number, g.first, g.second, g.result.value, g.status.value, play_url(g))
            for g in final.games
        ),
        next_game=state.next_game,
        next_south=state.next_south.id if state.next_south is not None else None,
        needs_another_game=final.needs_another_game,
        first_move_deadline=first_move_deadline(final.published.published_at, parameters),
        withdrawn=final.withdrawn,
        table=standings_section(final_table(final), flags, preset=PRESET_NAME),
    )


def stage_title(kind: str) -> str:
    for stage_kind, title in STAGE_TITLES.items():
        if stage_kind.value == kind:
            return gettext(title)
    return kind
