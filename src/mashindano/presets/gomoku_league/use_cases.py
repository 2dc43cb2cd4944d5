"""Gomoku league use cases beyond the shared ones: the organiser accepts a player back.

A player removed for a low coefficient (R9) or whose suspension has ended (R10) is already an
entry of the event, so registering them again as a new entry is refused. The organiser's
acceptance is recorded instead, as an `ArbiterOverride` fact (subject `gomoku-return`, value
`{"player": key}`, actor, reason). It counts for the month paired next after it, like any
registration (R4, A15), and the derivation (`formats.gomoku_league_history`) places the player
by their stored coefficient from that month on (A27).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, OutOfWindow, WrongState
from mashindano.app.formats.parts import PAIRING
from mashindano.app.formats.registry import part
from mashindano.app.locking import EventContext, locked_event
from mashindano.app.principals import Principal
from mashindano.app.queries import get_entry
from mashindano.engine.errors import ParseError
from mashindano.engine.gomoku import League, Membership, Month
from mashindano.engine.gomoku.windows import (
    is_registration_open,
    registration_closes_at,
    registration_opens_at,
)
from mashindano.engine.model import CompetitorId
from mashindano.engine.timestamps import as_utc
from mashindano.presets.gomoku_league import PRESET_NAME
from mashindano.presets.gomoku_league.history import (
    RETURN,
    LeagueEventParameters,
    derive_history,
    first_league_month,
    league_event_parameters,
    registration_month,
    return_overrides,
    returned_player,
)
from mashindano.store import models
from mashindano.store.facts import EventFacts, EventState


@dataclass(frozen=True, slots=True)
class AcceptedReturn:
    """A return the organiser accepted: who, for which month, with which coefficient (A27)."""

    player: CompetitorId
    month_number: int
    month: str
    """The calendar month (YYYY-MM) of the month the return counts for."""
    coefficient: Fraction
    """The player's stored coefficient, by which they are placed in the list."""


def accept_return(
    slug: str,
    player: str,
    *,
    actor: Principal,
    reason: str,
    now: datetime | None = None,
) -> AcceptedReturn:
    """Accept `player` (key or number) back into the league for the next month to pair.

    Refused: an event of another preset, a blank reason, an event not running, an unknown
    player, a player still in the league (on the list, on leave, or on the list of the month
    still running), one who never was in it (a newcomer registers), a suspension not over
    (R10) or an exclusion for good (R44), outside days 1-7 of the month it counts for (R4), and
    a second acceptance for the same month.
    """
    with locked_event(slug, actor, "gomoku.return", now=now) as context:
        accepted = check_accept_return(context, player, reason)
        do_accept_return(context, accepted, reason)
    return accepted


def check_accept_return(context: EventContext, player: str, reason: str) -> AcceptedReturn:
    event = context.event
    if event.preset != PRESET_NAME:
        raise WrongState(
            gettext(
                "event {slug!r} uses preset {preset!r}; only {PRESET_NAME!r} "
                "events take players back after a removal or a suspension"
            ).format(slug=event.slug, preset=event.preset, PRESET_NAME=PRESET_NAME),
            event=event.slug,
            preset=event.preset,
        )
    if not reason.strip():
        raise ParseError(
            gettext(
                "accepting a player's return needs a reason (R9: the "
                "organiser decides on the player's past behaviour and "
                "activity; it is kept in the log)"
            ),
            event=event.slug,
        )
    if event.state != EventState.RUNNING:
        raise WrongState(
            gettext("event {slug!r} is {state}; players return only while the league runs").format(
                slug=event.slug, state=event.state
            ),
            event=event.slug,
            state=event.state,
        )
    who = CompetitorId(get_entry(event, player).key)
    facts = context.facts()
    parameters = league_event_parameters(facts.parameters)
    unit = part(facts.preset, PAIRING).next_unit(facts)
    if unit is None:
        raise WrongState(
            gettext(
                "all {season_months} months of event {slug!r} are paired; "
                "there is no month left to return in"
            ).format(season_months=parameters.season_months, slug=facts.slug),
            event=facts.slug,
            player=who,
        )
    number = unit.number
    first = first_league_month(facts, parameters, context.now)
    assert first is not None  # `now` is given
    month = first.plus(number - 1)
    league = _league_before(facts, parameters, number, who, context.now)
    _check_membership(facts, league, who, number, month)
    _check_window(facts, parameters, who, number, month, context.now)
    _check_not_accepted_yet(facts, who, number, month)
    return AcceptedReturn(who, number, str(month), league.coefficients[who])


def do_accept_return(context: EventContext, accepted: AcceptedReturn, reason: str) -> None:
    models.ArbiterOverride.objects.create(
        event=context.event,
        subject=RETURN,
        value={"player": str(accepted.player)},
        at=context.now,
        actor=context.actor,
        reason=reason,
    )
    context.record(
        after={
            "subject": RETURN,
            "player": str(accepted.player),
            "month": accepted.month_number,
            "calendar_month": accepted.month,
            "coefficient": str(accepted.coefficient),
            "reason": reason,
        }
    )


