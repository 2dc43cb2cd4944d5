"""`mashindano pair`: a drop-in for the JaVaFo / bbpPairings command line.

    mashindano pair --dutch INPUT.trf -p [OUTPUT]   pair the next round
    mashindano pair --dutch INPUT.trf -c            check every round of a finished tournament
    mashindano pair --dutch INPUT.trf -l            the arbiter's checklist of the next round

Exit codes: 0 ok, 1 no valid pairing, 3 invalid input, 4 mismatches found by -c, 5 file access.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from mashindano.cli.errors import EXIT_MISMATCH, EXIT_USAGE, fail, reported_errors
from mashindano.cli.output import console
from mashindano.cli.pair_protocol import (
    format_pairs,
    next_round,
    pair_round,
    read_tournament,
    write_pairing,
)
from mashindano.engine.model import ByeKind, StageResults
from mashindano.engine.pairing import SwissPairing, explain_pairing
from mashindano.engine.pairing.swiss_state import Float
from mashindano.engine.points import format_points
from mashindano.interchange.trf import TrfTournament, trf_acceleration
from mashindano.interchange.trf_model import count_paired_rounds


def pair(
    files: Annotated[list[Path], typer.Argument(help="INPUT.trf, then OUTPUT for -p.")],
    dutch: Annotated[bool, typer.Option("--dutch", help="FIDE Dutch system (2026 rules).")] = False,
    produce: Annotated[bool, typer.Option("-p", help="Pair the next round.")] = False,
    check: Annotated[bool, typer.Option("-c", help="Check every round of a tournament.")] = False,
    checklist: Annotated[bool, typer.Option("-l", help="Checklist of the next round.")] = False,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Refuse the file's oddities (odd dates, ruler lines, unknown records...) "
            "instead of reading past them with a warning.",
        ),
    ] = False,
) -> None:
    """Pair a TRF tournament with the FIDE Dutch system (JaVaFo/bbpPairings protocol).

    Baku acceleration (FIDE C.04.7) is read from XXA lines, 250 records or 192 ..._BAKU."""
    if not dutch:
        raise fail("choose the pairing system: --dutch", EXIT_USAGE)
    if sum((produce, check, checklist)) != 1:
        raise fail("choose exactly one of -p, -c and -l", EXIT_USAGE)
    if len(files) > (2 if produce else 1):
        raise fail("too many file arguments", EXIT_USAGE)
    source = files[0]
    if produce:
        write_pairing(source, files[1] if len(files) == 2 else None, strict=strict)
        return
    with reported_errors():
        tournament, results = read_tournament(source, strict=strict)
        if check:
            _check(tournament, results)
            return
        round_number = next_round(tournament)
        pairing = pair_round(tournament, results, round_number)
    _print_checklist(tournament, results, round_number, pairing)


def _check(tournament: TrfTournament, results: StageResults) -> None:
    """Re-pair every round from the facts known before it and compare with the file."""
    rounds = count_paired_rounds(tournament.players)
    mismatches = 0
    for round_number in range(1, rounds + 1):
        ours = pair_round(tournament, results.known_before_pairing(round_number), round_number)
        theirs = _played_pairing(results, round_number)
        if set(ours.boards) != set(theirs.boards) or ours.bye != theirs.bye:
            mismatches += 1
            expected = format_pairs(results, theirs).split("\n")[1:-1]
            produced = format_pairs(results, ours).split("\n")[1:-1]
            console.print(f"round {round_number}: mismatch")
            console.print(f"  in file:  {', '.join(expected)}")
            console.print(f"  ours:     {', '.join(produced)}")
    if mismatches:
        raise fail(f"{mismatches} of {rounds} rounds differ", EXIT_MISMATCH)
    console.print(f"all {rounds} rounds agree")


def _played_pairing(results: StageResults, round_number: int) -> SwissPairing:
    boards = tuple((g.first, g.second) for g in results.games if g.round == round_number)
    bye = next(
        (
            b.competitor
            for b in results.byes
            if b.round == round_number and b.kind is ByeKind.PAIRING_ALLOCATED
        ),
        None,
    )
    return SwissPairing(boards=boards, bye=bye)


_FLOAT_MARK = {Float.DOWN: "↓", Float.UP: "↑", Float.NONE: "·"}


def _print_checklist(
    tournament: TrfTournament, results: StageResults, round_number: int, pairing: SwissPairing
) -> None:
    number = {c.id: c.number for c in results.competitors}
    table = Table(title=f"Round {round_number}: checklist")
    for column in (
        "No",
        "Score",
        "Colours",
        "Diff",
        "Pref",
        "Floats (r-2 r-1)",
        "Bye ok",
        "Opponent",
        "Colour",
    ):
        # A score with its virtual points ("0.0 (+1.0)") is never cut at 80 columns.
        table.add_column(
            column, no_wrap=column == "Score", min_width=10 if column == "Score" else None
        )
    for row in explain_pairing(
        results, round_number, pairing, acceleration=trf_acceleration(tournament)
    ):
        if not row.is_available:
            opponent, colour = "absent", ""
        elif row.has_bye:
            opponent, colour = "bye", ""
        else:
            opponent = str(number[row.opponent]) if row.opponent is not None else ""
            colour = row.colour.value if row.colour is not None else ""
        preference = (
            "" if row.preference is None else f"{row.strength.value} {row.preference.value}"
        )
        floats = " ".join(
            _FLOAT_MARK[f] for f in (row.float_two_rounds_before, row.float_previous_round)
        )
        table.add_row(
            str(row.number),
            format_points(row.score)
            + (f" (+{format_points(row.virtual_points)})" if row.virtual_points else ""),
            row.colours,
            str(row.colour_difference),
            preference,
            floats,
            "yes" if row.is_bye_eligible else "no",
            opponent,
            colour,
        )
    console.print(table)
