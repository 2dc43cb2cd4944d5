"""The individual FIDE tie-breaks by their codes (Handbook C.07, in force since 2026-03-01),
as the FIDE Technical Commission's checker computes them for Swiss events.

A code is written as FIDE writes it, in capitals: `BH`, `BH-C2`, `BH-M1`, `SB-C1`, `ARO-C1`,
`PS-C1`, `DE-P`; the TEC's slash form (`BH/C1`, `BH/M1`, `DE/P`) is read too. `:fide2023`
(or the TEC's `/V2024`) selects the earlier text (2023, in force 2024-08-01 to 2026-02-28),
which differs only in the unplayed rounds of the Buchholz family (§16.4). The seeds' own
definitions (`buchholz`, `sb`, ...) live in `opponents` and keep their own names.

Rounds (C.07 §15-16, Swiss treatment) run to the last round with a decided game (a round
still being played, or byes entered ahead for the next round, are left out); a round without a
game or bye counts as an absence:
- a round is played over the board (OTB) when a game was played; a pairing-allocated bye (PAB)
  counts as played for REP and for the last round met, but has no opponent;
- a voluntary unplayed round (VUR) is a half- or zero-point bye, an absence or a forfeit loss;
- an opponent's score as seen by the player (the *adjusted* score) counts the rounds after the
  opponent's last non-VUR round that had no paired opponent as draws (a withdrawal, §16.3);
- each of the player's own unplayed rounds counts as a dummy opponent with the player's own
  score; since 2026 that score is capped (§16.4.1) by the paired opponent's adjusted score in a
  forfeit, or (§16.4.2) by a draw's points times the number of rounds when there was none;
- a Cut modifier removes a VUR's contribution first (§14, §16.5); for SB the higher of the
  least significant value and the lowest VUR contribution.
Rating-based codes (ARO, TPR, PTP, APRO, APPO) count the opponents met OTB, each game scored
1/½/0 whatever the event's point system; a rating blank or 0 is unrated, and when any player is
unrated the codes give no value (C.07 art. 10) unless a rating for unrated players is set.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import ByeKind, StageResults
from mashindano.engine.ratings import FIDE_TABLE_8_1_1, FIDE_TABLE_8_1_2
from mashindano.engine.sheets import GameStatus, ScoreTable
from mashindano.engine.tiebreaks.base import Better, TieBreak, TieValues
from mashindano.engine.tiebreaks.direct import compute_direct_encounter


class Rules(StrEnum):
    """Which text of C.07 a FIDE code follows."""

    FIDE2026 = "fide2026"
    """In force since 2026-03-01: the dummy opponent's score is capped (§16.4)."""
    FIDE2023 = "fide2023"
    """The 2023 text (in force 2024-08-01 to 2026-02-28): the player's own score, uncapped."""


@dataclass(frozen=True, slots=True)
class FideCode:
    """What the registry, the CLI's help, the README and the standings legend say of a code."""

    code: str
    title: str
    definition: str
    article: str
    cuts: str = ""
    """Modifiers accepted: "C" (Cut-n), "M" (Cut-n and Median-n), "" none."""
    rating_based: bool = False
    rules_matter: bool = False
    """The 2026 amendment changes its values (`:fide2023` gives the earlier ones)."""


