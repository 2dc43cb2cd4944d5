from __future__ import annotations

import pytest
from django.db import connection


@pytest.fixture
def postgres_url(transactional_db: None) -> str:
    """The URL of the (committed, transactional) PostgreSQL test database, for other processes.

    Skips unless the test database is PostgreSQL: `make test` runs tests/app a second time with
    MASHINDANO_DATABASE_URL set from MASHINDANO_TEST_POSTGRES_URL when that server is reachable.
    """
    if connection.vendor != "postgresql":
        pytest.skip(
            "needs PostgreSQL as the test database: set MASHINDANO_DATABASE_URL (make test does "
            "it from MASHINDANO_TEST_POSTGRES_URL when the server is reachable)"
        )
    s = connection.settings_dict
    user = s.get("USER") or "postgres"
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    host = s.get("HOST") or "127.0.0.1"
    port = s.get("PORT") or 5432
    return f"postgresql://{user}{password}@{host}:{port}/{s['NAME']}"
