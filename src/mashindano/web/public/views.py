"""The public pages. Each view reads the request, calls one document builder (plus the event
summary that the layout's header and navigation show) and renders it. Not-found errors of the
app become 404 pages that say what was not found."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import feedgenerator
from django.utils.html import format_html, format_html_join
from django.utils.text import slugify
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from mashindano.app.demo import demo_login_hint
from mashindano.app.documents.crosstable import build_crosstable
from mashindano.app.documents.entries import build_entries
from mashindano.app.documents.event import (
    EventSummary,
    build_event_list,
    build_event_summary,
    event_header,
)
from mashindano.app.documents.feed import EventFeed, build_event_feed
from mashindano.app.documents.me import my_page_hooks
from mashindano.app.documents.player import build_player_card
from mashindano.app.documents.presets import DOCUMENT_HOOKS, preset_document
from mashindano.app.documents.rounds import RoundPairings, build_round_pairings
from mashindano.app.documents.talk import build_officials
from mashindano.app.documents.tiebreaks import modifier_catalogue, tiebreak_catalogue
from mashindano.app.errors import NotFound, WrongState
from mashindano.app.exchange import export_event_games_csv, export_event_json, export_event_trf
from mashindano.app.printing import PUBLIC_SHEETS
from mashindano.app.queries import get_event_facts, list_series
from mashindano.app.teams.documents import is_team_event
from mashindano.web.cache import NO_PAGE_CACHE
from mashindano.web.printing import pdf_response
from mashindano.web.public.derived import standings_page
from mashindano.web.templatetags.web_tags import round_url

View = Callable[..., HttpResponse]

STATE_WORDS = {
    "draft": _("Upcoming"),
    "registration": _("Upcoming"),
    "running": _("Running"),
    "closed": _("Finished"),
}


def not_found_as_404(view: View) -> View:
    """The app's NotFound (unknown event, round, player, series) as a 404 naming it."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except NotFound as error:
            raise Http404(str(error)) from None

    return wrapped


def home(request: HttpRequest) -> HttpResponse:
    events = build_event_list().events
    groups = [
        (STATE_WORDS[state], [e for e in events if e.state == state])
        for state in ("running", "registration", "closed")
    ]
    # Demo mode only (`serve --demo`): who to log in as (the password is in the terminal).
    demo = demo_login_hint() if settings.MASHINDANO_DEMO else None
    return render(
        request,
        "web/public/home.html",
        {"groups": groups, "series": list_series(), "count": len(events), "demo": demo},
    )


def tiebreaks(request: HttpRequest) -> HttpResponse:
    """Every tie-break a tie-break list may name (the engine's registry), with its definition:
    the legend the console's tie-break fields link to."""
    entries = tiebreak_catalogue()
    return render(
        request,
        "web/public/tiebreaks.html",
        {
            "names": [e for e in entries if not e.fide],
            "codes": [e for e in entries if e.fide],
            "modifiers": modifier_catalogue(),
            "option_examples": TIEBREAK_OPTION_EXAMPLES,
            "list_example": TIEBREAK_LIST_EXAMPLE,
        },
    )


TIEBREAK_OPTION_EXAMPLES = (
    "buchholz:fide2023",
    "neustadtl:per-encounter",
    "direct-encounter:forfeits",
)
"""Names with an option after a colon, as a tie-break list writes them (codes: not translated)."""
TIEBREAK_LIST_EXAMPLE = "BH-C1,BH-M2,SB-C1:fide2023,ARO-U1400"


def _event_page(
    request: HttpRequest, template: str, event: EventSummary, page: str, **context: Any
) -> HttpResponse:
    return render(
        request,
        f"web/public/{template}",
        {
            "event": event,
            "page": page,
            "state_words": STATE_WORDS.get(event.state),
            "preset_page": _preset_label(event.preset),
            "withdraw_link": my_page_hooks(event.preset).withdraw_on_every_page,
            "teams_tab": is_team_event(event.slug),
            **context,
        },
    )


