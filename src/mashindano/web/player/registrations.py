"""The staff's page for registration requests, /console/<slug>/registrations/: whether joining
needs their approval, the pending requests to accept or refuse (with a reason), and the
decisions taken. Organisers and arbiters of the event only."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from mashindano.app.documents.me import build_registration_requests
from mashindano.app.error_texts import shown
from mashindano.app.errors import NotAllowed, NotFound
from mashindano.app.permissions import authorise
from mashindano.app.registrations import (
    accept_registration,
    refuse_registration,
    set_registration_approval,
)
from mashindano.engine.errors import MashindanoError
from mashindano.web.player.views import _principal, personal


@personal
@require_http_methods(["GET", "POST"])
def registrations(request: HttpRequest, slug: str) -> HttpResponse:
    principal = _principal(request)
    try:
        authorise(principal, "registration.decide", slug)
    except NotAllowed as refused:
        return HttpResponseForbidden(refused.message)
    errors: dict[str, str] = {}
    status = 200
    if request.method == "POST":
        verb = request.POST.get("do", "")
        try:
            if verb == "approval":
                required = request.POST.get("required") == "true"
                set_registration_approval(slug, required, actor=principal)
                messages.success(
                    request,
                    _("Joining now needs your approval.")
                    if required
                    else _("Players now join without approval."),
                )
            elif verb in ("accept", "refuse"):
                request_id = _request_id(request.POST.get("request", ""))
                if verb == "accept":
                    decided = accept_registration(slug, request_id, actor=principal)
                    messages.success(request, _("%(name)s accepted.") % {"name": decided.name})
                else:
                    reason = request.POST.get("reason", "")
                    decided = refuse_registration(slug, request_id, actor=principal, reason=reason)
                    messages.success(request, _("%(name)s refused.") % {"name": decided.name})
            else:
                raise Http404(_("unknown request"))
        except NotAllowed as refused:
            return HttpResponseForbidden(refused.message)
        except MashindanoError as problem:
            key = request.POST.get("request", "approval")
            errors[key] = shown(problem)
            status = 422
        else:
            return redirect("player-registrations", slug=slug)
    try:
        document = build_registration_requests(slug)
    except NotFound as error:
        raise Http404(str(error)) from None
    return render(
        request,
        "web/player/registrations.html",
        {"requests": document, "errors": errors},
        status=status,
    )


def _request_id(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise Http404(_("no such request")) from None
