"""The API's bookkeeping: personal access tokens and stored answers to idempotent requests.
Facts about events stay in the store; these rows only say who may call the API and what it has
answered. (Webhook subscriptions and their deliveries moved to `store.models`, which the
worker's use cases can reach; their tables kept the names `api_webhook*`.)"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ApiToken(models.Model):
    """A personal access token: the user's principal narrowed to a scope.

    Only the SHA-256 digest of the secret is stored; `prefix` (the first characters of the
    secret) lets a person recognise a token in a list without revealing it.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=100)
    scope = models.CharField(max_length=20)
    prefix = models.CharField(max_length=16)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField()
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "name"], name="api_token_name_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.scope})"


class IdempotencyRecord(models.Model):
    """The first answer to a creating POST sent with an Idempotency-Key: a retry with the same
    key (by the same caller) gets this answer again instead of doing the work twice."""

    owner = models.CharField(max_length=200)
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    body = models.BinaryField()
    headers = models.JSONField(default=dict)
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["owner", "key"], name="idempotency_key_unique"),
        ]
