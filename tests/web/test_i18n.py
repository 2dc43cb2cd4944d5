"""Issue 17: the language of a page (switcher cookie, profile, Accept-Language, the event's
`language` parameter, English), the switcher on every page, the page cache keyed by language,
`dir="rtl"` for Persian, and how points, numbers and times are written in each language."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.template import Context, Template
from django.test import Client, override_settings
from django.utils import timezone, translation

from mashindano.app import events, players, rounds
from mashindano.app.principals import local
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.store import models
from mashindano.web.cache import versions
from mashindano.web.templatetags.locale_tags import number, points

pytestmark = pytest.mark.django_db

ACTOR = local("test")
NOW = datetime(2026, 3, 1, 9, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    cache.clear()
    versions.clear()


def club(slug: str = "club", **parameters: object) -> None:
    events.create_event(
        slug, "chess-swiss", actor=ACTOR, name="Club", seed=1, now=NOW, parameters=parameters
    )
    roster = [Competitor(CompetitorId(n), n, rating=r) for n, r in (("Ann", 2448), ("Ben", 1900))]
    players.register_players(slug, roster, actor=ACTOR, now=NOW)
    events.start_event(slug, actor=ACTOR, now=NOW)
    rounds.pair_next_round(slug, actor=ACTOR, now=NOW)


def lang_of(html: str) -> tuple[str, str]:
    found = re.search(r'<html lang="([^"]+)" dir="([^"]+)"', html)
    assert found is not None
    return found.group(1), found.group(2)


def page(client: Client, path: str, **headers: str) -> str:
    response = client.get(path, headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def test_english_by_default_and_the_browser_language_otherwise() -> None:
    club()
    client = Client()
    assert lang_of(page(client, "/e/club/standings/")) == ("en", "ltr")
    assert lang_of(page(client, "/e/club/standings/", accept_language="fa-IR,fa;q=0.9")) == (
        "fa",
        "rtl",
    )
    assert lang_of(page(client, "/e/club/", accept_language="de, fi;q=0.5")) == ("fi", "ltr")


def test_the_event_language_applies_when_the_browser_asks_for_none_of_ours() -> None:
    club("ligi", language="sw")
    assert lang_of(page(Client(), "/e/ligi/", accept_language="de")) == ("sw", "ltr")
    # A browser naming one of the site's languages wins over the event's.
    assert lang_of(page(Client(), "/e/ligi/", accept_language="ro")) == ("ro", "ltr")
    assert lang_of(page(Client(), "/", accept_language="de")) == ("en", "ltr")


def test_an_unknown_event_language_is_refused_with_the_choices() -> None:
    with pytest.raises(Exception, match=r"'language': 'xx' is not one of en, sw, ro, fa, fi"):
        club("bad", language="xx")
    assert not models.Event.objects.filter(slug="bad").exists()


def test_the_switcher_sets_a_cookie_that_wins_over_the_browser_and_keeps_the_url() -> None:
    club()
    client = Client()
    html = page(client, "/e/club/standings/")
    assert 'action="/i18n/setlang/"' in html
    assert 'name="next" value="/e/club/standings/"' in html
    answer = client.post(
        "/i18n/setlang/", {"language": "fa", "next": "/e/club/standings/"}, follow=False
    )
    assert answer.status_code == 302
    assert answer["Location"] == "/e/club/standings/"
    assert lang_of(page(client, "/e/club/standings/", accept_language="fi")) == ("fa", "rtl")
    # Persian digits are an option of fa, offered by the switcher in fa only.
    assert 'name="digits"' in page(client, "/e/club/standings/")
    client.post("/i18n/setlang/", {"language": "fa", "digits": "fa", "next": "/"})
    assert client.cookies["digits"].value == "fa"
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert 'name="digits"' not in page(client, "/e/club/standings/")


def test_the_profile_language_and_time_zone_apply_to_a_logged_in_person() -> None:
    user = User.objects.create_user("amani", "amani@example.org", "pw-1234-long")
    models.Profile.objects.create(
        user=user, language="ro", time_zone="Europe/Bucharest", changed_at=NOW
    )
    club()
    client = Client()
    client.force_login(user)
    assert lang_of(page(client, "/e/club/", accept_language="fi")) == ("ro", "ltr")
    client.cookies["django_language"] = "sw"
    assert lang_of(page(client, "/e/club/", accept_language="fi")) == ("sw", "ltr")


def test_the_page_cache_keeps_one_rendering_per_language() -> None:
    club()
    client = Client()
    first = client.get("/e/club/standings/", headers={"accept-language": "fa"})
    again = client.get("/e/club/standings/", headers={"accept-language": "fa"})
    english = client.get("/e/club/standings/", headers={"accept-language": "en"})
    assert first["X-Page-Cache"] == "miss"
    assert again["X-Page-Cache"] == "hit"
    assert english["X-Page-Cache"] == "miss"
    assert first["ETag"] != english["ETag"]
    assert lang_of(english.content.decode()) == ("en", "ltr")
    assert lang_of(again.content.decode()) == ("fa", "rtl")


def test_every_page_has_the_switcher() -> None:
    club()
    for path in ("/", "/e/club/", "/e/club/round/1/", "/e/club/standings/", "/account/login/"):
        html = page(Client(), path)
        assert 'class="language-switcher"' in html, path
        assert all(f'value="{code}"' in html for code in ("en", "sw", "ro", "fa", "fi")), path


@pytest.mark.parametrize(
    ("language", "value", "shown"),
    [
        ("en", Fraction(25, 2), "12½"),
        ("en", Fraction(1, 2), "½"),
        ("en", Fraction(-1, 2), "-½"),
        ("en", 3, "3"),
        ("en", Fraction(13, 4), "3.25"),
        ("ro", Fraction(13, 4), "3,25"),
        ("fi", Fraction(13, 4), "3,25"),
        ("fi", Fraction(25, 2), "12½"),
        ("fa", Fraction(25, 2), "12½"),
        ("en", Fraction(50, 3), "16⅔"),
    ],
)
def test_points_in_each_language(language: str, value: Fraction, shown: str) -> None:
    with translation.override(language):
        assert points(value) == shown


def test_persian_digits_are_an_option_of_fa() -> None:
    with translation.override("fa"):
        assert points(Fraction(25, 2), True) == "۱۲½"
        assert number(2448, True) == "۲۴۴۸"
        assert number(Fraction(13, 4), True) == "۳٫۲۵"
        assert number(2448) == "2448"
    with translation.override("en"):
        assert number(2448, True) == "2448"


def test_times_in_the_viewer_zone_with_utc_where_the_rules_count_in_utc() -> None:
    """KIBA R26: deadlines are kept and shown in UTC; the viewer's own time beside it."""
    template = Template("{% load locale_tags %}{% when due utc=True %}|{% when due %}")
    due = datetime(2026, 3, 1, 18, 30, tzinfo=UTC)
    with translation.override("en"):
        shown = template.render(Context({"due": due}))
        assert shown == (
            '<time datetime="2026-03-01T18:30:00+00:00"><bdi>1 Mar 2026, 18:30 UTC</bdi></time>|'
            '<time datetime="2026-03-01T18:30:00+00:00"><bdi>1 Mar 2026, 18:30</bdi></time>'
        )
        with timezone.override("Africa/Dar_es_Salaam"):
            shown = template.render(Context({"due": due}))
        assert "1 Mar 2026, 21:30 (1 Mar 2026, 18:30 UTC)" in shown
        assert shown.endswith("<bdi>1 Mar 2026, 21:30</bdi></time>")


