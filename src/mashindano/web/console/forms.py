"""Django forms built from the declarations: an action's parameters (`ActionSpec.fields`) and a
preset's settings (`ParameterSchema.fields`). They only render fields and carry the raw text
back: reading and checking the values is the app's (`perform`, `create_event`), whose errors
name the field they belong to."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django import forms
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from mashindano.app.declarations import ParameterSpec
from mashindano.app.declarations.parameters import ParameterType, range_text
from mashindano.engine.tiebreaks.fide import MODIFIERS
from mashindano.engine.tiebreaks.registry import (
    FIDE_TIEBREAK_CODES,
    TIEBREAK_NAMES,
    written_name,
)

T = ParameterType


def label_of(name: str) -> str:
    """ "swiss_rounds" -> "Swiss rounds", in the page's language (the labels are marked in
    `app.declarations.parameter_labels`)."""
    text = name.replace("_", " ")
    return gettext(text[:1].upper() + text[1:])


def default_text(value: object) -> str:
    """A default's JSON form as the text a field shows."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(default_text(v) for v in value)
    return str(value)


def tiebreak_help(help_text: object) -> SafeString:
    """A tie-break list's help: its own line, then every name and code the engine's registry
    accepts (the legend page, linked beside it, defines them)."""
    accepted = gettext(
        "Comma-separated, in order: {names}; FIDE codes {codes}, modifiers {modifiers}."
    )
    names = ", ".join(written_name(n) for n in TIEBREAK_NAMES)
    codes = ", ".join(FIDE_TIEBREAK_CODES)
    modifiers = ", ".join(m for m, _, _ in MODIFIERS)
    own = str(help_text)
    return format_html(
        "{} " + _bdi_slots(accepted),
        own if not own or own.endswith(".") else own + ".",
        names=names,
        codes=codes,
        modifiers=modifiers,
    )


def _bdi_slots(template: str) -> str:
    """A translated sentence as a `format_html` template: its own braces escaped, each
    `{slot}` kept and wrapped in `<bdi dir="ltr">` (codes read left to right in a right-to-left
    page)."""
    escaped = str(escape(template)).replace("{", "{{").replace("}", "}}")
    for slot in ("names", "codes", "modifiers"):
        escaped = escaped.replace("{{" + slot + "}}", '<bdi dir="ltr">{' + slot + "}</bdi>")
    return escaped


def field_for(spec: ParameterSpec, players: Sequence[tuple[str, str]] = ()) -> forms.Field:
    """One form field: every value travels as text (a checkbox as true/false)."""
    attrs: dict[str, Any] = {}
    if spec.required:
        attrs["required"] = True
    label = label_of(spec.name)
    help_text = _(spec.help) if spec.help else ""
    if spec.path and spec.type in (T.INTEGER, T.NUMBER) and range_text(spec):  # a setting
        help_text = f"{help_text} ({range_text(spec)})" if help_text else range_text(spec)
    if spec.tiebreaks:
        help_text = tiebreak_help(help_text)
    common: dict[str, Any] = {
        "label": label,
        "required": False,
        "help_text": help_text,
        "initial": default_text(spec.default),
    }
    match spec.type:
        case T.BOOLEAN:
            return forms.BooleanField(
                label=label, required=False, help_text=help_text, initial=spec.default is True
            )
        case T.INTEGER:
            if spec.minimum is not None:
                attrs["min"] = spec.minimum
            if spec.maximum is not None:
                attrs["max"] = spec.maximum
            attrs["inputmode"] = "numeric"
            return forms.CharField(widget=forms.NumberInput(attrs=attrs), **common)
        case T.CHOICE:
            choices = [(c, gettext(c.replace("-", " "))) for c in spec.choices]
            if not spec.required and spec.default is None:
                choices.insert(0, ("", "—"))
            return forms.CharField(widget=forms.Select(choices=choices, attrs=attrs), **common)
        case T.PLAYER if players:
            listed = [("", _("Choose a player")), *players]
            return forms.CharField(widget=forms.Select(choices=listed, attrs=attrs), **common)
        case T.OBJECT:
            return forms.CharField(widget=forms.Textarea(attrs={**attrs, "rows": 2}), **common)
        case T.TIME:
            attrs["placeholder"] = "2026-03-01T10:00+00:00"
            return forms.CharField(widget=forms.TextInput(attrs=attrs), **common)
    return forms.CharField(widget=forms.TextInput(attrs=attrs), **common)


