"""The language a message to a person is written in (mails, and the answers to their replies
by e-mail)."""

from __future__ import annotations

from mashindano.store import models


def recipient_language(user: object, event_id: int | None = None) -> str:
    """The language a message to `user` (a user or a user id) is written in: the language of
    the user's profile when the store has profiles, else the event's default language (its
    `language` parameter), else English."""
    user_id = user if isinstance(user, int) else getattr(user, "id", None)
    profile = getattr(models, "Profile", None)
    if profile is not None and user_id is not None:
        found = profile.objects.filter(user_id=user_id).values_list("language", flat=True).first()
        if found:
            return str(found)
    if event_id is not None:
        parameters = (
            models.Event.objects.filter(id=event_id).values_list("parameters", flat=True).first()
        )
        if isinstance(parameters, dict) and parameters.get("language"):
            return str(parameters["language"])
    return "en"
