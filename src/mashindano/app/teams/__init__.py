"""Teams (issue 32 items 1 and 3): any preset's games played in teams.

An event gets a team mode (`setup.set_team_mode`: boards per match, match points, what a
missing line-up brings); its entries are grouped in teams with a captain and a ranked roster;
team matches are paired per round; captains submit line-ups before a deadline
(`lineups.submit_lineup`), shown to the other side once both are in; board results are
reported by a captain or a board's player and confirmed by the other side
(`boards.report_board` ...), and the match result is derived (`rules.match_score`).

Seams where the pure engine parts plug in (engine/teams, written beside this package):
- `rules.match_score` / `rules.game_points`: the match result from board results (to be the
  engine's team model: `engine.teams.model`).
- `documents.rank_teams`: team standings by match points then game points; the team
  tie-breaks (`engine.teams` tie-breaks) go in its `tiebreaks` argument.
- `setup.pair_team_round`: the team round-robin from the FIDE Berger tables; the team Swiss and
  round-robin engines (`engine.teams.pairing`, `engine.teams.round_robin`) replace its table.
"""
