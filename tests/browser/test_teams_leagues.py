"""Issue 32 end to end at size: a team round-robin of 6 teams x 4 boards over 5 rounds and a team
Swiss of 24 teams over 7 rounds. The organiser sets the team mode and creates the teams and
rosters through the API and pairs every round on the console's action form in the browser; two
captains play one match a round on the captain's console at 360 px, the other line-ups and
boards go in through the API with the captains' report tokens (one side reports, the other
confirms). The standings are checked against the test's own tally of the results it entered.
Screenshots at 360 and 1280 px go to /tmp/shots/teams/."""

from __future__ import annotations

import json
import random
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from tests.browser.conftest import new_site, serving
from tests.browser.teams_data import TEAM_NAMES
from tests.browser.test_teams_journey import (
    TeamsSite,
    _both_widths,
    _confirm_boards,
    _report_boards,
    _submit_lineup,
    _visit,
)

pytestmark = pytest.mark.slow

RESULTS = ("1-0", "1/2-1/2", "0-1")
FIRST_SCORES = {"1-0": Fraction(1), "1/2-1/2": Fraction(1, 2), "0-1": Fraction(0)}
SHOWN = {"1-0": "1-0", "1/2-1/2": "½-½", "0-1": "0-1"}
BOARDS = 4


@pytest.fixture(scope="module")
def league_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TeamsSite]:
    site = new_site(TeamsSite, tmp_path_factory, "team-leagues")
    site.set_clock("2026-03-14T09:30:00+00:00")
    with serving(site):
        yield site


