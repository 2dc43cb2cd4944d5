"""Webhook deliveries as background tasks (Django's task framework).

After each write the API commits, `after_write` turns new audit entries into deliveries and
enqueues one `deliver_webhook` task per delivery when the task backend can run tasks later
(a queue such as django-tasks-db: each task makes one attempt and, on failure, enqueues itself
again at the delivery's next attempt time). With Django's default immediate backend nothing is
sent inside the request: `webhooks.deliver_due()` (the worker's tick) sends what is due.
"""

from __future__ import annotations

from django.tasks import default_task_backend, task

from mashindano.web.api import webhooks
from mashindano.web.api.models import WebhookDelivery


def _queues_later() -> bool:
    return (
        bool(getattr(default_task_backend, "supports_defer", False))
        and not getattr(default_task_backend, "immediate", False)
        and type(default_task_backend).__name__ != "ImmediateBackend"
    )


@task()
def deliver_webhook(delivery_id: int) -> str:
    found = WebhookDelivery.objects.select_related("webhook").filter(id=delivery_id).first()
    if found is None or found.state != WebhookDelivery.PENDING:
        return "gone"
    webhooks.attempt(found)
    if found.state == WebhookDelivery.PENDING:
        deliver_webhook.using(run_after=found.next_attempt_at).enqueue(found.id)
    return found.state


def after_write(slug: str) -> None:
    made = webhooks.collect(slug)
    if made and _queues_later():
        ids = WebhookDelivery.objects.filter(
            message_id__in=[d.message_id for d in made]
        ).values_list("id", flat=True)
        for delivery_id in ids:
            deliver_webhook.enqueue(delivery_id)