@not_found_as_404
def event_home(request: HttpRequest, slug: str) -> HttpResponse:
    event = build_event_summary(slug)
    entries = build_entries(slug)
    alphabetical = request.GET.get("order") == "name"
    return _event_page(
        request,
        "event.html",
        event,
        "event",
        entries=entries.alphabetical if alphabetical else entries.by_number,
        alphabetical=alphabetical,
        exports=_available_exports(slug),
        officials=build_officials(slug),
    )


def _available_exports(slug: str) -> list[str]:
    """The export formats this event has (TRF needs a single stage: the app says so)."""
    try:
        export_event_trf(slug)
    except WrongState:
        return ["csv", "json"]
    return ["trf", "csv", "json"]


@not_found_as_404
def round_pairings(
    request: HttpRequest, slug: str, number: int, stage: int = 1, group: str = ""
) -> HttpResponse:
    facts = get_event_facts(slug)
    event = event_header(facts)
    pairings = build_round_pairings(slug, number, stage=stage, group=group, facts=facts)
    find = request.GET.get("find", "").strip()
    boards = _find_boards(pairings, find)
    template = "round_boards.html" if request.headers.get("HX-Request") else "round.html"
    response = _event_page(
        request, template, event, "rounds", pairings=pairings, boards=boards, find=find
    )
    if find:
        setattr(response, NO_PAGE_CACHE, True)  # one page per search: not worth keeping
    return response


def _find_boards(pairings: RoundPairings, find: str) -> tuple[Any, ...]:
    """ "Find my board": the boards where a player's name or number matches what was typed."""
    if not find:
        return pairings.boards
    wanted = find.casefold()

    def matches(ref: Any) -> bool:
        return ref is not None and (
            wanted in ref.name.casefold() or (ref.number is not None and str(ref.number) == find)
        )

    return tuple(b for b in pairings.boards if matches(b.first) or matches(b.second))


@not_found_as_404
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    after = request.GET.get("after", "")
    if after and not after.isdigit():
        raise Http404(
            gettext(
                "standings are shown after a round number (after=3), not after={after!r}"
            ).format(after=after)
        )
    event, document = standings_page(slug, after=int(after) if after else None)
    return _event_page(request, "standings.html", event, "standings", standings=document)


@not_found_as_404
def crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_header(get_event_facts(slug))
    try:
        table, why = build_crosstable(slug), ""
    except WrongState as refused:
        table, why = None, str(refused)
    return _event_page(request, "crosstable.html", event, "crosstable", table=table, why=why)


@not_found_as_404
def player_card(request: HttpRequest, slug: str, player: str) -> HttpResponse:
    event = event_header(get_event_facts(slug))
    card = build_player_card(slug, player)
    response = _event_page(request, "player.html", event, "player", card=card)
    if card.record is not None:
        # The record counts the person's games in every event: this event's version alone
        # does not name the page.
        setattr(response, NO_PAGE_CACHE, True)
    return response


