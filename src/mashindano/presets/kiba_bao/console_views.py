"""Console: KIBA championship series (`series`). Creating one is a site permission (event
creators); adding a tournament to one, or taking it out, belongs to the tournament's organiser.
The page shows each viewer only the forms they may use."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from mashindano.app.error_texts import shown
from mashindano.app.errors import NotAllowed
from mashindano.engine.errors import MashindanoError
from mashindano.presets.kiba_bao import series as use_cases
from mashindano.presets.kiba_bao.series_pages import (
    build_series_desk,
    build_series_list,
    may_change_series,
)
from mashindano.web.console.forms import SeriesEventForm, SeriesForm
from mashindano.web.console.views import _page, _principal, console_view


@console_view
@require_http_methods(["GET", "POST"])
def series_list(request: HttpRequest) -> HttpResponse:
    """The series, and (event creators) a form to create one."""
    principal = _principal(request)
    document = build_series_list(principal)
    if request.method == "POST" and not document.can_create:
        raise PermissionDenied(_("creating a series needs the event creator permission"))
    form = SeriesForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                created = use_cases.create_series(
                    form.cleaned_data["slug"].strip(),
                    form.cleaned_data["name"],
                    actor=principal,
                )
            except NotAllowed:
                raise
            except MashindanoError as refused:
                form.add_error("slug", shown(refused))
            else:
                messages.success(
                    request, _("Created the series %(name)s.") % {"name": created.name}
                )
                return HttpResponseRedirect(reverse("console:series", args=[created.slug]))
        status = 400
    return _page(request, "series_list.html", status=status, listing=document, form=form)


@console_view
@require_http_methods(["GET", "POST"])
def series_desk(request: HttpRequest, slug: str) -> HttpResponse:
    """A series' table and tournaments. POST `event`: add that tournament; POST `remove`: take
    that tournament out."""
    principal = _principal(request)
    document = build_series_desk(slug, principal)
    if request.method == "POST" and not may_change_series(principal):
        raise PermissionDenied(_("only the organiser of a KIBA tournament may change a series"))
    form = SeriesEventForm(document.candidates, request.POST if "event" in request.POST else None)
    status, problem = 200, ""
    if request.method == "POST":
        removing = request.POST.get("remove", "")
        try:
            if removing:
                use_cases.remove_event_from_series(slug, removing, actor=principal)
                messages.success(
                    request, _("%(event)s no longer counts for this series.") % {"event": removing}
                )
                return HttpResponseRedirect(reverse("console:series", args=[slug]))
            if form.is_valid():
                use_cases.add_event_to_series(slug, form.cleaned_data["event"], actor=principal)
                messages.success(
                    request,
                    _("%(event)s counts for this series.") % {"event": form.cleaned_data["event"]},
                )
                return HttpResponseRedirect(reverse("console:series", args=[slug]))
        except NotAllowed:
            raise
        except MashindanoError as refused:
            if removing:
                problem = shown(refused)
            else:
                form.add_error("event", shown(refused))
        status = 400
    return _page(request, "series.html", status=status, desk=document, form=form, problem=problem)
