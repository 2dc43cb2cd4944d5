"""How pages write values: exact points, sides and report states in words."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sized
from fractions import Fraction
from functools import lru_cache
from urllib.parse import quote

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from mashindano.app.documents.console import GRID_STATES, ResultsGrid
from mashindano.app.documents.place import PlayerRef
from mashindano.app.documents.rounds import BoardLine, GameLine
from mashindano.app.documents.tables import StandingsSection, TieBreakValue
from mashindano.app.documents.values import format_shown
from mashindano.web.templatetags.locale_tags import localise, page_language, shown_points

register = template.Library()

SIDE_WORDS = {"white": _("White"), "black": _("Black"), "south": _("South"), "north": _("North")}
OTHER_SIDE = {"white": "black", "black": "white", "south": "north", "north": "south"}
STATUS_WORDS = {
    "pending": _("not reported"),
    "reported": _("reported"),
    "confirmed": _("confirmed"),
    "disputed": _("disputed"),
    "ruled": _("ruled by the arbiter"),
    "corrected": _("corrected by the arbiter"),
}
STATUS_MARKS = {
    "pending": "○",
    "reported": "◐",
    "confirmed": "✓",
    "disputed": "⚠",
    "ruled": "⚖",
    "corrected": "✎",
}
"""A mark per result state beside its colour in the results grid, so that the state is not
told by colour alone (issue 29 item 15; WCAG 1.4.1)."""
STATUS_MEANINGS = {
    "pending": _("the result is missing"),
    "reported": _("awaiting the opponent's confirmation"),
    "confirmed": _("agreed, or entered by an official"),
    "disputed": _("the arbiter must rule"),
}


@register.filter
def exact(value: object) -> str:
    """Points and figures as people write them: 3, 2.5, 16⅔ (`values.format_shown`, the one
    helper every page uses), with the decimal comma in ro and fi ("2,5"); "" for nothing.
    Points in a table are written with ½ by `locale_tags.points`."""
    if value is None or value == "":
        return ""
    if isinstance(value, Fraction | int) and not isinstance(value, bool):
        return localise(format_shown(value))
    return str(value)


@register.filter
def side(value: str) -> str:
    return str(SIDE_WORDS.get(value, value))


@register.filter
def other_side(value: str) -> str:
    return str(SIDE_WORDS.get(OTHER_SIDE.get(value, ""), ""))


@register.filter
def status_words(value: str) -> str:
    return str(STATUS_WORDS.get(value, value))


@register.filter
def status_mark(value: str) -> str:
    return STATUS_MARKS.get(value, "")


@register.filter
def grid_state(grid: ResultsGrid, game: GameLine) -> str:
    """The state the results grid shows a game in (`ResultsGrid.states`)."""
    return grid.state_of(game.label, game.status)


@register.simple_tag
def grid_legend() -> list[tuple[str, str, str, str]]:
    """The results grid's legend: (state, mark, words, meaning) per state."""
    return [
        (state, STATUS_MARKS[state], str(STATUS_WORDS[state]), str(STATUS_MEANINGS.get(state, "")))
        for state in GRID_STATES
    ]


