"""Supervision of the processes `mashindano serve` runs (issue 30 item 3): a server worker or
the task worker that dies is started again, with the reason logged, never left a zombie.

- Server workers: granian's own respawn (`respawn_failed_workers`). `SupervisedGranian` adds
  what granian does not do itself: it logs the dead worker's exit code or signal, how long it
  lived and how many times it was restarted, and it backs off (`Backoff`) where granian would
  end the whole server when a worker dies twice within a few seconds.
- The task worker (`mashindano worker`): a child process watched by a thread
  (`TaskWorkerSupervisor`), which reaps it as soon as it ends (`Popen.wait`) and starts it
  again after the back-off delay.

A process is restarted at once, unless it dies again within `STABLE_AFTER` seconds of its
start: that is a crash loop, and each next restart waits twice as long (`FIRST_DELAY`, then
doubling, at most `MAX_DELAY`); after `GIVE_UP_AFTER` quick deaths in a row `serve` stops
with an error rather than spin (a broken configuration; the service manager says so). SIGTERM or
SIGINT (Ctrl-C) stops everything: the server workers (granian), then the task worker
(SIGTERM: it finishes its current task), even in the middle of a back-off wait.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from granian import Granian

STABLE_AFTER = 10.0
"""Seconds a process must have lived for its death to be an accident, not a crash loop."""
FIRST_DELAY = 0.5
"""Seconds before the second restart in a row of a process that keeps dying within
`STABLE_AFTER` of its start (the first is immediate)."""
MAX_DELAY = 30.0
GIVE_UP_AFTER = 10
"""Quick deaths in a row after which `serve` stops with an error."""

log = logging.getLogger("mashindano.serve")


def configure_logging() -> None:
    """Our lines beside granian's, on stdout, in granian's format (`[WARNING] ...`)."""
    if log.handlers:
        return
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter("[%(levelname)s] %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False


def describe_exit(code: int | None) -> str:
    """`Popen.returncode` or `Process.exitcode` in words."""
    if code is None:
        return "ended"
    if code < 0:
        try:
            return f"was killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with code {code}"


class Backoff:
    """Restart delays of one supervised process (see the module's docstring)."""

    def __init__(self) -> None:
        self.restarts = 0
        self.quick_deaths = 0

    def next_delay(self, lived: float) -> float | None:
        """The delay before the next restart of a process that lived `lived` seconds, or None
        to give up."""
        self.restarts += 1
        if lived >= STABLE_AFTER:
            self.quick_deaths = 0
            return 0.0
        self.quick_deaths += 1
        if self.quick_deaths >= GIVE_UP_AFTER:
            return None
        if self.quick_deaths == 1:
            return 0.0
        return float(min(MAX_DELAY, FIRST_DELAY * 2 ** (self.quick_deaths - 2)))


def _report(
    what: str, code: int | None, lived: float, backoff: Backoff, delay: float | None
) -> None:
    if delay is None:
        log.error(
            "%s %s after %.1f s: %d quick deaths in a row, giving up",
            what,
            describe_exit(code),
            lived,
            backoff.quick_deaths,
        )
        return
    log.warning(
        "%s %s after %.1f s; restart %d in %.1f s",
        what,
        describe_exit(code),
        lived,
        backoff.restarts,
        delay,
    )


class SupervisedGranian(Granian):  # type: ignore[misc,valid-type]
    """Granian's server with its failed-worker respawn, plus logging and back-off."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, respawn_failed_workers=True, **kwargs)
        self.stopping = threading.Event()
        self.gave_up = False
        self.backoffs: dict[int, Backoff] = {}

    def signal_handler_interrupt(self, *args: Any, **kwargs: Any) -> None:
        self.stopping.set()
        super().signal_handler_interrupt(*args, **kwargs)

    def stop(self) -> None:
        """Stop the server from another thread (as SIGTERM would)."""
        self.signal_handler_interrupt()

    def serve(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("target_loader", load_in_own_group)
        super().serve(*args, **kwargs)

    def _respawn_workers(
        self,
        workers: Sequence[int],
        spawn_target: Callable[..., Any],
        target_loader: Callable[..., Any],
        delay: float = 0,
    ) -> None:
        for idx in workers:
            old = self.wrks[idx]
            if old.is_alive():  # a reload (SIGHUP) or a lifetime respawn: granian's own
                super()._respawn_workers([idx], spawn_target, target_loader, delay)
                continue
            code = getattr(getattr(old, "inner", None), "exitcode", None)
            lived = time.monotonic() - old.birth
            backoff = self.backoffs.setdefault(idx, Backoff())
            wait = backoff.next_delay(lived)
            _report(f"server worker-{idx + 1} (pid {old._id()})", code, lived, backoff, wait)
            if wait is None:
                self.gave_up = True
                self.stop()
                return
            if self.stopping.wait(wait):
                return  # stopping: nothing to restart
            super()._respawn_workers([idx], spawn_target, target_loader, delay)
        # Granian ends the whole server when a worker it respawned dies again within a few
        # seconds; the back-off above handles that instead.
        for idx in workers:
            self.respawned_wrks.pop(idx, None)


def load_in_own_group(target: str) -> Any:
    """Granian's loader of the application, run by each server worker as it starts, which
    first moves the worker to a process group of its own. Ctrl-C in a terminal signals the
    whole foreground group; a granian worker that got SIGINT from the terminal and SIGTERM from
    its parent at once could hang in its signal handling (seen with granian 2.8: `serve` then
    never ended). So only `serve` gets the terminal's signal and stops each worker once."""
    import multiprocessing

    from granian._internal import load_target

    if multiprocessing.parent_process() is not None:  # a worker process (not a thread of serve)
        os.setpgid(0, 0)
    return load_target(target)


class TaskWorkerSupervisor:
    """Runs `command` as a child process and starts it again whenever it ends, until `stop`.

    The child has a process group of its own, so that Ctrl-C in the terminal reaches only
    `serve`, which then stops it (SIGTERM) after the server; `on_give_up` is called (from the
    watching thread) when it dies too often in a row."""

    def __init__(
        self,
        command: Sequence[str],
        env: Mapping[str, str],
        on_give_up: Callable[[], None],
        name: str = "task worker",
    ) -> None:
        self.command = list(command)
        self.env = dict(env)
        self.on_give_up = on_give_up
        self.name = name
        self.backoff = Backoff()
        self.gave_up = False
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._started = 0.0
        self._thread = threading.Thread(
            target=self._watch, name="mashindano-supervisor", daemon=True
        )

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def start(self) -> None:
        if self._spawn():
            self._thread.start()

    def _spawn(self) -> bool:
        with self._lock:
            if self._stop.is_set():
                return False
            self._process = subprocess.Popen(self.command, env=self.env, process_group=0)
            self._started = time.monotonic()
        if self.backoff.restarts:
            log.info("%s restarted (pid %d)", self.name, self._process.pid)
        return True

    def _watch(self) -> None:
        while True:
            process = self._process
            assert process is not None
            code = process.wait()  # reaps it: no zombie
            if self._stop.is_set():
                return
            lived = time.monotonic() - self._started
            delay = self.backoff.next_delay(lived)
            _report(f"{self.name} (pid {process.pid})", code, lived, self.backoff, delay)
            if delay is None:
                self.gave_up = True
                self.on_give_up()
                return
            if self._stop.wait(delay) or not self._spawn():
                return

    def stop(self, timeout: float = 10.0) -> None:
        """Stop supervising, then ask the child to end (SIGTERM), killing it after `timeout`."""
        with self._lock:
            self._stop.set()
            process = self._process
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if self._thread.is_alive():
            self._thread.join(timeout=timeout)
