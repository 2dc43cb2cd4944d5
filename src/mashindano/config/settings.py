"""Django settings. Everything that differs between machines comes from the environment:

- `MASHINDANO_DATABASE_URL`: `postgresql://user@host:5432/name`, `sqlite:///path` or a plain
  path to a SQLite file; default `./var/mashindano.sqlite3`.
- `MASHINDANO_SECRET_KEY`: required in production; a fixed development key otherwise.
- `MASHINDANO_DEBUG`: `1` to turn on Django's debug mode.
- `MASHINDANO_CACHE_URL`: `redis://127.0.0.1:6379/0` to keep rendered pages in Redis (shared by
  every server process); Django's local-memory cache otherwise.
- `MASHINDANO_VERSION_TTL`: seconds a server process trusts an event's version before asking
  the database again (default 0.5; pages and the live view are at most this much behind).
- `MASHINDANO_BASE_URL`: the site's address, for links in e-mails (default
  `http://127.0.0.1:8000`).
- E-mail: `MASHINDANO_SMTP_HOST` (with `MASHINDANO_SMTP_PORT`, `MASHINDANO_SMTP_USER`,
  `MASHINDANO_SMTP_PASSWORD`, `MASHINDANO_SMTP_TLS=1` or `MASHINDANO_SMTP_SSL=1`) sends through
  that server; without it messages are written as files under `MASHINDANO_MAIL_DIR` (default
  `./var/mail`). `MASHINDANO_MAIL_FROM` is the sender.
"""

from __future__ import annotations

import os
from pathlib import Path

from django.utils.csp import CSP

from mashindano.config.database import database_settings
from mashindano.config.mail import mailer_settings

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
    "django_htmx",
    "django_tasks_db",
    "mashindano.store.apps.EventsConfig",
    "mashindano.web.apps.WebConfig",
    "ninja",
    "mashindano.web.api.apps.ApiConfig",
    "mashindano.web.mail.apps.MailConfig",
    # Bao played on the site (issue 19): /play/
    "mashindano.web.play.apps.PlayConfig",
]

# The page cache sits outside everything that needs a thread (WhiteNoise, sessions): a cached
# page or a 304 is answered on the event loop. The CSP middleware wraps it, so cached pages
# carry the policy too.
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "mashindano.web.cache.PageCacheMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "mashindano.web.api.cors.PublicReadsCors",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "mashindano.config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [Path(__file__).resolve().parents[1] / "app" / "templates"],
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
# Only for `mashindano manage collectstatic`, when a front server is to serve static files.
STATIC_ROOT = (
    Path(os.environ["MASHINDANO_STATIC_ROOT"]) if "MASHINDANO_STATIC_ROOT" in os.environ else None
)
# Static files come straight from the packages (no collectstatic step for `make run`).
WHITENOISE_USE_FINDERS = True
WHITENOISE_MAX_AGE = 3600

# No inline script or style anywhere: every script and stylesheet is a file of ours.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

CACHE_URL = os.environ.get("MASHINDANO_CACHE_URL", "")
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}
        if CACHE_URL
        else {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    )
}
VERSION_TTL = float(os.environ.get("MASHINDANO_VERSION_TTL", "0.5"))

# The REST API's throttling (requests per token, or per address for anonymous reads); None
# turns a limit off (MASHINDANO_API_THROTTLE=off, for benchmarks).
MASHINDANO_API_RATES: dict[str, str | None] = (
    {"anon": None, "auth": None}
    if os.environ.get("MASHINDANO_API_THROTTLE", "") == "off"
    else {"anon": "600/min", "auth": "1200/min"}
)
# Background tasks: django-tasks-db keeps the queue in the events database; `mashindano worker`
# runs them (it wraps `manage.py db_worker` and enqueues the periodic tick).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

BASE_URL = os.environ.get("MASHINDANO_BASE_URL", "http://127.0.0.1:8000").rstrip("/")
DEFAULT_FROM_EMAIL = os.environ.get("MASHINDANO_MAIL_FROM", "Mashindano <mashindano@localhost>")
MAILERS = {"default": mailer_settings(os.environ)}