VALUE_WORDS = {
    # an event's state (store.facts.EventState; "draft" on the public pages)
    "draft": _("upcoming"),
    "registration": _("registration"),
    "running": _("running"),
    "closed": _("finished"),
    # a registration request's state (store.models.RegistrationRequest.State)
    "pending": _("pending"),
    "accepted": _("accepted"),
    "refused": _("refused"),
    "withdrawn": _("withdrawn"),
    # roles (app.permissions.Role)
    "organiser": _("organiser"),
    "arbiter": _("arbiter"),
    "assistant": _("assistant"),
    "player": _("player"),
    "captain": _("captain"),
    "superuser": _("superuser"),
    # a game's outcome for one player, and a report's kind (store.facts.ReportKind)
    "win": _("win"),
    "draw": _("draw"),
    "loss": _("loss"),
    "report": _("report"),
    "confirm": _("confirmation"),
    "dispute": _("dispute"),
    "ruling": _("ruling"),
    "correction": _("correction"),
    # standings
    "final": _("final"),
    "provisional": _("provisional"),
    # a Tantrix match's state (documents.brackets)
    "bye": _("bye"),
    "waiting": _("waiting"),
    "not published": _("not published"),
    "controller review": _("controller review"),
    "decided": _("decided"),
    "in play": _("in play"),
    # a Gomoku match: its reports, what the month end counts, its opening rule, prizes
    "unreported": _("unreported"),
    "reported": _("reported"),
    "disputed": _("disputed"),
    "validated": _("validated"),
    "played": _("played"),
    "no-show": _("no-show"),
    "unplayed": _("unplayed"),
    "pro-mandatory": _("pro opening (both K ≥ 2)"),
    "lower-ranked-chooses": _("the lower-ranked player chooses the opening"),
    "standard-unless-both-agree": _("standard opening unless both agree to pro"),
    "league-star": _("league star"),
    "place": _("place prize"),
    "progress": _("progress prize"),
}
"""Values that documents carry as keys (states, roles, kinds), in words of the page's
language. A value not listed is shown as it is."""


@register.filter
def value_words(value: object) -> str:
    text = "" if value is None else str(value)
    return str(VALUE_WORDS.get(text, text))


@register.filter
def value_list(values: Iterable[object]) -> list[str]:
    """Several such values (a person's roles) in words, for `join`."""
    return [value_words(v) for v in values]


@register.filter
def tr(value: object) -> str:
    """A text marked at its source with `gettext_noop` (an action's label and help, a
    parameter's help, a tie-break's name and definition), in the page's language; "" stays ""
    (gettext("") would be the catalog's header)."""
    text = "" if value is None else str(value)
    return gettext(text) if text else ""


@register.filter
def words(value: object) -> str:
    """A parameter or summary key as words: "swiss_rounds" -> "swiss rounds"."""
    return str(value).replace("_", " ").replace("-", " ")


@register.simple_tag
def round_url(slug: str, place: object) -> str:
    """The address of a round's pairings, for any stage and group."""
    from django.urls import reverse

    stage = getattr(place, "stage", 1)
    group = getattr(place, "group", "")
    number = getattr(place, "round", 1)
    if group:
        return reverse("public:group-round", args=[slug, stage, group, number])
    if stage != 1:
        return reverse("public:stage-round", args=[slug, stage, number])
    return reverse("public:round", args=[slug, number])


@register.filter
def result_text(value: str) -> str:
    """A result as printed on a pairings sheet: "1/2-1/2" -> "½-½"."""
    return value.replace("1/2", "½")


@register.filter
def length_is_one(value: object) -> bool:
    return isinstance(value, Sized) and len(value) == 1


@register.filter
def name_in(competitor: object, players: object) -> str:
    """The name of the player with this id among `players` (player references, or lines with
    a `player`): documents that list ids (a KIBA final's South, a Gomoku game's first mover)
    show names."""
    if isinstance(players, Iterable):
        for entry in players:
            ref = getattr(entry, "player", entry)
            if getattr(ref, "id", None) == competitor:
                return str(getattr(ref, "name", competitor))
    return "" if competitor is None else str(competitor)


ENDED_WORDS = {
    "standard": _("decisive after the standard games"),
    "leader-after-standard": _("ahead after the standard games"),
    "opt-out": _("ahead after the standard games, tiebreak games waived"),
    "sudden-death": _("in sudden death"),
    "best-of": _("best of the games played"),
    "resigned": _("by resignation"),
    "default": _("by default"),
    "bye": _("bye"),
}


KEY_WORDS = {
    "first-wins": _("first player wins"),
    "second-wins": _("second wins"),
    "draw": _("draw"),
    "forfeit": _("win by forfeit"),
}


@register.filter
def key_words(value: str) -> str:
    """What a kind of the results grid's keys types (`documents.console.ResultKeys`)."""
    return str(KEY_WORDS.get(value, value))


