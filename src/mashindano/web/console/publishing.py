"""Console: where the event publishes each round (app/publishing.py, issue 31 item 6): its
publishers (an address of another site, or this site's publish folder), each round's delivery
(delivered, failing with the last error, waiting), and forms to add and remove one. The
event's organisers only."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from mashindano.app import publishing
from mashindano.app.documents.console import build_console_event
from mashindano.app.error_texts import shown
from mashindano.app.errors import NotAllowed, NotFound
from mashindano.app.publish_folder import FOLDER, folder_root
from mashindano.engine.errors import MashindanoError
from mashindano.web.console.forms import PublisherForm
from mashindano.web.console.views import _page, _principal, console_view


@console_view
@require_http_methods(["GET", "POST"])
def publishing_page(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the publishers and their deliveries. POST `url`: publish to that address; POST
    `folder`: to the site's publish folder; POST `remove` (a publisher's number): stop."""
    principal = _principal(request)
    publishers = publishing.list_publishers(slug, actor=principal)
    event = build_console_event(slug, principal)
    form = PublisherForm(request.POST if "url" in request.POST else None)
    status, problem = 200, ""
    if request.method == "POST":
        try:
            if "remove" in request.POST:
                number = request.POST.get("remove", "")
                if not number.isdigit():
                    raise NotFound(_("no publisher %(number)r") % {"number": number})
                publishing.remove_publisher(slug, int(number), actor=principal)
                messages.success(request, _("Nothing more is published there."))
            elif "folder" in request.POST:
                publishing.add_publisher(slug, FOLDER, actor=principal)
                messages.success(request, _("Each round is written to this site's publish folder."))
            else:
                added = publishing.add_publisher(slug, request.POST.get("url", ""), actor=principal)
                messages.success(
                    request,
                    _(
                        "Each round goes to %(url)s. Its bundles are signed with the secret "
                        "%(secret)s (shown once: give it to the other site to check them)."
                    )
                    % {"url": added.target, "secret": added.secret},
                )
        except (NotAllowed, NotFound):
            raise
        except MashindanoError as refused:
            if "url" in request.POST and "remove" not in request.POST:
                form.add_error("url", shown(refused))
            else:
                problem = shown(refused)
            status = 400
        else:
            return HttpResponseRedirect(reverse("console:publishing", args=[slug]))
    return _page(
        request,
        "publishing.html",
        status=status,
        event=event,
        publishers=publishers,
        form=form,
        has_folder=folder_root() is not None,
        problem=problem,
        tab="publishing",
    )
