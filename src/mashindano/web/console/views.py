"""The organiser and arbiter console. Each view parses and authorises the request, calls one use
case of the app (or one document builder for a page), and renders the result. The app refuses
what the viewer may not do (403), names the field of a bad value (shown at the field; nothing
is written), and refuses a form rendered before the event changed (StaleVersion)."""

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
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from mashindano.app import accounts, drafts, people, player_import, players
from mashindano.app.documents import console as documents
from mashindano.app.documents.entries import build_entries
from mashindano.app.documents.result_terms import fields_in_terms
from mashindano.app.documents.roll_call import build_roll_call
from mashindano.app.error_texts import shown
from mashindano.app.errors import NotAllowed, NotFound, OwnReport, SettingsProblems, StaleVersion
from mashindano.app.events import create_event
from mashindano.app.performing import find_action, perform
from mashindano.app.principals import Principal
from mashindano.engine.errors import MashindanoError
from mashindano.web.console.forms import (
    EventForm,
    ImportForm,
    InviteForm,
    PlayerForm,
    RoleForm,
    SpecForm,
    changed_settings,
    message_params,
)
from mashindano.web.printing import pdf_response
from mashindano.web.templatetags.web_tags import value_words

View = Callable[..., HttpResponse]

STALE = gettext_lazy(
    "This form is out of date: the event changed since you opened it (someone else acted). "
    "Nothing was changed. Check the values below and send again."
)
"""Shown when a form's event version is behind (the form is shown again at the new version)."""


