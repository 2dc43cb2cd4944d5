"""The Tasaselo preset's console pages, in the console's namespace: the prize budget."""

from __future__ import annotations

from django.urls import path

from mashindano.presets.tasaselo import console_views

urlpatterns = [
    path("<slug:slug>/prize-budget/", console_views.prize_budget, name="tasaselo-prize-budget"),
]
