"""Colours in team matches: the board colours of a match and the team colour rules of C.04.6.

References are to `fide_teams.md` (§4) and to the FIDE Swiss Team Pairing System C.04.6 (2026),
whose articles are cited as "C.04.6 1.7.2" etc. The *team colour* of a match is the colour of
the team's board-1 player (C.04.6 1.6.1, fide_teams.md 4.3); it is recorded only when the match
was actually played (4.7).

Readings the text leaves open are parameters of `TeamColourRules`, each with the recommended
default and marked UNCONFIRMED where it is one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import Side

_LETTERS = {"W": Side.WHITE, "B": Side.BLACK}


def board_colours(boards: int, pattern: str | None = None) -> tuple[Side, ...]:
    """The colours of the first-named team on boards 1..`boards` (fide_teams.md 4.1-4.2).

    `pattern` is the TRF-26 record 352 sequence (e.g. ``"WBWB"``); without it the colours
    alternate starting with White, so an odd number of boards ends with White (4.2). The
    opponent plays the opposite colour on every board (4.1).
    """
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ConfigError(
            f"a team match needs at least 1 board, got {boards!r}",
            code="bad_board_count",
            boards=boards,
        )
    if pattern is None:
        return tuple(Side.WHITE if board % 2 == 1 else Side.BLACK for board in range(1, boards + 1))
    letters = pattern.strip().upper()
    if len(letters) != boards or any(letter not in _LETTERS for letter in letters):
        raise ConfigError(
            f"the board colour sequence {pattern!r} must be {boards} letters W or B",
            code="bad_board_colours",
            pattern=pattern,
            boards=boards,
        )
    return tuple(_LETTERS[letter] for letter in letters)


def match_board_colours(
    first_team_colour: Side, boards: int, pattern: str | None = None
) -> tuple[Side, ...]:
    """The colours of a team on each board when its board-1 colour is `first_team_colour`.

    The team named first (board-1 White) follows `board_colours`; the other team gets the
    opposite on every board (fide_teams.md 4.1).
    """
    colours = board_colours(boards, pattern)
    if colours[0] == first_team_colour:
        return colours
    return tuple(colour.opposite for colour in colours)


class PreferenceType(StrEnum):
    """Which colour preferences the event uses (C.04.6 1.7; TRF 192 `FIDE_TEAM_TYPEA/B`)."""

    NONE = "none"
    """Colours do not matter: no team has a preference."""
    TYPE_A = "type_a"
    """Simple preferences (C.04.6 1.7.1)."""
    TYPE_B = "type_b"
    """Strong and mild preferences (C.04.6 1.7.2)."""


class Strength(Enum):
    """How much a team wants its colour; there is no absolute preference for teams (4.4)."""

    NONE = 0
    MILD = 1
    STRONG = 2
    """Type A's simple preference counts as strong: it is the only kind there is."""


@dataclass(frozen=True, slots=True)
class Preference:
    colour: Side | None
    strength: Strength

    @property
    def exists(self) -> bool:
        return self.colour is not None


NO_PREFERENCE = Preference(None, Strength.NONE)


@dataclass(frozen=True, slots=True)
class TeamColourRules:
    """The colour parameters of a team Swiss."""

    preference: PreferenceType = PreferenceType.TYPE_A
    initial_colour: Side = Side.WHITE
    """Drawn by lot before round 1: the colour of the first-team with an odd TPN (4.3.1)."""
    last_round_cancels_strong: bool = False
    """UNCONFIRMED (Type B, last round, CD 0 with the same colour twice): C.04.6 1.7.2 says a
    team has no preference "when its CD is zero when pairing for the last round". Default: that
    sentence closes only the mild CD-0 clause, so the strong one stays (FIDE's Gacrux reading);
    True reads it as cancelling the strong preference too."""


def colour_difference(colours: Sequence[Side]) -> int:
    """CD = Whites - Blacks over the played matches (C.04.6 1.6)."""
    return sum(1 if colour == Side.WHITE else -1 for colour in colours)


