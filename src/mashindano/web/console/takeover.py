"""Console: take over a chess Swiss in progress from a TRF file (issue 28 item 6,
`app.takeover`). Upload or paste the file, see what it gives and every warning (nothing is
stored), then create the event, or cancel: nothing of the file is kept."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from mashindano.app.error_texts import shown
from mashindano.app.errors import NotAllowed
from mashindano.app.takeover import Takeover, take_over_event
from mashindano.engine.errors import MashindanoError
from mashindano.web.console.views import _desk, _page, _principal, console_view


class TakeoverForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("TRF file"), required=False)
    text = forms.CharField(
        label=gettext_lazy("…or paste the file here"),
        required=False,
        # A file's lines read left to right on a right-to-left page too ("012 Club").
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "dir": "ltr"}),
    )
    slug = forms.CharField(
        label=gettext_lazy("Slug (web address)"),
        required=False,
        max_length=100,
        help_text=gettext_lazy("Lower-case letters, digits and hyphens; default: from the name."),
    )
    name = forms.CharField(
        label=gettext_lazy("Name"),
        required=False,
        max_length=200,
        help_text=gettext_lazy("Default: the file's tournament name (012)."),
    )
    strict = forms.BooleanField(
        label=gettext_lazy("Strict reading: refuse the file's oddities instead of warning"),
        required=False,
    )
    team_system = forms.ChoiceField(
        label=gettext_lazy("A team file's system"),
        required=False,
        choices=[
            ("", gettext_lazy("as the file says (record 092)")),
            ("round-robin", gettext_lazy("round-robin")),
            ("swiss", gettext_lazy("Swiss")),
        ],
    )


@console_view
@require_http_methods(["GET", "POST"])
def take_over(request: HttpRequest) -> HttpResponse:
    """GET: the form. POST `step=preview`: what the file gives, with its warnings (a dry run).
    POST `step=create`: the event, from the text the preview showed."""
    principal = _principal(request)
    if not principal.can_create_events:
        raise PermissionDenied(_("creating events needs the event creator permission"))
    form = TakeoverForm(request.POST or None, request.FILES or None)
    if request.method != "POST" or not form.is_valid():
        return _page(request, "takeover.html", form=form, preview=None, text="")
    upload = form.cleaned_data["file"]
    text = upload.read().decode("utf-8", errors="replace") if upload else form.cleaned_data["text"]
    if not text.strip():
        form.add_error("file", _("Choose a file, or paste its text."))
        return _page(request, "takeover.html", status=400, form=form, preview=None, text="")
    create = request.POST.get("step") == "create"
    preview: Takeover | None = None
    try:
        preview = take_over_event(
            text,
            actor=principal,
            slug=form.cleaned_data["slug"].strip() or None,
            name=form.cleaned_data["name"].strip() or None,
            source=upload.name if upload else _("pasted text"),
            strict=form.cleaned_data["strict"],
            dry_run=not create,
            team_system=form.cleaned_data["team_system"] or None,
        )
    except NotAllowed:
        raise
    except MashindanoError as refused:
        form.add_error(None, shown(refused))
        return _page(request, "takeover.html", status=400, form=form, preview=None, text=text)
    if create:
        messages.success(request, _("Created %(name)s.") % {"name": preview.name})
        return HttpResponseRedirect(_desk(preview.slug))
    return _page(request, "takeover.html", form=form, preview=preview, text=text)