def test_a_date_keeps_left_to_right_inside_a_translated_sentence() -> None:
    """`ltr` isolates a date passed into a translated sentence (not escaped again)."""
    template = Template(
        "{% load i18n locale_tags %}"
        '{% blocktranslate with deadline=due|date:"Y-m-d H:i"|ltr %}'
        "Line-ups due {{ deadline }} UTC.{% endblocktranslate %}"
    )
    due = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)
    with translation.override("fa"), timezone.override("UTC"):
        shown = template.render(Context({"due": due}))
    assert '<bdi dir="ltr">2026-03-14 12:00</bdi>' in shown


@override_settings(LANGUAGE_COOKIE_NAME="django_language")
def test_rtl_page_and_isolated_values_in_the_standings() -> None:
    club()
    html = page(Client(), "/e/club/standings/", accept_language="fa")
    assert lang_of(html) == ("fa", "rtl")
    row = re.search(r"<tr[^>]*>(?:(?!</tr>).)*Ann(?:(?!</tr>).)*</tr>", html, re.S)
    assert row is not None
    assert "<bdi>2448</bdi>" in row.group(0)


@pytest.mark.django_db(transaction=True)
def test_the_asynchronous_handler_serves_each_language_from_the_cache() -> None:
    import asyncio

    from django.test import AsyncClient

    club("ligi", language="sw")
    client = AsyncClient(HTTP_HOST="127.0.0.1")

    async def visit() -> list[tuple[str, str]]:
        seen = []
        for accept in ("de", "de", "fa", "fa"):
            answer = await client.get("/e/ligi/standings/", headers={"accept-language": accept})
            seen.append((lang_of(answer.content.decode())[0], answer["X-Page-Cache"]))
        return seen

    assert asyncio.run(visit()) == [("sw", "miss"), ("sw", "hit"), ("fa", "miss"), ("fa", "hit")]


def test_derived_standings_are_kept_per_language() -> None:
    """Documents carry titles and notes in the language they were built in."""
    from mashindano.web.public.derived import _key

    with translation.override("fa"):
        persian = _key("club", 3, None)
    with translation.override("en"):
        english = _key("club", 3, None)
    assert persian != english


@pytest.mark.parametrize(
    ("language", "forgot"),
    [
        ("sw", "Umesahau nenosiri lako?"),
        ("fa", None),
        ("en", "Forgot your password?"),
    ],
)
def test_the_account_pages_speak_the_reader_language(language: str, forgot: str | None) -> None:
    """django-allauth's own strings: its catalogs for fa, fi and ro, ours for Swahili (it
    ships none); a Swahili reader signs in in Kiswahili."""
    html = page(Client(), "/account/login/", **{"Accept-Language": language})
    with translation.override(language):
        expected = forgot or translation.gettext("Forgot your password?")
    assert expected in html
    if language != "en":
        assert "Forgot your password?" not in html


@pytest.mark.parametrize(("language", "word"), [("fa", "موقت"), ("sw", "ya muda")])
def test_the_standings_state_is_in_the_page_language(language: str, word: str) -> None:
    """The badge beside the title and the printed header say "provisional" in words of the
    page's language, not the document's key."""
    club()
    html = page(Client(), "/e/club/standings/", accept_language=language)
    badge = re.search(r'<span class="badge open">([^<]*)</span>', html)
    assert badge is not None
    assert badge.group(1) == word
    assert "provisional" not in html
    assert f"({word})" in html
