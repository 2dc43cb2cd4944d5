"""The record the system keeps of each person (issue 31 item 5): games played and a rating
per game kind from every result the site holds, shown on the player's page across events;
KIBA seeds from the site's own figures (shared/spec/kiba-bao.md R6-R8, A2, A5) and the
declared ones stay possible, marked and correctable by the Mwamuzi.

The expected ratings are computed here step by step from FIDE table 8.1.2 (written out
below), not by the code under test."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from mashindano.app import events, people, players, rounds
from mashindano.app.demo import DEMO_PEOPLE, build_live_demo, create_demo_people
from mashindano.app.errors import NotAllowed, WrongState
from mashindano.app.person_record import (
    correct_declared_figures,
    entry_figures,
    record_of_user,
)
from mashindano.app.principals import local
from mashindano.app.queries import get_audit_log
from mashindano.app.results import GameRef, report_result
from mashindano.engine.errors import ParseError
from mashindano.engine.model import Competitor, CompetitorId, GameResult
from mashindano.store import models
from mashindano.store.facts import ReportKind

pytestmark = pytest.mark.django_db

ACTOR = local("tester")
T0 = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)

# FIDE table 8.1.2: the largest |D| of each band; the higher-rated player expects .50 in the
# first band, .01 more in each next one, 1.00 above 735.
BANDS = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
    328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip
K = 20


def expected(own: int, other: int) -> Fraction:
    """The expected score from the table, a difference beyond 400 counting as 400."""
    gap = min(abs(own - other), 400)
    band = 0
    while band < len(BANDS) and gap > BANDS[band]:
        band += 1
    higher = Fraction(50 + band, 100)
    return higher if own >= other else 1 - higher


def change(own: int, other: int, score: Fraction) -> int:
    """K x (S - E), rounded to the nearest integer, halves away from zero."""
    value = K * (score - expected(own, other))
    whole = int(abs(value) + Fraction(1, 2))
    return whole if value >= 0 else -whole


def by_hand(games: Iterable[tuple[str, str, Fraction]], default: int) -> dict[str, tuple[int, int]]:
    """(games, rating) of everyone, the games taken in the order given."""
    rating: dict[str, int] = {}
    count: dict[str, int] = {}
    for first, second, score in games:
        a, b = rating.get(first, default), rating.get(second, default)
        rating[first] = a + change(a, b, score)
        rating[second] = b + change(b, a, 1 - score)
        count[first] = count.get(first, 0) + 1
        count[second] = count.get(second, 0) + 1
    return {p: (count[p], rating[p]) for p in rating}


def test_the_fide_table_by_hand() -> None:
    # FIDE 8.1.2: D = 100 lies in 99-106: .64; the 400-point rule caps 500 at .92.
    assert expected(1600, 1500) == Fraction(64, 100)
    assert expected(1000, 1500) == Fraction(8, 100)
    assert change(1500, 1500, Fraction(1)) == 10
    assert change(1490, 1500, Fraction(1)) == 10  # 20 x .51 = 10.2


# -- the demo, replayed ------------------------------------------------------------------------

NOW = datetime(2026, 12, 7, 15, 0, tzinfo=UTC)
SCORES = {
    GameResult.FIRST_WINS: Fraction(1),
    GameResult.DRAW: Fraction(1, 2),
    GameResult.SECOND_WINS: Fraction(0),
}


def demo_chess_games() -> list[tuple[str, str, Fraction]]:
    """Every chess game the demo holds, as (first, second, score) between persons (an account,
    else the entry in its event), in the order they were played: the time of the first report
    with a result, then event, round and board."""
    linked = {
        (slug, key): f"u{user}"
        for slug, key, user in models.Entry.objects.filter(user__isnull=False).values_list(
            "event__slug", "key", "user_id"
        )
    }
    rows = []
    for slug in ("demo-chess-swiss-live", "demo-tasaselo-live"):
        facts = events.get_event_facts(slug)
        for game in facts.games():
            if game.result not in SCORES:
                continue
            at = next(
                r.at
                for r in game.reports
                if r.result is not None and r.kind not in (ReportKind.CONFIRM, ReportKind.DISPUTE)
            )
            first = linked.get((slug, game.first), f"{slug}/{game.first}")
            second = linked.get((slug, game.second), f"{slug}/{game.second}")
            where = (slug, game.stage, game.round, game.board, game.number)
            rows.append((at, where, (first, second, SCORES[game.result])))
    return [game for _, _, game in sorted(rows, key=lambda row: (row[0], row[1]))]


@pytest.mark.slow  # the demo's two chess events, played through the use cases (about 4 s)
def test_demo_replayed_persons_games_and_ratings_match_a_hand_computation() -> None:
    create_demo_people("demo-pass")
    build_live_demo(2026, NOW, ["chess-swiss", "tasaselo"])
    expected_records = by_hand(demo_chess_games(), default=1500)
    users = get_user_model().objects.filter(username__in=DEMO_PEOPLE.players)
    assert users.count() == 4
    for user in users:
        record = record_of_user(user.pk, NOW)
        # Each demo player plays in both chess events: one rating across them.
        assert {e.slug for e in record.events} == {"demo-chess-swiss-live", "demo-tasaselo-live"}
        games, rating = expected_records[f"u{user.pk}"]
        assert [(k.kind, k.games, k.rating) for k in record.kinds] == [("chess", games, rating)]
        assert games >= 3


# -- KIBA seeds from the site's figures --------------------------------------------------------

TZA = ("Asha", "Bakari", "Chausiku")
UGA = ("Dembe", "Eria", "Farida")


def _accounts(names: Iterable[str]) -> None:
    for name in names:
        get_user_model().objects.create(username=name.lower())


def _past_bao_games() -> list[tuple[str, str, Fraction]]:
    """A countries match (Bao): every TZA player meets every UGA player; reported one a minute
    apart. The first-listed player wins, except that Farida beats everyone."""
    slug = "bao-past"
    events.create_event(
        slug, "kiba-countries", actor=ACTOR, parameters={"countries": "TZA,UGA"}, now=T0
    )
    entrants = [
        Competitor(CompetitorId(n), n, rating=1800, games_played=0, country=c)
        for c, names in (("TZA", TZA), ("UGA", UGA))
        for n in names
    ]
    players.register_players(slug, entrants, actor=ACTOR, now=T0)
    for name in (*TZA, *UGA):
        people.link_entry(slug, name, name.lower(), actor=ACTOR, now=T0)
    events.start_event(slug, actor=ACTOR, now=T0)
    published = rounds.pair_next_round(slug, actor=ACTOR, now=T0)
    played = []
    for minute, game in enumerate(published.games(), start=1):
        first, second = str(game.first), str(game.second)
        result = "1-0" if second != "Farida" else "0-1"
        where = GameRef(published.number, game.board, game.number, published.stage, published.group)
        report_result(slug, where, result, actor=ACTOR, now=T0 + timedelta(minutes=minute))
        played.append((first, second, Fraction(1) if result == "1-0" else Fraction(0)))
    return played


def test_a_new_kiba_event_seeds_from_the_site_figures_r6_r8() -> None:
    _accounts((*TZA, *UGA))
    history = by_hand(_past_bao_games(), default=1800)  # R6: a newcomer's Elo is 1800
    assert set(history) == {*TZA, *UGA}
    slug = "bao-next"
    later = T0 + timedelta(days=2)
    events.create_event(slug, "kiba-bao", actor=ACTOR, now=later)
    # What the players typed: nobody has played (category 3); one player without an account
    # declares 30 games and an Elo of 1700 (category 1), which stays, marked declared.
    typed = [Competitor(CompetitorId(n), n, games_played=0) for n in (*TZA, *UGA)]
    typed.append(Competitor(CompetitorId("Guest"), "Guest", rating=1700, games_played=30))
    players.register_players(slug, typed, actor=ACTOR, now=later)
    for name in (*TZA, *UGA):
        people.link_entry(slug, name, name.lower(), actor=ACTOR, now=later)

    figures = entry_figures(events.get_event_facts(slug))
    for name in (*TZA, *UGA):
        assert (figures[CompetitorId(name)].games_played, figures[CompetitorId(name)].rating) == (
            history[name]
        )
        assert not figures[CompetitorId(name)].declared
    assert figures[CompetitorId("Guest")].declared

    # R6/A2: 3 games -> category 2; R7/A5: score = Elo/10 + games, half to even; R8: category
    # 1 first, then the higher score, then the earlier entry (A4).
    def seed_key(name: str) -> tuple[int, int, int]:
        games, elo = history[name]
        category = 1 if games >= 25 else 2 if games >= 1 else 3
        return (category, -round(Fraction(elo, 10) + games), (*TZA, *UGA).index(name))

    expected_order = ["Guest", *sorted((*TZA, *UGA), key=seed_key)]
    assert expected_order[1] == "Farida"  # she won all her games
    events.start_event(slug, actor=ACTOR, now=later)
    numbers = dict(models.Entry.objects.filter(event__slug=slug).values_list("key", "number"))
    assert sorted(numbers, key=lambda k: numbers[k]) == expected_order
    # The initial list (the KIBA page's document) marks the one typed-in claim as declared.
    from mashindano.app.documents.presets import preset_document

    document = preset_document(events.get_event_facts(slug))
    lines = getattr(document, "initial_list", ())
    assert [line.player.id for line in lines if line.declared] == ["Guest"]


def test_the_mwamuzi_corrects_a_declared_claim_before_the_start_with_an_audit_entry() -> None:
    slug = "bao-claims"
    events.create_event(slug, "kiba-bao", actor=ACTOR, now=T0)
    typed = [Competitor(CompetitorId(f"P{n}"), f"P{n}", games_played=0) for n in range(6)]
    typed[0] = Competitor(CompetitorId("P0"), "P0", rating=2400, games_played=500)
    players.register_players(slug, typed, actor=ACTOR, now=T0)
    with pytest.raises(ParseError, match="reason"):
        correct_declared_figures(
            slug, "P0", games_played=12, rating=1750, reason=" ", actor=ACTOR, now=T0
        )
    with pytest.raises(NotAllowed):
        _stranger_corrects(slug)
    correct_declared_figures(
        slug,
        "P0",
        games_played=12,
        rating=1750,
        reason="KIBA archive shows 12 games",
        actor=ACTOR,
        now=T0,
    )
    figures = entry_figures(events.get_event_facts(slug))[CompetitorId("P0")]
    assert (figures.games_played, figures.rating, figures.declared) == (12, 1750, True)
    entry = get_audit_log(slug)[-1]
    assert entry.action == "players.correct-figures"
    assert entry.before == {"player": "P0", "games_played": 500, "rating": 2400}
    assert entry.after["reason"] == "KIBA archive shows 12 games"
    events.start_event(slug, actor=ACTOR, now=T0)
    # P0 now seeds in category 2 (12 games) with 1750/10 + 12 = 187.
    numbers = dict(models.Entry.objects.filter(event__slug=slug).values_list("key", "number"))
    assert numbers["P0"] == 1  # the only one with games
    with pytest.raises(WrongState, match="started"):
        correct_declared_figures(
            slug, "P0", games_played=1, rating=None, reason="late", actor=ACTOR, now=T0
        )


def _stranger_corrects(slug: str) -> None:
    from mashindano.app.principals import Principal

    get_user_model().objects.create(username="stranger")
    stranger = Principal.user(get_user_model().objects.get(username="stranger").pk, "stranger")
    correct_declared_figures(
        slug, "P0", games_played=1, rating=None, reason="mine", actor=stranger, now=T0
    )


def test_the_player_page_shows_the_record_across_events() -> None:
    _accounts((*TZA, *UGA))
    history = by_hand(_past_bao_games(), default=1800)
    page = Client().get("/e/bao-past/player/Farida/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Record on this site" in text
    games, rating = history["Farida"]
    assert f'<td class="num">{games}</td><td class="num">{rating}</td>' in text
    assert "X-Page-Cache" not in page  # the record depends on other events: never kept
    # An entry without an account has no record across events.
    events.create_event("solo", "chess-swiss", actor=ACTOR, now=T0)
    players.register_players("solo", [Competitor(CompetitorId("Zed"), "Zed")], actor=ACTOR)
    solo = Client().get("/e/solo/player/Zed/")
    assert "Record on this site" not in solo.content.decode()
    assert solo["X-Page-Cache"] == "miss"  # kept under its event's version


# -- Gomoku: the newcomer's games (R6) ---------------------------------------------------------


def _at(month: int, day: int) -> datetime:
    return datetime(2026, month, day, 10, 0, tzinfo=UTC)


def _league(slug: str, **parameters: str) -> None:
    events.create_event(
        slug, "gomoku-league", actor=ACTOR, parameters=parameters, seed=5, now=_at(2, 20)
    )
    roster = [
        Competitor(CompetitorId(f"P{n}"), f"P{n}", rating=2000 - n, games_played=500)
        for n in range(1, 8)
    ]
    players.register_players(slug, roster, actor=ACTOR, now=_at(2, 20))
    events.start_event(slug, actor=ACTOR, now=_at(2, 20))
    rounds.pair_next_round(slug, actor=ACTOR, now=_at(3, 8))


def test_gomoku_r6_the_newcomer_s_games_counted_by_the_site_need_no_declaration() -> None:
    from mashindano.app.principals import Principal
    from mashindano.app.registrations import join_event

    nia = get_user_model().objects.create(username="nia")
    # Nia has played one four-game match of another league on the site.
    _league("past")
    people.link_entry("past", "P1", "nia", actor=ACTOR, now=_at(3, 8))
    month = events.get_event_facts("past").rounds[0]
    encounter = next(e for e in month.encounters if "P1" in (e.first, e.second))
    for minute, game in enumerate(encounter.games, start=1):
        where = GameRef(month.number, encounter.board, game.number, month.stage, month.group)
        report_result("past", where, "1-0", actor=ACTOR, now=_at(3, 9) + timedelta(minutes=minute))
    actor = Principal.user(nia.pk, "nia")

    # A league asking for 5 site games: the site's 4 are not enough; the claim is still asked.
    _league("five", newcomer_min_site_games="5")
    with pytest.raises(ParseError, match="required"):
        join_event("five", actor=actor, name="Nia", now=_at(4, 3))
    joined = join_event(
        "five", actor=actor, name="Nia", games_played=600, declaration=True, now=_at(4, 3)
    )
    figures = entry_figures(events.get_event_facts("five"))[CompetitorId(joined.player)]
    # The person has games on the site: those are shown, not the claim.
    assert (figures.games_played, figures.declared) == (4, False)

    # A league asking for 4: the site's count meets R6, no number typed, no declaration.
    _league("four", newcomer_min_site_games="4")
    join_event("four", actor=actor, name="Nia", now=_at(4, 3))
    entry = models.Entry.objects.get(event__slug="four", key="Nia")
    assert entry.games_played == 4
    assert get_audit_log("four")[-1].after["games_played_source"] == "site"


def test_the_correction_is_a_declared_action_for_every_front_end() -> None:
    from mashindano.app.performing import perform

    events.create_event("claims", "kiba-bao", actor=ACTOR, now=T0)
    players.register_players(
        "claims", [Competitor(CompetitorId("Amani"), "Amani", games_played=40)], actor=ACTOR
    )
    with pytest.raises(ParseError, match="reason"):
        perform("claims", "players.correct-figures", {"player": "Amani"}, actor=ACTOR, now=T0)
    done = perform(
        "claims",
        "players.correct-figures",
        {"player": "Amani", "games_played": "4", "rating": "", "reason": "archive"},
        actor=ACTOR,
        now=T0,
    )
    assert done.message == "Declared figures of Amani corrected"
    figures = entry_figures(events.get_event_facts("claims"))[CompetitorId("Amani")]
    assert (figures.games_played, figures.rating, figures.declared) == (4, None, True)


def test_presets_of_one_game_kind_must_declare_the_same_rating_rules() -> None:
    from mashindano.app.person_record import GAME_KIND_HOOKS, GameKind, rating_rules
    from mashindano.engine.errors import ConfigError
    from mashindano.engine.person_record import RatingRules

    assert rating_rules()["bao"] == RatingRules(default_rating=1800, k=20)  # KIBA R6
    assert {"bao", "chess", "gomoku", "tantrix"} <= set(rating_rules())
    GAME_KIND_HOOKS.register("house-bao", GameKind("bao", "Bao", RatingRules(1500, 20)))
    try:
        with pytest.raises(ConfigError, match="house-bao"):
            rating_rules()
    finally:
        GAME_KIND_HOOKS._by_preset.pop("house-bao")