FIDE_CODES: dict[str, FideCode] = {
    c.code: c
    for c in (
        FideCode(
            "BH",
            "Buchholz",
            "Sum of the opponents' scores; an unplayed round counts the player's own score, "
            "capped since 2026.",
            "C.07 8.1, 16",
            "M",
            rules_matter=True,
        ),
        FideCode(
            "FB",
            "Fore Buchholz",
            "Buchholz as if every paired game of the last round had been drawn.",
            "C.07 8.3, 16",
            "M",
            rules_matter=True,
        ),
        FideCode(
            "AOB",
            "Average of opponents' Buchholz",
            "Mean Buchholz of the opponents met over the board (two decimals, halves up).",
            "C.07 8.2",
            rules_matter=True,
        ),
        FideCode(
            "SB",
            "Sonneborn-Berger",
            "Sum over rounds of the opponent's score times the points scored against them.",
            "C.07 9.1, 16",
            "C",
            rules_matter=True,
        ),
        FideCode(
            "KS",
            "Koya score",
            "Points scored against the opponents who finished with at least half the maximum "
            "score.",
            "C.07 9.2",
        ),
        FideCode(
            "PS",
            "Progressive score",
            "Sum of the running score after each round (PS-C1 leaves out round 1).",
            "C.07 7.5",
            "C",
        ),
        FideCode(
            "WIN",
            "Wins",
            "Rounds scored as a win, played or not (forfeit wins and byes worth a win count).",
            "C.07 7.1",
        ),
        FideCode("WON", "Games won", "Games won over the board.", "C.07 7.2"),
        FideCode("BPG", "Games with Black", "Games played over the board with Black.", "C.07 7.3"),
        FideCode("BWG", "Wins with Black", "Games won over the board with Black.", "C.07 7.4"),
        FideCode(
            "REP",
            "Rounds elected to play",
            "Rounds minus half- and zero-point byes, absences and forfeit losses.",
            "C.07 7.6",
        ),
        FideCode(
            "ARO",
            "Average rating of opponents",
            "Mean rating of the opponents met over the board (halves up).",
            "C.07 10.1",
            "M",
            rating_based=True,
        ),
        FideCode(
            "TPR",
            "Tournament performance rating",
            "ARO plus dp of the fraction scored over the board (p to hundredths, halves up).",
            "C.07 10.2",
            "M",
            rating_based=True,
        ),
        FideCode(
            "PTP",
            "Perfect tournament performance",
            "Lowest rating whose expected score against the opponents met over the board "
            "reaches the score.",
            "C.07 10.3",
            "M",
            rating_based=True,
        ),
        FideCode(
            "APRO",
            "Average performance of opponents",
            "Mean TPR of the opponents met over the board (halves up).",
            "C.07 10.4",
            rating_based=True,
        ),
        FideCode(
            "APPO",
            "Average perfect performance of opponents",
            "Mean PTP of the opponents met over the board (halves up).",
            "C.07 10.5",
            rating_based=True,
        ),
        FideCode(
            "DE",
            "Direct encounter",
            "Points in the games among the tied players (DE-P counts forfeits as played).",
            "C.07 6",
        ),
    )
}
"""Every individual FIDE code the registry accepts, in the order the README lists them."""

MODIFIERS = (
    ("-Cn", "Cut-n: leaves out the n least significant values (VURs first)", "C.07 14.1, 14.2"),
    ("-Mn", "Median-n: leaves out the n least and n most significant values", "C.07 14.3, 14.4"),
    ("-P", "DE only: forfeits count as played games", "C.07 6.1.1"),
    ("-Urating", "rating-based codes: the rating given to unrated players", "C.07 10"),
    (":fide2023", "the 2023 text: an unplayed round counts the own score uncapped", "C.07 16"),
)
"""The modifiers, as the README and `--help` list them."""


@dataclass(frozen=True, slots=True)
class FideSpec:
    """One FIDE code with its modifiers."""

    code: str
    cut_low: int = 0
    cut_high: int = 0
    rules: Rules = Rules.FIDE2026
    forfeits_as_played: bool = False
    unrated_rating: int | None = None

    @property
    def name(self) -> str:
        """The canonical name: `BH-C2`, `BH-M1:fide2023`, `DE-P`, `ARO-U1400`."""
        name = self.code
        if self.cut_high:
            name += f"-M{self.cut_high}"
            if self.cut_low != self.cut_high:
                name += f"-C{self.cut_low - self.cut_high}"
        elif self.cut_low:
            name += f"-C{self.cut_low}"
        if self.forfeits_as_played:
            name += "-P"
        if self.unrated_rating is not None:
            name += f"-U{self.unrated_rating}"
        if self.rules is Rules.FIDE2023:
            name += ":fide2023"
        return name

    @property
    def acronym(self) -> str:
        return self.name.removesuffix(":fide2023")


