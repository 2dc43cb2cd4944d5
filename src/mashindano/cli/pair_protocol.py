"""The drop-in call `mashindano pair --dutch INPUT.trf -p [OUTPUT]`, without Typer or Rich.

Other software runs this once per round, so the whole process is its cost: the console script
(`cli/launch.py`) runs this exact form here, before the command line library and the other
commands are imported. Any other form (help, -c, -l, a mistake) goes through Typer's
`mashindano pair`, which calls the same functions, so both give the same output and exit codes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mashindano.cli.errors import EXIT_OK, print_warnings, read_text, reported_errors, write_text
from mashindano.engine.model import CompetitorId, Side, StageResults
from mashindano.engine.pairing import SwissPairing, pair_dutch
from mashindano.interchange.trf import (
    TrfTournament,
    parse_trf,
    trf_acceleration,
    trf_to_stage_results,
)
from mashindano.interchange.trf_model import count_paired_rounds


def read_tournament(source: Path, *, strict: bool = False) -> tuple[TrfTournament, StageResults]:
    """The tournament of a TRF file and its results (errors as `reported_errors` says; the
    reader's warnings on stderr, refusals with `strict`)."""
    tournament = parse_trf(
        read_text(source), source=str(source), require_players=True, strict=strict
    )
    print_warnings(str(source), tournament.warnings)
    return tournament, trf_to_stage_results(tournament)


def next_round(tournament: TrfTournament) -> int:
    return count_paired_rounds(tournament.players) + 1


def pair_round(tournament: TrfTournament, results: StageResults, round_number: int) -> SwissPairing:
    """Pair `round_number`, with the file's Baku acceleration (XXA, 250 or 192 `..._BAKU`)."""
    total = tournament.rounds if tournament.rounds is not None else round_number
    return pair_dutch(
        results,
        round_number,
        total_rounds=max(total, round_number),
        initial_colour=tournament.initial_colour or Side.WHITE,
        forbidden_pairs=[
            frozenset(CompetitorId(str(n)) for n in pair) for pair in tournament.forbidden_pairs
        ],
        acceleration=trf_acceleration(tournament),
    )


def format_pairs(results: StageResults, pairing: SwissPairing) -> str:
    """The protocol's output: the number of lines, then `white black`, the bye as `N 0`."""
    number = {c.id: c.number for c in results.competitors}
    lines = [f"{number[white]} {number[black]}" for white, black in pairing.boards]
    if pairing.bye is not None:
        lines.append(f"{number[pairing.bye]} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


def write_pairing(source: Path, target: Path | None, *, strict: bool = False) -> None:
    """`-p`: pair the next round; write it to `target`, or to standard output."""
    with reported_errors():
        tournament, results = read_tournament(source, strict=strict)
        pairing = pair_round(tournament, results, next_round(tournament))
    text = format_pairs(results, pairing)
    if target is not None:
        write_text(target, text)
    else:
        sys.stdout.write(text)
        sys.stdout.flush()


def run_drop_in(args: list[str]) -> int | None:
    """Run `pair` `args` when they are exactly `--dutch`, `-p` and one or two file names (in
    any order) and return the exit code; None for any other form, which Typer handles."""
    flags = [a for a in args if a.startswith("-")]
    files = [Path(a) for a in args if not a.startswith("-")]
    if sorted(flags) != ["--dutch", "-p"] or not 1 <= len(files) <= 2:
        return None
    try:
        write_pairing(files[0], files[1] if len(files) == 2 else None)
    except Exception as error:
        import typer  # only on failure: `fail` gives a typer.Exit with the code

        if isinstance(error, typer.Exit):
            return error.exit_code
        raise
    return EXIT_OK
