"""The printed sheets as PDF responses (public pages and the console): the request's choices
(`round`, `stage`, `group`, `paper`, `lang`) passed to the app's `print_sheet`; the page's
language unless `lang` names another."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils import translation

from mashindano.app.errors import WrongState
from mashindano.app.principals import Principal
from mashindano.app.printing import print_sheet
from mashindano.engine.errors import ConfigError


def _number(request: HttpRequest, key: str) -> int | None:
    text = request.GET.get(key, "").strip()
    return int(text) if text.isdigit() else None


def pdf_response(
    request: HttpRequest, slug: str, what: str, *, principal: Principal | None
) -> HttpResponse:
    try:
        sheet = print_sheet(
            slug,
            what,
            number=_number(request, "round"),
            stage=_number(request, "stage") or 1,
            group=request.GET.get("group", ""),
            paper=request.GET.get("paper", "a4"),
            language=request.GET.get("lang") or translation.get_language(),
            principal=principal,
        )
    except ConfigError as error:
        return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
    except WrongState as refused:
        raise Http404(str(refused)) from None
    response = HttpResponse(sheet.pdf(), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{sheet.filename}"'
    return response
