"""How pages write values: exact points, sides and report states in words."""

from __future__ import annotations

from collections.abc import Sized
from fractions import Fraction

from django import template

from mashindano.app.documents.values import format_exact

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
    """Points and figures as people write them: 3, 2.5, 50/3; "" for nothing."""
    if value is None or value == "":
        return ""
    if isinstance(value, Fraction | int) and not isinstance(value, bool):
        return format_exact(value)
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
