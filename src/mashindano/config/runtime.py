"""Process settings of a server worker, applied once its application is loaded (and by the
benchmarks that measure pages in process, so that they measure what a worker does)."""

from __future__ import annotations

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


def settle_heap_now_and_after_first_request() -> None:
    """`settle_heap` once the application is loaded, and again when the worker's first request
    has finished (it loads the URL conf, the templates and the language catalogs)."""
    from django.core.signals import request_finished

    settle_heap()
    lock = threading.Lock()

    def after_first(**kwargs: Any) -> None:
        with lock:
            if not request_finished.disconnect(after_first):
                return  # another thread's request got here first
        settle_heap()

    request_finished.connect(after_first, weak=False)