@register.filter
def ended_words(value: object) -> str:
    """How a Tantrix match ended (engine.knockout.tp_match.EndedBy), in words."""
    text = "" if value is None else str(value)
    if text.startswith("tiebreak-"):
        return _("decisive after tiebreak game %(n)s") % {"n": text.removeprefix("tiebreak-")}
    if text.startswith("leader-after-tiebreak-"):
        number = text.removeprefix("leader-after-tiebreak-")
        return _("ahead after tiebreak game %(n)s") % {"n": number}
    return str(ENDED_WORDS.get(text, text))


@register.filter
def lookup(mapping: object, key: object) -> object:
    """`mapping[key]` (None when absent): a document's figure by player id."""
    getter = getattr(mapping, "get", None)
    return getter(key) if callable(getter) else None


@register.filter
def pair_with(first: object, second: object) -> tuple[object, object]:
    """The two sides of a match, to show them row by row."""
    return (first, second)


@register.filter
def signed(value: object) -> str:
    """A change with its sign: "+12", "−3½", "0"."""
    shown = exact(value)
    if not shown or shown == "0":
        return shown
    return shown.replace("-", "−") if shown.startswith("-") else f"+{shown}"


PLAYER_SLOT = "__player__"


def player_url_maker(slug: str) -> Callable[[str], str]:
    """A player's card address by id, reversing the URL once per event (the same address
    `{% url 'public:player' slug id %}` gives, at a fraction of the cost)."""
    from django.urls import get_script_prefix

    prefix, suffix = _player_url_parts(slug, get_script_prefix())
    return lambda player: f"{prefix}{quote(str(player), safe=URL_SAFE)}{suffix}"


@lru_cache(maxsize=256)
def _player_url_parts(slug: str, script_prefix: str) -> tuple[str, str]:
    from django.urls import reverse

    prefix, _, suffix = reverse("public:player", args=[slug, PLAYER_SLOT]).partition(PLAYER_SLOT)
    return prefix, suffix


@register.filter
def player_url(player: object, slug: str) -> str:
    """`{{ ref.id|player_url:event.slug }}`: the player's card, as `{% url %}` writes it."""
    return player_url_maker(slug)(str(player))


URL_SAFE = "!$&'()*+,;=~:@"
"""What Django's `reverse` leaves unquoted in a path argument (RFC 3986 sub-delimiters and
~:@) besides the unreserved characters."""


@register.simple_tag(takes_context=True)
def standings_rows(context: template.Context, section: StandingsSection, slug: str) -> SafeString:
    """The rows of a standings table (`_standings_section.html`), written in Python: a
    1,000-player table is rendered in a few milliseconds instead of a few hundred with a
    template loop. Every value is escaped (`html.escape`, as Django's `escape` does); the
    markup is the template's. Points are written with ½ and, like every figure, as the page's
    language writes numbers (`locale_tags`); rank, number, name, rating and figures are each
    isolated in `<bdi>` so that a right-to-left page keeps "12½" and "2448" as they are."""
    url = player_url_maker(slug)
    ratings = section.has_ratings
    persian = bool(context.get("persian_digits"))
    language = page_language()
    shown: dict[object, str] = {}  # values repeat: write each once

    def figure(text: str) -> str:
        return html.escape(localise(text, persian=persian, language=language))

    def value(item: TieBreakValue) -> str:
        key = (item.value, item.column.decimals)
        found = shown.get(key)
        if found is None:
            found = shown[key] = figure(item.text)
        return found

    out: list[str] = []
    for row in section.rows:
        player = row.player
        number = "" if player.number is None else figure(str(player.number))
        name = html.escape(player.name)
        parts = [
            '<tr class="shared">' if row.shared else "<tr>",
            f'<td class="num"><bdi>{figure(row.rank_label)}</bdi></td>',
            f'<td class="num start-no"><bdi>{number}</bdi></td>',
            f'<th scope="row"><a href="{html.escape(url(player.id))}"><bdi>{name}</bdi></a></th>',
        ]
        if ratings:
            rating = "" if player.rating is None else figure(str(player.rating))
            parts.append(f'<td class="num"><bdi>{rating}</bdi></td>')
        key = ("points", row.points)
        points = shown.get(key)
        if points is None:
            points = shown[key] = figure(shown_points(row.points))
        parts.append(f'<td class="num pts"><bdi>{points}</bdi></td>')
        parts.extend(f'<td class="num"><bdi>{value(v)}</bdi></td>' for v in row.values)
        note = row.note + ("; " if row.note and row.flags else "") + "; ".join(row.flags)
        parts.append(f'<td class="note">{html.escape(note)}</td></tr>')
        out.append("".join(parts))
    return mark_safe("\n".join(out))  # every value above is escaped


