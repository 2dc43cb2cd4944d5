"""The public pages: events, start lists, pairings, standings, crosstables, player cards, the
per-preset tables and the live view for a projector. Each view calls one document builder of
`mashindano.app.documents` and renders it; no rule is computed here."""