def preference(colours: Sequence[Side], rules: TeamColourRules, last_round: bool) -> Preference:
    """A team's colour preference from its played-match colours, oldest first (C.04.6 1.7).

    Type B (1.7.2): strong for Black if CD > +1, or CD 0 or +1 and White in the last two played
    matches; mild for Black if CD +1, or CD 0 (not the last round) and White in the last match;
    none before the first match. Symmetric for White (fide_teams.md 4.6).
    Type A (1.7.1, UNCONFIRMED wording): the simple preference is Type B's strong condition, so
    a team with one match or a mixed last two has none (the readings the FIDE team probe shows).
    """
    if rules.preference == PreferenceType.NONE or not colours:
        return NO_PREFERENCE
    difference = colour_difference(colours)
    last_two_same = len(colours) >= 2 and colours[-1] == colours[-2]
    for wanted, sign in ((Side.BLACK, 1), (Side.WHITE, -1)):
        cd = difference * sign
        strong = cd > 1 or (cd in (0, 1) and last_two_same and colours[-1] == wanted.opposite)
        if strong and last_round and difference == 0 and rules.last_round_cancels_strong:
            strong = False
        if strong:
            return Preference(wanted, Strength.STRONG)
        if rules.preference == PreferenceType.TYPE_B:
            if cd == 1:
                return Preference(wanted, Strength.MILD)
            if cd == 0 and not last_round and colours[-1] == wanted.opposite:
                return Preference(wanted, Strength.MILD)
    return NO_PREFERENCE


@dataclass(frozen=True, slots=True)
class ColourSide:
    """What the colour allocation needs to know about one team of a pair."""

    tpn: int
    colours: tuple[Side, ...]
    """Team colours of the played matches, oldest first (unplayed rounds left out, GHR 3.4)."""
    preference: Preference


@dataclass(frozen=True, slots=True)
class ColourChoice:
    white: int
    black: int
    rule: str
    """The C.04.6 article that decided, e.g. "4.3.2"."""


def allocate_colours(first: ColourSide, second: ColourSide, rules: TeamColourRules) -> ColourChoice:
    """Which team of a pair gets White (board-1 White), C.04.6 4.3; `first` is the first-team
    (higher score, then higher secondary score, then smaller TPN: 4.2).

    In order (step numbers as the FIDE team probe quotes them; 4.3.3, 4.3.5 and 4.3.9 are
    UNCONFIRMED reconstructions):
    4.3.1 neither team has played: the first-team gets the initial colour if its TPN is odd,
          the other colour if even;
    4.3.2 only one team has a preference: grant it;
    4.3.3 both have preferences for different colours: grant both;
    4.3.4 only one preference is strong: grant it;
    4.3.5 both strong (or both mild) for the same colour: the one with the larger |CD|;
    4.3.6 alternate to the most recent played match in which one team had White and the other
          Black (histories right-aligned, GHR 3.4);
    4.3.7 grant the first-team's preference;
    4.3.8 the first-team alternates from its last played match;
    4.3.9 (the first-team has not played) the second team alternates from its last match.
    """

    def give(team: ColourSide, colour: Side, rule: str) -> ColourChoice:
        other = second if team is first else first
        if colour == Side.WHITE:
            return ColourChoice(team.tpn, other.tpn, rule)
        return ColourChoice(other.tpn, team.tpn, rule)

    if not first.colours and not second.colours:
        colour = rules.initial_colour if first.tpn % 2 == 1 else rules.initial_colour.opposite
        return give(first, colour, "4.3.1")
    a, b = first.preference, second.preference
    if a.exists != b.exists:
        granted = first if a.exists else second
        assert granted.preference.colour is not None
        return give(granted, granted.preference.colour, "4.3.2")
    if a.colour is not None and b.colour is not None:
        if a.colour != b.colour:
            return give(first, a.colour, "4.3.3")
        if a.strength != b.strength:
            granted = first if a.strength.value > b.strength.value else second
            return give(granted, a.colour, "4.3.4")
        cd_first = abs(colour_difference(first.colours))
        cd_second = abs(colour_difference(second.colours))
        if cd_first != cd_second:
            granted = first if cd_first > cd_second else second
            return give(granted, a.colour, "4.3.5")
    for own, theirs in zip(reversed(first.colours), reversed(second.colours), strict=False):
        if own != theirs:
            return give(first, own.opposite, "4.3.6")
    if a.colour is not None:
        return give(first, a.colour, "4.3.7")
    if first.colours:
        return give(first, first.colours[-1].opposite, "4.3.8")
    return give(second, second.colours[-1].opposite, "4.3.9")


def grants(choice: ColourChoice, team: ColourSide) -> bool | None:
    """Whether the allocation gives `team` its preferred colour (None: it has none)."""
    if team.preference.colour is None:
        return None
    colour = Side.WHITE if choice.white == team.tpn else Side.BLACK
    return colour == team.preference.colour
