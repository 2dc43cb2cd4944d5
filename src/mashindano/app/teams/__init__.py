"""Teams (issue 32 items 1 and 3): any preset's games played in teams.

An event gets a team mode (`setup.set_team_mode`: boards per match, match points, what a
missing line-up brings); its entries are grouped in teams with a captain and a ranked roster;
team matches are paired per round; captains submit line-ups before a deadline
(`lineups.submit_lineup`), shown to the other side once both are in; board results are
reported by a captain or a board's player and confirmed by the other side
(`boards.report_board` ...), and the match result is derived (`rules.match_score`).

Joined with the pure engine parts (engine/teams):
- `rules.match_score` / `rules.game_points`: the engine's team model (`engine.teams.model`)
  read with the stored board results.
- `standings.team_event_of`: the stored facts as an `engine.teams.model.TeamEvent`;
  `documents.rank_teams` ranks by the team mode's tie-break codes with
  `engine.teams.tiebreaks.team_standings` (default `rules.DEFAULT_TIEBREAKS`).
- `setup.pair_team_round`: by the team mode's `system`, the team round-robin
  (`engine.teams.round_robin`) or the team Swiss (`engine.teams.pairing`) from the stored
  history, its PAB stored with its value (`TeamMatch.bye_match_points`, `bye_game_points`).
- `exchange.export_team_trf`: the TRF-26 team file (`interchange.trf_teams`).
"""
