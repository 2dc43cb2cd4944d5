from __future__ import annotations

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "mashindano.web.accounts"
    label = "web_accounts"
    verbose_name = "Accounts (web)"
