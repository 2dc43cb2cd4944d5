"""The KIBA championship series over stored events (kiba-bao R36-R42, A15-A19).

A series groups the tournaments of one championship (the `Series` row and `Event.series`).
Nothing else about the championship is stored: championship points, the championship table,
a tournament's country ranking, the master group and the countries-event teams are derived on
every call by the engine (`engine.kiba.championship`) from each tournament's facts, read the
same way as its standings (`derive_event`: the group tables' scored games, the final, the
winner). A tournament still running counts as provisional; only a closed one is final, since
an arbiter may correct results until the event is closed.

The championship rules take their values (points per win, finalist and winner bonuses, sizes)
from the tournaments' parameters; every tournament of a series must agree on them, so adding
one that counts differently is refused.

Auditing. The audit log belongs to events (`AuditEntry.event`, one version sequence per event)
and a series is not an event, so:

* `create_series` writes the `Series` row only; its `created_at` is the record of the creation
  (the model has no column for the actor).
* `add_event_to_series` changes the event: it runs under `locked_event` (the event's version
  + 1) and the event's audit entry `series.add` names the series before and after.
* `create_master_event` creates the master tournament through the event use cases and writes
  on it an audit entry `series.master` naming the series, the championship order it was drawn
  from and the director's decision for a tie at the cut. That entry is the link between the
  series and its master (the master is not put in the series: it would count as one more
  tournament of R36), and it is how a second master for the same series is refused.

The master tournament (R39, R40, A17) is a `kiba-bao` event with a single qualification group
(`group_count_rule` 1): one all-play-all group with two-game pairings, whose top two play the
best-of-3 final, exactly what the preset does with one group (A6). The countries event (R42)
is derived by `countries_event` and stored by `create_countries_event` as a `kiba-countries`
event, audited as `series.countries` (a tournament has one).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext

from mashindano.app.error_texts import shown
from mashindano.app.errors import Duplicate, UnknownSeries, WrongState
from mashindano.app.events import create_event, start_event
from mashindano.app.locking import EventContext, locked_event, now_or
from mashindano.app.permissions import require_site_permission
from mashindano.app.players import register_players
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event_facts
from mashindano.engine.errors import ConfigError, MashindanoError
from mashindano.engine.kiba import (
    ChampionshipRow,
    CountryRow,
    CountryTeam,
    KibaParameters,
    StageKind,
    TournamentPerformance,
    championship_table,
    countries_event_games,
    countries_event_teams,
    kiba_parameters,
    master_group_players,
    tournament_performances,
)
from mashindano.engine.kiba import country_ranking as rank_countries
from mashindano.engine.model import Competitor, CompetitorId, Game
from mashindano.presets.kiba_bao import PRESET_NAME
from mashindano.presets.kiba_bao.stages import derive_event
from mashindano.store import models
from mashindano.store.facts import EventFacts, EventState, Json

_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

ADD_ACTION = "series.add"
REMOVE_ACTION = "series.remove"
MASTER_ACTION = "series.master"

CHAMPIONSHIP_PARAMETERS = (
    "series_tournaments",
    "champ_points_qual_win",
    "champ_points_semi_win",
    "champ_points_finalist",
    "champ_points_winner",
    "winner_bonus_cumulative",
    "master_final_size",
    "country_min_players",
    "country_best_scores",
    "countries_event_countries",
    "countries_event_players",
)
"""The parameters the championship rules read; the tournaments of a series must agree."""

ENGINE_REFUSALS = ("decision_needed", "too_few_players", "too_few_countries")
"""Engine codes that mean "not possible where the series stands", not "bad input"."""


class TournamentStatus(StrEnum):
    FINAL = "final"
    """Closed: its results can no longer change."""
    PROVISIONAL = "provisional"
    """Running: results so far, which may still change."""
    NOT_STARTED = "not started"


@dataclass(frozen=True, slots=True)
class SeriesTournament:
    number: int
    """1-based, in the order the events were created."""
    slug: str
    name: str
    state: EventState
    status: TournamentStatus


@dataclass(frozen=True, slots=True)
class SeriesStandings:
    slug: str
    name: str
    tournaments: tuple[SeriesTournament, ...]
    rows: tuple[ChampionshipRow, ...]
    """R38: by total championship points; `points[i]` is tournament i + 1's."""
    parameters: KibaParameters

    @property
    def provisional(self) -> bool:
        return any(t.status is not TournamentStatus.FINAL for t in self.tournaments)


