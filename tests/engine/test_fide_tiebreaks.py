"""Issue 28 item 3: the FIDE codes' modifiers (cuts and medians of any depth, `:fide2023`),
the unrated-player rule and TPR's rounding of p, checked against naive re-computations and
small hand-made events."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from mashindano.engine.errors import ConfigError
from mashindano.engine.model import (
    Bye,
    ByeKind,
    Competitor,
    CompetitorId,
    Game,
    GameResult,
    StageResults,
)
from mashindano.engine.sheets import ScoreTable
from mashindano.engine.tiebreaks import (
    FIDE_CODES,
    FIDE_TIEBREAK_CODES,
    TIEBREAK_NAMES,
    tiebreak_by_name,
    unrated_present,
)
from mashindano.engine.tiebreaks.registry import tiebreak_list_markdown
from mashindano.interchange.trf import parse_trf, trf_to_stage_results

from ..shared_folders import shared_folder

W, D, L = GameResult.FIRST_WINS, GameResult.DRAW, GameResult.SECOND_WINS

# Clean tournaments with an even number of players: every round is a game over the board, so
# every contribution is simply the opponent's final score.
CLEAN = ("t016p07r_clean_s1016000", "t040p09r_clean_s1040000", "t064p10r_clean_s1064000")


def clean(name: str) -> StageResults:
    path = shared_folder("fixtures", "tiebreaks-tec") / f"{name}.trf"
    return trf_to_stage_results(parse_trf(path.read_text(), source=path.name))


def values(code: str, results: StageResults, **kwargs: int) -> list[Fraction | None]:
    table = ScoreTable.from_results(results)
    computed = tiebreak_by_name(code, **kwargs).compute_table(table)
    return [computed.value(k) for k in range(table.size)]


def naive(results: StageResults) -> dict[str, list]:
    """Per player: (opponent's score, points scored, opponent's rating) per round, and the
    points per round, from the games alone."""
    table = ScoreTable.from_results(results)
    score = {c.id: table.to_points(table.scores[k]) for k, c in enumerate(table.competitors)}
    rating = {c.id: c.rating for c in results.competitors}
    met: dict[CompetitorId, list[tuple[Fraction, Fraction, int]]] = {
        c.id: [] for c in results.competitors
    }
    rounds: dict[CompetitorId, list[Fraction]] = {c.id: [] for c in results.competitors}
    for game in sorted(results.games, key=lambda g: g.round):
        first = {W: Fraction(1), D: Fraction(1, 2), L: Fraction(0)}[game.result]
        for me, other, got in (
            (game.first, game.second, first),
            (game.second, game.first, 1 - first),
        ):
            met[me].append((score[other], got, rating[other]))
            rounds[me].append(got)
    return {
        "met": [met[c.id] for c in results.competitors],
        "rounds": [rounds[c.id] for c in results.competitors],
    }


@pytest.mark.parametrize("name", CLEAN)
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_cuts_and_medians_of_any_depth(name: str, depth: int) -> None:
    """Issue 28 item 3: BH-Cn, BH-Mn, SB-Cn, ARO-Cn, PS-Cn for n = 1..3 against a naive
    re-computation (no unplayed rounds, so nothing is cut before the least significant)."""
    results = clean(name)
    assert all(g.result in (W, D, L) for g in results.games)
    assert not results.byes
    data = naive(results)
    n = depth
    expected_bh_c = [sum(sorted(s for s, _, _ in m)[n:]) for m in data["met"]]
    expected_bh_m = [sum(sorted(s for s, _, _ in m)[n:-n]) for m in data["met"]]
    expected_sb_c = []
    for m in data["met"]:
        terms = sorted((s, s * p) for s, p, _ in m)  # lowest opponent, then lowest product
        expected_sb_c.append(sum(product for _, product in terms[n:]))
    expected_aro_c = []
    for m in data["met"]:
        kept = sorted(r for _, _, r in m)[n:]
        expected_aro_c.append(Fraction((2 * sum(kept) + len(kept)) // (2 * len(kept))))
    expected_ps_c = []
    for pts in data["rounds"]:
        running = [sum(pts[: k + 1]) for k in range(len(pts))]
        expected_ps_c.append(sum(running[n:]))
    assert values(f"BH-C{n}", results) == expected_bh_c
    assert values(f"BH-M{n}", results) == expected_bh_m
    assert values(f"SB-C{n}", results) == expected_sb_c
    assert values(f"ARO-C{n}", results) == expected_aro_c
    assert values(f"PS-C{n}", results) == expected_ps_c
    assert values(f"BH/C{n}", results) == expected_bh_c


def player(name: str, rating: int | None) -> Competitor:
    return Competitor(CompetitorId(name), name, rating=rating)


def test_tpr_rounds_p_half_up_as_the_checker_does() -> None:
    """Issue 28 item 3: 1.5 of 4 is p = 0.375, taken as .38 (dp -87), not .37 (dp -95)."""
    field = (player("A", 1800), *(player(x, 2000) for x in "BCDE"))
    games = (
        Game(1, "A", "B", D),
        Game(2, "C", "A", D),
        Game(3, "A", "D", D),
        Game(4, "E", "A", W),
    )
    results = StageResults(field, games)
    assert values("ARO", results)[0] == 2000
    assert values("TPR", results)[0] == 1913


def test_rating_codes_are_dropped_when_a_player_is_unrated() -> None:
    """Issue 28 item 3: a rating blank or 0 is unrated; ARO, TPR, PTP, APRO and APPO give no
    value unless a rating for unrated players is set (C.07 art. 10, the checker's `-u`)."""
    results = clean(CLEAN[0])
    first = results.competitors[0]
    unrated = replace(results, competitors=(replace(first, rating=0), *results.competitors[1:]))
    assert unrated_present(unrated)
    assert not unrated_present(results)
    for code in ("ARO", "TPR", "PTP", "APRO", "APPO", "ARO-C1"):
        assert tiebreak_by_name(code).needs_ratings
        assert set(values(code, unrated)) == {None}, code
        rated = values(code, unrated, unrated_rating=first.rating or 0)
        assert rated == values(code, results), code
    assert values("ARO-U1500", unrated) == values("ARO", unrated, unrated_rating=1500)
    assert not tiebreak_by_name("BH").needs_ratings


def test_the_2026_cap_and_the_2023_text_on_a_forfeit() -> None:
    """Issue 28 item 3 (C.07 §16.4.1): A wins round 1, then wins by forfeit against B, who
    lost everything. The dummy of A's forfeit round counts A's score (2) in 2023, capped by
    B's score (0) since 2026."""
    field = tuple(player(x, 2000) for x in "ABCD")
    games = (
        Game(1, "A", "C", W),
        Game(1, "B", "D", L),
        Game(2, "A", "B", GameResult.FIRST_WINS_BY_FORFEIT),
        Game(2, "C", "D", D),
    )
    results = StageResults(field, games)
    # C: 0.5, so BH(A) = C's 0.5 + the dummy.
    assert values("BH", results)[0] == Fraction(1, 2)
    assert values("BH:fide2023", results)[0] == Fraction(5, 2)
    assert values("SB", results)[0] == Fraction(1, 2)
    assert values("SB/V2024", results)[0] == Fraction(5, 2)


def test_the_2026_cap_on_a_bye() -> None:
    """Issue 28 item 3 (C.07 §16.4.2): a full-point bye with no opponent counts at most a
    draw's points times the rounds."""
    field = tuple(player(x, 2000) for x in "ABCD")
    games = (
        Game(1, "A", "B", W),
        Game(1, "C", "D", D),
        Game(2, "A", "C", W),
        Game(2, "B", "D", W),
        Game(3, "B", "C", D),
    )
    byes = (Bye(3, "A", ByeKind.FULL_POINT), Bye(3, "D", ByeKind.ZERO_POINT))
    results = StageResults(field, games, byes)
    # A: 3 points; B 1.5, C 1; the bye's dummy is min(3, 0.5 x 3) = 1.5 since 2026.
    assert values("BH", results)[0] == Fraction(3, 2) + 1 + Fraction(3, 2)
    assert values("BH:fide2023", results)[0] == Fraction(3, 2) + 1 + 3
    # D's zero-point bye in the last round counts as a draw in D's score as B sees it (§16.3).
    assert values("BH", results)[1] == 3 + Fraction(1) + Fraction(1)


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("WIN-C1", "WIN has no modifier 'C1'"),
        ("AOB-M1", "AOB has no modifier 'M1'"),
        ("BH-U1400", "BH has no modifier 'U1400'"),
        ("BH-X", "BH has no modifier 'X'"),
        ("BH:fide2020", "unknown option 'fide2020'"),
    ],
)
def test_a_bad_modifier_is_refused_by_name(code: str, problem: str) -> None:
    """Issue 28 item 3: a modifier a code does not take is refused with a clear message."""
    with pytest.raises(ConfigError, match=problem):
        tiebreak_by_name(code)


