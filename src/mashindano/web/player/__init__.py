"""Player self-service under /me/: my page, joining events, and the forms of the declared
actions a player performs on their own games and entry (plus the staff's small page for
registration requests)."""
