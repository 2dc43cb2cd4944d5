"""A tiny scenario language for Swiss results in tests: "1-5 1-0, 6-2 1-0, 8-4 =, 3 U".

Each round is a comma-separated list: `W-B R` (R one of 1-0, 0-1, =, +-, -+, --) or `N K`
for a bye of kind K (U, H, Z, F). Players are numbered 1..count; ids are the numbers as text.
"""

from __future__ import annotations

from mashindano.engine.model import (
    Bye,
    ByeKind,
    Competitor,
    CompetitorId,
    Game,
    GameResult,
    StageResults,
)

_BYES = {kind.value: kind for kind in ByeKind}


def build_results(count: int, rounds: list[str], total_rounds: int | None = None) -> StageResults:
    games: list[Game] = []
    byes: list[Bye] = []
    for number, text in enumerate(rounds, start=1):
        for item in filter(None, (part.strip() for part in text.split(","))):
            left, right = item.split()
            if "-" in left:
                white, black = left.split("-")
                games.append(
                    Game(number, CompetitorId(white), CompetitorId(black), GameResult.parse(right))
                )
            else:
                byes.append(Bye(number, CompetitorId(left), _BYES[right]))
    competitors = tuple(
        Competitor(CompetitorId(str(n)), f"Player {n}", 2600 - 10 * n, number=n)
        for n in range(1, count + 1)
    )
    return StageResults(competitors, tuple(games), tuple(byes), rounds=total_rounds)
