"""The check of a manually changed Dutch pairing (issue 33 item 1) against the engine, on every
case of shared/fixtures/dutch: the reference pairing (bbpPairings, which the engine pairs
identically) fails no criterion; a swap of two boards' Black players fails C1 exactly where the
engine's own compatibility test (`DutchWeights.compatible`) sees a rematch, and C3 exactly where
it sees two equal absolute colour preferences."""

from __future__ import annotations

from pathlib import Path

import pytest

from mashindano.engine.model import CompetitorId, Side, StageResults
from mashindano.engine.pairing import (
    DutchCheck,
    SwissPairing,
    build_swiss_state,
    check_dutch_pairing,
)
from mashindano.engine.pairing.dutch_weights import DutchWeights
from mashindano.interchange.trf import parse_trf, trf_to_stage_results

from ...shared_folders import shared_folder

CASES = sorted(shared_folder("fixtures", "dutch").glob("*_round[0-9][0-9].trf"))


def _reference(path: Path) -> SwissPairing:
    words = path.with_suffix(".pairs").read_text().split()
    boards: list[tuple[CompetitorId, CompetitorId]] = []
    bye: CompetitorId | None = None
    for k in range(int(words[0])):
        white, black = CompetitorId(words[1 + 2 * k]), CompetitorId(words[2 + 2 * k])
        if black == "0":
            bye = white
        else:
            boards.append((white, black))
    return SwissPairing(tuple(boards), bye)


def _read(path: Path) -> tuple[StageResults, int, int]:
    tournament = parse_trf(path.read_text(), source=path.name)
    assert tournament.rounds is not None
    return (
        trf_to_stage_results(tournament),
        int(path.stem.rsplit("round", 1)[1]),
        tournament.rounds,
    )


def _param(path: Path) -> object:
    # The fields of 100 players and more take most of the time: marked slow.
    players = int(path.stem[1:4])
    return pytest.param(path, id=path.stem, marks=[pytest.mark.slow] if players >= 100 else [])


def test_every_case_is_there() -> None:
    assert len(CASES) == 486


@pytest.mark.parametrize("path", [_param(p) for p in CASES])
def test_the_reference_pairing_fails_nothing_and_a_swap_fails_what_the_engine_sees(
    path: Path,
) -> None:
    results, round_number, total = _read(path)
    reference = _reference(path)
    check = check_dutch_pairing(
        results, round_number, reference, total_rounds=total, optimum=reference
    )
    assert check == ()
    states = build_swiss_state(results, round_number)
    weights = DutchWeights(
        [s for s in states if s.is_available],
        results.points.win,
        round_number,
        total,
        (),
    )
    index = {p.id: k for k, p in enumerate(weights.players)}
    by_id = {s.id: s for s in states}
    boards = reference.boards
    check_swap = DutchCheck(results, round_number, total_rounds=total)
    # Every pair of neighbouring boards in small fields; in large ones every n-th, at most 16.
    for k in range(0, len(boards) - 1, max(1, (len(boards) - 1) // 16)):
        (w1, b1), (w2, b2) = boards[k], boards[k + 1]
        swapped = (*boards[:k], (w1, b2), (w2, b1), *boards[k + 2 :])
        found = check_swap(SwissPairing(swapped, reference.bye))
        new = ((w1, b2), (w2, b1))
        rematches = {p for p in new if p[1] in by_id[p[0]].opponents}
        colour_clashes = {
            p
            for p in new
            if not weights.compatible(index[p[0]], index[p[1]]) and p not in rematches
        }
        assert {v.players for v in found if v.criterion == "C1"} == rematches
        assert {v.players for v in found if v.criterion == "C3"} == colour_clashes
        assert not {v.criterion for v in found} & {"C2", "C4"}


def test_a_swap_that_makes_a_rematch_shows_c1_and_absolute_colours_show_c3() -> None:
    # Round 3 of a clean 7-player case: search a swap that repeats a game and one that puts
    # two players wanting the same colour absolutely on one board.
    kinds: set[str] = set()
    for path in CASES:
        results, round_number, total = _read(path)
        if round_number < 3:
            continue
        reference = _reference(path)
        boards = reference.boards
        for k in range(len(boards) - 1):
            (w1, b1), (w2, b2) = boards[k], boards[k + 1]
            swapped = (*boards[:k], (w1, w2), (b1, b2), *boards[k + 2 :])
            found = check_dutch_pairing(
                results,
                round_number,
                SwissPairing(swapped, reference.bye),
                total_rounds=total,
                optimum=reference,
            )
            kinds |= {v.criterion for v in found}
            for v in found:
                if v.criterion == "C3":
                    assert v.colour in (Side.WHITE, Side.BLACK)
        if {"C1", "C3", "C12"} <= kinds:
            break
    assert {"C1", "C3", "C12"} <= kinds


def test_an_unpaired_player_and_a_bye_to_a_player_who_had_one() -> None:
    path = next(p for p in CASES if "clean" in p.stem and p.stem.endswith("round03"))
    results, round_number, total = _read(path)
    reference = _reference(path)
    assert reference.bye is not None
    states = {s.id: s for s in build_swiss_state(results, round_number)}
    had_bye = next(s.id for s in states.values() if not s.is_bye_eligible)
    boards = tuple(b for b in reference.boards if had_bye not in b)
    dropped = next(b for b in reference.boards if had_bye in b)
    other = dropped[0] if dropped[1] == had_bye else dropped[1]
    found = check_dutch_pairing(
        results, round_number, SwissPairing(boards, had_bye), total_rounds=total
    )
    assert ("C2", (had_bye,)) in {(v.criterion, v.players) for v in found}
    assert {v.players for v in found if v.criterion == "C4"} == {
        tuple(sorted((reference.bye, other), key=lambda p: (-states[p].score, states[p].number)))
    }