_MODIFIER = re.compile(r"([CMU])(\d+)|(P)|V(2023|2024|2026)")


def is_fide_code(text: str) -> bool:
    """Whether `text` names a FIDE code (written in capitals, as FIDE writes them)."""
    head = re.split(r"[-/:]", text.strip(), maxsplit=1)[0]
    return head in FIDE_CODES


def parse_fide_code(text: str) -> FideSpec:
    """`BH-C2`, `BH/M1`, `SB-C1:fide2023`, `BH/C1/V2024`, `DE/P`, `ARO-U1400` → a spec."""
    written = text.strip()
    body, _, option = written.partition(":")
    parts = re.split(r"[-/]", body)
    code = parts[0]
    info = FIDE_CODES.get(code)
    if info is None:
        raise ConfigError(f"unknown FIDE tie-break code {written!r}", tiebreak=written)
    low = high = 0
    rules = Rules.FIDE2026
    forfeits = False
    unrated: int | None = None
    for part in parts[1:]:
        match = _MODIFIER.fullmatch(part.upper())
        if match is None:
            raise _bad_modifier(written, part)
        letter, number, p, version = match.groups()
        if letter == "C" and info.cuts:
            low += int(number)
        elif letter == "M" and "M" in info.cuts:
            low += int(number)
            high += int(number)
        elif letter == "U" and info.rating_based:
            unrated = int(number)
        elif p and code == "DE":
            forfeits = True
        elif version:
            rules = Rules.FIDE2023 if version in ("2023", "2024") else Rules.FIDE2026
        else:
            raise _bad_modifier(written, part)
    if option.strip().lower() == "forfeits" and code == "DE":
        option = ""  # `DE:forfeits`, as `direct-encounter:forfeits` writes it
        forfeits = True
    if option:
        try:
            rules = Rules(option.strip().lower())
        except ValueError:
            raise ConfigError(
                f"tie-break {written!r}: unknown option {option!r} (options: fide2023, fide2026)",
                tiebreak=written,
                option=option,
            ) from None
    return FideSpec(code, low, high, rules, forfeits, unrated)


def _bad_modifier(written: str, part: str) -> ConfigError:
    code = re.split(r"[-/:]", written, maxsplit=1)[0]
    info = FIDE_CODES[code]
    allowed = {"C": "Cn", "M": "Cn, Mn", "": "none"}[info.cuts]
    if info.rating_based:
        allowed += ", Un"
    if code == "DE":
        allowed = "P"
    return ConfigError(
        f"tie-break {written!r}: {code} has no modifier {part!r} (modifiers: {allowed})",
        tiebreak=written,
        modifier=part,
    )


def fide_tiebreak(text: str | FideSpec, *, unrated_rating: int | None = None) -> TieBreak:
    """The tie-break a FIDE code names; `unrated_rating` rates unrated players (a rating
    written in the code, `ARO-U1400`, wins)."""
    spec = parse_fide_code(text) if isinstance(text, str) else text
    if spec.code == "DE":
        forfeits = spec.forfeits_as_played
        return TieBreak(
            name=spec.name,
            acronym=spec.acronym,
            better=Better.HIGHER,
            among_tied=lambda t, members: compute_direct_encounter(
                t, members, count_forfeits=forfeits
            ),
        )
    rating = spec.unrated_rating if spec.unrated_rating is not None else unrated_rating
    return TieBreak(
        name=spec.name,
        acronym=spec.acronym,
        better=Better.HIGHER,
        over_field=lambda t: compute_fide(t, spec, unrated_rating=rating),
        needs_ratings=FIDE_CODES[spec.code].rating_based,
    )


def unrated_present(results: StageResults) -> bool:
    """Whether a competitor is unrated (rating blank or 0)."""
    return any(not c.rating for c in results.competitors)


# -- computation ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Round:
    points: int
    """Scaled points scored in the round."""
    opponent: int
    """Position of the paired opponent (a game or a forfeit), -1 for none."""
    played: bool
    """Played over the board, or a pairing-allocated bye."""
    black: bool
    vur: bool


_ABSENT = _Round(0, -1, False, False, True)


