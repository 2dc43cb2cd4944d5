"""Start-up of the `mashindano` command (issue 20, item 4): a command imports only what it uses,
`--help` lists every command without importing them, and the drop-in pairing call (run without
Typer) answers exactly as `mashindano pair` does."""

from __future__ import annotations

import importlib
import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from mashindano.cli.main import COMMANDS, app, load_command
from mashindano.cli.pair_protocol import run_drop_in

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
FIXTURES = SHARED / "fixtures" / "dutch"

# Runs the console script's entry point with the arguments given as JSON, then reports the
# modules it imported on the last line of stderr.
SCRIPT = """
import json, sys
from mashindano.cli.launch import main
sys.argv = ["mashindano", *json.loads(sys.argv[1])]
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""

HEAVY = ("django", "mashindano.app", "mashindano.store", "mashindano.web")
COMMAND_LINE_LIBRARIES = ("typer", "rich", "pydantic")


def fixture(name: str) -> Path:
    path = FIXTURES / name
    if not path.is_file():
        pytest.fail(f"missing reference fixture {path} (the shared folder next to the repository)")
    return path


def imported_modules(*args: str | Path) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps([str(a) for a in args])],
        capture_output=True,
        text=True,
        check=True,
    )
    return done, set(json.loads(done.stderr.splitlines()[-1]))


def loaded(modules: set[str], prefixes: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in prefixes or m.startswith(prefixes))


def test_help_lists_every_command_and_imports_none_of_them():
    done, modules = imported_modules("--help")
    for entry in COMMANDS:
        assert f" {entry.name} " in done.stdout
    assert not [m for m in modules if m in {entry.module for entry in COMMANDS}]
    assert not loaded(modules, HEAVY)


def eager_app() -> typer.Typer:
    """The application as it was before lazy loading: every command registered up front."""
    eager = typer.Typer(
        name="mashindano", help=app.info.help, no_args_is_help=True, pretty_exceptions_enable=False
    )
    for entry in COMMANDS:
        target = getattr(importlib.import_module(entry.module), entry.attribute)
        if entry.is_group:
            eager.add_typer(target, name=entry.name)
        else:
            eager.command(entry.name)(target)
    eager.registered_commands += app.registered_commands
    return eager


@pytest.mark.parametrize("args", [["--help"], []], ids=["help", "no-arguments"])
def test_help_is_the_same_as_with_every_command_loaded(args):
    lazy = CliRunner().invoke(app, args, terminal_width=100)
    eager = CliRunner().invoke(eager_app(), args, terminal_width=100)
    assert lazy.exit_code == eager.exit_code
    assert lazy.stdout == eager.stdout
    assert "gomoku" in lazy.stdout


@pytest.mark.parametrize("entry", COMMANDS, ids=lambda e: e.name)
def test_each_summary_is_the_first_paragraph_of_the_commands_help(entry):
    command = load_command(entry)
    assert command.name == entry.name
    first_paragraph = inspect.cleandoc(command.help or "").split("\n\n")[0]
    assert " ".join(first_paragraph.split()) == entry.summary


def test_a_mistyped_command_still_gets_a_suggestion(cli):
    result = cli("pairr")
    assert result.exit_code == 2
    assert "Did you mean 'pair'?" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["standings", "--help"],
        ["simulate", "--help"],
        ["seed", "--help"],
        ["schedule", "round-robin", "--players", "4"],
        ["pair", "--dutch", "-c", "t007p05r_clean_s1007000_full.trf"],
        ["standings", "--trf", "t007p05r_clean_s1007000_full.trf"],
    ],
    ids=lambda args: "-".join(a for a in args if not a.endswith(".trf")),
)
def test_file_commands_import_neither_django_nor_the_stored_events(args):
    args = [str(fixture(a)) if a.endswith(".trf") else a for a in args]
    done, modules = imported_modules(*args)
    assert "Traceback" not in done.stderr
    assert not loaded(modules, HEAVY)


def test_standings_of_a_trf_imports_no_pairing_engine():
    """Issue 28 (start-up of `standings --trf`): the TRF reader asks for the Baku rule only
    when a file does, so ranking a file never loads the Dutch engine (nor rustworkx)."""
    done, modules = imported_modules(
        "standings", "--trf", fixture("t007p05r_clean_s1007000_full.trf"), "--json"
    )
    assert "Traceback" not in done.stderr
    assert json.loads(done.stdout)
    assert not loaded(modules, ("mashindano.engine.pairing", "rustworkx"))


def test_the_drop_in_call_imports_no_command_line_library():
    source = fixture("t007p05r_clean_s1007000_round03.trf")
    done, modules = imported_modules("pair", "--dutch", source, "-p")
    assert done.stdout == source.with_suffix(".pairs").read_text()
    assert not loaded(modules, (*HEAVY, *COMMAND_LINE_LIBRARIES))


def run_both(cli, capsys, args: list[str]) -> None:
    """The drop-in path and Typer's `mashindano pair` give the same output and exit code."""
    code = run_drop_in(args)
    drop_in = capsys.readouterr()
    typer_path = cli("pair", *args)
    assert code == typer_path.exit_code
    assert drop_in.out == typer_path.stdout
    assert drop_in.err == typer_path.stderr


@pytest.mark.parametrize(
    "name",
    ["t007p05r_clean_s1007000_round03.trf", "t100p11r_mixed_s1100100_round09.trf"],
)
def test_drop_in_answers_as_the_pair_command(cli, capsys, name):
    run_both(cli, capsys, ["--dutch", str(fixture(name)), "-p"])
    run_both(cli, capsys, ["-p", str(fixture(name)), "--dutch"])


def test_drop_in_errors_as_the_pair_command(cli, capsys, tmp_path):
    malformed = tmp_path / "bad.trf"
    malformed.write_text("001 garbage\n")
    run_both(cli, capsys, ["--dutch", str(tmp_path / "missing.trf"), "-p"])
    run_both(cli, capsys, ["--dutch", str(malformed), "-p"])
    source = fixture("t007p05r_clean_s1007000_round03.trf")
    run_both(cli, capsys, ["--dutch", str(source), "-p", str(tmp_path / "no" / "out.pairs")])
    out = tmp_path / "out.pairs"
    assert run_drop_in(["--dutch", str(source), "-p", str(out)]) == 0
    assert out.read_text() == source.with_suffix(".pairs").read_text()


@pytest.mark.parametrize(
    "args",
    [
        ["--dutch", "IN.trf", "-c"],
        ["--dutch", "IN.trf", "-l"],
        ["IN.trf", "-p"],
        ["--dutch", "-p"],
        ["--dutch", "-p", "A", "B", "C"],
        ["--dutch", "-p", "-p", "IN.trf"],
        ["--dutch", "-p", "IN.trf", "--help"],
    ],
)
def test_any_other_form_is_left_to_typer(args):
    assert run_drop_in(args) is None
