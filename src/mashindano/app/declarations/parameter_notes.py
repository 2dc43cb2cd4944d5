"""Help, spec ids and ranges of every preset parameter: what the engine's parameters
dataclasses cannot say about their fields (their types and defaults come from the dataclasses
themselves, see `parameters.schema_of`). The engine checks the values; a range here is what a
form shows. A test checks that every field of every preset has a note.
"""

from __future__ import annotations

from mashindano.app.declarations.parameters import Note
from mashindano.engine.kiba.parameters import BAO_VARIANTS, LOSS_ON_TIME_MODES, KibaScoreRounding
from mashindano.engine.knockout.parameters import Seeding
from mashindano.engine.knockout.tantrix import TP_FORMULAS

CHESS: dict[str, Note] = {
    "round_robin_cycles": Note("1 for a single round-robin, 2 for a double", "R4, R6", 1, 2),
    "points": Note("Points for a win, a draw and a loss: win,draw,loss", "R2"),
    "rr_tiebreaks": Note("Tie-breaks after points, in order (sb, buchholz, ...)", "R9"),
    "rr_sitout_points": Note("What sitting out a round (odd number of players) is worth", "A7"),
    "swiss_rounds": Note("Number of rounds; empty: the suggestion for the entries", "R11, A11", 1),
    "swiss_tiebreaks": Note("Tie-breaks after points, in order", "R16"),
    "swiss_bye_points": Note("What the pairing-allocated bye is worth", "R17, A7"),
    "random_seed": Note("The event's seed is used instead", "A13", internal=True),
    "swiss_pairing": Note(
        "simple: the spec's Swiss, random round 1; dutch: FIDE Dutch", "R12, A13"
    ),
}

KIBA: dict[str, Note] = {
    "min_players": Note("Fewest players the tournament starts with", "R2", 2),
    "max_players": Note("Most players; the director may set a lower limit", "R2, R3, A1", 2),
    "new_player_elo": Note("Elo given to a player without one", "R7", 0),
    "category1_min_games": Note("Games played to be in category 1", "R6", 1),
    "kiba_score": Note("How Elo/10 + games is rounded: half-even, half-up or down", "R7, A5"),
    "group_count_rule": Note("Qualification groups: ceil(n/K) or a number of groups", "R10, A6"),
    "min_group_size": Note("Smallest qualification group", "R11", 2),
    "games_per_pairing": Note("1, or 2 with sides swapped", "R20", 1, 2),
    "clock_initial_days": Note("Days on each clock at the start of a game", "R23"),
    "clock_increment_days": Note("Days added per move", "R24"),
    "clock_cap_days": Note("Most days a clock can hold", "R24"),
    "clock_timezone": Note("Zone deadlines are shown in: UTC or UTC+03:00", "R26"),
    "points_win": Note("Points for a won game", "R27"),
    "points_loss": Note("Points for a lost game", "R27"),
    "tiebreak_order": Note("Tie-breaks after the score; playoff only last", "R29"),
    "final_format": Note("The final's match: best-of-N, N odd", "R32"),
    "series_tournaments": Note("Tournaments in a championship series", "R36", 1),
    "champ_points_qual_win": Note("Championship points per qualification group won", "R37"),
    "champ_points_semi_win": Note("Championship points per semifinal group won", "R37"),
    "champ_points_finalist": Note("Championship points of the losing finalist", "R37"),
    "champ_points_winner": Note("Championship points of the winner", "R37"),
    "winner_bonus_cumulative": Note("The winner also gets the finalist's points", "R37"),
    "master_final_size": Note("Players in the master tournament", "R39", 2),
    "country_min_players": Note("Players a country needs to be ranked", "R41", 1),
    "country_best_scores": Note("Best scores counted per country", "R41", 1),
    "countries_event_countries": Note("Countries in the countries event", "R42", 2),
    "countries_event_players": Note("Players per country in the countries event", "R42", 1),
    "play_on_site": Note(
        "Games are played on the site, each move checked by the Bao engine", "R19"
    ),
    "bao_variant": Note("The game played on the site: kiswahili or kujifunza", ""),
    "loss_on_time": Note(
        "A player out of time loses at once (automatic) or the Mwamuzi is asked (proposal)",
        "R25",
    ),
    "countries": Note("The two countries, e.g. KEN,TZA; empty: those of the entries", "R42"),
}

TANTRIX: dict[str, Note] = {
    "decisive_rule_enabled": Note("The decisive-victory rule in main-draw matches", "R1, R2"),
    "plate_decisive_rule_enabled": Note("The decisive-victory rule in the plate", "A12"),
    "standard_games": Note("Games of a match before any tiebreak game", "R3", 1),
    "decisive_margin_tp": Note("A TP gap at least this large is decisive", "R7, A1"),
    "margin_tiebreak_games": Note("Tiebreak games before sudden death", "R8-R10", 0),
    "tp_per_game": Note("TPs shared out in one game", "R5, A8"),
    "time_penalty_tp": Note("TPs lost for running out of time", ""),
    "time_limit_minutes": Note("Minutes per player and game", "", 1),
    "tp_formula": Note("How a tile margin becomes TPs (sqrt-margin, ...)", "addendum"),
    "report_limit_hours": Note("Hours after the sitting to file a result form", "R16", 1),
    "offer_limit_hours": Note("Hours to offer tiebreak dates after the match", "R20, R21", 1),
    "reply_limit_hours": Note("Hours to answer an offer of tiebreak dates", "R22", 1),
    "third_place_match": Note("Play a match for third place", ""),
    "plate": Note("A consolation bracket for the first-round losers", ""),
    "seeding": Note("rating: highest first; order: as the players list", ""),
}

