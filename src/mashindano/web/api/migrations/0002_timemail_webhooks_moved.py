"""Webhook models now belong to the store (`events.0007_webhooks`); their tables stay:
only the API app's state forgets them."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("api", "0001_initial"),
        ("events", "0007_webhooks"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name="WebhookDelivery"),
                migrations.DeleteModel(name="Webhook"),
            ],
        ),
    ]
