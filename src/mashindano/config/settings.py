"""Django settings. Everything that differs between machines comes from the environment:

- `MASHINDANO_DATABASE_URL`: `postgresql://user@host:5432/name`, `sqlite:///path` or a plain
  path to a SQLite file; default `./var/mashindano.sqlite3`.
- `MASHINDANO_SECRET_KEY`: required in production; a fixed development key otherwise.
- `MASHINDANO_DEBUG`: `1` to turn on Django's debug mode.
- `MASHINDANO_PRODUCTION`: `1` for the public HTTPS site (see `PRODUCTION` below: secure
  cookies, HSTS, HTTPS redirect; needs `MASHINDANO_SECRET_KEY`, `MASHINDANO_ALLOWED_HOSTS`,
  `MASHINDANO_SMTP_HOST`); `manage.py check --deploy` is clean in this mode.
- `MASHINDANO_CACHE_URL`: `redis://127.0.0.1:6379/0` to keep rendered pages in Redis (shared by
  every server process); Django's local-memory cache otherwise.
- `MASHINDANO_VERSION_TTL`: seconds a server process trusts an event's version before asking
  the database again (default 0.5; pages and the live view are at most this much behind).
- `MASHINDANO_BASE_URL`: the site's address, for links in e-mails (default
  `http://127.0.0.1:8000`).
- E-mail: `MASHINDANO_SMTP_HOST` (with `MASHINDANO_SMTP_PORT`, `MASHINDANO_SMTP_USER`,
  `MASHINDANO_SMTP_PASSWORD`, `MASHINDANO_SMTP_TLS=1` or `MASHINDANO_SMTP_SSL=1`) sends through
  that server; without it messages are written as files under `MASHINDANO_MAIL_DIR` (default
  `./var/mail`). `MASHINDANO_MAIL_FROM` is the sender. `MASHINDANO_MAIL_REPLY_DOMAIN`: the
  domain of reply addresses (`reply+<token>@domain`, delivered to `mashindano mail-in`), which
  lets players answer mails by e-mail; unset, mails carry no reply address.
- `MASHINDANO_WEBHOOK_ALLOW`: internal webhook targets the worker may reach (comma-separated
  addresses, CIDR networks or host names, each optionally `:port`); webhooks go to public
  addresses only otherwise (`mashindano.app.webhook_targets`).
"""

from __future__ import annotations

import os
from pathlib import Path

from django.utils.csp import CSP

from mashindano.app.webhook_targets import parse_allow
from mashindano.config.database import database_settings
from mashindano.config.mail import mailer_settings
from mashindano.installed_presets import PRESET_PACKAGES
from mashindano.interchange.limits import MAX_BODY_BYTES

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
    # One application per preset (mashindano/installed_presets.py): each registers its parts.
    *PRESET_PACKAGES,
]

# The page cache sits outside everything that needs a thread (WhiteNoise, sessions): a cached
# page or a 304 is answered on the event loop. The CSP middleware wraps it, so cached pages
# carry the policy too.
MIDDLEWARE = [
    # Issue 30: the host, and control characters in the address, before the cache answers.
    "mashindano.web.guard.RequestGuardMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "mashindano.web.cache.PageCacheMiddleware",
    "mashindano.web.api.conditional.ConditionalReadMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "mashindano.web.api.cors.PublicReadsCors",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "mashindano.web.language.LanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A page's documents read the site's games once (app.person_record.remembering).
    "mashindano.web.remember.RememberingMiddleware",
]

