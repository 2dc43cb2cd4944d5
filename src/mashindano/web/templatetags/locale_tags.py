"""How pages write points, numbers and times in the viewer's language (issue 17).

- `points`: exact points as `format_shown` writes them, halves as ½ ("12½", "½"), with the
  decimal comma of ro and fi ("3,25") and, on Persian pages with the digits option, Persian
  digits ("۱۲½");
- `number`: any other figure the same way (ratings, coefficients, TPs);
- `{% when moment %}`: a time in the viewer's time zone (their profile's; UTC otherwise), with
  `utc=True` also in UTC, for the rules that count in UTC (KIBA deadlines, R26).

Each writes its text inside `<bdi>` where a right-to-left page could reorder it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction

from django import template
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext

from mashindano.app.documents.values import format_shown

register = template.Library()

DECIMAL_COMMA = frozenset({"ro", "fi"})
PERSIAN_DIGITS = str.maketrans("0123456789.", "۰۱۲۳۴۵۶۷۸۹٫")
MOMENT_FORMAT = "j M Y, H:i"


def page_language() -> str:
    return (get_language() or "en").split("-", 1)[0]


def localise(text: str, *, persian: bool = False, language: str | None = None) -> str:
    """A number written in English ("12.5") as the page's language (or `language`) writes
    it."""
    if language is None:
        language = page_language()
    if language in DECIMAL_COMMA:
        return text.replace(".", ",")
    if language == "fa" and persian:
        return text.translate(PERSIAN_DIGITS)
    return text


def shown_points(value: object) -> str:
    """ "12½", "16⅔", "3.25": `format_shown` with halves as ½."""
    if value is None or value == "":
        return ""
    if isinstance(value, bool) or not isinstance(value, Fraction | int):
        return str(value)
    text = format_shown(value)
    if text.endswith(".5"):
        whole = text[:-2]
        text = f"{'-' if whole == '-0' else ''}½" if whole in ("0", "-0") else f"{whole}½"
    return text


@register.filter
def points(value: object, persian: bool = False) -> str:
    """`{{ row.points|points:persian_digits }}`: points as the page's language writes them."""
    return localise(shown_points(value), persian=bool(persian))


@register.filter
def number(value: object, persian: bool = False) -> str:
    """`{{ player.rating|number:persian_digits }}`: a figure in the page's language."""
    if value is None or value == "":
        return ""
    if isinstance(value, Fraction | int) and not isinstance(value, bool):
        value = format_shown(value)
    return localise(str(value), persian=bool(persian))


@register.filter
def ltr(value: object) -> SafeString:
    """`{{ deadline|date:"Y-m-d H:i"|ltr }}`: a date, a time or a score kept left to right on a
    right-to-left page ("2026-03-14 10:00", never "14-03-2026 10:00"), isolated in `<bdi>`;
    safe to pass into `{% blocktranslate with ... %}`."""
    return format_html('<bdi dir="ltr">{}</bdi>', value)


@register.simple_tag(takes_context=True)
def when(
    context: template.Context,
    moment: datetime | None,
    utc: bool = False,
    fmt: str = MOMENT_FORMAT,
) -> SafeString:
    """A `<time>` in the viewer's time zone; with `utc`, its UTC time as well (or only UTC
    when the viewer's zone is UTC); `fmt`: Django's date format (default "1 Mar 2026, 18:30",
    the month in the page's language)."""
    if moment is None:
        return format_html("")
    persian = bool(context.get("persian_digits"))
    local = timezone.localtime(moment)
    in_utc = moment.astimezone(UTC)
    local_text = localise(date_format(local, fmt), persian=persian)
    utc_text = localise(date_format(in_utc, fmt), persian=persian)
    if local.utcoffset() == in_utc.utcoffset():
        shown = gettext("{time} UTC").format(time=utc_text) if utc else local_text
    elif utc:
        shown = gettext("{local} ({utc} UTC)").format(local=local_text, utc=utc_text)
    else:
        shown = local_text
    return format_html('<time datetime="{}"><bdi>{}</bdi></time>', in_utc.isoformat(), shown)
