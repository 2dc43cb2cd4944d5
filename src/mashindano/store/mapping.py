"""The single bridge between ORM rows and engine types.

`load_event_facts` reads one event in a fixed number of queries (one per table, whatever the
size of the event) and returns immutable `EventFacts`; `entry_fields` and `competitor_of` turn
competitors into rows and back. Nothing else converts between the two worlds.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from django.db import connections
from django.db.models import QuerySet

from mashindano.engine.model import ByeKind, Competitor, CompetitorId, GameResult, Side, Termination
from mashindano.store import models
from mashindano.store.facts import (
    AnnouncementFact,
    EncounterFact,
    EventFacts,
    EventState,
    GameFact,
    Json,
    LeaveFact,
    LotFact,
    MoveFact,
    OverrideFact,
    PresenceFact,
    ReportFact,
    ReportKind,
    ResultDetail,
    RoundFact,
    SanctionFact,
    WithdrawalFact,
    record_maker,
)

_make_report = record_maker(ReportFact)
_make_game = record_maker(GameFact)
_make_encounter = record_maker(EncounterFact)


def competitor_of(entry: models.Entry) -> Competitor:
    return Competitor(
        id=CompetitorId(entry.key),
        name=entry.name,
        rating=entry.rating,
        games_played=entry.games_played,
        country=entry.country or None,
        number=entry.number,
    )


ENTRY_COLUMNS = ("key", "name", "rating", "games_played", "country", "number")
"""The Entry columns a competitor is made of (`competitor_of`)."""


def _competitor_of_values(
    key: str, name: str, rating: int | None, games_played: int | None, country: str, number: int
) -> Competitor:
    return Competitor(
        id=CompetitorId(key),
        name=name,
        rating=rating,
        games_played=games_played,
        country=country or None,
        number=number,
    )


def entry_fields(competitor: Competitor) -> dict[str, Any]:
    """The Entry columns that record a competitor (the event and time are the caller's)."""
    return {
        "key": str(competitor.id),
        "name": competitor.name,
        "rating": competitor.rating,
        "games_played": competitor.games_played,
        "country": competitor.country or "",
        "number": competitor.number,
    }


def bye_kind_of(text: str) -> ByeKind | None:
    return ByeKind(text) if text else None


REPORT_COLUMNS = ("kind", "result", "termination", "actor", "at", "reason", "detail")
"""The ResultReport columns `report_of` reads."""


def report_of(row: Mapping[str, Any]) -> ReportFact:
    return ReportFact(
        kind=ReportKind(row["kind"]),
        result=GameResult(row["result"]) if row["result"] else None,
        termination=Termination(row["termination"]),
        actor=row["actor"],
        at=row["at"],
        reason=row["reason"],
        detail=_detail(row.get("detail")),
    )


_KINDS = {kind.value: kind for kind in ReportKind}
_RESULTS = {result.value: result for result in GameResult}
_TERMINATIONS = {termination.value: termination for termination in Termination}


def _report_of_values(
    kind: str,
    result: str,
    termination: str,
    actor: str,
    at: datetime,
    reason: str,
    detail: Any,
) -> ReportFact:
    """`report_of` for a row read with `values_list(*REPORT_COLUMNS)` (the whole event's
    reports: tuples and dictionary lookups instead of dicts and enum calls)."""
    return _make_report(
        _KINDS[kind],
        _RESULTS[result] if result else None,
        _TERMINATIONS[termination],
        actor,
        at,
        reason,
        _detail(detail),
    )


def _detail(value: Any) -> ResultDetail | None:
    return value if isinstance(value, dict) else None


def report_fields(report: ReportFact) -> dict[str, Any]:
    return {
        "kind": report.kind.value,
        "result": report.result.value if report.result is not None else "",
        "termination": report.termination.value,
        "actor": report.actor,
        "at": report.at,
        "reason": report.reason,
        "detail": report.detail,
    }


def _fetch(rows: QuerySet[Any, Any]) -> list[tuple[Any, ...]]:
    """The rows of a `values_list` query as the database driver returns them: Django's SQL,
    without its per-row machinery (an event's games and reports are thousands of rows, and
    that machinery was half the time of loading them). The driver gives ints and strings
    as they are; datetimes and JSON go through `_aware` and `_loads`."""
    sql, params = rows.query.sql_with_params()
    with connections[rows.db].cursor() as cursor:
        cursor.execute(sql, params)
        found: list[tuple[Any, ...]] = cursor.fetchall()
        return found


def _aware(value: datetime) -> datetime:
    """A (non-null) datetime column read by `_fetch`: SQLite's driver gives it naive (stored
    in UTC, as Django's converter would say), PostgreSQL's aware."""
    if value.tzinfo is not None:
        return value
    return value.replace(tzinfo=UTC)


def _loads(value: Any) -> Any:
    """A JSON column read by `_fetch` (both drivers give its text, as Django asks psycopg)."""
    return json.loads(value) if isinstance(value, str | bytes) else value


def load_event_facts(event: models.Event, *, with_moves: bool = False) -> EventFacts:
    entries = _fetch(
        models.Entry.objects.filter(event=event)
        .order_by("id")
        .values_list("id", *ENTRY_COLUMNS, "first_round", "registered_at")
    )
    key_of = {row[0]: CompetitorId(row[1]) for row in entries}

    reports: dict[int, list[ReportFact]] = defaultdict(list)
    report_rows = models.ResultReport.objects.filter(game__encounter__round__stage__event=event)
    for game_id, kind, result, termination, actor, at, reason, detail in _fetch(
        report_rows.order_by("id").values_list("game_id", *REPORT_COLUMNS)
    ):
        reports[game_id].append(
            _report_of_values(kind, result, termination, actor, _aware(at), reason, _loads(detail))
        )

    moves: dict[int, list[MoveFact]] = defaultdict(list)
    if with_moves:
        move_rows = models.Move.objects.filter(game__encounter__round__stage__event=event)
        for move_row in move_rows.order_by("game_id", "ply").values(
            "game_id", "ply", "notation", "played_at", "actor"
        ):
            moves[move_row["game_id"]].append(
                MoveFact(
                    move_row["ply"], move_row["notation"], move_row["played_at"], move_row["actor"]
                )
            )

    round_rows = {
        row["id"]: row
        for row in models.Round.objects.filter(stage__event=event).values(
            "id", "stage__number", "stage__name", "group", "number", "published_at"
        )
    }
    encounter_rows = _fetch(
        models.Encounter.objects.filter(round__stage__event=event)
        .order_by("round_id", "board")
        .values_list("id", "round_id", "board", "first_id", "second_id", "match_rule", "bye_kind")
    )
    # Where each encounter is: (stage, group, round, board).
    encounter_place = {
        row[0]: (
            round_rows[row[1]]["stage__number"],
            round_rows[row[1]]["group"],
            round_rows[row[1]]["number"],
            row[2],
        )
        for row in encounter_rows
    }
    sides = {side.value: side for side in Side}
    no_reports: tuple[ReportFact, ...] = ()
    no_moves: tuple[MoveFact, ...] = ()
    games: dict[int, list[GameFact]] = defaultdict(list)
    for game_id, encounter_id, number, first_id, second_id, first_side in _fetch(
        models.Game.objects.filter(encounter__round__stage__event=event)
        .order_by("encounter_id", "number")
        .values_list("id", "encounter_id", "number", "first_id", "second_id", "first_side")
    ):
        stage, group, round_number, board = encounter_place[encounter_id]
        game_reports = reports.get(game_id)
        game_moves = moves.get(game_id)
        games[encounter_id].append(
            _make_game(  # GameFact's fields in order
                game_id,
                stage,
                group,
                round_number,
                board,
                number,
                encounter_id,
                key_of[first_id],
                key_of[second_id],
                sides[first_side],
                tuple(game_reports) if game_reports else no_reports,
                tuple(game_moves) if game_moves else no_moves,
            )
        )
    encounters: dict[int, list[EncounterFact]] = defaultdict(list)
    for encounter_id, round_id, board, first_id, second_id, match_rule, bye in encounter_rows:
        encounters[round_id].append(
            _make_encounter(  # EncounterFact's fields in order
                encounter_id,
                board,
                key_of[first_id],
                key_of[second_id] if second_id is not None else None,
                match_rule,
                bye_kind_of(bye),
                tuple(games.get(encounter_id, ())),
            )
        )
    rounds = sorted(
        (
            RoundFact(
                stage=row["stage__number"],
                group=row["group"],
                number=row["number"],
                published_at=row["published_at"],
                encounters=tuple(encounters.get(round_id, ())),
            )
            for round_id, row in round_rows.items()
        ),
        key=lambda r: (r.stage, r.group, r.number),
    )
    closed_at = {
        (p.stage.number, p.period): p.closed_at
        for p in models.PeriodClosure.objects.filter(stage__event=event)
        .select_related("stage")
        .order_by("stage__number", "period")
    }
    return EventFacts(
        slug=event.slug,
        name=event.name,
        preset=event.preset,
        parameters=dict(event.parameters or {}),
        seed=event.seed,
        state=EventState(event.state),
        version=event.version,
        competitors=tuple(_competitor_of_values(*row[1:-2]) for row in entries),
        rounds=tuple(rounds),
        withdrawals=tuple(
            WithdrawalFact(key_of[w.entry_id], w.from_round, w.at, w.actor, w.reason)
            for w in models.Withdrawal.objects.filter(entry__event=event).order_by("id")
        ),
        leaves=tuple(
            LeaveFact(
                key_of[v.entry_id],
                v.from_round,
                v.to_round,
                ByeKind(v.bye_kind),
                v.at,
                v.actor,
                v.reason,
            )
            for v in models.Leave.objects.filter(entry__event=event).order_by("id")
        ),
        presence=tuple(
            PresenceFact(key_of[p.entry_id], p.round, p.present, p.at, p.actor, p.reason)
            for p in models.Presence.objects.filter(entry__event=event).order_by("id")
        ),
        sanctions=tuple(
            SanctionFact(key_of[s.entry_id], s.round, s.kind, s.points, s.at, s.actor, s.reason)
            for s in models.Sanction.objects.filter(entry__event=event).order_by("id")
        ),
        lots=tuple(
            LotFact(lot.purpose, lot.seed, _json(lot.outcome), lot.drawn_at)
            for lot in models.LotDraw.objects.filter(event=event).order_by("id")
        ),
        closed_periods=tuple(closed_at),
        registered_at={CompetitorId(row[1]): _aware(row[-1]) for row in entries},
        first_rounds={CompetitorId(row[1]): row[-2] for row in entries if row[-2] is not None},
        period_closed_at=closed_at,
        overrides=tuple(
            OverrideFact(o.subject, _json(o.value), o.at, o.actor, o.reason)
            for o in models.ArbiterOverride.objects.filter(event=event).order_by("id")
        ),
        stage_names={row["stage__number"]: row["stage__name"] for row in round_rows.values()},
        announcements=tuple(
            AnnouncementFact(
                a.id,
                a.text,
                a.at,
                a.actor,
                a.withdrawal.at if hasattr(a, "withdrawal") else None,
                a.withdrawal.actor if hasattr(a, "withdrawal") else "",
                a.withdrawal.reason if hasattr(a, "withdrawal") else "",
            )
            for a in models.Announcement.objects.filter(event=event)
            .select_related("withdrawal")
            .order_by("id")
        ),
    )


def _json(value: Any) -> Json:
    return value  # type: ignore[no-any-return]  # JSONField values are JSON by construction


def game_fact_of(game: models.Game) -> GameFact:
    """One game with its report log (the game's encounter, round and stage joined in)."""
    encounter = game.encounter
    round_row = encounter.round
    return GameFact(
        id=game.id,
        stage=round_row.stage.number,
        group=round_row.group,
        round=round_row.number,
        board=encounter.board,
        number=game.number,
        encounter_id=encounter.id,
        first=CompetitorId(game.first.key),
        second=CompetitorId(game.second.key),
        first_side=Side(game.first_side),
        reports=tuple(
            report_of(row)
            for row in models.ResultReport.objects.filter(game=game)
            .order_by("id")
            .values(*REPORT_COLUMNS)
        ),
    )


def encounter_fact_of(encounter: models.Encounter) -> EncounterFact:
    """One encounter with its games and their report logs (three queries, once the
    encounter's round and stage are loaded)."""
    game_rows = list(models.Game.objects.filter(encounter=encounter).order_by("number"))
    entry_ids = {encounter.first_id, *(i for g in game_rows for i in (g.first_id, g.second_id))}
    if encounter.second_id is not None:
        entry_ids.add(encounter.second_id)
    keys = {
        entry_id: CompetitorId(key)
        for entry_id, key in models.Entry.objects.filter(id__in=entry_ids).values_list("id", "key")
    }
    reports: dict[int, list[ReportFact]] = defaultdict(list)
    for row in (
        models.ResultReport.objects.filter(game__encounter=encounter)
        .order_by("id")
        .values("game_id", *REPORT_COLUMNS)
    ):
        reports[row["game_id"]].append(report_of(row))
    round_row = encounter.round
    games = tuple(
        GameFact(
            id=game.id,
            stage=round_row.stage.number,
            group=round_row.group,
            round=round_row.number,
            board=encounter.board,
            number=game.number,
            encounter_id=encounter.id,
            first=keys[game.first_id],
            second=keys[game.second_id],
            first_side=Side(game.first_side),
            reports=tuple(reports.get(game.id, ())),
        )
        for game in game_rows
    )
    return EncounterFact(
        id=encounter.id,
        board=encounter.board,
        first=keys[encounter.first_id],
        second=keys[encounter.second_id] if encounter.second_id is not None else None,
        match_rule=encounter.match_rule,
        bye_kind=bye_kind_of(encounter.bye_kind),
        games=games,
    )


def state_of(event: models.Event) -> EventState:
    return EventState(event.state)