def console_view(view: View) -> View:
    """Logged in; the app's NotAllowed as 403 and NotFound as 404, naming what."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NotAllowed as refused:
            raise PermissionDenied(str(refused)) from None
        except NotFound as missing:
            raise Http404(str(missing)) from None

    return wrapped


def _principal(request: HttpRequest) -> Principal:
    principal = people.principal_for_user(request.user)
    if principal is None:  # login_required let an anonymous user through: never
        raise PermissionDenied(_("log in first"))
    return principal


def _desk(slug: str) -> str:
    return reverse("console:event", args=[slug])


def _page(request: HttpRequest, template: str, status: int = 200, **context: Any) -> HttpResponse:
    return render(request, f"web/console/{template}", context, status=status)


# -- home and creating events -------------------------------------------------------------------


@console_view
def home(request: HttpRequest) -> HttpResponse:
    return _page(request, "home.html", home=documents.build_console_home(_principal(request)))


@console_view
@require_http_methods(["GET", "POST"])
def new_event(request: HttpRequest) -> HttpResponse:
    principal = _principal(request)
    if not principal.can_create_events:
        raise PermissionDenied(_("creating events needs the event creator permission"))
    preset = request.GET.get("preset", "") or request.POST.get("preset", "")
    presets = documents.build_preset_choices()
    if preset not in {p.name for p in presets}:
        return _page(request, "new_event.html", presets=presets, form=None, preset="")
    specs = documents.preset_fields(preset)
    form = EventForm(specs, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            created = create_event(
                form.cleaned_data["slug"].strip(),
                preset,
                actor=principal,
                name=form.cleaned_data["name"].strip() or None,
                parameters=changed_settings(form),
            )
        except SettingsProblems as several:
            for problem in several.problems:
                _event_form_error(form, problem)
        except MashindanoError as error:
            _event_form_error(form, error)
        else:
            messages.success(request, _("Created %(name)s.") % {"name": created.name})
            return HttpResponseRedirect(_desk(created.slug))
    chosen = next(p for p in presets if p.name == preset)
    return _page(
        request,
        "new_event.html",
        presets=presets,
        form=form,
        preset=preset,
        chosen=chosen,
        groups=form.grouped(documents.preset_setting_groups(preset)),
        summary=form.error_summary(),
    )


def _event_form_error(form: EventForm, error: MashindanoError) -> None:
    """A refusal of a new event at the field it is about (the slug, a setting) or above."""
    params = message_params(error)
    field = params.get("parameter")
    if field not in form.specs:
        field = "slug" if {"slug", "event"} & set(params) else None
    form.add_error(field, shown(error))


# -- one event ----------------------------------------------------------------------------------


@console_view
def event(request: HttpRequest, slug: str) -> HttpResponse:
    return _page(
        request,
        "event.html",
        event=documents.build_console_event(slug, _principal(request)),
        tab="desk",
    )


def _players(slug: str) -> list[tuple[str, str]]:
    return [
        (e.id, f"{e.number}. {e.name}" if e.number is not None else e.name)
        for e in build_entries(slug).by_number
    ]


@console_view
@require_http_methods(["GET", "POST"])
def action(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    """The generic form of a declared action, rendered from its parameters and performed
    through `perform` (the same path as the CLI and the API)."""
    principal = _principal(request)
    event = documents.build_console_event(slug, principal)
    if name not in event.action_names:
        spec = find_action(name)  # unknown action: 404
        raise PermissionDenied(
            _("You may not %(action)s in this event now.") % {"action": spec.label.lower()}
        )
    spec = find_action(name)
    fields = fields_in_terms(event.preset, spec.fields)
    initial: dict[str, object] = {
        k: v for k, v in request.GET.items() if k in {f.name for f in fields}
    }
    initial["version"] = event.version
    form = SpecForm(fields, request.POST or None, initial=initial, players=_players(slug))
    if request.method == "POST":
        try:
            done = perform(
                slug,
                name,
                form.raw_values(),
                actor=principal,
                expected_version=form.posted_version(),
            )
        except StaleVersion:
            form = SpecForm(
                fields,
                {**request.POST.dict(), "version": str(event.version)},
                players=_players(slug),
            )
            form.add_error(None, STALE)
        except NotAllowed as refused:
            if not isinstance(refused, OwnReport):
                raise
            form.error_from(message_params(refused), shown(refused))
        except MashindanoError as error:
            form.error_from(message_params(error), shown(error))
        else:
            messages.success(request, done.message)
            return HttpResponseRedirect(request.POST.get("next") or _desk(slug))
    return _page(
        request,
        "action.html",
        event=event,
        spec=spec,
        form=form,
        next=request.GET.get("next", ""),
    )


# -- results grid -------------------------------------------------------------------------------


def _place(request: HttpRequest) -> dict[str, Any]:
    def number(key: str, default: int | None) -> int | None:
        text = request.GET.get(key, "")
        return int(text) if text.isdigit() else default

    return {
        "number": number("round", None),
        "stage": number("stage", 1) or 1,
        "group": request.GET.get("group", ""),
    }


@console_view
def grid(request: HttpRequest, slug: str) -> HttpResponse:
    document = documents.build_results_grid(slug, _principal(request), **_place(request))
    return _page(request, "grid.html", grid=document, event=document.event, tab="grid")


@console_view
@require_POST
def grid_report(request: HttpRequest, slug: str) -> HttpResponse:
    """One result typed in the grid: `result.report` through `perform`. No version check here:
    the grid takes many results in a row, and a game that already has one refuses a second
    report, saying who reported what and when."""
    principal = _principal(request)
    fields = ("round", "board", "game", "stage", "group", "result")
    raw = {k: request.POST.get(k, "") for k in fields if request.POST.get(k, "") != ""}
    error = ""
    try:
        done = perform(slug, "result.report", raw, actor=principal)
    except NotAllowed:
        raise
    except MashindanoError as refused:
        error = shown(refused)
    document = documents.build_results_grid(
        slug,
        principal,
        number=int(raw.get("round", "1") or 1),
        stage=int(raw.get("stage", "1") or 1),
        group=raw.get("group", ""),
    )
    if not request.htmx:  # type: ignore[attr-defined]
        if error:
            messages.error(request, error)
        else:
            messages.success(request, done.message)
        return HttpResponseRedirect(request.get_full_path().replace("report/", "") + _query(raw))
    board = int(raw.get("board", "0") or 0)
    game = int(raw.get("game", "1") or 1)
    line = next(
        (
            (b, g)
            for b in (document.pairings.boards if document.pairings else ())
            for g in b.games
            if b.board == board and g.game == game
        ),
        None,
    )
    if line is None:
        return HttpResponse(error, status=422)
    return _page(
        request,
        "_grid_row.html",
        grid=document,
        event=document.event,
        board=line[0],
        game=line[1],
        error=error,
        typed=raw.get("result", "") if error else "",
    )


def _query(raw: dict[str, str]) -> str:
    parts = [f"{k}={raw[k]}" for k in ("round", "stage", "group") if raw.get(k)]
    return "?" + "&".join(parts) if parts else ""


# -- draft pairing ------------------------------------------------------------------------------


_DRAFT_CHANGES = {
    "swap": ("player_a", "player_b", "reason"),
    "pair": ("player_a", "player_b", "reason"),
    "unpair": ("board", "reason"),
    "bye": ("player", "reason"),
    "reset": ("reason",),
}
"""The draft page's change forms: the declared action `draft.<change>` and its fields."""


