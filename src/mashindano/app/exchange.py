"""Export and import of whole events.

JSON is the complete record: every fact and the audit log, so that an event exported and
imported into an empty database has identical pairings, standings and audit log; the import
itself is recorded as an `EventImport` fact beside the log (who, when, from which version).
A tournament of a championship series carries its series (slug, name); importing it under its
own slug puts it back in that series (created if missing, with the series' usual checks), while
a copy under another slug stays outside, so no championship counts one tournament twice.
TRF-16 and GAMES.csv carry the results of a single-stage event for other software (and for
`mashindano standings`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from mashindano.app.documents.values import format_exact
from mashindano.app.errors import Duplicate, UnsupportedFormat, WrongState
from mashindano.app.exchange_check import check_event_document
from mashindano.app.formats.parts import (
    ACCELERATED,
    DESCRIPTION,
    GAME_SCORES,
    PAIRING,
    PLAYERS_EXPORT,
    SECTIONS,
    STAGE_EXPORT,
    STANDINGS,
)
from mashindano.app.formats.registry import part
from mashindano.app.hooks import Hooks
from mashindano.app.locking import now_or
from mashindano.app.permissions import require_site_permission
from mashindano.app.principals import Principal
from mashindano.app.queries import backdated, get_event, get_event_facts
from mashindano.engine.errors import ParseError
from mashindano.engine.model import ByeKind, CompetitorId, Side, StageResults
from mashindano.interchange.players_csv import format_players_csv
from mashindano.interchange.trf import TrfTournament, stage_results_to_trf
from mashindano.interchange.trf_write import format_trf
from mashindano.store import models
from mashindano.store.facts import EventFacts, Json

DOCUMENT_FORMAT = "mashindano-event"
DOCUMENT_VERSION = 1


def _time(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _audit_json(a: models.AuditEntry) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "version": a.version,
        "at": _time(a.at),
        "actor": a.actor,
        "action": a.action,
        "before": a.before,
        "after": a.after,
    }
    recorded = backdated(a.at, a.recorded_at)
    if recorded is not None:
        shown["recorded_at"] = _time(recorded)
    return shown


def _parse_time(value: Any, what: str) -> datetime:
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        raise ParseError(
            gettext("{what}: {value!r} is not an ISO date and time").format(what=what, value=value)
        ) from None


def _presence_document(event: models.Event, key_of: dict[int, str]) -> dict[str, Json]:
    marks: list[Json] = [
        {
            "player": key_of[p.entry_id],
            "round": p.round,
            "present": p.present,
            "at": _time(p.at),
            "actor": p.actor,
            "reason": p.reason,
        }
        for p in models.Presence.objects.filter(entry__event=event).order_by("id")
    ]
    return {"presence": marks} if marks else {}


def export_event_json(slug: str) -> dict[str, Json]:
    event = get_event(slug)
    entries = list(models.Entry.objects.filter(event=event).order_by("id"))
    key_of = {e.id: e.key for e in entries}
    rounds: list[Json] = []
    for round_row in (
        models.Round.objects.filter(stage__event=event)
        .select_related("stage")
        .order_by("stage__number", "group", "number")
    ):
        encounters: list[Json] = []
        for encounter in round_row.encounters.order_by("board"):
            games: list[Json] = []
            for game in encounter.games.order_by("number"):
                games.append(
                    {
                        "number": game.number,
                        "first": key_of[game.first_id],
                        "second": key_of[game.second_id],
                        "first_side": game.first_side,
                        "reports": [
                            {
                                "kind": r.kind,
                                "result": r.result,
                                "termination": r.termination,
                                "actor": r.actor,
                                "at": _time(r.at),
                                "reason": r.reason,
                                "detail": r.detail,
                            }
                            for r in game.reports.order_by("id")
                        ],
                        "moves": [
                            {
                                "ply": m.ply,
                                "notation": m.notation,
                                "played_at": _time(m.played_at),
                                "actor": m.actor,
                            }
                            for m in game.moves.order_by("ply")
                        ],
                    }
                )
            encounters.append(
                {
                    "board": encounter.board,
                    "first": key_of[encounter.first_id],
                    "second": key_of[encounter.second_id]
                    if encounter.second_id is not None
                    else None,
                    "match_rule": encounter.match_rule,
                    "bye_kind": encounter.bye_kind,
                    "games": games,
                }
            )
        rounds.append(
            {
                "stage": round_row.stage.number,
                "group": round_row.group,
                "number": round_row.number,
                "published_at": _time(round_row.published_at),
                "actor": round_row.actor,
                "encounters": encounters,
            }
        )
    return {
        "format": DOCUMENT_FORMAT,
        "version": DOCUMENT_VERSION,
        "event": {
            "slug": event.slug,
            "name": event.name,
            "preset": event.preset,
            "parameters": event.parameters,
            "seed": event.seed,
            "state": event.state,
            "version": event.version,
            "created_at": _time(event.created_at),
            "started_at": _time(event.started_at),
            "closed_at": _time(event.closed_at),
            "series": _series_document(event.series),
        },
        "entries": [
            {
                "key": e.key,
                "name": e.name,
                "rating": e.rating,
                "games_played": e.games_played,
                "country": e.country,
                "number": e.number,
                "registered_at": _time(e.registered_at),
                # A late entry's first round (issue 33), only where there is one.
                **({"first_round": e.first_round} if e.first_round is not None else {}),
            }
            for e in entries
        ],
        "stages": [
            {"number": s.number, "name": s.name, "format": s.format, "parameters": s.parameters}
            for s in models.Stage.objects.filter(event=event).order_by("number")
        ],
        "rounds": rounds,
        "withdrawals": [
            {
                "player": key_of[w.entry_id],
                "from_round": w.from_round,
                "at": _time(w.at),
                "actor": w.actor,
                "reason": w.reason,
            }
            for w in models.Withdrawal.objects.filter(entry__event=event).order_by("id")
        ],
        # The roll-call marks (issue 33), only where there are some.
        **_presence_document(event, key_of),
        "leaves": [
            {
                "player": key_of[v.entry_id],
                "from_round": v.from_round,
                "to_round": v.to_round,
                "bye_kind": v.bye_kind,
                "at": _time(v.at),
                "actor": v.actor,
                "reason": v.reason,
            }
            for v in models.Leave.objects.filter(entry__event=event).order_by("id")
        ],
        "sanctions": [
            {
                "player": key_of[s.entry_id],
                "round": s.round,
                "kind": s.kind,
                "points": s.points,
                "at": _time(s.at),
                "actor": s.actor,
                "reason": s.reason,
            }
            for s in models.Sanction.objects.filter(entry__event=event).order_by("id")
        ],
        "lots": [
            {
                "purpose": lot.purpose,
                "seed": lot.seed,
                "outcome": lot.outcome,
                "drawn_at": _time(lot.drawn_at),
            }
            for lot in models.LotDraw.objects.filter(event=event).order_by("id")
        ],
        "overrides": [
            {
                "subject": o.subject,
                "value": o.value,
                "at": _time(o.at),
                "actor": o.actor,
                "reason": o.reason,
            }
            for o in models.ArbiterOverride.objects.filter(event=event).order_by("id")
        ],
        "closed_periods": [
            {
                "stage": p.stage.number,
                "period": p.period,
                "closed_at": _time(p.closed_at),
                "actor": p.actor,
            }
            for p in models.PeriodClosure.objects.filter(stage__event=event)
            .select_related("stage")
            .order_by("stage__number", "period")
        ],
        "audit": [
            _audit_json(a)
            for a in models.AuditEntry.objects.filter(event=event).order_by("version")
        ],
        "imports": [
            {
                "at": _time(i.at),
                "actor": i.actor,
                "source_slug": i.source_slug,
                "source_version": i.source_version,
            }
            for i in models.EventImport.objects.filter(event=event)
        ],
    }


def check_document_format(document: Mapping[str, Any]) -> None:
    if document.get("format") != DOCUMENT_FORMAT or document.get("version") != DOCUMENT_VERSION:
        raise ParseError(
            gettext(
                "not a {DOCUMENT_FORMAT} document version {DOCUMENT_VERSION} "
                "(format {get!r}, version {get2!r})"
            ).format(
                DOCUMENT_FORMAT=DOCUMENT_FORMAT,
                DOCUMENT_VERSION=DOCUMENT_VERSION,
                get=document.get("format"),
                get2=document.get("version"),
            )
        )


def check_import(document: Mapping[str, Any], slug: str) -> None:
    part(str(document["event"]["preset"]), DESCRIPTION)  # UnknownPreset for an unknown one
    if models.Event.objects.filter(slug=slug).exists():
        raise Duplicate(
            gettext("an event {slug!r} exists already; import under another --slug").format(
                slug=slug
            )
        )


def import_event_json(
    document: Mapping[str, Any],
    *,
    actor: Principal,
    slug: str | None = None,
    now: datetime | None = None,
) -> str:
    """Recreate an exported event (under `slug`, default its own). Returns the slug.

    The whole document is checked and replayed first (`check_event_document`); a document
    with any problem is refused, naming the first one, and nothing of it is stored."""
    require_site_permission(actor, "import events")
    check_document_format(document)
    check_event_document(document)
    try:
        source = document["event"]
        target = slug or str(source["slug"])
        check_import(document, target)
        with transaction.atomic():
            do_import(document, target, actor, now_or(now))
    except (KeyError, TypeError, ValueError) as exc:
        raise ParseError(
            gettext("the event document is incomplete or malformed: {exc!r}").format(exc=exc)
        ) from None
    except IntegrityError as exc:
        raise Duplicate(
            gettext("the event document repeats a fact: {exc}").format(exc=exc)
        ) from None
    return target


def _series_document(series: models.Series | None) -> dict[str, Json] | None:
    if series is None:
        return None
    return {"slug": series.slug, "name": series.name, "created_at": _time(series.created_at)}


SERIES_CHECKS: Hooks[Callable[[models.Series, models.Event], None]] = Hooks("series")
"""How a preset whose events make championship series checks an event joining one (KIBA)."""


def check_add_event_to_series(series: models.Series, event: models.Event) -> None:
    check = SERIES_CHECKS.get(event.preset)
    if check is None:
        raise WrongState(
            gettext(
                "event {slug!r} is {preset}; no championship series holds its tournaments"
            ).format(slug=event.slug, preset=event.preset),
            event=event.slug,
            series=series.slug,
        )
    check(series, event)


def _restore_series(event: models.Event, document: Mapping[str, Any] | None) -> None:
    if not document:
        return
    series, _ = models.Series.objects.get_or_create(
        slug=document["slug"],
        defaults={
            "name": document["name"],
            "created_at": _parse_time(document["created_at"], "event.series.created_at"),
        },
    )
    check_add_event_to_series(series, event)
    event.series = series
    event.save(update_fields=["series"])


def do_import(document: Mapping[str, Any], slug: str, actor: Principal, now: datetime) -> None:
    source = document["event"]
    event = models.Event.objects.create(
        slug=slug,
        name=source["name"],
        preset=source["preset"],
        parameters=source["parameters"],
        seed=source["seed"],
        state=source["state"],
        version=int(source["version"]) + 1,
        created_at=_parse_time(source["created_at"], "event.created_at"),
        started_at=_optional_time(source["started_at"]),
        closed_at=_optional_time(source["closed_at"]),
    )
    if slug == source["slug"]:
        _restore_series(event, source.get("series"))
    entries: dict[str, models.Entry] = {}
    for row in document["entries"]:
        entries[row["key"]] = models.Entry.objects.create(
            event=event,
            key=row["key"],
            name=row["name"],
            rating=row["rating"],
            games_played=row["games_played"],
            country=row["country"],
            number=row["number"],
            registered_at=_parse_time(row["registered_at"], f"entry {row['key']}"),
            first_round=row.get("first_round"),
        )

    def entry(key: str) -> models.Entry:
        if key not in entries:
            raise ParseError(
                gettext("the event document names an unknown player {key!r}").format(key=key)
            )
        return entries[key]

    stages = {
        row["number"]: models.Stage.objects.create(
            event=event,
            number=row["number"],
            name=row["name"],
            format=row["format"],
            parameters=row["parameters"],
        )
        for row in document["stages"]
    }
    for row in document["rounds"]:
        round_row = models.Round.objects.create(
            stage=stages[row["stage"]],
            group=row["group"],
            number=row["number"],
            published_at=_parse_time(row["published_at"], "round"),
            actor=row["actor"],
        )
        for e in row["encounters"]:
            encounter = models.Encounter.objects.create(
                round=round_row,
                board=e["board"],
                first=entry(e["first"]),
                second=entry(e["second"]) if e["second"] is not None else None,
                match_rule=e["match_rule"],
                bye_kind=e["bye_kind"],
            )
            for g in e["games"]:
                game = models.Game.objects.create(
                    encounter=encounter,
                    number=g["number"],
                    first=entry(g["first"]),
                    second=entry(g["second"]),
                    first_side=g["first_side"],
                )
                for r in g["reports"]:
                    models.ResultReport.objects.create(
                        game=game,
                        kind=r["kind"],
                        result=r["result"],
                        termination=r["termination"],
                        actor=r["actor"],
                        at=_parse_time(r["at"], "report"),
                        reason=r["reason"],
                        # Documents written before per-game detail existed have none.
                        detail=_detail(r.get("detail")),
                    )
                for m in g["moves"]:
                    models.Move.objects.create(
                        game=game,
                        ply=m["ply"],
                        notation=m["notation"],
                        played_at=_parse_time(m["played_at"], "move"),
                        actor=m["actor"],
                    )
    for w in document["withdrawals"]:
        models.Withdrawal.objects.create(
            entry=entry(w["player"]),
            from_round=w["from_round"],
            at=_parse_time(w["at"], "w"),
            actor=w["actor"],
            reason=w["reason"],
        )
    for p in document.get("presence", []):
        models.Presence.objects.create(
            entry=entry(p["player"]),
            round=p["round"],
            present=p["present"],
            at=_parse_time(p["at"], "presence"),
            actor=p["actor"],
            reason=p["reason"],
        )
    for v in document["leaves"]:
        models.Leave.objects.create(
            entry=entry(v["player"]),
            from_round=v["from_round"],
            to_round=v["to_round"],
            bye_kind=v["bye_kind"],
            at=_parse_time(v["at"], "leave"),
            actor=v["actor"],
            reason=v["reason"],
        )
    for s in document["sanctions"]:
        models.Sanction.objects.create(
            entry=entry(s["player"]),
            round=s["round"],
            kind=s["kind"],
            points=s["points"],
            at=_parse_time(s["at"], "sanction"),
            actor=s["actor"],
            reason=s["reason"],
        )
    for lot in document["lots"]:
        models.LotDraw.objects.create(
            event=event,
            purpose=lot["purpose"],
            seed=lot["seed"],
            outcome=lot["outcome"],
            drawn_at=_parse_time(lot["drawn_at"], "lot"),
        )
    for o in document["overrides"]:
        models.ArbiterOverride.objects.create(
            event=event,
            subject=o["subject"],
            value=o["value"],
            at=_parse_time(o["at"], "override"),
            actor=o["actor"],
            reason=o["reason"],
        )
    for p in document["closed_periods"]:
        models.PeriodClosure.objects.create(
            stage=stages[p["stage"]],
            period=p["period"],
            closed_at=_parse_time(p["closed_at"], "period"),
            actor=p["actor"],
        )
    for a in document["audit"]:
        models.AuditEntry.objects.create(
            event=event,
            version=a["version"],
            at=_parse_time(a["at"], "audit"),
            actor=a["actor"],
            action=a["action"],
            before=a["before"],
            after=a["after"],
            recorded_at=_parse_time(a["recorded_at"], "audit") if "recorded_at" in a else None,
        )
    for i in document.get("imports", []):
        models.EventImport.objects.create(
            event=event,
            at=_parse_time(i["at"], "import"),
            actor=i["actor"],
            source_slug=i["source_slug"],
            source_version=i["source_version"],
        )
    models.EventImport.objects.create(
        event=event,
        at=now_or(now),
        actor=actor.name,
        source_slug=source["slug"],
        source_version=source["version"],
    )


def _detail(value: Any) -> dict[str, Json] | None:
    if value is None or isinstance(value, dict):
        return value
    raise ParseError(
        gettext("a report's detail must be a JSON object, got {value!r}").format(value=value)
    )


def _optional_time(value: Any) -> datetime | None:
    return _parse_time(value, "time") if value is not None else None


# -- TRF and CSV ------------------------------------------------------------------------------


def export_event_trf(slug: str) -> str:
    """TRF-16 of a single-stage chess event (numbers as starting ranks), ranks as in the
    event's standings (tie-breaks applied; a shared rank written for each player sharing it),
    with the arbiter's forbidden pairs as XXP lines. An event TRF cannot carry (several
    stages or groups, multi-game matches, a league list) is refused with the reason.

    What a federation's rating officer needs is in the header (issue 28 item 5): 012 name,
    042/052 start and end dates (when started / closed), 062/072 players and rated players,
    092 type and 192 pairing system, 102 chief arbiter and 112 the other arbiters (the event's
    arbiters in the order they were appointed), 132 the date each round was published; XXR and
    XXC for the pairing engines."""
    facts = get_event_facts(slug)
    results = part(facts.preset, STAGE_EXPORT).stage_results(facts)
    if results is None:
        raise UnsupportedFormat(
            gettext(
                "TRF-16 cannot carry a {preset} event ({why}); export it as csv (GAMES.csv) or json"
            ).format(
                preset=facts.preset,
                why=TRF_HOOKS.get_or(facts.preset, _NO_TRF).refusal or _NO_STAGE,
            ),
            event=slug,
            preset=facts.preset,
        )
    trf_part = TRF_HOOKS.get_or(facts.preset, _NO_TRF)
    lot = facts.lot(trf_part.initial_colour_lot) if trf_part.initial_colour_lot else None
    colour = Side(lot.outcome) if lot is not None and isinstance(lot.outcome, str) else None
    tables = part(facts.preset, STANDINGS).compute_standings(facts)
    # Several tables (Tasaselo's prize groups) rank apart: TRF's one rank column then falls
    # back to points and starting rank.
    ranks = (
        {line.competitor.id: line.rank for line in tables[0].lines if line.rank is not None}
        if len(tables) == 1
        else None
    )
    trf = stage_results_to_trf(
        results,
        name=facts.name,
        total_rounds=results.rounds,
        initial_colour=colour,
        ranks=ranks,
        acceleration=part(facts.preset, ACCELERATED).pairing_acceleration(facts),
    )
    forbidden = _trf_forbidden_pairs(results, facts.forbidden_pairs())
    return format_trf(_trf_headers(replace(trf, forbidden_pairs=forbidden), slug, facts))


@dataclass(frozen=True, slots=True)
class TrfPart:
    """What a preset says of its events in TRF-16 (registered in `TRF_HOOKS`)."""

    tournament_type: str | None = None
    """Record 092 (free text)."""
    pairing_system: str | None = None
    """Record 192 (the pairing-system selector)."""
    initial_colour_lot: str | None = None
    """The lot that drew the first player's colour in round 1 (XXC), if the preset draws one."""
    refusal: str = ""
    """Why TRF-16 cannot carry the preset's events (the README's table says the same)."""
    takes_over: bool = False
    """An event in progress can be created from a TRF file as one of this preset's
    (`app.takeover`: a Swiss event)."""


