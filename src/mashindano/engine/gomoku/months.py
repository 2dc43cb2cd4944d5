"""Calendar months (one stage each, R1) and UTC instants within them.

Every instant the league looks at is a timezone-aware UTC datetime passed in by the caller;
nothing here reads the clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from mashindano.engine.errors import IllegalResult, ParseError
from mashindano.engine.timestamps import as_utc

_MONTH_TEXT = re.compile(r"^\s*(\d{4})-(\d{1,2})\s*$")


@dataclass(frozen=True, slots=True, order=True)
class Month:
    """A calendar month: the period of one stage."""

    year: int
    month: int

    def __post_init__(self) -> None:
        if not 1 <= self.month <= 12:
            raise IllegalResult(f"month must be 1..12, got {self.month}", month=self.month)
        if not 1 <= self.year <= 9998:
            raise IllegalResult(f"year out of range: {self.year}", year=self.year)

    @classmethod
    def of(cls, day: date) -> Month:
        return cls(day.year, day.month)

    @classmethod
    def parse(cls, text: str) -> Month:
        """Read "2004-10"."""
        found = _MONTH_TEXT.match(text)
        if found is None:
            raise ParseError(f"not a month (YYYY-MM): {text!r}", text=text)
        return cls(int(found.group(1)), int(found.group(2)))

    def next(self) -> Month:
        return Month(self.year + 1, 1) if self.month == 12 else Month(self.year, self.month + 1)

    def previous(self) -> Month:
        return Month(self.year - 1, 12) if self.month == 1 else Month(self.year, self.month - 1)

    def plus(self, months: int) -> Month:
        index = self.year * 12 + (self.month - 1) + months
        return Month(index // 12, index % 12 + 1)

    def months_until(self, other: Month) -> int:
        return (other.year - self.year) * 12 + (other.month - self.month)

    @property
    def first_day(self) -> date:
        return date(self.year, self.month, 1)

    def day_starts_at(self, day: int) -> datetime:
        """00:00 UTC of day `day` of this month."""
        return datetime(self.year, self.month, day, tzinfo=UTC)

    @property
    def starts_at(self) -> datetime:
        return self.day_starts_at(1)

    @property
    def ends_at(self) -> datetime:
        """The first instant after the month (00:00 UTC of the next month's day 1)."""
        return self.next().starts_at

    def contains(self, at: datetime) -> bool:
        return self.starts_at <= as_utc(at, "instant") < self.ends_at

    def __str__(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"


def hours(count: int) -> timedelta:
    return timedelta(hours=count)
