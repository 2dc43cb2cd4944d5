"""Tie-breaks by name, as presets and organisers configure them: `NAME` or `NAME:OPTION`.

| name | option | tie-break |
|---|---|---|
| sb | fide2023 | Sonneborn-Berger (per game) |
| neustadtl | fide2023, per-encounter | Neustadtl (per encounter; KIBA R30) |
| buchholz, buchholz-cut1, median-buchholz | fide2023, include-bye-points | Buchholz family |
| direct-encounter | forfeits | direct encounter among the tied players |
| wins, aro, tpr | | number of wins, average rating of opponents, performance |
| kiba-score, previous-position | | KIBA score (higher first), list number (lower first) |
| lots | SEED (required) | drawing of lots with a recorded seed |

FIDE codes written in capitals (`BH`, `BH-C2`, `SB-C1:fide2023`, `ARO-U1400`, the TEC's
`BH/C1` too) are the FIDE definitions of `fide` (C.07 as in force since 2026-03-01; see
`FIDE_CODES`); the lower-case acronyms `bh`, `bh-c1`, `bh-m1`, `de`, `win` stay aliases of the
seeds' own definitions above, as they always were.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from mashindano.engine.errors import ConfigError
from mashindano.engine.tiebreaks.base import TieBreak, Unplayed
from mashindano.engine.tiebreaks.direct import direct_encounter
from mashindano.engine.tiebreaks.fide import FIDE_CODES, MODIFIERS, fide_tiebreak, is_fide_code
from mashindano.engine.tiebreaks.opponents import (
    buchholz,
    buchholz_cut1,
    median_buchholz,
    neustadtl,
    sonneborn_berger,
)
from mashindano.engine.tiebreaks.performance import aro, tpr, wins
from mashindano.engine.tiebreaks.seeding import (
    drawing_of_lots,
    kiba_score_tiebreak,
    previous_position,
)

_Factory = Callable[[str | None], TieBreak]

_BUCHHOLZ_OPTIONS = ("fide2023", "include-bye-points")


def _no_option(make: Callable[[], TieBreak]) -> _Factory:
    def factory(option: str | None) -> TieBreak:
        _check_option(make().name, option, ())
        return make()

    return factory


def _weighted(make: Callable[..., TieBreak], name: str) -> _Factory:
    def factory(option: str | None) -> TieBreak:
        _check_option(name, option, ("fide2023",))
        return make(unplayed=Unplayed.FIDE2023 if option else Unplayed.SKIP)

    return factory


def _neustadtl(option: str | None) -> TieBreak:
    """`neustadtl` counts the stage's encounters (a game without an id is one); `per-encounter`
    also groups the games two players played against each other without an id."""
    _check_option("neustadtl", option, ("fide2023", "per-encounter"))
    if option == "per-encounter":
        return neustadtl(pairings_as_encounters=True)
    return neustadtl(unplayed=Unplayed.FIDE2023 if option else Unplayed.SKIP)


def _buchholz(make: Callable[..., TieBreak], name: str) -> _Factory:
    def factory(option: str | None) -> TieBreak:
        _check_option(name, option, _BUCHHOLZ_OPTIONS)
        if option == "fide2023":
            return make(unplayed=Unplayed.FIDE2023)
        return make(exclude_bye_points=option != "include-bye-points")

    return factory


def _direct(option: str | None) -> TieBreak:
    _check_option("direct-encounter", option, ("forfeits",))
    return direct_encounter(count_forfeits=option == "forfeits")


def _lots(option: str | None) -> TieBreak:
    try:
        seed = int(option or "")
    except ValueError:
        raise ConfigError(
            f"drawing of lots needs an integer seed, written lots:SEED (got {option!r})",
            tiebreak="lots",
            option=option,
        ) from None
    return drawing_of_lots(seed)


_REGISTRY: dict[str, _Factory] = {
    "sb": _weighted(sonneborn_berger, "sb"),
    "neustadtl": _neustadtl,
    "buchholz": _buchholz(buchholz, "buchholz"),
    "buchholz-cut1": _buchholz(buchholz_cut1, "buchholz-cut1"),
    "median-buchholz": _buchholz(median_buchholz, "median-buchholz"),
    "direct-encounter": _direct,
    "wins": _no_option(wins),
    "aro": _no_option(aro),
    "tpr": _no_option(tpr),
    "kiba-score": _no_option(kiba_score_tiebreak),
    "previous-position": _no_option(previous_position),
    "lots": _lots,
}

TIEBREAK_NAMES: tuple[str, ...] = tuple(_REGISTRY)
"""The seeds' own definitions, by name."""

FIDE_TIEBREAK_CODES: tuple[str, ...] = tuple(FIDE_CODES)
"""The FIDE codes (in capitals), each taking the modifiers of `fide.MODIFIERS`."""

