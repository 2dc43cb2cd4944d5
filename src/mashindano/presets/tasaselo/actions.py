"""The forbidden and allowed pairs of a Swiss preset (its adapter's `actions`; the CLI finds
`ACTIONS` here)."""

from mashindano.app.declarations.catalogue import FORBIDDEN_PAIR_ACTIONS as ACTIONS

__all__ = ["ACTIONS"]
