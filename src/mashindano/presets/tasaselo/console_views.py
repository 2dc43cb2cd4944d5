"""Console: the Tasaselo prize-budget recommendation (`prize_budget`), where the organiser sets
prizes: a prize fund in, the recommended amount of each group's places and of the performance
prizes out. A GET form: nothing is written."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from mashindano.app.documents.console import build_console_event
from mashindano.app.error_texts import shown
from mashindano.engine.errors import MashindanoError
from mashindano.presets.tasaselo.prize_budget import event_budget, parse_fund, parse_share
from mashindano.web.console.views import _principal, console_view


@console_view
@require_GET
def prize_budget(request: HttpRequest, slug: str) -> HttpResponse:
    """GET `fund` (whole currency units) and optionally `share` (the performance prizes'
    percentage): the recommended split."""
    principal = _principal(request)
    fund_text = request.GET.get("fund", "").strip()
    share_text = request.GET.get("share", "").strip()
    problem, status = "", 200
    try:
        fund = parse_fund(fund_text) if fund_text else None
        rule = parse_share(share_text)
        view = event_budget(slug, actor=principal, fund=fund, rule=rule)
    except MashindanoError as refused:
        view = event_budget(slug, actor=principal, fund=None)
        problem, status = shown(refused), 400
    return render(
        request,
        "presets/tasaselo/prize_budget.html",
        status=status,
        context={
            "event": build_console_event(slug, principal),
            "view": view,
            "fund": fund_text,
            "share": share_text,
            "problem": problem,
            "tab": "prize-budget",
        },
    )
