"""KIBA standings tables from a derived event (`kiba_bao_stages.derive_event`): one table per
group of each stage (score, Neustadtl, KIBA score, playoff place; R28-R31) with notes on who
went where, and the final's table. The adapter's standings and the KIBA event document
(`app.documents.kiba`) both read them."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from django.utils.translation import gettext

from mashindano.app.formats.base import StandingsLine, StandingsTable
from mashindano.app.marks import gettext_noop
from mashindano.engine.kiba import Destination, SeededPlayer, StageKind
from mashindano.engine.kiba.ranking import GroupStandings, TieValue
from mashindano.engine.model import CompetitorId
from mashindano.presets.kiba_bao.stages import FinalStage, GroupStage, KibaEvent

STAGE_TITLES = {
    StageKind.QUALIFICATION: gettext_noop("Qualification"),
    StageKind.SEMIFINAL: gettext_noop("Semifinal"),
    StageKind.FINAL: gettext_noop("Final"),
}
_DESTINATION_NOTES = {
    Destination.SEMIFINAL_1: gettext_noop("to semifinal group S1"),
    Destination.SEMIFINAL_2: gettext_noop("to semifinal group S2"),
    Destination.FINAL: gettext_noop("to the final"),
}


def _points(value: TieValue) -> Fraction | None:
    return None if value is None else Fraction(value)


def group_tables(
    stage: GroupStage, advanced: Mapping[Destination, tuple[SeededPlayer, ...]] | None
) -> list[StandingsTable]:
    going = {p.id: d for d, players in (advanced or {}).items() for p in players}
    tied = {c for _, tie in stage.ties_needing_playoff() for c in tie}
    title = gettext(STAGE_TITLES[stage.kind])
    return [
        StandingsTable(
            gettext("{title} group {group} (round {round})").format(
                title=title, group=table.group, round=stage.number
            ),
            table.tiebreaks,
            _group_lines(table, going, tied),
        )
        for table in stage.standings
    ]


def _group_lines(
    table: GroupStandings, going: Mapping[CompetitorId, Destination], tied: set[CompetitorId]
) -> tuple[StandingsLine, ...]:
    ranks = [row.rank for row in table.rows]
    lines = []
    for row in table.rows:
        notes = []  # a withdrawal is said by the event's flags ("withdrawn from round N")
        if row.player.id in going:
            notes.append(gettext(_DESTINATION_NOTES[going[row.player.id]]))
        if row.player.id in tied:
            notes.append(gettext("tied: playoff needed"))
        lines.append(
            StandingsLine(
                rank=row.rank,
                is_shared=ranks.count(row.rank) > 1,
                competitor=row.player.as_competitor(),
                points=row.score,
                values={name: _points(value) for name, value in row.values.items()},
                note="; ".join(notes),
            )
        )
    return tuple(lines)


def final_table(final: FinalStage) -> StandingsTable:
    state = final.state
    wins = {p.id: state.wins_of(p.id) for p in final.match.players}
    winner = state.winner.id if state.winner is not None else None
    order = sorted(final.match.players, key=lambda p: (p.id != winner, -wins[p.id], p.seed))
    shared = winner is None and len(set(wins.values())) == 1
    lines = []
    for place, player in enumerate(order, start=1):
        notes = []
        if player.id == winner:
            notes.append(gettext("winner"))
        if player.id == final.match.first.id:
            notes.append(gettext("South in games 1 and 3"))
        lines.append(
            StandingsLine(
                rank=1 if shared else place,
                is_shared=shared,
                competitor=player.as_competitor(),
                points=Fraction(wins[player.id]),
                values={},
                note="; ".join(notes),
            )
        )
    games = final.match.rule.max_games
    title = gettext("Final, best of {games} (round {round})").format(
        games=games, round=final.number
    )
    return StandingsTable(title, (), tuple(lines))


def walkover_table(player: SeededPlayer) -> StandingsTable:
    line = StandingsLine(
        rank=1,
        is_shared=False,
        competitor=player.as_competitor(),
        points=Fraction(0),
        values={},
        note=gettext("winner: no opponent left for the final"),
    )
    return StandingsTable(gettext("Final (not played)"), (), (line,))


def stage_advancement(
    event: KibaEvent, index: int
) -> Mapping[Destination, tuple[SeededPlayer, ...]] | None:
    """Who went (or, for the latest stage, goes) from stage `index` to the next, once known."""
    if index < len(event.advanced):
        return event.advanced[index]
    return event.pending_advancement()


def event_tables(event: KibaEvent) -> tuple[StandingsTable, ...]:
    """The final on top, then each stage's groups, the latest stage first."""
    tables: list[StandingsTable] = []
    if event.final is not None:
        tables.append(final_table(event.final))
    elif (lone := event.lone_finalists()) is not None and lone:
        tables.append(walkover_table(lone[0]))
    for index in range(len(event.stages) - 1, -1, -1):
        tables.extend(group_tables(event.stages[index], stage_advancement(event, index)))
    return tuple(tables)


def section_titles(event: KibaEvent) -> dict[tuple[int, int, int], str]:
    """The table each published encounter counts in, by (stage, round, board): its group's
    table (the group of its first player) or the final's (GAMES.csv `section`)."""
    titles: dict[tuple[int, int, int], str] = {}
    for stage in event.stages:
        published = stage.published
        group_of = {
            row.player.id: table.title
            for table, standings in zip(group_tables(stage, None), stage.standings, strict=True)
            for row in standings.rows
        }
        for encounter in published.encounters:
            key = (published.stage, published.number, encounter.board)
            titles[key] = group_of[encounter.first]
    if event.final is not None:
        published = event.final.published
        title = final_table(event.final).title
        for encounter in published.encounters:
            titles[(published.stage, published.number, encounter.board)] = title
    return titles


FINAL_GROUP = "final"


def board_groups(event: KibaEvent, stage: int, number: int) -> dict[int, str]:
    """The group of each board of a published round ("A", "S1", or `FINAL_GROUP`)."""
    for kiba_stage in event.stages:
        published = kiba_stage.published
        if (published.stage, published.number) == (stage, number):
            group_of = {row.player.id: t.group for t in kiba_stage.standings for row in t.rows}
            return {e.board: group_of[e.first] for e in published.encounters}
    final = event.final
    if final is not None and (final.published.stage, final.published.number) == (stage, number):
        return {e.board: FINAL_GROUP for e in final.published.encounters}
    return {}
