"""Django settings. Everything that differs between machines comes from the environment:

- `MASHINDANO_DATABASE_URL`: `postgresql://user@host:5432/name`, `sqlite:///path` or a plain
  path to a SQLite file; default `./var/mashindano.sqlite3`.
- `MASHINDANO_SECRET_KEY`: required in production; a fixed development key otherwise.
- `MASHINDANO_DEBUG`: `1` to turn on Django's debug mode.
"""

from __future__ import annotations

import os

from mashindano.config.database import database_settings

SECRET_KEY = os.environ.get("MASHINDANO_SECRET_KEY", "mashindano-development-key-not-secret")
DEBUG = os.environ.get("MASHINDANO_DEBUG", "") == "1"
ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "mashindano.store.apps.EventsConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "mashindano.config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": database_settings(os.environ.get("MASHINDANO_DATABASE_URL"))}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
USE_TZ = True
TIME_ZONE = "UTC"
LANGUAGE_CODE = "en"
USE_I18N = True
STATIC_URL = "static/"
