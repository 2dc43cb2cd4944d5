"""Console: an event's announcements (app/announcements.py), posted and withdrawn by its
organisers and arbiters; the public pages and the live view show those not withdrawn."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from mashindano.app import announcements
from mashindano.app.documents.console_pages import build_announcements_view
from mashindano.app.error_texts import shown
from mashindano.app.errors import NotAllowed, NotFound
from mashindano.engine.errors import MashindanoError
from mashindano.web.console.forms import AnnouncementForm, WithdrawAnnouncementForm
from mashindano.web.console.views import _page, _principal, console_view


@console_view
@require_http_methods(["GET", "POST"])
def announcements_page(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the announcements and a form to post one. POST `text`: post it; POST `withdraw`
    (an announcement's number) with an optional `reason`: withdraw it."""
    principal = _principal(request)
    document = build_announcements_view(slug, principal)
    form = AnnouncementForm(request.POST if "text" in request.POST else None)
    withdraw_form = WithdrawAnnouncementForm()
    status, problem = 200, ""
    if request.method == "POST":
        try:
            if "withdraw" in request.POST:
                number = request.POST.get("withdraw", "")
                if not number.isdigit():
                    raise NotFound(_("no announcement %(number)r") % {"number": number})
                announcements.withdraw_announcement(
                    slug,
                    int(number),
                    actor=principal,
                    reason=request.POST.get("reason", ""),
                )
                messages.success(request, _("The announcement is withdrawn."))
            else:
                form = AnnouncementForm(request.POST)
                announcements.announce(slug, request.POST.get("text", ""), actor=principal)
                messages.success(request, _("The announcement is on the event's pages."))
        except (NotAllowed, NotFound):
            raise
        except MashindanoError as refused:
            if "withdraw" in request.POST:
                problem = shown(refused)
            else:
                form.add_error("text", shown(refused))
            status = 400
        else:
            return HttpResponseRedirect(reverse("console:announcements", args=[slug]))
    return _page(
        request,
        "announcements.html",
        status=status,
        notices=document,
        event=document.event,
        form=form,
        withdraw_form=withdraw_form,
        problem=problem,
        tab="announcements",
    )
