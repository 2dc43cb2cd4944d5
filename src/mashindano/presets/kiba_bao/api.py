"""The KIBA preset's API operations: a championship series' table (R36). Imported by the API
(`web.api.main`) through the preset's application (`api` attribute), which registers it."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from mashindano.presets.kiba_bao.series_documents import build_championship_table
from mashindano.web.api.common import read
from mashindano.web.api.conditional import allow_any_origin, json_bytes
from mashindano.web.api.schemas import Document, responses


@read(
    "/series/{name}/championship",
    response=responses(200, Document),
    summary="KIBA championship table of a series",
    # the id it had before the preset owned it: clients generated from the schema keep it
    operation_id="mashindano_web_api_reads_championship",
)
def championship(request: HttpRequest, name: str) -> HttpResponse:
    return allow_any_origin(
        HttpResponse(
            json_bytes(build_championship_table(name).to_json()), content_type="application/json"
        )
    )
