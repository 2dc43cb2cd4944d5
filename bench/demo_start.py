"""Benchmark of `make run` (issue 29, "a living demo"): seconds from `mashindano serve --demo`
starting to the first 200 answer on /, with the demo cache empty (the finished events built
through the use cases and kept) and then filled (copied into place; only the events in
progress and the accounts are built). Prints a table with the machine's load; asserts nothing.

    .venv/bin/python bench/demo_start.py [--runs 2] [--keep]

The database and its cache live in a temporary directory (removed unless --keep)."""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def first_200(db: Path, log: Path, timeout: float = 600) -> float:
    """Start `serve --demo` on `db`; seconds until / answers 200; the server is stopped."""
    port = free_port()
    env = {**os.environ, "MASHINDANO_MAIL_DIR": str(db.parent / "mail")}
    started = time.perf_counter()
    with log.open("w") as out:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "mashindano.cli.main",
                "serve",
                "--demo",
                "--db",
                str(db),
                "--port",
                str(port),
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
        try:
            while time.perf_counter() - started < timeout:
                if server.poll() is not None:
                    raise SystemExit(f"serve --demo ended early; see {log}")
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
                        if r.status == 200:
                            return time.perf_counter() - started
                except (urllib.error.URLError, OSError):
                    pass
                time.sleep(0.2)
            raise SystemExit(f"no 200 on / within {timeout} s; see {log}")
        finally:
            os.killpg(server.pid, signal.SIGINT)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2, help="starts with the cache filled")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args()
    where = Path(tempfile.mkdtemp(prefix="mashindano-demo-bench-"))
    db = where / "demo.sqlite3"
    try:
        rows = [("cache empty (built and kept)", first_200(db, where / "cold.log"))]
        for n in range(args.runs):
            rows.append((f"cache filled, start {n + 1}", first_200(db, where / f"warm{n}.log")))
        load = os.getloadavg()
        print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, {os.cpu_count()} cores")
        print(f"{'serve --demo start':32} {'first 200 on / (s)':>20}")
        for name, seconds in rows:
            print(f"{name:32} {seconds:20.1f}")
    finally:
        if args.keep:
            print(f"kept {where}")
        else:
            shutil.rmtree(where, ignore_errors=True)


if __name__ == "__main__":
    main()
