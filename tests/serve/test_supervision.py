"""Issue 30 item 3: one dead process no longer takes the site down. `mashindano serve` (one
granian worker and the task worker) under a load of result reports and page reads on
PostgreSQL: the server worker is killed with SIGKILL, then the task worker. The site answers
again within 5 s, the task worker is back (another pid) and runs what falls due (the mail of
new reports goes out), serve leaves no zombie, every report answered 2xx is stored exactly
once (and none twice), and Ctrl-C (SIGINT to its process group) stops everything."""

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
from .serving import COUNTS, Load, Phases, http, server_env, serving

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

    phases = Phases()
    club = make_club(players_count=80, linked=2)
    phases.mark("event")
    mailed = set(range(1, 3))  # boards of the linked players, reported at the end
    with smtp_server() as inbox:
        env = server_env(
            MASHINDANO_SMTP_HOST=inbox.host,
            MASHINDANO_SMTP_PORT=str(inbox.port),
        )
        with serving(postgres_url, tmp_path, env, "serve") as server:
            started = server.wait_until_answering()
            phases.mark("start")
            (worker,) = server.wait_for("a server worker", server.server_workers)
            (task,) = server.wait_for("the task worker", server.task_workers)
            boards = [b for b in sorted(club.boards) if b not in mailed]
            load = Load(server.url, club.slug, club.token, boards)
            load.start()
            server.wait_for("10 reports under load", lambda: load.written() >= 10)

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
            server.wait_for(
                "every report answered", lambda: load.written() == len(boards), patience=120
            )
            load.stop()
            phases.mark("load and kills")

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
            phases.mark("mail")
            assert ran_by_new, "the restarted task worker ran no task"
            assert server.zombies() == []
            output = server.output()
            stopped = server.stop(ctrl_c=True)
            phases.mark("stop")
        leftover = server.leftovers()

        sent = models.Notification.objects.filter(state="sent")
        keys = Counter(inbox.keys())
    stored = _stored_reports(club.slug)
    ok = load.ok()
    counts = {
        "requests": len(load.writes) + len(load.reads),
        "reports sent (retries included)": len(load.writes),
        "reports 2xx": sum(1 for s in load.writes if 200 <= s < 300),
        "reports without answer": load.writes.count(0),
        "reports 5xx": sum(1 for s in load.writes if s >= 500),
        "boards reported": len(boards),
        "boards answered 2xx": len(ok),
        "stored": sum(stored[b] for b in boards),
        "reads": len(load.reads),
        "reads 200": load.reads.count(200),
        "server start s": round(started, 2),
        "restart s": round(restart, 2),
        "mails": sum(keys.values()),
        "phases s": phases.seconds,
    }
    print(f"issue 30 item 3 supervision counts: {counts}")
    record_property(COUNTS, f"supervision: {counts}")

    assert f"server worker-1 (pid {worker.pid}) was killed by signal SIGKILL" in output, output
    assert f"task worker (pid {task.pid}) was killed by signal SIGKILL" in output, output
    assert restart < RESTART_LIMIT, counts
    # Every report was answered 2xx in the end (retried with its Idempotency-Key when its
    # server died under it) and is stored exactly once.
    assert ok == set(boards), counts
    assert stored == Counter(list(club.boards)), counts
    # Each notification mailed once.
    assert sent.count() == len(keys), counts
    assert set(keys.values()) == {1}, counts
    assert (stopped, leftover) == (0, []), output
