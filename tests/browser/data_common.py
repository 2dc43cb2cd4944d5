"""What the browser tests' data scripts (`*_data.py`, run as scripts against a site's
database) share: a script imports it as `from data_common import ...` (its own folder is
first on `sys.path`), after `mashindano.config.setup.setup(db)` has set Django up."""

from __future__ import annotations


def login(username: str) -> str:
    """A session of the account, as `django.contrib.auth.login` would store it."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore

    user = User.objects.get(username=username)
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    assert session.session_key is not None
    return session.session_key
