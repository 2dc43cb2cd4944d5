"""The read model: one typed, frozen document for each thing people look at, built from an
event's facts by the engine and the preset's adapter (no rules here), with `to_json()` for
scripts and the API; the CLI's Rich tables (and later the templates) render the same
documents.

Stored events (these modules load through the app's queries, so import them once Django is
set up): `event` (event list, event summary), `entries`, `rounds` (round pairings),
`results` (what a result command changed), `standings` (with `tiebreaks`, the definitions of
every standings column), `audit`, `crosstable`, `player` (player card), `series`
(championship and country tables, countries event), `tantrix` (match status), `deadlines`
(a round's deadlines, in the round document), `presets` (each preset's own document by slug).

Per-preset documents, Django-free, rendering the adapters' typed state (the event summary,
`presets.event_summary`, adds their `to_json()` to the adapter's `summary`): `kiba`
(initial list, stages and group tables, final, first-move deadlines), `gomoku` (month table
with points by rule, matches and their report state), `brackets` (Tantrix main draw and
plate with TPs per game), `tasaselo` (list by variable selo, prize groups, comparison and
performance lists); `tables` holds the standings rows they share with `standings`.

Engine views without a database: `simulations` (KIBA seeding and simulation, Gomoku months,
Tantrix bracket, Tasaselo rounds and prize groups); the CLI's `*_view.py` render them.

Shared vocabulary: `place` (stage, group, round; player references), `values` (exact numbers).
"""
