"""Issue 28 (start-up of `bench/cli.py`): a plain use of a single command runs without building
the Typer application (`cli.quick`), and a plain table is printed without Rich's measuring
(`cli.output.plain_table`); both answer exactly as the slow path does."""

from __future__ import annotations

import io
import random

import pytest
from rich import box
from rich.console import Console
from rich.table import Table

from mashindano.cli.main import COMMANDS
from mashindano.cli.output import plain_table
from mashindano.cli.quick import run_quick

from ..shared_folders import shared_folder
from .test_startup_cli import imported_modules, loaded

GAMES = """round,white,black,result
1,Amani Wanjiru,Bo,1-0
1,Chidi,Dédé Ngozi,1/2-1/2
2,Amani Wanjiru,Chidi,0-1
2,Bo,Dédé Ngozi,1-0
"""


@pytest.fixture
def games(tmp_path):
    path = tmp_path / "games.csv"
    path.write_text(GAMES, encoding="utf-8")
    return path


def trf_file() -> str:
    return str(shared_folder("fixtures", "dutch") / "t007p05r_clean_s1007000_full.trf")


def quick_and_typer(cli, capsys, args: list[str]) -> int:
    """Run `args` both ways; the same output, errors and exit code."""
    code = run_quick(args, COMMANDS)
    assert code is not None, f"not run by the quick path: {args}"
    quick = capsys.readouterr()
    typer_path = cli(*args)
    assert code == typer_path.exit_code
    assert quick.out == typer_path.stdout
    assert quick.err == typer_path.stderr
    return code


@pytest.mark.parametrize(
    "extra",
    [
        [],
        ["--json"],
        ["--tiebreaks", "sb,wins,buchholz"],
        ["--tiebreaks=BH,SB", "--points", "3,1,0"],
        ["--after-round", "1", "--strict"],
        ["--after-round", "5"],
        ["--tiebreaks", "nonsense"],
        ["--points", "x"],
    ],
)
def test_standings_of_games_answer_as_typer(cli, capsys, games, extra):
    quick_and_typer(cli, capsys, ["standings", "--games", str(games), *extra])


def test_standings_of_a_trf_and_errors_answer_as_typer(cli, capsys, tmp_path):
    assert quick_and_typer(cli, capsys, ["standings", "--trf", trf_file()]) == 0
    quick_and_typer(cli, capsys, ["standings", "--trf", trf_file(), "--tiebreaks", "BH-C1,ARO"])
    assert quick_and_typer(cli, capsys, ["standings", "--trf", str(tmp_path / "no.trf")]) == 5
    # No source, both sources: the command's own usage error (exit 2), not Typer's.
    assert quick_and_typer(cli, capsys, ["standings"]) == 2
    quick_and_typer(cli, capsys, ["standings", "--trf", trf_file(), "--games", trf_file()])
    assert quick_and_typer(cli, capsys, ["tiebreaks", "--json"]) == 0


@pytest.mark.parametrize("extra", [[], ["--json"]], ids=["table", "json"])
def test_standings_of_a_trf_runs_without_typers_checking(extra):
    """Typer checks each value with a Pydantic adapter built at each run: the quick path
    does not load Pydantic at all."""
    done, modules = imported_modules("standings", "--trf", trf_file(), *extra)
    assert "Traceback" not in done.stderr
    assert "Standings" in done.stdout or extra
    assert not loaded(modules, ("pydantic", "django"))


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["standings", "--help"],
        ["standings", "--trf"],
        ["standings", "--trf", ""],
        ["standings", "--trf", "A", "--trf", "B"],
        ["standings", "--trf", "A", "--unknown"],
        ["standings", "--trf", "A", "extra"],
        ["standings", "--trf", "A", "--after-round", "0"],
        ["standings", "--trf", "A", "--after-round", "two"],
        ["standings", "--trf", "A", "--after-round", "-1"],
        ["standings", "--trf", "A", "--json=yes"],
        ["standings", "--trf", "A", "--", "B"],
        ["standings", "--trf", "-"],
        ["serve", "--port=8001", "-x=1"],
        ["event", "list"],
        ["pairr"],
        ["pair", "--dutch", "A", "-c"],
    ],
)
def test_anything_else_is_left_to_typer(args):
    assert run_quick(args, COMMANDS) is None


NAMES = ["Amani", "Dédé Ngozi", "王小明", "Zoë Ó Briain", "e\u0301lan", "Kim-Lee Park", "", "A"]


def random_table(chooser: random.Random) -> Table:
    table = Table(title=chooser.choice([None, "Standings", "Round 3 of 11: a long title"]))
    for number in range(chooser.randint(1, 6)):
        justify = chooser.choice(["left", "right"])
        table.add_column(
            chooser.choice(["Rank", "Player", "BH-C1", f"c{number}", ""]), justify=justify
        )
    for _ in range(chooser.randint(0, 12)):
        table.add_row(
            *(
                chooser.choice([*NAMES, str(chooser.randint(0, 3000)), "2.75"])
                for _ in table.columns
            )
        )
    return table


def console_of(width: int, color_system: str | None = None, encoding: str = "utf-8") -> Console:
    output = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
    return Console(file=output, width=width, color_system=color_system)


def rich_output(table: Table, console: Console) -> str:
    """What Rich's own `print` writes of `table` on `console`."""
    console.print(table)
    output = console.file
    assert isinstance(output, io.TextIOWrapper)
    output.flush()
    return output.buffer.getvalue().decode(output.encoding)


@pytest.mark.parametrize("seed", range(40))
def test_a_plain_table_is_printed_as_rich_prints_it(seed):
    chooser = random.Random(seed)
    table = random_table(chooser)
    for width in (1000, 60, 30):
        console = console_of(width)
        shown = plain_table(console, table)
        if shown is not None:
            assert shown == rich_output(table, console), (seed, width)
        elif table.title is None:  # (a title wider than the table is wrapped by Rich)
            assert width < 1000


def test_a_table_beyond_the_plain_form_is_left_to_rich():
    console = console_of(100)
    markup = Table()
    markup.add_column("Player")
    markup.add_row("[bold]Amani[/bold]")
    emoji = Table()
    emoji.add_column("Player")
    emoji.add_row(":smile:")
    assert plain_table(console, markup) is None
    assert plain_table(console, emoji) is None
    assert plain_table(console, "not a table") is None
    assert plain_table(console_of(100, color_system="truecolor"), Table("Player")) is None


@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_other_boxes_and_an_ascii_output_are_drawn_as_rich_draws_them(encoding):
    for drawn in (box.HEAVY_HEAD, box.SIMPLE, box.ROUNDED, box.MARKDOWN):
        table = Table("No", "Player", title="Round 1", box=drawn)
        table.columns[0].justify = "right"
        table.add_row("1", "Amani")
        table.add_row("12", "Bo")
        console = console_of(100, encoding=encoding)
        assert plain_table(console, table) == rich_output(table, console)
