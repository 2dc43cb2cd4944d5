"""The pages a preset adds to a shared URL namespace (the console's, the public pages'): each
preset's application names a module of URL patterns (`console_urls`, `public_urls`), which is
spliced into the namespace here, by name, so the shared URL modules import no preset."""

from __future__ import annotations

from importlib import import_module

from django.apps import apps
from django.urls import URLPattern, URLResolver


def preset_patterns(kind: str) -> list[URLPattern | URLResolver]:
    """The patterns the installed presets add to the `kind` namespace ("console", "public")."""
    found: list[URLPattern | URLResolver] = []
    for config in apps.get_app_configs():
        module = getattr(config, f"{kind}_urls", None)
        if module:
            found.extend(import_module(module).urlpatterns)
    return found
