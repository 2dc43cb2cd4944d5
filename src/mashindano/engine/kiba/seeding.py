"""The initial player list (R6-R8, A2-A5): categories, KIBA score, seed numbers.

Players are given in entry order, earliest first, unless entry times are passed. Ties in KIBA
score inside a category go to the earlier entry; players who entered at the same moment are
ordered by lots the director drew and recorded (A4). The engine never draws those lots itself.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction
from itertools import groupby

from mashindano.engine.errors import ConfigError, IllegalResult
from mashindano.engine.kiba.parameters import KIBA_BAO, KibaParameters, KibaScoreRounding
from mashindano.engine.model import Competitor, CompetitorId
from mashindano.engine.ratings import kiba_category, kiba_score
from mashindano.engine.timestamps import require_aware


@dataclass(frozen=True, slots=True)
class SeededPlayer:
    """One row of the initial list: the player as the rules see them."""

    seed: int
    """1 is the best seed."""
    competitor: Competitor
    category: int
    elo: int
    """The Elo the rules use: the player's rating, or `new_player_elo` in category 3."""
    games: int
    kiba_score: int
    entry: int
    """1-based position in the order of entry."""

    @property
    def id(self) -> CompetitorId:
        return self.competitor.id

    @property
    def name(self) -> str:
        return self.competitor.name

    @property
    def country(self) -> str | None:
        return self.competitor.country

    def as_competitor(self) -> Competitor:
        """The competitor with the values the rules use (category-3 Elo, seed as number)."""
        c = self.competitor
        return Competitor(
            id=c.id,
            name=c.name,
            rating=self.elo,
            games_played=self.games,
            country=c.country,
            number=self.seed,
        )


@dataclass(frozen=True, slots=True)
class InitialList:
    """The seeded list, best seed first, and the lots it needed (empty when none)."""

    players: tuple[SeededPlayer, ...]
    lots_used: tuple[CompetitorId, ...] = ()

    def __len__(self) -> int:
        return len(self.players)

    def player(self, competitor: CompetitorId) -> SeededPlayer:
        for p in self.players:
            if p.id == competitor:
                return p
        raise IllegalResult(f"{competitor!r} is not on the initial list", competitor=competitor)


def compute_kiba_score(
    elo: int, games: int, rounding: KibaScoreRounding = KibaScoreRounding.HALF_EVEN
) -> int:
    """R7: Elo/10 + games as an integer, rounded as the parameters say (A5)."""
    if rounding is KibaScoreRounding.HALF_EVEN:
        return kiba_score(elo, games)
    if games < 0 or elo < 0:
        raise IllegalResult(
            f"Elo and game count cannot be negative, got Elo {elo} and {games} games",
            elo=elo,
            games=games,
        )
    exact = Fraction(elo, 10) + games
    if rounding is KibaScoreRounding.HALF_UP:
        return math.floor(exact + Fraction(1, 2))
    return math.floor(exact)


def check_player_count(players: int, parameters: KibaParameters = KIBA_BAO) -> None:
    """R2/R3: refuse a tournament outside `min_players`..`max_players`."""
    if not parameters.min_players <= players <= parameters.max_players:
        raise ConfigError(
            f"a KIBA tournament needs {parameters.min_players} to {parameters.max_players} "
            f"players, got {players}",
            code="player_count",
            players=players,
            min_players=parameters.min_players,
            max_players=parameters.max_players,
        )


def as_kiba_rates(
    competitors: Sequence[Competitor], parameters: KibaParameters = KIBA_BAO
) -> tuple[Competitor, ...]:
    """The entrants with the Elo the KIBA rules use (R6: a newcomer's is the newcomer Elo),
    as a players file for the generic `kiba-score` tie-break."""
    return tuple(
        replace(c, rating=seed_player(c, entry, parameters).elo)
        for entry, c in enumerate(competitors, start=1)
    )


