"""Admin registration: browse the facts, change nothing.

Every write goes through the use cases, which validate it against the preset's rules and
leave an audit entry; an admin form would do neither (a result rewritten to `7-3` there was
stored unchecked and unaudited, and the standings crashed). So every model is view-only here:
no add, change or delete permission, whoever asks, superusers included.

Options are passed to `register` rather than written as ModelAdmin subclasses, so the module
needs no runtime patching for the generic `ModelAdmin[...]` spelling that type checking wants.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from mashindano.store import models


def _refuse(self: object, request: HttpRequest, obj: object = None) -> bool:
    return False


READ_ONLY: dict[str, Any] = {
    "has_add_permission": _refuse,
    "has_change_permission": _refuse,
    "has_delete_permission": _refuse,
    "actions": None,
}
"""Options that make a model's admin view-only (the view permission alone remains)."""


admin.site.register(
    models.Event,
    list_display=("slug", "name", "preset", "state", "version", "created_at"),
    list_filter=("preset", "state"),
    search_fields=("slug", "name"),
    **READ_ONLY,
)
admin.site.register(
    models.Entry,
    list_display=("name", "event", "number", "rating", "country"),
    list_filter=("event",),
    search_fields=("name", "key"),
    **READ_ONLY,
)
admin.site.register(
    models.EventImport,
    list_display=("event", "at", "actor", "source_slug", "source_version"),
    **READ_ONLY,
)
admin.site.register(
    models.AuditEntry,
    list_display=("event", "version", "at", "actor", "action"),
    list_filter=("event", "action"),
    **READ_ONLY,
)
admin.site.register(
    models.ResultReport,
    list_display=("game", "kind", "result", "actor", "at"),
    list_filter=("kind",),
    **READ_ONLY,
)
admin.site.register(
    [
        models.Series,
        models.Stage,
        models.Round,
        models.Encounter,
        models.Game,
        models.Move,
        models.Withdrawal,
        models.Leave,
        models.Sanction,
        models.LotDraw,
        models.ArbiterOverride,
        models.PeriodClosure,
    ],
    **READ_ONLY,
)
