"""The captain's console of a team event (issue 32), under /me/: the line-up to submit for
each match of the captain's team, the boards to report and the other side's reports to confirm
or dispute. GET builds one document (`build_captain_console`); each POST performs one declared
team action (`perform`), so the rules and the permissions are those of the API and the CLI.

A player's own boards (`my_boards`, /me/e/<slug>/boards/): the boards they play in the paired
team matches, to report, confirm or dispute as the board's player (`build_my_boards`), each
form one declared action as on the captain's console."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from mashindano.app.documents.event import event_header
from mashindano.app.error_texts import shown
from mashindano.app.errors import NotAllowed
from mashindano.app.performing import perform
from mashindano.app.permissions import authorise
from mashindano.app.queries import get_event_facts
from mashindano.app.teams.documents import build_captain_console, build_my_boards, is_team_event
from mashindano.engine.errors import MashindanoError
from mashindano.web.player.views import _principal, personal

CAPTAIN_ACTIONS = {
    "lineup": "team.lineup",
    "report": "team.board-report",
    "confirm": "team.board-confirm",
    "dispute": "team.board-dispute",
}
"""What the console's forms do (the `do` field) and the declared action each performs."""


def _raw(request: HttpRequest, do: str) -> dict[str, object]:
    posted = request.POST
    if do == "lineup":
        boards = sorted(
            (int(k[len("board") :]), v) for k, v in posted.items() if k.startswith("board")
        )
        return {
            "round": posted.get("round", ""),
            "team": posted.get("team", ""),
            "players": [v or "-" for _, v in boards],
        }
    raw: dict[str, object] = {
        "round": posted.get("round", ""),
        "match": posted.get("match", ""),
        "board": posted.get("board", ""),
    }
    if do == "report":
        raw["result"] = posted.get("result", "")
    if do == "dispute":
        raw["reason"] = posted.get("reason", "")
    return raw


@personal
@require_http_methods(["GET", "POST"])
def captain(request: HttpRequest, slug: str) -> HttpResponse:
    principal = _principal(request)
    if not is_team_event(slug):
        raise Http404(_("event %(slug)s is not played in teams") % {"slug": slug})
    try:
        authorise(principal, "team.lineup", slug)
    except NotAllowed as refused:
        return HttpResponseForbidden(refused.message)
    event = event_header(get_event_facts(slug))
    status = 200
    problem = ""
    if request.method == "POST":
        do = request.POST.get("do", "")
        if do not in CAPTAIN_ACTIONS:
            raise Http404(_("no captain action %(name)s") % {"name": do})
        try:
            done = perform(slug, CAPTAIN_ACTIONS[do], _raw(request, do), actor=principal)
        except NotAllowed as refused:
            problem, status = shown(refused), 403
        except MashindanoError as refused:
            problem, status = shown(refused), 422
        else:
            messages.success(request, done.message)
            return redirect("player:captain", slug=slug)
    console = build_captain_console(slug, principal, now=timezone.now())
    return render(
        request,
        "web/player/captain.html",
        {"event": event, "console": console, "problem": problem},
        status=status,
    )


BOARD_ACTIONS = {k: v for k, v in CAPTAIN_ACTIONS.items() if k != "lineup"}
"""What a board player's forms do (the `do` field) and the declared action each performs."""


@personal
@require_http_methods(["GET", "POST"])
def my_boards(request: HttpRequest, slug: str) -> HttpResponse:
    principal = _principal(request)
    if not is_team_event(slug):
        raise Http404(_("event %(slug)s is not played in teams") % {"slug": slug})
    page = build_my_boards(slug, principal, now=timezone.now())
    if page is None:
        return HttpResponseForbidden(_("You play on no team of this event."))
    status = 200
    failed: dict[str, str] = {}
    if request.method == "POST":
        do = request.POST.get("do", "")
        if do not in BOARD_ACTIONS:
            raise Http404(_("no board action %(name)s") % {"name": do})
        try:
            done = perform(slug, BOARD_ACTIONS[do], _raw(request, do), actor=principal)
        except NotAllowed as refused:
            failed, status = {"text": shown(refused)}, 403
        except MashindanoError as refused:
            failed, status = {"text": shown(refused)}, 422
        else:
            messages.success(request, done.message)
            return redirect("player:boards", slug=slug)
        posted = request.POST
        key = "-".join(posted.get(k, "") for k in ("round", "match", "board"))
        # Shown next to the form it came from, or above the boards when the page has no such
        # form (a refused answer to one's own report).
        shown_at = any(
            b.key == key and (b.can_report if do == "report" else b.can_answer) for b in page.boards
        )
        failed |= {
            "key": key if shown_at else "",
            "do": do,
            "result": posted.get("result", ""),
            "reason": posted.get("reason", ""),
        }
    return render(
        request,
        "web/player/boards.html",
        {"event": event_header(get_event_facts(slug)), "page": page, "failed": failed},
        status=status,
    )
