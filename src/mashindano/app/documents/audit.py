"""The audit page: every write to an event, who, when, before and after."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import cast

from mashindano.app.queries import get_audit_log
from mashindano.store.facts import Json


@dataclass(frozen=True, slots=True)
class AuditLine:
    version: int
    at: datetime
    actor: str
    action: str
    before: Json
    after: Json
    recorded_at: datetime | None = None
    """The real time of a write entered with an earlier or later time (`--at`)."""

    def to_json(self) -> dict[str, Json]:
        shown: dict[str, Json] = {
            "version": self.version,
            "at": self.at.isoformat(),
            "actor": self.actor,
            "action": self.action,
            "before": self.before,
            "after": self.after,
        }
        if self.recorded_at is not None:
            shown["recorded_at"] = self.recorded_at.isoformat()
        return shown


@dataclass(frozen=True, slots=True)
class AuditPage:
    event: str
    entries: tuple[AuditLine, ...]

    def to_json(self) -> list[Json]:
        return [e.to_json() for e in self.entries]


def build_audit_page(slug: str) -> AuditPage:
    return AuditPage(
        slug,
        tuple(
            AuditLine(
                a.version,
                a.at,
                a.actor,
                a.action,
                cast(Json, a.before),
                cast(Json, a.after),
                a.recorded_at,
            )
            for a in get_audit_log(slug)
        ),
    )