@console_view
@require_http_methods(["GET", "POST"])
def draft(request: HttpRequest, slug: str) -> HttpResponse:
    principal = _principal(request)
    event = documents.build_console_event(slug, principal)
    if not event.may("round.pair"):
        raise PermissionDenied(_("You may not pair rounds in this event."))
    if request.method == "POST":
        change = request.POST.get("change", "")
        if change in _DRAFT_CHANGES:
            return _change_draft(request, slug, principal, change)
        version = request.POST.get("version", "")
        try:
            published = drafts.publish_draft(
                slug,
                version=int(version) if version.isdigit() else -1,
                fingerprint=request.POST.get("fingerprint", ""),
                reason=request.POST.get("reason", ""),
                actor=principal,
            )
        except StaleVersion as stale:
            messages.error(request, f"{STALE} ({stale})")
            return HttpResponseRedirect(reverse("console:draft", args=[slug]))
        except NotAllowed:
            raise
        except MashindanoError as refused:
            messages.error(request, shown(refused))
            return HttpResponseRedirect(reverse("console:draft", args=[slug]))
        messages.success(
            request, _("Round %(number)s is published.") % {"number": published.number}
        )
        return HttpResponseRedirect(
            reverse("console:grid", args=[slug])
            + f"?round={published.number}&stage={published.stage}&group={published.group}"
        )
    problem = ""
    try:
        document: drafts.Draft | None = drafts.draft_next_round(slug, actor=principal)
    except NotAllowed:
        raise
    except MashindanoError as refused:
        document, problem = None, shown(refused)
    return _page(request, "draft.html", event=event, draft=document, problem=problem)


# -- roll call ----------------------------------------------------------------------------------


@console_view
@require_http_methods(["GET", "POST"])
def roll_call(request: HttpRequest, slug: str) -> HttpResponse:
    """The next round's roll call: tick or untick players (issue 33 item 2), by name or by
    board; each tick goes through the declared action `player.check_in`."""
    principal = _principal(request)
    event = documents.build_console_event(slug, principal)
    if not event.may("player.check_in"):
        raise PermissionDenied(_("You may not take the roll call in this event."))
    order = request.GET.get("order", "name")
    address = reverse("console:roll-call", args=[slug]) + f"?order={order}"
    if request.method == "POST":
        player = request.POST.get("player", "")
        try:
            done = perform(
                slug,
                "player.check_in",
                {"player": player, "present": request.POST.get("present", "yes")},
                actor=principal,
            )
        except NotAllowed:
            raise
        except MashindanoError as refused:
            messages.error(request, shown(refused))
        else:
            messages.success(request, done.message)
        return HttpResponseRedirect(address)
    document = build_roll_call(slug, timezone.now(), order)
    return _page(request, "roll_call.html", event=event, roll=document, tab="roll-call")


def _change_draft(
    request: HttpRequest, slug: str, principal: Principal, change: str
) -> HttpResponse:
    """One manual change (the declared action `draft.<change>`), then the draft page again,
    checked; a refusal is shown there, nothing changed."""
    raw = {
        name: request.POST.get(name, "").strip()
        for name in _DRAFT_CHANGES[change]
        if request.POST.get(name, "").strip() or name != "reason"
    }
    version = request.POST.get("version", "")
    try:
        perform(
            slug,
            f"draft.{change}",
            raw,
            actor=principal,
            expected_version=int(version) if version.isdigit() else None,
        )
    except StaleVersion as stale:
        messages.error(request, f"{STALE} ({stale})")
    except NotAllowed:
        raise
    except MashindanoError as refused:
        messages.error(request, shown(refused))
    return HttpResponseRedirect(reverse("console:draft", args=[slug]))


