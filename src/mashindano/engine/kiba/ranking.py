"""Group standings (R28-R31, A9, A10, A14): score, Neustadtl, KIBA score, then the director's
playoff decision, recorded as a fact.

The computed part comes from engine/standings.py over the group's two-game pairings. What is
still tied afterwards shares a rank until the director's playoff decides it; a playoff is only
required where a tie decides where players go next (`ties_needing_playoff`). Withdrawn players
keep their place in the table (their unfinished games lost by abandonment) but are passed over
for advancement.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from mashindano.engine.errors import ConfigError, IllegalResult, MashindanoError
from mashindano.engine.kiba.group_play import KibaGroup, group_sit_outs
from mashindano.engine.kiba.parameters import KIBA_BAO, PLAYOFF, KibaParameters
from mashindano.engine.kiba.seeding import SeededPlayer
from mashindano.engine.kiba.withdrawal import score_withdrawals
from mashindano.engine.model import CompetitorId, Game, StageResults
from mashindano.engine.points import Points
from mashindano.engine.sheets import ScoreTable
from mashindano.engine.standings import compute_standings
from mashindano.engine.tiebreaks import Better, TieBreak, TieValues, tiebreak_by_name

KIBA_SCORE = "kiba-score"

type TieValue = Fraction | int | None


@dataclass(frozen=True, slots=True)
class GroupRow:
    rank: int
    player: SeededPlayer
    score: Points
    values: Mapping[str, TieValue]
    """Tie-break values by name (`neustadtl`, `kiba-score`, and `playoff`: the place the
    director's playoff gave, None where no playoff was needed)."""
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class GroupStandings:
    group: str
    rows: tuple[GroupRow, ...]
    tiebreaks: tuple[str, ...]
    """The tie-break columns in order (after the score)."""
    games: tuple[Game, ...]
    """The group's games as scored (withdrawals applied)."""
    complete: bool
    """True once every game of the group has a result."""
    playoffs: tuple[tuple[CompetitorId, ...], ...] = field(default=())

    def row(self, competitor: CompetitorId) -> GroupRow:
        for row in self.rows:
            if row.player.id == competitor:
                return row
        raise IllegalResult(
            f"{competitor!r} is not in group {self.group}", competitor=competitor, group=self.group
        )

    def eligible(self) -> tuple[GroupRow, ...]:
        """The rows of players still in the stage (not withdrawn), in standings order."""
        return tuple(row for row in self.rows if not row.withdrawn)

    def tied_blocks(self) -> tuple[tuple[GroupRow, ...], ...]:
        """Eligible players sharing a rank, two or more per block, in standings order."""
        blocks: dict[int, list[GroupRow]] = {}
        for row in self.eligible():
            blocks.setdefault(row.rank, []).append(row)
        return tuple(tuple(rows) for rows in blocks.values() if len(rows) > 1)

    def ties_needing_playoff(
        self, destinations: Sequence[str]
    ) -> tuple[tuple[CompetitorId, ...], ...]:
        """Ties (R29 (4), A9) whose order decides where players go.

        `destinations[i]` is where eligible place i + 1 goes; places beyond the list are out.
        A tie matters when its places do not all lead to the same destination.
        """
        eligible = self.eligible()
        needed = []
        for block in self.tied_blocks():
            first = eligible.index(block[0])
            places = range(first, first + len(block))
            targets = {destinations[i] if i < len(destinations) else "" for i in places}
            if len(targets) > 1:
                needed.append(tuple(row.player.id for row in block))
        return tuple(needed)

    def advancing(self, destinations: Sequence[str]) -> tuple[SeededPlayer | None, ...]:
        """The players at the eligible places 1..len(destinations) (None where the group has
        too few players left).

        Raises ConfigError (code `group_unfinished`) while games are missing, and a
        MashindanoError (code `playoff_needed`) naming the tied players while a tie that
        matters has no playoff decision.
        """
        if not self.complete:
            raise ConfigError(
                f"group {self.group} still has games without a result",
                code="group_unfinished",
                group=self.group,
            )
        needed = self.ties_needing_playoff(destinations)
        if needed:
            names = "; ".join(", ".join(block) for block in needed)
            raise MashindanoError(
                f"group {self.group}: {names} are tied after "
                f"{', '.join(t for t in self.tiebreaks if t != PLAYOFF) or 'the score'}; "
                "the director must arrange a playoff and record its result",
                code="playoff_needed",
                group=self.group,
                players=[list(block) for block in needed],
            )
        eligible = self.eligible()
        return tuple(
            eligible[i].player if i < len(eligible) else None for i in range(len(destinations))
        )


def group_results(
    group: KibaGroup,
    games: Sequence[Game],
    parameters: KibaParameters = KIBA_BAO,
) -> StageResults:
    """The group's facts in the shared vocabulary: competitors with the Elo the rules use and
    their seed as number, the games, and the sit-outs as byes worth nothing (R13)."""
    return StageResults(
        competitors=tuple(p.as_competitor() for p in group.players),
        games=tuple(games),
        byes=tuple(s.as_bye() for s in group_sit_outs(group)),
        points=parameters.point_system,
        rounds=None if group.schedule is None else group.schedule.round_count,
    )


def rank_group(
    group: KibaGroup,
    games: Sequence[Game],
    parameters: KibaParameters = KIBA_BAO,
    *,
    withdrawn: Collection[CompetitorId] = (),
    playoffs: Sequence[Sequence[CompetitorId]] = (),
) -> GroupStandings:
    """R28/R29: the group's standings from its games as reported.

    Unfinished games of `withdrawn` players are scored as losses by abandonment first (A14).
    Each entry of `playoffs` is the director's recorded playoff result: the tied players
    (all of a tie's players still in the stage) in the order the playoff placed them.
    """
    for game in games:
        for player in (game.first, game.second):
            if not group.has(player):
                raise IllegalResult(
                    f"round {game.round}: {player!r} is not in group {group.name}",
                    competitor=player,
                    group=group.name,
                    round=game.round,
                )
    out = {c for c in withdrawn if group.has(c)}
    scored = score_withdrawals(games, out)
    names = parameters.computed_tiebreaks
    table = compute_standings(
        group_results(group, scored, parameters), [_tiebreak(n, group) for n in names]
    )
    by_id = {p.id: p for p in group.players}
    rows = [
        GroupRow(
            rank=row.rank,
            player=by_id[row.competitor.id],
            score=row.points,
            values={name: row.values[name] for name in names},
            withdrawn=row.competitor.id in out,
        )
        for row in table.rows
    ]
    columns = parameters.tiebreaks
    if playoffs and not parameters.uses_playoff:
        raise ConfigError(
            f"group {group.name}: a playoff result was given but 'playoff' is not in the "
            f"tie-break order ({parameters.tiebreak_order})",
            code="playoff_not_configured",
            group=group.name,
        )
    recorded: list[tuple[CompetitorId, ...]] = []
    for decision in playoffs:
        rows = _apply_playoff(group.name, rows, tuple(decision))
        recorded.append(tuple(decision))
    if parameters.uses_playoff:
        rows = [
            row if PLAYOFF in row.values else _with_value(row, PLAYOFF, None, row.rank)
            for row in rows
        ]
    return GroupStandings(
        group=group.name,
        rows=tuple(rows),
        tiebreaks=columns,
        games=scored,
        complete=all(g.result.is_decided for g in scored),
        playoffs=tuple(recorded),
    )


def _tiebreak(name: str, group: KibaGroup) -> TieBreak:
    if name == KIBA_SCORE:
        return _seeded_kiba_score(group)
    return tiebreak_by_name(name)


def _seeded_kiba_score(group: KibaGroup) -> TieBreak:
    """The KIBA score exactly as on the initial list.

    The registry's `kiba-score` recomputes Elo/10 + games with the default rounding; taking
    the list's value keeps one number per player under a house rounding (A5) too.
    """
    scores = {p.id: p.kiba_score for p in group.players}

    def values(table: ScoreTable) -> TieValues:
        return TieValues([scores[c.id] for c in table.competitors])

    return TieBreak(KIBA_SCORE, "KIBA", Better.HIGHER, over_field=values)


def _apply_playoff(
    group: str, rows: list[GroupRow], decision: tuple[CompetitorId, ...]
) -> list[GroupRow]:
    if len(decision) < 2 or len(set(decision)) != len(decision):
        raise IllegalResult(
            f"group {group}: a playoff orders two or more different players, got "
            f"{', '.join(decision) or 'none'}",
            group=group,
        )
    known = {row.player.id: row for row in rows}
    unknown = [c for c in decision if c not in known]
    if unknown:
        raise IllegalResult(
            f"group {group}: playoff names {', '.join(unknown)}, not in the group",
            group=group,
            players=unknown,
        )
    rank = known[decision[0]].rank
    block = [row for row in rows if row.rank == rank]
    staying = {row.player.id for row in block if not row.withdrawn}
    if set(decision) != staying:
        raise IllegalResult(
            f"group {group}: the playoff must order exactly the tied players "
            f"{', '.join(sorted(staying))}, got {', '.join(decision)}",
            group=group,
            players=list(decision),
        )
    start = rows.index(block[0])
    ordered = [
        _with_value(known[c], PLAYOFF, place, rank + place - 1)
        for place, c in enumerate(decision, start=1)
    ]
    ordered += [
        _with_value(row, PLAYOFF, None, rank + len(decision)) for row in block if row.withdrawn
    ]
    return rows[:start] + ordered + rows[start + len(block) :]


def _with_value(row: GroupRow, name: str, value: TieValue, rank: int) -> GroupRow:
    values = dict(row.values)
    values[name] = value
    return GroupRow(
        rank=rank, player=row.player, score=row.score, values=values, withdrawn=row.withdrawn
    )
