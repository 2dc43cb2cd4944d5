"""Account pages: the profile, personal access tokens, invitations. Each view parses the
request, calls one use case and renders its document; refusals become a message at the field
(bad input, status 400), a 403 page (not allowed) or a 404 page (unknown)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from mashindano.app import accounts
from mashindano.app.documents.profile import ProfileDocument
from mashindano.app.error_texts import shown
from mashindano.app.errors import AppError, NotAllowed, NotFound, Refused
from mashindano.app.people import principal_for_user
from mashindano.app.principals import Principal
from mashindano.engine.errors import MashindanoError, ParseError
from mashindano.store.models import NotificationMode
from mashindano.web.api.models import ApiToken
from mashindano.web.api.tokens import Scope, issue_token, revoke_token

View = Callable[..., HttpResponse]

KIND_LABELS = {
    "round-published": gettext_lazy("A round of my event is published"),
    "opponent-reported": gettext_lazy("My opponent reported a result"),
    "result-final": gettext_lazy("A result of mine became final"),
    "dispute-opened": gettext_lazy("A result is disputed (arbiters)"),
    "dispute-ruled": gettext_lazy("A ruling on a dispute"),
    "loss-on-time": gettext_lazy("A game lost on time"),
    "kiba-your-move": gettext_lazy("Bao: it is my move"),
    "deadline-reminder": gettext_lazy("A deadline is near"),
    "tantrix-offer-due": gettext_lazy("Tantrix: tiebreak dates to offer"),
    "tantrix-reply-due": gettext_lazy("Tantrix: an offer of dates to answer"),
    "tantrix-default": gettext_lazy("Tantrix: a match lost by default"),
    "proposal": gettext_lazy("A clock ran out: a ruling is needed (arbiters)"),
    "report-due": gettext_lazy("A result of mine is still to report"),
    "unreported": gettext_lazy("A result is still unreported at its deadline (arbiters)"),
    "dispute-waiting": gettext_lazy("A dispute waits for a ruling (arbiters)"),
    "gomoku-pairings": gettext_lazy("Gomoku: my matches of the month"),
    "month-closed": gettext_lazy("Gomoku: a month is closed, with the new list"),
    "tantrix-form-due": gettext_lazy("Tantrix: a result form to file"),
    "game-talk": gettext_lazy("My opponent wrote to me in a game's talk"),
    "official-report": gettext_lazy("A report to the officials (arbiters)"),
    "official-answer": gettext_lazy("The officials answered my report"),
    "match-time": gettext_lazy("Times proposed or agreed for a match of mine"),
    "joined": gettext_lazy("I joined an event (with its start date)"),
    "start-reminder": gettext_lazy("An event of mine starts soon"),
    "waiting": gettext_lazy(
        "A round due on schedule or an automatic start could not be done (arbiters)"
    ),
    "team-lineup-due": gettext_lazy("Teams: my team's line-up is due (captains)"),
    "team-lineups-in": gettext_lazy("Teams: both line-ups of my team's match are in (captains)"),
    "team-board-reported": gettext_lazy("Teams: a board result to confirm or dispute"),
}
MODE_LABELS = {
    NotificationMode.IMMEDIATELY.value: gettext_lazy("at once"),
    NotificationMode.DAILY.value: gettext_lazy("in a daily digest"),
    NotificationMode.NEVER.value: gettext_lazy("never"),
}


def refusals(view: View) -> View:
    """Not allowed -> 403, not found -> 404 (each naming the problem)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NotAllowed as error:
            raise PermissionDenied(str(error)) from None
        except NotFound as error:
            raise Http404(str(error)) from None

    return wrapped


def _principal(request: HttpRequest) -> Principal:
    user: Any = request.user
    principal = principal_for_user(user)
    if principal is None:
        raise NotAllowed(_("log in first"), action="account")
    return principal


# -- profile --------------------------------------------------------------------------------


def _profile_page(
    request: HttpRequest,
    document: ProfileDocument,
    *,
    values: dict[str, Any] | None = None,
    errors: dict[str, str] | None = None,
    status: int = 200,
) -> HttpResponse:
    shown = values or {
        "display_name": document.display_name,
        "country": document.country,
        "federation_id": document.federation_id,
        "ratings": document.ratings_text,
        "kiba_games": "" if document.kiba_games is None else str(document.kiba_games),
        "language": document.language,
        "time_zone": document.time_zone,
    }
    chosen = dict(values.get("email_preferences", {})) if values else {}
    preferences = [
        {
            "kind": p.kind,
            "label": KIND_LABELS.get(p.kind, p.kind),
            "mode": chosen.get(p.kind, p.mode),
            "error": (errors or {}).get(f"email_{p.kind}", ""),
        }
        for p in document.email_preferences
    ]
    return render(
        request,
        "web/accounts/profile.html",
        {
            "section": "profile",
            "profile": document,
            "values": shown,
            "errors": errors or {},
            "languages": accounts.LANGUAGES,
            "preferences": preferences,
            "modes": MODE_LABELS,
            "invitations": [
                (token, accounts.read_invitation(token))
                for token in accounts.pending_invitations(_principal(request))
            ],
        },
        status=status,
    )