@dataclass(frozen=True, slots=True)
class CountryRanking:
    slug: str
    name: str
    status: TournamentStatus
    rows: tuple[CountryRow, ...]
    unranked: tuple[tuple[str, int], ...]
    """(country, players) of countries with too few players to be ranked (R41)."""


@dataclass(frozen=True, slots=True)
class CountriesEvent:
    """R42: the two teams and the nine games to play."""

    slug: str
    ranking: CountryRanking
    teams: tuple[CountryTeam, ...]
    games: tuple[Game, ...]


@dataclass(frozen=True, slots=True)
class MasterEvent:
    facts: EventFacts
    players: tuple[Competitor, ...]
    """R39: the master group in championship order."""
    standings: SeriesStandings


# -- lookups ----------------------------------------------------------------------------------


def get_series(slug: str) -> models.Series:
    try:
        return models.Series.objects.get(slug=slug)
    except models.Series.DoesNotExist:
        raise UnknownSeries(gettext("no series {slug!r}").format(slug=slug), series=slug) from None


def _series_events(series: models.Series) -> list[models.Event]:
    return list(series.events.order_by("created_at", "slug"))


def _championship_part(parameters: KibaParameters) -> dict[str, object]:
    return {name: getattr(parameters, name) for name in CHAMPIONSHIP_PARAMETERS}


@contextmanager
def _refusals() -> Iterator[None]:
    """The engine's "a director must decide" and "not enough players/countries" become
    refusals (the request is fine, the championship does not allow it yet)."""
    try:
        yield
    except MashindanoError as exc:
        if exc.code in ENGINE_REFUSALS:
            raise WrongState(shown(exc), **exc.params) from None
        raise


# -- create and add ---------------------------------------------------------------------------


def check_create_series(slug: str, name: str) -> None:
    if not _SLUG.fullmatch(slug):
        raise ConfigError(
            gettext(
                "series slug {slug!r} must be lower-case letters, digits and "
                "hyphens (e.g. {value!r})"
            ).format(slug=slug, value=slugify(slug) or "kiba-championship-2026"),
            slug=slug,
        )
    if not name.strip():
        raise ConfigError(gettext("a series needs a name"), slug=slug)
    if models.Series.objects.filter(slug=slug).exists():
        raise Duplicate(gettext("a series {slug!r} exists already").format(slug=slug), series=slug)


def create_series(
    slug: str, name: str, *, actor: Principal, now: datetime | None = None
) -> SeriesStandings:
    """A new, empty championship series (a site permission, like creating an event). `actor`
    is not stored: a series has no audit log of its own (see the module notes)."""
    require_site_permission(actor, "create series")
    check_create_series(slug, name)
    try:
        with transaction.atomic():
            models.Series.objects.create(slug=slug, name=name.strip(), created_at=now_or(now))
    except IntegrityError:
        raise Duplicate(
            gettext("a series {slug!r} exists already").format(slug=slug), series=slug
        ) from None
    return series_standings(slug)