@dataclass(frozen=True, slots=True)
class _Field:
    rounds: int
    records: list[list[_Round]]
    totals: list[int]
    last_not_vur: list[int]
    last_met: list[int]


def _field(table: ScoreTable) -> _Field:
    return table.memo("fide-rounds", lambda: _build_field(table))


def _build_field(table: ScoreTable) -> _Field:
    games = table.resolved_games()
    decided = [g.round for g in games if g.status is not GameStatus.PENDING]
    # The rounds with a result: a round still being played, or byes and absences already
    # entered for the next round (TRF XXZ), are not yet part of the standings.
    last = max(decided, default=table.rounds_so_far())
    records = [[_ABSENT] * (last + 1) for _ in range(table.size)]
    seen: set[tuple[int, int]] = set()

    def put(position: int, rnd: int, record: _Round) -> None:
        if (position, rnd) in seen:
            raise ConfigError(
                f"round {rnd}: {table.competitors[position].id} has several games; the FIDE "
                "tie-break codes count one game per round",
                round=rnd,
            )
        seen.add((position, rnd))
        records[position][rnd] = record

    for game in games:
        if game.status is GameStatus.PENDING or game.round > last:
            continue
        played = game.status is GameStatus.PLAYED
        for me, other, scored, won, black in (
            (game.first, game.second, game.first_points, game.first_won, False),
            (game.second, game.first, game.second_points, game.second_won, True),
        ):
            vur = not played and not won
            put(me, game.round, _Round(scored, other, played, black, vur))
    for bye in table.resolved_byes():
        if bye.round > last:
            continue
        pab = bye.kind is ByeKind.PAIRING_ALLOCATED
        vur = bye.kind not in (ByeKind.PAIRING_ALLOCATED, ByeKind.FULL_POINT)
        put(bye.competitor, bye.round, _Round(bye.points, -1, pab, False, vur))
    totals = [sum(r.points for r in row[1:]) for row in records]
    last_not_vur = [
        max((n for n in range(1, last + 1) if not row[n].vur), default=0) for row in records
    ]
    last_met = [
        max((n for n in range(1, last + 1) if row[n].opponent >= 0 or row[n].played), default=0)
        for row in records
    ]
    return _Field(last, records, totals, last_not_vur, last_met)


def compute_fide(
    table: ScoreTable, spec: FideSpec, *, unrated_rating: int | None = None
) -> TieValues:
    """Every competitor's value of `spec` (not DE, which is computed among the tied)."""
    field = _field(table)
    code = spec.code
    if code in ("BH", "FB", "SB"):
        return TieValues.from_fractions(_buchholz_family(table, field, spec))
    if code == "AOB":
        bh = _buchholz_family(table, field, FideSpec("BH", rules=spec.rules))
        return TieValues.from_fractions(
            _opponents_mean(field, bh, lambda v: _round_half_up(v * 100) / Fraction(100))
        )
    if code in ("ARO", "TPR", "PTP"):
        aro, tpr, ptp = _rating_values(table, field, spec, unrated_rating)
        return TieValues.from_fractions({"ARO": aro, "TPR": tpr, "PTP": ptp}[code])
    if code in ("APRO", "APPO"):
        _, tpr, ptp = _rating_values(table, field, FideSpec("TPR"), unrated_rating)
        own = tpr if code == "APRO" else ptp
        return TieValues.from_fractions(_opponents_mean(field, own, _round_whole))
    return TieValues.from_fractions(_own_results(table, field, spec))