TRF_HOOKS: Hooks[TrfPart] = Hooks("TRF-16")
_NO_TRF = TrfPart()


def _trf_headers(trf: TrfTournament, slug: str, facts: EventFacts) -> TrfTournament:
    """The rating report's header records of the event."""
    event = get_event(slug)
    arbiters = [
        role.user.get_full_name() or role.user.get_username()
        for role in models.EventRole.objects.filter(event=event, role="arbiter")
        .select_related("user")
        .order_by("granted_at", "id")
    ]
    published = {r.number: r.published_at for r in facts.rounds if r.stage == 1}
    last = max(published, default=0)
    round_dates = tuple(
        published[r].strftime("%y/%m/%d") if r in published else "" for r in range(1, last + 1)
    )
    trf_part = TRF_HOOKS.get_or(facts.preset, _NO_TRF)
    kind, system = trf_part.tournament_type, trf_part.pairing_system
    rated = sum(1 for p in trf.players if p.rating)
    counts = (f"062 {len(trf.players)}", f"072 {rated}")
    return replace(
        trf,
        start_date=event.started_at.date() if event.started_at else None,
        end_date=event.closed_at.date() if event.closed_at else None,
        tournament_type=kind,
        chief_arbiter=arbiters[0] if arbiters else None,
        deputy_arbiters=tuple(arbiters[1:]),
        round_dates=round_dates,
        encoded_type=system or trf.encoded_type,
        other_lines=(*counts, *trf.other_lines),
    )


