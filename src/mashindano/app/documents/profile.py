"""A person's profile as they (and the profile page, and `--json`) see it."""

from __future__ import annotations

from dataclasses import dataclass

from mashindano.store.facts import Json


@dataclass(frozen=True, slots=True)
class EmailPreference:
    kind: str
    mode: str


@dataclass(frozen=True, slots=True)
class ProfileDocument:
    user_id: int
    username: str
    email: str
    display_name: str
    country: str
    country_name: str
    federation_id: str
    ratings: tuple[tuple[str, str], ...]
    kiba_games: int | None
    language: str
    time_zone: str
    email_preferences: tuple[EmailPreference, ...]

    @property
    def ratings_text(self) -> str:
        """The ratings as the profile form shows them: one `system: value` per line."""
        return "\n".join(f"{system}: {value}" for system, value in self.ratings)

    def to_json(self) -> dict[str, Json]:
        return {
            "user_id": self.user_id,
            "username": self.username,
            "email": self.email,
            "display_name": self.display_name,
            "country": self.country,
            "federation_id": self.federation_id,
            "ratings": dict(self.ratings),
            "kiba_games": self.kiba_games,
            "language": self.language,
            "time_zone": self.time_zone,
            "email_preferences": {p.kind: p.mode for p in self.email_preferences},
        }


@dataclass(frozen=True, slots=True)
class InvitationDocument:
    """What an invitation link offers, for the page that accepts it."""

    event: str
    event_name: str
    kind: str
    """`entry` (claim a player's entry) or `role` (organiser, arbiter, assistant)."""
    entry_key: str
    entry_name: str
    role: str
    email: str
    invited_by: str
    expires_at: str
    accepted: bool
    expired: bool
