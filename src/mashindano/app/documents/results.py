"""What a result command changed: the game as it stands, its result and report state before,
and the games added to its match (a tiebreak, a final's game 3)."""

from __future__ import annotations

from dataclasses import dataclass

from mashindano.app.documents.place import PlayerRef
from mashindano.app.documents.rounds import GameLine
from mashindano.app.queries import get_competitors
from mashindano.app.results import ResultChange
from mashindano.store.facts import Json


@dataclass(frozen=True, slots=True)
class ResultChangeDocument:
    game: GameLine
    before_result: str
    before_status: str
    added: tuple[GameLine, ...]

    def to_json(self) -> dict[str, Json]:
        game = self.game
        return {
            "round": game.place.round,
            "board": game.board,
            "game": game.game,
            "first": game.first.id,
            "second": game.second.id,
            "result": game.result,
            "status": game.status,
            "detail": game.detail,
            "before": {"result": self.before_result, "status": self.before_status},
            "added_games": [
                {
                    "game": g.game,
                    "first": g.first.id,
                    "second": g.second.id,
                    "first_side": g.first_side,
                    "result": g.result,
                }
                for g in self.added
            ],
        }


def build_result_change(slug: str, change: ResultChange) -> ResultChangeDocument:
    games = (change.game, *change.added)
    keys = {key for g in games for key in (g.first, g.second)}
    players = {c.id: PlayerRef.of(c) for c in get_competitors(slug, keys).values()}
    return ResultChangeDocument(
        game=GameLine.of(change.game, players),
        before_result=change.before[0].value,
        before_status=change.before[1].value,
        added=tuple(GameLine.of(g, players) for g in change.added),
    )
