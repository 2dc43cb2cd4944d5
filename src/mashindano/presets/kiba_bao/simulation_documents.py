"""KIBA tournaments without a database, as documents: the seeding (`mashindano seed`: the
initial list and the qualification groups) and a whole simulated tournament (`mashindano
simulate --preset kiba-bao`: every stage's pairings and group standings, the final, the
winner). Shaping only: everything shown is computed by `mashindano.engine.kiba`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mashindano.engine.kiba.event import PlayedStage
from mashindano.engine.kiba.final import FinalState
from mashindano.engine.kiba.group_play import DUMMY_LABEL, KibaGroup, KibaPairing
from mashindano.engine.kiba.ranking import GroupStandings, TieValue
from mashindano.engine.kiba.seeding import InitialList, SeededPlayer
from mashindano.engine.kiba.simulation import KibaSimulation
from mashindano.engine.model import CompetitorId, Game, Outcome
from mashindano.engine.points import points_to_json
from mashindano.presets.kiba_bao import PRESET_NAME


@dataclass(frozen=True, slots=True)
class KibaSeedDocument:
    """The initial list (R6-R8) and the qualification groups with their Berger numbers."""

    initial_list: InitialList
    groups: tuple[KibaGroup, ...]

    def to_json(self) -> dict[str, Any]:
        return seed_json(self.initial_list, self.groups)


@dataclass(frozen=True, slots=True)
class KibaSimulationDocument:
    simulation: KibaSimulation

    def to_json(self) -> dict[str, Any]:
        return simulation_json(self.simulation)


_MARKS: dict[Outcome | None, str] = {Outcome.WIN: "+", Outcome.LOSS: "-"}


def seed_json(initial_list: InitialList, groups: Sequence[KibaGroup]) -> dict[str, Any]:
    """`mashindano seed --json`: the initial list and the qualification groups."""
    return {
        "preset": PRESET_NAME,
        "players": len(initial_list),
        "initial_list": [_player_json(p) for p in initial_list.players],
        "lots_used": list(initial_list.lots_used),
        "group_count": len(groups),
        "groups": [_group_json(g) for g in groups],
    }


def simulation_json(sim: KibaSimulation) -> dict[str, Any]:
    """`mashindano simulate --json`: one document with every stage, the final and the winner."""
    return {
        "preset": PRESET_NAME,
        "seed": sim.seed,
        "players": len(sim.initial_list),
        "initial_list": [_player_json(p) for p in sim.initial_list.players],
        "stages": [_stage_json(stage) for stage in sim.stages],
        "final": _final_json(sim.final, sim.finalists),
        "winner": sim.winner.name,
        "withdrawals": [{"player": w.competitor, "stage": w.stage.value} for w in sim.withdrawals],
        "playoffs": [
            {"stage": p.stage.value, "group": p.group, "order": list(p.order)} for p in sim.playoffs
        ],
    }


def pairing_code(pairing: KibaPairing, games: Sequence[Game]) -> str:
    """R31 from the South player's side: one `+`/`-` per game, `*` while unfinished."""
    marks = []
    for game in games:
        outcome = game.outcome_for(pairing.south.id)
        marks.append(_MARKS.get(outcome, "*"))
    return "".join(marks)


def _player_json(p: SeededPlayer) -> dict[str, Any]:
    return {
        "seed": p.seed,
        "name": p.name,
        "category": p.category,
        "elo": p.elo,
        "games_played": p.games,
        "kiba_score": p.kiba_score,
        "country": p.country,
    }


def _group_json(group: KibaGroup) -> dict[str, Any]:
    players: list[dict[str, Any]] = [
        {"berger": number, "seed": p.seed, "name": p.name}
        for number, p in enumerate(group.players, start=1)
    ]
    if group.dummy is not None:
        players.append({"berger": group.dummy, "seed": None, "name": DUMMY_LABEL, "dummy": True})
    rounds = []
    if group.schedule is not None:
        rounds = [
            [[_berger_label(group, a), _berger_label(group, b)] for a, b in round_pairs]
            for round_pairs in group.schedule.rounds
        ]
    return {"name": group.name, "players": players, "rounds": rounds}


def _berger_label(group: KibaGroup, number: int) -> int:
    return -1 if number == group.dummy else number


def _stage_json(stage: PlayedStage) -> dict[str, Any]:
    groups = []
    for group in stage.groups:
        table = stage.standings_of(group.name)
        by_encounter = games_by_encounter(table.games)
        groups.append(
            {
                **_group_json(group),
                "pairings": [
                    _pairing_json(p, by_encounter.get(p.encounter, ()))
                    for p in stage.schedule.group_pairings(group.name)
                ],
                "sit_outs": [
                    {"berger_round": s.berger_round, "player": s.player.name}
                    for s in stage.schedule.sit_outs
                    if s.group == group.name
                ],
                "standings": _standings_json(table),
            }
        )
    return {"stage": stage.kind.value, "groups": groups}


def _pairing_json(pairing: KibaPairing, games: Sequence[Game]) -> dict[str, Any]:
    return {
        "berger_round": pairing.berger_round,
        "board": pairing.board,
        "south": pairing.south.name,
        "north": pairing.north.name,
        "result": pairing_code(pairing, games),
        "games": [_game_json(game) for game in games],
    }


def _game_json(game: Game) -> dict[str, Any]:
    return {
        "south": game.first,
        "north": game.second,
        "result": game.result.value,
        "termination": game.termination.value,
    }


def _standings_json(table: GroupStandings) -> list[dict[str, Any]]:
    return [
        {
            "rank": row.rank,
            "name": row.player.name,
            "seed": row.player.seed,
            "score": points_to_json(row.score),
            "tiebreaks": {name: _value_json(row.values.get(name)) for name in table.tiebreaks},
            "withdrawn": row.withdrawn,
        }
        for row in table.rows
    ]


def _final_json(final: FinalState | None, finalists: Sequence[SeededPlayer]) -> dict[str, Any]:
    if final is None:
        return {
            "players": [p.name for p in finalists],
            "games": [],
            "wins": {},
            "winner": finalists[0].name if finalists else None,
            "played": False,
        }
    match = final.match
    return {
        "players": [match.first.name, match.second.name],
        "first_move": match.first.name,
        "games": [
            {"game": number, **_game_json(game), "winner": winner_of(game)}
            for number, game in enumerate(final.games, start=1)
        ],
        "wins": {match.first.name: final.wins_first, match.second.name: final.wins_second},
        "winner": None if final.winner is None else final.winner.name,
        "played": True,
    }


def winner_of(game: Game) -> CompetitorId | None:
    outcome = game.result.outcome_for_first()
    if outcome is Outcome.WIN:
        return game.first
    if game.result.outcome_for_second() is Outcome.WIN:
        return game.second
    return None


def _value_json(value: TieValue) -> int | float | None:
    if value is None:
        return None
    if isinstance(value, int):
        return value
    return points_to_json(value)


def games_by_encounter(games: Sequence[Game]) -> dict[int, tuple[Game, ...]]:
    grouped: dict[int, list[Game]] = {}
    for game in games:
        if game.encounter is not None:
            grouped.setdefault(game.encounter, []).append(game)
    return {encounter: tuple(found) for encounter, found in grouped.items()}
