"""The KIBA preset's console pages, in the console's namespace: championship series."""

from __future__ import annotations

from django.urls import path

from mashindano.presets.kiba_bao import console_views

urlpatterns = [
    path("series/", console_views.series_list, name="series-list"),
    path("series/<slug:slug>/", console_views.series_desk, name="series"),
]
