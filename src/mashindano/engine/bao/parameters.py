"""The rule parameters of Bao (spec `bao.md` §6): every disputed point D1-D9 by its name, with
the spec's recommended default. A game record stores the full set (B66), so these names and
values are also the record's `parameters` object.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from mashindano.engine.errors import ConfigError

RULES_EDITION: Final = "mashindano-bao-1"

VARIANTS: Final = ("kiswahili", "kujifunza")
HOUSE_MTAJI: Final = (
    "namua_only",
    "until_first_mtaji_capture",
    "until_first_own_mtaji_capture",
    "until_emptied",
)
SOLE_KICHWA: Final = ("forbidden", "allowed_loses")
NAMUA_SINGLETONS: Final = (
    "unless_functional_house",
    "unless_owned_house",
    "only_if_all_singletons",
    "free",
)
TAKASIA_EXCEPTIONS: Final = ("house", "only_occupied", "only_multi", "singleton")
NEVER_ENDING: Final = ("illegal", "mover_loses", "draw")
BACK_ROW_DIRECTION: Final = ("hand", "loop")
MTAJI_SAFARI: Final = ("choice", "forced")


@dataclass(frozen=True, slots=True)
class BaoParameters:
    """One value per parameter of §6; the defaults are the spec's recommendations."""

    variant: str = "kiswahili"
    house_mtaji: str = "until_first_mtaji_capture"  # D1, B37c
    house_min_seeds: int = 6  # D2, B38
    capture_start_max: int = 15  # D3, B33
    sole_kichwa_outward: str = "forbidden"  # D4, B29
    namua_singletons: str = "unless_functional_house"  # D7, B28
    takasia: bool = True  # B41
    takasia_exceptions: frozenset[str] = frozenset({"house", "only_occupied", "only_multi"})
    takasia_duration: int = 1  # D5, B44: 1 or 3 plies
    takasia_in_namua: bool = False  # D5, B41
    takasia_nyumba_first_lap: bool = False  # D5
    takasia_blocker_must_capture: bool = False  # D5, B45
    never_ending: str = "illegal"  # D6, B49
    back_row_direction: str = "hand"  # D8, B55
    mtaji_safari: str = "choice"  # D9

    def __post_init__(self) -> None:
        _one_of("variant", self.variant, VARIANTS)
        _one_of("house_mtaji", self.house_mtaji, HOUSE_MTAJI)
        _one_of("sole_kichwa_outward", self.sole_kichwa_outward, SOLE_KICHWA)
        _one_of("namua_singletons", self.namua_singletons, NAMUA_SINGLETONS)
        _one_of("never_ending", self.never_ending, NEVER_ENDING)
        _one_of("back_row_direction", self.back_row_direction, BACK_ROW_DIRECTION)
        _one_of("mtaji_safari", self.mtaji_safari, MTAJI_SAFARI)
        _one_of("house_min_seeds", self.house_min_seeds, (1, 2, 3, 4, 5, 6))
        _one_of("capture_start_max", self.capture_start_max, (14, 15, 16))
        _one_of("takasia_duration", self.takasia_duration, (1, 3))
        for name in self.takasia_exceptions:
            _one_of("takasia_exceptions", name, TAKASIA_EXCEPTIONS)
        # BGA's longer block and its duty to capture need state that a B62 position does not
        # carry (the block outliving one move, the blocker's pending duty): refused rather
        # than silently ignored.
        if self.takasia_duration != 1:
            raise ConfigError(
                "parameter 'takasia_duration': only 1 is supported (3, BGA's reading, is not"
                " implemented: a B62 position cannot carry a block across plies)",
                parameter="takasia_duration",
                value=self.takasia_duration,
            )
        if self.takasia_blocker_must_capture:
            raise ConfigError(
                "parameter 'takasia_blocker_must_capture': only false is supported (BGA's"
                " reading is not implemented)",
                parameter="takasia_blocker_must_capture",
                value=True,
            )
        if self.variant == "kujifunza" and self.takasia:
            # B52: Kujifunza fixes takasia = false and has no nyumba.
            object.__setattr__(self, "takasia", False)

    @property
    def kujifunza(self) -> bool:
        return self.variant == "kujifunza"

    def house_powers_in_mtaji(self) -> bool:
        """Whether an owned nyumba keeps any power once the hands are empty (D1)."""
        return self.house_mtaji != "namua_only"


