"""How pages write values: exact points, sides and report states in words."""

from __future__ import annotations

from collections.abc import Iterable, Sized
from fractions import Fraction

from django import template
from django.utils.translation import gettext_lazy as _

from mashindano.app.documents.values import format_shown

register = template.Library()

SIDE_WORDS = {"white": "White", "black": "Black", "south": "South", "north": "North"}
OTHER_SIDE = {"white": "black", "black": "white", "south": "north", "north": "south"}
STATUS_WORDS = {
    "pending": "not reported",
    "reported": "reported",
    "confirmed": "confirmed",
    "disputed": "disputed",
    "ruled": "ruled by the arbiter",
    "corrected": "corrected by the arbiter",
}


@register.filter
def exact(value: object) -> str:
    """Points and figures as people write them: 3, 2.5, 16⅔ (`values.format_shown`, the one
    helper every page uses); "" for nothing."""
    if value is None or value == "":
        return ""
    if isinstance(value, Fraction | int) and not isinstance(value, bool):
        return format_shown(value)
    return str(value)


@register.filter
def side(value: str) -> str:
    return SIDE_WORDS.get(value, value)


@register.filter
def other_side(value: str) -> str:
    return SIDE_WORDS.get(OTHER_SIDE.get(value, ""), "")


@register.filter
def status_words(value: str) -> str:
    return STATUS_WORDS.get(value, value)


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
    "standard": _("after the standard games"),
    "best-of": _("best of the games played"),
    "opt-out": _("players opted out of further games"),
    "sudden-death": _("in the tiebreak games"),
}


@register.filter
def ended_words(value: object) -> str:
    """How a Tantrix match ended (engine.matches), in words."""
    return str(ENDED_WORDS.get(str(value), value or ""))


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