def _own_results(table: ScoreTable, field: _Field, spec: FideSpec) -> list[Fraction | None]:
    win = table.win
    values: list[Fraction | None] = []
    for row in field.records:
        rounds = row[1:]
        match spec.code:
            case "WIN":
                count = sum(r.points == win for r in rounds)
            case "WON":
                count = sum(r.points == win and r.played and r.opponent >= 0 for r in rounds)
            case "BPG":
                count = sum(r.black and r.played for r in rounds)
            case "BWG":
                count = sum(r.black and r.played and r.points == win for r in rounds)
            case "REP":
                count = sum(r.played or r.points == win for r in rounds)
            case "PS":
                running = 0
                total = 0
                for n, r in enumerate(rounds, start=1):
                    running += r.points
                    if n > spec.cut_low:
                        total += running
                values.append(Fraction(total, table.scale))
                continue
            case "KS":
                limit = Fraction(win * field.rounds, 2)
                scored = sum(
                    r.points
                    for r in rounds
                    if r.opponent >= 0 and field.totals[r.opponent] >= limit
                )
                values.append(Fraction(scored, table.scale))
                continue
            case _:  # pragma: no cover - the registry only builds known codes
                raise ConfigError(f"unknown FIDE tie-break code {spec.code!r}")
        values.append(Fraction(count))
    return values


@dataclass(frozen=True, slots=True)
class _Term:
    score: int
    value: int
    vur: bool


def _buchholz_family(table: ScoreTable, field: _Field, spec: FideSpec) -> list[Fraction | None]:
    """BH, FB and SB with their cuts and medians (§16 for the unplayed rounds)."""
    last = field.rounds
    draw = table.draw
    fore = spec.code == "FB"
    is_sb = spec.code == "SB"
    adjusted: list[int] = []
    own: list[int] = []
    for i, row in enumerate(field.records):
        lna = field.last_not_vur[i]
        foremode = fore and field.last_met[i] == last
        if foremode:
            lna = last
        score = sum(
            r.points if n <= lna or r.opponent >= 0 else draw for n, r in enumerate(row) if n
        )
        total = field.totals[i]
        if foremode and last and row[last].opponent >= 0:
            shift = draw - row[last].points
            score += shift
            total += shift
        adjusted.append(score)
        own.append(total)
    capped = spec.rules is Rules.FIDE2026
    values: list[Fraction | None] = []
    for i, row in enumerate(field.records):
        terms: list[_Term] = []
        for n in range(1, last + 1):
            r = row[n]
            vur = r.vur
            if (r.played or (fore and n == last)) and r.opponent >= 0:
                vur = False
                score = adjusted[r.opponent]
            else:
                score = own[i]
                if capped:
                    cap = adjusted[r.opponent] if r.opponent >= 0 else draw * last
                    score = min(score, cap)
            terms.append(_Term(score, score * r.points if is_sb else score, vur))
        terms = _cut(terms, min(spec.cut_low, last), spec.cut_high)
        unit = table.scale * table.scale if is_sb else table.scale
        values.append(Fraction(sum(t.value for t in terms), unit))
    return values


def _cut(terms: list[_Term], low: int, high: int) -> list[_Term]:
    """C.07 §14 with §16.5: the low cuts take a VUR's contribution first (for SB the higher of
    it and the least significant value), the high cuts the most significant value."""
    high = min(high, len(terms) - low) if high else 0
    for _ in range(low):
        if not terms:
            break
        least = min(terms, key=lambda t: (t.score, t.value))
        vurs = [t for t in terms if t.vur]
        lowest_vur = min(vurs, key=lambda t: (t.value, t.score)) if vurs else None
        gone = least if lowest_vur is None or least.value > lowest_vur.value else lowest_vur
        terms = [t for t in terms if t is not gone]
    for _ in range(max(high, 0)):
        if not terms:
            break
        most = max(terms, key=lambda t: (t.score, t.value))
        terms = [t for t in terms if t is not most]
    return terms


def _opponents_mean(
    field: _Field,
    values: Sequence[Fraction | None],
    rounding: Callable[[Fraction], Fraction],
) -> list[Fraction | None]:
    """Per competitor, the rounded mean of `values` over the opponents met over the board
    (one per game), leaving out opponents without a value."""
    means: list[Fraction | None] = []
    for row in field.records:
        met = [values[r.opponent] for r in row[1:] if r.played and r.opponent >= 0]
        known = [v for v in met if v is not None]
        means.append(rounding(Fraction(sum(known), len(known))) if known else None)
    return means


def _round_half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def _round_whole(value: Fraction) -> Fraction:
    return Fraction(_round_half_up(value))


