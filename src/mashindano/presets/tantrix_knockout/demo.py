"""The `tantrix-knockout` demo's event in progress: round 1's matches under way, and in one of
them a player's result form waiting for the other player's (R16-R24)."""

from __future__ import annotations

from datetime import timedelta

from mashindano.app.demo import DEMO_ACTOR, LiveDemo, LivePlan
from mashindano.app.queries import get_event_facts
from mashindano.app.results import GameRef
from mashindano.presets.tantrix_knockout.use_cases import file_form
from mashindano.store.facts import ResultStatus

FORM_AGE = timedelta(hours=3)


def live_pending_form(live: LiveDemo) -> None:
    """File the first player's form for the first open game of a match that has more games
    after it (status N: not the last standard game), three hours ago."""
    facts = get_event_facts(live.slug)
    shown = facts.rounds[-1]
    entrants = {c.id: c for c in live.roster}
    for encounter in shown.encounters:
        if encounter.second is None or len(encounter.games) < 2:
            continue
        game = encounter.games[0]
        if game.status is not ResultStatus.PENDING:
            continue
        where = GameRef(shown.number, game.board, game.number, shown.stage, shown.group)
        file_form(
            live.slug,
            where,
            str(game.first),
            live.plan.result(live.rng, game, entrants),
            status="N",
            actor=DEMO_ACTOR,
            now=live.now - FORM_AGE,
        )
        return


LIVE = LivePlan(
    "live",
    "Tantrix knockout (match in progress)",
    12,
    open_unit=True,
    step=live_pending_form,
    priority=60,
)