# -- queues -------------------------------------------------------------------------------------


@console_view
def queues(request: HttpRequest, slug: str) -> HttpResponse:
    document = documents.build_queues(slug, _principal(request))
    return _page(request, "queues.html", queues=document, event=document.event, tab="queues")


# -- import players -----------------------------------------------------------------------------


@console_view
@require_http_methods(["GET", "POST"])
def import_players(request: HttpRequest, slug: str) -> HttpResponse:
    principal = _principal(request)
    event = documents.build_console_event(slug, principal)
    player_import.require_import(slug, principal)
    if request.method == "POST" and request.POST.get("step") == "add":
        return _add_player(request, slug, principal, event)
    form = ImportForm(request.POST or None, request.FILES or None)
    preview = None
    if request.method == "POST" and request.POST.get("step") == "import":
        version = request.POST.get("version", "")
        try:
            count = player_import.import_players(
                slug,
                request.POST.get("text", ""),
                fmt=request.POST.get("format", ""),
                version=int(version) if version.isdigit() else -1,
                actor=principal,
                strict=request.POST.get("strict") == "on",
            )
        except StaleVersion:
            form.add_error(None, STALE)
        except NotAllowed:
            raise
        except MashindanoError as refused:
            form.add_error(None, shown(refused))
        else:
            messages.success(request, _("Registered %(count)s players.") % {"count": count})
            return HttpResponseRedirect(_desk(slug))
    elif request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        text = (
            upload.read().decode("utf-8", errors="replace") if upload else form.cleaned_data["text"]
        )
        if not text.strip():
            form.add_error("file", _("Choose a file, or paste its text."))
        else:
            preview = player_import.preview_player_import(
                slug,
                text,
                fmt=form.cleaned_data["format"],
                actor=principal,
                source=upload.name if upload else _("pasted text"),
                strict=form.cleaned_data["strict"],
            )
            return _page(
                request,
                "import.html",
                event=event,
                form=form,
                preview=preview,
                text=text,
                player_form=PlayerForm(),
            )
    return _page(
        request,
        "import.html",
        event=event,
        form=form,
        preview=preview,
        text="",
        player_form=PlayerForm(),
    )


def _add_player(
    request: HttpRequest, slug: str, principal: Principal, event: documents.ConsoleEvent
) -> HttpResponse:
    """One player by hand, through the use case a players file goes through (and the command
    line's `players add`); a refusal at the field it is about, nothing registered."""
    player_form = PlayerForm(request.POST)
    if player_form.is_valid():
        values = player_form.cleaned_data
        name = values["name"].strip()
        try:
            players.register_player(
                slug,
                name,
                rating=values["rating"],
                games_played=values["games_played"],
                country=values["country"].strip() or None,
                actor=principal,
            )
        except NotAllowed:
            raise
        except MashindanoError as refused:
            field = message_params(refused).get("field", "name")
            player_form.add_error(field if field in player_form.fields else None, shown(refused))
        else:
            messages.success(request, _("Registered %(name)s.") % {"name": name})
            return HttpResponseRedirect(reverse("console:import", args=[slug]))
    return _page(
        request,
        "import.html",
        status=400,
        event=event,
        form=ImportForm(),
        preview=None,
        text="",
        player_form=player_form,
    )


# -- roles --------------------------------------------------------------------------------------