def test_every_code_has_a_definition_and_an_article() -> None:
    """Issue 28 item 8: each code carries its one-line definition and its article."""
    assert set(FIDE_TIEBREAK_CODES) == {
        "BH", "FB", "AOB", "SB", "PS", "ARO", "TPR", "PTP", "APRO", "APPO",
        "WIN", "WON", "BPG", "BWG", "REP", "KS", "DE",
    }  # fmt: skip
    for code in FIDE_TIEBREAK_CODES:
        info = FIDE_CODES[code]
        assert info.definition.endswith(".")
        assert "\n" not in info.definition
        assert info.article.startswith("C.07 ")
        assert tiebreak_by_name(code).name == code


def test_de_with_forfeits() -> None:
    """Issue 28 item 3: DE-P (the TEC's DE/P) counts forfeits as games among the tied."""
    field = tuple(player(x, 2000) for x in "AB")
    results = StageResults(field, (Game(1, "A", "B", GameResult.FIRST_WINS_BY_FORFEIT),))
    table = ScoreTable.from_results(results)
    assert tiebreak_by_name("DE").compute_table(table).numerators == [0, 0]
    plain = tiebreak_by_name("DE/P").compute_table(table)
    assert [plain.value(k) for k in range(2)] == [1, 0]
    assert tiebreak_by_name("DE/P").name == "DE-P"


