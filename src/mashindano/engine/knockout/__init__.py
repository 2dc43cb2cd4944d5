"""Knockout events: single-elimination brackets whose matches follow the Tantrix "decisive
victory" rule (shared/spec/tantrix-knockout.md).

- `bracket`: seeding, byes, advancement, third-place match, plate bracket
- `tantrix`: one game's TPs, entered directly or converted from a tile score
- `tp_match`: how a TP match ended, the running TP table, opt-out agreements
- `result_forms`: status options 1-8 / N, form checks, controller review
- `deadlines`: the 1 h / 24 h / 48 h limits and their default outcomes
- `parameters`: the `tantrix-knockout` preset
- `simulation`: a whole event with seeded random games

Single and double elimination for any game (issue 27, the `knockout` preset):

- `elimination_options`: elimination kind, third place, grand-final reset, seeding, best of N
- `elimination`: the bracket derived from seeds and results (byes, walkovers, losers' bracket
  drop-ins, grand final and reset, placings)
- `elimination_simulation`: a whole event with seeded random games

The match rule itself (when a match on TPs is over) is `engine.matches.PointsMargin`.
"""
