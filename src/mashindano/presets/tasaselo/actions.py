"""The forbidden and allowed pairs and the roll call of a Tasaselo event (its adapter's
`actions`; the CLI finds `ACTIONS` here)."""

from mashindano.app.declarations.catalogue import FORBIDDEN_PAIR_ACTIONS, PRESENCE_ACTIONS

ACTIONS = (*FORBIDDEN_PAIR_ACTIONS, *PRESENCE_ACTIONS)
