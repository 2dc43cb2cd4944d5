"""Personal access tokens: named, scoped, stored hashed, revocable, with their last use.

A token stands for its user: the principal the use cases see is the user's own, with the
user's roles in each event. The scope only narrows what the token may ask for, so a token can
never do more than its user (an organiser scope on an account that is only a player of an
event is still refused the organiser's actions there).

Scopes are ordered: read < report < arbiter < organiser. Every event action of
`app.permissions.ACTIONS` needs the lowest scope that covers the roles allowed to perform it:
report for what assistants or players may do, arbiter for what arbiters may do, organiser for
the rest (and for creating events, tokens aside).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import IntEnum

from django.contrib.auth.models import AbstractUser, User
from django.utils import timezone
from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, NotAllowed, NotFound
from mashindano.app.people import principal_for_user
from mashindano.app.permissions import ACTIONS, Role
from mashindano.app.principals import Principal
from mashindano.engine.errors import ParseError
from mashindano.web.api.models import ApiToken

TOKEN_PREFIX = "msh_"
LAST_USED_RESOLUTION = timedelta(minutes=1)
"""`last_used_at` is written at most once a minute per token, so reads stay reads."""


class Scope(IntEnum):
    READ = 1
    REPORT = 2
    ARBITER = 3
    ORGANISER = 4

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Scope:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            allowed = ", ".join(s.label for s in cls)
            raise ParseError(
                gettext("scope {text!r} is not one of {allowed}").format(
                    text=text, allowed=allowed
                ),
                scope=text,
            ) from None


SITE_ACTIONS = {"event.create": Scope.ORGANISER, "webhooks.manage": Scope.ORGANISER}
"""Actions outside the per-event table that a token's scope must still cover."""

READ_ACTIONS = {"audit.read"}


def scope_needed(action: str) -> Scope:
    """The lowest scope a token needs to ask for `action`."""
    if action in READ_ACTIONS:
        return Scope.READ
    if action in SITE_ACTIONS:
        return SITE_ACTIONS[action]
    rule = ACTIONS.get(action)
    if rule is None:
        return Scope.ORGANISER
    if rule.own or Role.ASSISTANT in rule.roles or Role.CAPTAIN in rule.roles:
        # A captain acting for their team (line-ups, rosters) is a player-side action.
        return Scope.REPORT
    if Role.ARBITER in rule.roles:
        return Scope.ARBITER
    return Scope.ORGANISER


@dataclass(frozen=True, slots=True)
class Caller:
    """Who calls the API: the user's principal and what the credential allows."""

    principal: Principal
    scope: Scope
    token_id: int | None = None
    """None for the site's own session."""

    def __str__(self) -> str:
        # Throttling keys on this text (hashed): one bucket per token, or per session user.
        return f"token:{self.token_id}" if self.token_id else f"user:{self.principal.user_id}"

    @property
    def owner(self) -> str:
        """Whose Idempotency-Keys these are."""
        return f"user:{self.principal.user_id}"

    def require(self, action: str) -> None:
        """Refuse an action beyond the token's scope (the user's roles are checked by the use
        case itself)."""
        needed = scope_needed(action)
        if self.scope < needed:
            raise NotAllowed(
                gettext("this token's scope is {label}; {action} needs {label2}").format(
                    label=self.scope.label, action=action, label2=needed.label
                ),
                action=action,
                scope=self.scope.label,
            )


def digest_of(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class IssuedToken:
    token: ApiToken
    secret: str
    """Shown once, when the token is created; only its digest is kept."""


def issue_token(user: User, name: str, scope: str) -> IssuedToken:
    wanted = Scope.parse(scope)
    name = name.strip()
    if not name:
        raise ParseError(gettext("a token needs a name"))
    if ApiToken.objects.filter(user=user, name=name).exists():
        raise Duplicate(
            gettext("a token named {name!r} exists already").format(name=name), token=name
        )
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user,
        name=name,
        scope=wanted.label,
        prefix=secret[: len(TOKEN_PREFIX) + 6],
        digest=digest_of(secret),
        created_at=timezone.now(),
    )
    return IssuedToken(token, secret)


def revoke_token(user_id: int, token_id: int) -> ApiToken:
    token = ApiToken.objects.filter(user_id=user_id, id=token_id).first()
    if token is None:
        raise NotFound(gettext("no token {token_id}").format(token_id=token_id), token=token_id)
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


def caller_for_secret(secret: str, *, now: datetime | None = None) -> Caller | None:
    """The caller a Bearer secret stands for; None when it is unknown or revoked."""
    if not secret.startswith(TOKEN_PREFIX):
        return None
    token = (
        ApiToken.objects.select_related("user")
        .filter(digest=digest_of(secret), revoked_at__isnull=True)
        .first()
    )
    if token is None or not token.user.is_active:
        return None
    principal = principal_for_user(token.user)
    if principal is None:
        return None
    when = now or timezone.now()
    if token.last_used_at is None or when - token.last_used_at >= LAST_USED_RESOLUTION:
        ApiToken.objects.filter(id=token.id).update(last_used_at=when)
    return Caller(principal, Scope.parse(token.scope), token.id)


def caller_for_user(user: AbstractUser) -> Caller | None:
    """The site's own session: the user's full roles (no scope narrows them)."""
    principal = principal_for_user(user)
    return None if principal is None else Caller(principal, Scope.ORGANISER)
