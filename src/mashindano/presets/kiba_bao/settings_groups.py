"""How the create form groups KIBA's thirty-odd settings: what a director sets for every
tournament first, the rule book's numbers folded below (issue 29 item 15)."""

from __future__ import annotations

from mashindano.app.declarations.parameters import FieldGroup
from mashindano.app.marks import gettext_noop

SETTING_GROUPS: tuple[FieldGroup, ...] = (
    FieldGroup(
        gettext_noop("Players and groups"),
        ("min_players", "max_players", "group_count_rule", "min_group_size", "play_on_site"),
    ),
    FieldGroup(
        gettext_noop("Games and clocks"),
        (
            "bao_variant",
            "games_per_pairing",
            "final_format",
            "clock_initial_days",
            "clock_increment_days",
            "clock_cap_days",
            "clock_timezone",
            "loss_on_time",
        ),
    ),
    FieldGroup(
        gettext_noop("Scoring and ratings"),
        (
            "points_win",
            "points_loss",
            "tiebreak_order",
            "kiba_score",
            "new_player_elo",
            "category1_min_games",
        ),
        advanced=True,
    ),
    FieldGroup(
        gettext_noop("Championship series"),
        (
            "series_tournaments",
            "champ_points_qual_win",
            "champ_points_semi_win",
            "champ_points_finalist",
            "champ_points_winner",
            "winner_bonus_cumulative",
            "master_final_size",
        ),
        advanced=True,
    ),
    FieldGroup(
        gettext_noop("Countries"),
        (
            "country_min_players",
            "country_best_scores",
            "countries_event_countries",
            "countries_event_players",
        ),
        advanced=True,
    ),
)
