"""Console: the queue of reports to the event's officials (app/official_reports.py, issue 31
item 1), open ones first, each with the game it is about and an answer form; an answer or
ruling reaches the reporter (mail and their page)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from mashindano.app import official_reports
from mashindano.app.documents.console import build_console_event
from mashindano.app.documents.talk import build_reports_queue
from mashindano.app.error_texts import shown
from mashindano.app.errors import NotAllowed
from mashindano.engine.errors import MashindanoError
from mashindano.web.console.views import _page, _principal, console_view


@console_view
@require_http_methods(["GET", "POST"])
def reports_page(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the queue. POST `report` (its id), `text` and `keep_open`: answer it."""
    principal = _principal(request)
    event = build_console_event(slug, principal)
    queue = build_reports_queue(slug, principal)
    status, problem, answered = 200, "", ""
    if request.method == "POST":
        number = request.POST.get("report", "")
        try:
            official_reports.answer_report(
                slug,
                int(number) if number.isdigit() else 0,
                request.POST.get("text", ""),
                actor=principal,
                closes=request.POST.get("keep_open", "") != "on",
            )
        except NotAllowed:
            raise
        except MashindanoError as refused:
            problem, answered, status = shown(refused), number, 400
        else:
            messages.success(request, _("Your answer is sent to the reporter."))
            return HttpResponseRedirect(reverse("console:reports", args=[slug]))
    return _page(
        request,
        "reports.html",
        status=status,
        event=event,
        queue=queue,
        problem=problem,
        answered=answered,
        typed=request.POST.get("text", "") if problem else "",
        tab="reports",
    )