class League:
    """One team event of the journey: its tokens, the organiser's browser session and the
    test's own tally of match and game points."""

    def __init__(self, site: TeamsSite, slug: str, preset: str, teams: int) -> None:
        self.site = site
        self.slug = slug
        self.teams = teams
        tokens = json.loads(site.data("league", slug, preset, str(teams)))
        self.organiser: str = tokens["organiser"]
        self.captains: dict[int, str] = {int(k): v for k, v in tokens["captains"].items()}
        self.match_points: Counter[int] = Counter()
        self.game_points: dict[int, Fraction] = {n: Fraction(0) for n in range(1, teams + 1)}

    def post(self, action: str, body: dict[str, Any], token: str) -> Any:
        request = urllib.request.Request(
            f"{self.site.url}/api/v1/events/{self.slug}/actions/{action}",
            data=json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                assert answer.status == 201, (action, body)
                return json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as refused:
            pytest.fail(f"{action} {body}: {refused.code} {refused.read().decode()}")

    def set_up(self, **mode: Any) -> None:
        """The team mode, the teams (team n captained by `<slug>-cap<n>`) and their rosters
        (five players, the last a reserve), all through the API as the organiser."""
        self.post("team.mode", {"boards": BOARDS, **mode}, self.organiser)
        for number in range(1, self.teams + 1):
            name = TEAM_NAMES[number - 1]
            self.post(
                "team.create",
                {"name": name, "club": f"Club {number}", "captain": f"{self.slug}-cap{number}"},
                self.organiser,
            )
            players = [f"{name} {member}" for member in "ABCDE"]
            self.post(
                "team.roster", {"team": number, "players": players, "reserves": 1}, self.organiser
            )

    def pair(self, visit: Any, number: int) -> list[dict[str, Any]]:
        """Pair round `number` on the console's action form; its matches."""
        visit.open(f"/console/{self.slug}/do/team.pair/")
        form = visit.page.locator("form.spec-form")
        form.locator("[name=round]").fill(str(number))
        form.get_by_role("button", name="Pair a team round").click()
        visit.page.get_by_text(f"Paired team round {number}").first.wait_for()
        matches: list[dict[str, Any]] = json.loads(self.site.data("round", self.slug, str(number)))
        return matches

    def results(self, round_number: int, match: dict[str, Any]) -> list[str]:
        """The match's board results, read from the first-named team (a fixed draw)."""
        chance = random.Random(f"{self.slug}-{round_number}-{match['match']}")
        return [chance.choice(RESULTS) for _ in range(BOARDS)]

    def tally(self, match: dict[str, Any], results: list[str]) -> None:
        first, second = match["first"], match["second"]
        scored = sum((FIRST_SCORES[r] for r in results), Fraction(0))
        self.game_points[first] += scored
        self.game_points[second] += BOARDS - scored
        if scored * 2 > BOARDS:
            self.match_points[first] += 2
        elif scored * 2 < BOARDS:
            self.match_points[second] += 2
        else:
            self.match_points[first] += 1
            self.match_points[second] += 1

    def by_api(self, round_number: int, match: dict[str, Any], results: list[str]) -> None:
        """Both line-ups (the first four of each roster), each board reported by the first
        team's captain and confirmed by the second's, through the API."""
        first, second = match["first"], match["second"]
        for team in (first, second):
            players = match["rosters"][str(team)][:BOARDS]
            self.post(
                "team.lineup",
                {"round": round_number, "team": team, "players": players},
                self.captains[team],
            )
        for board, result in enumerate(results, start=1):
            where = {"round": round_number, "match": match["match"], "board": board}
            self.post("team.board-report", {**where, "result": result}, self.captains[first])
            self.post("team.board-confirm", where, self.captains[second])
        self.tally(match, results)

    def standings(self, visit: Any) -> dict[str, tuple[str, str]]:
        """Team name -> (MP, GP) as the standings page shows them."""
        visit.open(f"/e/{self.slug}/teams/")
        shown = {}
        for row in visit.page.locator("table.teams tbody tr").all():
            cells = row.locator("td")
            name = cells.nth(1).locator("a bdi").inner_text()
            shown[name] = (cells.nth(4).inner_text(), cells.nth(5).inner_text())
        return shown

    def expected(self) -> dict[str, tuple[str, str]]:
        return {
            TEAM_NAMES[n - 1]: (str(self.match_points[n]), _points(self.game_points[n]))
            for n in range(1, self.teams + 1)
        }


def _points(value: Fraction) -> str:
    whole, half = divmod(value, 1)
    if half == 0:
        return str(int(whole))
    return f"{int(whole)}½" if whole else "½"


def _console_match(
    browser: Any, league: League, sessions: dict[str, str], round_number: int, match: dict[str, Any]
) -> None:
    """The match played on the captain's console at 360 px: both line-ups, the first team's
    captain reports every board and the second team's confirms each."""
    first, second = match["first"], match["second"]
    console = f"/me/e/{league.slug}/captain/"
    results = league.results(round_number, match)
    one = _visit(browser, league.site, sessions[f"{league.slug}-cap{first}"], 360)
    two = _visit(browser, league.site, sessions[f"{league.slug}-cap{second}"], 360)
    try:
        for visit, team in ((one, first), (two, second)):
            visit.open(console)
            roster = match["rosters"][str(team)]
            # The reserve plays board 4 in the even rounds.
            picks = [*roster[:3], roster[4] if round_number % 2 == 0 else roster[3]]
            _submit_lineup(visit, [f"{roster.index(name) + 1}. {name}" for name in picks])
        one.open(console)
        _report_boards(one, [SHOWN[r] for r in results])
        two.open(console)
        _confirm_boards(two, BOARDS)
    finally:
        one.close()
        two.close()
    league.tally(match, results)


def _sessions(league: League) -> dict[str, str]:
    users = [f"org-{league.slug}"] + [f"{league.slug}-cap{n}" for n in range(1, league.teams + 1)]
    found: dict[str, str] = json.loads(league.site.data("logins", *users))
    return found


def _check_standings(browser: Any, league: League) -> None:
    visit = _visit(browser, league.site, None, 1280)
    try:
        assert league.standings(visit) == league.expected()
        tiebreaks = visit.page.locator("table.teams thead th.tb").all_inner_texts()
        assert tiebreaks[:4] == ["EDE", "BH:MP/C1", "BH:MP", "EMMSB"], tiebreaks
    finally:
        visit.close()


def test_round_robin_of_six_teams_on_four_boards(browser: Any, league_site: TeamsSite) -> None:
    league = League(league_site, "rr6", "chess-round-robin", 6)
    league.set_up(system="round-robin")
    sessions = _sessions(league)
    organiser = _visit(browser, league.site, sessions["org-rr6"], 1280)
    try:
        for round_number in range(1, 6):
            matches = league.pair(organiser, round_number)
            assert len(matches) == 3
            assert all(m["second"] is not None for m in matches)
            mine = next(m for m in matches if 1 in (m["first"], m["second"]))
            _console_match(browser, league, sessions, round_number, mine)
            for match in matches:
                if match is not mine:
                    league.by_api(round_number, match, league.results(round_number, match))
    finally:
        organiser.close()
    # Every team met every other once, so each played five matches.
    assert sum(league.match_points.values()) == 2 * 15
    _check_standings(browser, league)
    _both_widths(browser, league.site, None, "/e/rr6/teams/", "rr6-standings")
    _both_widths(browser, league.site, None, "/e/rr6/teams/round/5/", "rr6-match-sheet")


def test_swiss_of_twenty_four_teams_over_seven_rounds(browser: Any, league_site: TeamsSite) -> None:
    league = League(league_site, "sw24", "chess-swiss", 24)
    league.set_up(system="swiss", rounds=7)
    sessions = _sessions(league)
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    organiser = _visit(browser, league.site, sessions["org-sw24"], 1280)
    try:
        for round_number in range(1, 8):
            matches = league.pair(organiser, round_number)
            for match in matches:
                if match["second"] is None:
                    byes[match["first"]] += 1
                    continue
                met[frozenset((match["first"], match["second"]))] += 1
                league.by_api(round_number, match, league.results(round_number, match))
    finally:
        organiser.close()
    assert max(met.values()) == 1, [pair for pair, times in met.items() if times > 1]
    assert len(met) == 12 * 7
    assert not byes  # 24 teams: nobody sits out
    _check_standings(browser, league)
    _both_widths(browser, league.site, None, "/e/sw24/teams/", "sw24-standings", ("en", "fa"))
    # A club's name wraps as a whole ("Club 9" on one line) beside or under the team's.
    visit = _visit(browser, league.site, None, 360)
    try:
        visit.open("/e/sw24/teams/")
        for club in visit.page.locator("table.teams .club").all():
            assert len(club.evaluate("(e) => [...e.getClientRects()]")) == 1, club.inner_text()
    finally:
        visit.close()
    _both_widths(browser, league.site, None, "/e/sw24/teams/round/7/", "sw24-match-sheet")
