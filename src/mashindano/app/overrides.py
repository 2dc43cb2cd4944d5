"""The arbiter's forbidden pairs: two players who must not be paired together (family members,
the same club in a qualifier, a complaint upheld), TRF's `XXP`.

Each decision is an `ArbiterOverride` fact (`forbid-pair` or `allow-pair`, value
`{"players": [a, b]}` with the entries' keys, a reason), appended and never rewritten;
`EventFacts.forbidden_pairs()` replays them in order and the preset's pairing avoids the pairs
still forbidden. Only presets whose pairing engine takes forbidden pairs accept them.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, WrongState
from mashindano.app.formats.parts import PAIRING
from mashindano.app.formats.registry import available_presets, part
from mashindano.app.locking import EventContext, locked_event
from mashindano.app.principals import Principal
from mashindano.app.queries import get_entry
from mashindano.engine.errors import ParseError
from mashindano.engine.model import CompetitorId
from mashindano.store import models
from mashindano.store.facts import ALLOW_PAIR, FORBID_PAIR, EventState, Json

type Pair = tuple[CompetitorId, CompetitorId]


def forbid_pair(
    slug: str,
    player_a: str,
    player_b: str,
    *,
    actor: Principal,
    reason: str,
    now: datetime | None = None,
) -> Pair:
    """Forbid the two players (key or number) from being paired together from the next round
    on; returns their keys. Refused: a preset whose pairing ignores forbidden pairs, an unknown
    player, the same player twice, no reason, a pair already forbidden, a closed event or one
    with every round paired.

    The forbid is recorded even when it leaves the next round without a complete pairing (the
    arbiter may mean to lift another one first): pairing that round then fails with
    `NoValidPairing` naming the players left without an opponent, until `allow_pair` lifts it.
    """
    with locked_event(slug, actor, "pair.forbid", now=now) as context:
        pair = _check_pair_request(context, player_a, player_b, reason)
        if frozenset(pair) in context.facts().forbidden_pairs():
            raise Duplicate(
                gettext(
                    "{value!r} and {value2!r} are already forbidden to meet in event {slug!r}"
                ).format(value=pair[0], value2=pair[1], slug=slug),
                event=slug,
                players=list(pair),
            )
        _write(context, FORBID_PAIR, pair, reason)
    return pair


def allow_pair(
    slug: str,
    player_a: str,
    player_b: str,
    *,
    actor: Principal,
    reason: str,
    now: datetime | None = None,
) -> Pair:
    """Lift a forbid: the two players may be paired together again from the next round on;
    returns their keys. Refused as `forbid_pair` is, and when the pair is not forbidden."""
    with locked_event(slug, actor, "pair.allow", now=now) as context:
        pair = _check_pair_request(context, player_a, player_b, reason)
        if frozenset(pair) not in context.facts().forbidden_pairs():
            raise WrongState(
                gettext(
                    "{value!r} and {value2!r} are not forbidden to meet in event "
                    "{slug!r}; there is nothing to allow"
                ).format(value=pair[0], value2=pair[1], slug=slug),
                event=slug,
                players=list(pair),
            )
        _write(context, ALLOW_PAIR, pair, reason)
    return pair


def _check_pair_request(context: EventContext, player_a: str, player_b: str, reason: str) -> Pair:
    event = context.event
    if not part(event.preset, PAIRING).takes_forbidden_pairs:
        # Round robins and knockouts follow fixed tables; leagues pair by their own rules.
        taking = [p for p in available_presets() if part(p, PAIRING).takes_forbidden_pairs]
        raise WrongState(
            gettext(
                "event {slug!r} uses preset {preset!r}, whose pairing does "
                "not take forbidden pairs (only these do: {value})"
            ).format(slug=event.slug, preset=event.preset, value=", ".join(taking)),
            event=event.slug,
            preset=event.preset,
        )
    _check_pairings_ahead(context)
    if not reason.strip():
        raise ParseError(
            gettext("forbidding or allowing a pair needs a reason (it is kept in the log)"),
            event=event.slug,
        )
    first = get_entry(event, player_a)
    second = get_entry(event, player_b)
    if first.id == second.id:
        raise ParseError(
            gettext(
                "{player_a!r} and {player_b!r} are the same player ({key!r}) "
                "of event {slug!r}; a pair needs two players"
            ).format(player_a=player_a, player_b=player_b, key=first.key, slug=event.slug),
            event=event.slug,
            player=first.key,
        )
    return CompetitorId(first.key), CompetitorId(second.key)


def _check_pairings_ahead(context: EventContext) -> None:
    """A pair can only matter for rounds still to be paired."""
    event = context.event
    if event.state == EventState.CLOSED:
        raise WrongState(
            gettext("event {slug!r} is closed; its pairings no longer change").format(
                slug=event.slug
            ),
            event=event.slug,
            state=event.state,
        )
    facts = context.facts()
    if facts.state is EventState.RUNNING and part(facts.preset, PAIRING).next_unit(facts) is None:
        raise WrongState(
            gettext("every round of event {slug!r} is paired; no pairing is left to change").format(
                slug=event.slug
            ),
            event=event.slug,
        )


def _write(context: EventContext, subject: str, pair: Pair, reason: str) -> None:
    players: list[Json] = [str(p) for p in pair]
    models.ArbiterOverride.objects.create(
        event=context.event,
        subject=subject,
        value={"players": players},
        at=context.now,
        actor=context.actor,
        reason=reason,
    )
    context.record(after={"subject": subject, "players": players, "reason": reason})