def check_add_event(series: models.Series, event: models.Event) -> None:
    if event.preset != PRESET_NAME:
        raise WrongState(
            gettext(
                "event {slug!r} is {preset}; a championship series holds "
                "only {PRESET_NAME} tournaments (R36)"
            ).format(slug=event.slug, preset=event.preset, PRESET_NAME=PRESET_NAME),
            event=event.slug,
            series=series.slug,
        )
    if event.series_id == series.pk:
        raise Duplicate(
            gettext("event {slug!r} is already in series {slug2!r}").format(
                slug=event.slug, slug2=series.slug
            ),
            event=event.slug,
            series=series.slug,
        )
    if event.series_id is not None:
        other = models.Series.objects.get(pk=event.series_id)
        raise WrongState(
            gettext(
                "event {slug!r} belongs to series {slug2!r}; a tournament "
                "counts for one championship only"
            ).format(slug=event.slug, slug2=other.slug),
            event=event.slug,
            series=other.slug,
        )
    parameters = kiba_parameters(event.parameters)
    members = _series_events(series)
    if members:
        reference = members[0]
        expected = _championship_part(kiba_parameters(reference.parameters))
        given = _championship_part(parameters)
        differing = [name for name in CHAMPIONSHIP_PARAMETERS if expected[name] != given[name]]
        if differing:
            shown = ", ".join(f"{n}={given[n]} (series: {expected[n]})" for n in differing)
            raise WrongState(
                gettext(
                    "event {slug!r} counts the championship differently from {slug2!r}: {shown}"
                ).format(slug=event.slug, slug2=reference.slug, shown=shown),
                event=event.slug,
                series=series.slug,
                parameters=differing,
            )
        parameters = kiba_parameters(reference.parameters)
    limit = parameters.series_tournaments
    if len(members) >= limit:
        raise WrongState(
            gettext(
                "series {slug!r} has its {limit} tournaments already "
                "({value}); event {slug2!r} cannot be added (R36)"
            ).format(
                slug=series.slug,
                limit=limit,
                value=", ".join(e.slug for e in members),
                slug2=event.slug,
            ),
            event=event.slug,
            series=series.slug,
            tournaments=len(members),
        )


def add_event_to_series(
    series_slug: str, event_slug: str, *, actor: Principal, now: datetime | None = None
) -> SeriesStandings:
    """Make a kiba-bao event one of the series' tournaments (at most `series_tournaments`)."""
    with locked_event(event_slug, actor, ADD_ACTION, now=now) as context:
        series = _locked_series(series_slug)
        check_add_event(series, context.event)
        do_add_event(context, series)
    return series_standings(series_slug)


def _locked_series(slug: str) -> models.Series:
    # Locking the series row makes two simultaneous additions count each other (PostgreSQL;
    # SQLite serialises every write transaction anyway).
    try:
        return models.Series.objects.select_for_update().get(slug=slug)
    except models.Series.DoesNotExist:
        raise UnknownSeries(gettext("no series {slug!r}").format(slug=slug), series=slug) from None


def do_add_event(context: EventContext, series: models.Series) -> None:
    context.event.series = series
    context.record(before={"series": None}, after={"series": series.slug, "name": series.name})


def remove_event_from_series(
    series_slug: str, event_slug: str, *, actor: Principal, now: datetime | None = None
) -> SeriesStandings:
    """Take a tournament out of the series (added by mistake): it no longer counts for the
    championship. The event's audit entry `series.remove` names the series it left. Refused:
    an event that is not one of the series' tournaments, and a series' tournament once the
    series has a master tournament (its players were drawn from the table)."""
    with locked_event(event_slug, actor, REMOVE_ACTION, now=now) as context:
        series = _locked_series(series_slug)
        if context.event.series_id != series.pk:
            raise WrongState(
                f"event {event_slug!r} is not a tournament of series {series_slug!r}",
                event=event_slug,
                series=series_slug,
            )
        if _master_of(series) is not None:
            raise WrongState(
                f"series {series_slug!r} has its master tournament already (R39): its "
                f"tournaments stay as they were when the master group was drawn",
                event=event_slug,
                series=series_slug,
            )
        context.event.series = None
        context.record(before={"series": series.slug, "name": series.name}, after={"series": None})
    return series_standings(series_slug)


# -- derived: performances, standings, countries ----------------------------------------------


def tournament_status(facts: EventFacts) -> TournamentStatus:
    if facts.state is EventState.CLOSED:
        return TournamentStatus.FINAL
    if facts.state is EventState.RUNNING:
        return TournamentStatus.PROVISIONAL
    return TournamentStatus.NOT_STARTED


def event_performances(facts: EventFacts) -> tuple[TournamentPerformance, ...]:
    """What each player did in one kiba-bao tournament so far (R37): games won in the
    qualification and semifinal stages as their group tables score them (withdrawals
    applied, A14), the finalists and the winner. Nothing before the start."""
    if facts.state is EventState.REGISTRATION:
        return ()
    event = derive_event(facts)

    def stage_games(kind: StageKind) -> list[Game]:
        return [
            game
            for stage in event.stages
            if stage.kind is kind
            for table in stage.standings
            for game in table.games
        ]

    if event.final is not None:
        finalists = tuple(p.id for p in event.final.match.players)
    else:
        finalists = tuple(p.id for p in event.lone_finalists() or ())
    winner = event.winner
    return tournament_performances(
        event.initial.players,
        stage_games(StageKind.QUALIFICATION),
        stage_games(StageKind.SEMIFINAL),
        finalists,
        winner.id if winner is not None else None,
    )


