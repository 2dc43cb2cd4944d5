"""The KIBA preset's own public pages beyond an event's: a championship series' table (R36)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from mashindano.presets.kiba_bao.series_documents import build_championship_table
from mashindano.web.public.views import not_found_as_404


@not_found_as_404
def series(request: HttpRequest, slug: str) -> HttpResponse:
    table = build_championship_table(slug)
    return render(request, "web/public/series.html", {"table": table})
