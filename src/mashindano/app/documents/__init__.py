"""The read model: one typed, frozen document for each thing people look at, built from an
event's facts by the engine and the preset's adapter (no rules here), with `to_json()` for
scripts and the API; the CLI's Rich tables (and later the templates) render the same
documents.

Stored events (these modules load through the app's queries, so import them once Django is
set up): `event` (event list, event summary), `entries`, `rounds` (round pairings),
`results` (what a result command changed), `standings` (with `tiebreaks`, the definitions of
every standings column), `audit`, `crosstable`, `player` (player card), `series`
(championship and country tables, countries event), `tantrix` (match status).

Engine views without a database: `simulations` (KIBA seeding and simulation, Gomoku months,
Tantrix bracket, Tasaselo prize groups and comparison list).

Shared vocabulary: `place` (stage, group, round; player references), `values` (exact numbers).
"""
