"""Issue 21 item 5: tables piped to a file or a pager are not wrapped at 80 columns; COLUMNS
still sets a width when given."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

MASHINDANO = Path(sys.executable).with_name("mashindano")
LONG = "Wanjiru Kamau-Otieno wa Nyeri Mkuu wa Mashindano"


def standings(tmp_path: Path, **environment: str) -> list[str]:
    games = tmp_path / "GAMES.csv"
    games.write_text(f"round,white,black,result\n1,{LONG},Bob,1-0\n")
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"} | environment
    done = subprocess.run(
        [str(MASHINDANO), "standings", "--games", str(games), "--tiebreaks", "sb,wins,buchholz"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return done.stdout.splitlines()


def test_a_piped_table_keeps_one_line_per_row(tmp_path: Path) -> None:
    shown = standings(tmp_path)
    rows = [line for line in shown if LONG in line]
    assert len(rows) == 1, shown
    assert len(rows[0]) > 80


def test_columns_sets_the_width(tmp_path: Path) -> None:
    shown = standings(tmp_path, COLUMNS="60")
    assert all(len(line) <= 60 for line in shown)


def test_a_piped_heading_line_is_no_wider_than_a_screen() -> None:
    """`make run` printed the demo's heading as a line of 1,000 dashes (its output is piped)."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from mashindano.cli.output import console; console.rule('Demo events, seed 2026')",
        ],
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "COLUMNS"},
        check=True,
    )
    [line] = done.stdout.splitlines()
    assert "Demo events, seed 2026" in line
    assert len(line) <= 100
