"""URLs: the REST API under /api/, the admin under /admin/, accounts under /account/, the public
pages at the root."""

from django.apps import apps
from django.contrib import admin
from django.urls import include, path

from mashindano.web.language import switch_language
from mashindano.web.player import registrations as player_registrations

# A lost database is a 503 with Retry-After, not a 500 (issue 30 item 11).
handler500 = "mashindano.web.errors.server_error"

urlpatterns = [
    path("admin/", admin.site.urls),
    # The language switcher in the header posts here (Django's set_language: a cookie).
    path("i18n/setlang/", switch_language, name="set_language"),
    path("api/", include("mashindano.web.api.main")),
    path("mail/", include("mashindano.web.mail.urls")),
    # Player self-service (web/player): personal pages, and the staff's registrations page.
    path("me/", include("mashindano.web.player.urls")),
    path(
        "console/<slug:slug>/registrations/",
        player_registrations.registrations,
        name="player-registrations",
    ),
    # -- console (organiser and arbiter console, issue 14 item 4)
    path("console/", include("mashindano.web.console.urls")),
    # --
    path("account/", include("mashindano.web.accounts.urls")),
    path("", include("mashindano.web.public.urls")),
]

# A preset's own pages (e.g. Bao played on the site under /play/), declared by its application.
urlpatterns[-1:-1] = [
    path(prefix, include(module))
    for config in apps.get_app_configs()
    for prefix, module in [getattr(config, "urls", ("", ""))]
    if prefix
]
