"""KIBA's part in joining: what the join form says about the games played on the KIBA site,
which place an entrant in a category (shared/spec/kiba-bao.md R6, A2)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from mashindano.app.registrations import JoinHooks

JOIN = JoinHooks(
    games_help=_(
        "Games played on the KIBA site: they set your category (25 or more: 1, 1 to 24: 2, "
        "none: 3) and your KIBA score (R6)."
    )
)
