"""Help, spec ids and ranges of every preset parameter: what the engine's parameters
dataclasses cannot say about their fields (their types and defaults come from the dataclasses
themselves, see `parameters.schema_of`). A range here is shown by the forms and the API's
parameter lists and enforced for every front end (`parameters.check_ranges`); the engine checks
the rest. A test checks that every field of every preset has a note.
"""

from __future__ import annotations

from mashindano.app.declarations.parameters import Note
from mashindano.app.marks import gettext_noop
from mashindano.engine.kiba.parameters import BAO_VARIANTS, LOSS_ON_TIME_MODES, KibaScoreRounding
from mashindano.engine.knockout.parameters import Seeding
from mashindano.engine.knockout.tantrix import TP_FORMULAS

# Upper bounds where a rule book sets none (issue 30 item 9): far beyond any real event, so
# that an absurd value (10**18 rounds) is refused with its range instead of failing deep inside.
PLAYERS = 1_000
"""Players, groups, places and prizes: the schedules refuse more than 1,000 players."""
ROUNDS = 1_000
GAMES = 100
"""Games of one match or encounter, and games counted for a bonus."""
GAMES_PLAYED = 1_000_000
RATING = 4_000
"""Elo and selo (the API's ratings stop there too)."""
DAYS = 365
HOURS = 24 * 365
MINUTES = 24 * 60
SECONDS = 24 * 60 * 60
MONTHS = 120

CHESS: dict[str, Note] = {
    "round_robin_cycles": Note(
        gettext_noop("1 for a single round-robin, 2 for a double"), "R4, R6", 1, 2
    ),
    "points": Note(gettext_noop("Points for a win, a draw and a loss: win,draw,loss"), "R2"),
    "rr_tiebreaks": Note(
        gettext_noop("Tie-breaks after points, in order (sb, buchholz, ...)"), "R9", tiebreaks=True
    ),
    "rr_sitout_points": Note(
        gettext_noop("What sitting out a round (odd number of players) is worth"), "A7"
    ),
    "swiss_rounds": Note(
        gettext_noop("Number of rounds; empty: the suggestion for the entries"),
        "R11, A11",
        1,
        ROUNDS,
    ),
    "swiss_tiebreaks": Note(
        gettext_noop("Tie-breaks after points, in order"), "R16", tiebreaks=True
    ),
    "swiss_bye_points": Note(gettext_noop("What the pairing-allocated bye is worth"), "R17, A7"),
    "random_seed": Note(gettext_noop("The event's seed is used instead"), "A13", internal=True),
    "swiss_pairing": Note(
        gettext_noop("simple: the spec's Swiss, random round 1; dutch: FIDE Dutch"), "R12, A13"
    ),
    "swiss_acceleration": Note(
        gettext_noop("none, or baku: Baku acceleration of a FIDE Dutch pairing"), "FIDE C.04.7"
    ),
}

KIBA: dict[str, Note] = {
    "min_players": Note(
        gettext_noop("Fewest players the tournament starts with"), "R2", 2, PLAYERS
    ),
    "max_players": Note(
        gettext_noop("Most players; the director may set a lower limit"), "R2, R3, A1", 2, PLAYERS
    ),
    "new_player_elo": Note(gettext_noop("Elo given to a player without one"), "R7", 0, RATING),
    "category1_min_games": Note(
        gettext_noop("Games played to be in category 1"), "R6", 1, GAMES_PLAYED
    ),
    "kiba_score": Note(
        gettext_noop("How Elo/10 + games is rounded: half-even, half-up or down"), "R7, A5"
    ),
    "group_count_rule": Note(
        gettext_noop("Qualification groups: ceil(n/K) or a number of groups"), "R10, A6"
    ),
    "min_group_size": Note(gettext_noop("Smallest qualification group"), "R11", 2, PLAYERS),
    "games_per_pairing": Note(gettext_noop("1, or 2 with sides swapped"), "R20", 1, 2),
    "clock_initial_days": Note(
        gettext_noop("Days on each clock at the start of a game"), "R23", 0, DAYS
    ),
    "clock_increment_days": Note(gettext_noop("Days added per move"), "R24", 0, DAYS),
    "clock_cap_days": Note(gettext_noop("Most days a clock can hold"), "R24", 0, DAYS),
    "clock_timezone": Note(gettext_noop("Zone deadlines are shown in: UTC or UTC+03:00"), "R26"),
    "points_win": Note(gettext_noop("Points for a won game"), "R27"),
    "points_loss": Note(gettext_noop("Points for a lost game"), "R27"),
    "tiebreak_order": Note(gettext_noop("Tie-breaks after the score; playoff only last"), "R29"),
    "final_format": Note(gettext_noop("The final's match: best-of-N, N odd"), "R32"),
    "series_tournaments": Note(
        gettext_noop("Tournaments in a championship series"), "R36", 1, ROUNDS
    ),
    "champ_points_qual_win": Note(
        gettext_noop("Championship points per qualification group won"), "R37"
    ),
    "champ_points_semi_win": Note(
        gettext_noop("Championship points per semifinal group won"), "R37"
    ),
    "champ_points_finalist": Note(
        gettext_noop("Championship points of the losing finalist"), "R37"
    ),
    "champ_points_winner": Note(gettext_noop("Championship points of the winner"), "R37"),
    "winner_bonus_cumulative": Note(
        gettext_noop("The winner also gets the finalist's points"), "R37"
    ),
    "master_final_size": Note(gettext_noop("Players in the master tournament"), "R39", 2, PLAYERS),
    "country_min_players": Note(
        gettext_noop("Players a country needs to be ranked"), "R41", 1, PLAYERS
    ),
    "country_best_scores": Note(gettext_noop("Best scores counted per country"), "R41", 1, PLAYERS),
    "countries_event_countries": Note(
        gettext_noop("Countries in the countries event"), "R42", 2, PLAYERS
    ),
    "countries_event_players": Note(
        gettext_noop("Players per country in the countries event"), "R42", 1, PLAYERS
    ),
    "play_on_site": Note(
        gettext_noop("Games are played on the site, each move checked by the Bao engine"), "R19"
    ),
    "bao_variant": Note(gettext_noop("The game played on the site: kiswahili or kujifunza"), ""),
    "loss_on_time": Note(
        gettext_noop(
            "A player out of time loses at once (automatic) or the Mwamuzi is asked (proposal)"
        ),
        "R25",
    ),
    "countries": Note(
        gettext_noop("The two countries, e.g. KEN,TZA; empty: those of the entries"), "R42"
    ),
}

