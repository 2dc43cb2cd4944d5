"""How the Bao pages write values: clocks in days, hours and minutes; instants in UTC and in
the viewer's time zone; pit coordinates on the SVG drawing."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django import template
from django.utils.translation import gettext

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
def in_zone(value: datetime, zone: ZoneInfo | None) -> str:
    """The instant in the viewer's zone (from the `tz` cookie), empty when it is unknown."""
    if zone is None:
        return ""
    return value.astimezone(zone).strftime("%Y-%m-%d %H:%M ") + str(zone.key)


@register.filter
def pit_x(column: int) -> int:
    return column * PIT + PIT // 2


@register.filter
def pit_y(row: int) -> int:
    return row * PIT + PIT // 2 + (MIDDLE if row >= 2 else 0)