def _league_before(
    facts: EventFacts,
    parameters: LeagueEventParameters,
    number: int,
    who: CompetitorId,
    now: datetime,
) -> League:
    """The league before month `number`: after the last closed month, or, while the month
    before it runs, after its provisional end (a player on its list still plays it, so they
    are refused here, whatever that end may bring)."""
    history = derive_history(facts, parameters, now)
    league = history.next_league(facts)
    if league is not None:
        return league
    running = history.months[-1]
    if who in running.stage.ladder:
        raise WrongState(
            gettext(
                "{who!r} is on the list of month {number} ({month}) of event "
                "{slug!r}, which is still running; they continue unless its "
                "end removes them (R15): accept their return once month "
                "{number} is closed"
            ).format(who=who, number=running.number, month=running.month, slug=facts.slug),
            event=facts.slug,
            player=who,
            round=running.number,
        )
    return running.outcome.league


def _check_membership(
    facts: EventFacts, league: League, who: CompetitorId, number: int, month: Month
) -> None:
    where = f"month {number} ({month}) of event {facts.slug!r}"
    match league.membership(who):
        case Membership.REMOVED | Membership.SUSPENSION_SERVED:
            return
        case Membership.CONTINUING:
            why = (
                "comes back from leave without registering (A27)"
                if who in league.back_from_leave
                else "is in the league's list and continues without registering (R5)"
            )
            raise WrongState(
                gettext("{who!r} {why}: nothing to accept for {where}").format(
                    who=who, why=why, where=where
                ),
                player=who,
            )
        case Membership.NEW:
            raise WrongState(
                gettext(
                    "{who!r} has never been on the league's list, so there is "
                    "nothing to return to: a first-time entrant registers as a "
                    "newcomer (R5, R17), not for {where}"
                ).format(who=who, where=where),
                player=who,
            )
        case Membership.SUSPENDED:
            last = _suspension_end(league, who)
            raise WrongState(
                gettext(
                    "{who!r} is suspended until {last} and may not come back for "
                    "{where}; a player registers again once the suspension has "
                    "ended (R10)"
                ).format(who=who, last=last, where=where),
                player=who,
                until=str(last),
            )
        case Membership.EXCLUDED:
            raise WrongState(
                gettext(
                    "{who!r} is excluded from the league for good (R44, or "
                    "withdrew) and may not come back for {where}"
                ).format(who=who, where=where),
                player=who,
            )


def _suspension_end(league: League, who: CompetitorId) -> Month | None:
    covering = [s for s in league.suspensions if s.competitor == who and s.covers(league.month)]
    ends = [s.last_month for s in covering if s.last_month is not None]
    return max(ends, default=None)


def _check_window(
    facts: EventFacts,
    parameters: LeagueEventParameters,
    who: CompetitorId,
    number: int,
    month: Month,
    now: datetime,
) -> None:
    """R4, A15: a return is month `number`'s registration, so it is made on its days 1-7."""
    if is_registration_open(month, now, parameters.league):
        return
    window = parameters.league.registration_window_days
    opens = registration_opens_at(month, parameters.league)
    closes = registration_closes_at(month, parameters.league)
    paired = ""
    if number > 1 and Month.of(as_utc(now, "now")) == month.previous():
        paired = f"; month {number - 1} ({month.previous()}) is already paired"
    raise OutOfWindow(
        gettext(
            "return of {who!r} at {instant}: it would count for month "
            "{number} ({month}) of event {slug!r}, whose registrations "
            "are accepted on days {window} of {month} only, from "
            "{instant2} until {instant3} (R4){paired}"
        ).format(
            who=who,
            instant=_instant(now),
            number=number,
            month=month,
            slug=facts.slug,
            window=window,
            instant2=_instant(opens),
            instant3=_instant(closes),
            paired=paired,
        ),
        event=facts.slug,
        player=who,
        month=str(month),
    )


def _check_not_accepted_yet(
    facts: EventFacts, who: CompetitorId, number: int, month: Month
) -> None:
    for earlier in return_overrides(facts):
        if (
            returned_player(facts, earlier) == who
            and registration_month(facts, earlier.at) == number
        ):
            raise Duplicate(
                gettext(
                    "{who!r} was already accepted back for month {number} "
                    "({month}) of event {slug!r} at {instant} by {actor!r}"
                ).format(
                    who=who,
                    number=number,
                    month=month,
                    slug=facts.slug,
                    instant=_instant(earlier.at),
                    actor=earlier.actor,
                ),
                event=facts.slug,
                player=who,
                round=number,
            )


def _instant(at: datetime) -> str:
    return f"{as_utc(at, 'instant'):%Y-%m-%d %H:%M} UTC"
