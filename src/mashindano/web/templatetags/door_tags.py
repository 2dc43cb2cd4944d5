"""The header's doors (issue 29, findable doors): which areas the person may reach, as
`app.doors.doors_of` decides; the template only shows the links it is given."""

from __future__ import annotations

from django import template

from mashindano.app.doors import NO_DOORS, Doors, doors_of
from mashindano.app.people import principal_for_user

register = template.Library()


@register.simple_tag(takes_context=True)
def header_doors(context: template.Context) -> Doors:
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return NO_DOORS
    return doors_of(principal_for_user(user))
