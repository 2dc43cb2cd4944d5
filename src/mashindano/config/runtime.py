"""Process settings of a server worker, applied once its application is loaded (and by the
benchmarks that measure pages in process, so that they measure what a worker does)."""

from __future__ import annotations

import contextlib
import gc
import threading
from typing import Any


def settle_heap() -> None:
    """Move everything loaded so far (Django, the app, its views, templates and catalogs: a
    few hundred thousand objects that live as long as the process) out of the cyclic garbage
    collector's reach.

    Without it, every full collection walks that whole heap again, and a page that builds a
    large document (the standings of a 1,000-player Swiss: tens of thousands of objects)
    triggers several: on this machine they were about 100 ms of a 250 ms cold standings page.
    Objects made later are collected as usual (`gc.freeze`, as forking servers use it).

    The youngest generation is collected after `YOUNG_COLLECTION` allocations instead of
    Python's 700: building such a document allocates objects that all live until the page
    is written, and every early collection walked them in vain (with 700, about a fifth of a
    cold 1,000-player standings page went to the collector). A request's garbage is still
    freed by reference counting as soon as it is dropped; cycles wait a little longer."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION, middle, old)


YOUNG_COLLECTION = 20_000


def warm_up() -> None:
    """Load now what a worker's first request would otherwise load (and wait for): the URL
    conf with every view and the API's schemas, our templates compiled, the language catalogs.
    On this machine a fresh worker's first standings page took about 1.8 s, a later one
    0.15 s. Touches no database (a worker may start before the migrations)."""
    from pathlib import Path

    from django.conf import settings
    from django.template import TemplateDoesNotExist, TemplateSyntaxError
    from django.template.loader import get_template
    from django.urls import get_resolver
    from django.utils import translation

    get_resolver().url_patterns  # noqa: B018  (imports every view module and the API)
    package = Path(__file__).resolve().parents[1]
    for root in (package / "web" / "templates", package / "app" / "templates"):
        for path in sorted(root.rglob("*.html")) + sorted(root.rglob("*.txt")):
            # A template that does not compile is reported by its page when asked.
            with contextlib.suppress(TemplateDoesNotExist, TemplateSyntaxError):
                get_template(path.relative_to(root).as_posix())
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Standings")


def settle_heap_now_and_after_first_request() -> None:
    """`warm_up` and `settle_heap` once the application is loaded, and `settle_heap` again when
    the worker's first request has finished (what it still loaded on the way)."""
    from django.core.signals import request_finished

    warm_up()
    settle_heap()
    lock = threading.Lock()

    def after_first(**kwargs: Any) -> None:
        with lock:
            if not request_finished.disconnect(after_first):
                return  # another thread's request got here first
        settle_heap()

    request_finished.connect(after_first, weak=False)
