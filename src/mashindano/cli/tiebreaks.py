"""`mashindano tiebreaks`: every tie-break a list may name, from the engine's registry."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from mashindano.app.documents.tiebreaks import TIEBREAK_MODIFIERS, tiebreak_catalogue
from mashindano.cli.output import console, print_json
from mashindano.engine.tiebreaks import FIDE_CODES


def tiebreaks(
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """Every tie-break `standings --tiebreaks` and the presets' tie-break lists accept.

    The seeds' own definitions by name, then the FIDE codes (C.07 as in force since
    2026-03-01) with their one-line definition, article and modifiers; generated from the
    engine's tie-break registry, as the README's list is."""
    entries = tiebreak_catalogue()
    if as_json:
        print_json(
            {
                "tiebreaks": [entry.to_json() for entry in entries],
                "modifiers": [
                    {"modifier": m, "definition": text, "article": article}
                    for m, text, article in TIEBREAK_MODIFIERS
                ],
            }
        )
        return
    names = Table(title="The seeds' own definitions (options after a colon)")
    for header in ("name", "definition", "rule"):
        names.add_column(header)
    for entry in (e for e in entries if not e.fide):
        names.add_row(entry.written, entry.column.definition, entry.column.spec)
    codes = Table(title="FIDE codes, in capitals (C.07 as in force since 2026-03-01)")
    for header in ("code", "tie-break", "definition", "article", "modifiers"):
        codes.add_column(header)
    for entry in (e for e in entries if e.fide):
        codes.add_row(
            entry.written,
            FIDE_CODES[entry.written].title,
            entry.column.definition,
            entry.column.spec,
            " ".join(entry.modifiers),
        )
    modifiers = Table(title="Modifiers (e.g. BH-C1, BH-M2, SB-C1:fide2023, ARO-U1400; BH/C1 reads)")
    for header in ("modifier", "meaning", "article"):
        modifiers.add_column(header)
    for modifier, text, article in TIEBREAK_MODIFIERS:
        modifiers.add_row(modifier, text, article)
    console.print(names)
    console.print(codes)
    console.print(modifiers)
