"""Issue 21 item 7: every command example of the README runs as written.

The README's ``sh`` blocks are run line by line, in order, from a copy of `docs/examples/`
(the sample files they name), against a scratch SQLite database, each as its own
`mashindano` process; every one must exit 0. A line continued with a backslash is one command;
text after `#` is a comment. Lines that are not `mashindano` commands are refused, so the
README cannot show a command this test does not run.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
EXAMPLES = REPO / "docs" / "examples"
MASHINDANO = Path(sys.executable).with_name("mashindano")

pytestmark = pytest.mark.slow


def readme_commands() -> list[list[str]]:
    text = README.read_text(encoding="utf-8")
    commands: list[list[str]] = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.DOTALL):
        joined = block.replace("\\\n", " ")
        for line in joined.splitlines():
            words = shlex.split(line, comments=True)
            if not words:
                continue
            if words[0] == "make":
                continue  # the two set-up commands at the top: `make test` runs this test
            assert words[0] == "mashindano", f"README line is not a mashindano command: {line}"
            commands.append(words[1:])
    return commands


def test_the_readme_has_the_examples() -> None:
    commands = readme_commands()
    assert len(commands) >= 25
    assert ["event", "delete", "oops"] in commands


def test_every_readme_example_runs_as_written(tmp_path: Path) -> None:
    work = tmp_path / "examples"
    shutil.copytree(EXAMPLES, work)
    environment = {
        **os.environ,
        "MASHINDANO_DATABASE_URL": str(tmp_path / "scratch.sqlite3"),
        "COLUMNS": "120",
    }
    for words in readme_commands():
        done = subprocess.run(
            [str(MASHINDANO), *words],
            cwd=work,
            env=environment,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, (
            f"`mashindano {shlex.join(words)}` exited {done.returncode}:\n{done.stderr[-2000:]}"
        )
        assert "Traceback" not in done.stderr
