"""Reports to an event's officials (issue 31 item 1): "Report to the Mwamuzi" (cheating,
abuse, a problem) from a game page, my page or the event page, and the event page's message
form to its officials. The officials (arbiters, else organisers) are mailed; the console's
queue lists the reports; an official's answer or ruling is mailed to the reporter and shown on
their page.

A report and each answer are facts (`models.OfficialReport`, `models.OfficialAnswer`), never
edited; both go through the event's lock and leave an audit entry naming the report, its kind
and game, not its text (the audit log travels in the event's public JSON export; a report
does not). Texts are plain, at most `MAX_LENGTH` characters; an account files at most
`RATE_COUNT` reports in `RATE_WINDOW` in one event.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from enum import StrEnum

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext

from mashindano.app.errors import NotFound
from mashindano.app.locking import locked_event
from mashindano.app.notify import Kind, News, event_link, news_for_arbiters, store_news
from mashindano.app.principals import Principal
from mashindano.app.talk import TooFast, clean_text
from mashindano.engine.errors import ParseError
from mashindano.store import models
from mashindano.store.facts import Json
from mashindano.store.mapping import game_fact_of

MAX_LENGTH = 4000
RATE_COUNT = 5
RATE_WINDOW = timedelta(hours=1)


class ReportKind(StrEnum):
    CHEATING = "cheating"
    ABUSE = "abuse"
    PROBLEM = "problem"
    MESSAGE = "message"
    """A message to the officials (a question, a remark), from the event page."""


class UnknownReport(NotFound):
    code = "unknown_report"


def _kind(value: str, slug: str) -> ReportKind:
    try:
        return ReportKind(value)
    except ValueError:
        raise ParseError(
            gettext("unknown kind of report {kind!r}; known: {known}").format(
                kind=value, known=", ".join(k.value for k in ReportKind)
            ),
            code="unknown_kind",
            event=slug,
        ) from None


def console_link(slug: str) -> str:
    return f"{settings.BASE_URL}{reverse('console:reports', args=[slug])}"


def file_report(
    slug: str,
    kind: str,
    text: str,
    *,
    actor: Principal,
    game: int | None = None,
    now: datetime | None = None,
) -> int:
    """File a report (or message) to the event's officials, about one of its games or the
    event. Returns its id."""
    chosen = _kind(kind, slug)
    cleaned = clean_text(text, what=gettext("a report"), limit=MAX_LENGTH, event=slug)
    with locked_event(slug, actor, "officials.report", now=now) as context:
        row = None
        if game is not None:
            row = (
                models.Game.objects.filter(id=game, encounter__round__stage__event=context.event)
                .select_related("encounter__round__stage", "first", "second")
                .first()
            )
            if row is None:
                raise NotFound(
                    gettext("event {slug!r} has no game {game}").format(slug=slug, game=game),
                    event=slug,
                    game=game,
                )
        recent = models.OfficialReport.objects.filter(
            event=context.event, actor=context.actor, at__gt=context.now - RATE_WINDOW
        ).count()
        if recent >= RATE_COUNT:
            raise TooFast(
                gettext(
                    "{name} sent {count} reports to the officials in the last hour; wait a "
                    "little, or add to an earlier one"
                ).format(name=context.actor, count=recent),
                event=slug,
            )
        report = models.OfficialReport.objects.create(
            event=context.event,
            game=row,
            kind=chosen.value,
            text=cleaned,
            at=context.now,
            actor=context.actor,
            user_id=context.principal.user_id,
        )
        label = game_fact_of(row).label if row is not None else ""
        context.record(
            after={"report": report.id, "kind": chosen.value, "game": game, "label": label}
        )
        news: dict[str, Json] = {
            "event": context.event.name,
            "slug": slug,
            "link": console_link(slug),
            "report_kind": chosen.value,
            "label": label,
            "by": context.actor,
            "text": cleaned,
        }
        store_news(
            news_for_arbiters(
                f"official-report:{report.id}", Kind.OFFICIAL_REPORT, context.event.id, news
            ),
            context.now,
        )
    return report.id


def answer_report(
    slug: str,
    report: int,
    text: str,
    *,
    actor: Principal,
    closes: bool = True,
    now: datetime | None = None,
) -> int:
    """An official's answer or ruling on a report; the reporter is told (by mail, within
    their preferences, and on their page). `closes`: the report is dealt with (else it stays
    in the queue's open part). Returns the answer's id."""
    with locked_event(slug, actor, "officials.answer", now=now) as context:
        cleaned = clean_text(text, what=gettext("an answer"), limit=MAX_LENGTH, event=slug)
        row = models.OfficialReport.objects.filter(id=report, event=context.event).first()
        if row is None:
            raise UnknownReport(
                gettext("event {slug!r} has no report {report}").format(slug=slug, report=report),
                event=slug,
                report=report,
            )
        answer = models.OfficialAnswer.objects.create(
            report=row, text=cleaned, closes=closes, at=context.now, actor=context.actor
        )
        context.record(
            before={"report": row.id, "kind": row.kind, "by": row.actor},
            after={"report": row.id, "answer": answer.id, "closes": closes},
        )
        if row.user_id is not None:
            news: dict[str, Json] = {
                "event": context.event.name,
                "slug": slug,
                "link": f"{settings.BASE_URL}{reverse('player:me')}#reports",
                "event_link": event_link(slug),
                "report_kind": row.kind,
                "by": context.actor,
                "text": cleaned,
                "asked": row.text,
            }
            store_news(
                [
                    News(
                        f"official-answer:{answer.id}",
                        Kind.OFFICIAL_ANSWER,
                        context.event.id,
                        row.user_id,
                        news,
                    )
                ],
                context.now,
            )
    return answer.id
