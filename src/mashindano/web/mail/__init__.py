"""E-mail pages that work without logging in: the one-click unsubscribe."""
