"""Issue 28 items 3 and 8: each FIDE code has a one-line definition and its article in the
standings legend, whatever its modifiers, and the legend's line is the registry's."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from tests.web.po_files import LANGUAGES, LOCALE, read_po

from mashindano.app.documents.tables import standings_section
from mashindano.app.documents.tiebreaks import (
    DROPPED_FOR_UNRATED,
    FIDE_DEFINITIONS,
    column_definition,
)
from mashindano.app.formats.base import StandingsLine, StandingsTable
from mashindano.engine.model import Competitor
from mashindano.engine.tiebreaks import FIDE_CODES, FIDE_TIEBREAK_CODES


def test_every_fide_code_has_the_registrys_definition():
    assert set(FIDE_DEFINITIONS) == set(FIDE_TIEBREAK_CODES)
    for code, text in FIDE_DEFINITIONS.items():
        assert text == FIDE_CODES[code].definition, code


@pytest.mark.parametrize("code", FIDE_TIEBREAK_CODES)
def test_the_legend_of_each_code(code):
    column = column_definition(code)
    assert column.label == code
    assert column.definition == FIDE_CODES[code].definition
    assert column.spec == FIDE_CODES[code].article


@pytest.mark.parametrize(
    ("name", "label", "spec"),
    [
        ("BH-C1", "BH-C1", "C.07 8.1, 16, 14.1"),
        ("BH-C2", "BH-C2", "C.07 8.1, 16, 14.2"),
        ("BH-M1", "BH-M1", "C.07 8.1, 16, 14.3"),
        ("BH-M2:fide2023", "BH-M2", "C.07 (2023) 8.1, 16, 14.4"),
        ("SB-C1", "SB-C1", "C.07 9.1, 16, 14.1"),
        ("ARO-C1", "ARO-C1", "C.07 10.1, 14.1"),
        ("PS-C1", "PS-C1", "C.07 7.5, 14.1"),
        ("DE-P", "DE-P", "C.07 6"),
    ],
)
def test_the_legend_names_the_modifiers_article(name, label, spec):
    column = column_definition(name)
    assert (column.label, column.spec) == (label, spec)
    assert column.definition


def test_a_standings_section_with_fide_columns_has_their_legend():
    table = StandingsTable(title="Open", columns=("BH-C1", "BH", "SB"), lines=())
    section = standings_section(table)
    assert [c.label for c in section.columns] == ["BH-C1", "BH", "SB"]
    assert all(c.definition and c.spec.startswith("C.07") for c in section.columns)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_definitions_are_translated(language):
    entries = read_po(LOCALE / language / "LC_MESSAGES" / "django.po")
    translated = {e.msgid: e.msgstrs[0] for e in entries if e.translated and not e.obsolete}
    for code, text in [*FIDE_DEFINITIONS.items(), ("dropped", DROPPED_FOR_UNRATED)]:
        assert translated.get(text), (language, code)


def test_a_rating_code_dropped_for_unrated_players_says_so_in_the_legend():
    """Issue 28 item 3: ARO is dropped with a visible note when a player is unrated (rating
    0 or blank) and the event gives unrated players no rating (`ARO-U1400` would)."""
    players = (Competitor("1", "Alpha", rating=2000), Competitor("2", "Beta", rating=0))
    lines = tuple(
        StandingsLine(
            rank=k + 1,
            is_shared=False,
            competitor=c,
            points=Fraction(1 - k),
            values={"ARO": None, "BH": Fraction(1)},
        )
        for k, c in enumerate(players)
    )
    section = standings_section(StandingsTable("Open", ("ARO", "BH"), lines))
    aro, bh = section.columns
    assert aro.label == "ARO"
    assert aro.definition == DROPPED_FOR_UNRATED
    assert bh.definition == FIDE_CODES["BH"].definition
    rated = tuple(replace(line, values={"ARO": Fraction(2000), "BH": None}) for line in lines)
    kept = standings_section(StandingsTable("Open", ("ARO", "BH"), rated)).columns[0]
    assert kept.definition == FIDE_CODES["ARO"].definition


@pytest.mark.django_db
def test_a_stored_event_ranks_by_fide_codes_with_their_legend():
    """Issue 28 items 3 and 8: a chess-swiss event whose tie-breaks are FIDE codes (the
    event's rating for unrated players written in the code) ranks by them, and its
    standings document carries each code's legend."""
    from mashindano.app import events
    from mashindano.app.documents.standings import standings_document

    from .helpers import make_event, play_all

    codes = "BH-C1,BH,SB:fide2023,ARO-U1400,DE"
    make_event("fide-tb", "chess-swiss", 8, swiss_rounds="3", swiss_tiebreaks=codes)
    play_all("fide-tb")
    document = standings_document(events.get_event_facts("fide-tb"))
    (section,) = document.sections
    assert [c.name for c in section.columns] == codes.split(",")
    assert [c.label for c in section.columns] == ["BH-C1", "BH", "SB", "ARO-U1400", "DE"]
    assert section.columns[2].spec == "C.07 (2023) 9.1, 16"
    assert all(c.definition for c in section.columns)
    assert all(row.values[3].value is not None for row in section.rows)
