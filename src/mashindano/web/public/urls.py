"""Public URLs. Everything about one event lives under /e/<slug>/ (the page cache keys pages
by that slug and the event's version)."""

from __future__ import annotations

from django.urls import path

from mashindano.web.preset_urls import preset_patterns
from mashindano.web.public import live, teams, views

app_name = "public"

urlpatterns = [
    path("", views.home, name="home"),
    path("tiebreaks/", views.tiebreaks, name="tiebreaks"),
    path("e/<slug:slug>/", views.event_home, name="event"),
    path("e/<slug:slug>/round/<int:number>/", views.round_pairings, name="round"),
    path(
        "e/<slug:slug>/stage/<int:stage>/round/<int:number>/",
        views.round_pairings,
        name="stage-round",
    ),
    path(
        "e/<slug:slug>/stage/<int:stage>/group/<str:group>/round/<int:number>/",
        views.round_pairings,
        name="group-round",
    ),
    path("e/<slug:slug>/standings/", views.standings, name="standings"),
    path("e/<slug:slug>/crosstable/", views.crosstable, name="crosstable"),
    # A player's id may hold "/" (a name): `path` takes it whole (issue 30 item 10).
    path("e/<slug:slug>/player/<path:player>/", views.player_card, name="player"),
    path("e/<slug:slug>/feed.atom", views.feed, name="feed"),
    path("e/<slug:slug>/export.<str:fmt>", views.export, name="export"),
    path("e/<slug:slug>/print/<str:what>.pdf", views.print_pdf, name="print"),
    path("e/<slug:slug>/preset/", views.preset_page, name="preset"),
    path("e/<slug:slug>/month/<int:month>/", views.preset_page, name="month"),
    path("e/<slug:slug>/live/", live.live, name="live"),
    # Team events (issue 32): team standings, a round's match sheets, a team's page.
    path("e/<slug:slug>/teams/", teams.team_standings, name="teams"),
    path("e/<slug:slug>/teams/round/<int:number>/", teams.team_round, name="team-round"),
    path("e/<slug:slug>/teams/<int:number>/", teams.team_page, name="team"),
    path("e/<slug:slug>/live/panels/", live.live_panels, name="live-panels"),
    # The presets' own public pages (e.g. a KIBA championship series' table).
    *preset_patterns("public"),
]
