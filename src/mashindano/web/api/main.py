"""The API object: `/api/v1/...` operations, `/api/openapi.json`, `/api/docs` (Swagger UI from
ninja's bundled files, so it works offline)."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from django.apps import apps
from django.urls import URLPattern, URLResolver, path
from ninja import NinjaAPI

from mashindano.web.api import account, actions, common, problems, reads, takeover, writes
from mashindano.web.api.parsing import CheckedParser
from mashindano.web.api.throttling import WindowThrottle

DESCRIPTION = """\
Mashindano's REST API: the same documents as the command line's `--json`, the same rules and
permissions. Reads of events are public; writes need a personal access token
(`Authorization: Bearer msh_...`) whose scope covers the action, and the token's user must hold
the role the action needs in the event. See docs/api.md for conventions (ETag/If-None-Match,
If-Match, Idempotency-Key, cursor pagination, problem details, throttling, webhooks).
"""

PROBLEM_CODES = {"400", "401", "403", "404", "409", "412", "413", "422", "429"}


class MashindanoAPI(NinjaAPI):
    def get_openapi_schema(self, *args: Any, **kwargs: Any) -> Any:
        schema = super().get_openapi_schema(*args, **kwargs)
        for operations in schema.get("paths", {}).values():
            for operation in operations.values():
                answers: dict[str, Any] = {}
                for status, answer in operation.get("responses", {}).items():
                    # ninja keys statuses by int, openapi_extra by text: merge them as text
                    answers.setdefault(str(status), {}).update(answer)
                for status, answer in answers.items():
                    content = answer.get("content", {})
                    if status in PROBLEM_CODES and "application/json" in content:
                        answer["content"] = {problems.CONTENT_TYPE: content.pop("application/json")}
                if "responses" in operation:
                    operation["responses"] = answers
        return schema


api = MashindanoAPI(
    title="Mashindano API",
    version="1",
    description=DESCRIPTION,
    urls_namespace="api",
    throttle=[WindowThrottle("anon"), WindowThrottle("auth")],
    parser=CheckedParser(),
)
problems.install(api)
api.add_router("/v1/", common.router)
_OPERATIONS = (account, reads, writes, actions, takeover)  # importing registers their operations
# The presets' own operations (their application's `api` module), registered the same way.
_PRESET_OPERATIONS = tuple(
    import_module(module)
    for config in apps.get_app_configs()
    if (module := getattr(config, "api", None))
)


urlpatterns: list[URLPattern | URLResolver] = [path("", api.urls)]
