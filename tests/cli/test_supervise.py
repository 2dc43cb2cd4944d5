"""Issue 30 item 3: the supervision `mashindano serve` applies to its processes
(`cli/supervise.py`), here on a stand-in child process: restarted after SIGKILL and reaped
(no zombie), the reason logged, a growing delay for a process that keeps dying, giving up
after too many quick deaths. tests/serve/test_supervision.py does it to `serve` itself."""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

from mashindano.cli import supervise
from mashindano.cli.supervise import Backoff, TaskWorkerSupervisor, describe_exit

SLEEPER = [sys.executable, "-c", "import time; time.sleep(120)"]


def _zombie_children() -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid() and fields[0] == "Z":
                found.append(int(entry.name))
    return found


def _wait_for(check: object, patience: float = 10.0) -> None:
    deadline = time.monotonic() + patience
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_issue30_item3_backoff_restarts_at_once_then_waits_longer_then_gives_up() -> None:
    backoff = Backoff()
    assert backoff.next_delay(lived=600.0) == 0.0  # an accident: at once
    delays = [backoff.next_delay(lived=1.0) for _ in range(supervise.GIVE_UP_AFTER)]
    assert delays[:6] == [0.0, 0.5, 1.0, 2.0, 4.0, 8.0]
    assert max(d for d in delays if d is not None) == supervise.MAX_DELAY
    assert delays[-1] is None  # a crash loop: give up
    assert backoff.next_delay(lived=600.0) == 0.0  # a long life starts afresh
    assert backoff.restarts == supervise.GIVE_UP_AFTER + 2


def test_issue30_item3_exit_described() -> None:
    assert describe_exit(-signal.SIGKILL) == "was killed by signal SIGKILL"
    assert describe_exit(3) == "exited with code 3"


def test_issue30_item3_a_killed_task_worker_is_reaped_restarted_and_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="mashindano.serve")
    supervisor = TaskWorkerSupervisor(SLEEPER, os.environ, on_give_up=lambda: None)
    supervisor.start()
    try:
        first = supervisor.pid
        assert first is not None
        os.kill(first, signal.SIGKILL)
        _wait_for(lambda: supervisor.pid != first)
        assert _zombie_children() == []
        assert f"task worker (pid {first}) was killed by signal SIGKILL" in caplog.text
        assert "restart 1 in 0.0 s" in caplog.text
    finally:
        supervisor.stop(timeout=10)
    assert supervisor.pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(supervisor.pid, 0)  # stopped and reaped
    assert _zombie_children() == []


def test_issue30_item3_a_task_worker_that_keeps_dying_is_given_up(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(supervise, "FIRST_DELAY", 0.01)
    monkeypatch.setattr(supervise, "MAX_DELAY", 0.02)
    caplog.set_level(logging.INFO, logger="mashindano.serve")
    gave_up = threading.Event()
    supervisor = TaskWorkerSupervisor(
        [sys.executable, "-c", "raise SystemExit(3)"], os.environ, on_give_up=gave_up.set
    )
    supervisor.start()
    try:
        assert gave_up.wait(60)
    finally:
        supervisor.stop(timeout=10)
    assert supervisor.gave_up
    assert "exited with code 3" in caplog.text
    assert f"{supervise.GIVE_UP_AFTER} quick deaths in a row, giving up" in caplog.text
    assert _zombie_children() == []