_Ratings = tuple[list[Fraction | None], list[Fraction | None], list[Fraction | None]]


def _rating_values(
    table: ScoreTable, field: _Field, spec: FideSpec, unrated_rating: int | None
) -> _Ratings:
    key = f"fide-ratings:{spec.cut_low}:{spec.cut_high}:{unrated_rating}"
    return table.memo(key, lambda: _build_rating_values(table, field, spec, unrated_rating))


def _build_rating_values(
    table: ScoreTable, field: _Field, spec: FideSpec, unrated_rating: int | None
) -> _Ratings:
    ratings = [c.rating or unrated_rating for c in table.competitors]
    n = table.size
    if any(r is None for r in ratings):
        return [None] * n, [None] * n, [None] * n
    aro: list[Fraction | None] = []
    tpr: list[Fraction | None] = []
    ptp: list[Fraction | None] = []
    last = field.rounds
    low = min(spec.cut_low, last)
    high = min(spec.cut_high, last - low)
    for row in field.records:
        met: list[tuple[int, int]] = []  # (rating, hundredths of a point scored)
        for r in row[1:]:
            if r.played and r.opponent >= 0:
                rating = ratings[r.opponent]
                assert rating is not None
                met.append((rating, _hundredths(table, r.points)))
        for _ in range(low):
            if met:
                met.remove(min(met, key=lambda m: m[0]))
        for _ in range(high):
            if met:
                ordered = sorted(met, key=lambda m: m[0])
                met.remove(ordered[-1])
        if not met:
            aro.append(None)
            tpr.append(None)
            ptp.append(None)
            continue
        opponents = [m[0] for m in met]
        score = sum(m[1] for m in met)
        average = _round_half_up(Fraction(sum(opponents), len(opponents)))
        aro.append(Fraction(average))
        tpr.append(Fraction(average + _dp(_round_half_up(Fraction(score, len(opponents))))))
        ptp.append(Fraction(_perfect_performance(opponents, score, average)))
    return aro, tpr, ptp


def _hundredths(table: ScoreTable, points: int) -> int:
    """A game's rating score in hundredths: 100 for a win, 50 for a draw, else 0."""
    if points == table.win:
        return 100
    if points == table.draw:
        return 50
    return 0


def _dp(percent: int) -> int:
    """FIDE table 8.1.1: dp for p = percent / 100 (p < .50 the negative of 1 - p)."""
    if percent >= 50:
        return FIDE_TABLE_8_1_1[percent - 50]
    return -FIDE_TABLE_8_1_1[50 - percent]


def _expected(rating: int, opponent: int) -> int:
    """FIDE table 8.1.2 in hundredths, the whole scale (a difference beyond 800 counts 800)."""
    gap = max(-800, min(800, rating - opponent))
    higher = _higher_expects(abs(gap))
    return higher if gap >= 0 else 100 - higher


@functools.cache
def _higher_expects(gap: int) -> int:
    """The higher-rated player's expected score in hundredths for a difference of 0 to 800,
    looked up once per difference (PTP asks it for every opponent at every step of its
    search: 300 players took a second)."""
    return int(FIDE_TABLE_8_1_2.higher_expects(gap) * 100)


def _perfect_performance(opponents: list[int], score: int, start: int) -> int:
    """PTP: the lowest whole rating R with Σ PD(R − opponent) >= score (C.07 10.3), `score`
    in hundredths, searched from `start` (the ARO); a zero score gives the lowest opponent
    − 800."""
    if score == 0:
        return min(opponents) - 800
    if score > 100 * len(opponents):
        return max(opponents) + 800

    def reaches(rating: int) -> bool:
        return sum(_expected(rating, o) for o in opponents) >= score

    # Beyond 800 points every expected score is 0 or 1: the answer lies in (low, high].
    low, high = min(opponents) - 801, max(opponents) + 801
    if reaches(start):
        high = min(high, start)
    else:
        low = max(low, start)
    while high - low > 1:
        middle = (low + high) // 2
        if reaches(middle):
            high = middle
        else:
            low = middle
    return high
