"""The record the system keeps of each person (issue 31 item 5): for an account, across every
event, the games played and a rating per game kind, derived from the results the site holds
(`engine.person_record`: the FIDE Elo table, every game in time order). Nothing is stored;
every figure is computed from the results when asked.

A preset declares the kind of game it plays (`GameKind`, registered in `GAME_KIND_HOOKS`):
Bao, chess, Gomoku, Tantrix; its key joins presets that play the same game (a KIBA tournament
and a countries match both play Bao). The kind carries its rating rules: a newcomer's rating
and the K factor.

A person is an account: the entries linked to it in every event. An entry without an account
counts as a person of its own event only (its opponents' ratings still move).

Figures typed in by a player (the games played on the site, an Elo) are "declared": a preset
uses the site's own figures when the person has them (`entry_figures`), the declared ones
otherwise, and the event's staff may correct a declaration before the event starts
(`correct_declared_figures`, kept as an override fact of the event with who, when, why, and
written to the audit log).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from datetime import datetime
from fractions import Fraction

from django.db import connection
from django.db.models import Q
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext

from mashindano.app.errors import UnknownPlayer, WrongState
from mashindano.app.hooks import Hooks
from mashindano.app.locking import locked_event
from mashindano.app.principals import Principal
from mashindano.engine.errors import ConfigError, ParseError
from mashindano.engine.model import Competitor, CompetitorId, GameResult
from mashindano.engine.person_record import KindRecord, RatedGame, RatingRules, compute_records
from mashindano.store import models
from mashindano.store.facts import EventFacts, EventState, GameFact, ReportKind
from mashindano.store.mapping import load_event_facts

DECLARED = "declared-figures"
"""Override subject of a staff correction of an entry's declared figures:
`{"player": key, "games_played": int | None, "rating": int | None}`; the latest one counts."""

MAX_DECLARED_GAMES = 1_000_000
MAX_DECLARED_RATING = 4000


@dataclass(frozen=True, slots=True)
class GameKind:
    """The kind of game a preset plays, as its record is kept."""

    key: str
    """"bao", "chess", "gomoku", "tantrix": presets with the same key share one rating."""
    label: str | Promise
    """The game's name as people say it, marked for translation."""
    rules: RatingRules = field(default_factory=RatingRules)


GAME_KIND_HOOKS: Hooks[GameKind] = Hooks("game kinds")


def game_kind(preset: str) -> GameKind | None:
    return GAME_KIND_HOOKS.get(preset)


def rating_rules() -> dict[str, RatingRules]:
    """The rating rules by kind; two presets of one kind must declare the same rules."""
    rules: dict[str, RatingRules] = {}
    for preset, kind in GAME_KIND_HOOKS.items():
        known = rules.setdefault(kind.key, kind.rules)
        if known != kind.rules:
            raise ConfigError(
                f"preset {preset!r} declares other rating rules for game kind {kind.key!r}",
                preset=preset,
                kind=kind.key,
            )
    return rules


def kind_labels() -> dict[str, str]:
    return {kind.key: str(kind.label) for _, kind in GAME_KIND_HOOKS.items()}


# -- who is who --------------------------------------------------------------------------------


def person_of_user(user_id: int) -> str:
    return f"user:{user_id}"


def person_of_entry(slug: str, key: str, user_id: int | None) -> str:
    return person_of_user(user_id) if user_id is not None else f"entry:{slug}:{key}"


def _linked_entries(slugs: Iterable[str]) -> dict[tuple[str, str], int]:
    rows = models.Entry.objects.filter(event__slug__in=list(slugs), user__isnull=False)
    return {
        (slug, key): user for slug, key, user in rows.values_list("event__slug", "key", "user_id")
    }


# -- the games the site holds ------------------------------------------------------------------

_SCORES = {
    GameResult.FIRST_WINS: Fraction(1),
    GameResult.DRAW: Fraction(1, 2),
    GameResult.SECOND_WINS: Fraction(0),
}


def played_at(game: GameFact) -> datetime | None:
    """When the game's result came in: its first report, ruling or correction carrying a
    result (a later correction changes the result, not when the game was played)."""
    for report in game.reports:
        if report.kind not in (ReportKind.CONFIRM, ReportKind.DISPUTE) and report.result:
            return report.at
    return None


def rated_games_of(
    facts: EventFacts, kind: str, people: Mapping[tuple[str, str], int]
) -> list[RatedGame]:
    """The event's played games (won, drawn or lost over the board; not forfeits, byes or
    unplayed games) as games between persons."""
    games: list[RatedGame] = []
    for game in facts.games():
        score = _SCORES.get(game.result)
        at = played_at(game)
        if score is None or at is None:
            continue
        first = person_of_entry(facts.slug, str(game.first), people.get((facts.slug, game.first)))
        second = person_of_entry(
            facts.slug, str(game.second), people.get((facts.slug, game.second))
        )
        if first == second:
            continue
        order = (facts.slug, game.stage, game.round, game.board, game.number)
        games.append(RatedGame(kind, at, first, second, score, order, facts.slug))
    return games


