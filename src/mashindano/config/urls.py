"""URLs: the public pages at the root, the admin under /admin/."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("mail/", include("mashindano.web.mail.urls")),
    path("", include("mashindano.web.public.urls")),
]
