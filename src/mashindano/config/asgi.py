"""ASGI entry point: `granian --interface asgi mashindano.config.asgi:application`."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mashindano.config.settings")

application = get_asgi_application()