@not_found_as_404
def feed(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's Atom feed: an entry per published round and one for the standings after
    the last round with all its results in (issue 31 item 6)."""
    document = build_event_feed(slug)
    response = HttpResponse(content_type=feedgenerator.Atom1Feed.content_type)
    _atom(request, document).write(response, "utf-8")
    return response


def _atom(request: HttpRequest, document: EventFeed) -> feedgenerator.Atom1Feed:
    home = request.build_absolute_uri(reverse("public:event", args=[document.slug]))
    atom = feedgenerator.Atom1Feed(
        title=document.name,
        link=home,
        description=gettext("Pairings, results and standings of {name}").format(name=document.name),
        feed_url=request.build_absolute_uri(),
        language=get_language(),
        feed_guid=home,
    )
    for entry in document.entries:
        if entry.kind == "standings":
            path = reverse("public:standings", args=[document.slug])
            path += f"?after={entry.place.round}"
        else:
            path = round_url(document.slug, entry.place)
        link = request.build_absolute_uri(path)
        atom.add_item(
            title=entry.title,
            link=link,
            description=format_html(
                "<ul>{}</ul>", format_html_join("", "<li>{}</li>", ((li,) for li in entry.lines))
            ),
            unique_id=f"{home}#{entry.key}",
            updateddate=entry.updated,
        )
    return atom


EXPORTS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "trf": ("text/plain; charset=utf-8", export_event_trf),
    "csv": ("text/csv; charset=utf-8", export_event_games_csv),
    "json": ("application/json", export_event_json),
}


@not_found_as_404
def export(request: HttpRequest, slug: str, fmt: str) -> HttpResponse:
    if fmt not in EXPORTS:
        raise Http404(
            gettext("no export format {fmt!r} (there are: {value})").format(
                fmt=fmt, value=", ".join(EXPORTS)
            )
        )
    content_type, make = EXPORTS[fmt]
    try:
        content = make(slug)
    except WrongState as refused:
        raise Http404(
            gettext("event {slug!r} has no {upper} export: {refused}").format(
                slug=slug, upper=fmt.upper(), refused=refused
            )
        ) from None
    if fmt == "json":
        import json

        content = json.dumps(content, indent=2, ensure_ascii=False)
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{slugify(slug)}.{fmt}"'
    return response


@require_GET
@not_found_as_404
def print_pdf(request: HttpRequest, slug: str, what: str) -> HttpResponse:
    """A public page as a printed sheet (PDF): pairings, standings, crosstable."""
    if what not in PUBLIC_SHEETS:
        raise Http404(
            gettext("no printed sheet {what!r} here (there are: {value})").format(
                what=what, value=", ".join(sorted(PUBLIC_SHEETS))
            )
        )
    return pdf_response(request, slug, what, principal=None)


def _preset_label(preset: str) -> Any:
    """The tab of the preset's own page, if it has one."""
    pages = DOCUMENT_HOOKS.get(preset)
    return None if pages is None else pages.label


@not_found_as_404
def preset_page(request: HttpRequest, slug: str, month: int | None = None) -> HttpResponse:
    """The preset's own page: KIBA stages and final, a Gomoku league month, the Tantrix
    brackets, the Tasaselo selo list and prize groups."""
    facts = get_event_facts(slug)
    event = event_header(facts)
    pages = DOCUMENT_HOOKS.get(event.preset)
    if pages is None:
        raise Http404(
            gettext("event {slug!r} ({preset}) has no page of its own beyond the lists").format(
                slug=slug, preset=event.preset
            )
        )
    document = preset_document(facts)
    if document is None:
        return _event_page(request, "preset_waiting.html", event, "preset")
    context: dict[str, Any] = {"document": document}
    months = getattr(document, "months", None)
    if months is not None:
        context["month"] = _month(slug, months, month)
    elif month is not None:
        raise Http404(
            gettext("event {slug!r} ({preset}) has no league months").format(
                slug=slug, preset=event.preset
            )
        )
    return render(
        request,
        pages.template,
        {
            "event": event,
            "page": "preset",
            "state_words": STATE_WORDS.get(event.state),
            "preset_page": pages.label,
            "withdraw_link": my_page_hooks(event.preset).withdraw_on_every_page,
            "teams_tab": is_team_event(event.slug),
            **context,
        },
    )


def _month(slug: str, months: tuple[Any, ...], number: int | None) -> Any:
    """The league month asked for (default: the latest)."""
    if not months:
        return None
    if number is None:
        return months[-1]
    for month in months:
        if month.number == number:
            return month
    raise Http404(
        gettext("event {slug!r} has no league month {number} (months 1-{count})").format(
            slug=slug, number=number, count=len(months)
        )
    )
