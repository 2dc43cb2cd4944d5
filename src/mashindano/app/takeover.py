"""Taking over a chess Swiss in progress from a TRF file (issue 28 item 6).

What Swiss-Manager, Vega or lichess exported after round 4 becomes a running Swiss event (of
the preset whose `TrfPart.takes_over`: chess-swiss) paired by FIDE Dutch that goes on from
there: its players with their starting ranks
(the pairing numbers), ratings and federations; every paired round as a published round with
its games (results as rulings "taken over from the TRF file", forfeits included) and its byes
(pairing-allocated, full-, half- and zero-point); byes declared for rounds still to pair
(blocks after the last paired round, 240 records, XXZ) as leaves; XXP forbidden pairs as the
arbiter's forbidden pairs; the number of rounds (XXR/142), the point system (162, BB?, XXS)
and Baku acceleration (XXA, 250, 192 `..._BAKU`) as the event's parameters; the colour of
round 1 (XXC, else read from round 1's top board) as the "initial-colour" lot. The next round
is then paired by the event exactly as `mashindano pair --dutch` pairs the file.

The file becomes the same document `import_event_json` takes (`exchange.do_import` stores it),
checked and replayed by `check_event_document` first: all of it is stored in one transaction,
or nothing. `dry_run` (the preview) checks everything and stores nothing. Whatever the event
cannot hold is refused with the reason (acceleration other than Baku's, a point system the
preset cannot express, a full-point bye declared ahead); what it only drops (FIDE ids, titles,
birth dates) is a warning, beside the reader's own warnings (`strict` refuses those).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, UnsupportedFormat
from mashindano.app.events import check_create_event, grant_creator
from mashindano.app.exchange import DOCUMENT_FORMAT, DOCUMENT_VERSION, TRF_HOOKS, TrfPart, do_import
from mashindano.app.exchange_check import check_event_document
from mashindano.app.formats.parts import ACCELERATED, DESCRIPTION, STAGE_EXPORT
from mashindano.app.formats.registry import part
from mashindano.app.locking import now_or
from mashindano.app.permissions import require_site_permission
from mashindano.app.principals import Principal
from mashindano.app.teams.importing import plan_team_file, store_team_event
from mashindano.engine.errors import ConfigError, MashindanoError, ParseError
from mashindano.engine.model import ByeKind, CompetitorId, Game, GameResult, Side
from mashindano.engine.pairing import Acceleration
from mashindano.engine.points import ZERO, Points, PointSystem, format_points
from mashindano.interchange.trf import (
    competitor_id,
    parse_trf,
    trf_acceleration,
    trf_to_stage_results,
)
from mashindano.interchange.trf_model import (
    TrfTournament,
    compute_entry_points,
    count_paired_rounds,
    normalise_point_system,
    tournament_point_system,
)
from mashindano.interchange.trf_read import is_team_file
from mashindano.store import models
from mashindano.store.facts import FORBID_PAIR, EventFacts, EventState, Json, ReportKind

TAKEOVER_ACTION = "event.takeover"
RESULT_REASON = "taken over from the TRF file"
_SEED_LIMIT = 2**62


def _taking_over() -> tuple[str, TrfPart]:
    """The installed preset that takes over a Swiss event from a TRF file (its `TrfPart` says
    `takes_over`: chess-swiss), reached through the registry."""
    for name, trf in TRF_HOOKS.items():
        if trf.takes_over:
            return name, trf
    raise UnsupportedFormat(gettext("no installed preset takes over an event from a TRF file"))


def _preset() -> str:
    return _taking_over()[0]


def _colour_lot() -> str:
    """The preset's lot of the colour of round 1's top board."""
    lot = _taking_over()[1].initial_colour_lot
    if lot is None:
        raise UnsupportedFormat(gettext("the preset taking over TRF files draws no colour lot"))
    return lot


_LEAVE_BYES = {"H": ByeKind.HALF_POINT, "Z": ByeKind.ZERO_POINT, "-": ByeKind.ZERO_POINT}


@dataclass(frozen=True, slots=True)
class TakeoverLeave:
    """A bye declared for a round still to pair: the player's starting rank, name, round and
    kind (H or Z)."""

    number: int
    name: str
    round: int
    kind: str


@dataclass(frozen=True, slots=True)
class Takeover:
    """What a TRF file gives (or gave) as an event: shown by the preview, returned once stored."""

    slug: str
    name: str
    players: int
    rounds_played: int
    """Rounds paired in the file (published rounds of the event)."""
    total_rounds: int
    next_round: int | None
    """The round the event pairs next; None when every round is paired."""
    parameters: dict[str, Json]
    games: int
    forfeits: int
    open_games: int
    """Games of the last paired round without a result (to enter before the next pairing)."""
    byes: dict[str, int]
    """Byes of the paired rounds by kind (`U`, `F`, `H`, `Z`)."""
    leaves: tuple[TakeoverLeave, ...]
    forbidden_pairs: int
    initial_colour: str | None
    acceleration: bool
    warnings: tuple[str, ...]
    stored: bool
    teams: int = 0
    """A team file's teams (0: an individual file)."""
    boards: int = 0
    """A team file's boards per match."""
    system: str = ""
    """A team file's team system ('round-robin' or 'swiss'); "" for an individual file."""


