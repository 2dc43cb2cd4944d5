"""Printed sheets (issue 33 item 4, issue 29 "Print"): pairings, standings with the tie-break
legend, the crosstable, score sheets with a QR code of the result form, and name cards, as PDF
files on A4 or A3 paper in the event's language (Persian right to left).

A sheet is the page's own document rendered into HTML by the page's own partial templates
(`web/public/round_boards.html`, `_standings_section.html`, `_crosstable_table.html`) inside a
print layout (`print/*.html`, its stylesheet `print/print.css`), then laid out as PDF by
WeasyPrint. The templates are reached by name through Django's loader, as the mail is: the app
imports nothing of the web layer.

Pairings, standings and crosstable are public; score sheets and name cards are for the event's
officials (whoever may open its console)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext

from mashindano.app.documents.console import require_console
from mashindano.app.documents.crosstable import crosstable_document
from mashindano.app.documents.event import event_header
from mashindano.app.documents.place import PlayerRef
from mashindano.app.documents.rounds import BoardLine, GameLine, build_round_pairings
from mashindano.app.documents.standings import build_standings
from mashindano.app.principals import Principal
from mashindano.app.queries import event_language, get_event_facts
from mashindano.engine.errors import ConfigError

SHEETS = ("pairings", "standings", "crosstable", "scoresheets", "namecards")
"""What can be printed, in the order a menu lists them."""
PUBLIC_SHEETS = frozenset({"pairings", "standings", "crosstable"})
"""Sheets anyone may print; the others are for the event's officials."""
PAPERS = {"a4": "A4", "a3": "A3"}
LANDSCAPE = frozenset({"crosstable"})
"""Sheets laid out across the paper (a crosstable is wider than tall)."""
SCORE_SHEET_MOVES = 60
"""Numbered move lines on a score sheet (two columns of 30)."""


@dataclass(frozen=True, slots=True)
class PrintedSheet:
    """One sheet as HTML, ready to be laid out as PDF (`pdf()`)."""

    event: str
    what: str
    paper: str
    language: str
    html: str

    @property
    def filename(self) -> str:
        return f"{slugify(self.event)}-{self.what}-{self.paper}.pdf"

    def pdf(self) -> bytes:
        """The sheet laid out by WeasyPrint; links become absolute against the site's address."""
        from weasyprint import HTML

        data: bytes = HTML(string=self.html, base_url=settings.BASE_URL + "/").write_pdf()
        return data


def _choose(value: str, choices: Any, what: str) -> str:
    wanted = value.strip().lower()
    if wanted not in choices:
        raise ConfigError(
            gettext("no {what} {value!r} (there are: {choices})").format(
                what=what, value=value, choices=", ".join(choices)
            ),
            parameter=what,
        )
    return wanted


def _language(slug: str, language: str | None) -> str:
    known = [code for code, _name in settings.LANGUAGES]
    if language:
        return _choose(language, known, "language")
    chosen = event_language(slug)
    return chosen if chosen in known else (translation.get_language() or "en")


def print_sheet(
    slug: str,
    what: str,
    *,
    number: int | None = None,
    stage: int = 1,
    group: str = "",
    paper: str = "a4",
    language: str | None = None,
    principal: Principal | None = None,
) -> PrintedSheet:
    """The sheet `what` of the event (a round's: `number`, default the latest; `stage`,
    `group`), on `paper`, in `language` (default the event's). Score sheets and name cards
    need a `principal` who may open the event's console (NotAllowed otherwise)."""
    what = _choose(what, SHEETS, "sheet")
    paper = _choose(paper, PAPERS, "paper size")
    facts = get_event_facts(slug)
    if what not in PUBLIC_SHEETS:
        require_console(principal, slug)
    chosen = _language(slug, language)
    with translation.override(chosen):
        header = event_header(facts)
        context: dict[str, Any] = {
            "event": header,
            "what": what,
            "size": PAPERS[paper],
            "orientation": "landscape" if what in LANDSCAPE else "portrait",
            "LANGUAGE_CODE": chosen,
            "text_direction": "rtl" if chosen in settings.LANGUAGES_BIDI else "ltr",
            "persian_digits": False,
        }
        if what in {"pairings", "scoresheets"}:
            pairings = build_round_pairings(slug, number, stage=stage, group=group, facts=facts)
            context.update(pairings=pairings, boards=pairings.boards, find="")
            if what == "scoresheets":
                context["sheets"] = _score_sheets(slug, pairings.boards)
                context["moves"] = _move_lines()
        elif what == "standings":
            context["standings"] = build_standings(slug, facts, after=number)
        elif what == "crosstable":
            context["table"] = crosstable_document(facts)
        else:
            context["cards"] = _name_cards(facts.competitors)
        html = render_to_string(f"print/{what}.html", context)
    return PrintedSheet(event=slug, what=what, paper=paper, language=chosen, html=html)


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """One game's score sheet: who plays which side, and where its result is entered."""

    board: BoardLine
    game: GameLine
    result_url: str
    qr_svg: str
    """The QR code of `result_url`, as an SVG data URI."""


def result_form_url(slug: str, game: GameLine) -> str:
    """The console's result form for the game, filled in with its place (the score sheet's
    QR code): an arbiter who scans it enters the result of that game."""
    place = game.place
    query = urlencode(
        {
            "round": place.round,
            "board": game.board,
            "game": game.game,
            "stage": place.stage,
            "group": place.group,
        }
    )
    path = reverse("console:action", args=[slug, "result.report"])
    return f"{settings.BASE_URL}{path}?{query}"


def qr_data_uri(text: str) -> str:
    import segno

    code = segno.make(text, error="m", micro=False)
    uri: str = code.svg_data_uri(scale=4, border=2)
    return uri


def _score_sheets(slug: str, boards: tuple[BoardLine, ...]) -> list[ScoreSheet]:
    sheets = []
    for board in boards:
        if board.second is None:
            continue
        for game in board.games:
            url = result_form_url(slug, game)
            sheets.append(ScoreSheet(board, game, url, qr_data_uri(url)))
    return sheets


def _move_lines() -> list[tuple[int, int]]:
    half = SCORE_SHEET_MOVES // 2
    return [(n, n + half) for n in range(1, half + 1)]


def _name_cards(competitors: Any) -> list[PlayerRef]:
    cards = [PlayerRef.of(c) for c in competitors]
    return sorted(cards, key=lambda p: (p.number is None, p.number or 0, p.name.casefold()))
