"""The language of a page (issue 17), chosen in this order:

1. the switcher's cookie (`settings.LANGUAGE_COOKIE_NAME`, set by Django's `set_language`);
2. the logged-in person's profile language (`store.Profile.language`);
3. the browser's Accept-Language;
4. the event's `language` parameter, on the pages of one event (`/e/<slug>/...`);
5. English.

URLs do not carry the language. The page cache keys pages by `page_variant` (language and the
digits option), so one rendering is never served in another language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import trans_real
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

DIGITS_COOKIE = "digits"
"""`digits=fa`: Persian digits on pages in Persian (an option of the fa locale)."""


def supported(code: str | None) -> str | None:
    """The code of a language of the site matching `code` (`fa-IR` -> `fa`), or None."""
    if not code:
        return None
    wanted = code.lower().split("-", 1)[0]
    return wanted if wanted in dict(settings.LANGUAGES) else None


def _accept_language(request: HttpRequest) -> str | None:
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    for accepted, _quality in trans_real.parse_accept_lang_header(header):
        if accepted == "*":
            break
        found = supported(accepted)
        if found:
            return found
    return None


def _profile_language(request: HttpRequest) -> str | None:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    profile = getattr(user, "profile", None)
    return supported(getattr(profile, "language", None))


def _profile_time_zone(request: HttpRequest) -> ZoneInfo | None:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    name = getattr(getattr(user, "profile", None), "time_zone", "") or ""
    try:
        return ZoneInfo(name) if name and name != "UTC" else None
    except (ZoneInfoNotFoundError, ValueError):
        return None


def _event_language(request: HttpRequest) -> str | None:
    if not request.path.startswith("/e/"):
        return None
    slug = request.path[3:].split("/", 1)[0]
    if not slug:
        return None
    from mashindano.app.queries import event_language

    return supported(event_language(slug))


def language_of(request: HttpRequest, *, personal: bool = True) -> str:
    """The language to render `request` in (see the module's doc); `personal=False` leaves out
    the profile (the page cache, which serves only requests without a session)."""
    chosen = supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
    if chosen is None and personal:
        chosen = _profile_language(request)
    return chosen or _accept_language(request) or _event_language(request) or "en"


def persian_digits(request: HttpRequest, language: str) -> bool:
    return language == "fa" and request.COOKIES.get(DIGITS_COOKIE) == "fa"


def page_variant(request: HttpRequest) -> str:
    """What besides the path and version a cached page depends on: its language and digits.
    Only requests without a session are cached, so the profile plays no part; when neither
    the cookie nor the browser names a language of the site, the page is in the event's (or
    English): "default", which the event's version already covers (a change of its
    `language` parameter raises it). No database query: the cache answers on the event loop."""
    chosen = supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
    language = chosen or _accept_language(request)
    if language is None:
        return "default"
    return f"{language}{'+fa-digits' if persian_digits(request, language) else ''}"


class LanguageMiddleware:
    """Activates the request's language for the view and its templates, and the logged-in
    person's time zone (their profile's; UTC otherwise: cached pages are anonymous)."""

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        language = language_of(request)
        translation.activate(language)
        request.LANGUAGE_CODE = language
        zone = _profile_time_zone(request)
        if zone is not None:
            timezone.activate(zone)
        try:
            response: HttpResponseBase = self.get_response(request)
        finally:
            translation.deactivate()
            timezone.deactivate()
        response.headers.setdefault("Content-Language", language)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        return response


def context(request: HttpRequest) -> dict[str, Any]:
    """Template context: the switcher's choices, the text direction and the digits option."""
    language = getattr(request, "LANGUAGE_CODE", translation.get_language() or "en")
    return {
        "site_languages": settings.LANGUAGES,
        "text_direction": "rtl" if language in settings.LANGUAGES_BIDI else "ltr",
        "persian_digits": persian_digits(request, language),
    }


@require_POST
def switch_language(request: HttpRequest) -> HttpResponseBase:
    """The header's switcher: Django's `set_language` (the language cookie, then back to the
    page), plus the digits option of fa. CSRF-checked like every form (issue 30 item 8): the
    page cache gives each visitor of a kept page their own token (`web.cache.CSRF_SLOT`)."""
    response = set_language(request)
    digits = request.POST.get(DIGITS_COOKIE)
    if digits in ("fa", "latn"):
        response.set_cookie(
            DIGITS_COOKIE,
            digits,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            samesite="Lax",
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=True,
        )
    return response
