"""What an event that pairs round by round adds to its preset's parameters (issue 33 items 2
and 3): the roll call before each round and what an absence gives, the limits on requested
byes, and late entries with the points of the rounds they missed.

One set of parameters for every preset that has these parts: a preset declares the parts
(`parts.PRESENCE`, `parts.LATE_ENTRIES`), puts `schema_of(its defaults, NOTES, prefix=...)` in
its parameter schema and reads the event's values with `round_rules(overrides, its defaults)`;
what the values mean in its pairing and standings is derived by `roll_call`. A preset may
start from other defaults (Tasaselo takes late entries, R4) and refuse values its rules do
not allow (its own check, naming its rule).

Every default of `RULES` keeps an event as it was before these parameters existed: no
check-in (nobody is absent for not checking in), no limit on requested byes, no late entries.

FIDE (../shared/reference/fide_dutch.md): a player known in advance not to play a round is not
paired and scores 0 unless the rules give more (a half-point bye, 3.3); a late entry gets no
points for the rounds it missed unless the rules say so (2.4-2.5); an absence without notice
was a withdrawal in C.04.2 (2017), now left to the event's rules (C.05 6.5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum

from django.utils.translation import gettext

from mashindano.app.declarations.parameter_notes import ROUNDS
from mashindano.app.declarations.parameters import Note
from mashindano.app.formats.base import PresenceRules
from mashindano.app.marks import gettext_noop
from mashindano.engine.errors import ConfigError
from mashindano.engine.model import ByeKind
from mashindano.engine.parameters import override
from mashindano.store.facts import Json

WEEK_MINUTES = 7 * 24 * 60


class MissedRound(StrEnum):
    """What a round a player misses (absent, or before a late entry) is worth."""

    ZERO = "zero-point"
    HALF = "half-point"

    @property
    def bye(self) -> ByeKind:
        return ByeKind.HALF_POINT if self is MissedRound.HALF else ByeKind.ZERO_POINT


@dataclass(frozen=True, slots=True)
class RoundRules:
    check_in: bool = False
    check_in_delay: int = 0
    """Minutes after the round before was published when check-in opens (round 1: open)."""
    check_in_minutes: int = 0
    """How long check-in stays open; 0: until the round is paired."""
    absence: MissedRound = MissedRound.ZERO
    absences_to_withdraw: int = 0
    """Absences after which a player is withdrawn; 0: never."""
    max_half_point_byes: int | None = None
    """Half-point byes a player may request; None: no limit."""
    no_byes_last_rounds: int = 0
    """Requested byes are refused for this many last rounds."""
    late_entries: bool = False
    late_entry_rounds: MissedRound = MissedRound.ZERO

    def __post_init__(self) -> None:
        for name in ("absence", "late_entry_rounds"):
            value: object = getattr(self, name)
            try:
                object.__setattr__(self, name, MissedRound(str(value).strip().lower()))
            except ValueError:
                raise ConfigError(
                    gettext("parameter {name!r}: {value!r} is not one of {choices}").format(
                        name=name, value=value, choices=", ".join(m.value for m in MissedRound)
                    ),
                    parameter=name,
                    value=str(value),
                ) from None
        if isinstance(self.max_half_point_byes, str):
            text = self.max_half_point_byes.strip()
            try:
                object.__setattr__(self, "max_half_point_byes", int(text) if text else None)
            except ValueError:
                raise ConfigError(
                    gettext("parameter {name!r}: {value!r} is not a whole number").format(
                        name="max_half_point_byes", value=text
                    ),
                    parameter="max_half_point_byes",
                ) from None
        self._check_dependent()

    def _check_dependent(self) -> None:
        """A value that only means something beside another one is refused without it, naming
        both: the roll call's settings without check-in, the missed rounds' worth without late
        entries."""
        if not self.check_in:
            given = (
                ("check_in_delay", self.check_in_delay != 0),
                ("check_in_minutes", self.check_in_minutes != 0),
                ("absence", self.absence is not MissedRound.ZERO),
                ("absences_to_withdraw", self.absences_to_withdraw != 0),
            )
            for name, is_set in given:
                if is_set:
                    raise ConfigError(
                        gettext(
                            "parameter {name!r} applies to players who do not check in; "
                            "it needs check_in=yes"
                        ).format(name=name),
                        parameter=name,
                    )
        if not self.late_entries and self.late_entry_rounds is not MissedRound.ZERO:
            raise ConfigError(
                gettext(
                    "parameter {name!r} is what the rounds a late entry missed are worth; "
                    "it needs late_entries=yes"
                ).format(name="late_entry_rounds"),
                parameter="late_entry_rounds",
            )

    @property
    def presence(self) -> PresenceRules:
        return PresenceRules(
            check_in=self.check_in,
            delay=timedelta(minutes=self.check_in_delay),
            length=timedelta(minutes=self.check_in_minutes) if self.check_in_minutes else None,
            absence=self.absence.bye,
            withdraw_after=self.absences_to_withdraw or None,
        )


RULES = RoundRules()
RULE_NAMES = frozenset(RULES.__dataclass_fields__)

NOTES: dict[str, Note] = {
    "check_in": Note(
        gettext_noop(
            "Players check in before each round (on their page, or the arbiter ticks the roll "
            "call); who is not present when the round is paired is absent"
        ),
        "FIDE C.04 3.3",
    ),
    "check_in_delay": Note(
        gettext_noop(
            "Minutes after a round is published before check-in for the next one opens "
            "(round 1: open until it is paired)"
        ),
        "",
        0,
        WEEK_MINUTES,
    ),
    "check_in_minutes": Note(
        gettext_noop("How many minutes check-in stays open; 0: until the round is paired"),
        "",
        0,
        WEEK_MINUTES,
    ),
    "absence": Note(
        gettext_noop(
            "What a player not present at pairing time gets: zero-point or half-point bye"
        ),
        "FIDE C.05 6.5",
    ),
    "absences_to_withdraw": Note(
        gettext_noop("Absences after which a player is withdrawn; 0: never"),
        "FIDE C.05 6.5",
        0,
        ROUNDS,
    ),
    "max_half_point_byes": Note(
        gettext_noop("Half-point byes a player may request; empty: no limit"),
        "FIDE C.04 3.3",
        0,
        ROUNDS,
    ),
    "no_byes_last_rounds": Note(
        gettext_noop("Requested byes are refused for this many last rounds; 0: none refused"),
        "FIDE C.04 3.3",
        0,
        ROUNDS,
    ),
    "late_entries": Note(
        gettext_noop("Players may enter after the start; they are paired from the next round"),
        "FIDE C.04 2.4",
    ),
    "late_entry_rounds": Note(
        gettext_noop("What each round a late entry missed is worth: zero-point or half-point bye"),
        "FIDE C.04 2.5",
    ),
}


def split(overrides: Mapping[str, Json]) -> tuple[dict[str, Json], dict[str, Json]]:
    """The overrides of the preset's own parameters and those of the round rules."""
    own = {k: v for k, v in overrides.items() if k.replace("-", "_") in RULE_NAMES}
    return {k: v for k, v in overrides.items() if k not in own}, own


def round_rules(overrides: Mapping[str, Json], defaults: RoundRules = RULES) -> RoundRules:
    """The event's round rules: the preset's `defaults` with the organiser's overrides
    (ConfigError naming the parameter when a value is not valid or makes no sense)."""
    return override(defaults, split(overrides)[1])