TASASELO: dict[str, Note] = {
    "rounds": Note("Rounds of the event, at most max_rounds", "R3", 1, 15),
    "min_players": Note("Fewest players", "R3", 2),
    "max_players": Note("Most players", "R3", 2),
    "max_rounds": Note("Most rounds an event may have", "R3", 1),
    "max_late_entries": Note("Late entries accepted after round 1", "R4, A19", 0),
    "k_factor": Note("K of the selo change per game", "R13", 20, 300),
    "expected_score_table": Note("elo, or the bands' upper bounds 3,10,17,...", "A3"),
    "scoring": Note("Points for win,draw,loss, e.g. 1,0.5,0 or 3,1,0", "R28"),
    "prize_group_size": Note("Players per prize group; empty: 2 x rounds", "R8", 1),
    "prize_group_sizes": Note("Each prize group's size, from the top", "A18"),
    "prize_groups_fixed_before_round": Note("Prize groups are fixed before this round", "R9", 1),
    "prizes_per_group": Note("Prizes in each prize group", "", 0),
    "performance_prizes": Note("Prizes for the best performance", "R32", 0),
    "one_prize_per_player": Note("A player wins one prize at most", "R32, A17"),
    "comparison_basis": Note("Whose selos the comparison figure averages", "R30, A12"),
    "round1_draw": Note("Round 1 drawn by lot (the only way supported)", "R15, A21"),
    "reserve_player": Note("The reserve who plays when the count is odd", "R26"),
    "ghost_opponent_points": Note("Result against the ghost on the 1/0.5/0 scale", "R27, A9"),
    "round1_rest_points": Note("Result of resting in round 1 on the 1/0.5/0 scale", "R6"),
    "ignore_colours": Note("Pair without the colour rules", "R20"),
    "reserve_prize_eligible": Note("The reserve may win a prize", "A10"),
    "unrated_selo": Note("Selo a simulation gives a player without one; empty: lowest", "", 1),
}

GOMOKU: dict[str, Note] = {
    "season_months": Note("Months in this event (one season of the league)", "", 1),
    "league": Note("The league's own parameters (listed one by one)", internal=True),
    "first_month": Note("Calendar month of month 1 (2026-03); empty: when it is paired", ""),
    "registration_window_days": Note("Days of the month newcomers register: first,last", "R4"),
    "newcomer_min_site_games": Note("Games on the site a newcomer needs", "R6", 0),
    "games_per_match": Note("Games of a match", "R29", 1),
    "neighbour_distance": Note("Positions up and down each player meets", "R18", 1),
    "match_points": Note("Match points win,draw,loss,no-show", "R32"),
    "points_per_game_won": Note("Points per game won", "R33"),
    "participation_threshold_edge": Note("Games for the participation bonus at the edges", "R34"),
    "participation_threshold_middle": Note("Games for the participation bonus elsewhere", "R34"),
    "participation_bonus": Note("The participation bonus", "R34"),
    "completion_bonus": Note("Bonus per completed match", "R35"),
    "top_match_bonus": Note("Bonus per match of positions 1 and 2", "R36, R37"),
    "top_multipliers": Note("Multipliers of positions 1 and 2: first,second", "R36, R37"),
    "bottom_ex_officio": Note("Ex officio points of the last two: n-1,n,min games", "R38, R39"),
    "compensation_points": Note("Points per unplayed match", "A8"),
    "suspension_stages": Note("Months suspended: first,repeated", "R41"),
    "stage_coefficient": Note("Kstage divisor and weight of the old K: divisor,weight", "R12"),
    "removal_threshold": Note("A player whose K falls below this is removed", "R15"),
    "founding_coefficient": Note("K on the founding list: base,spread", "R11"),
    "newcomer_default_coefficient": Note("K of a newcomer", "R17"),
    "pro_opening_threshold": Note("K from which the pro opening rule applies", "R26"),
    "move_time_seconds": Note("Seconds per move", "R30", 1),
    "result_report_hours": Note("Hours to report a result", "R47", 0),
    "dispute_window_hours": Note("Hours to dispute a reported result", "R47", 0),
    "challenge_window_days": Note("Days of the month for challenges: first,last", "R43"),
    "max_leaves_per_year": Note("Leaves of absence a player may take in a year", "R48", 0),
    "prizes_enabled": Note("Whether prizes are awarded (suspended by default)", "R51"),
    "top3_prize_points": Note("Prize points of the top three", "R53, A22"),
    "progress_prize": Note("Progress prize: min places,factor,round to", "R54"),
    "min_players": Note("Fewest players the league starts with", "A26", 2),
    "league_star_place": Note("Place that earns the league star", "A23", 1),
    "league_star_despite_suspension": Note("A suspended player keeps the star", "A24"),
}

KIBA_CHOICES = {
    "kiba_score": tuple(r.value for r in KibaScoreRounding),
    "bao_variant": BAO_VARIANTS,
    "loss_on_time": LOSS_ON_TIME_MODES,
}
"""Text parameters with a closed list of values (the engine checks them)."""
TANTRIX_CHOICES = {"seeding": tuple(s.value for s in Seeding), "tp_formula": tuple(TP_FORMULAS)}
