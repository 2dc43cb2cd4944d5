"""URLs: the REST API under /api/, the admin under /admin/, accounts under /account/, the public
pages at the root."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("mashindano.web.api.main")),
    path("mail/", include("mashindano.web.mail.urls")),
    path("account/", include("mashindano.web.accounts.urls")),
    path("", include("mashindano.web.public.urls")),
]
