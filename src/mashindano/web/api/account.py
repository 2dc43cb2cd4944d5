"""Tokens (the caller's own), webhook subscriptions and round-bundle publishers (an event's
organisers)."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User
from django.http import HttpRequest
from django.utils.translation import gettext
from ninja import Status

from mashindano.app import publishing, webhooks
from mashindano.app.errors import NotAllowed
from mashindano.app.permissions import authorise
from mashindano.store.models import Webhook
from mashindano.web.api.common import account, caller_of
from mashindano.web.api.models import ApiToken
from mashindano.web.api.schemas import (
    DeliveryOut,
    PublisherCreated,
    PublisherIn,
    PublisherOut,
    TokenIn,
    TokenIssued,
    TokenOut,
    WebhookCreated,
    WebhookIn,
    WebhookOut,
    responses,
)
from mashindano.web.api.tokens import Scope, issue_token, revoke_token


def _time(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _token(token: ApiToken) -> dict[str, object]:
    return {
        "id": token.id,
        "name": token.name,
        "scope": token.scope,
        "prefix": token.prefix,
        "created_at": token.created_at.isoformat(),
        "last_used_at": _time(token.last_used_at),
        "revoked_at": _time(token.revoked_at),
    }


@account("GET", "/tokens", response=responses(200, list[TokenOut]), summary="Your tokens")
def list_tokens(request: HttpRequest) -> list[dict[str, object]]:
    caller = caller_of(request)
    assert caller.principal.user_id is not None
    return [
        _token(t) for t in ApiToken.objects.filter(user_id=caller.principal.user_id).order_by("id")
    ]


@account(
    "POST",
    "/tokens",
    response=responses(201, TokenIssued),
    summary="Create a token (the secret is shown once)",
)
def create_token(request: HttpRequest, body: TokenIn) -> Status[dict[str, object]]:
    caller = caller_of(request)
    Scope.parse(body.scope)
    if caller.token_id is not None and caller.scope < Scope.ORGANISER:
        raise NotAllowed(
            gettext("tokens are made from the site's session or with an organiser-scoped token"),
            action="tokens.create",
        )
    assert caller.principal.user_id is not None
    user = User.objects.get(pk=caller.principal.user_id)
    issued = issue_token(user, body.name, body.scope)
    return Status(201, {**_token(issued.token), "token": issued.secret})


@account(
    "DELETE",
    "/tokens/{token_id}",
    response=responses(200, TokenOut),
    summary="Revoke one of your tokens",
)
def delete_token(request: HttpRequest, token_id: int) -> dict[str, object]:
    caller = caller_of(request)
    assert caller.principal.user_id is not None
    return _token(revoke_token(caller.principal.user_id, token_id))


def _may_manage(request: HttpRequest, slug: str) -> str:
    caller = caller_of(request)
    caller.require("webhooks.manage")
    authorise(caller.principal, "webhooks.manage", slug)
    return caller.principal.name


def _hook(hook: Webhook) -> dict[str, object]:
    return {
        "id": hook.id,
        "event": hook.event_slug,
        "url": hook.url,
        "types": list(hook.types),
        "created_at": hook.created_at.isoformat(),
    }


@account(
    "GET",
    "/events/{slug}/webhooks",
    response=responses(200, list[WebhookOut]),
    summary="The event's webhook subscriptions (organisers)",
)
def list_webhooks(request: HttpRequest, slug: str) -> list[dict[str, object]]:
    _may_manage(request, slug)
    return [_hook(h) for h in webhooks.list_webhooks(slug)]


@account(
    "POST",
    "/events/{slug}/webhooks",
    response=responses(201, WebhookCreated),
    summary="Subscribe a URL (the signing secret is shown once)",
)
def create_webhook(request: HttpRequest, slug: str, body: WebhookIn) -> Status[dict[str, object]]:
    who = _may_manage(request, slug)
    hook = webhooks.subscribe(slug, body.url, body.types, created_by=who)
    return Status(201, {**_hook(hook), "secret": hook.secret})


@account(
    "DELETE",
    "/events/{slug}/webhooks/{webhook_id}",
    response=responses(204, None),
    summary="Unsubscribe",
)
def delete_webhook(request: HttpRequest, slug: str, webhook_id: int) -> Status[None]:
    _may_manage(request, slug)
    webhooks.unsubscribe(slug, webhook_id)
    return Status(204, None)


@account(
    "GET",
    "/events/{slug}/webhooks/{webhook_id}/deliveries",
    response=responses(200, list[DeliveryOut]),
    summary="The deliveries of a subscription, latest first (a log)",
)
def deliveries(request: HttpRequest, slug: str, webhook_id: int) -> list[dict[str, object]]:
    _may_manage(request, slug)
    return [
        {
            "id": d.id,
            "message_id": d.message_id,
            "type": d.type,
            "version": d.version,
            "state": d.state,
            "attempts": d.attempts,
            "last_status": d.last_status,
            "last_error": d.last_error,
            "delivered_at": _time(d.delivered_at),
        }
        for d in webhooks.delivery_log(slug, webhook_id)
    ]


def _publisher(slug: str, view: publishing.PublisherView) -> dict[str, object]:
    return {
        "id": view.id,
        "event": slug,
        "target": view.target,
        "created_by": view.created_by,
        "created_at": view.created_at.isoformat(),
        "deliveries": [
            {
                "stage": d.stage,
                "group": d.group,
                "round": d.round,
                "status": d.status,
                "final": d.final,
                "attempts": d.attempts,
                "last_error": d.last_error,
                "delivered_at": _time(d.delivered_at),
            }
            for d in view.deliveries
        ],
    }


@account(
    "GET",
    "/events/{slug}/publishers",
    response=responses(200, list[PublisherOut]),
    summary="Where the event publishes each round, with each round's delivery (organisers)",
)
def list_publishers(request: HttpRequest, slug: str) -> list[dict[str, object]]:
    caller = caller_of(request)
    caller.require("publisher.read")
    return [_publisher(slug, p) for p in publishing.list_publishers(slug, actor=caller.principal)]


@account(
    "POST",
    "/events/{slug}/publishers",
    response=responses(201, PublisherCreated),
    summary="Publish each round's bundle to a URL or the site's folder (secret shown once)",
)
def create_publisher(
    request: HttpRequest, slug: str, body: PublisherIn
) -> Status[dict[str, object]]:
    caller = caller_of(request)
    caller.require("publisher.add")
    added = publishing.add_publisher(slug, body.target, actor=caller.principal)
    return Status(201, {**_publisher(slug, added), "secret": added.secret})


@account(
    "DELETE",
    "/events/{slug}/publishers/{publisher_id}",
    response=responses(204, None),
    summary="Stop publishing to a publisher",
)
def delete_publisher(request: HttpRequest, slug: str, publisher_id: int) -> Status[None]:
    caller = caller_of(request)
    caller.require("publisher.remove")
    publishing.remove_publisher(slug, publisher_id, actor=caller.principal)
    return Status(204, None)
