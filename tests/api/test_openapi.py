"""The committed OpenAPI document is the generated one: every change of the API is deliberate."""

from __future__ import annotations

from pathlib import Path

from django.test import Client

from mashindano.web.api.openapi import openapi_text

COMMITTED = Path(__file__).resolve().parents[2] / "docs" / "openapi.json"


def test_the_committed_openapi_document_is_the_generated_one() -> None:
    assert COMMITTED.is_file(), f"{COMMITTED} is missing"
    assert openapi_text() == COMMITTED.read_text(encoding="utf-8"), (
        "the API changed: if that was deliberate, run "
        "`.venv/bin/python -m mashindano.config.openapi > docs/openapi.json` and commit it"
    )


def test_the_docs_page_works_offline(client: Client) -> None:
    page = client.get("/api/docs")
    assert page.status_code == 200
    html = page.content.decode()
    assert "swagger-ui" in html
    assert "cdn" not in html.lower()
    assert "/static/ninja/" in html
