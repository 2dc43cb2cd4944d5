from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0016_teamjoin_swiss"),
    ]

    operations = [
        migrations.AddField(
            model_name="teammode",
            name="board_prize_games",
            field=models.PositiveSmallIntegerField(
                blank=True,
                null=True,
                help_text="Board prizes: the fewest games on a board that rank a player for "
                "its prize (empty: two thirds of the event's rounds, rounded up).",
            ),
        ),
    ]
