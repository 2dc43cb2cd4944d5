"""A game's talk and the reports to an event's officials (issue 31 item 1), for any game
played on the site: the preset's game page includes `web/player/_talk.html` with the document
of `app.documents.talk.build_game_talk`, and these views write, hide and refresh it. The
report form is reached from a game page, my page and the event page."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from mashindano.app import official_reports, talk
from mashindano.app.documents.talk import (
    build_game_talk,
    build_officials,
    kind_label,
    report_kinds,
    talk_version,
)
from mashindano.app.error_texts import shown
from mashindano.app.errors import NotAllowed, NotFound
from mashindano.app.on_site import played_by_preset
from mashindano.app.queries import game_words
from mashindano.engine.errors import MashindanoError
from mashindano.store import models
from mashindano.store.mapping import game_fact_of
from mashindano.web.player.views import _principal, personal

NOT_YOURS = gettext_lazy("only the game's players and the event's officials read its talk")


def _back(request: HttpRequest, fallback: str) -> str:
    wanted = request.POST.get("next", "") or request.GET.get("next", "")
    if wanted and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return fallback


def _game_page(slug: str, game: int) -> str:
    event = models.Event.objects.filter(slug=slug).first()
    hooks = played_by_preset(event) if event is not None else None
    return hooks.path(slug, game) if hooks is not None else reverse("public:event", args=[slug])


def _panel(
    request: HttpRequest,
    slug: str,
    game: int,
    *,
    error: str = "",
    typed: str = "",
    status: int = 200,
) -> HttpResponse:
    document = build_game_talk(slug, game, _principal(request))
    if document is None:
        raise PermissionDenied(NOT_YOURS)
    return render(
        request,
        "web/player/_talk.html",
        {
            "talk": document,
            "talk_error": error,
            "talk_typed": typed,
            "talk_next": _back(request, _game_page(slug, game)),
        },
        status=status,
    )


@personal
@require_http_methods(["GET", "POST"])
def game_talk(request: HttpRequest, slug: str, game: int) -> HttpResponse:
    """GET: the talk panel (204 while `?v=` is still its version: the page's poll). POST
    `text`: write a message (htmx swaps the panel; without script, back to the game page)."""
    principal = _principal(request)
    if request.method == "GET":
        if request.GET.get("v", "") == talk_version(slug, game):
            if build_game_talk(slug, game, principal) is None:
                raise PermissionDenied(NOT_YOURS)
            return HttpResponse(status=204)
        return _panel(request, slug, game)
    text = request.POST.get("text", "")
    fragment = bool(request.headers.get("HX-Request"))
    try:
        talk.write_message(slug, game, text, actor=principal)
    except NotAllowed as refused:
        raise PermissionDenied(str(refused)) from None
    except NotFound:
        raise
    except MashindanoError as refused:
        if fragment:
            return _panel(request, slug, game, error=shown(refused), typed=text)
        messages.error(request, shown(refused))
        return HttpResponseRedirect(_back(request, _game_page(slug, game)))
    if fragment:
        return _panel(request, slug, game)
    return HttpResponseRedirect(_back(request, _game_page(slug, game)) + "#talk")


@personal
@require_POST
def hide_message(request: HttpRequest, slug: str) -> HttpResponse:
    """POST `message` (its id) and `reason`: an official hides a message of a game's talk."""
    principal = _principal(request)
    number = request.POST.get("message", "")
    try:
        # An unknown message is told after the permission check (`talk.hide` first).
        talk.hide_message(
            slug,
            int(number) if number.isdigit() else 0,
            request.POST.get("reason", ""),
            actor=principal,
        )
    except NotAllowed as refused:
        raise PermissionDenied(str(refused)) from None
    except MashindanoError as refused:
        messages.error(request, shown(refused))
    else:
        messages.success(request, _("The message is hidden."))
    return HttpResponseRedirect(_back(request, reverse("public:event", args=[slug])))


class ReportForm(forms.Form):
    kind = forms.ChoiceField(label=gettext_lazy("What is it about?"), choices=())
    text = forms.CharField(
        label=gettext_lazy("Your message to the officials"),
        widget=forms.Textarea(attrs={"rows": 5}),
        max_length=official_reports.MAX_LENGTH,
        help_text=gettext_lazy("Say what happened; only the event's officials read it."),
    )

    def __init__(self, *args: object, kinds: tuple[tuple[str, str], ...], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        field = self.fields["kind"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = kinds


@personal
@require_http_methods(["GET", "POST"])
def report(request: HttpRequest, slug: str) -> HttpResponse:
    """Report to the officials (the Mwamuzi): cheating, abuse, a problem, or a message; about
    a game (`?game=<id>`) or the event."""
    principal = _principal(request)
    event = models.Event.objects.filter(slug=slug).first()
    if event is None:
        raise NotFound(_("no event %(slug)r") % {"slug": slug})
    game_text = request.POST.get("game", "") or request.GET.get("game", "")
    game = int(game_text) if game_text.isdigit() else None
    label = ""
    if game is not None:
        row = (
            models.Game.objects.filter(id=game, encounter__round__stage__event=event)
            .select_related("encounter__round__stage", "first", "second")
            .first()
        )
        if row is None:
            raise NotFound(_("event %(slug)r has no game %(game)s") % {"slug": slug, "game": game})
        label = game_words(game_fact_of(row))
    kinds = report_kinds(with_message=game is None)
    initial = {"kind": request.GET.get("kind", kinds[0][0])}
    form = ReportForm(request.POST or None, kinds=kinds, initial=initial)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            official_reports.file_report(
                slug,
                form.cleaned_data["kind"],
                form.cleaned_data["text"],
                actor=principal,
                game=game,
            )
        except NotAllowed as refused:
            raise PermissionDenied(str(refused)) from None
        except NotFound:
            raise
        except MashindanoError as refused:
            form.add_error(None, shown(refused))
            status = 400
        else:
            messages.success(
                request,
                _(
                    "Your report (%(kind)s) went to the officials of %(event)s; their answer will "
                    "be on your page."
                )
                % {"kind": kind_label(form.cleaned_data["kind"]), "event": event.name},
            )
            return HttpResponseRedirect(reverse("player:me") + "#reports")
    elif request.method == "POST":
        status = 400
    return render(
        request,
        "web/player/report.html",
        {
            "form": form,
            "event": event,
            "game": game,
            "label": label,
            "officials": build_officials(slug),
            "me_page": "report",
        },
        status=status,
    )