def site_games(kind: str | None = None) -> tuple[RatedGame, ...]:
    """Every rated game of every started event whose preset declares a game kind (only
    `kind`'s when given)."""
    presets = {
        preset: declared.key
        for preset, declared in GAME_KIND_HOOKS.items()
        if kind is None or declared.key == kind
    }
    events = list(
        models.Event.objects.filter(preset__in=list(presets), state__in=_PLAYED_STATES).order_by(
            "slug"
        )
    )
    people = _linked_entries(event.slug for event in events)
    games: list[RatedGame] = []
    for event in events:
        games += _event_games(event, presets[event.preset], people)
    return tuple(games)


_REMEMBERED: ContextVar[dict[tuple[object, ...], tuple[RatedGame, ...]] | None] = ContextVar(
    "person_record_remembered", default=None
)


@contextmanager
def remembering() -> Iterator[None]:
    """Within the block (a web request: `web.remember`), each event's rated games are read
    once per version of the event and set of accounts linked to its entries, not at every
    `site_games`: a KIBA page derives its event, and with it every entrant's site figures,
    several times. Every write raises its event's version, so nothing remembered is stale;
    inside a transaction (a write in progress: the version rises only at its end) nothing is
    remembered."""
    token = _REMEMBERED.set({})
    try:
        yield
    finally:
        _REMEMBERED.reset(token)


def _event_games(
    event: models.Event, kind: str, people: Mapping[tuple[str, str], int]
) -> tuple[RatedGame, ...]:
    remembered = _REMEMBERED.get()
    if remembered is None or connection.in_atomic_block:
        return tuple(rated_games_of(load_event_facts(event), kind, people))
    linked = tuple(
        sorted((key, user) for (slug, key), user in people.items() if slug == event.slug)
    )
    found = remembered.get(key := (event.pk, event.slug, event.version, kind, linked))
    if found is None:
        found = remembered[key] = tuple(rated_games_of(load_event_facts(event), kind, people))
    return found


_PLAYED_STATES = (EventState.RUNNING.value, EventState.CLOSED.value)


def site_records(
    until: datetime | None = None, *, kind: str | None = None, leave_out: str = ""
) -> dict[str, dict[str, KindRecord]]:
    """Everyone's record as of `until` (now when None), in `kind` only when given;
    `leave_out` an event's own games."""
    moment = until if until is not None else timezone.now()
    games = (g for g in site_games(kind) if g.event != leave_out)
    return compute_records(games, rating_rules(), moment)


def site_games_played(user_id: int, preset: str, now: datetime | None = None) -> int:
    """The games of the preset's kind the account played on the site (0 without a kind)."""
    kind = game_kind(preset)
    if kind is None:
        return 0
    record = site_records(now, kind=kind.key).get(person_of_user(user_id), {}).get(kind.key)
    return 0 if record is None else record.games


# -- a person's record, as the player's page shows it ------------------------------------------


@dataclass(frozen=True, slots=True)
class KindLine:
    kind: str
    label: str
    games: int
    rating: int


@dataclass(frozen=True, slots=True)
class RecordEvent:
    slug: str
    name: str
    player: str
    """The person's entry key in that event (its player page)."""
    kind: str
    """The game kind's label, "" when the preset declares none."""
    state: str


@dataclass(frozen=True, slots=True)
class PersonRecord:
    kinds: tuple[KindLine, ...]
    events: tuple[RecordEvent, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "kinds": [{"kind": k.kind, "games": k.games, "rating": k.rating} for k in self.kinds],
            "events": [{"event": e.slug, "player": e.player} for e in self.events],
        }


def record_of_user(user_id: int, now: datetime | None = None) -> PersonRecord:
    """An account's games and rating per game kind, and the events it played in."""
    records = site_records(now).get(person_of_user(user_id), {})
    labels = kind_labels()
    kinds = tuple(
        KindLine(kind, labels.get(kind, kind), line.games, line.rating)
        for kind, line in sorted(records.items(), key=lambda item: labels.get(item[0], item[0]))
    )
    rows = (
        models.Entry.objects.filter(user_id=user_id)
        .order_by("-event__created_at", "event__slug")
        .values_list("event__slug", "event__name", "key", "event__preset", "event__state")
    )
    events = []
    for slug, name, key, preset, state in rows:
        kind = game_kind(preset)
        events.append(RecordEvent(slug, name, key, str(kind.label) if kind else "", state))
    return PersonRecord(kinds, tuple(events))


def record_of_entry(slug: str, key: str, now: datetime | None = None) -> PersonRecord | None:
    """The record of the account playing this entry; None for an entry without one."""
    user_id = (
        models.Entry.objects.filter(event__slug=slug, key=key)
        .values_list("user_id", flat=True)
        .first()
    )
    return record_of_user(user_id, now) if user_id is not None else None


# -- the figures an event's rules use ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EntryFigures:
    """The games played and rating an event's rules use for one entry."""

    games_played: int | None
    rating: int | None
    declared: bool
    """True: typed in (by the player or staff), not counted by the site."""


