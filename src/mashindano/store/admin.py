"""Admin registration: browse the facts; the audit log is read-only (writes go through the app).

Options are passed to `register` rather than written as ModelAdmin subclasses, so the module
needs no runtime patching for the generic `ModelAdmin[...]` spelling that type checking wants.
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from mashindano.store import models


def _refuse(self: object, request: HttpRequest, obj: object = None) -> bool:
    return False


admin.site.register(
    models.Event,
    list_display=("slug", "name", "preset", "state", "version", "created_at"),
    list_filter=("preset", "state"),
    search_fields=("slug", "name"),
)
admin.site.register(
    models.Entry,
    list_display=("name", "event", "number", "rating", "country"),
    list_filter=("event",),
    search_fields=("name", "key"),
)
admin.site.register(
    models.EventImport,
    list_display=("event", "at", "actor", "source_slug", "source_version"),
    has_add_permission=_refuse,
    has_change_permission=_refuse,
    has_delete_permission=_refuse,
)
admin.site.register(
    models.AuditEntry,
    list_display=("event", "version", "at", "actor", "action"),
    list_filter=("event", "action"),
    has_add_permission=_refuse,
    has_change_permission=_refuse,
    has_delete_permission=_refuse,
)
admin.site.register(
    [
        models.Series,
        models.Stage,
        models.Round,
        models.Encounter,
        models.Game,
        models.ResultReport,
        models.Move,
        models.Withdrawal,
        models.Leave,
        models.Sanction,
        models.LotDraw,
        models.ArbiterOverride,
        models.PeriodClosure,
    ]
)
