"""The knockout's own page: the main draw and the plate with TPs per game
(`BracketsDocument`); the draws are there (empty) before the start."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from mashindano.app.documents.presets import PresetPages
from mashindano.presets.tantrix_knockout.brackets import BracketDocument, brackets_document
from mashindano.store.facts import EventFacts, Json


@dataclass(frozen=True, slots=True)
class BracketsDocument:
    brackets: tuple[BracketDocument, ...]
    """The main draw, then the plate once it is drawn."""

    @property
    def champion(self) -> str | None:
        return self.brackets[0].champion if self.brackets else None

    def to_json(self) -> dict[str, Json]:
        return {"draws": [b.to_json() for b in self.brackets], "champion": self.champion}


def brackets(facts: EventFacts) -> BracketsDocument:
    return BracketsDocument(brackets_document(facts))


PAGES = PresetPages(brackets, _("Brackets"), "presets/tantrix_knockout/page.html")
