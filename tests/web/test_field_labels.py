"""Every field label and choice the generic forms show (an action's fields, a preset's settings)
is translated: the translation walk (issue 29) found "Boards", "Missing lineup", "round robin",
"at times"... in English on Persian pages, because the forms build labels from the field names
and those were never marked for the catalogues (`app.declarations.parameter_labels`)."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import trans_real

from mashindano.app.formats.parts import DESCRIPTION
from mashindano.app.formats.registry import available_presets, part
from mashindano.app.performing import all_actions
from mashindano.web.console.forms import label_of


def _shown() -> dict[str, str]:
    """Each label or choice text a generic form shows -> where it comes from."""
    shown: dict[str, str] = {}
    fields = [(f"action {a.name}", f) for a in all_actions() for f in a.fields]
    for preset in available_presets():
        schema = part(preset, DESCRIPTION).parameter_schema
        fields += [(f"preset {preset}", f) for f in schema.fields]
    for where, field in fields:
        if field.type.value == "hidden":
            continue
        shown.setdefault(label_of_english(field.name), where)
        for choice in field.choices:
            shown.setdefault(choice.replace("-", " "), f"{where}: {field.name}")
    return shown


def label_of_english(name: str) -> str:
    with translation.override("en"):
        return label_of(name)


AS_THEY_ARE = frozenset({"en", "sw", "ro", "fa", "fi", "dutch", "baku", "kiswahili", "kujifunza"})
"""Choices shown as they are: language codes and the names of systems and Bao variants."""


def test_every_form_label_and_choice_is_translated() -> None:
    """Each one is in every language's catalogue (a word may stay the same: "Club" in
    Romanian)."""
    shown = _shown()
    assert len(shown) > 100
    for language in ("sw", "ro", "fa", "fi"):
        catalogue = trans_real.translation(language)._catalog
        left = sorted(
            f"{text!r} ({where})"
            for text, where in shown.items()
            if catalogue.get(text) is None
            and text not in AS_THEY_ARE
            and not text.isupper()
            and any(c.isalpha() for c in text)
        )
        assert left == [], f"{language}: {len(left)} untranslated: {left[:40]}"
