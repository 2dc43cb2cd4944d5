"""The KIBA preset's public pages, in the public namespace: a championship series' table."""

from __future__ import annotations

from django.urls import path

from mashindano.presets.kiba_bao import public_views

urlpatterns = [
    path("series/<slug:slug>/", public_views.series, name="series"),
]
