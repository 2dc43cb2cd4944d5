"""What the front ends (web, API, CLI) render forms, endpoints and commands from: each preset's
parameters as a typed schema (`parameters`) and the actions people perform in an event, with
their typed parameters and the use case each calls (`actions`, `catalogue`). Finding an event's
actions and performing one (through the adapters' registry) is `app.performing`; this face hands
on the vocabulary alone, so importing it loads no adapter."""

from mashindano.app.declarations.actions import ActionSpec, Performed
from mashindano.app.declarations.parameters import (
    ParameterSchema,
    ParameterSpec,
    parameters_from_json,
    parameters_to_json,
)

__all__ = [
    "ActionSpec",
    "ParameterSchema",
    "ParameterSpec",
    "Performed",
    "parameters_from_json",
    "parameters_to_json",
]
