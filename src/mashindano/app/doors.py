"""The header's doors: which of the console, "my page" and "my games" a person may open.

Apart from `permissions` (which decides actions) because "my games" asks the presets'
on-site hooks (`on_site`), which reach the results and through them the permissions."""

from __future__ import annotations

from dataclasses import dataclass

from mashindano.app.on_site import played_by_preset
from mashindano.app.permissions import MEMBER_ROLES
from mashindano.app.principals import Principal
from mashindano.store import models
from mashindano.store.facts import EventState


@dataclass(frozen=True, slots=True)
class Doors:
    """Which of the site's own areas the header offers a person (issue 29, findable doors)."""

    console: bool
    """The console (`/console/`): a role in any event, or a superuser or event creator."""
    my_page: bool
    """My page (`/me/`): an entry in any event linked to the account."""
    my_games: bool
    """My games (`/play/`): an entry in a running event whose games are played on the site."""


NO_DOORS = Doors(console=False, my_page=False, my_games=False)


def doors_of(principal: Principal | None) -> Doors:
    """The header's doors for `principal` (None: an anonymous visitor, no door)."""
    if principal is None or principal.user_id is None:
        return NO_DOORS
    user_id = principal.user_id
    console = principal.is_superuser or principal.can_create_events
    if not console:
        console = models.EventRole.objects.filter(
            user_id=user_id, role__in=[r.value for r in MEMBER_ROLES]
        ).exists()
    entries = models.Entry.objects.filter(user_id=user_id)
    my_page = entries.exists()
    running = models.Event.objects.filter(
        state=EventState.RUNNING.value, entries__user_id=user_id
    ).only("preset", "parameters")
    my_games = any(played_by_preset(event) is not None for event in running)
    return Doors(console=console, my_page=my_page, my_games=my_games)
