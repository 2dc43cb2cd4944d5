"""Player self-service views. Each parses the request and authorises (a signed-in account),
calls one use case (through `perform` for the declared actions) or builds one document
(`app.documents.me`), and renders it. Pages under /me/ are personal: never cached."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseForbidden,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from mashindano.app.documents.me import (
    build_my_event,
    build_my_page,
    build_open_events,
    my_entry,
    my_page_hooks,
)
from mashindano.app.documents.result_terms import action_in_terms
from mashindano.app.documents.talk import build_my_reports
from mashindano.app.error_texts import shown
from mashindano.app.errors import NotAllowed, NotFound, OwnReport
from mashindano.app.people import principal_for_user
from mashindano.app.performing import find_action, perform
from mashindano.app.principals import Principal
from mashindano.app.registrations import join_event
from mashindano.engine.errors import MashindanoError
from mashindano.web.player.forms import build_form, field_of_error, raw_values

PLAYER_ACTIONS = frozenset(
    {
        "result.report",
        "result.match",
        "result.confirm",
        "result.dispute",
        "game.move",
        "game.resign",
        "player.withdraw",
        "player.leave",
        "player.check_in",
        "tantrix.form",
        "tantrix.offer",
        "tantrix.reply",
        "match.propose",
        "match.answer",
        "match.challenge",
    }
)
"""The declared actions a player performs from their pages (staff use the console)."""

GAME_FIELDS = ("round", "board", "game", "stage", "group")
"""The values of a game or match a page fixes (from its address)."""
GAME_DEFAULTS = {"game": "1", "stage": "1", "group": ""}

View = Callable[..., HttpResponse]


def _principal(request: HttpRequest) -> Principal:
    principal = principal_for_user(request.user)
    assert principal is not None  # login_required
    return principal


def personal(view: View) -> View:
    """Signed-in only, never cached, unknown events and games as 404."""

    @wraps(view)
    @never_cache
    @login_required
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NotFound as error:
            raise Http404(str(error)) from None

    return wrapped


@personal
def my_page(request: HttpRequest) -> HttpResponse:
    principal = _principal(request)
    page = build_my_page(principal, timezone.now())
    reports = build_my_reports(principal)
    return render(
        request, "web/player/me.html", {"page": page, "reports": reports, "me_page": "me"}
    )


@personal
def open_events(request: HttpRequest) -> HttpResponse:
    events = build_open_events(_principal(request))
    return render(request, "web/player/join_list.html", {"events": events, "me_page": "join"})


class JoinForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Your name in the event"),
        max_length=200,
        help_text=gettext_lazy("As it will appear in the pairings (your nickname on the site)."),
    )
    rating = forms.IntegerField(label=gettext_lazy("Rating"), required=False, min_value=0)
    games_played = forms.IntegerField(
        label=gettext_lazy("Games played on the site"),
        required=False,
        min_value=0,
    )
    country = forms.CharField(label=gettext_lazy("Country"), required=False, max_length=10)
    declaration = forms.BooleanField(
        label=gettext_lazy(
            "I declare that I played these games on the site under the nickname I use here."
        ),
        required=False,
    )


@personal
@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, slug: str) -> HttpResponse:
    principal = _principal(request)
    open_event = next((e for e in build_open_events(principal) if e.slug == slug), None)
    if open_event is None:
        raise Http404(_("event %(slug)s does not take players now") % {"slug": slug})
    if request.method == "POST":
        form = JoinForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                joined = join_event(
                    slug,
                    actor=principal,
                    name=data["name"],
                    rating=data["rating"],
                    games_played=data["games_played"],
                    country=data["country"],
                    declaration=data["declaration"],
                )
            except MashindanoError as problem:
                named = problem.params.get("parameter")
                form.add_error(named if named in form.fields else None, shown(problem))
            else:
                if joined.pending:
                    messages.info(
                        request,
                        _("Your request to join %(event)s waits for the organisers.")
                        % {"event": open_event.name},
                    )
                else:
                    messages.success(
                        request,
                        _("You joined %(event)s as %(name)s.")
                        % {"event": open_event.name, "name": joined.player},
                    )
                return redirect("player:me")
    else:
        user: Any = request.user
        form = JoinForm(initial={"name": user.get_full_name() or user.get_username()})
    # The help in this game's words only (issue 29 item 10): the preset's join hook says it.
    form.fields["games_played"].help_text = open_event.games_help
    return render(request, "web/player/join.html", {"form": form, "event": open_event}, status=200)


def _fixed_game(request: HttpRequest) -> dict[str, str]:
    return {k: request.GET[k] for k in GAME_FIELDS if request.GET.get(k)}


@personal
@require_http_methods(["GET", "POST"])
def action(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    if name not in PLAYER_ACTIONS:
        raise Http404(_("no player action %(name)s") % {"name": name})
    principal = _principal(request)
    now = timezone.now()
    mine = build_my_event(slug, principal, now)
    if mine is None:
        return HttpResponseForbidden(_("You do not play in this event."))
    event, open_actions = mine
    if name not in event.actions:
        return HttpResponseForbidden(
            _("%(action)s is not open to you in %(event)s now.")
            % {"action": name, "event": event.name}
        )
    spec = action_in_terms(event.preset, find_action(name))
    fixed = _fixed_game(request)
    field_names = {f.name for f in spec.fields}
    fixed = {k: v for k, v in fixed.items() if k in field_names}
    if field_names & {"round", "board"} and not {"round", "board"} <= fixed.keys():
        return HttpResponseBadRequest(_("Which game? The address names its round and board."))
    for key, default in GAME_DEFAULTS.items():
        if key in field_names:
            fixed.setdefault(key, default)
    if "player" in field_names:
        fixed["player"] = event.player
    # The preset's own fixed values (a league month away is a leave, not a bye worth points).
    fixed.update(my_page_hooks(event.preset).action_values.get(name, {}))
    game = _game_of(event, fixed)
    status = 200
    if request.method == "POST":
        posted = {k: str(v) for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
        try:
            performed = perform(slug, name, raw_values(spec, fixed, posted), actor=principal)
        except NotAllowed as refused:
            if not isinstance(refused, OwnReport):
                return HttpResponseForbidden(refused.message)
            # One's own report: the form says why, and who answers it instead.
            form = build_form(spec, fixed, posted, error=shown(refused))
            status = 403
        except MashindanoError as problem:
            form = build_form(spec, fixed, posted)
            target = field_of_error(spec, problem, [f.name for f in form.fields])
            form = build_form(
                spec,
                fixed,
                posted,
                errors={target: shown(problem)} if target else None,
                error="" if target else shown(problem),
            )
            status = 422
        else:
            messages.success(request, performed.message)
            return redirect("player:me")
    else:
        form = build_form(spec, fixed)
    return render(
        request,
        "web/player/action.html",
        {
            "event": event,
            "form": form,
            "game": game,
            "open_actions": [a for a in open_actions if _same_game(a.fixed, fixed)],
            "query": urlencode({k: v for k, v in fixed.items() if k in GAME_FIELDS}),
        },
        status=status,
    )


def _game_of(event: Any, fixed: dict[str, str]) -> Any:
    if "round" not in fixed or "board" not in fixed:
        return None
    for game in event.games:
        if (
            str(game.round) == fixed["round"]
            and str(game.board) == fixed["board"]
            and str(game.number) == fixed.get("game", "1")
            and str(game.stage) == fixed.get("stage", "1")
            and game.group == fixed.get("group", "")
        ):
            return game
    return None


def _same_game(a: dict[str, str], b: dict[str, str]) -> bool:
    def value(values: dict[str, str], key: str) -> str | None:
        return values.get(key, GAME_DEFAULTS.get(key))

    return all(value(a, k) == value(b, k) for k in GAME_FIELDS)


@never_cache
def withdraw_link(request: HttpRequest, slug: str) -> HttpResponse:
    """The htmx fragment every page of a KIBA event loads: a withdraw link for a viewer who
    plays in it (the public pages are cached and shared, so they carry no personal part)."""
    principal = principal_for_user(request.user)
    entry = my_entry(slug, principal)
    context: dict[str, Any] = {"entry": entry, "slug": slug}
    if entry is None or entry.withdrawn_from is not None:
        response = HttpResponse("")
    else:
        mine = build_my_event(slug, principal, timezone.now()) if principal else None
        if (
            mine is None
            or "player.withdraw" not in mine[0].actions
            or not my_page_hooks(mine[0].preset).withdraw_on_every_page
        ):
            response = HttpResponse("")
        else:
            context["url"] = reverse("player:action", args=[slug, "player.withdraw"])
            response = render(request, "web/player/_withdraw_link.html", context)
    response["Vary"] = "Cookie"
    return response
