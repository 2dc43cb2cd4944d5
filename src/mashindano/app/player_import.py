"""Importing players from a file in two steps: a preview (every row with what it gives, or its
own problem, and nothing written), then the import itself, all rows or none.

Formats: PLAYERS.csv (`name,rating,games_played,country`) and a TRF file's player lines (001:
name, rating, federation; results in the file are not imported). What the TRF reader read past
(odd dates, ruler lines, unknown records...) is listed in the preview's `warnings`; reading
strictly refuses the file instead. The import runs only on the
event version the preview was made at (`StaleVersion` otherwise), so what is registered is what
the organiser saw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from django.utils.translation import gettext

from mashindano.app.conditions import serialised
from mashindano.app.error_texts import shown
from mashindano.app.errors import WrongState
from mashindano.app.permissions import authorise
from mashindano.app.players import check_competitor_values, register_players
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event
from mashindano.engine.errors import MashindanoError, ParseError
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.interchange.players_csv import read_players_csv
from mashindano.interchange.trf_read import parse_trf
from mashindano.store import models
from mashindano.store.facts import EventState


class ImportFormat(StrEnum):
    CSV = "csv"
    TRF = "trf"


@dataclass(frozen=True, slots=True)
class PreviewRow:
    line: str
    """Where the row is: "line 4" (CSV) or "player 3" (TRF starting rank)."""
    name: str
    rating: int | None
    games_played: int | None
    country: str | None
    error: str = ""


@dataclass(frozen=True, slots=True)
class ImportPreview:
    slug: str
    version: int
    format: ImportFormat
    rows: tuple[PreviewRow, ...]
    problem: str = ""
    """A problem of the whole file or of the event (nothing can be imported)."""
    warnings: tuple[str, ...] = ()
    """What the file's reader read past, each `line N: ...` (TRF)."""

    @property
    def errors(self) -> int:
        return sum(1 for r in self.rows if r.error)

    @property
    def can_import(self) -> bool:
        return not self.problem and bool(self.rows) and self.errors == 0


def _format(text: str) -> ImportFormat:
    try:
        return ImportFormat(text)
    except ValueError:
        raise ParseError(
            gettext("format {text!r} is not csv or trf").format(text=text),
            code="bad_parameter",
            parameter="format",
        ) from None


Rows = list[tuple[str, Competitor | None, str]]


def _trf_rows(text: str, source: str, strict: bool) -> tuple[Rows, tuple[str, ...]]:
    tournament = parse_trf(text, source=source, require_players=True, strict=strict)
    warnings = tuple(str(w) for w in tournament.warnings)
    found: Rows = []
    seen: dict[str, int] = {}
    for player in tournament.players:
        where = f"player {player.starting_rank}"
        name = (player.name or "").strip()
        if not name:
            found.append((where, None, "empty name"))
            continue
        if name in seen:
            found.append(
                (
                    where,
                    None,
                    gettext("duplicate player {name!r} (first: player {value})").format(
                        name=name, value=seen[name]
                    ),
                )
            )
            continue
        seen[name] = player.starting_rank
        found.append(
            (
                where,
                Competitor(
                    id=CompetitorId(name),
                    name=name,
                    rating=player.rating,
                    country=player.federation or None,
                    number=len(seen),
                ),
                "",
            )
        )
    return found, warnings


def _rows(
    text: str, fmt: ImportFormat, source: str, strict: bool = False
) -> tuple[Rows, tuple[str, ...]]:
    """The file's rows, and its reader's warnings."""
    if fmt is ImportFormat.TRF:
        return _trf_rows(text, source, strict)
    return [
        (
            f"line {row.line}",
            row.competitor,
            "" if row.error is None else shown(row.error).removeprefix(f"{source}, "),
        )
        for row in read_players_csv(text, source=source)
    ], ()


def _check_rows(
    event: models.Event, rows: Sequence[tuple[str, Competitor | None, str]]
) -> list[PreviewRow]:
    taken = set(models.Entry.objects.filter(event=event).values_list("key", flat=True))
    found: list[PreviewRow] = []
    for where, competitor, error in rows:
        if competitor is None:
            found.append(PreviewRow(where, "", None, None, None, error))
            continue
        problem = error
        if not problem:
            try:
                check_competitor_values(competitor)
            except MashindanoError as refused:
                problem = shown(refused)
        if not problem and competitor.id in taken:
            problem = gettext("{name!r} is already registered in this event").format(
                name=competitor.name
            )
        found.append(
            PreviewRow(
                where,
                competitor.name,
                competitor.rating,
                competitor.games_played,
                competitor.country,
                problem,
            )
        )
    return found


def _event_problem(event: models.Event) -> str:
    if event.state not in (EventState.REGISTRATION.value, EventState.RUNNING.value):
        return gettext("event {slug!r} is {state}; players can no longer register").format(
            slug=event.slug, state=event.state
        )
    return ""


def require_import(slug: str, actor: Principal) -> None:
    """NotAllowed unless the actor may import players into the event."""
    authorise(actor, "players.import", slug)


def preview_player_import(
    slug: str,
    text: str,
    *,
    fmt: str,
    actor: Principal,
    source: str = "upload",
    strict: bool = False,
) -> ImportPreview:
    """What importing `text` would register, row by row, and what the reader read past
    (nothing is written). `strict`: the file's oddities are a problem, not warnings."""
    authorise(actor, "players.import", slug)
    kind = _format(fmt)
    event = get_event(slug)
    problem = _event_problem(event)
    try:
        found, warnings = _rows(text, kind, source, strict)
        rows = _check_rows(event, found)
    except ParseError as error:
        return ImportPreview(slug, event.version, kind, (), problem or shown(error))
    return ImportPreview(slug, event.version, kind, tuple(rows), problem, warnings)


def import_players(
    slug: str,
    text: str,
    *,
    fmt: str,
    version: int,
    actor: Principal,
    source: str = "upload",
    now: datetime | None = None,
    strict: bool = False,
) -> int:
    """Register every player of the file previewed at `version` (all or none)."""
    authorise(actor, "players.import", slug)
    kind = _format(fmt)
    competitors: list[Competitor] = []
    for where, competitor, error in _rows(text, kind, source, strict)[0]:
        if competitor is None or error:
            raise ParseError(
                gettext("{where}: {error}").format(where=where, error=error),
                code="bad_row",
                row=where,
            )
        competitors.append(competitor)
    if not competitors:
        raise WrongState(gettext("the file lists no players"), event=slug)
    with serialised(slug, expected_version=version):
        return register_players(slug, competitors, actor=actor, now=now)