ROOT_URLCONF = "mashindano.config.urls"
# Request bodies over the limit are refused (413 problem for the API; issue 30 item 5).
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_BODY_BYTES

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
                "django.template.context_processors.i18n",
                "mashindano.web.language.context",
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
# Issue 17: the five languages of the rule books, each under its own name; the catalogs are in
# src/mashindano/locale (`make messages`). The language of a request is chosen by
# `mashindano.web.language.LanguageMiddleware`; URLs do not carry it.
LANGUAGES = [
    ("en", "English"),
    ("sw", "Kiswahili"),
    ("ro", "Română"),
    ("fa", "فارسی"),
    ("fi", "Suomi"),
]
LANGUAGES_BIDI = ["fa"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
# Ours first (makemessages writes there), then Swahili for django-allauth's own strings: it
# ships catalogs for fa, fi and ro but none for sw.
LOCALE_PATHS = [
    Path(__file__).resolve().parents[1] / "locale",
    Path(__file__).resolve().parents[1] / "locale_accounts",
]
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
MAIL_REPLY_DOMAIN = os.environ.get("MASHINDANO_MAIL_REPLY_DOMAIN", "").strip()
"""Where replies by e-mail go (`reply+<token>@<domain>`, delivered to `mashindano mail-in`);
empty: mails carry no reply address (issue 31 item 3, docs/deploy.md)."""

MASHINDANO_WEBHOOK_ALLOW = os.environ.get("MASHINDANO_WEBHOOK_ALLOW", "")
try:
    parse_allow(MASHINDANO_WEBHOOK_ALLOW)
except ValueError as _bad:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(str(_bad)) from None

# -- accounts (django-allauth) and the production mode ----------------------------------------
# Sign-up by e-mail with mandatory verification, log-in by e-mail, password reset by e-mail, and
# allauth's rate limits (kept in the cache above: per process with the local-memory cache,
# shared with Redis). Our own templates for allauth's pages are in web/accounts/templates.
# Our app first, so that its templates override allauth's.
INSTALLED_APPS += [
    "mashindano.web.accounts.apps.AccountsConfig",
    "allauth",
    "allauth.account",
]
MIDDLEWARE += ["allauth.account.middleware.AccountMiddleware"]
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "player:me"
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = "Mashindano: "
ACCOUNT_RATE_LIMITS = {
    "login": "30/m/ip",
    "login_failed": "10/m/ip,5/5m/key",
    "signup": "20/m/ip",
    "reset_password": "20/m/ip,5/m/key",
    "reset_password_from_key": "20/m/ip",
    "confirm_email": "1/3m/key",
}

MASHINDANO_DEMO = os.environ.get("MASHINDANO_DEMO", "") == "1"
"""Set by `mashindano serve --demo` only: the home page says how to log in as the demo's people."""

FAST_PASSWORD_HASHING = os.environ.get("MASHINDANO_FAST_PASSWORD_HASHING", "") == "1"
"""`MASHINDANO_FAST_PASSWORD_HASHING=1`, for the test suite only (tests/conftest.py sets it): new
passwords are hashed with a fast, weak hasher, so that each test user does not cost a second of
PBKDF2. Refused with `MASHINDANO_PRODUCTION=1`. Stored hashes of the strong hashers are still
read."""
if FAST_PASSWORD_HASHING:
    PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    ]

PRODUCTION = os.environ.get("MASHINDANO_PRODUCTION", "") == "1"
"""`MASHINDANO_PRODUCTION=1`: the site is served over HTTPS to the public. Debug is off whatever
`MASHINDANO_DEBUG` says; `MASHINDANO_SECRET_KEY` (at least 50 characters),
`MASHINDANO_ALLOWED_HOSTS` (comma-separated host names) and `MASHINDANO_SMTP_HOST` are
required; cookies are Secure, HttpOnly and SameSite=Lax; HTTP is redirected to HTTPS and HSTS
is sent for a year. `MASHINDANO_PROXY_SSL_HEADER=1` trusts `X-Forwarded-Proto: https` from a
front proxy.
`manage.py check --deploy` prints no warning in this mode (tests/web/test_production.py)."""
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_HTTPONLY = True
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if PRODUCTION:
    from django.core.exceptions import ImproperlyConfigured

    DEBUG = False
    if FAST_PASSWORD_HASHING:
        raise ImproperlyConfigured(
            "MASHINDANO_FAST_PASSWORD_HASHING=1 is for tests: not with MASHINDANO_PRODUCTION=1"
        )
    if "MASHINDANO_SECRET_KEY" not in os.environ:
        raise ImproperlyConfigured("MASHINDANO_PRODUCTION=1 needs MASHINDANO_SECRET_KEY")
    _hosts = [h.strip() for h in os.environ.get("MASHINDANO_ALLOWED_HOSTS", "").split(",")]
    ALLOWED_HOSTS = [h for h in _hosts if h]
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured("MASHINDANO_PRODUCTION=1 needs MASHINDANO_ALLOWED_HOSTS")
    if not os.environ.get("MASHINDANO_SMTP_HOST"):
        # Sign-up, password reset and notifications need mail that leaves the machine.
        raise ImproperlyConfigured("MASHINDANO_PRODUCTION=1 needs MASHINDANO_SMTP_HOST")
    CSRF_TRUSTED_ORIGINS = [f"https://{h}" for h in ALLOWED_HOSTS]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = 365 * 24 * 3600
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https"
    if os.environ.get("MASHINDANO_PROXY_SSL_HEADER", "") == "1":
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
