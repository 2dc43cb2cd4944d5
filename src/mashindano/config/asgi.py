"""ASGI entry point: `granian --interface asgi mashindano.config.asgi:application`."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

from mashindano.config.runtime import settle_heap_now_and_after_first_request

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mashindano.config.settings")

application = get_asgi_application()
settle_heap_now_and_after_first_request()