class SpecForm(forms.Form):
    """Fields from parameter specs, plus the event version the form was rendered at."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(
        self,
        specs: Iterable[ParameterSpec],
        *args: Any,
        players: Sequence[tuple[str, str]] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.specs = {spec.name: spec for spec in specs}
        for spec in self.specs.values():
            self.fields[spec.name] = field_for(spec, players)

    @property
    def rows(self) -> list[tuple[Any, ParameterSpec]]:
        """Each field with its spec (for the template: required mark, range, rule id)."""
        return [(self[name], spec) for name, spec in self.specs.items()]

    def raw_values(self) -> dict[str, object]:
        """The posted text of each field; empty fields left out (their default applies),
        checkboxes as true/false."""
        values: dict[str, object] = {}
        for name, spec in self.specs.items():
            if spec.type is T.BOOLEAN:
                values[name] = "true" if self.data.get(name) in ("on", "true", "1") else "false"
                continue
            text = str(self.data.get(name, "")).strip()
            if text:
                values[name] = text
        return values

    def posted_version(self) -> int | None:
        text = str(self.data.get("version", "")).strip()
        return int(text) if text.isdigit() else None

    def error_at(self, parameter: object, message: str) -> None:
        """The app's message at the field it names (or above the form)."""
        self.add_error(parameter if parameter in self.specs else None, message)

    def error_from(self, params: Mapping[str, Any], message: str) -> None:
        """The app's message at the field its error is about: the `parameter` it names, else
        a field named by one of its values' keys (`player='Nobody'`), else the one field whose
        posted text is one of its values (`text='3-0'` of the result typed); else above the
        form."""
        parameter = params.get("parameter")
        if parameter not in self.specs:
            named = [k for k in params if k in self.specs]
            typed = {str(v) for v in params.values()}
            posted = [n for n in self.specs if str(self.data.get(n, "")).strip() in typed - {""}]
            parameter = named[0] if named else posted[0] if len(posted) == 1 else None
        self.error_at(parameter, message)


def changed_settings(form: SpecForm) -> dict[str, str]:
    """A preset's settings that differ from their defaults, as text overrides."""
    values = form.raw_values()
    return {
        name: str(value)
        for name, value in values.items()
        if str(value) != default_text(form.specs[name].default)
    }


class EventForm(SpecForm):
    slug = forms.CharField(
        label=_("Short name in links (slug)"),
        max_length=60,
        help_text=_("Lower-case letters, digits and hyphens, e.g. club-open-2026."),
        widget=forms.TextInput(attrs={"required": True, "autocapitalize": "none"}),
    )
    name = forms.CharField(
        label=_("Name"),
        max_length=200,
        required=False,
        help_text=_("As players see it, e.g. Club Open 2026."),
    )

    def grouped(
        self, groups: Sequence[Any]
    ) -> list[tuple[Any, list[tuple[Any, ParameterSpec]], bool]]:
        """Each settings group (`documents.console.SettingsGroup`) with its fields' rows, and
        whether it starts open: a group that is not advanced, or one with an error."""
        listed = []
        for group in groups:
            rows = [(self[n], self.specs[n]) for n in group.names if n in self.specs]
            has_error = any(self.errors.get(n) for n in group.names)
            listed.append((group, rows, not group.advanced or has_error))
        return listed

    def error_summary(self) -> list[tuple[str, str, str]]:
        """Every error of the form for the summary above it: (field id or "", label, message),
        in the form's order."""
        summary = []
        for name in ("__all__", *self.fields):
            field = self.fields.get(name)
            for message in self.errors.get(name, ()):
                if field is None:
                    summary.append(("", "", str(message)))
                else:
                    summary.append((self[name].id_for_label, str(field.label), str(message)))
        return summary