def declared_corrections(facts: EventFacts) -> dict[CompetitorId, tuple[int | None, int | None]]:
    """The staff's latest correction of each entry's declared figures."""
    corrected: dict[CompetitorId, tuple[int | None, int | None]] = {}
    for override in facts.overrides:
        value = override.value
        if override.subject == DECLARED and isinstance(value, dict):
            games, rating = value.get("games_played"), value.get("rating")
            corrected[CompetitorId(str(value.get("player")))] = (
                games if isinstance(games, int) else None,
                rating if isinstance(rating, int) else None,
            )
    return corrected


def entry_figures(facts: EventFacts) -> dict[CompetitorId, EntryFigures]:
    """Each entry's figures: the site's own (games of the preset's kind played on the site
    before the event started, or before a late entry registered, and the rating from them)
    when the person has any, else what was declared (as corrected by the staff)."""
    kind = game_kind(facts.preset)
    people = _linked_entries([facts.slug])
    games: tuple[RatedGame, ...] = ()
    started: datetime | None = None
    if kind is not None and people:
        # Only an account can have played before: an entry without one is new to the site.
        started = (
            models.Event.objects.filter(slug=facts.slug)
            .values_list("started_at", flat=True)
            .first()
        )
        games = tuple(g for g in site_games(kind.key) if g.event != facts.slug)
    by_moment: dict[datetime, Mapping[str, Mapping[str, KindRecord]]] = {}
    now = timezone.now()
    corrected = declared_corrections(facts)
    figures: dict[CompetitorId, EntryFigures] = {}
    for competitor in facts.competitors:
        user = people.get((facts.slug, competitor.id))
        site = None
        if kind is not None and user is not None:
            registered = facts.registered_at.get(competitor.id)
            moment = started or now
            if started is not None and registered is not None and registered > started:
                moment = registered
            if moment not in by_moment:
                by_moment[moment] = compute_records(games, rating_rules(), moment)
            site = by_moment[moment].get(person_of_user(user), {}).get(kind.key)
        if site is not None and site.games > 0:
            figures[competitor.id] = EntryFigures(site.games, site.rating, declared=False)
            continue
        typed, rating = corrected.get(competitor.id, (competitor.games_played, competitor.rating))
        figures[competitor.id] = EntryFigures(
            typed, rating, declared=typed is not None or rating is not None
        )
    return figures


def with_site_figures(facts: EventFacts) -> tuple[Competitor, ...]:
    """The entrants with the figures `entry_figures` gives (what a preset seeds from)."""
    figures = entry_figures(facts)
    return tuple(
        replace(c, games_played=figures[c.id].games_played, rating=figures[c.id].rating)
        for c in facts.competitors
    )


@dataclass(frozen=True, slots=True)
class Corrected:
    slug: str
    player: str
    games_played: int | None
    rating: int | None


def correct_declared_figures(
    slug: str,
    player: str,
    *,
    games_played: int | None,
    rating: int | None,
    reason: str,
    actor: Principal,
    now: datetime | None = None,
) -> Corrected:
    """The Mwamuzi corrects an entry's declared games played and rating before the event
    starts (the figures seed it); kept as an override fact (who, when, why) and audited."""
    if not reason.strip():
        raise ParseError(
            gettext("correcting declared figures needs a reason (kept in the log)"),
            parameter="reason",
        )
    for name, value, high in (
        ("games_played", games_played, MAX_DECLARED_GAMES),
        ("rating", rating, MAX_DECLARED_RATING),
    ):
        if value is not None and not 0 <= value <= high:
            raise ParseError(
                gettext("{name} must lie between 0 and {high}, got {value}").format(
                    name=name, high=high, value=value
                ),
                parameter=name,
            )
    with locked_event(slug, actor, "players.correct-figures", now=now) as context:
        event = context.event
        if event.state != EventState.REGISTRATION.value:
            raise WrongState(
                gettext(
                    "event {slug!r} has started; the figures it was seeded with stay as they were"
                ).format(slug=slug),
                event=slug,
                state=event.state,
            )
        entry = models.Entry.objects.filter(Q(key=player) | Q(name=player), event=event).first()
        if entry is None:
            raise UnknownPlayer(
                gettext("event {slug!r} has no player {player!r}").format(slug=slug, player=player),
                event=slug,
                player=player,
            )
        before = {"games_played": entry.games_played, "rating": entry.rating}
        earlier = (
            models.ArbiterOverride.objects.filter(event=event, subject=DECLARED)
            .order_by("-id")
            .values_list("value", flat=True)
        )
        for value in earlier:
            if isinstance(value, dict) and value.get("player") == entry.key:
                before = {"games_played": value.get("games_played"), "rating": value.get("rating")}
                break
        after = {"player": entry.key, "games_played": games_played, "rating": rating}
        models.ArbiterOverride.objects.create(
            event=event,
            subject=DECLARED,
            value=after,
            at=context.now,
            actor=context.actor,
            reason=reason.strip(),
        )
        context.record(
            before={"player": entry.key, **before}, after={**after, "reason": reason.strip()}
        )
    return Corrected(slug, entry.key, games_played, rating)
