"""Background tasks (Django's tasks framework, django-tasks-db backend).

- `tick(now)`: the periodic scheduler's task. Applies what fell due (`due.apply_due`: rulings
  and time-driven notifications; `start_date`: reminders before an announced start and the
  automatic start; `teams.mails`: reminders of team line-ups due; `schedules`: rounds paired
  on time), turns new rounds, reports and moves into notifications, gathers daily digests,
  and enqueues `send_notifications` for the pending notifications not enqueued in the last
  `REQUEUE_AFTER`, `BATCH` at a time.
- `send_notifications(ids, now)`: sends each of them that is still pending.
- Webhooks (issue 15 item 4): the tick turns new audit entries of subscribed events into
  deliveries and makes one try of each due delivery (`app.webhooks`); after a write, the API
  calls `after_write(slug)`, which collects and enqueues `deliver_webhooks` so the worker sends
  at once rather than at the next tick. That task enqueues itself again for the next retry
  while deliveries wait (one waiting at most). Round bundles (`app.publishing`) are collected
  at the same two moments and sent as webhook deliveries.

Every task is idempotent (rulings are checked again under the event's lock; notifications
have a unique key and a state), so running one twice, or again after a crash, does no harm.
`now` is an ISO 8601 text or None (the current time): tests drive the clock through it.
`recover_abandoned(worker_prefix)` puts back in the queue the tasks a killed worker of this
machine left marked as running.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.tasks import task
from django.utils import timezone

from mashindano.app import publishing, schedules, start_date, webhooks
from mashindano.app.due import apply_due
from mashindano.app.mail import deliver_all, make_digests
from mashindano.app.notify import collect_news
from mashindano.app.teams.mails import remind_lineups
from mashindano.store import models
from mashindano.store.models import NotificationState

BATCH = 100
"""Notifications per `send_notifications` task."""

REQUEUE_AFTER = timedelta(minutes=10)
"""A pending notification enqueued longer ago than this is enqueued again (its task was
lost); sending it twice is harmless because sending checks its state."""


def parse_now(now: str | None) -> datetime:
    if now is None:
        return timezone.now()
    moment = datetime.fromisoformat(now)
    if moment.tzinfo is None:
        raise ValueError(f"the time {now!r} needs a time zone (e.g. +00:00)")
    return moment


@dataclass(frozen=True, slots=True)
class TickReport:
    rulings: int
    news: int
    digests: int
    enqueued: int
    webhooks: int = 0
    """Webhook deliveries that succeeded in this tick."""

    def as_json(self) -> dict[str, int]:
        return {
            "rulings": self.rulings,
            "news": self.news,
            "digests": self.digests,
            "enqueued": self.enqueued,
            "webhooks": self.webhooks,
        }


def run_tick(now: datetime, *, enqueue: bool = True) -> TickReport:
    """What the `tick` task does, callable in-process (tests, the bench)."""
    applied = apply_due(now)
    starts = start_date.apply_start_dates(now)
    lineups = remind_lineups(now)
    schedules.publish_due_rounds(now)
    news = applied.notifications + starts.reminders + lineups + collect_news(now)
    digests = make_digests(now)
    enqueued = enqueue_pending(now) if enqueue else 0
    webhooks.collect_all(now=now)
    publishing.collect_all(now=now)
    delivered = webhooks.deliver_due(now=now)
    return TickReport(len(applied.rulings), news, digests, enqueued, delivered)


def enqueue_pending(now: datetime) -> int:
    """Enqueue `send_notifications` tasks (`BATCH` notifications each) for the pending
    notifications not enqueued recently (by wall-clock time, which is when the queue runs).
    Returns how many notifications were enqueued."""
    wall = timezone.now()
    count = 0
    stale = models.Notification.objects.filter(state=NotificationState.PENDING).exclude(
        enqueued_at__gt=wall - REQUEUE_AFTER
    )
    ids = list(stale.values_list("id", flat=True))
    with transaction.atomic():
        for start in range(0, len(ids), BATCH):
            chunk = ids[start : start + BATCH]
            send_notifications.enqueue(chunk, now.isoformat())
            models.Notification.objects.filter(id__in=chunk).update(enqueued_at=wall)
            count += len(chunk)
    return count


@task()
def tick(now: str | None = None) -> dict[str, int]:
    return run_tick(parse_now(now)).as_json()


@task()
def send_notifications(ids: list[int], now: str | None = None) -> dict[str, int]:
    """Send each of these notifications that is still pending, over one SMTP connection
    (each marked sent in its own transaction, right after the server accepted it)."""
    return deliver_all(parse_now(now), ids)


@task()
def deliver_webhooks(now: str | None = None) -> dict[str, int]:
    """One try of each due webhook delivery; enqueued again for the earliest retry while
    deliveries wait (unless such a task is already waiting)."""
    moment = parse_now(now)
    delivered = webhooks.deliver_due(now=moment)
    retry = webhooks.next_attempt_at()
    if retry is not None and now is None and _queues_later():
        _enqueue_deliveries(run_after=retry)
    return {"delivered": delivered}


def after_write(slug: str) -> None:
    """After a write to `slug` committed: its webhook deliveries, sent by the worker."""
    made = webhooks.collect(slug) + publishing.collect(slug)
    if made and _queues_later():
        _enqueue_deliveries()


def _queues_later() -> bool:
    """Whether the task backend runs tasks later in a worker (not inside this request)."""
    from django.tasks import default_task_backend

    return bool(getattr(default_task_backend, "supports_defer", False)) and (
        type(default_task_backend).__name__ != "ImmediateBackend"
    )


def _enqueue_deliveries(run_after: datetime | None = None) -> None:
    """Enqueue `deliver_webhooks` unless one is already waiting: to run now (`run_after`
    None: one that can run now), or later (a retry: any waiting one)."""
    from django_tasks_db.models import DBTaskResult

    rows = DBTaskResult.objects.filter(task_path=deliver_webhooks.module_path)
    waiting = rows.ready() if run_after is None else rows.filter(status="READY")
    if waiting.exists():
        return
    chosen = deliver_webhooks.using(run_after=run_after) if run_after else deliver_webhooks
    chosen.enqueue()


def enqueue_tick(now: datetime | None = None) -> None:
    """Enqueue one tick unless one is already waiting (the scheduler calls this)."""
    from django_tasks_db.models import DBTaskResult

    waiting = DBTaskResult.objects.ready().filter(task_path=tick.module_path).exists()
    if not waiting:
        tick.enqueue(now.isoformat() if now is not None else None)


def worker_id_prefix() -> str:
    """`host:pid:` of this process; a worker id starts with it."""
    return f"{os.uname().nodename}:{os.getpid()}:"


def recover_abandoned() -> int:
    """Tasks marked running by a worker of this machine whose process is gone go back to the
    queue (a worker killed with SIGKILL cannot say so itself). Returns how many."""
    from django_tasks_db.models import DBTaskResult

    host = os.uname().nodename
    recovered = 0
    for row in DBTaskResult.objects.running():
        owner = (row.worker_ids or [""])[-1]
        parts = str(owner).split(":")
        if len(parts) < 3 or parts[0] != host or not parts[1].isdigit():
            continue
        if _alive(int(parts[1])):
            continue
        DBTaskResult.objects.filter(id=row.id, status=row.status).update(
            status="READY", started_at=None
        )
        recovered += 1
    return recovered


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie (killed but not yet reaped by its parent) has finished too.
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ", 1)[1][:1] != "Z"
    except (OSError, IndexError):
        return True
