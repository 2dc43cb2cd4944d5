"""People behind the principals: user accounts, their roles in events, and their entries.

`principal_for_user` turns an account into the principal the use cases take; `grant_role` and
`revoke_role` manage the membership rows that give organisers, arbiters and assistants their
roles in one event; `link_entry` ties an entry to the account that plays it (the player role).
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractUser, AnonymousUser
from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, UnknownPlayer, UnknownUser
from mashindano.app.locking import locked_event
from mashindano.app.permissions import MEMBER_ROLES, Role
from mashindano.app.principals import Principal
from mashindano.engine.errors import ParseError
from mashindano.store import models

CREATE_EVENTS_PERMISSION = "events.add_event"
"""The site permission of event creators (Django's own model permission on `Event`)."""


def principal_for_user(user: AbstractUser | AnonymousUser) -> Principal | None:
    """The principal of a logged-in account; None for an anonymous visitor."""
    if not user.is_authenticated or user.pk is None:
        return None
    is_superuser = bool(getattr(user, "is_superuser", False))
    return Principal.user(
        int(user.pk),
        user.get_username(),
        is_superuser=is_superuser,
        can_create_events=is_superuser or user.has_perm(CREATE_EVENTS_PERMISSION),
    )


def principal_for_username(username: str) -> Principal:
    """The principal of the account with this user name (the CLI's `MASHINDANO_AS_USER`)."""
    user_model = get_user_model()
    try:
        user = user_model.objects.get(**{user_model.USERNAME_FIELD: username})
    except user_model.DoesNotExist:
        raise UnknownUser(
            gettext("no user {username!r}").format(username=username), user=username
        ) from None
    principal = principal_for_user(user)
    assert principal is not None
    return principal


def _user_id(username: str) -> int:
    user_model = get_user_model()
    found = (
        user_model.objects.filter(**{user_model.USERNAME_FIELD: username})
        .values_list("pk", flat=True)
        .first()
    )
    if found is None:
        raise UnknownUser(gettext("no user {username!r}").format(username=username), user=username)
    return int(found)


def _role(text: str) -> Role:
    try:
        role = Role(text)
    except ValueError:
        role = None
    if role not in MEMBER_ROLES:
        allowed = ", ".join(r.value for r in MEMBER_ROLES)
        raise ParseError(
            gettext("role {text!r} is not one of {allowed}").format(text=text, allowed=allowed),
            role=text,
        )
    assert role is not None
    return role


def grant_role(
    slug: str, username: str, role: str, *, actor: Principal, now: datetime | None = None
) -> None:
    """Give a user a role in the event (organiser, arbiter or assistant)."""
    wanted = _role(role)
    user_id = _user_id(username)
    with locked_event(slug, actor, "roles.grant", now=now) as context:
        if models.EventRole.objects.filter(
            event=context.event, user_id=user_id, role=wanted.value
        ).exists():
            raise Duplicate(
                gettext("{username} is already {value} of {slug!r}").format(
                    username=username, value=wanted.value, slug=slug
                ),
                event=slug,
                user=username,
            )
        models.EventRole.objects.create(
            event=context.event,
            user_id=user_id,
            role=wanted.value,
            granted_at=context.now,
            granted_by=context.actor,
        )
        context.record(after={"user": username, "role": wanted.value})


def revoke_role(
    slug: str, username: str, role: str, *, actor: Principal, now: datetime | None = None
) -> None:
    wanted = _role(role)
    user_id = _user_id(username)
    with locked_event(slug, actor, "roles.grant", now=now) as context:
        deleted, _ = models.EventRole.objects.filter(
            event=context.event, user_id=user_id, role=wanted.value
        ).delete()
        if not deleted:
            raise UnknownUser(
                gettext("{username} is not {value} of {slug!r}").format(
                    username=username, value=wanted.value, slug=slug
                ),
                event=slug,
                user=username,
            )
        context.record(before={"user": username, "role": wanted.value})


def link_entry(
    slug: str, player: str, username: str, *, actor: Principal, now: datetime | None = None
) -> None:
    """Tie the entry `player` (its key or name) to the account that plays it."""
    user_id = _user_id(username)
    with locked_event(slug, actor, "players.register", now=now) as context:
        entry = (
            models.Entry.objects.filter(event=context.event, key=player).first()
            or models.Entry.objects.filter(event=context.event, name=player).first()
        )
        if entry is None:
            raise UnknownPlayer(
                gettext("no player {player!r} in {slug!r}").format(player=player, slug=slug),
                event=slug,
                player=player,
            )
        if models.Entry.objects.filter(event=context.event, user_id=user_id).exists():
            raise Duplicate(
                gettext("{username} already plays an entry of {slug!r}").format(
                    username=username, slug=slug
                ),
                event=slug,
                user=username,
            )
        before = entry.user_id
        entry.user_id = user_id
        entry.save(update_fields=["user"])
        context.record(
            before={"player": entry.key, "user": before},
            after={
                "player": entry.key,
                "user": username,
            },
        )
