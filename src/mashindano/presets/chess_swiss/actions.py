"""The forbidden and allowed pairs, the roll call and the manual changes to a draft of a Swiss
preset (its adapter's `actions`; the CLI finds `ACTIONS` here)."""

from mashindano.app.declarations.catalogue import (
    DRAFT_ACTIONS,
    FORBIDDEN_PAIR_ACTIONS,
    PRESENCE_ACTIONS,
)

ACTIONS = (*FORBIDDEN_PAIR_ACTIONS, *PRESENCE_ACTIONS, *DRAFT_ACTIONS)