def _series_parameters(tournaments: Sequence[EventFacts]) -> KibaParameters:
    return kiba_parameters(tournaments[0].parameters if tournaments else {})


def series_standings(series_slug: str) -> SeriesStandings:
    """R37/R38 with A15/A16: the championship table over the series' tournaments so far."""
    series = get_series(series_slug)
    tournaments = [get_event_facts(e.slug) for e in _series_events(series)]
    parameters = _series_parameters(tournaments)
    rows = championship_table([event_performances(f) for f in tournaments], parameters)
    return SeriesStandings(
        slug=series.slug,
        name=series.name,
        tournaments=tuple(
            SeriesTournament(n, f.slug, f.name, f.state, tournament_status(f))
            for n, f in enumerate(tournaments, start=1)
        ),
        rows=rows,
        parameters=parameters,
    )


def _require_kiba(facts: EventFacts, what: str) -> None:
    if facts.preset != PRESET_NAME:
        raise WrongState(
            gettext(
                "event {slug!r} is {preset}; {what} exists only for {PRESET_NAME} tournaments"
            ).format(slug=facts.slug, preset=facts.preset, what=what, PRESET_NAME=PRESET_NAME),
            event=facts.slug,
        )
    if facts.state is EventState.REGISTRATION:
        raise WrongState(
            gettext("event {slug!r} has not started; {what} comes from its results").format(
                slug=facts.slug, what=what
            ),
            event=facts.slug,
        )


def country_ranking(event_slug: str, *, decision: Sequence[str] = ()) -> CountryRanking:
    """R41/A18: the country ranking after one tournament (provisional while it runs).
    `decision`: countries in the order the director placed them where a tie remains (A19)."""
    facts = get_event_facts(event_slug)
    _require_kiba(facts, "a country ranking")
    return _country_ranking(facts, event_performances(facts), decision)


def _country_ranking(
    facts: EventFacts, performances: Sequence[TournamentPerformance], decision: Sequence[str]
) -> CountryRanking:
    parameters = kiba_parameters(facts.parameters)
    rows = rank_countries(performances, parameters, decision=decision)
    counts: dict[str, int] = {}
    for performance in performances:
        if performance.player.country:
            counts[performance.player.country] = counts.get(performance.player.country, 0) + 1
    ranked = {row.country for row in rows}
    unranked = tuple(sorted((c, n) for c, n in counts.items() if c not in ranked))
    return CountryRanking(facts.slug, facts.name, tournament_status(facts), rows, unranked)


def countries_event(event_slug: str, *, decision: Sequence[str] = ()) -> CountriesEvent:
    """R42/A19: the two countries, their three best players and the nine games, from a closed
    tournament's country ranking (`create_countries_event` stores it)."""
    facts = get_event_facts(event_slug)
    _require_kiba(facts, "a countries event")
    if facts.state is not EventState.CLOSED:
        raise WrongState(
            gettext(
                "event {slug!r} is {value}; the countries event follows the "
                "final country ranking of a closed tournament"
            ).format(slug=facts.slug, value=facts.state.value),
            event=facts.slug,
        )
    performances = event_performances(facts)
    ranking = _country_ranking(facts, performances, decision)
    with _refusals():
        teams = countries_event_teams(ranking.rows, performances, kiba_parameters(facts.parameters))
    return CountriesEvent(facts.slug, ranking, teams, countries_event_games(teams))


# -- the countries event as a stored event -----------------------------------------------------

COUNTRIES_ACTION = "series.countries"
COUNTRIES_PRESET = "kiba-countries"
KIBA_SCORE_PARAMETERS = ("new_player_elo", "category1_min_games", "kiba_score")
"""What the KIBA score is computed with: the countries event takes the tournament's values,
so South (the higher KIBA score, A19) is the same as in the tournament's plan."""