@never_cache
@login_required
@refusals
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    principal = _principal(request)
    if request.method == "GET":
        return _profile_page(request, accounts.get_profile(principal))
    data = request.POST
    form = accounts.ProfileForm(
        display_name=data.get("display_name", ""),
        country=data.get("country", ""),
        federation_id=data.get("federation_id", ""),
        ratings=data.get("ratings", ""),
        kiba_games=data.get("kiba_games", ""),
        language=data.get("language", ""),
        time_zone=data.get("time_zone", ""),
        email_preferences={
            key.removeprefix("email_"): data.get(key, "")
            for key in data
            if key.startswith("email_")
        },
    )
    try:
        accounts.update_profile(principal, form)
    except accounts.InvalidFields as error:
        values = {
            "display_name": form.display_name,
            "country": form.country,
            "federation_id": form.federation_id,
            "ratings": form.ratings,
            "kiba_games": form.kiba_games,
            "language": form.language,
            "time_zone": form.time_zone,
            "email_preferences": form.email_preferences or {},
        }
        return _profile_page(
            request, accounts.get_profile(principal), values=values, errors=error.errors, status=400
        )
    messages.success(request, _("Your profile is saved."))
    return HttpResponseRedirect(reverse("account-profile"))


# -- personal access tokens (issue 15 item 2) ----------------------------------------------


def _tokens_page(
    request: HttpRequest,
    principal: Principal,
    *,
    secret: str = "",
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
    status: int = 200,
) -> HttpResponse:
    assert principal.user_id is not None
    tokens = ApiToken.objects.filter(user_id=principal.user_id).order_by("-id")
    response = render(
        request,
        "web/accounts/tokens.html",
        {
            "section": "tokens",
            "tokens": tokens,
            "scopes": [s.label for s in Scope],
            "secret": secret,
            "errors": errors or {},
            "values": values or {"name": "", "scope": Scope.READ.label},
        },
        status=status,
    )
    return response


@never_cache
@login_required
@refusals
@require_http_methods(["GET", "POST"])
def tokens(request: HttpRequest) -> HttpResponse:
    """The list of one's tokens; POST creates one and shows its secret, this once."""
    principal = _principal(request)
    if request.method == "GET":
        return _tokens_page(request, principal)
    name = request.POST.get("name", "")
    scope = request.POST.get("scope", "")
    try:
        Scope.parse(scope)
    except ParseError as error:
        return _tokens_page(
            request,
            principal,
            errors={"scope": error.message},
            values={"name": name, "scope": scope},
            status=400,
        )
    try:
        issued = issue_token(request.user, name, scope)  # type: ignore[arg-type]
    except (ParseError, Refused) as error:
        return _tokens_page(
            request,
            principal,
            errors={"name": error.message},
            values={"name": name, "scope": scope},
            status=400,
        )
    return _tokens_page(request, principal, secret=issued.secret, status=201)


@never_cache
@login_required
@refusals
@require_POST
def revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    principal = _principal(request)
    assert principal.user_id is not None
    token = revoke_token(principal.user_id, token_id)
    messages.success(request, _("The token “%(name)s” is revoked.") % {"name": token.name})
    return HttpResponseRedirect(reverse("account-tokens"))


# -- invitations ----------------------------------------------------------------------------


@never_cache
@login_required
@refusals
@require_http_methods(["GET", "POST"])
def invite(request: HttpRequest, slug: str) -> HttpResponse:
    """An organiser or arbiter invites someone to claim an entry (or, organisers, to take a
    role) in the event."""
    principal = _principal(request)
    choices = accounts.invitation_choices(principal, slug)
    values = {"email": "", "entry": "", "role": ""}
    errors: dict[str, str] = {}
    status = 200
    if request.method == "POST":
        values = {k: request.POST.get(k, "") for k in values}
        try:
            sent = accounts.invite(
                principal, slug, values["email"], entry=values["entry"], role=values["role"]
            )
        except accounts.InvalidFields as error:
            errors, status = error.errors, 400
        except (Refused, ParseError) as error:
            errors, status = {"what": error.message}, 400
        else:
            messages.success(
                request, _("The invitation is sent to %(email)s.") % {"email": values["email"]}
            )
            del sent
            return HttpResponseRedirect(reverse("account-invite", kwargs={"slug": slug}))
    return render(
        request,
        "web/accounts/invite.html",
        {"choices": choices, "values": values, "errors": errors},
        status=status,
    )


@never_cache
@refusals
@require_http_methods(["GET", "POST"])
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """The link of an invitation: what it offers; POST (logged in) accepts it."""
    document = accounts.read_invitation(token)
    problem = ""
    if request.method == "POST":
        if not request.user.is_authenticated:
            return HttpResponseRedirect(f"{reverse('account_login')}?next={request.path}")
        try:
            accepted = accounts.accept_invitation(_principal(request), token)
        except (Refused, AppError, MashindanoError) as error:
            if isinstance(error, NotAllowed | NotFound):
                raise
            problem = shown(error)
        else:
            messages.success(request, _("Welcome to %(event)s.") % {"event": accepted.event_name})
            return HttpResponseRedirect(f"/e/{accepted.event}/")
    return render(
        request,
        "web/accounts/invitation.html",
        {"invitation": document, "token": token, "problem": problem},
        status=400 if problem else 200,
    )