_ALIASES = {
    "sonneborn-berger": "sb",
    "bh": "buchholz",
    "bh-c1": "buchholz-cut1",
    "bh-m1": "median-buchholz",
    "de": "direct-encounter",
    "win": "wins",
}


def tiebreak_by_name(name: str, *, unrated_rating: int | None = None) -> TieBreak:
    """The tie-break called `name` (`buchholz`, `lots:42`, `sb:fide2023`, `BH-C1`, ...).

    `unrated_rating` is the rating FIDE's rating-based codes give unrated players (the event's
    rule for them, C.07 art. 10); without it those codes give no value when one is present.
    """
    if is_fide_code(name):
        return fide_tiebreak(name, unrated_rating=unrated_rating)
    base, _, option = name.strip().partition(":")
    key = base.strip().lower()
    key = _ALIASES.get(key, key)
    factory = _REGISTRY.get(key)
    if factory is None:
        raise ConfigError(
            f"unknown tie-break {name!r}; valid names: {', '.join(TIEBREAK_NAMES)}; "
            f"FIDE codes: {', '.join(FIDE_TIEBREAK_CODES)}",
            tiebreak=name,
            valid=TIEBREAK_NAMES,
        )
    return factory(option.strip().lower() or None)


def tiebreaks_by_names(
    names: str | Iterable[str], *, unrated_rating: int | None = None
) -> tuple[TieBreak, ...]:
    """An ordered list from names, or from one comma-separated string ("buchholz,sb")."""
    if isinstance(names, str):
        names = [n for n in names.split(",") if n.strip()]
    return tuple(tiebreak_by_name(n, unrated_rating=unrated_rating) for n in names)


def _check_option(name: str, option: str | None, valid: tuple[str, ...]) -> None:
    if option is None or option in valid:
        return
    allowed = ", ".join(valid) if valid else "none"
    raise ConfigError(
        f"tie-break {name!r} has no option {option!r} (options: {allowed})",
        tiebreak=name,
        option=option,
    )


_MODIFIER_NAMES = {"C": "-Cn", "M": "-Cn, -Mn", "": ""}


def written_name(name: str) -> str:
    """A seeds' name as it is written in a list: `lots` needs its seed (`lots:SEED`)."""
    return "lots:SEED" if name == "lots" else name


def fide_modifiers(code: str) -> tuple[str, ...]:
    """The modifiers a FIDE code takes (`-Cn`, `-Mn`, `-Urating`, `-P`, `:fide2023`)."""
    info = FIDE_CODES[code]
    modifiers = [m for m in _MODIFIER_NAMES[info.cuts].split(", ") if m]
    if info.rating_based:
        modifiers.append("-Urating")
    if info.code == "DE":
        modifiers.append("-P")
    if info.rules_matter:
        modifiers.append(":fide2023")
    return tuple(modifiers)


def tiebreak_names_text() -> str:
    """Every accepted tie-break in one paragraph (the CLI's help, the API's schema, the
    console's forms): the seeds' names with their options, the FIDE codes and modifiers."""
    return (
        "The seeds' own definitions: "
        + ", ".join(written_name(n) for n in TIEBREAK_NAMES)
        + " (options after a colon: buchholz:fide2023, neustadtl:per-encounter, "
        "direct-encounter:forfeits). FIDE codes in capitals, C.07 as in force since "
        "2026-03-01: "
        + ", ".join(FIDE_TIEBREAK_CODES)
        + "; modifiers "
        + ", ".join(m for m, _, _ in MODIFIERS)
        + ", e.g. BH-C1, BH-M2, SB-C1:fide2023, ARO-U1400 (BH/C1 reads too)."
    )


def tiebreak_list_markdown() -> str:
    """The README's tie-break list, generated from this registry (a test keeps them equal)."""
    seeds = ", ".join(f"`{written_name(n)}`" for n in TIEBREAK_NAMES)
    lines = [
        f"The seeds' own definitions, by name: {seeds}; options after a colon "
        "(`buchholz:fide2023`, `neustadtl:per-encounter`, `direct-encounter:forfeits`); the "
        "lower-case `bh`, `bh-c1`, `bh-m1`, `de`, `win` are their aliases.",
        "",
        "FIDE codes, written in capitals, follow C.07 as in force since 2026-03-01 (values "
        "equal to the FIDE TEC checker's):",
        "",
        "| code | tie-break | definition | article | modifiers |",
        "|---|---|---|---|---|",
    ]
    for info in FIDE_CODES.values():
        shown = ", ".join(f"`{m}`" for m in fide_modifiers(info.code))
        lines.append(
            f"| `{info.code}` | {info.title} | {info.definition} | {info.article} | {shown} |"
        )
    lines += ["", "Modifiers (the TEC's slash form, `BH/C1`, `BH/C1/V2024`, reads too):", ""]
    lines += [f"- `{m}`: {text} ({article})." for m, text, article in MODIFIERS]
    return "\n".join(lines) + "\n"
