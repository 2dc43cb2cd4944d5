"""URLs of Bao played on the site, under /play/. A game is named by its event and id."""

from __future__ import annotations

from django.urls import path

from mashindano.presets.kiba_bao.play import views

app_name = "play"

urlpatterns = [
    path("", views.my_games, name="my-games"),
    path("<slug:slug>/<int:game>/", views.game, name="game"),
    path("<slug:slug>/<int:game>/live/", views.live, name="live"),
    path("<slug:slug>/<int:game>/move/", views.move, name="move"),
    path("<slug:slug>/<int:game>/resign/", views.resign, name="resign"),
    path("<slug:slug>/<int:game>/replay/", views.replay, name="replay"),
    path("<slug:slug>/<int:game>/record.json", views.record_json, name="record-json"),
    path("<slug:slug>/<int:game>/record.txt", views.record_text, name="record-text"),
]