class ImportForm(forms.Form):
    format = forms.ChoiceField(
        label=_("File format"),
        choices=[("csv", _("CSV: name, rating, games_played, country")), ("trf", _("TRF (FIDE)"))],
        initial="csv",
    )
    file = forms.FileField(label=_("File"), required=False)
    text = forms.CharField(
        label=_("…or paste the file here"),
        required=False,
        # A file's lines read left to right on a right-to-left page too ("012 Club").
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "dir": "ltr"}),
    )
    strict = forms.BooleanField(
        label=_("Strict reading: refuse a TRF file's oddities instead of warning"),
        required=False,
    )


class PlayerForm(forms.Form):
    """One player by hand: what a players file gives for a row (`app.players.register_players`
    checks the values; its refusals come back at their fields)."""

    name = forms.CharField(
        label=_("Name"),
        max_length=200,
        help_text=_("Unique in the event."),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    rating = forms.IntegerField(
        label=_("Rating"),
        required=False,
        min_value=0,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    games_played = forms.IntegerField(
        label=_("Games played before"),
        required=False,
        min_value=0,
        help_text=_("Where the rules look at it (KIBA, Gomoku)."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    country = forms.CharField(
        label=_("Country, federation or club"),
        max_length=10,
        required=False,
        help_text=_("A short code, e.g. TZA or KEN."),
        widget=forms.TextInput(attrs={"autocapitalize": "characters"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "player_%s")  # beside the import form on the same page
        super().__init__(*args, **kwargs)


class RoleForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)
    role = forms.ChoiceField(
        label=_("Role"),
        choices=[
            ("arbiter", _("arbiter")),
            ("assistant", _("assistant (enters results only)")),
            ("organiser", _("organiser")),
        ],
    )


def message_params(error: Exception) -> Mapping[str, Any]:
    return getattr(error, "params", {}) or {}


class InviteForm(forms.Form):
    """Invite a co-arbiter (or assistant, or co-organiser) by e-mail."""

    email = forms.CharField(
        label=_("E-mail address"),
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
    )
    role = forms.ChoiceField(label=_("Role"), choices=RoleForm.base_fields["role"].choices)  # type: ignore[attr-defined]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "invite_%s")  # beside the role form on the same page
        super().__init__(*args, **kwargs)


class AnnouncementForm(forms.Form):
    text = forms.CharField(
        label=_("Announcement"),
        required=False,
        help_text=_("Shown on the event's pages and its live view until you withdraw it."),
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class WithdrawAnnouncementForm(forms.Form):
    reason = forms.CharField(label=_("Why (optional)"), max_length=500, required=False)


class SeriesForm(forms.Form):
    slug = forms.CharField(
        label=_("Short name in links (slug)"),
        max_length=60,
        help_text=_("Lower-case letters, digits and hyphens, e.g. kiba-championship-2026."),
        widget=forms.TextInput(attrs={"autocapitalize": "none"}),
    )
    name = forms.CharField(label=_("Name"), max_length=200)


class SeriesEventForm(forms.Form):
    event = forms.ChoiceField(label=_("KIBA tournament"), choices=())

    def __init__(self, candidates: Sequence[tuple[str, str]], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["event"].choices = [("", _("Choose a tournament")), *candidates]  # type: ignore[attr-defined]


class PublisherForm(forms.Form):
    url = forms.CharField(
        label=_("Address that receives each round"),
        max_length=500,
        required=False,
        help_text=_(
            "An https:// address of the other site. After each round, once all its results "
            "are in, it gets one signed POST with the pairings, results and standings (JSON "
            "and an HTML page)."
        ),
        widget=forms.URLInput(attrs={"placeholder": "https://", "inputmode": "url"}),
    )
