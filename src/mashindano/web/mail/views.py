"""One-click unsubscribe (RFC 8058): the link in every message's List-Unsubscribe header.

GET shows what the link does and a button (mail scanners follow links, so a GET changes
nothing); POST, from that button or from the mail client's one-click request, sets that one
preference (that user, that kind of message) to `never`. No login: the signed token is the
authority, and it names nothing else to change.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from mashindano.app.mail import BadToken, read_unsubscribe_token, unsubscribe


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe_view(request: HttpRequest, token: str) -> HttpResponse:
    try:
        found = read_unsubscribe_token(token)
        if request.method == "POST":
            unsubscribe(token, timezone.now())
            return render(request, "web/mail/unsubscribed.html", {"kind": found.kind})
    except BadToken as exc:
        return render(request, "web/mail/bad_link.html", {"message": exc.message}, status=400)
    return render(request, "web/mail/unsubscribe.html", {"kind": found.kind})
