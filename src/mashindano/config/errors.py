"""Why the database cannot be used, as exceptions carrying a message for the user.

Kept free of imports so that every command can catch them without loading Django.
"""

from __future__ import annotations


class DatabaseProblem(Exception):
    """The database named cannot be used; `message` says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class DatabaseUrlError(DatabaseProblem):
    """The URL itself is wrong: an unsupported scheme, a URL that cannot be read."""


class DatabaseUnavailable(DatabaseProblem):
    """The database named cannot be opened: missing (for a command that only reads), a
    directory, not a database, no server answering, no such database on the server."""
