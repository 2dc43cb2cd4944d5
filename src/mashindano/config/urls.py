"""URLs: the REST API under /api/, the admin under /admin/, the public pages at the root."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("mashindano.web.api.main")),
    path("mail/", include("mashindano.web.mail.urls")),
    path("play/", include("mashindano.web.play.urls")),
    path("", include("mashindano.web.public.urls")),
]
