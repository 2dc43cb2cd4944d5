"""URLs: the admin only, until the public pages and the API exist."""

from django.contrib import admin
from django.urls import path

urlpatterns = [
    path("admin/", admin.site.urls),
]