def seed_player(
    competitor: Competitor, entry: int, parameters: KibaParameters = KIBA_BAO
) -> SeededPlayer:
    """Category, Elo used and KIBA score of one entrant; the seed is filled in later (0)."""
    games = competitor.games_played or 0
    category = kiba_category(games, category1_min_games=parameters.category1_min_games)
    if category == 3:
        # R6: a newly registered player is given the newcomer Elo, whatever else is on file.
        elo = parameters.new_player_elo
    elif competitor.rating is None:
        raise ConfigError(
            f"player {competitor.name!r} has played {games} games but has no Elo rating",
            code="missing_rating",
            competitor=competitor.id,
            games=games,
        )
    else:
        elo = competitor.rating
    return SeededPlayer(
        seed=0,
        competitor=competitor,
        category=category,
        elo=elo,
        games=games,
        kiba_score=compute_kiba_score(elo, games, parameters.rounding),
        entry=entry,
    )


def compute_initial_list(
    players: Sequence[Competitor],
    parameters: KibaParameters = KIBA_BAO,
    *,
    entered_at: Mapping[CompetitorId, datetime] | None = None,
    lots: Sequence[CompetitorId] = (),
) -> InitialList:
    """R8 with A3/A4: category 1, 2, 3; inside a category the higher KIBA score first; then
    the earlier entry; then the recorded lots (`lots` lists players in the order drawn).

    Raises ConfigError when the player count is outside the allowed range, when a player is
    listed twice, when an entry time is missing, or when lots are needed but not given (the
    error names the tied players, code `lots_needed`).
    """
    check_player_count(len(players), parameters)
    seen: set[CompetitorId] = set()
    for c in players:
        if c.id in seen:
            raise ConfigError(
                f"player {c.name!r} is entered twice", code="duplicate_player", competitor=c.id
            )
        seen.add(c.id)
    entries = [seed_player(c, index, parameters) for index, c in enumerate(players, start=1)]
    entry_key = _entry_keys(entries, entered_at)
    lot_position = {competitor: index for index, competitor in enumerate(lots)}

    def order_key(p: SeededPlayer) -> tuple[int, int, datetime | int]:
        return (p.category, -p.kiba_score, entry_key[p.id])

    ordered: list[SeededPlayer] = []
    used: list[CompetitorId] = []
    for _, block in groupby(sorted(entries, key=order_key), key=order_key):
        tied = list(block)
        if len(tied) > 1:
            missing = [p.name for p in tied if p.id not in lot_position]
            if missing:
                raise ConfigError(
                    f"players {', '.join(p.name for p in tied)} are tied on category, KIBA "
                    f"score ({tied[0].kiba_score}) and entry; the director must draw lots and "
                    f"record them (no lot for {', '.join(missing)})",
                    code="lots_needed",
                    players=[p.id for p in tied],
                )
            tied.sort(key=lambda p: lot_position[p.id])
            used.extend(p.id for p in tied)
        ordered.extend(tied)
    unknown = [c for c in lots if c not in seen]
    if unknown:
        raise ConfigError(
            f"lots name players who did not enter: {', '.join(unknown)}",
            code="unknown_player",
            players=unknown,
        )
    seeded = tuple(
        SeededPlayer(
            seed=index,
            competitor=p.competitor,
            category=p.category,
            elo=p.elo,
            games=p.games,
            kiba_score=p.kiba_score,
            entry=p.entry,
        )
        for index, p in enumerate(ordered, start=1)
    )
    return InitialList(players=seeded, lots_used=tuple(used))


def _entry_keys(
    entries: Sequence[SeededPlayer], entered_at: Mapping[CompetitorId, datetime] | None
) -> dict[CompetitorId, datetime | int]:
    if entered_at is None:
        return {p.id: p.entry for p in entries}
    keys: dict[CompetitorId, datetime | int] = {}
    for p in entries:
        if p.id not in entered_at:
            raise ConfigError(
                f"no entry time for player {p.name!r}", code="missing_entry", competitor=p.id
            )
        keys[p.id] = require_aware(entered_at[p.id], f"the entry time of {p.name!r}")
    return keys
