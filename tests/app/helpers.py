"""Shared helpers for the use-case tests: build events, play rounds, run the CLI in a
separate process (for concurrency and crash tests)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from mashindano.app import events, players, rounds
from mashindano.app.principals import local
from mashindano.app.results import GameRef, report_result
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.store.facts import RoundFact

ACTOR = local("tester")
T0 = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
REPO = Path(__file__).resolve().parents[2]


def roster(count: int) -> list[Competitor]:
    return [
        Competitor(CompetitorId(f"P{n:02d}"), f"P{n:02d}", rating=2000 - 25 * n)
        for n in range(1, count + 1)
    ]


def make_event(
    slug: str, preset: str, count: int, *, start: bool = True, seed: int = 11, **parameters: str
) -> None:
    events.create_event(slug, preset, actor=ACTOR, parameters=parameters, seed=seed, now=T0)
    if count:
        players.register_players(slug, roster(count), actor=ACTOR, now=T0)
    if start:
        events.start_event(slug, actor=ACTOR, now=T0)


def report_open(slug: str, round_fact: RoundFact, rng: random.Random) -> None:
    """Report a random result on every board of `round_fact` that has none."""
    for game in round_fact.games():
        if not game.result.is_decided:
            result = rng.choice(["1-0", "0-1", "1/2-1/2"])
            where = GameRef(round_fact.number, game.board)
            report_result(slug, where, result, actor=ACTOR, now=T0)


def play_round(slug: str, rng: random.Random) -> RoundFact:
    """Pair the next round and report a random result on every open board."""
    published = rounds.pair_next_round(slug, actor=ACTOR, now=T0)
    report_open(slug, published, rng)
    return published


def play_all(slug: str, seed: int = 3) -> int:
    """Finish the open round, then pair and play every remaining round. Returns rounds paired."""
    rng = random.Random(seed)
    latest = events.get_event_facts(slug).latest_round()
    if latest is not None:
        report_open(slug, latest, rng)
    played = 0
    while not _is_done(slug):
        play_round(slug, rng)
        played += 1
    return played


def _is_done(slug: str) -> bool:
    from mashindano.app.formats.parts import PAIRING
    from mashindano.app.formats.registry import part

    facts = events.get_event_facts(slug)
    return part(facts.preset, PAIRING).next_unit(facts) is None


def run_cli(
    *args: str, db: str, env: dict[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mashindano.cli.main", *args, "--db", db],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
        cwd=REPO,
        check=False,
    )


def start_cli(*args: str, db: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "mashindano.cli.main", *args, "--db", db],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
        cwd=REPO,
    )
