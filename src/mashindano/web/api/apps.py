"""The REST API's own tables (tokens, idempotency records, webhooks) live in this app."""

from __future__ import annotations

from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "mashindano.web.api"
    label = "api"
    verbose_name = "REST API"
    default_auto_field = "django.db.models.BigAutoField"
