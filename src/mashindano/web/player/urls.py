"""Player self-service, under /me/ (personal pages: never cached)."""

from __future__ import annotations

from django.urls import path

from mashindano.web.player import talk, teams, views

app_name = "player"

urlpatterns = [
    path("", views.my_page, name="me"),
    path("join/", views.open_events, name="open-events"),
    path("e/<slug:slug>/join/", views.join, name="join"),
    path("e/<slug:slug>/do/<str:name>/", views.action, name="action"),
    path("e/<slug:slug>/withdraw-link/", views.withdraw_link, name="withdraw-link"),
    path("e/<slug:slug>/game/<int:game>/talk/", talk.game_talk, name="talk"),
    path("e/<slug:slug>/talk/hide/", talk.hide_message, name="talk-hide"),
    path("e/<slug:slug>/report/", talk.report, name="report"),
    path("e/<slug:slug>/captain/", teams.captain, name="captain"),
    path("e/<slug:slug>/boards/", teams.my_boards, name="boards"),
]
