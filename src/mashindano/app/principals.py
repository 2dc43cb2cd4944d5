"""Who acts: a principal is a user account, the local command line, or the system itself.

Every use case is called by a principal. Its `name` is what the audit log and the facts record
as the actor (the same text as before principals existed, e.g. `cli:alice`); its roles in an
event are decided by `mashindano.app.permissions` from the event's memberships and entries.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

SYSTEM_NAME = "mashindano"
"""The actor name of facts the program writes by itself (forfeits against withdrawn players,
clocks and windows applied when they fall due)."""


class PrincipalKind(StrEnum):
    USER = "user"
    """A user account of the site (web, API token, or the CLI told to act as that user)."""
    LOCAL = "local"
    """Whoever runs the command line on the server: a local superuser."""
    SYSTEM = "system"
    """The program itself."""


@dataclass(frozen=True, slots=True)
class Principal:
    kind: PrincipalKind
    name: str
    user_id: int | None = None
    is_superuser: bool = False
    can_create_events: bool = False

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("a principal needs a name")
        if (self.kind is PrincipalKind.USER) != (self.user_id is not None):
            raise ValueError("a user principal, and only one, has a user id")

    @classmethod
    def local(cls, name: str) -> Principal:
        """The person at the server's command line: allowed everything, like a superuser."""
        return cls(PrincipalKind.LOCAL, name, is_superuser=True, can_create_events=True)

    @classmethod
    def system(cls) -> Principal:
        return cls(PrincipalKind.SYSTEM, SYSTEM_NAME, is_superuser=True)

    @classmethod
    def user(
        cls,
        user_id: int,
        name: str,
        *,
        is_superuser: bool = False,
        can_create_events: bool = False,
    ) -> Principal:
        return cls(
            PrincipalKind.USER,
            name,
            user_id=user_id,
            is_superuser=is_superuser,
            can_create_events=can_create_events or is_superuser,
        )

    @property
    def is_user(self) -> bool:
        return self.kind is PrincipalKind.USER


def local(name: str) -> Principal:
    """Shorthand for `Principal.local(name)` (tests, scripts, the demo)."""
    return Principal.local(name)


SYSTEM = Principal.system()