def test_the_readme_tie_break_list_is_the_registrys() -> None:
    """Issue 28 item 8: the README's tie-break list is generated from the registry, not
    written twice. To regenerate the block: `python -c "from mashindano.engine.tiebreaks.
    registry import tiebreak_list_markdown as t; print(t())"` between its two markers."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    begin = readme.index("\n", readme.index("<!-- tiebreaks:begin")) + 1
    end = readme.index("<!-- tiebreaks:end -->")
    assert readme[begin:end] == tiebreak_list_markdown()
    for code in FIDE_TIEBREAK_CODES:
        assert f"| `{code}` |" in readme[begin:end]
    for name in TIEBREAK_NAMES:
        assert f"`{name}" in readme[begin:end]


def test_byes_entered_ahead_and_pending_games_are_not_yet_rounds() -> None:
    """Issue 28 item 3: a round with no decided game yet (only pending games, or byes and
    absences entered for the next round) does not count, as in the checker's `-n R`."""
    field = tuple(player(x, 2000) for x in "ABCD")
    games = (Game(1, "A", "B", W), Game(1, "C", "D", D))
    done = StageResults(field, games)
    ahead = StageResults(
        field,
        (*games, Game(2, "A", "C", GameResult.NOT_PLAYED)),
        (Bye(2, "B", ByeKind.HALF_POINT), Bye(2, "D", ByeKind.ZERO_POINT)),
    )
    for code in ("BH", "SB", "PS", "REP", "FB", "KS"):
        assert values(code, ahead) == values(code, done), code
