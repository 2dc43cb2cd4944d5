from __future__ import annotations

from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "mashindano.web.play"
    label = "play"
    verbose_name = "Bao on the site"
