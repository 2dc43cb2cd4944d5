"""Issue 30 item 3: one dead process no longer takes the site down. `mashindano serve` (one
granian worker and the task worker) under a load of result reports and page reads on
PostgreSQL: the server worker is killed with SIGKILL, then the task worker. The site answers
again within 5 s, the task worker is back (another pid) and runs what falls due (the mail of
new reports goes out), serve leaves no zombie, every report answered 2xx is stored exactly
once (and none twice), and SIGTERM stops everything."""

from __future__ import annotations

import os
import signal
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ..app.smtp import smtp_server
from .conftest import make_club
from .serving import Load, children, http, server_env, serving

pytestmark = pytest.mark.postgres

RESTART_LIMIT = 5.0
"""Seconds within which the site answers again after its only server worker was killed."""


def _stored_reports(slug: str) -> Counter[int]:
    from mashindano.store import models

    boards = models.ResultReport.objects.filter(
        game__encounter__round__stage__event__slug=slug
    ).values_list("game__encounter__board", flat=True)
    return Counter(boards)


def test_issue30_item3_serve_restarts_a_killed_server_worker_and_task_worker_under_load(
    postgres_url: str, tmp_path: Path, record_property: Any
) -> None:
    """issue 30 item 3: SIGKILL of the server worker, then of the task worker, under load."""
    from mashindano.app.tasks import enqueue_tick
    from mashindano.store import models

    club = make_club(players_count=160, linked=2)
    mailed = set(range(1, 3))  # boards of the linked players, reported at the end
    with smtp_server() as inbox:
        env = server_env(
            MASHINDANO_SMTP_HOST=inbox.host,
            MASHINDANO_SMTP_PORT=str(inbox.port),
        )
        with serving(postgres_url, tmp_path, env, "serve") as server:
            started = server.wait_until_answering()
            (worker,) = server.wait_for("a server worker", server.server_workers)
            (task,) = server.wait_for("the task worker", server.task_workers)
            load = Load(
                [server.url],
                club.slug,
                club.token,
                [b for b in sorted(club.boards) if b not in mailed],
            )
            load.start()
            server.wait_for("10 reports under load", lambda: load.done_writes() >= 10)

            # The only server worker dies: the site answers again within seconds.
            os.kill(worker.pid, signal.SIGKILL)
            killed = time.monotonic()
            server.wait_for(
                "the site answering again",
                lambda: http("GET", server.url + "/e/club/standings/")[0] == 200,
                patience=60,
            )
            restart = time.monotonic() - killed
            (respawned,) = server.wait_for("a new server worker", server.server_workers)
            assert respawned.pid != worker.pid
            assert server.zombies() == []

            # The task worker dies: it is started again.
            os.kill(task.pid, signal.SIGKILL)
            (again,) = server.wait_for(
                "a new task worker",
                lambda: [t for t in server.task_workers() if t.pid != task.pid],
            )
            assert server.zombies() == []
            load.wait()

            # What falls due after the restart still runs: reports of linked players, a tick,
            # their mail.
            for board in sorted(mailed):
                status, _, body = http(
                    "POST",
                    f"{server.url}/api/v1/events/{club.slug}/results",
                    {"round": 1, "board": board, "result": "0-1"},
                    club.token,
                )
                assert status == 201, body
            enqueue_tick()

            def mailed_after_restart() -> bool:
                news = models.Notification.objects.filter(key__startswith="report:")
                pending = models.Notification.objects.filter(state="pending")
                return news.count() >= len(mailed) and not pending.exists()

            server.wait_for("the reports' mail", mailed_after_restart, patience=60)
            from django_tasks_db.models import DBTaskResult

            ran_by_new = [
                row
                for row in DBTaskResult.objects.filter(status="SUCCESSFUL")
                if any(f":{again.pid}:" in str(w) for w in row.worker_ids or [])
            ]
            assert ran_by_new, "the restarted task worker ran no task"
            assert server.zombies() == []
            output = server.output()
            stopped = server.stop()
        leftover = [c for c in children(server.pid) if c.state != "Z"]

        sent = models.Notification.objects.filter(state="sent")
        keys = Counter(inbox.keys())
    stored = _stored_reports(club.slug)
    ok = load.ok()
    counts = {
        "requests": len(load.writes) + len(load.reads),
        "writes": len(load.writes),
        "writes 2xx": len(ok),
        "writes without answer": sum(1 for s in load.writes.values() if s == 0),
        "reads": len(load.reads),
        "reads 200": sum(1 for s in load.reads if s == 200),
        "stored": sum(stored[b] for b in load.writes),
        "server start s": round(started, 2),
        "restart s": round(restart, 2),
        "mails": sum(keys.values()),
    }
    print(f"issue 30 item 3 supervision counts: {counts}")
    record_property("counts", f"supervision: {counts}")

    assert f"server worker-1 (pid {worker.pid}) was killed by signal SIGKILL" in output, output
    assert f"task worker (pid {task.pid}) was killed by signal SIGKILL" in output, output
    assert restart < RESTART_LIMIT, counts
    # Every report answered 2xx is stored exactly once; none is stored twice; one that got no
    # answer (its server died under it) is stored at most once.
    assert all(stored[b] == 1 for b in ok), counts
    assert max(stored.values()) == 1, counts
    assert set(stored) <= set(load.writes) | mailed, counts
    assert len(ok) >= 10, counts
    # Each notification mailed once.
    assert sent.count() == len(keys), counts
    assert set(keys.values()) == {1}, counts
    assert (stopped, leftover) == (0, []), output
