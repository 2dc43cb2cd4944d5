from __future__ import annotations

from django.urls import path

from mashindano.web.mail.views import unsubscribe_view

urlpatterns = [
    path("unsubscribe/<str:token>/", unsubscribe_view, name="mail-unsubscribe"),
]