@console_view
@require_http_methods(["GET", "POST"])
def roles(request: HttpRequest, slug: str) -> HttpResponse:
    principal = _principal(request)
    form = RoleForm(request.POST or None)
    if request.method == "POST" and not documents.build_roles_view(slug, principal).may_grant:
        raise PermissionDenied(_("Only an organiser may give or take back roles."))
    if request.method == "POST" and "withdraw" in request.POST:
        return _withdraw_invitation(request, slug, principal)
    if request.method == "POST":
        revoke = request.POST.get("revoke", "")
        try:
            if revoke:
                username, _sep, role = revoke.partition(":")
                people.revoke_role(slug, username, role, actor=principal)
                messages.success(
                    request,
                    _("%(user)s is no longer %(role)s.")
                    % {
                        "user": username,
                        "role": value_words(role),
                    },
                )
                return HttpResponseRedirect(reverse("console:roles", args=[slug]))
            if form.is_valid():
                people.grant_role(
                    slug,
                    form.cleaned_data["username"].strip(),
                    form.cleaned_data["role"],
                    actor=principal,
                )
                messages.success(
                    request,
                    _("%(user)s is now %(role)s.")
                    % {
                        "user": form.cleaned_data["username"].strip(),
                        "role": value_words(form.cleaned_data["role"]),
                    },
                )
                return HttpResponseRedirect(reverse("console:roles", args=[slug]))
        except NotAllowed:
            raise
        except MashindanoError as refused:
            params = message_params(refused)
            form.add_error(
                "username" if "user" in params else "role" if "role" in params else None,
                shown(refused),
            )
    document = documents.build_roles_view(slug, principal)
    return _page(
        request,
        "roles.html",
        status=400 if form.errors else 200,
        roles=document,
        event=document.event,
        form=form,
        invite_form=InviteForm(),
    )


def _withdraw_invitation(request: HttpRequest, slug: str, principal: Principal) -> HttpResponse:
    """POST `withdraw` (an invitation's number): take the invitation back; what went wrong is
    said on the roles page it returns to."""
    number = request.POST.get("withdraw", "")
    try:
        if not number.isdigit():
            raise NotFound(_("no invitation %(number)r") % {"number": number})
        withdrawn = accounts.withdraw_invitation(principal, slug, int(number))
    except NotAllowed:
        raise
    except MashindanoError as refused:
        messages.error(request, shown(refused))
    else:
        messages.success(
            request,
            _("The invitation to %(email)s is withdrawn; its link no longer works.")
            % {"email": withdrawn.email},
        )
    return HttpResponseRedirect(reverse("console:roles", args=[slug]))


@console_view
@require_POST
def invite(request: HttpRequest, slug: str) -> HttpResponse:
    """Invite someone by e-mail to take a role (a co-arbiter): the mail with the signed link
    goes out; following it, logged in, grants the role (app/accounts.py)."""
    principal = _principal(request)
    document = documents.build_roles_view(slug, principal)
    if not document.may_grant:
        raise PermissionDenied(_("Only an organiser may invite someone to take a role."))
    form = InviteForm(request.POST)
    if form.is_valid():
        try:
            accounts.invite(
                principal, slug, form.cleaned_data["email"], role=form.cleaned_data["role"]
            )
        except accounts.InvalidFields as refused:
            for field, message in refused.errors.items():
                form.add_error(field if field in form.fields else None, message)
        except NotAllowed:
            raise
        except MashindanoError as refused:
            form.add_error(None, shown(refused))
        else:
            messages.success(
                request,
                _("The invitation is sent to %(email)s.") % {"email": form.cleaned_data["email"]},
            )
            return HttpResponseRedirect(reverse("console:roles", args=[slug]))
    return _page(
        request,
        "roles.html",
        status=400,
        roles=document,
        event=document.event,
        form=RoleForm(),
        invite_form=form,
    )


# -- audit log ----------------------------------------------------------------------------------


@console_view
def audit(request: HttpRequest, slug: str) -> HttpResponse:
    round_text = request.GET.get("round", "").strip()
    document = documents.build_audit_view(
        slug,
        _principal(request),
        actor=request.GET.get("actor", ""),
        action=request.GET.get("action", ""),
        round_number=int(round_text) if round_text.isdigit() else None,
    )
    return _page(request, "audit.html", audit=document, event=document.event, tab="audit")


@console_view
@require_GET
def print_pdf(request: HttpRequest, slug: str, what: str) -> HttpResponse:
    """Any printed sheet of the event, score sheets and name cards included (officials)."""
    return pdf_response(request, slug, what, principal=_principal(request))