@dataclass(frozen=True, slots=True)
class StoredCountriesEvent:
    facts: EventFacts
    """The new `kiba-countries` event, started."""
    plan: CountriesEvent
    """The tournament's ranking, teams and nine games it was created from."""


def _countries_event_of(event_slug: str) -> models.AuditEntry | None:
    return (
        models.AuditEntry.objects.filter(action=COUNTRIES_ACTION, after__tournament=event_slug)
        .select_related("event")
        .first()
    )


def check_create_countries_event(event_slug: str, decision: Sequence[str]) -> CountriesEvent:
    plan = countries_event(event_slug, decision=decision)
    existing = _countries_event_of(event_slug)
    if existing is not None:
        raise Duplicate(
            gettext("event {event_slug!r} has its countries event already: {slug!r}").format(
                event_slug=event_slug, slug=existing.event.slug
            ),
            event=event_slug,
            countries_event=existing.event.slug,
        )
    return plan


def countries_event_entries(plan: CountriesEvent, tournament: EventFacts) -> list[Competitor]:
    """The six players with their rating, games and country as entered in the tournament,
    in its seed order: the countries event numbers equal KIBA scores in entry order."""
    entered = {c.id: c for c in tournament.competitors}
    chosen = sorted((p for team in plan.teams for p in team.players), key=lambda p: p.seed)
    return [
        Competitor(
            p.id,
            entered[p.id].name,
            rating=entered[p.id].rating,
            games_played=entered[p.id].games_played,
            country=entered[p.id].country,
        )
        for p in chosen
    ]


def countries_event_parameters(plan: CountriesEvent, tournament: EventFacts) -> dict[str, Json]:
    parameters = kiba_parameters(tournament.parameters)
    overrides: dict[str, Json] = {
        "countries": ",".join(team.country for team in plan.teams),
        "countries_event_players": str(parameters.countries_event_players),
    }
    overrides.update({name: str(getattr(parameters, name)) for name in KIBA_SCORE_PARAMETERS})
    return overrides


def create_countries_event(
    event_slug: str,
    new_slug: str,
    *,
    actor: Principal,
    decision: Sequence[str] = (),
    name: str | None = None,
    now: datetime | None = None,
) -> StoredCountriesEvent:
    """R42/A19: create and start the `kiba-countries` event after a closed tournament: its
    two top countries (`decision` orders countries tied where the ranking needs the director)
    with their three best players. Audited on the new event as `series.countries`, naming the
    tournament, the ranking and the teams; a tournament has one countries event."""
    when = now_or(now)
    with transaction.atomic():
        plan = check_create_countries_event(event_slug, decision)
        tournament = get_event_facts(event_slug)
        create_event(
            new_slug,
            COUNTRIES_PRESET,
            actor=actor,
            name=name or f"{tournament.name}: countries event",
            parameters=countries_event_parameters(plan, tournament),
            seed=tournament.seed,
            now=when,
        )
        with locked_event(new_slug, actor, COUNTRIES_ACTION, now=when) as context:
            context.record(
                after={
                    "tournament": event_slug,
                    "ranking": [row.country for row in plan.ranking.rows],
                    "decision": list(decision),
                    "teams": {
                        team.country: [str(p.id) for p in team.players] for team in plan.teams
                    },
                }
            )
        register_players(new_slug, countries_event_entries(plan, tournament), actor=actor, now=when)
        facts = start_event(new_slug, actor=actor, now=when)
    return StoredCountriesEvent(facts, plan)


# -- the master tournament --------------------------------------------------------------------


def _master_of(series: models.Series) -> models.AuditEntry | None:
    return (
        models.AuditEntry.objects.filter(action=MASTER_ACTION, after__series=series.slug)
        .select_related("event")
        .first()
    )