_NO_STAGE = "it has no single stage of one game per pairing"


def _trf_forbidden_pairs(
    results: StageResults, pairs: frozenset[frozenset[CompetitorId]]
) -> tuple[frozenset[int], ...]:
    """The arbiter's forbidden pairs as XXP starting ranks, by the rule `stage_results_to_trf`
    numbers players with: their numbers, or their order when none has one."""
    if all(c.number is None for c in results.competitors):
        rank = {c.id: i for i, c in enumerate(results.competitors, start=1)}
    else:
        rank = {c.id: c.number for c in results.competitors if c.number is not None}
    ranked = [frozenset(rank[p] for p in pair) for pair in pairs]
    return tuple(sorted(ranked, key=sorted))


_BYE_CODES = {
    ByeKind.PAIRING_ALLOCATED: "U",
    ByeKind.FULL_POINT: "F",
    ByeKind.HALF_POINT: "H",
    ByeKind.ZERO_POINT: "Z",
    ByeKind.SIT_OUT: "R",
}


def export_event_players_csv(slug: str) -> str:
    """PLAYERS.csv (`name,rating,games_played,country`) of the event's entrants, for
    `mashindano standings --players` beside its GAMES.csv (KIBA scores need them)."""
    facts = get_event_facts(slug)
    return format_players_csv(list(part(facts.preset, PLAYERS_EXPORT).export_players(facts)))


