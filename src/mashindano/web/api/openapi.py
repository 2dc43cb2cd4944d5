"""The OpenAPI document as committed in `docs/openapi.json`:
`python -m mashindano.web.api.openapi > docs/openapi.json` writes it again after a deliberate
change of the API (tests/api/test_openapi.py fails while the two differ)."""

from __future__ import annotations

import json
import sys


def openapi_text() -> str:
    from mashindano.web.api.main import api

    return json.dumps(api.get_openapi_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> None:
    from mashindano.config.setup import setup

    setup(migrate=False)
    sys.stdout.write(openapi_text())


if __name__ == "__main__":
    main()