def take_over_event(
    text: str,
    *,
    actor: Principal,
    slug: str | None = None,
    name: str | None = None,
    source: str = "upload",
    strict: bool = False,
    dry_run: bool = False,
    seed: int | None = None,
    now: datetime | None = None,
    team_system: str | None = None,
) -> Takeover:
    """Create a running chess-swiss event from a TRF file (see the module's text); a team
    file (records 013 or 300-330) makes a team event (`app.teams.importing`), round-robin or
    Swiss as its record 092 says or as `team_system` gives.

    Raises `ParseError` for a file that cannot be read (or, with `strict`, has oddities),
    `ConfigError` for what the event cannot hold, `Duplicate` for a slug taken, `NotAllowed`
    without the right to create events. With `dry_run` nothing is stored."""
    require_site_permission(actor, "create events")
    when = now_or(now)
    if is_team_file(text):
        return _take_over_teams(
            text,
            actor=actor,
            slug=slug,
            name=name,
            source=source,
            strict=strict,
            dry_run=dry_run,
            seed=seed,
            when=when,
            system=team_system,
        )
    tournament = parse_trf(text, source=source, require_players=True, strict=strict)
    target = _slug(slug, tournament)
    if seed is None:
        seed = random.SystemRandom().randrange(_SEED_LIMIT)
    built = _Builder(tournament, target, name, actor.name, seed, when)
    check_create_event(target, _preset(), built.parameters)
    document = built.document()
    built.check_event(check_event_document(document))
    summary = built.summary(stored=not dry_run)
    built.audit_after["warnings"] = list(summary.warnings)
    if dry_run:
        return summary
    try:
        with transaction.atomic():
            # `do_import` raises the version it is given by one (an import is a new version
            # of an exported event); a takeover starts the event at version 1, its audit entry.
            document["event"] = {**built.event_row, "version": 0}
            do_import(document, target, actor, when)
            grant_creator(models.Event.objects.get(slug=target), actor, when)
    except IntegrityError:
        raise Duplicate(
            gettext("an event {slug!r} exists already").format(slug=target), event=target
        ) from None
    return summary


def _take_over_teams(
    text: str,
    *,
    actor: Principal,
    slug: str | None,
    name: str | None,
    source: str,
    strict: bool,
    dry_run: bool,
    seed: int | None,
    when: datetime,
    system: str | None,
) -> Takeover:
    """A team file as a team event (`app.teams.importing`)."""
    tournament = parse_trf(text, source=source, require_players=True, strict=strict, teams=True)
    target = _slug(slug, tournament)
    plan = plan_team_file(tournament, source=source, system=system, strict=strict)
    preset = _preset()
    check_create_event(target, preset, {})
    if seed is None:
        seed = random.SystemRandom().randrange(_SEED_LIMIT)
    title = (name or tournament.name or target).strip()[:200] or target
    played = plan.rounds_played
    summary = Takeover(
        slug=target,
        name=title,
        players=len(tournament.players),
        rounds_played=played,
        total_rounds=plan.total_rounds,
        next_round=played + 1 if played < plan.total_rounds else None,
        parameters={},
        games=plan.games,
        forfeits=plan.forfeits,
        open_games=plan.open_games,
        byes={"PAB": plan.pabs} if plan.pabs else {},
        leaves=(),
        forbidden_pairs=0,
        initial_colour=None,
        acceleration=False,
        warnings=plan.warnings,
        stored=not dry_run,
        teams=len(plan.event.teams),
        boards=plan.event.boards,
        system=plan.system.value,
    )
    if dry_run:
        return summary
    audit: dict[str, Json] = {
        "slug": target,
        "preset": preset,
        "seed": seed,
        "players": len(tournament.players),
        "teams": len(plan.event.teams),
        "boards": plan.event.boards,
        "system": plan.system.value,
        "rounds": played,
        "warnings": list(plan.warnings),
    }
    try:
        with transaction.atomic():
            store_team_event(
                plan,
                tournament,
                slug=target,
                name=title,
                preset=preset,
                seed=seed,
                actor=actor,
                when=when,
                audit=audit,
            )
    except IntegrityError:
        raise Duplicate(
            gettext("an event {slug!r} exists already").format(slug=target), event=target
        ) from None
    return summary


