"""Printed sheets as PDF (issue 33 item 4; issue 29 "Print"): the files are read back with
poppler (pdfinfo, pdftotext, pdftoppm) and the score sheets' QR codes with zbarimg, all Debian
packages that `make` and `.ci/run` install (`make system-packages`). Laying out a PDF takes
seconds: these few tests are marked slow."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mashindano.app import events, players, rounds
from mashindano.app.documents.rounds import build_round_pairings
from mashindano.app.errors import NotAllowed
from mashindano.app.printing import print_sheet, result_form_url
from mashindano.cli.main import app
from mashindano.engine.errors import ConfigError
from mashindano.engine.model import Competitor, CompetitorId

from .helpers import ACTOR, T0, make_event, play_round

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

A4_PORTRAIT = "595.276 x 841.89"
A3_LANDSCAPE = "1190.55 x 841.89"


def tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is missing: `make system-packages` installs it (poppler-utils, zbar)")
    return found


def pdf_info(path: Path) -> dict[str, str]:
    out = subprocess.run([tool("pdfinfo"), str(path)], capture_output=True, text=True, check=True)
    return {
        k.strip(): v.strip()
        for k, _, v in (line.partition(":") for line in out.stdout.splitlines())
    }


def pdf_text(path: Path) -> str:
    return subprocess.run(
        [tool("pdftotext"), "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


def written(data: bytes, tmp_path: Path, name: str) -> Path:
    assert data.startswith(b"%PDF-")
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_pairings_of_60_boards_fit_one_a4_portrait_page(tmp_path: Path) -> None:
    make_event("big", "chess-swiss", 0, start=False, swiss_rounds="7")
    field = [
        Competitor(CompetitorId(f"P{n:02d}"), f"P{n:02d}", rating=2600 - 10 * n)
        for n in range(1, 121)
    ]
    players.register_players("big", field, actor=ACTOR, now=T0)
    events.start_event("big", actor=ACTOR, now=T0)
    rounds.pair_next_round("big", actor=ACTOR, now=T0)
    sheet = print_sheet("big", "pairings", language="en")
    path = written(sheet.pdf(), tmp_path, sheet.filename)
    info = pdf_info(path)
    assert info["Pages"] == "1"
    assert info["Page size"].startswith(A4_PORTRAIT)
    text = pdf_text(path)
    assert "Round 1 pairings" in text
    names = set(re.findall(r"\bP\d{2,3}\b", text))
    assert names == {f"P{n:02d}" for n in range(1, 121)}
    assert sheet.filename == "big-pairings-a4.pdf"


def test_crosstable_of_20_players_on_one_a3_landscape_page(tmp_path: Path) -> None:
    make_event("sw", "chess-swiss", 20, swiss_rounds="9")
    rng = random.Random(2)
    for _ in range(4):
        play_round("sw", rng)
    sheet = print_sheet("sw", "crosstable", paper="a3", language="en")
    path = written(sheet.pdf(), tmp_path, "crosstable.pdf")
    info = pdf_info(path)
    assert info["Pages"] == "1"
    assert info["Page size"].startswith(A3_LANDSCAPE)
    text = pdf_text(path)
    assert all(f"P{n:02d}" in text for n in range(1, 21))
    assert "R9" in text  # every round has its column, played or not
    assert re.search(r"\b\d{1,2}[wb][10½]\b", text)  # "12w1"


def test_score_sheets_carry_a_qr_code_that_reads_back_as_the_result_form(
    tmp_path: Path,
) -> None:
    make_event("club", "chess-swiss", 6, swiss_rounds="3")
    rounds.pair_next_round("club", actor=ACTOR, now=T0)
    sheet = print_sheet("club", "scoresheets", principal=ACTOR, language="en")
    path = written(sheet.pdf(), tmp_path, "sheets.pdf")
    assert pdf_info(path)["Pages"] == "3"  # one game a page
    subprocess.run(
        [tool("pdftoppm"), "-r", "150", "-png", str(path), str(tmp_path / "page")], check=True
    )
    decoded = subprocess.run(
        [tool("zbarimg"), "-q", "--raw", *sorted(str(p) for p in tmp_path.glob("page-*.png"))],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    games = [g for b in build_round_pairings("club", 1).boards for g in b.games]
    assert decoded == [result_form_url("club", g) for g in games]
    assert decoded[0].endswith(
        "/console/club/do/result.report/?round=1&board=1&game=1&stage=1&group="
    )
    text = pdf_text(path)
    assert text.count("Score sheet") >= 3
    assert all(g.first.name in text and g.second.name in text for g in games)


def test_a_persian_event_prints_right_to_left_in_persian(tmp_path: Path) -> None:
    names = ["آرش کمانگیر", "پریسا احمدی", "داریوش نادری", "زهرا موسوی"]
    events.create_event(
        "fa", "chess-swiss", actor=ACTOR, parameters={"language": "fa"}, seed=3, now=T0
    )
    players.register_players(
        "fa", [Competitor(CompetitorId(n), n, rating=2000 - k) for k, n in enumerate(names)],
        actor=ACTOR, now=T0,
    )  # fmt: skip
    events.start_event("fa", actor=ACTOR, now=T0)
    rounds.pair_next_round("fa", actor=ACTOR, now=T0)
    sheet = print_sheet("fa", "pairings")  # the event's language
    assert sheet.language == "fa"
    assert '<html lang="fa" dir="rtl">' in sheet.html
    path = written(sheet.pdf(), tmp_path, "fa.pdf")
    text = pdf_text(path)
    for name in names:
        assert all(word in text for word in name.split()), name


def test_name_cards_two_to_a_page_for_officials_only_and_choices_named(tmp_path: Path) -> None:
    make_event("cards", "chess-swiss", 5, swiss_rounds="3")
    with pytest.raises(NotAllowed):
        print_sheet("cards", "namecards", principal=None)
    with pytest.raises(ConfigError, match="no paper size 'letter' \\(there are: a4, a3\\)"):
        print_sheet("cards", "pairings", paper="letter")
    with pytest.raises(ConfigError, match="no sheet 'menu'"):
        print_sheet("cards", "menu")
    sheet = print_sheet("cards", "namecards", principal=ACTOR, paper="a4", language="en")
    path = written(sheet.pdf(), tmp_path, "cards.pdf")
    assert pdf_info(path)["Pages"] == "3"
    text = pdf_text(path)
    assert all(text.count(f"P{n:02d}") == 2 for n in range(1, 6))  # both faces of the tent


def test_event_print_command_writes_the_standings_with_their_legend(tmp_path: Path) -> None:
    make_event("st", "chess-swiss", 6, swiss_rounds="3")
    play_round("st", random.Random(1))
    out = tmp_path / "standings.pdf"
    outcome = CliRunner().invoke(
        app, ["event", "print", "st", "--what", "standings", "--lang", "en", "-o", str(out)]
    )
    assert outcome.exit_code == 0, (outcome.stdout, outcome.stderr)
    assert "Wrote" in outcome.stdout
    text = pdf_text(written(out.read_bytes(), tmp_path, "again.pdf"))
    assert "Standings" in text
    assert "Buchholz" in text  # the tie-break legend under the table
    refused = CliRunner().invoke(
        app, ["event", "print", "st", "--what", "pairings", "--paper", "b5", "-o", str(out)]
    )
    assert refused.exit_code == 3
    assert "no paper size 'b5'" in refused.stderr
