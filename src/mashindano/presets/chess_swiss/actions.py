"""The forbidden and allowed pairs and the manual changes to a draft of a Swiss preset (its
adapter's `actions`; the CLI finds `ACTIONS` here)."""

from mashindano.app.declarations.catalogue import DRAFT_ACTIONS, FORBIDDEN_PAIR_ACTIONS

ACTIONS = (*FORBIDDEN_PAIR_ACTIONS, *DRAFT_ACTIONS)

__all__ = ["ACTIONS"]
