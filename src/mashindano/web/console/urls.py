"""Console URLs: /console/ (my events, create one) and /console/<slug>/... (one event's desk)."""

from __future__ import annotations

from django.urls import path

from mashindano.web.console import announcements, publishing, reports, takeover, teams, views
from mashindano.web.preset_urls import preset_patterns

app_name = "console"

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.new_event, name="new"),
    path("new/trf/", takeover.take_over, name="takeover"),
    # The presets' own console pages (e.g. KIBA championship series); like new/, they come
    # before (and shadow) the desk of an event of the same name.
    *preset_patterns("console"),
    path("<slug:slug>/", views.event, name="event"),
    path("<slug:slug>/do/<str:name>/", views.action, name="action"),
    path("<slug:slug>/results/", views.grid, name="grid"),
    path("<slug:slug>/results/report/", views.grid_report, name="grid-report"),
    path("<slug:slug>/draft/", views.draft, name="draft"),
    path("<slug:slug>/queues/", views.queues, name="queues"),
    path("<slug:slug>/roll-call/", views.roll_call, name="roll-call"),
    path("<slug:slug>/import/", views.import_players, name="import"),
    path("<slug:slug>/roles/", views.roles, name="roles"),
    path("<slug:slug>/audit/", views.audit, name="audit"),
    path("<slug:slug>/print/<str:what>.pdf", views.print_pdf, name="print"),
    path("<slug:slug>/roles/invite/", views.invite, name="invite"),
    path("<slug:slug>/announcements/", announcements.announcements_page, name="announcements"),
    path("<slug:slug>/reports/", reports.reports_page, name="reports"),
    path("<slug:slug>/publishing/", publishing.publishing_page, name="publishing"),
    path("<slug:slug>/teams/", teams.teams_page, name="teams"),
]
