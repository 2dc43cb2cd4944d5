"""The mails of a team event (issue 32): what captains and board players are told, each piece
of news once (a notification keyed by match, team or report: `notify.store_news`).

- `remind_lineups(now)`, run by the worker's tick with the time passed in: each captain whose
  team's line-up for a paired match is not in gets one reminder `LINEUP_REMINDER` before the
  match's line-up deadline (or at the first tick after pairing, when that is later), with the
  link to the captain's console. A second tick finds the notification made and sends nothing.
- `tell_lineups_in`, inside `lineups.submit_lineup`'s transaction: once both line-ups of a
  match are in (and so shown), both captains get the match sheet's link.
- `tell_board_reported`, inside `boards.report_board`'s transaction: the other side's captain
  (the console's link) and the board's player of the other side, when linked to an account
  (the link to their own boards, where they answer: `boards_link`), are asked to confirm or
  dispute. A report by an official goes to
  both sides. The reporter is never told of their own report.

Every mail is written in its reader's language (`mail.build_message`)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.conf import settings
from django.urls import reverse

from mashindano.app.locking import EventContext
from mashindano.app.notify import Kind, News, event_link, player_users, store_news
from mashindano.app.teams.facts import MatchFact, TeamEventFacts
from mashindano.store import models
from mashindano.store.facts import EventState, Json

LINEUP_REMINDER = timedelta(hours=24)
"""How long before a match's line-up deadline its captains are reminded of a missing line-up."""


def captain_link(slug: str) -> str:
    """The address of the captain's console of the event (`/me/e/<slug>/captain/`)."""
    return f"{settings.BASE_URL}{reverse('player:captain', kwargs={'slug': slug})}"


def boards_link(slug: str) -> str:
    """The address of a player's own boards in the event (`/me/e/<slug>/boards/`), where they
    report, confirm or dispute them."""
    return f"{settings.BASE_URL}{reverse('player:boards', kwargs={'slug': slug})}"


def sheet_link(slug: str, round_number: int) -> str:
    """The address of a round's match sheets."""
    return event_link(slug, "team-round", number=round_number)


def _when(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC"


# -- line-ups due (the tick) ----------------------------------------------------------------


def remind_lineups(now: datetime) -> int:
    """Store the line-up reminders due at `now`; returns how many are new."""
    matches = list(
        models.TeamMatch.objects.filter(
            second__isnull=False,
            lineup_deadline__gt=now,
            lineup_deadline__lte=now + LINEUP_REMINDER,
        )
        .exclude(event__state=EventState.CLOSED.value)
        .select_related("event", "first", "second")
        .order_by("id")
    )
    if not matches:
        return 0
    submitted = set(
        models.Lineup.objects.filter(match__in=matches).values_list("match_id", "team_id")
    )
    news: list[News] = []
    for match in matches:
        assert match.second is not None
        assert match.lineup_deadline is not None
        for team, other in ((match.first, match.second), (match.second, match.first)):
            if team.captain_id is None or (match.id, team.id) in submitted:
                continue
            event = match.event
            news.append(
                News(
                    f"team-lineup-due:{match.id}:{team.id}:{match.lineup_deadline.isoformat()}",
                    Kind.TEAM_LINEUP_DUE,
                    event.id,
                    team.captain_id,
                    {
                        "event": event.name,
                        "slug": event.slug,
                        "link": captain_link(event.slug),
                        "round": match.round,
                        "match": match.number,
                        "team": team.name,
                        "opponent": other.name,
                        "deadline": _when(match.lineup_deadline),
                    },
                )
            )
    return store_news(news, now)


# -- inside the use cases -------------------------------------------------------------------


def _captains(facts: TeamEventFacts, teams: Iterable[int]) -> list[tuple[int, int]]:
    """(team number, captain's user id) of those teams that have a captain."""
    found: list[tuple[int, int]] = []
    for number in teams:
        captain = facts.team(number).captain_id
        if captain is not None:
            found.append((number, captain))
    return found


def _match_context(
    context: EventContext, facts: TeamEventFacts, match: MatchFact
) -> dict[str, Json]:
    assert match.second is not None
    return {
        "event": context.event.name,
        "slug": context.event.slug,
        "round": match.round,
        "match": match.number,
        "first": facts.team(match.first).name,
        "second": facts.team(match.second).name,
    }


def tell_lineups_in(context: EventContext, facts: TeamEventFacts, match: MatchFact) -> int:
    """Both captains of `match` (whose line-ups are now both in): the match sheet's link.
    Keyed by the match: a line-up an official changes later tells nobody again."""
    if match.second is None:
        return 0
    row_id = (
        models.TeamMatch.objects.filter(event=context.event, round=match.round, number=match.number)
        .values_list("id", flat=True)
        .get()
    )
    data = {
        **_match_context(context, facts, match),
        "link": sheet_link(context.event.slug, match.round),
    }
    return store_news(
        (
            News(f"team-lineups-in:{row_id}", Kind.TEAM_LINEUPS_IN, context.event.id, user, data)
            for _, user in _captains(facts, match.teams)
        ),
        context.now,
    )


def tell_board_reported(
    context: EventContext,
    facts: TeamEventFacts,
    match: MatchFact,
    board: int,
    seat: tuple[str, str],
    result: str,
    side: int,
    report_id: int,
) -> int:
    """The other side of a board's report (both sides when an official reported): its
    captain, with the console's link, and its player on the board when linked to an
    account, with the link to their own boards (they confirm or dispute there); never the
    reporter."""
    if match.second is None:
        return 0
    base = {
        **_match_context(context, facts, match),
        "board": board,
        "result": result,
        "by": context.actor,
        "first_player": facts.names.get(seat[0], ""),
        "second_player": facts.names.get(seat[1], ""),
    }
    reporter = context.principal.user_id
    others = [t for t in match.teams if t != side]
    targets: dict[int, str] = {}
    for _, captain in _captains(facts, others):
        targets.setdefault(captain, captain_link(context.event.slug))
    users = player_users(context.event.id)
    for index, team in enumerate(match.teams):
        key = seat[index]
        if team in others and key in users:
            targets.setdefault(users[key], boards_link(context.event.slug))
    key = f"team-board:{report_id}"
    return store_news(
        (
            News(key, Kind.TEAM_BOARD_REPORTED, context.event.id, user, {**base, "link": link})
            for user, link in targets.items()
            if user != reporter
        ),
        context.now,
    )
