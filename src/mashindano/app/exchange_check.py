"""Checking an exported event document before anything of it is stored.

`check_event_document` reads the whole document as the facts it would store: every value
has the type and range of its column, every player a game or a bye names is an entry, nobody
plays himself or twice in a round, every report's result is one the preset accepts (read by
the preset's adapter, with its detail), and the event replays: the adapter computes the
standings after each published round and the summary of the whole event. The first problem
is a `ParseError` naming what is wrong and where (`rounds[2].encounters[0].games[0]...`);
the import writes nothing unless the whole document passes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any, NoReturn

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import models as django_models
from django.utils.translation import gettext

from mashindano.app.declarations.parameters import parameters_from_json
from mashindano.app.documents.presets import event_summary
from mashindano.app.formats.parts import DESCRIPTION, PAIRING, RESULT_DETAILS, RESULTS, STANDINGS
from mashindano.app.formats.registry import has_part, part
from mashindano.engine.errors import IllegalResult, MashindanoError, ParseError
from mashindano.engine.model import ByeKind, Competitor, CompetitorId, GameResult, Side, Termination
from mashindano.interchange.limits import MAX_GAMES_PLAYED, MAX_RATING
from mashindano.store import models
from mashindano.store.facts import (
    EncounterFact,
    EventFacts,
    EventState,
    GameFact,
    Json,
    LeaveFact,
    LotFact,
    OverrideFact,
    PresenceFact,
    ReportFact,
    ReportKind,
    ResultDetail,
    RoundFact,
    SanctionFact,
    WithdrawalFact,
)

type Where = str


def _stage_label(stage: int, group: str, number: int) -> str:
    if group:
        return gettext("stage {stage} group {group} round {number}").format(
            stage=stage, group=group, number=number
        )
    return gettext("stage {stage} round {number}").format(stage=stage, number=number)


def _fail(where: Where, message: str) -> NoReturn:
    raise ParseError(
        gettext("event document, {where}: {message}").format(where=where, message=message),
        where=where,
    )


def _object(value: Any, where: Where) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        _fail(where, f"expected an object, got {_kind(value)}")
    return value


def _items(document: Mapping[str, Any], key: str, where: Where = "") -> Iterator[tuple[Where, Any]]:
    """The elements of the list `document[key]`, each with its place (`rounds[2]`)."""
    path = f"{where}.{key}" if where else key
    value = _get(document, key, where or "top level")
    if not isinstance(value, list):
        _fail(path, f"expected a list, got {_kind(value)}")
    for index, item in enumerate(value):
        yield f"{path}[{index}]", item


def _get(row: Mapping[str, Any], key: str, where: Where) -> Any:
    if key not in row:
        _fail(where, f"{key!r} is missing")
    return row[key]


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {dict: "an object", list: "a list", str: "text", bool: "true/false"}.get(
        type(value),
        gettext("the number {value}").format(value=value)
        if isinstance(value, int | float)
        else gettext("a value"),
    )


def _column(
    model: type[django_models.Model],
    row: Mapping[str, Any],
    key: str,
    where: Where,
    *,
    field_name: str | None = None,
) -> Any:
    """`row[key]` checked against the column it is stored in: type, range, length, null."""
    value = _get(row, key, where)
    try:
        field = model._meta.get_field(field_name or key)
    except FieldDoesNotExist:  # pragma: no cover - a programming error, not a document's
        raise
    assert isinstance(field, django_models.Field)
    path = f"{where}.{key}"
    if value is None:
        if not field.null:
            _fail(path, "must not be null")
        return None
    kind = field.get_internal_type()
    if kind in ("CharField", "SlugField", "TextField"):
        if not isinstance(value, str):
            _fail(path, gettext("expected text, got {value}").format(value=_kind(value)))
    elif kind.endswith("IntegerField"):
        if not isinstance(value, int) or isinstance(value, bool):
            _fail(path, gettext("expected a whole number, got {value}").format(value=_kind(value)))
    elif kind == "DateTimeField":
        return _time(value, path)
    if kind != "JSONField":
        try:
            field.run_validators(value)
        except ValidationError as exc:
            _fail(path, f"{value!r}: " + " ".join(str(m) for m in exc.messages))
    return value


def _time(value: Any, where: Where) -> datetime:
    try:
        parsed = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None or parsed.tzinfo is None:
        _fail(
            where,
            gettext("{value!r} is not an ISO date and time with a time zone").format(value=value),
        )
    return parsed


def _enum[E](enum: type[E], value: Any, where: Where) -> E:
    try:
        return enum(value)  # type: ignore[call-arg]
    except (ValueError, TypeError):
        choices = ", ".join(repr(e.value) for e in enum)  # type: ignore[attr-defined]
        _fail(
            where, gettext("{value!r} is not one of {choices}").format(value=value, choices=choices)
        )


class _Reader:
    """Reads the document section by section into `EventFacts`, failing on the first problem."""

    def __init__(self, document: Mapping[str, Any]) -> None:
        self.document = document
        self.keys: set[CompetitorId] = set()
        self.next_id = 0

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def player(self, row: Mapping[str, Any], key: str, where: Where) -> CompetitorId:
        value = _get(row, key, where)
        if not isinstance(value, str) or CompetitorId(value) not in self.keys:
            _fail(
                f"{where}.{key}",
                gettext("{value!r} is not one of the event's entries").format(value=value),
            )
        return CompetitorId(value)

    def read(self) -> EventFacts:
        event = _object(_get(self.document, "event", "top level"), "event")
        for key in ("slug", "name"):
            _column(models.Event, event, key, "event")
        preset = _column(models.Event, event, "preset", "event")
        parameters = _object(_column(models.Event, event, "parameters", "event"), "event")
        try:
            parameters_from_json(part(preset, DESCRIPTION).parameter_schema, parameters)
        except MashindanoError as exc:
            _fail("event.parameters", exc.message)
        seed = _column(models.Event, event, "seed", "event")
        state = _enum(EventState, _get(event, "state", "event"), "event.state")
        for key in ("created_at", "started_at", "closed_at"):
            _column(models.Event, event, key, "event")
        version = _column(models.Event, event, "version", "event")
        series = event.get("series")
        if series is not None:
            series = _object(series, "event.series")
            for key in ("slug", "name", "created_at"):
                _column(models.Series, series, key, "event.series")
        competitors, registered = self.entries()
        facts = EventFacts(
            slug=str(event["slug"]),
            name=str(event["name"]),
            preset=preset,
            parameters=parameters,
            seed=seed,
            state=state,
            version=version,
            competitors=competitors,
            registered_at=registered,
        )
        stages = self.stages()
        rounds = self.rounds(stages, facts)
        closed = self.closed_periods(stages)
        facts = replace(
            facts,
            rounds=rounds,
            withdrawals=self.withdrawals(),
            leaves=self.leaves(),
            presence=self.presence(),
            first_rounds=self.first_rounds(),
            sanctions=self.sanctions(),
            lots=self.lots(),
            overrides=self.overrides(),
            closed_periods=tuple(closed),
            period_closed_at=closed,
        )
        self.audit(version)
        self.imports()
        return facts

    def entries(self) -> tuple[tuple[Competitor, ...], dict[CompetitorId, datetime]]:
        competitors: list[Competitor] = []
        registered: dict[CompetitorId, datetime] = {}
        numbers: dict[int, Where] = {}
        for where, item in _items(self.document, "entries"):
            row = _object(item, where)
            key = CompetitorId(_column(models.Entry, row, "key", where))
            if key in self.keys:
                _fail(f"{where}.key", gettext("player {key!r} is listed twice").format(key=key))
            rating = _column(models.Entry, row, "rating", where)
            if rating is not None and rating > MAX_RATING:
                _fail(
                    f"{where}.rating",
                    gettext("{rating} is above the highest rating ({MAX_RATING})").format(
                        rating=rating, MAX_RATING=MAX_RATING
                    ),
                )
            played = _column(models.Entry, row, "games_played", where)
            if played is not None and played > MAX_GAMES_PLAYED:
                _fail(
                    f"{where}.games_played",
                    gettext("{played} is more than {MAX_GAMES_PLAYED}").format(
                        played=played, MAX_GAMES_PLAYED=MAX_GAMES_PLAYED
                    ),
                )
            number = _column(models.Entry, row, "number", where)
            if number is not None:
                if number in numbers:
                    _fail(f"{where}.number", f"number {number} is also {numbers[number]}'s")
                numbers[number] = where
            self.keys.add(key)
            registered[key] = _column(models.Entry, row, "registered_at", where)
            competitors.append(
                Competitor(
                    id=key,
                    name=_column(models.Entry, row, "name", where),
                    rating=rating,
                    games_played=played,
                    country=_column(models.Entry, row, "country", where) or None,
                    number=number,
                )
            )
        return tuple(competitors), registered

    def stages(self) -> set[int]:
        stages: set[int] = set()
        for where, item in _items(self.document, "stages"):
            row = _object(item, where)
            number = _column(models.Stage, row, "number", where)
            if number in stages:
                _fail(
                    f"{where}.number",
                    gettext("stage {number} is listed twice").format(number=number),
                )
            for key in ("name", "format", "parameters"):
                _column(models.Stage, row, key, where)
            stages.add(number)
        return stages

    def stage(self, stages: set[int], row: Mapping[str, Any], key: str, where: Where) -> int:
        number = _get(row, key, where)
        if not isinstance(number, int) or isinstance(number, bool) or number not in stages:
            _fail(
                f"{where}.{key}",
                gettext("{number!r} is not one of the event's stages").format(number=number),
            )
        return int(number)

    def rounds(self, stages: set[int], facts: EventFacts) -> tuple[RoundFact, ...]:
        rounds: dict[tuple[int, str, int], RoundFact] = {}
        for where, item in _items(self.document, "rounds"):
            row = _object(item, where)
            stage = self.stage(stages, row, "stage", where)
            group = _column(models.Round, row, "group", where)
            number = _column(models.Round, row, "number", where)
            _column(models.Round, row, "actor", where)
            label = _stage_label(stage, group, number)
            if (stage, group, number) in rounds:
                _fail(where, gettext("{label} is listed twice").format(label=label))
            published = _column(models.Round, row, "published_at", where)
            shell = RoundFact(stage, group, number, published, ())
            encounters = self.encounters(row, where, label, shell, facts)
            rounds[stage, group, number] = replace(shell, encounters=encounters)
        return tuple(rounds[k] for k in sorted(rounds))

    def encounters(
        self,
        row: Mapping[str, Any],
        where: Where,
        label: str,
        shell: RoundFact,
        facts: EventFacts,
    ) -> tuple[EncounterFact, ...]:
        met: dict[frozenset[CompetitorId | None], int] = {}
        seated: dict[CompetitorId, int] = {}
        boards: set[int] = set()
        encounters: list[EncounterFact] = []
        for place, item in _items(row, "encounters", where):
            e = _object(item, place)
            board = _column(models.Encounter, e, "board", place)
            if board in boards:
                _fail(
                    f"{place}.board",
                    gettext("{label} has two encounters on board {board}").format(
                        label=label, board=board
                    ),
                )
            boards.add(board)
            first = self.player(e, "first", place)
            second = self.player(e, "second", place) if e.get("second") is not None else None
            if first == second:
                _fail(
                    place,
                    gettext("{label}, board {board}: {first!r} is paired with himself").format(
                        label=label, board=board, first=first
                    ),
                )
            pair = frozenset((first, second))
            if second is not None and pair in met:
                _fail(
                    place,
                    f"{label}: {first!r} and {second!r} meet on board {board} and on board "
                    f"{met[pair]}",
                )
            met[pair] = board
            for player in (
                (first, second) if part(facts.preset, PAIRING).plays_once_per_round else ()
            ):
                if player is None:
                    continue
                if player in seated:
                    _fail(
                        place,
                        f"{label}: {player!r} plays on board {board} and on board {seated[player]}",
                    )
                seated[player] = board
            match_rule = _column(models.Encounter, e, "match_rule", place)
            bye_text = _column(models.Encounter, e, "bye_kind", place)
            bye = _enum(ByeKind, bye_text, f"{place}.bye_kind") if bye_text else None
            encounter_id = self.new_id()
            sides = {first, second}
            games: list[GameFact] = []
            numbers: set[int] = set()
            for spot, game_item in _items(e, "games", place):
                g = _object(game_item, spot)
                if second is None:
                    _fail(
                        spot,
                        gettext("{label}, board {board} is a bye and has no games").format(
                            label=label, board=board
                        ),
                    )
                number = _column(models.Game, g, "number", spot)
                if number in numbers:
                    _fail(
                        f"{spot}.number",
                        gettext("{label}, board {board} has two games {number}").format(
                            label=label, board=board, number=number
                        ),
                    )
                numbers.add(number)
                a, b = self.player(g, "first", spot), self.player(g, "second", spot)
                if {a, b} != sides:
                    _fail(
                        spot,
                        gettext("game {a!r} - {b!r} is not between the encounter's players").format(
                            a=a, b=b
                        ),
                    )
                side = _enum(Side, _column(models.Game, g, "first_side", spot), f"{spot}.side")
                game = GameFact(
                    id=self.new_id(),
                    stage=shell.stage,
                    group=shell.group,
                    round=shell.number,
                    board=board,
                    number=number,
                    encounter_id=encounter_id,
                    first=a,
                    second=b,
                    first_side=side,
                    reports=(),
                )
                reports = self.reports(g, spot, game, facts)
                self.moves(g, spot)
                games.append(replace(game, reports=reports))
            encounters.append(
                EncounterFact(encounter_id, board, first, second, match_rule, bye, tuple(games))
            )
        return tuple(sorted(encounters, key=lambda x: x.board))

    def reports(
        self,
        row: Mapping[str, Any],
        where: Where,
        game: GameFact,
        facts: EventFacts,
    ) -> tuple[ReportFact, ...]:
        reports: list[ReportFact] = []
        for place, item in _items(row, "reports", where):
            r = _object(item, place)
            kind = _enum(ReportKind, _column(models.ResultReport, r, "kind", place), place)
            text = _column(models.ResultReport, r, "result", place)
            detail = r.get("detail")
            if detail is not None and not isinstance(detail, dict):
                _fail(f"{place}.detail", f"expected an object, got {_kind(detail)}")
            result: GameResult | None = None
            if kind in (ReportKind.CONFIRM, ReportKind.DISPUTE):
                if text:
                    _fail(f"{place}.result", f"a {kind.value} carries no result, got {text!r}")
            else:
                result = self.stored_result(text, detail, place, game, facts)
            termination = _enum(
                Termination,
                _column(models.ResultReport, r, "termination", place),
                f"{place}.termination",
            )
            reports.append(
                ReportFact(
                    kind=kind,
                    result=result,
                    termination=termination,
                    actor=_column(models.ResultReport, r, "actor", place),
                    at=_column(models.ResultReport, r, "at", place),
                    reason=_column(models.ResultReport, r, "reason", place),
                    detail=detail,
                )
            )
        return tuple(reports)

    def stored_result(
        self,
        text: str,
        detail: ResultDetail | None,
        where: Where,
        game: GameFact,
        facts: EventFacts,
    ) -> GameResult:
        """A stored result: one of the preset's results, as the use cases write it. Its
        detail is what the adapter stored (normalised, so not always what it reads as input):
        a preset that records none refuses any; the replay reads the rest."""
        try:
            result = GameResult(text)
            if result.value != part(facts.preset, RESULTS).parse_result(text).value:
                raise IllegalResult(
                    gettext("{text!r} is not written as the preset writes it").format(text=text)
                )
        except ValueError:
            _fail(
                f"{where}.result",
                f"{game.label}: {text!r} is not a result (one of "
                f"{', '.join(r.value for r in GameResult if r.is_decided)})",
            )
        except MashindanoError as exc:
            _fail(
                f"{where}.result",
                f"{game.label}: {text!r} is not a result of {facts.preset} ({exc.message})",
            )
        if detail is not None and not has_part(facts.preset, RESULT_DETAILS):
            _fail(f"{where}.detail", f"{game.label}: {facts.preset} records no detail")
        return result

    def moves(self, row: Mapping[str, Any], where: Where) -> None:
        plies: set[int] = set()
        for place, item in _items(row, "moves", where):
            m = _object(item, place)
            ply = _column(models.Move, m, "ply", place)
            if ply in plies:
                _fail(f"{place}.ply", gettext("ply {ply} is listed twice").format(ply=ply))
            plies.add(ply)
            for key in ("notation", "played_at", "actor"):
                _column(models.Move, m, key, place)

    def withdrawals(self) -> tuple[WithdrawalFact, ...]:
        found: list[WithdrawalFact] = []
        for where, item in _items(self.document, "withdrawals"):
            w = _object(item, where)
            found.append(
                WithdrawalFact(
                    self.player(w, "player", where),
                    _column(models.Withdrawal, w, "from_round", where),
                    _column(models.Withdrawal, w, "at", where),
                    _column(models.Withdrawal, w, "actor", where),
                    _column(models.Withdrawal, w, "reason", where),
                )
            )
        return tuple(found)

    def presence(self) -> tuple[PresenceFact, ...]:
        """The roll-call marks (optional: documents without them import)."""
        if "presence" not in self.document:
            return ()
        found: list[PresenceFact] = []
        for where, item in _items(self.document, "presence"):
            p = _object(item, where)
            found.append(
                PresenceFact(
                    self.player(p, "player", where),
                    _column(models.Presence, p, "round", where),
                    _column(models.Presence, p, "present", where),
                    _column(models.Presence, p, "at", where),
                    _column(models.Presence, p, "actor", where),
                    _column(models.Presence, p, "reason", where),
                )
            )
        return tuple(found)

    def first_rounds(self) -> dict[CompetitorId, int]:
        """Late entries' first rounds (optional in each entry)."""
        found: dict[CompetitorId, int] = {}
        for where, item in _items(self.document, "entries"):
            row = _object(item, where)
            if row.get("first_round") is not None:
                found[CompetitorId(str(row["key"]))] = _column(
                    models.Entry, row, "first_round", where
                )
        return found

    def leaves(self) -> tuple[LeaveFact, ...]:
        found: list[LeaveFact] = []
        for where, item in _items(self.document, "leaves"):
            v = _object(item, where)
            first = _column(models.Leave, v, "from_round", where)
            last = _column(models.Leave, v, "to_round", where)
            if last < first:
                _fail(
                    where,
                    gettext(
                        "the leave ends (round {last}) before it starts (round {first})"
                    ).format(last=last, first=first),
                )
            found.append(
                LeaveFact(
                    self.player(v, "player", where),
                    first,
                    last,
                    _enum(ByeKind, _column(models.Leave, v, "bye_kind", where), where),
                    _column(models.Leave, v, "at", where),
                    _column(models.Leave, v, "actor", where),
                    _column(models.Leave, v, "reason", where),
                )
            )
        return tuple(found)

    def sanctions(self) -> tuple[SanctionFact, ...]:
        found: list[SanctionFact] = []
        for where, item in _items(self.document, "sanctions"):
            s = _object(item, where)
            found.append(
                SanctionFact(
                    self.player(s, "player", where),
                    _column(models.Sanction, s, "round", where),
                    _column(models.Sanction, s, "kind", where),
                    _column(models.Sanction, s, "points", where),
                    _column(models.Sanction, s, "at", where),
                    _column(models.Sanction, s, "actor", where),
                    _column(models.Sanction, s, "reason", where),
                )
            )
        return tuple(found)

    def lots(self) -> tuple[LotFact, ...]:
        found: list[LotFact] = []
        for where, item in _items(self.document, "lots"):
            lot = _object(item, where)
            found.append(
                LotFact(
                    _column(models.LotDraw, lot, "purpose", where),
                    _column(models.LotDraw, lot, "seed", where),
                    _column(models.LotDraw, lot, "outcome", where),
                    _column(models.LotDraw, lot, "drawn_at", where),
                )
            )
        return tuple(found)

    def overrides(self) -> tuple[OverrideFact, ...]:
        found: list[OverrideFact] = []
        for where, item in _items(self.document, "overrides"):
            o = _object(item, where)
            found.append(
                OverrideFact(
                    _column(models.ArbiterOverride, o, "subject", where),
                    _column(models.ArbiterOverride, o, "value", where),
                    _column(models.ArbiterOverride, o, "at", where),
                    _column(models.ArbiterOverride, o, "actor", where),
                    _column(models.ArbiterOverride, o, "reason", where),
                )
            )
        return tuple(found)

    def closed_periods(self, stages: set[int]) -> dict[tuple[int, int], datetime]:
        closed: dict[tuple[int, int], datetime] = {}
        for where, item in _items(self.document, "closed_periods"):
            p = _object(item, where)
            stage = self.stage(stages, p, "stage", where)
            period = _column(models.PeriodClosure, p, "period", where)
            if (stage, period) in closed:
                _fail(
                    where,
                    gettext("stage {stage} period {period} is closed twice").format(
                        stage=stage, period=period
                    ),
                )
            _column(models.PeriodClosure, p, "actor", where)
            closed[stage, period] = _column(models.PeriodClosure, p, "closed_at", where)
        return closed

    def audit(self, event_version: int) -> None:
        versions: set[int] = set()
        for where, item in _items(self.document, "audit"):
            a = _object(item, where)
            version = _column(models.AuditEntry, a, "version", where)
            if version in versions:
                _fail(
                    f"{where}.version",
                    gettext("version {version} is listed twice").format(version=version),
                )
            if version > event_version:
                _fail(
                    f"{where}.version",
                    gettext("{version} is after the event's {event_version}").format(
                        version=version, event_version=event_version
                    ),
                )
            versions.add(version)
            for key in ("at", "actor", "action", "before", "after"):
                _column(models.AuditEntry, a, key, where)
            if "recorded_at" in a:
                _column(models.AuditEntry, a, "recorded_at", where)

    def imports(self) -> None:
        if "imports" not in self.document:
            return
        for where, item in _items(self.document, "imports"):
            i = _object(item, where)
            for key in ("at", "actor", "source_slug", "source_version"):
                _column(models.EventImport, i, key, where)


def check_event_document(document: Mapping[str, Any]) -> EventFacts:
    """The facts the document holds, once every check and the replay have passed."""
    facts = _Reader(document).read()
    _replay(facts)
    return facts


def _replay(facts: EventFacts) -> None:
    """The adapter's standings after each published round, then the whole event's summary;
    any failure is the document's problem, named with the round where it appears."""
    where = "the event"
    try:
        facts.forbidden_pairs()
        for count in range(1, len(facts.rounds) + 1):
            last = facts.rounds[count - 1]
            where = _stage_label(last.stage, last.group, last.number)
            part(facts.preset, STANDINGS).compute_standings(
                replace(facts, rounds=facts.rounds[:count])
            )
        where = gettext("the event")
        summary: Json = event_summary(facts)
        del summary
    except MashindanoError as exc:
        _fail(
            "replay",
            gettext("{where} does not replay under {preset}: {message}").format(
                where=where, preset=facts.preset, message=exc.message
            ),
        )
    except Exception as exc:  # the adapters trust stored facts; a document is not trusted
        _fail(
            "replay",
            gettext("{where} does not replay under {preset}: {name} {exc}").format(
                where=where, preset=facts.preset, name=type(exc).__name__, exc=exc
            ),
        )
