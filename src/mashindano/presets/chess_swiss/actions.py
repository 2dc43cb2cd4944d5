"""The forbidden and allowed pairs of a Swiss preset and its roll call (its adapter's
`actions`; the CLI finds `ACTIONS` here)."""

from mashindano.app.declarations.catalogue import FORBIDDEN_PAIR_ACTIONS, PRESENCE_ACTIONS

ACTIONS = (*FORBIDDEN_PAIR_ACTIONS, *PRESENCE_ACTIONS)

__all__ = ["ACTIONS"]
