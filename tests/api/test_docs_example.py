"""The Python example of docs/api.md runs a whole chess Swiss through the API (issue 15)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

from django.contrib.auth.models import User

from mashindano.app.queries import get_event_facts
from mashindano.web.api.tokens import issue_token

from .conftest import make_user

DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def python_example() -> str:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## A whole Swiss from Python", 1)[1]
    found = re.search(r"```python\n(.*?)```", section, re.S)
    assert found, f"{DOC}: no Python example under 'A whole Swiss from Python'"
    return found.group(1)


def test_the_docs_python_example_plays_a_whole_swiss(
    live_server: Any, transactional_db: None, tmp_path: Path
) -> None:
    user: User = make_user("creator", creator=True)
    secret = issue_token(user, "docs", "organiser").secret
    script = tmp_path / "example.py"
    script.write_text(python_example(), encoding="utf-8")
    env = {
        **os.environ,
        "MASHINDANO_API": f"{live_server.url}/api/v1",
        "MASHINDANO_TOKEN": secret,
        "MASHINDANO_EVENT": "docs-swiss",
    }
    done = subprocess.run(
        [sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 10
    facts = get_event_facts("docs-swiss")
    assert len(facts.rounds) == 5
    assert all(g.result.is_decided for r in facts.rounds for g in r.games())
    total = sum(Fraction(line.split()[-1]) for line in lines)
    assert total == 25  # five rounds of five games, a point each
