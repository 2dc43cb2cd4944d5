"""The OpenAPI document as committed in `docs/openapi.json`; `python -m
mashindano.config.openapi > docs/openapi.json` writes it again after a deliberate change of the
API (tests/api/test_openapi.py fails while the two differ)."""

from __future__ import annotations

import json


def openapi_text() -> str:
    from mashindano.web.api.main import api

    return json.dumps(api.get_openapi_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
