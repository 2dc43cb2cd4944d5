"""Where e-mail goes, from the environment: an SMTP server in production, files otherwise."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

DEFAULT_MAIL_DIR = Path("var") / "mail"
SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
FILE_BACKEND = "django.core.mail.backends.filebased.EmailBackend"


def mailer_settings(environ: Mapping[str, str]) -> dict[str, Any]:
    """Django's MAILERS["default"]: SMTP when `MASHINDANO_SMTP_HOST` is set (port, user,
    password, TLS or SSL from the other `MASHINDANO_SMTP_*` variables), else the file backend
    writing under `MASHINDANO_MAIL_DIR` (default ./var/mail)."""
    host = environ.get("MASHINDANO_SMTP_HOST", "")
    if host:
        return {
            "BACKEND": SMTP_BACKEND,
            "OPTIONS": {
                "host": host,
                "port": int(environ.get("MASHINDANO_SMTP_PORT", "25")),
                "username": environ.get("MASHINDANO_SMTP_USER", ""),
                "password": environ.get("MASHINDANO_SMTP_PASSWORD", ""),
                "use_tls": environ.get("MASHINDANO_SMTP_TLS", "") == "1",
                "use_ssl": environ.get("MASHINDANO_SMTP_SSL", "") == "1",
                "timeout": 30,
            },
        }
    folder = Path(environ.get("MASHINDANO_MAIL_DIR", str(DEFAULT_MAIL_DIR))).resolve()
    return {"BACKEND": FILE_BACKEND, "OPTIONS": {"file_path": str(folder)}}


def describe(config: Mapping[str, Any]) -> str:
    options = config.get("OPTIONS", {})
    backend = str(config.get("BACKEND", SMTP_BACKEND))
    if backend == FILE_BACKEND:
        return f"written as files under {options.get('file_path')}"
    if backend == SMTP_BACKEND:
        return f"sent through SMTP {options.get('host')}:{options.get('port')}"
    return f"handled by {backend}"
