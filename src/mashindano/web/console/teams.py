"""Console: an event's Teams page (issue 32) for its organisers and arbiters. Four forms, each
one declared action through `perform` (the same path as the API's and the CLI's): the team
mode (`team.mode`), a new team (`team.create`), a team's roster (`team.roster`) and the next
team round (`team.pair`). A refusal comes back at the form and field it is about, nothing
stored; with htmx a form swaps the page's teams section in place, without it the page posts
and redirects as any console form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from mashindano.app.declarations import ParameterSpec
from mashindano.app.error_texts import shown
from mashindano.app.errors import NotAllowed, NotFound, StaleVersion
from mashindano.app.performing import find_action, perform
from mashindano.app.teams.desk import TeamDesk, build_team_desk
from mashindano.engine.errors import MashindanoError
from mashindano.web.console.forms import SpecForm, default_text, message_params
from mashindano.web.console.views import STALE, _page, _principal, console_view

FORMS = {"mode": "team.mode", "team": "team.create", "roster": "team.roster", "pair": "team.pair"}
"""The page's forms (the posted `form`) and the declared action each performs."""


def _specs(action: str) -> tuple[ParameterSpec, ...]:
    return find_action(action).fields


class TeamForm(SpecForm):
    """One of the page's forms: the action's fields, ids prefixed by the form's key (four
    forms on one page), and the hidden key saying which one was posted."""

    def __init__(self, key: str, desk: TeamDesk, data: Any = None) -> None:
        initial = _initial(key, desk)
        super().__init__(_specs(FORMS[key]), data, initial=initial, auto_id=f"{key}_%s")
        self.key = key
        if key == "roster":
            self._roster_fields(desk)
        if key == "pair":
            self.fields["round"].widget.attrs["readonly"] = True

    def _roster_fields(self, desk: TeamDesk) -> None:
        teams = [(str(t.number), f"{t.number}. {t.name}") for t in desk.teams]
        self.fields["team"].widget = forms.Select(
            choices=[("", _("Choose a team")), *teams], attrs={"required": True}
        )
        self.fields["team"].help_text = ""
        self.fields["players"].widget = forms.Textarea(
            attrs={"rows": 7, "spellcheck": "false", "autocomplete": "off", "required": True}
        )
        self.fields["players"].help_text = ROSTER_HELP

    def error_from(self, params: Mapping[str, Any], message: str) -> None:
        """As `SpecForm.error_from`; a refusal naming one player of a roster (on another team's,
        not registered) at the roster's players."""
        if "player" in params and "players" in self.specs and params.get("parameter") is None:
            params = {**params, "parameter": "players"}
        super().error_from(params, message)

    def raw_values(self) -> dict[str, object]:
        values = super().raw_values()
        if self.key == "roster" and isinstance(values.get("players"), str):
            # One player per line (a line may also list several, comma-separated).
            lines = str(values["players"]).splitlines()
            values["players"] = [line.strip() for line in lines if line.strip()]
        return values


ROSTER_HELP = gettext_lazy(
    "One player per line, as registered (name or number): board 1 first, in board order, "
    "the reserves last."
)


def _initial(key: str, desk: TeamDesk) -> dict[str, object]:
    initial: dict[str, object] = {"version": desk.event.version}
    mode = desk.mode
    if key == "mode" and mode is not None:
        initial.update(
            boards=mode.boards,
            match_points=mode.points.text,
            missing_lineup=mode.missing.value,
            tiebreaks=",".join(mode.tiebreaks),
            system=mode.system.value,
            rounds=default_text(mode.rounds),
        )
    if key == "pair":
        initial["round"] = desk.next_round
    return initial


def _desk_url(slug: str) -> str:
    return reverse("console:teams", args=[slug])


@console_view
@require_http_methods(["GET", "POST"])
def teams_page(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the team mode, the teams and their rosters, the next team round. POST `form`
    (mode, team, roster or pair) with that form's fields: perform its action."""
    principal = _principal(request)
    desk = build_team_desk(slug, principal)
    posted = request.POST.get("form", "") if request.method == "POST" else ""
    if posted and posted not in FORMS:
        raise NotFound(_("no form %(name)r on the Teams page") % {"name": posted})
    shown_forms = {key: TeamForm(key, desk) for key in FORMS}
    status = 200
    if posted:
        form = TeamForm(posted, desk, request.POST)
        shown_forms[posted] = form
        try:
            done = perform(
                slug,
                FORMS[posted],
                form.raw_values(),
                actor=principal,
                expected_version=form.posted_version(),
            )
        except StaleVersion:
            desk = build_team_desk(slug, principal)
            form = TeamForm(posted, desk, {**request.POST.dict(), "version": desk.event.version})
            form.add_error(None, STALE)
            shown_forms[posted] = form
            status = 409
        except NotAllowed:
            raise
        except MashindanoError as refused:
            form.error_from(message_params(refused), shown(refused))
            status = 400
        else:
            messages.success(request, done.message)
            return HttpResponseRedirect(_desk_url(slug) + f"#{posted}")
    return _page(
        request,
        "teams.html",
        # htmx swaps only on a success status: a refused form comes back with 200 there.
        status=200 if request.htmx and status != 200 else status,  # type: ignore[attr-defined]
        desk=desk,
        event=desk.event,
        forms=shown_forms,
        posted=posted,
        tab="teams",
    )
