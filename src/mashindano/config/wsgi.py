"""WSGI entry point, for servers that speak WSGI only."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

from mashindano.config.runtime import settle_heap_now_and_after_first_request

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mashindano.config.settings")

application = get_wsgi_application()
settle_heap_now_and_after_first_request()
