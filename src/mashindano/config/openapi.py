"""`python -m mashindano.config.openapi > docs/openapi.json` writes the API's OpenAPI document
(`web.api.openapi.openapi_text`) again after a deliberate change of the API
(tests/api/test_openapi.py fails while the two differ). An entry point like `manage`: it sets
Django up here, so nothing in `web` imports `config`."""

from __future__ import annotations

import sys

from mashindano.config.setup import setup
from mashindano.web.api.openapi import openapi_text


def main() -> None:
    setup(migrate=False)
    sys.stdout.write(openapi_text())


if __name__ == "__main__":
    main()
