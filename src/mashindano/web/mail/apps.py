from __future__ import annotations

from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "mashindano.web.mail"
    label = "mail"
