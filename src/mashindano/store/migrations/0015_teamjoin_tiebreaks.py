from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0014_teams_teams"),
    ]

    operations = [
        migrations.AddField(
            model_name="teammode",
            name="tiebreaks",
            field=models.CharField(
                default="MP,GP,EDE,BH:MP/C1,BH:MP,EMMSB",
                help_text="The standings order as team tie-break codes (engine.teams.tiebreaks), "
                "comma-separated; fide_teams.md 1.4, 6.2, 6.11.",
                max_length=200,
            ),
        ),
    ]