TANTRIX: dict[str, Note] = {
    "decisive_rule_enabled": Note(
        gettext_noop("The decisive-victory rule in main-draw matches"), "R1, R2"
    ),
    "plate_decisive_rule_enabled": Note(
        gettext_noop("The decisive-victory rule in the plate"), "A12"
    ),
    "standard_games": Note(
        gettext_noop("Games of a match before any tiebreak game"), "R3", 1, GAMES
    ),
    "decisive_margin_tp": Note(gettext_noop("A TP gap at least this large is decisive"), "R7, A1"),
    "margin_tiebreak_games": Note(
        gettext_noop("Tiebreak games before sudden death"), "R8-R10", 0, GAMES
    ),
    "tp_per_game": Note(gettext_noop("TPs shared out in one game"), "R5, A8"),
    "time_penalty_tp": Note(gettext_noop("TPs lost for running out of time"), ""),
    "time_limit_minutes": Note(gettext_noop("Minutes per player and game"), "", 1, MINUTES),
    "tp_formula": Note(
        gettext_noop("How a tile margin becomes TPs (sqrt-margin, ...)"), "addendum"
    ),
    "report_limit_hours": Note(
        gettext_noop("Hours after the sitting to file a result form"), "R16", 1, HOURS
    ),
    "offer_limit_hours": Note(
        gettext_noop("Hours to offer tiebreak dates after the match"), "R20, R21", 1, HOURS
    ),
    "reply_limit_hours": Note(
        gettext_noop("Hours to answer an offer of tiebreak dates"), "R22", 1, HOURS
    ),
    "third_place_match": Note(gettext_noop("Play a match for third place"), ""),
    "plate": Note(gettext_noop("A consolation bracket for the first-round losers"), ""),
    "seeding": Note(gettext_noop("rating: highest first; order: as the players list"), ""),
}

TASASELO: dict[str, Note] = {
    "rounds": Note(gettext_noop("Rounds of the event, at most max_rounds"), "R3", 1, ROUNDS),
    "min_players": Note(gettext_noop("Fewest players"), "R3", 2, PLAYERS),
    "max_players": Note(gettext_noop("Most players"), "R3", 2, PLAYERS),
    "max_rounds": Note(gettext_noop("Most rounds an event may have"), "R3", 1, ROUNDS),
    "max_late_entries": Note(
        gettext_noop("Late entries accepted after round 1"), "R4, A19", 0, PLAYERS
    ),
    "k_factor": Note(gettext_noop("K of the selo change per game"), "R13", 20, 300),
    "expected_score_table": Note(gettext_noop("elo, or the bands' upper bounds 3,10,17,..."), "A3"),
    "scoring": Note(gettext_noop("Points for win,draw,loss, e.g. 1,0.5,0 or 3,1,0"), "R28"),
    "prize_group_size": Note(
        gettext_noop("Players per prize group; empty: 2 x rounds"), "R8", 1, PLAYERS
    ),
    "prize_group_sizes": Note(gettext_noop("Each prize group's size, from the top"), "A18"),
    "prize_groups_fixed_before_round": Note(
        gettext_noop("Prize groups are fixed before this round"), "R9", 1, ROUNDS
    ),
    "prizes_per_group": Note(gettext_noop("Prizes in each prize group"), "", 0, PLAYERS),
    "performance_prizes": Note(gettext_noop("Prizes for the best performance"), "R32", 0, PLAYERS),
    "one_prize_per_player": Note(gettext_noop("A player wins one prize at most"), "R32, A17"),
    "comparison_basis": Note(
        gettext_noop("Whose selos the comparison figure averages"), "R30, A12"
    ),
    "round1_draw": Note(gettext_noop("Round 1 drawn by lot (the only way supported)"), "R15, A21"),
    "reserve_player": Note(gettext_noop("The reserve who plays when the count is odd"), "R26"),
    "ghost_opponent_points": Note(
        gettext_noop("Result against the ghost on the 1/0.5/0 scale"), "R27, A9"
    ),
    "round1_rest_points": Note(
        gettext_noop("Result of resting in round 1 on the 1/0.5/0 scale"), "R6"
    ),
    "ignore_colours": Note(gettext_noop("Pair without the colour rules"), "R20"),
    "reserve_prize_eligible": Note(gettext_noop("The reserve may win a prize"), "A10"),
    "unrated_selo": Note(
        gettext_noop("Selo a simulation gives a player without one; empty: lowest"), "", 1, RATING
    ),
}

