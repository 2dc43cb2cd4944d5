"""Issue 19, Acceptance: two players play a whole game from the fixtures' game records through
the game page, with taps (a pit, a direction, the nyumba decision when it arises; never a
typed move), on the real server (`mashindano serve`, granian) with its own database. After
every move the board drawn on the page equals the record's position; the game ends with the
record's winner; a spectator follows it live; and the worker sends exactly one e-mail per move,
to the opponent, counted at a test SMTP server (aiosmtpd).

Also: screenshots of the game page, my games and the replay at 360 and 1280 px."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.app.smtp import Inbox, smtp_server
from tests.browser.conftest import REPOSITORY, Site, Visit, _env, _free_port, serving

from mashindano.engine.bao import (
    DEFAULT_PARAMETERS,
    Position,
    parameters_to_mapping,
    pit_index,
    replay_moves,
    standard_position,
)

# A whole journey through a real server (tens of seconds): `make test-slow`.
pytestmark = pytest.mark.slow

FIXTURES = REPOSITORY.parent / "shared" / "fixtures" / "bao"
BAO_DATA = Path(__file__).resolve().parent / "bao_data.py"
SLUG = "bao-acceptance"
MASHINDANO = [sys.executable, "-m", "mashindano.cli.main"]


class BaoSite(Site):
    def __init__(self, url: str, db: Path, setup: dict[str, Any]) -> None:
        super().__init__(url, db)
        self.setup = setup

    def bao(self, *args: str) -> Any:
        done = subprocess.run(
            [sys.executable, str(BAO_DATA), str(self.db), *args],
            check=True,
            capture_output=True,
            text=True,
            env=_env(self.db),
        )
        return json.loads(done.stdout)

    @property
    def game_path(self) -> str:
        return f"/play/{self.setup['slug']}/{self.setup['game']}/"


@pytest.fixture(scope="module")
def inbox() -> Iterator[Inbox]:
    with smtp_server() as server:
        yield server


@pytest.fixture(scope="module")
def bao_site(tmp_path_factory: pytest.TempPathFactory, inbox: Inbox) -> Iterator[BaoSite]:
    db = tmp_path_factory.mktemp("bao-site") / "bao.sqlite3"
    port = _free_port()
    done = subprocess.run(
        [sys.executable, str(BAO_DATA), str(db), "setup", SLUG],
        check=True,
        capture_output=True,
        text=True,
        env=_env(db),
    )
    site = BaoSite(f"http://127.0.0.1:{port}", db, json.loads(done.stdout))
    env = {**_env(db), **inbox.env(), "MASHINDANO_BASE_URL": site.url}
    with serving(site, "--no-worker", env=env):
        yield site


def _player(browser: Any, site: BaoSite, key: str, width: int, zone: str = "UTC") -> Visit:
    visit = Visit(browser, site, width)
    visit.context.close()
    visit.context = browser.new_context(viewport={"width": width, "height": 900}, timezone_id=zone)
    visit.context.route("**/*", visit._guard)
    visit.context.add_cookies(
        [{"name": "sessionid", "value": site.setup["sessions"][key], "url": site.url}]
    )
    visit.page = visit.context.new_page()
    return visit


def _record() -> dict[str, Any]:
    """The first game record under the default rules that needs a nyumba decision (`+`)."""
    wanted = parameters_to_mapping(DEFAULT_PARAMETERS)
    for line in (FIXTURES / "oracle-kiswahili-games.jsonl").read_text().splitlines():
        record = json.loads(line)
        if (
            record["initial"] == "standard"
            and record["parameters"] == wanted
            and any("+" in m for m in record["moves"])
        ):
            return dict(record)
    pytest.fail(f"no suitable game record in {FIXTURES}")


def _board_on_page(page: Any) -> tuple[tuple[int, ...], tuple[int, int], str, str]:
    pits = page.eval_on_selector_all(
        "svg.bao-board [data-pit]", "els => els.map(e => [e.dataset.pit, Number(e.dataset.seeds)])"
    )
    board = [0] * 32
    for name, seeds in pits:
        board[pit_index(name)] = seeds
    svg = page.locator("svg.bao-board")
    hands = (int(svg.get_attribute("data-hand-south")), int(svg.get_attribute("data-hand-north")))
    return tuple(board), hands, svg.get_attribute("data-stage"), svg.get_attribute("data-to-move")


def _expected(position: Position) -> tuple[tuple[int, ...], tuple[int, int], str, str]:
    to_move = "" if position.to_move is None else "SN"[position.to_move]
    return position.board, position.hand, position.stage, to_move


def _tap(page: Any, site: BaoSite, move: str, ply: int) -> None:
    """Play `move` the way a player does: tap its pit, then its direction, then stop or play
    the nyumba when the page asks."""
    page.goto(site.url + site.game_path)
    page.locator(f'svg a[data-pit="{move[:2]}"]').click()
    page.wait_for_url(f"**?pit={move[:2]}*")
    direction = page.locator(f'.choices [data-sign="{move[2]}"]')
    if direction.evaluate("e => e.tagName") == "A":  # the nyumba decision is still to make
        direction.click()
        page.wait_for_url("**dir=*")
        page.locator(f'[data-house="{"play" if "+" in move else "stop"}"]').click()
    else:
        direction.click()
    expect(page.locator("#game")).to_have_attribute("data-next-ply", str(ply + 1))


def test_two_players_play_a_recorded_game_with_taps_and_each_move_mails_the_opponent(
    browser: Any, bao_site: BaoSite, inbox: Inbox
) -> None:
    record = _record()
    moves: list[str] = record["moves"]
    expected = replay_moves(standard_position(), moves, DEFAULT_PARAMETERS).positions
    setup = bao_site.setup
    south = _player(browser, bao_site, setup["south"], 360, "Africa/Dar_es_Salaam")
    north = _player(browser, bao_site, setup["north"], 1280, "Europe/Amsterdam")
    spectator = Visit(browser, bao_site, 1280)
    try:
        spectator.open(bao_site.game_path)
        assert _board_on_page(spectator.page) == _expected(expected[0])
        north.open(bao_site.game_path)
        for ply, move in enumerate(moves, start=1):
            mover = south if ply % 2 == 1 else north
            _tap(mover.page, bao_site, move, ply)
            assert _board_on_page(mover.page) == _expected(expected[ply]), f"after ply {ply}"
            assert mover.page.locator(f'.move-list [data-ply="{ply}"]').inner_text().endswith(move)
            if ply == 1:  # North's open page shows South's move and North's choices, live
                expect(north.page.locator("svg a.choosable").first).to_be_visible(timeout=6000)
                assert _board_on_page(north.page) == _expected(expected[1])
        winner = setup["south"] if record["result"]["winner"] == "S" else setup["north"]
        names = {"K1": "Asha Bao", "K2": "Bakari Bao", "K3": "Chausiku Bao"}
        names |= {"K4": "Dalia Bao", "K5": "Eliya Bao", "K6": "Fumo Bao"}
        status = spectator.page.locator("#game .game-status")
        expect(status).to_contain_text("Game over.", timeout=6000)  # live, without a reload
        expect(status).to_contain_text(f"{names[winner]} wins")
        assert _board_on_page(spectator.page) == _expected(expected[-1])
        assert spectator.page.locator("svg a.choosable").count() == 0
    finally:
        for visit in (south, north, spectator):
            visit.close()

    stored = bao_site.bao("moves", setup["slug"], str(setup["game"]))
    assert [notation for _, _, notation in stored] == moves
    now = datetime.now(UTC).isoformat()
    worker = subprocess.run(
        [*MASHINDANO, "worker", "--batch", "--now", now, "--db", str(bao_site.db)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPOSITORY,
        env={**_env(bao_site.db), **inbox.env()},
        check=False,
    )
    assert worker.returncode == 0, worker.stderr
    mailed: dict[str, list[str]] = {}
    for message in inbox.messages:
        key = str(message["X-Mashindano-Key"])
        if key.startswith("move:"):  # move:<move id>:to:<user id>
            mailed.setdefault(key.split(":")[1], []).append(str(message["To"]))
    emails = setup["emails"]
    assert mailed == {
        str(move_id): [emails[setup["north"] if ply % 2 == 1 else setup["south"]]]
        for move_id, ply, _ in stored
    }
    _screenshots(browser, bao_site)


def _screenshots(browser: Any, bao_site: BaoSite) -> None:
    """The game page (a pit tapped; the finished game), my games and the replay, at 360 and
    1280 px, none scrolling sideways."""
    setup = bao_site.setup
    game = bao_site.game_path
    for width in (360, 1280):
        # A game of the same event still running, seen by its player on move, a pit tapped.
        visit = _player(browser, bao_site, setup["south"], width, "Africa/Dar_es_Salaam")
        try:
            visit.open("/play/")
            assert visit.page.locator(".my-games li").count() >= 1
            visit.screenshot("bao-my-games")
            running = visit.page.locator(".my-games li.mine a.title").first
            running.click()
            pit = visit.page.locator("svg a.choosable").first
            pit.click()
            visit.page.wait_for_url("**?pit=*")
            assert visit.page.locator(".choices [data-sign]").count() >= 1
            visit.screenshot("bao-game-choices")
            visit.open(game + "replay/?ply=12")
            assert visit.page.locator(".game-status").get_attribute("data-ply") == "12"
            visit.page.locator('[data-step="next"]').click()
            assert visit.page.locator(".game-status").get_attribute("data-ply") == "13"
            visit.screenshot("bao-replay")
            visit.open(game)
            visit.screenshot("bao-game-over")
            scroll = visit.page.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, f"the page scrolls sideways at {width} px"
        finally:
            visit.close()
