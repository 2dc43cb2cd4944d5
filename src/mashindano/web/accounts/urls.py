"""/account/...: allauth's pages (log-in, sign-up, log-out, password reset, e-mail addresses)
and ours (profile, tokens, invitations)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path

from mashindano.web.accounts import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("profile/", views.profile, name="account-profile"),
    path("tokens/", views.tokens, name="account-tokens"),
    path("tokens/<int:token_id>/revoke/", views.revoke, name="account-token-revoke"),
    path("invite/<slug:slug>/", views.invite, name="account-invite"),
    path("invitation/<str:token>/", views.invitation, name="account-invitation"),
    path("", include("allauth.account.urls")),
]
