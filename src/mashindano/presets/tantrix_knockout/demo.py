"""The `tantrix-knockout` demo's event in progress: round 1's matches under way, and in one of
them a player's result form waiting for the other player's (R16-R24)."""

from __future__ import annotations

from datetime import timedelta

from mashindano.app import rounds
from mashindano.app.demo import DEMO_ACTOR, LiveDemo, LivePlan
from mashindano.app.results import GameRef, report_result
from mashindano.presets.tantrix_knockout.use_cases import file_form

FORM_AGE = timedelta(hours=3)
PAIRED_AGO = timedelta(days=1)


def live_pending_form(live: LiveDemo) -> None:
    """Pair round 1 a day ago; in every match the first game was played and reported, but in
    the first match only its first player filed a form (status N: not the last standard
    game), three hours ago, and it waits for the other player's."""
    published = rounds.pair_next_round(live.slug, actor=DEMO_ACTOR, now=live.now - PAIRED_AGO)
    entrants = {c.id: c for c in live.roster}
    matches = [e for e in published.encounters if e.second is not None and len(e.games) > 1]
    for n, encounter in enumerate(matches):
        game = encounter.games[0]
        where = GameRef(published.number, game.board, game.number, published.stage, published.group)
        result = live.plan.result(live.rng, game, entrants)
        if n == 0:
            file_form(
                live.slug,
                where,
                str(game.first),
                result,
                status="N",
                actor=DEMO_ACTOR,
                now=live.now - FORM_AGE,
            )
        else:
            report_result(live.slug, where, result, actor=DEMO_ACTOR, now=live.now - FORM_AGE)


LIVE = LivePlan(
    "live",
    "Tantrix knockout (match in progress)",
    12,
    step=live_pending_form,
    priority=60,
)