def check_create_master(
    series_slug: str, decision: Sequence[str]
) -> tuple[SeriesStandings, tuple[Competitor, ...], list[EventFacts]]:
    series = get_series(series_slug)
    master = _master_of(series)
    if master is not None:
        raise Duplicate(
            gettext("series {series_slug!r} has its master tournament already: {slug!r}").format(
                series_slug=series_slug, slug=master.event.slug
            ),
            series=series_slug,
            event=master.event.slug,
        )
    standings = series_standings(series_slug)
    wanted = standings.parameters.series_tournaments
    if len(standings.tournaments) != wanted:
        raise WrongState(
            gettext(
                "series {series_slug!r} has {count} of its {wanted} "
                "tournaments; the master tournament follows the last one "
                "(R36, R39)"
            ).format(series_slug=series_slug, count=len(standings.tournaments), wanted=wanted),
            series=series_slug,
        )
    open_ = [t.slug for t in standings.tournaments if t.status is not TournamentStatus.FINAL]
    if open_:
        raise WrongState(
            gettext(
                "series {series_slug!r}: {value} not closed yet; the "
                "championship ranking is final only when every tournament is "
                "closed"
            ).format(series_slug=series_slug, value=", ".join(open_)),
            series=series_slug,
            events=open_,
        )
    with _refusals():
        chosen = master_group_players(
            standings.rows,
            standings.parameters,
            decision=[CompetitorId(p) for p in decision],
        )
    tournaments = [get_event_facts(t.slug) for t in standings.tournaments]
    return standings, chosen, tournaments


def master_entries(
    chosen: Sequence[Competitor], tournaments: Sequence[EventFacts]
) -> list[Competitor]:
    """The master group's entries in championship order (A4 then lets that order settle an
    equal KIBA score), each with the rating, games and country of their latest tournament."""
    latest: dict[CompetitorId, Competitor] = {}
    for facts in tournaments:
        for competitor in facts.competitors:
            latest[competitor.id] = competitor
    return [
        Competitor(
            c.id,
            latest[c.id].name,
            rating=latest[c.id].rating,
            games_played=latest[c.id].games_played,
            country=latest[c.id].country,
        )
        for c in chosen
    ]


def master_parameters(tournaments: Sequence[EventFacts], size: int) -> dict[str, Json]:
    """The last tournament's house rules, with one qualification group of exactly the master
    group: the preset then plays R39/A17 (one all-play-all group) and R40 (its top two play
    the best-of-3 final)."""
    overrides: dict[str, Json] = dict(tournaments[-1].parameters)
    overrides.update(group_count_rule="1", min_players=str(size), max_players=str(size))
    return overrides


def create_master_event(
    series_slug: str,
    event_slug: str,
    *,
    actor: Principal,
    name: str | None = None,
    decision: Sequence[str] = (),
    seed: int | None = None,
    now: datetime | None = None,
) -> MasterEvent:
    """R39/R40: create and start the master tournament of a finished series with the six
    best of the championship ranking. `decision` orders the players tied across the last
    place (the director's decision), when there is such a tie."""
    when = now_or(now)
    with transaction.atomic():
        standings, chosen, tournaments = check_create_master(series_slug, decision)
        entries = master_entries(chosen, tournaments)
        create_event(
            event_slug,
            PRESET_NAME,
            actor=actor,
            name=name or f"{standings.name}: master tournament",
            parameters=master_parameters(tournaments, len(entries)),
            seed=seed,
            now=when,
        )
        with locked_event(event_slug, actor, MASTER_ACTION, now=when) as context:
            context.record(
                after={
                    "series": standings.slug,
                    "championship": [str(row.competitor.id) for row in standings.rows],
                    "decision": list(decision),
                    "players": [str(c.id) for c in entries],
                }
            )
        register_players(event_slug, entries, actor=actor, now=when)
        facts = start_event(event_slug, actor=actor, now=when)
    return MasterEvent(facts, tuple(entries), standings)


def series_master(series_slug: str) -> str | None:
    """The slug of the series' master tournament, once created."""
    master = _master_of(get_series(series_slug))
    return master.event.slug if master is not None else None


__all__ = [
    "CountriesEvent",
    "CountryRanking",
    "MasterEvent",
    "SeriesStandings",
    "SeriesTournament",
    "StoredCountriesEvent",
    "TournamentStatus",
    "UnknownSeries",
    "add_event_to_series",
    "countries_event",
    "country_ranking",
    "create_countries_event",
    "create_master_event",
    "create_series",
    "event_performances",
    "series_master",
    "series_standings",
]