GOMOKU: dict[str, Note] = {
    "season_months": Note(
        gettext_noop("Months in this event (one season of the league)"), "", 1, MONTHS
    ),
    "league": Note(gettext_noop("The league's own parameters (listed one by one)"), internal=True),
    "first_month": Note(
        gettext_noop("Calendar month of month 1 (2026-03); empty: when it is paired"), ""
    ),
    "registration_window_days": Note(
        gettext_noop("Days of the month newcomers register: first,last"), "R4"
    ),
    "newcomer_min_site_games": Note(
        gettext_noop("Games on the site a newcomer needs"), "R6", 0, GAMES_PLAYED
    ),
    "games_per_match": Note(gettext_noop("Games of a match"), "R29", 1, GAMES),
    "neighbour_distance": Note(
        gettext_noop("Positions up and down each player meets"), "R18", 1, PLAYERS
    ),
    "match_points": Note(gettext_noop("Match points win,draw,loss,no-show"), "R32"),
    "points_per_game_won": Note(gettext_noop("Points per game won"), "R33"),
    "participation_threshold_edge": Note(
        gettext_noop("Games for the participation bonus at the edges"), "R34", 0, GAMES
    ),
    "participation_threshold_middle": Note(
        gettext_noop("Games for the participation bonus elsewhere"), "R34", 0, GAMES
    ),
    "participation_bonus": Note(gettext_noop("The participation bonus"), "R34"),
    "completion_bonus": Note(gettext_noop("Bonus per completed match"), "R35"),
    "top_match_bonus": Note(gettext_noop("Bonus per match of positions 1 and 2"), "R36, R37"),
    "top_multipliers": Note(
        gettext_noop("Multipliers of positions 1 and 2: first,second"), "R36, R37"
    ),
    "bottom_ex_officio": Note(
        gettext_noop("Ex officio points of the last two: n-1,n,min games"), "R38, R39"
    ),
    "compensation_points": Note(gettext_noop("Points per unplayed match"), "A8"),
    "suspension_stages": Note(gettext_noop("Months suspended: first,repeated"), "R41"),
    "stage_coefficient": Note(
        gettext_noop("Kstage divisor and weight of the old K: divisor,weight"), "R12"
    ),
    "removal_threshold": Note(gettext_noop("A player whose K falls below this is removed"), "R15"),
    "founding_coefficient": Note(gettext_noop("K on the founding list: base,spread"), "R11"),
    "newcomer_default_coefficient": Note(gettext_noop("K of a newcomer"), "R17"),
    "pro_opening_threshold": Note(gettext_noop("K from which the pro opening rule applies"), "R26"),
    "move_time_seconds": Note(gettext_noop("Seconds per move"), "R30", 1, SECONDS),
    "result_report_hours": Note(gettext_noop("Hours to report a result"), "R47", 0, HOURS),
    "dispute_window_hours": Note(
        gettext_noop("Hours to dispute a reported result"), "R47", 0, HOURS
    ),
    "challenge_window_days": Note(
        gettext_noop("Days of the month for challenges: first,last"), "R43"
    ),
    "max_leaves_per_year": Note(
        gettext_noop("Leaves of absence a player may take in a year"), "R48", 0, MONTHS
    ),
    "prizes_enabled": Note(
        gettext_noop("Whether prizes are awarded (suspended by default)"), "R51"
    ),
    "top3_prize_points": Note(gettext_noop("Prize points of the top three"), "R53, A22"),
    "progress_prize": Note(gettext_noop("Progress prize: min places,factor,round to"), "R54"),
    "min_players": Note(gettext_noop("Fewest players the league starts with"), "A26", 2, PLAYERS),
    "league_star_place": Note(gettext_noop("Place that earns the league star"), "A23", 1, PLAYERS),
    "league_star_despite_suspension": Note(
        gettext_noop("A suspended player keeps the star"), "A24"
    ),
}

KIBA_CHOICES = {
    "kiba_score": tuple(r.value for r in KibaScoreRounding),
    "bao_variant": BAO_VARIANTS,
    "loss_on_time": LOSS_ON_TIME_MODES,
}
"""Text parameters with a closed list of values (the engine checks them)."""
TANTRIX_CHOICES = {"seeding": tuple(s.value for s in Seeding), "tp_formula": tuple(TP_FORMULAS)}
