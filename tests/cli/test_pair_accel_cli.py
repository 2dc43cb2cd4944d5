"""`mashindano pair --dutch FILE -p` with Baku acceleration (issue 28 item 2): every case of
shared/fixtures/dutch-accel (XXA lines) paired as bbpPairings 6.0.0 pairs it, byte for byte;
a 192 `..._BAKU` record without XXA lines; the checklist shows the virtual points."""

from __future__ import annotations

from pathlib import Path

import pytest

from mashindano.cli.pair_protocol import run_drop_in

from ..shared_folders import assert_file_count, shared_folder

ROUND_FILES = "*_round[0-9][0-9].trf"
FOLDER = shared_folder("fixtures", "dutch-accel")
PLAIN = shared_folder("fixtures", "dutch")
CASES = sorted(FOLDER.glob(ROUND_FILES))


def test_every_accelerated_case_is_here():
    assert_file_count(FOLDER, ROUND_FILES, 234)


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_pair_p_with_xxa_equals_reference_byte_for_byte(cli, path: Path) -> None:
    result = cli("pair", "--dutch", path, "-p")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == path.with_suffix(".pairs").read_text()


def test_drop_in_form_reads_xxa_lines(tmp_path):
    path = FOLDER / "t016p09r_mixed_s1016110_round02.trf"
    out = tmp_path / "out.pairs"
    assert run_drop_in(["--dutch", str(path), "-p", str(out)]) == 0
    assert out.read_text() == path.with_suffix(".pairs").read_text()


def test_192_baku_selector_without_xxa_pairs_as_the_xxa_lines(cli, tmp_path):
    # The README's cross-check: the unaccelerated history plus `192 FIDE_DUTCH_BAKU`.
    name = "t040p09r_clean_s1040020_round03.trf"
    source = tmp_path / name
    source.write_text("192 FIDE_DUTCH_BAKU\n" + (PLAIN / name).read_text())
    result = cli("pair", "--dutch", source, "-p")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (FOLDER / name).with_suffix(".pairs").read_text()
    assert result.stdout != (PLAIN / name).with_suffix(".pairs").read_text()


def test_192_baku_without_a_number_of_rounds_is_refused(cli, tmp_path):
    name = "t007p05r_clean_s1007000_round02.trf"
    text = "".join(
        line
        for line in (PLAIN / name).read_text().splitlines(keepends=True)
        if not line.startswith("XXR")
    )
    source = tmp_path / name
    source.write_text("192 FIDE_DUTCH_BAKU\n" + text)
    result = cli("pair", "--dutch", source, "-p")
    assert result.exit_code == 3
    assert "number of rounds" in result.stderr


def test_checklist_shows_virtual_points(cli):
    result = cli("pair", "--dutch", FOLDER / "t008p05r_clean_s1008000_round01.trf", "-l")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "0.0 (+1.0)" in result.stdout
