"""The event's own times, read from its event-wide parameters (issue 31 item 2, issue 33
item 5): the announced start in the event's time zone, and the times of the rounds' pairing.

A time is written as the organiser reads a clock where the event is played, "2026-12-12 10:00"
(in the event's `time_zone`), or with an explicit offset ("2026-12-12T10:00+03:00"). Nothing
here reads the clock: these are the parameters' readings, checked when an event is created or
edited, and turned into instants by `start_date` and `schedules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.utils.translation import gettext

from mashindano.engine.errors import ConfigError
from mashindano.store.facts import Json

TIME_EXAMPLE = "2026-12-12 10:00"


def read_zone(text: str, *, parameter: str = "time_zone") -> ZoneInfo:
    """The IANA time zone named `text` ("Africa/Dar_es_Salaam", "UTC")."""
    name = text.strip()
    try:
        if not name or name.startswith(("/", ".")) or ".." in name:
            raise ValueError(name)
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ConfigError(
            gettext(
                "parameter {name!r}: {value!r} is not a time zone (an IANA name such as "
                "Africa/Dar_es_Salaam or UTC)"
            ).format(name=parameter, value=text),
            code="bad_parameter",
            parameter=parameter,
        ) from None


def read_local(text: str, zone: ZoneInfo, *, parameter: str) -> datetime:
    """An instant written as a date and time where the event is played (or with an offset)."""
    cleaned = text.strip()
    try:
        moment = datetime.fromisoformat(cleaned)
    except ValueError:
        raise ConfigError(
            gettext(
                "parameter {name!r}: {value!r} is not a date and time (e.g. {example}, in the "
                "event's time zone, or 2026-12-12T10:00+03:00)"
            ).format(name=parameter, value=text, example=TIME_EXAMPLE),
            code="bad_parameter",
            parameter=parameter,
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=zone)
    return moment


def local_text(moment: datetime, zone: ZoneInfo) -> str:
    """ "2026-12-12 10:00 Africa/Dar_es_Salaam (UTC+03:00)": the instant where it is played."""
    local = moment.astimezone(zone)
    offset = local.utcoffset() or timedelta(0)
    minutes = int(offset.total_seconds()) // 60
    sign = "+" if minutes >= 0 else "-"
    hours, rest = divmod(abs(minutes), 60)
    return f"{local:%Y-%m-%d %H:%M} {zone.key} (UTC{sign}{hours:02d}:{rest:02d})"


@dataclass(frozen=True, slots=True)
class StartDate:
    """The announced start: when, where (its time zone), whether the event starts by itself
    then, and how long before it the players are reminded (None: no reminder)."""

    at: datetime
    zone: ZoneInfo
    automatic: bool
    reminder: timedelta | None

    @property
    def text(self) -> str:
        return local_text(self.at, self.zone)


@dataclass(frozen=True, slots=True)
class RoundTimes:
    """When rounds are paired by themselves: `mode` "at-times" (the n-th pairing at
    `times[n - 1]`) or "after-results" (`gap` after the last result of the round before, or
    after the start for the first)."""

    mode: str
    times: tuple[datetime, ...]
    gap: timedelta
    zone: ZoneInfo


def start_date_of(values: Mapping[str, Json]) -> StartDate | None:
    """The announced start of an event, from its event-wide values
    (`parameters.event_wide_values`); None when it has none."""
    text = values.get("start_at")
    if not isinstance(text, str) or not text.strip():
        return None
    zone = read_zone(str(values.get("time_zone") or "UTC"))
    hours = values.get("start_reminder_hours")
    hours = hours if isinstance(hours, int) and not isinstance(hours, bool) else 24
    return StartDate(
        at=read_local(text, zone, parameter="start_at"),
        zone=zone,
        automatic=values.get("start_automatically") is True,
        reminder=timedelta(hours=hours) if hours > 0 else None,
    )


def round_times_of(values: Mapping[str, Json]) -> RoundTimes | None:
    """When the event's rounds are paired by themselves; None: by hand."""
    mode = values.get("round_schedule")
    if mode not in ("at-times", "after-results"):
        return None
    zone = read_zone(str(values.get("time_zone") or "UTC"))
    listed = values.get("round_times")
    gap = values.get("round_gap_minutes")
    return RoundTimes(
        mode=str(mode),
        times=tuple(
            read_local(str(t), zone, parameter="round_times")
            for t in (listed if isinstance(listed, list) else ())
        ),
        gap=timedelta(minutes=gap if isinstance(gap, int) and not isinstance(gap, bool) else 0),
        zone=zone,
    )
