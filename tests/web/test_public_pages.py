"""Issue 13 (remaining items) through Django's handler: each preset's own page, standings after
an earlier round, announcements on the event's pages (escaped), and 404 pages that say what
was not found."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from tests.app.helpers import ACTOR, make_event, play_round

from mashindano.app.announcements import announce, withdraw_announcement
from mashindano.web.cache import versions

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    with override_settings(VERSION_TTL=0):
        cache.clear()
        versions.clear()
        yield
        cache.clear()


def get(path: str) -> tuple[int, str]:
    response = Client(HTTP_HOST="127.0.0.1").get(path)
    return response.status_code, response.content.decode()


def test_a_tantrix_event_has_its_brackets_page_a_chess_event_has_none() -> None:
    make_event("ko", "tantrix-knockout", 4, standard_games="2")
    status, body = get("/e/ko/preset/")
    assert status == 200
    assert "<h1>Brackets</h1>" in body
    assert 'href="/e/ko/preset/" aria-current="page">Brackets</a>' in body  # its tab
    status, body = get("/e/ko/month/1/")
    assert status == 404
    assert "has no league months" in body
    make_event("sw", "chess-swiss", 4)
    status, body = get("/e/sw/preset/")
    assert status == 404
    assert "has no page of its own" in body


def test_before_the_start_a_preset_page_says_it_waits_for_the_start() -> None:
    make_event("ko", "tantrix-knockout", 4, start=False)
    status, body = get("/e/ko/preset/")
    assert status == 200
    assert "once it has started" in body


def test_standings_after_a_round_have_a_round_picker_and_refuse_unknown_rounds() -> None:
    make_event("sw", "chess-swiss", 6, swiss_rounds="3")
    rng = random.Random(3)
    play_round("sw", rng)
    play_round("sw", rng)
    status, body = get("/e/sw/standings/?after=1")
    assert status == 200
    assert "Standings after round 1" in body
    assert 'href="?after=1" aria-current="page"' in body
    assert 'href="?after=2"' in body
    for asked, problem in (("3", "no round 3 to show standings after"), ("x", "not after=")):
        status, body = get(f"/e/sw/standings/?after={asked}")
        assert status == 404
        assert problem in body


def test_announcements_show_escaped_on_every_event_page_until_withdrawn() -> None:
    make_event("sw", "chess-swiss", 4)
    play_round("sw", random.Random(1))
    posted = announce("sw", "Hall B <script>alert(1)</script>", actor=ACTOR)
    for path in ("/e/sw/", "/e/sw/standings/", "/e/sw/round/1/", "/e/sw/live/panels/"):
        status, body = get(path)
        assert status == 200, path
        assert "Hall B &lt;script&gt;alert(1)&lt;/script&gt;" in body, path
        assert "<script>alert(1)" not in body
    withdraw_announcement("sw", posted.id, actor=ACTOR, reason="done")
    status, body = get("/e/sw/")
    assert "Hall B" not in body


def test_kept_standings_need_one_query_until_the_event_changes(
    django_assert_num_queries: object,
) -> None:
    from mashindano.web.public.derived import standings_page

    make_event("sw", "chess-swiss", 6)
    play_round("sw", random.Random(4))
    header, first = standings_page("sw")
    with django_assert_num_queries(1):  # type: ignore[operator]  # the event's version
        kept_header, kept = standings_page("sw")
    assert kept == first
    assert kept_header == header
    announce("sw", "Changed", actor=ACTOR)  # raises the version: computed again
    header, _ = standings_page("sw")
    assert [n.text for n in header.announcements] == ["Changed"]


def test_a_tantrix_round_page_shows_each_match_gap_and_how_it_was_decided() -> None:
    """Issue 21 item 6 on the page: the totals, the gap (R7) and how the match ended."""
    from mashindano.app.demo import play_demo_event
    from mashindano.app.documents.rounds import build_round_pairings
    from mashindano.app.documents.values import format_exact

    slug = play_demo_event("tantrix-knockout", 2026).slug
    shown = build_round_pairings(slug, 1)
    scored = [b.score for b in shown.boards if b.score is not None]
    assert scored
    status, body = get(f"/e/{slug}/round/1/")
    assert status == 200
    for score in scored:
        assert f"gap {format_exact(score.gap)}" in body
    assert "decisive" in body


def test_a_best_of_n_knockout_round_page_shows_game_wins_without_a_gap() -> None:
    """A knockout match of several games is decided by games won, not by a gap of totals:
    the round page shows the wins and no "gap" (which only the Tantrix TP match counts, R7)."""
    from mashindano.app.demo import play_demo_event
    from mashindano.app.documents.rounds import build_round_pairings

    slug = play_demo_event("knockout", 2026).slug
    scored = [b.score for b in build_round_pairings(slug, 1).boards if b.score is not None]
    assert scored
    assert not any(s.counts_gap for s in scored)
    status, body = get(f"/e/{slug}/round/1/")
    assert status == 200
    assert "game wins" in body
    assert "gap " not in body
