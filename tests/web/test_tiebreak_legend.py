"""Issue 28 item 8: the console's event form lists the tie-breaks a tie-break field accepts and
links to the legend page (/tiebreaks/) that defines each, both generated from the engine's
registry; the chess parameters (pairing system, Baku acceleration) have labels and help."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client

from mashindano.app.documents.tiebreaks import MODIFIER_MEANINGS, tiebreak_catalogue
from mashindano.engine.tiebreaks import FIDE_CODES
from mashindano.engine.tiebreaks.fide import MODIFIERS
from mashindano.engine.tiebreaks.registry import (
    FIDE_TIEBREAK_CODES,
    TIEBREAK_NAMES,
    written_name,
)

pytestmark = pytest.mark.django_db


def _creator() -> Client:
    user = User.objects.create_user("olga", "olga@example.org", "pw")
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = Client()
    client.force_login(user)
    return client


def _field(page: str, name: str) -> str:
    """The `<div class="field">` of the form field `name`."""
    found = re.search(rf'<div class="field[^"]*">\s*<label for="id_{name}">.*?</div>', page, re.S)
    assert found, f"no field {name}"
    return found.group(0)


def test_the_legend_page_defines_every_name_code_and_modifier() -> None:
    page = html.unescape(Client().get("/tiebreaks/").content.decode())
    for entry in tiebreak_catalogue():
        assert f'id="tb-{entry.written}"' in page
        assert entry.column.definition in page
    for code, info in FIDE_CODES.items():
        assert f'<bdi dir="ltr"><code>{code}</code></bdi>' in page
        assert info.article in page
    for modifier, text, article in MODIFIERS:
        assert f"<code>{modifier}</code>" in page
        assert text in page
        assert article in page


def test_the_legend_page_in_persian_keeps_codes_left_to_right() -> None:
    client = Client(headers={"accept-language": "fa"})
    page = client.get("/tiebreaks/").content.decode()
    assert 'dir="rtl"' in page
    assert '<bdi dir="ltr"><code>APPO</code></bdi>' in page
    assert '<bdi dir="ltr">-Cn -Mn :fide2023</bdi>' in page


def test_the_modifier_meanings_marked_for_translation_are_the_registrys() -> None:
    assert {m: text for m, text, _ in MODIFIERS} == MODIFIER_MEANINGS


def test_the_tie_break_field_lists_every_accepted_name_and_links_the_legend() -> None:
    page = _creator().get("/console/new/?preset=chess-swiss").content.decode()
    field = html.unescape(_field(page, "swiss_tiebreaks"))
    assert "Tie-breaks after points, in order" in field
    names = ", ".join(written_name(n) for n in TIEBREAK_NAMES)
    assert f'<bdi dir="ltr">{names}</bdi>' in field
    assert f'<bdi dir="ltr">{", ".join(FIDE_TIEBREAK_CODES)}</bdi>' in field
    assert '<bdi dir="ltr">-Cn, -Mn, -P, -Urating, :fide2023</bdi>' in field
    assert 'href="/tiebreaks/"' in field
    assert "What each tie-break means" in field
    other = _field(page, "swiss_pairing")
    assert "/tiebreaks/" not in other


def test_the_round_robin_tie_break_field_lists_them_too() -> None:
    page = _creator().get("/console/new/?preset=chess-round-robin").content.decode()
    field = _field(page, "rr_tiebreaks")
    assert "APPO" in field
    assert 'href="/tiebreaks/"' in field


def test_the_chess_swiss_parameters_have_labels_help_and_choices() -> None:
    page = _creator().get("/console/new/?preset=chess-swiss").content.decode()
    acceleration = html.unescape(_field(page, "swiss_acceleration"))
    assert ">Swiss acceleration<" in acceleration
    assert "Baku acceleration of a FIDE Dutch pairing" in acceleration
    assert "FIDE C.04.7" in acceleration
    assert '<option value="baku">' in acceleration
    pairing = html.unescape(_field(page, "swiss_pairing"))
    assert ">Swiss pairing<" in pairing
    assert "dutch: FIDE Dutch" in pairing
    assert '<option value="dutch">' in pairing