BOARD_TEMPLATE = "web/public/_board.html"


@register.simple_tag(takes_context=True)
def pairing_board(context: template.Context, board: BoardLine) -> SafeString:
    """One board of a pairings table, with the markup of `_board.html`. A board of one game and
    a bye are written here in Python (a 500-board round in milliseconds instead of about a
    hundred with the template); a match of several games (KIBA, Gomoku, Tantrix) is rendered by
    `_board.html` itself. `tests/web/test_pairing_board.py` checks that both write the same
    markup for every board of every demo event. Every value is escaped (`html.escape`)."""
    if board.second is not None and len(board.games) != 1:
        engine = context.template.engine if context.template else template.Engine.get_default()
        found = engine.get_template(BOARD_TEMPLATE)
        with context.push(b=board):
            return mark_safe(found.render(context))  # the template escapes
    event = context.get("event")
    pairings = context.get("pairings")
    url = player_url_maker(str(getattr(event, "slug", "")))
    language = page_language()
    persian = bool(context.get("persian_digits"))
    names_sides = bool(getattr(pairings, "names_sides", False))

    def player(ref: PlayerRef, before: Fraction | None, side_word: str) -> str:
        meta = []
        if ref.number:
            meta.append(f"{html.escape(gettext('no.'))} <bdi>{ref.number}</bdi>")
        if ref.rating:
            meta.append(f" · <bdi>{ref.rating}</bdi>")
        if before is not None:
            shown = html.escape(localise(shown_points(before), persian=persian, language=language))
            meta.append(" · " + gettext("<bdi>%(points)s</bdi> pts") % {"points": shown})
        if side_word:
            meta.append(f' · <span class="side">{html.escape(side_word)}</span>')
        return (
            f'<td class="player"><a href="{html.escape(url(ref.id))}"><bdi>'
            f'{html.escape(ref.name)}</bdi></a> <span class="meta">{"".join(meta)}</span></td>'
        )

    head = f'<tbody class="board"><tr><th scope="row" class="num board-no">{board.board}</th>'
    if board.second is None:
        shown_bye = gettext("withdrawn") if board.withdrawn else board.bye_label
        return mark_safe(  # every value is escaped
            head
            + player(board.first, board.first_points_before, "")
            + f'<td class="result bye" colspan="2">{html.escape(shown_bye)}</td></tr></tbody>'
        )
    game = board.games[0]
    result = result_text(game.result) if game.is_decided else "–"
    return mark_safe(  # every value is escaped
        head
        + player(
            board.first, board.first_points_before, side(game.first_side) if names_sides else ""
        )
        + f'<td class="result"><bdi>{html.escape(result)}</bdi> <span class="status status-'
        f'{html.escape(game.status)}">{html.escape(status_words(game.status))}</span></td>'
        + player(
            board.second,
            board.second_points_before,
            other_side(game.first_side) if names_sides else "",
        )
        + "</tr></tbody>"
    )


@register.simple_tag(takes_context=True)
def csrf_value(context: template.Context) -> str:
    """The CSRF token of a form on every page (the language switcher): the visitor's own, or,
    on a page answered through the page cache, the slot the cache fills with it."""
    from mashindano.web.cache import CSRF_SLOT, THROUGH_CACHE

    request = context.get("request")
    if request is not None and getattr(request, THROUGH_CACHE, False):
        return CSRF_SLOT
    return str(context.get("csrf_token", ""))