def _slug(slug: str | None, tournament: TrfTournament) -> str:
    if slug:
        return slug
    made = slugify(tournament.name or "")[:100].strip("-")
    if not made:
        raise ParseError(
            gettext(
                "the file has no tournament name (012) to make the event's slug from; give one"
            ),
            field="slug",
        )
    return made


def _number(points: Points) -> str:
    """Points as a parameter's text: `3`, `0.5`."""
    return format_points(points).removesuffix(".0")


def _time(value: datetime) -> str:
    return value.isoformat()


def _day(value: date, when: datetime) -> datetime:
    """Midnight UTC of a day the file gives, never after `when`."""
    return min(datetime(value.year, value.month, value.day, tzinfo=UTC), when)


class _Builder:
    """The event document of one TRF file."""

    def __init__(
        self,
        tournament: TrfTournament,
        slug: str,
        name: str | None,
        actor: str,
        seed: int,
        when: datetime,
    ) -> None:
        self.t = tournament
        self.slug = slug
        self.name = (name or tournament.name or slug).strip()[:200] or slug
        self.actor = actor
        self.seed = seed
        self.when = when
        self.warnings: list[str] = [str(w) for w in tournament.warnings]
        try:
            self.results = trf_to_stage_results(tournament)
            self.system = tournament_point_system(tournament)
        except (ValueError, MashindanoError) as exc:
            raise ParseError(
                gettext("the TRF file cannot be taken over: {exc}").format(
                    exc=getattr(exc, "message", exc)
                )
            ) from None
        self.paired = count_paired_rounds(tournament.players)
        self.keys = self._keys()
        self.total = self._total_rounds()
        self.parameters = self._parameters()
        self.colour = self._initial_colour()
        self.leaves = self._leaves()
        self.games = [g for g in self.results.games if g.round <= self.paired]
        self.open_games = sum(1 for g in self.games if g.result is GameResult.NOT_PLAYED)
        if self.open_games:
            self.warnings.append(
                gettext(
                    "{count} game(s) of round {round} have no result yet: enter them before "
                    "pairing round {next}"
                ).format(count=self.open_games, round=self.paired, next=self.paired + 1)
            )

    # -- players ----------------------------------------------------------------------------

    def _keys(self) -> dict[int, str]:
        """Each player's key (his name; a name given twice gets ` #N`, an empty one `Player N`)."""
        keys: dict[int, str] = {}
        taken: set[str] = set()
        dropped = 0
        for p in sorted(self.t.players, key=lambda p: p.starting_rank):
            name = p.name.strip()
            if not name:
                name = f"Player {p.starting_rank}"
                self.warnings.append(
                    gettext("player {number} has no name: entered as {name!r}").format(
                        number=p.starting_rank, name=name
                    )
                )
            elif name in taken:
                name = f"{name} #{p.starting_rank}"
                self.warnings.append(
                    gettext("player {number}'s name is given twice: entered as {name!r}").format(
                        number=p.starting_rank, name=name
                    )
                )
            taken.add(name)
            keys[p.starting_rank] = name
            if p.fide_id or p.title or p.birth_date or p.sex:
                dropped += 1
        if dropped:
            self.warnings.append(
                gettext(
                    "{count} player(s) have a FIDE id, title, sex or birth date: the event keeps "
                    "names, ratings and federations only"
                ).format(count=dropped)
            )
        return keys

    def key(self, competitor: CompetitorId) -> str:
        return self.keys[int(competitor)]

    # -- parameters -------------------------------------------------------------------------

    def _total_rounds(self) -> int:
        if self.t.rounds is None:
            total = max(self.paired + 1, 1)
            self.warnings.append(
                gettext(
                    "the file gives no number of rounds (XXR or 142): the event is set to "
                    "{total}; change it before pairing if the tournament has more"
                ).format(total=total)
            )
            return total
        if self.t.rounds < self.paired:
            raise ConfigError(
                gettext("the file gives {rounds} rounds (XXR/142) but pairs {paired}").format(
                    rounds=self.t.rounds, paired=self.paired
                ),
                rounds=self.t.rounds,
            )
        return self.t.rounds

    def _parameters(self) -> dict[str, Json]:
        parameters: dict[str, Json] = {"swiss_pairing": "dutch", "swiss_rounds": str(self.total)}
        system = self.system
        if normalise_point_system(system) != normalise_point_system(PointSystem()):
            parameters["points"] = ",".join(
                _number(v) for v in (system.win, system.draw, system.loss)
            )
            parameters["swiss_bye_points"] = _number(system.pairing_bye_points)
        if trf_acceleration(self.t) is not None:  # checked against Baku's in `check_event`
            parameters["swiss_acceleration"] = "baku"
        try:
            part(_preset(), DESCRIPTION).parameter_schema.build(parameters)
        except ConfigError as exc:
            raise ConfigError(
                gettext("the file's settings do not make a {preset} event: {message}").format(
                    preset=_preset(), message=exc.message
                )
            ) from None
        return parameters

    def check_event(self, facts: EventFacts) -> None:
        """The event scores as the file does, and its virtual points are the file's (Baku,
        C.04.7)."""
        results = part(_preset(), STAGE_EXPORT).stage_results(facts)
        held_system = results.points if results is not None else None
        if held_system is None or normalise_point_system(held_system) != normalise_point_system(
            self.system
        ):
            raise ConfigError(
                gettext(
                    "the file's point system ({file}) is not one a {preset} event can hold "
                    "({held}: forfeits and full-point byes count as a win, half-point byes as "
                    "a draw, zero-point byes as a loss)"
                ).format(file=self.system, preset=_preset(), held=held_system),
            )
        self.check_acceleration(facts)

    def check_acceleration(self, facts: EventFacts) -> None:
        """The file's virtual points must be those the event gives (Baku, C.04.7)."""
        given = trf_acceleration(self.t)
        if given is None:
            return
        held: Acceleration | None = part(_preset(), ACCELERATED).pairing_acceleration(facts)
        assert held is not None
        last_given = max((len(v) for v in given.values()), default=0)
        beyond = False
        for p in sorted(self.t.players, key=lambda p: p.starting_rank):
            key = CompetitorId(self.keys[p.starting_rank])
            ours = given.get(competitor_id(p.starting_rank), ())
            theirs = held.get(key, ())
            for r in range(1, self.total + 1):
                a = ours[r - 1] if r <= len(ours) else ZERO
                b = theirs[r - 1] if r <= len(theirs) else ZERO
                if a == b:
                    continue
                if r > last_given:
                    beyond = True
                    continue
                raise ConfigError(
                    gettext(
                        "the file's acceleration is not Baku's (C.04.7), the only one an event "
                        "applies: player {number} has {given} virtual point(s) in round {round}, "
                        "Baku gives {baku}"
                    ).format(
                        number=p.starting_rank,
                        given=format_points(a),
                        round=r,
                        baku=format_points(b),
                    ),
                    player=p.starting_rank,
                    round=r,
                )
        if beyond:
            self.warnings.append(
                gettext(
                    "the file's acceleration stops at round {round}: the event goes on with "
                    "Baku's values (C.04.7)"
                ).format(round=last_given)
            )

    # -- rounds -----------------------------------------------------------------------------

    def _initial_colour(self) -> Side | None:
        """XXC, else the colour of the best-ranked player who played in round 1 (he had the
        top board, which takes the initial colour)."""
        if self.t.initial_colour is not None:
            return self.t.initial_colour
        for p in sorted(self.t.players, key=lambda p: p.starting_rank):
            entry = p.entry(1)
            if entry.opponent is not None and entry.colour is not None:
                colour = Side.WHITE if entry.colour == "w" else Side.BLACK
                self.warnings.append(
                    gettext(
                        "the file gives no initial colour (XXC): read as {colour} from round 1"
                    ).format(colour=colour.value)
                )
                return colour
        return None

    def _scores(self) -> dict[int, dict[int, Points]]:
        """Each player's points before each round, by round then starting rank."""
        scores: dict[int, dict[int, Points]] = {}
        for p in self.t.players:
            total = ZERO
            for r in range(1, self.paired + 1):
                scores.setdefault(r, {})[p.starting_rank] = total
                total += compute_entry_points(p.entry(r), self.system)
        return scores

    def _rounds(self, published: datetime) -> list[Json]:
        scores = self._scores()
        rounds: list[Json] = []
        for r in range(1, self.paired + 1):
            before = scores.get(r, {})

            def board_order(game: Game, before: dict[int, Points] = before) -> tuple[Any, ...]:
                a, b = int(game.first), int(game.second)
                return (-max(before[a], before[b]), -min(before[a], before[b]), min(a, b))

            games = sorted((g for g in self.results.games if g.round == r), key=board_order)
            byes = sorted(
                (b for b in self.results.byes if b.round == r),
                key=lambda b: (b.kind is not ByeKind.PAIRING_ALLOCATED, int(b.competitor)),
            )
            encounters: list[Json] = []
            for game in games:
                first, second = self.key(game.first), self.key(game.second)
                reports: list[Json] = []
                if game.result is not GameResult.NOT_PLAYED:
                    reports.append(
                        {
                            "kind": ReportKind.RULING.value,
                            "result": game.result.value,
                            "termination": "normal",
                            "actor": self.actor,
                            "at": _time(published),
                            "reason": RESULT_REASON,
                            "detail": None,
                        }
                    )
                encounters.append(
                    {
                        "board": len(encounters) + 1,
                        "first": first,
                        "second": second,
                        "match_rule": "single",
                        "bye_kind": "",
                        "games": [
                            {
                                "number": 1,
                                "first": first,
                                "second": second,
                                "first_side": Side.WHITE.value,
                                "reports": reports,
                                "moves": [],
                            }
                        ],
                    }
                )
            for bye in byes:
                encounters.append(
                    {
                        "board": len(encounters) + 1,
                        "first": self.key(bye.competitor),
                        "second": None,
                        "match_rule": "single",
                        "bye_kind": bye.kind.value,
                        "games": [],
                    }
                )
            rounds.append(
                {
                    "stage": 1,
                    "group": "",
                    "number": r,
                    "published_at": _time(self._round_time(r, published)),
                    "actor": self.actor,
                    "encounters": encounters,
                }
            )
        return rounds

    def _round_time(self, r: int, default: datetime) -> datetime:
        """The round's date (record 132, `YY/MM/DD`), else `default`."""
        text = self.t.round_dates[r - 1] if r <= len(self.t.round_dates) else ""
        try:
            year, month, day = (int(part) for part in text.split("/"))
            return _day(date(2000 + year, month, day), self.when)
        except ValueError:
            return default

    def _leaves(self) -> list[TakeoverLeave]:
        """Byes declared for rounds still to pair: blocks after the last paired round, 240
        records, XXZ (the next round)."""
        found: dict[tuple[int, int], str] = {}
        for p in self.t.players:
            for r in range(self.paired + 1, len(p.rounds) + 1):
                found[p.starting_rank, r] = p.entry(r).result or "Z"
        for declared in self.t.declared_byes:
            if declared.round > self.paired:
                for number in declared.players:
                    found[number, declared.round] = declared.kind
        for number in self.t.absent:
            found.setdefault((number, self.paired + 1), "Z")
        leaves: list[TakeoverLeave] = []
        for (number, r), code in sorted(found.items()):
            kind = _LEAVE_BYES.get(code)
            if kind is None:
                raise ConfigError(
                    gettext(
                        "player {number} has a {code} bye declared for round {round}: a "
                        "{preset} event gives only zero- (Z) or half-point (H) byes ahead of "
                        "the pairing"
                    ).format(number=number, code=code, round=r, preset=_preset()),
                    player=number,
                    round=r,
                )
            if r > self.total:
                raise ConfigError(
                    gettext(
                        "player {number} has a bye declared for round {round}, after the last "
                        "round ({total})"
                    ).format(number=number, round=r, total=self.total),
                    player=number,
                    round=r,
                )
            if number not in self.keys:
                raise ParseError(
                    gettext("a bye is declared for player {number}, who has no 001 line").format(
                        number=number
                    ),
                    player=number,
                )
            leaves.append(TakeoverLeave(number, self.keys[number], r, kind.value))
        return leaves

    # -- the document -----------------------------------------------------------------------

    def document(self) -> dict[str, Json]:
        when = self.when
        started = _day(self.t.start_date, when) if self.t.start_date else when
        colour = self.colour
        lots: list[Json] = []
        if colour is not None:
            lots.append(
                {
                    "purpose": _colour_lot(),
                    "seed": self.seed,
                    "outcome": colour.value,
                    "drawn_at": _time(started),
                }
            )
        rounds = self._rounds(when)
        overrides: list[Json] = []
        for pair in self.t.forbidden_pairs:
            ranks = sorted(pair)
            for i, a in enumerate(ranks):
                for b in ranks[i + 1 :]:
                    overrides.append(
                        {
                            "subject": FORBID_PAIR,
                            "value": {"players": [self.keys[a], self.keys[b]]},
                            "at": _time(when),
                            "actor": self.actor,
                            "reason": gettext("XXP line of the TRF file"),
                        }
                    )
        self.audit_after: dict[str, Json] = {
            "slug": self.slug,
            "preset": _preset(),
            "parameters": self.parameters,
            "seed": self.seed,
            "players": len(self.t.players),
            "rounds": self.paired,
            "warnings": list(self.warnings),
        }
        self.event_row: dict[str, Json] = {
            "slug": self.slug,
            "name": self.name,
            "preset": _preset(),
            "parameters": self.parameters,
            "seed": self.seed,
            "state": EventState.RUNNING.value,
            "version": 1,
            "created_at": _time(when),
            "started_at": _time(started),
            "closed_at": None,
            "series": None,
        }
        return {
            "format": DOCUMENT_FORMAT,
            "version": DOCUMENT_VERSION,
            "event": self.event_row,
            "entries": [
                {
                    "key": self.keys[p.starting_rank],
                    "name": self.keys[p.starting_rank],
                    "rating": p.rating or None,
                    "games_played": None,
                    "country": (p.federation or "")[:10],
                    "number": p.starting_rank,
                    "registered_at": _time(when),
                }
                for p in sorted(self.t.players, key=lambda p: p.starting_rank)
            ],
            "stages": [{"number": 1, "name": "Swiss", "format": "swiss-dutch", "parameters": {}}],
            "rounds": rounds,
            "withdrawals": [],
            "leaves": [
                {
                    "player": leave.name,
                    "from_round": leave.round,
                    "to_round": leave.round,
                    "bye_kind": leave.kind,
                    "at": _time(when),
                    "actor": self.actor,
                    "reason": gettext("declared in the TRF file"),
                }
                for leave in self.leaves
            ],
            "sanctions": [],
            "lots": lots,
            "overrides": overrides,
            "closed_periods": [],
            "audit": [
                {
                    "version": 1,
                    "at": _time(when),
                    "actor": self.actor,
                    "action": TAKEOVER_ACTION,
                    "before": None,
                    "after": self.audit_after,
                }
            ],
            "imports": [],
        }

    def summary(self, *, stored: bool) -> Takeover:
        games = self.games
        byes: dict[str, int] = {}
        for bye in self.results.byes:
            if bye.round <= self.paired:
                byes[bye.kind.value] = byes.get(bye.kind.value, 0) + 1
        next_round = self.paired + 1 if self.paired < self.total else None
        pairs = sum(len(pair) * (len(pair) - 1) // 2 for pair in self.t.forbidden_pairs)
        return Takeover(
            slug=self.slug,
            name=self.name,
            players=len(self.t.players),
            rounds_played=self.paired,
            total_rounds=self.total,
            next_round=next_round,
            parameters=dict(self.parameters),
            games=len(games),
            forfeits=sum(1 for g in games if g.result.is_forfeit),
            open_games=self.open_games,
            byes=dict(sorted(byes.items())),
            leaves=tuple(self.leaves),
            forbidden_pairs=pairs,
            initial_colour=self.colour.value if self.colour is not None else None,
            acceleration="swiss_acceleration" in self.parameters,
            warnings=tuple(self.warnings),
            stored=stored,
        )


def takeover_json(takeover: Takeover) -> dict[str, Json]:
    """The takeover as the API and `--json` show it."""
    return {
        "slug": takeover.slug,
        "name": takeover.name,
        "players": takeover.players,
        "rounds_played": takeover.rounds_played,
        "total_rounds": takeover.total_rounds,
        "next_round": takeover.next_round,
        "parameters": dict(takeover.parameters),
        "games": takeover.games,
        "forfeits": takeover.forfeits,
        "open_games": takeover.open_games,
        "byes": dict(takeover.byes),
        "leaves": [
            {"number": v.number, "player": v.name, "round": v.round, "bye_kind": v.kind}
            for v in takeover.leaves
        ],
        "forbidden_pairs": takeover.forbidden_pairs,
        "initial_colour": takeover.initial_colour,
        "acceleration": "baku" if takeover.acceleration else None,
        "warnings": list(takeover.warnings),
        "stored": takeover.stored,
        "teams": takeover.teams,
        "boards": takeover.boards,
        "system": takeover.system or None,
    }
