"""The public pages of a team event (issue 32): team standings, a round's match sheets, a
team's page. Each view builds one document (`app.teams.documents`) and renders it; what a
signed-in captain sees of line-ups not yet shown is decided by the document."""

from __future__ import annotations

from functools import wraps
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone

from mashindano.app.documents.event import event_header
from mashindano.app.errors import WrongState
from mashindano.app.people import principal_for_user
from mashindano.app.queries import get_event_facts
from mashindano.app.teams.documents import (
    build_team_page,
    build_team_round,
    build_team_standings,
)
from mashindano.web.cache import NO_PAGE_CACHE
from mashindano.web.public.views import View, _event_page, not_found_as_404


def team_event_only(view: View) -> View:
    """An event not played in teams has no team pages: 404 naming why."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except WrongState as refused:
            raise Http404(str(refused)) from None

    return wrapped


@not_found_as_404
@team_event_only
def team_standings(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_header(get_event_facts(slug))
    table = build_team_standings(slug, now=timezone.now())
    response = _event_page(request, "teams/standings.html", event, "teams", table=table)
    setattr(response, NO_PAGE_CACHE, True)  # a deadline passing changes it, not a version
    return response


@not_found_as_404
@team_event_only
def team_round(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = event_header(get_event_facts(slug))
    found = build_team_round(
        slug, number, viewer=principal_for_user(request.user), now=timezone.now()
    )
    response = _event_page(request, "teams/round.html", event, "teams", found=found)
    setattr(response, NO_PAGE_CACHE, True)  # a captain sees their own line-up early
    return response


@not_found_as_404
@team_event_only
def team_page(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = event_header(get_event_facts(slug))
    page = build_team_page(
        slug, number, viewer=principal_for_user(request.user), now=timezone.now()
    )
    response = _event_page(request, "teams/team.html", event, "teams", team=page)
    setattr(response, NO_PAGE_CACHE, True)
    return response
