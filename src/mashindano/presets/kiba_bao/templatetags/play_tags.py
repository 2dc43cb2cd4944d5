"""How the Bao pages write values: clocks in days, hours and minutes; instants in UTC and in
the viewer's time zone; pit coordinates on the SVG drawing."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from mashindano.presets.kiba_bao.game_documents import BoardView, PitView

register = template.Library()

PIT = 100
"""Width and height of one pit's cell on the drawing (SVG user units)."""
MIDDLE = 24
"""The gap between North's and South's halves of the board."""


@register.filter
def clock(value: timedelta) -> str:
    """Time left on a day clock: `2 d 5 h 07 min` (minutes rounded down)."""
    seconds = max(0, int(value.total_seconds()))
    days, rest = divmod(seconds, 86_400)
    hours, rest = divmod(rest, 3600)
    return gettext("%(days)d d %(hours)d h %(minutes)02d min") % {
        "days": days,
        "hours": hours,
        "minutes": rest // 60,
    }


@register.filter
def utc(value: datetime) -> str:
    return value.astimezone(ZoneInfo("UTC")).strftime("%Y-%m-%d %H:%M UTC")


@register.filter
def utc_isolated(value: datetime) -> SafeString:
    """The instant in UTC, kept left to right inside right-to-left text."""
    return mark_safe(f'<bdi dir="ltr">{escape(utc(value))}</bdi>')  # escaped above


@register.filter
def in_zone(value: datetime, zone: ZoneInfo | None) -> str:
    """The instant in the viewer's zone (from the `tz` cookie), empty when it is unknown."""
    if zone is None:
        return ""
    return value.astimezone(zone).strftime("%Y-%m-%d %H:%M ") + str(zone.key)


@register.filter
def beside_utc(value: datetime, zone: ZoneInfo | None) -> bool:
    """Whether the instant reads otherwise in the viewer's zone than in UTC: only then is UTC
    written beside it (issue 29 item 14: each time said once)."""
    if zone is None:
        return False
    return value.astimezone(zone).utcoffset() != timedelta(0)


_NOTATION = r"[ABab][1-8](?:[<>][*+]?)?"
_NOTATIONS = re.compile(rf"(?<![\w<>*+]){_NOTATION}(?:, {_NOTATION})*(?![\w<>*+])")


@register.filter
def notation_isolated(text: str) -> SafeString:
    """A message with its KIBA notation (`A6<*`, a list `A6<*, A7>*`) kept left to right inside
    a right-to-left page: each run in `<bdi dir="ltr" class="notation">` (issue 29 item 2)."""
    out: list[str] = []
    at = 0
    for found in _NOTATIONS.finditer(text):
        out.append(escape(text[at : found.start()]))
        out.append(f'<bdi dir="ltr" class="notation">{escape(found.group(0))}</bdi>')
        at = found.end()
    out.append(escape(text[at:]))
    return mark_safe("".join(out))  # every part above is escaped


def _pit(pit: PitView, interactive: bool) -> str:
    """One pit; on a board the viewer plays (`interactive`), every pit carries its place
    (`data-row`, `data-col`) for the arrow keys and a label naming it and its seeds (play.js:
    the keyboard moves between pits, Enter or Space starts a move from a ringed one)."""
    x = pit.column * PIT + PIT // 2
    y = pit.row * PIT + PIT // 2 + (MIDDLE if pit.row >= 2 else 0)
    marks = (" owned" if pit.owned else "") + (" takasia" if pit.takasia else "")
    if pit.nyumba:
        cup = f'<rect class="cup nyumba{marks}" x="{x - 44}" y="{y - 44}" width="88" height="88"'
        cup += ' rx="10"/>'
    else:
        cup = f'<circle class="cup{marks}" cx="{x}" cy="{y}" r="44"/>'
    name = escape(pit.name)
    inside = (
        f'{cup}<text class="seeds" x="{x}" y="{y + 13}">{pit.seeds}</text>'
        f'<text class="name" x="{x}" y="{y - 24}">{name}</text>'
    )
    selected = " selected" if pit.selected else ""
    data = f'data-pit="{name}" data-seeds="{pit.seeds}"'
    if interactive:
        data += f' data-row="{pit.row}" data-col="{pit.column}"'
    if not pit.choosable:
        if not interactive:
            return f'<g class="pit{selected}" {data}>{inside}</g>'
        words = ngettext("pit %(name)s, %(seeds)d seed", "pit %(name)s, %(seeds)d seeds", pit.seeds)
        label = escape(words % {"name": pit.name, "seeds": pit.seeds})
        return (
            f'<g class="pit{selected}" {data} role="img" tabindex="-1" aria-label="{label}">'
            f"{inside}</g>"
        )
    words = gettext("pit %(name)s, %(seeds)d seeds: start here")
    label = escape(words % {"name": pit.name, "seeds": pit.seeds})
    current = ' aria-current="true"' if pit.selected else ""
    return (
        f'<a href="?pit={name}#game" class="pit choosable{selected}" {data} '
        f'aria-label="{label}"{current}>{inside}</a>'
    )


@register.simple_tag
def bao_board(board: BoardView) -> str:
    """The board as SVG, North on top as South sees it (B5): a cell per pit, the nyumba as a
    square (ringed while owned), a dashed ring on a takasia'd pit; the pits that start a legal
    move are links (`?pit=A6`): then the board is a labelled group (an image's children are
    hidden from assistive technology, so its links could not be reached), else an image. Built
    here rather than in a template loop: it is drawn on every move and every poll, and a 32-pit
    template loop cost several times more."""
    height = 4 * PIT + MIDDLE
    interactive = any(pit.choosable for pit in board.pits)
    role = "group" if interactive else "img"
    head = (
        f'<svg class="bao-board" viewBox="0 0 {8 * PIT} {height}" role="{role}" '
        f'aria-labelledby="board-text" data-stage="{escape(board.stage)}" '
        f'data-to-move="{escape(board.to_move or "")}" data-hand-south="{board.hand_south}" '
        f'data-hand-north="{board.hand_north}">'
        f'<rect class="wood" x="0" y="0" width="{8 * PIT}" height="{height}" rx="16"/>'
        f'<line class="middle" x1="8" y1="{height // 2}" x2="{8 * PIT - 8}" y2="{height // 2}"/>'
    )
    return mark_safe(head + "".join(_pit(pit, interactive) for pit in board.pits) + "</svg>")
