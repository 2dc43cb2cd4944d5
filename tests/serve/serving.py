"""`mashindano serve` as a real process for the supervision tests (issue 30): started on a
free port over a PostgreSQL database, its children read from /proc, HTTP through urllib, and
a load of result reports and page reads from a few client threads."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
STARTUP_PATIENCE = 120.0
"""Seconds a server may take to answer its first page (a busy 2-core machine)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Child:
    pid: int
    state: str
    command: str


def processes() -> Iterator[tuple[Child, int]]:
    """Every process of the machine with its parent's pid, from /proc."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        yield Child(int(entry.name), fields[0], command), int(fields[1])


def children(pid: int) -> list[Child]:
    """The live and zombie child processes of `pid`."""
    return [child for child, parent in processes() if parent == pid]


def http(
    method: str,
    url: str,
    body: dict[str, Any] | None = None,
    token: str | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body); status 0 when the connection failed."""
    sent = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    sent.update(headers or {})
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode() if body is not None else None,
        headers=sent,
        method=method,
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return int(answer.status), dict(answer.headers), answer.read()
    except urllib.error.HTTPError as exc:
        return int(exc.code), dict(exc.headers), exc.read()
    except (OSError, urllib.error.URLError):
        return 0, {}, b""


class Server:
    """One `mashindano serve` process; its output goes to a log file (a full pipe would
    block it)."""

    def __init__(self, database_url: str, folder: Path, env: dict[str, str], name: str) -> None:
        self.port = free_port()
        self.database_url = database_url
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"{name}.log"
        command = [sys.executable, "-m", "mashindano.cli.main", "serve", "--db", database_url,
                   "--port", str(self.port), "--workers", "1"]  # fmt: skip
        with self.log.open("wb") as output:
            # A session of its own, as in a terminal: Ctrl-C signals its whole process group.
            self.process = subprocess.Popen(
                command,
                env=env,
                cwd=folder,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    @property
    def pid(self) -> int:
        return self.process.pid

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_until_answering(self, patience: float = STARTUP_PATIENCE) -> float:
        """Seconds until `/` answered 200 (polled every 50 ms)."""
        start = time.monotonic()
        while http("GET", self.url + "/")[0] != 200:
            if self.process.poll() is not None or time.monotonic() - start > patience:
                pytest.fail(f"the server on {self.url} does not answer: {self.output()[-3000:]}")
            time.sleep(0.05)
        return time.monotonic() - start

    def server_workers(self) -> list[Child]:
        return [c for c in children(self.pid) if " serve " in c.command and c.state != "Z"]

    def task_workers(self) -> list[Child]:
        return [c for c in children(self.pid) if " worker " in c.command and c.state != "Z"]

    def leftovers(self) -> list[Child]:
        """Live processes of this server (its own or its workers, whoever their parent now)."""
        marks = (f" --port {self.port} ", f" worker --db {self.database_url}")
        return [
            child
            for child, _ in processes()
            if child.state != "Z" and any(m in child.command + " " for m in marks)
        ]

    def zombies(self) -> list[Child]:
        return [c for c in children(self.pid) if c.state == "Z"]

    def wait_for(self, what: str, check: Any, patience: float = 30.0) -> Any:
        deadline = time.monotonic() + patience
        while True:
            found = check()
            if found:
                return found
            if self.process.poll() is not None:
                pytest.fail(f"serve ended ({self.process.returncode}) waiting for {what}: "
                            f"{self.output()[-3000:]}")  # fmt: skip
            if time.monotonic() > deadline:
                pytest.fail(f"{what} within {patience} s; server output: {self.output()[-3000:]}")
            time.sleep(0.05)

    def stop(self, ctrl_c: bool = False) -> int:
        """SIGTERM (or with `ctrl_c` SIGINT to its process group, as Ctrl-C in a terminal),
        and the exit code once everything stopped."""
        if self.process.poll() is None:
            if ctrl_c:
                os.killpg(self.pid, signal.SIGINT)
            else:
                self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise


@contextmanager
def serving(database_url: str, folder: Path, env: dict[str, str], name: str) -> Iterator[Server]:
    """A started server, stopped (and its task worker) when the block ends."""
    server = Server(database_url, folder, env, name)
    try:
        yield server
    finally:
        if server.process.poll() is None:
            server.stop()
        for child in server.leftovers():  # nothing left behind, even on failure
            os.kill(child.pid, signal.SIGKILL)


def server_env(**extra: str) -> dict[str, str]:
    """The servers' environment: no shared cache unless given, no API rate limit (the load
    is a few clients with one token)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MASHINDANO_")}
    env.update({"MASHINDANO_API_THROTTLE": "off", "PYTHONPATH": os.environ.get("PYTHONPATH", "")})
    env.update(extra)
    return env


@dataclass
class Load:
    """Client threads reporting one result per board through the API and reading the
    standings in between; then only reading, until `stop`. A report that gets no answer or a
    5xx (its server died under it) is sent again with the same `Idempotency-Key`, as a client
    should: it is stored once whether or not the first try was."""

    url: str
    slug: str
    token: str
    boards: list[int]
    clients: int = 3
    pause: float = 0.05
    patience: float = 60.0
    """Seconds a client keeps retrying one report."""
    writes: list[int] = field(default_factory=list)
    """HTTP status of every report sent, retries included (0: no answer)."""
    reported: dict[int, int] = field(default_factory=dict)
    """Board -> the final status of its report."""
    reads: list[int] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _stop: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)

    def start(self) -> None:
        queue = iter(self.boards)
        for _ in range(self.clients):
            thread = threading.Thread(target=self._client, args=(queue,), daemon=True)
            self._threads.append(thread)
            thread.start()

    def _client(self, queue: Iterator[int]) -> None:
        while not self._stop.is_set():
            with self._lock:
                board = next(queue, None)
            if board is not None:
                self._report(board)
            read, _, _ = http("GET", f"{self.url}/e/{self.slug}/standings/")
            with self._lock:
                self.reads.append(read)
            self._stop.wait(self.pause if read else 0.1)

    def _report(self, board: int) -> None:
        deadline = time.monotonic() + self.patience
        while True:
            status, _, _ = http(
                "POST",
                f"{self.url}/api/v1/events/{self.slug}/results",
                {"round": 1, "board": board, "result": "1-0"},
                self.token,
                {"Idempotency-Key": f"load-{board}"},
            )
            with self._lock:
                self.writes.append(status)
            if (status and status < 500) or time.monotonic() > deadline:
                with self._lock:
                    self.reported[board] = status
                return
            self._stop.wait(0.1)  # a server that does not answer is given a moment

    def written(self) -> int:
        with self._lock:
            return len(self.reported)

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(self.patience + 30)

    def ok(self) -> set[int]:
        return {board for board, status in self.reported.items() if 200 <= status < 300}


class Phases:
    """Seconds spent in each phase of a test, for its printed counts."""

    def __init__(self) -> None:
        self.last = time.monotonic()
        self.seconds: dict[str, float] = {}

    def mark(self, name: str) -> None:
        now = time.monotonic()
        self.seconds[name] = round(now - self.last, 1)
        self.last = now


COUNTS = "counts"
"""`record_property(COUNTS, text)`: shown in the run's summary (tests/conftest.py)."""
