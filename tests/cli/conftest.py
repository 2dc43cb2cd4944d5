from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from mashindano.cli.main import app


class Cli:
    """Runs the `mashindano` command in-process and keeps stdout and stderr apart."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: str | Path):
        return self.runner.invoke(app, [str(a) for a in args])


@pytest.fixture
def cli() -> Cli:
    return Cli()