def export_event_games_csv(slug: str) -> str:
    """GAMES.csv (`round,white,black,result`, players by name), as `mashindano standings`
    reads it; a bye has `black` empty and its kind as the result. `white` is the game's first
    player (White, South; Tantrix and Gomoku: who starts). Where a preset plays several games
    per pairing, `encounter` labels the games of each one (KIBA's pairings, a Gomoku match, a
    Tantrix match); where it ranks several tables, `section` names the table each game counts
    in (a KIBA group or final, a Tantrix draw); Tantrix games carry `white_tps,black_tps`."""
    facts = get_event_facts(slug)
    sections = part(facts.preset, SECTIONS).export_sections(facts)
    labelled = not part(facts.preset, PAIRING).plays_once_per_round or any(
        len(e.games) > 1 for r in facts.rounds for e in r.encounters
    )
    game_scores = part(facts.preset, GAME_SCORES).game_scores
    scores = {g.id: game_scores(g) for g in facts.games()}
    with_scores = any(v is not None for v in scores.values())
    name_of = {c.id: c.name for c in facts.competitors}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["round", "white", "black", "result"]
    header += ["encounter"] if labelled else []
    header += ["section"] if sections else []
    header += ["white_tps", "black_tps"] if with_scores else []
    writer.writerow(header)
    for round_fact in facts.rounds:
        for encounter in round_fact.encounters:
            key = (round_fact.stage, round_fact.number, encounter.board)
            section = [sections.get(key, "")] if sections else []
            if encounter.second is None:
                kind = encounter.bye_kind or ByeKind.ZERO_POINT
                bye = [round_fact.number, name_of[encounter.first], "", _BYE_CODES[kind]]
                bye += [""] if labelled else []
                writer.writerow(bye + section + (["", ""] if with_scores else []))
            stage = f"S{round_fact.stage}" if round_fact.stage != 1 else ""
            label = f"{stage}R{round_fact.number}B{encounter.board}"
            for game in encounter.games:
                row: list[object] = [
                    round_fact.number,
                    name_of[game.first],
                    name_of[game.second],
                    game.result.value,
                ]
                row += [label] if labelled else []
                row += section
                if with_scores:
                    tps = scores[game.id]
                    row += (
                        [format_exact(tps[0]), format_exact(tps[1])]
                        if tps is not None
                        else ["", ""]
                    )
                writer.writerow(row)
    return out.getvalue()
