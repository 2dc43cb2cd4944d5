"""The deployment's publish folder: where round bundles go when a publisher's target is
`folder:` (`publishing`), written by the webhook sender's attempt (`webhooks.attempt`).
It imports neither, so both reach it."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from django.conf import settings

from mashindano.store.facts import Json

FOLDER = "folder:"
"""A publisher's target meaning the publish folder, not a URL."""


def folder_root() -> Path | None:
    """The deployment's publish folder (`MASHINDANO_PUBLISH_FOLDER`), or None."""
    root = str(getattr(settings, "MASHINDANO_PUBLISH_FOLDER", "") or "")
    return Path(root) if root else None


def write_folder(payload: dict[str, Json]) -> str:
    """Write a bundle into the publish folder (JSON and HTML, each replaced whole); "" when
    written, else why not."""
    root = folder_root()
    if root is None:
        return "no publish folder (MASHINDANO_PUBLISH_FOLDER)"
    slug = str(payload["event"])
    group = str(payload["group"] or "")
    name = f"{payload['stage']}-{group + '-' if group else ''}round-{payload['round']}"
    if "/" in slug or slug.startswith(".") or "/" in name or name.startswith("."):
        return "refused: bundle name"
    folder = root / slug
    data = {k: v for k, v in payload.items() if k != "html"}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for suffix, text in (
            (".json", json.dumps(data, indent=2, ensure_ascii=False)),
            (".html", str(payload["html"])),
        ):
            handle, temporary = tempfile.mkstemp(dir=folder, prefix=".bundle-")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, folder / (name + suffix))
    except OSError as exc:
        return f"not written: {exc.strerror or exc}"
    return ""
