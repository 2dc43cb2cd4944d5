from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0015_teamjoin_tiebreaks"),
    ]

    operations = [
        migrations.AddField(
            model_name="teammode",
            name="system",
            field=models.CharField(
                default="round-robin",
                help_text="How the team rounds are paired: 'round-robin' (Berger tables) or "
                "'swiss' (FIDE C.04.6).",
                max_length=20,
            ),
        ),
        migrations.AddField(
            model_name="teammode",
            name="rounds",
            field=models.PositiveSmallIntegerField(
                blank=True,
                null=True,
                help_text="The rounds of a team Swiss (empty: a round-robin).",
            ),
        ),
        migrations.AddField(
            model_name="teammatch",
            name="bye_match_points",
            field=models.CharField(
                blank=True,
                default="",
                help_text="A bye's match points as given when paired (a team Swiss PAB, "
                "fide_teams.md 5.2); empty: the bye counts nothing.",
                max_length=20,
            ),
        ),
        migrations.AddField(
            model_name="teammatch",
            name="bye_game_points",
            field=models.CharField(
                blank=True, default="", help_text="A bye's game points (see above).", max_length=20
            ),
        ),
    ]
