"""Webhook subscriptions and deliveries move from the API app to the store (state only): the
tables `api_webhook` and `api_webhookdelivery`, made by `api.0001_initial`, stay as they are,
rows included; `api.0002_timemail_webhooks_moved` removes the models from the API's state."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0006_audit_recorded_at"),
        ("api", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="Webhook",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("event_slug", models.SlugField(max_length=100)),
                        ("url", models.URLField(max_length=500)),
                        ("types", models.JSONField(default=list)),
                        ("secret", models.CharField(max_length=100)),
                        ("created_by", models.CharField(max_length=200)),
                        ("created_at", models.DateTimeField()),
                        (
                            "seen_version",
                            models.PositiveIntegerField(
                                default=0,
                                help_text=(
                                    "Audit versions up to this one have been turned into "
                                    "deliveries."
                                ),
                            ),
                        ),
                        ("active", models.BooleanField(default=True)),
                    ],
                    options={"db_table": "api_webhook"},
                ),
                migrations.CreateModel(
                    name="WebhookDelivery",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("message_id", models.CharField(max_length=64, unique=True)),
                        ("type", models.CharField(max_length=50)),
                        ("version", models.PositiveIntegerField()),
                        ("payload", models.JSONField()),
                        ("state", models.CharField(default="pending", max_length=20)),
                        ("attempts", models.PositiveIntegerField(default=0)),
                        ("next_attempt_at", models.DateTimeField()),
                        ("last_status", models.IntegerField(blank=True, null=True)),
                        ("last_error", models.TextField(blank=True, default="")),
                        ("delivered_at", models.DateTimeField(blank=True, null=True)),
                        ("created_at", models.DateTimeField()),
                        (
                            "webhook",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="deliveries",
                                to="events.webhook",
                            ),
                        ),
                    ],
                    options={"db_table": "api_webhookdelivery"},
                ),
            ],
        ),
    ]
