"""KIBA's part in what time does by itself (R25): a player whose clock ran out loses the game
(with `loss_on_time = automatic` the system records the ruling, audited `due.loss-on-time`;
with `proposal` the Mwamuzi is told and rules, and told again `UNREPORTED_AFTER` later if the
game still has no result), and reminders before each move's deadline."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta

from mashindano.app.due import (
    DueHooks,
    DueItem,
    DueKind,
    Ruling,
    duration_text,
    event_id_of,
    game_context,
    reminder_offset,
    when_text,
)
from mashindano.app.notify import (
    Kind,
    news_for_arbiters,
    news_for_players,
    player_link,
    round_link,
)
from mashindano.app.results import GameRef
from mashindano.engine.model import GameResult, Side, Termination
from mashindano.presets.kiba_bao.clocks import GameClock, kiba_loss_on_time_mode, open_game_clocks
from mashindano.store.facts import (
    EventFacts,
    Json,
)

UNREPORTED_AFTER = timedelta(hours=24)
"""KIBA: the arbiters are told of a game whose clock ran out and that has no result this long
after its deadline (when the Mwamuzi rules on losses on time)."""

# -- KIBA -----------------------------------------------------------------------------------


def _kiba_due(facts: EventFacts, now: datetime, offsets: Sequence[timedelta]) -> Iterator[DueItem]:
    mode = kiba_loss_on_time_mode(facts)
    event_id = event_id_of(facts.slug)
    names = {str(c.id): c.name for c in facts.competitors}
    for clock in open_game_clocks(facts, now):
        game = clock.game
        where = GameRef(game.round, game.board, game.number, game.stage, game.group)
        loser = clock.to_move
        context: dict[str, Json] = {
            "event": facts.name,
            "slug": facts.slug,
            "link": round_link(facts.slug, game.round, game.stage, game.group),
            "round": game.round,
            "board": game.board,
            "game": game.number,
            "player": names.get(str(loser), str(loser)),
            "opponent": names.get(str(clock.opponent), str(clock.opponent)),
            "deadline": when_text(clock.deadline),
            "moves": len(clock.reading.moves),
        }
        if clock.reading.flagged is not None:
            side = clock.reading.flagged
            result = GameResult.SECOND_WINS if side is Side.SOUTH else GameResult.FIRST_WINS
            reason = (
                f"loss on time: {side.value} ({names.get(str(loser), loser)}) did not move by "
                f"{when_text(clock.deadline)} (R25)"
            )
            key = f"kiba-flag:{facts.slug}:g{game.id}:m{len(clock.reading.moves)}"
            if mode == "automatic":
                yield DueItem(
                    LOSS_ON_TIME,
                    facts.slug,
                    key,
                    clock.deadline,
                    reason,
                    where,
                    result,
                    reason,
                    ruling=_RULING,
                )
            else:
                proposal = {**context, "result": result.value, "reason": reason}
                yield DueItem(
                    PROPOSAL,
                    facts.slug,
                    key,
                    clock.deadline,
                    reason,
                    where,
                    result,
                    reason,
                    tuple(news_for_arbiters(key, Kind.PROPOSAL, event_id, proposal)),
                )
                if now >= clock.deadline + UNREPORTED_AFTER:
                    yield _kiba_unreported(facts, clock, event_id, names, where)
            continue
        reminder = reminder_offset(clock.deadline, _waiting_since(clock), now, offsets)
        if reminder is not None:
            hours = int(reminder.total_seconds() // 3600)
            key = f"reminder:{facts.slug}:g{game.id}:m{len(clock.reading.moves)}:{hours}h"
            context["time_left"] = duration_text(clock.deadline - now)
            context["link"] = player_link()
            yield DueItem(
                DueKind.REMINDER,
                facts.slug,
                key,
                clock.deadline - reminder,
                f"{game.label}: {loser} to move by {when_text(clock.deadline)}",
                where,
                news=tuple(
                    news_for_players(key, Kind.DEADLINE_REMINDER, event_id, [loser], context)
                ),
            )


def _kiba_unreported(
    facts: EventFacts, clock: GameClock, event_id: int, names: dict[str, str], where: GameRef
) -> DueItem:
    """A clock ran out, the Mwamuzi was asked to rule (`loss_on_time = proposal`), and the game
    still has no result `UNREPORTED_AFTER` later: the arbiters (else organisers) are told once."""
    game = clock.game
    key = f"unreported:{facts.slug}:g{game.id}:m{len(clock.reading.moves)}"
    context = {
        **game_context(facts, game, names, players=("a", "b")),
        "deadline": when_text(clock.deadline),
    }
    return DueItem(
        DueKind.REMINDER,
        facts.slug,
        key,
        clock.deadline + UNREPORTED_AFTER,
        f"{game.label}: no result recorded since the clock ran out at {when_text(clock.deadline)}",
        where,
        news=tuple(news_for_arbiters(key, Kind.UNREPORTED, event_id, context)),
    )


def _waiting_since(clock: GameClock) -> datetime:
    moves = clock.reading.moves
    return moves[-1].at if moves else clock.start


LOSS_ON_TIME = "kiba-loss-on-time"
PROPOSAL = "kiba-loss-on-time-proposal"
_RULING = Ruling("due.loss-on-time", Termination.TIMEOUT)


def kiba_due(facts: EventFacts, now: datetime, offsets: Sequence[timedelta]) -> Iterator[DueItem]:
    return _kiba_due(facts, now, offsets)


DUE = DueHooks(kiba_due, with_moves=True)
