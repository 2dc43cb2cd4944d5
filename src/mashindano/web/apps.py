"""The web front ends as one Django app, so that its templates and static files are found."""

from __future__ import annotations

from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "mashindano.web"
    label = "web"
    verbose_name = "Mashindano web"
