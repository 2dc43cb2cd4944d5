"""Many results at once: a whole multi-game match from its score ("3-1"), and a file of results.

Both are all or nothing: every report goes through `results.report_result` (the preset's
checks, the windows, the permissions, one audit row per game) inside one transaction, so the
first refused report undoes the others and names its line or game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext

from mashindano.app.principals import Principal
from mashindano.app.queries import get_event_facts
from mashindano.app.results import GameRef, ResultChange, report_result
from mashindano.engine.errors import MashindanoError, ParseError
from mashindano.interchange.results_csv import ResultRecord, parse_results_csv
from mashindano.store.facts import GameFact

_SCORE = re.compile(r"\s*(\d{1,2})\s*[-–:]\s*(\d{1,2})\s*")


@dataclass(frozen=True, slots=True)
class MatchRef:
    """A multi-game encounter: round and board (stage and group where there are several)."""

    round: int
    board: int
    stage: int = 1
    group: str = ""


def match_games(slug: str, where: MatchRef) -> list[GameFact]:
    """The games of the encounter at `where`, in their order (ParseError when there is none)."""
    facts = get_event_facts(slug)
    games = sorted(
        (
            g
            for g in facts.games()
            if (g.stage, g.group, g.round, g.board)
            == (where.stage, where.group, where.round, where.board)
        ),
        key=lambda g: g.number,
    )
    if not games:
        raise ParseError(
            f"no match at round {where.round}, board {where.board}"
            + (f", stage {where.stage}" if where.stage != 1 else "")
            + (f", group {where.group}" if where.group else ""),
            round=where.round,
            board=where.board,
        )
    return games


def split_score(score: str, games: Sequence[GameFact]) -> list[str]:
    """Each game's result from the match score, read from the first game's first player's
    side ("3-1": they won three, the opponent one; games neither won are drawn). The games
    are given in order: the first player's wins first, then the opponent's, then draws."""
    found = _SCORE.fullmatch(score)
    if found is None:
        raise ParseError(
            gettext(
                "match score {score!r} is not games won by each player, e.g. 3-1 or 2-2"
            ).format(score=score),
            score=score,
        )
    won, lost = int(found.group(1)), int(found.group(2))
    if won + lost > len(games):
        raise ParseError(
            gettext("match score {score}: {value} games won, but the match has {count}").format(
                score=score, value=won + lost, count=len(games)
            ),
            score=score,
        )
    upper = games[0].first
    results = []
    for index, game in enumerate(games):
        if index < won:
            winner = upper
        elif index < won + lost:
            winner = games[0].second
        else:
            results.append("1/2-1/2")
            continue
        results.append("1-0" if game.first == winner else "0-1")
    return results


def report_match(
    slug: str,
    where: MatchRef,
    score: str,
    *,
    actor: Principal,
    now: datetime | None = None,
) -> list[ResultChange]:
    """Report every game of a multi-game match from its score (a Gomoku match "3-1"), all or
    nothing: a game already reported, or a score the match cannot have, stores nothing."""
    games = match_games(slug, where)
    results = split_score(score, games)
    changes = []
    with transaction.atomic():
        for game, result in zip(games, results, strict=True):
            ref = GameRef(where.round, where.board, game.number, where.stage, where.group)
            changes.append(report_result(slug, ref, result, actor=actor, now=now))
    return changes


@dataclass(frozen=True, slots=True)
class ResultLine:
    """One line of a results file: where, the result, and when it was played (optional)."""

    line: int
    where: GameRef
    result: str
    at: datetime | None = None


def lines_of(records: Sequence[ResultRecord]) -> list[ResultLine]:
    """The file's records as the games they name."""
    return [
        ResultLine(r.line, GameRef(r.round, r.board, r.game, r.stage, r.group), r.result, r.at)
        for r in records
    ]


def import_results_csv(
    slug: str,
    text: str,
    *,
    actor: Principal,
    source: str = "RESULTS.csv",
    now: datetime | None = None,
) -> list[ResultChange]:
    """`import_results` of a RESULTS.csv file (see `interchange.results_csv`)."""
    return import_results(
        slug, lines_of(parse_results_csv(text, source=source)), actor=actor, now=now, source=source
    )


def import_results(
    slug: str,
    lines: Sequence[ResultLine],
    *,
    actor: Principal,
    now: datetime | None = None,
    source: str = "",
) -> list[ResultChange]:
    """Report every result of the file, all or nothing: the first refused line is named (its
    number and the reason) and no result of the file is stored."""
    changes = []
    with transaction.atomic():
        for item in lines:
            try:
                changes.append(
                    report_result(slug, item.where, item.result, actor=actor, now=item.at or now)
                )
            except MashindanoError as error:
                place = f"{source}, line {item.line}" if source else f"line {item.line}"
                if not error.message.startswith(place):
                    error.message = f"{place}: {error.message}"
                error.params.setdefault("line", item.line)
                raise
    return changes
