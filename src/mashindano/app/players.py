"""Registration: one player, or a whole list (PLAYERS.csv) in one transaction."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, WrongState
from mashindano.app.formats.parts import LATE_ENTRIES, PAIRING
from mashindano.app.formats.registry import part
from mashindano.app.locking import EventContext, locked_event
from mashindano.app.principals import Principal
from mashindano.engine.errors import ParseError
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.interchange.limits import MAX_GAMES_PLAYED, MAX_RATING
from mashindano.interchange.players_csv import parse_players_csv
from mashindano.store import models
from mashindano.store.facts import EventState, Json
from mashindano.store.mapping import entry_fields

Progress = Callable[[int, int], None]
"""Called with (done, total) while a long import runs."""

IMPORT_BATCH = 200


def check_register_players(event: models.Event, competitors: Sequence[Competitor]) -> None:
    # A running event takes late entries only if its preset says so (`check_late_entries`).
    if event.state not in (EventState.REGISTRATION.value, EventState.RUNNING.value):
        raise WrongState(
            gettext("event {slug!r} is {state}; players register only before it starts").format(
                slug=event.slug, state=event.state
            ),
            event=event.slug,
            state=event.state,
        )
    seen: set[str] = set()
    for competitor in competitors:
        if not competitor.name.strip():
            raise ParseError(gettext("a player needs a name"), event=event.slug, field="name")
        check_competitor_values(competitor)
        if competitor.id in seen:
            raise Duplicate(
                gettext("player {id!r} is listed twice").format(id=competitor.id),
                event=event.slug,
                player=competitor.id,
            )
        seen.add(competitor.id)
    taken = set(
        models.Entry.objects.filter(event=event, key__in=list(seen)).values_list("key", flat=True)
    )
    if taken:
        first = sorted(taken)[0]
        raise Duplicate(
            gettext("player {first!r} is already registered in event {slug!r}").format(
                first=first, slug=event.slug
            )
            + (
                gettext(" (and {count} more)").format(count=len(taken) - 1)
                if len(taken) > 1
                else ""
            ),
            event=event.slug,
            player=first,
        )


def check_competitor_values(competitor: Competitor) -> None:
    """Values the store can hold and the rules can use: texts that fit their columns (a name
    of 200 characters, a country of 10), a rating of at most MAX_RATING, games played of at
    most MAX_GAMES_PLAYED."""
    for what, column, text in (
        ("name", "name", competitor.name),
        ("name", "key", str(competitor.id)),
        ("country", "country", competitor.country or ""),
    ):
        longest = getattr(models.Entry._meta.get_field(column), "max_length", None) or 0
        if len(text) > longest:
            raise ParseError(
                gettext(
                    "player {value!r}: {what} {value2!r} is longer than {longest} characters"
                ).format(value=competitor.name[:40], what=what, value2=text[:40], longest=longest),
                player=competitor.name[:40],
                field=column if column == "country" else "name",
            )
    for what, value, highest in (
        ("rating", competitor.rating, MAX_RATING),
        ("games played", competitor.games_played, MAX_GAMES_PLAYED),
    ):
        if value is not None and not 0 <= value <= highest:
            raise ParseError(
                gettext("player {name!r}: {what} {value} is outside 0-{highest}").format(
                    name=competitor.name, what=what, value=value, highest=highest
                ),
                player=competitor.name,
                field=what.replace(" ", "_"),
            )


def register_players(
    slug: str,
    competitors: Sequence[Competitor],
    *,
    actor: Principal,
    now: datetime | None = None,
    progress: Progress | None = None,
) -> int:
    """Register players; numbers are left to the start of the event. Returns how many."""
    action = "players.import" if len(competitors) != 1 else "players.register"
    with locked_event(slug, actor, action, now=now) as context:
        check_register_players(context.event, competitors)
        numbers = check_late_entries(context, competitors)
        do_register_players(context, competitors, progress, numbers)
    return len(competitors)


def register_player(
    slug: str,
    name: str,
    *,
    actor: Principal,
    rating: int | None = None,
    games_played: int | None = None,
    country: str | None = None,
    now: datetime | None = None,
) -> Competitor:
    """One player by hand (the console's form, the command line's `players add`): the same
    checks and record as a players file of one row."""
    competitor = Competitor(
        CompetitorId(name), name, rating=rating, games_played=games_played, country=country
    )
    register_players(slug, [competitor], actor=actor, now=now)
    return competitor


def check_late_entries(
    context: EventContext, competitors: Sequence[Competitor]
) -> Mapping[CompetitorId, int]:
    """After the start the preset decides: refuse (the default), or admit the players with
    the numbers it gives them (Tasaselo late entries, league newcomers)."""
    if context.event.state == EventState.REGISTRATION.value:
        return {}
    return part(context.event.preset, LATE_ENTRIES).plan_late_entries(
        context.facts(), competitors, context.now
    )


def do_register_players(
    context: EventContext,
    competitors: Sequence[Competitor],
    progress: Progress | None,
    numbers: Mapping[CompetitorId, int] | None = None,
) -> None:
    numbers = numbers or {}
    first_round = _next_round(context)
    total = len(competitors)
    for start in range(0, total, IMPORT_BATCH):
        batch = competitors[start : start + IMPORT_BATCH]
        models.Entry.objects.bulk_create(
            models.Entry(
                event=context.event,
                registered_at=context.now,
                first_round=first_round,
                **entry_fields(replace(c, number=numbers.get(c.id))),
            )
            for c in batch
        )
        if progress is not None:
            progress(start + len(batch), total)
    late: dict[str, Json] = {"numbers": {str(k): v for k, v in numbers.items()}} if numbers else {}
    if total == 1:
        context.record(
            after={"player": str(competitors[0].id), "rating": competitors[0].rating, **late}
        )
    else:
        context.record(
            after={"players": total, "first": str(competitors[0].id) if total else None, **late}
        )


def _next_round(context: EventContext) -> int | None:
    """A late entry's first round: the next round (month) to pair when it registers; None
    before the start (an entry from the start)."""
    if context.event.state != EventState.RUNNING.value:
        return None
    facts = context.facts()
    unit = part(facts.preset, PAIRING).next_unit(facts)
    return None if unit is None else unit.number


def import_players_csv(
    slug: str,
    text: str,
    *,
    actor: Principal,
    source: str = "PLAYERS.csv",
    now: datetime | None = None,
    progress: Progress | None = None,
) -> int:
    return register_players(
        slug, parse_players_csv(text, source=source), actor=actor, now=now, progress=progress
    )