def _one_of(name: str, value: object, allowed: tuple[object, ...]) -> None:
    if value not in allowed:
        shown = ", ".join(str(a) for a in allowed)
        raise ConfigError(
            f"parameter {name!r}: {value!r} is not one of {shown}",
            parameter=name,
            value=value,
        )


def _to_bool(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        lowered = value.strip().lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
    raise ConfigError(f"parameter {name!r}: {value!r} is not true or false", parameter=name)


def _to_int(name: str, value: object) -> int:
    if isinstance(value, bool):
        raise ConfigError(f"parameter {name!r}: {value!r} is not a whole number", parameter=name)
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            pass
    raise ConfigError(f"parameter {name!r}: {value!r} is not a whole number", parameter=name)


def _to_exceptions(value: object) -> frozenset[str]:
    if isinstance(value, str):
        items: list[object] = [p.strip() for p in value.split(",") if p.strip()]
    elif isinstance(value, list | tuple | set | frozenset):
        items = list(value)
    else:
        raise ConfigError(
            f"parameter 'takasia_exceptions': {value!r} is not a list of names",
            parameter="takasia_exceptions",
        )
    names: set[str] = set()
    for item in items:
        if not isinstance(item, str):
            raise ConfigError(
                f"parameter 'takasia_exceptions': {item!r} is not a name",
                parameter="takasia_exceptions",
            )
        names.add(item)
    return frozenset(names)


DEFAULT_PARAMETERS: Final = BaoParameters()
KUJIFUNZA_PARAMETERS: Final = BaoParameters(variant="kujifunza")


_FIELDS: Final = {f.name: f for f in dataclasses.fields(BaoParameters)}


def parameters_from_mapping(
    values: Mapping[str, object], *, base: BaoParameters = DEFAULT_PARAMETERS
) -> BaoParameters:
    """Parameters from a record's `parameters` object or from `name=value` texts; names not
    given keep the value of `base`. Unknown names and bad values raise ConfigError."""
    changes: dict[str, Any] = {}
    for raw_name, value in values.items():
        name = raw_name.strip().replace("-", "_")
        if name not in _FIELDS:
            known = ", ".join(sorted(_FIELDS))
            raise ConfigError(
                f"unknown Bao parameter {raw_name!r}; known parameters: {known}",
                parameter=raw_name,
            )
        default = getattr(DEFAULT_PARAMETERS, name)
        if isinstance(default, bool):
            changes[name] = _to_bool(name, value)
        elif isinstance(default, int):
            changes[name] = _to_int(name, value)
        elif isinstance(default, frozenset):
            changes[name] = _to_exceptions(value)
        elif isinstance(value, str):
            changes[name] = value.strip()
        else:
            raise ConfigError(f"parameter {name!r}: {value!r} is not a name", parameter=name)
    if changes.get("variant", base.variant) == "kujifunza" and "takasia" not in changes:
        changes["takasia"] = False
    return dataclasses.replace(base, **changes)


def parameters_to_mapping(parameters: BaoParameters) -> dict[str, object]:
    """The record form (B64/B66): every parameter except `variant`, which the record holds
    separately; takasia exceptions as a list in the spec's order."""
    mapping: dict[str, object] = {}
    for name in _FIELDS:
        if name == "variant":
            continue
        value = getattr(parameters, name)
        if isinstance(value, frozenset):
            value = [n for n in TAKASIA_EXCEPTIONS if n in value]
        mapping[name] = value
    return mapping
