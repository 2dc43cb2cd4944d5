"""A player card: the entry, every game and bye in order with the opponent and the result
from the player's side, where the player stands in each standings table, and the notes
(withdrawn, on leave, sanctions)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext

from mashindano.app.documents.place import Place, PlayerRef
from mashindano.app.documents.rounds import BYE_LABELS
from mashindano.app.documents.standings import StandingsRow, player_flags, standings_document
from mashindano.app.errors import UnknownPlayer
from mashindano.app.formats.parts import DESCRIPTION
from mashindano.app.formats.registry import part
from mashindano.app.on_site import play_url
from mashindano.app.person_record import (
    EntryFigures,
    PersonRecord,
    entry_figures,
    record_of_entry,
)
from mashindano.app.queries import get_event_facts
from mashindano.engine.model import Competitor
from mashindano.engine.points import points_to_json
from mashindano.store.facts import EventFacts, Json


@dataclass(frozen=True, slots=True)
class CardGame:
    place: Place
    board: int
    game: int
    opponent: PlayerRef | None
    """None for a bye."""
    side: str
    """The player's side (white/black, south/north); the bye's label for a bye."""
    result: str
    """The game's result as written (first player's first), "" for a bye."""
    outcome: str
    """win, draw, loss, or "" while unplayed; the bye's kind for a bye."""
    status: str
    play_url: str = ""
    """The game page while the game runs on the site (`app.on_site`), else ""."""

    @property
    def moves_first(self) -> bool:
        """The player's side is the first (White, South): where sides have no names
        (Tantrix, Gomoku) it says the player starts the game."""
        return self.opponent is not None and self.side in ("white", "south")

    def to_json(self) -> dict[str, Json]:
        return {
            "stage": self.place.stage,
            "group": self.place.group,
            "round": self.place.round,
            "board": self.board,
            "game": self.game,
            "opponent": self.opponent.id if self.opponent is not None else None,
            "opponent_name": self.opponent.name if self.opponent is not None else None,
            "side": self.side,
            "result": self.result,
            "outcome": self.outcome,
            "status": self.status,
        }


@dataclass(frozen=True, slots=True)
class CardStanding:
    title: str
    row: StandingsRow

    def to_json(self) -> dict[str, Json]:
        return {
            "table": self.title,
            "rank": self.row.rank,
            "shared": self.row.shared,
            "points": points_to_json(self.row.points),
            "tiebreaks": {
                v.column.name: None if v.value is None else str(v.value) for v in self.row.values
            },
            "note": self.row.note,
        }


@dataclass(frozen=True, slots=True)
class PlayerCard:
    event: str
    player: PlayerRef
    games_played: int | None
    games: tuple[CardGame, ...]
    standings: tuple[CardStanding, ...]
    notes: tuple[str, ...]
    names_sides: bool = True
    """Whether sides are named (White/Black, South/North); otherwise a game's first player
    only starts it (Tantrix, Gomoku)."""
    figures: EntryFigures | None = None
    """The games played and rating the event's rules use: the site's, or declared."""
    record: PersonRecord | None = None
    """The account's record across events (issue 31 item 5); None without an account."""

    def to_json(self) -> dict[str, Json]:
        return {
            "event": self.event,
            "player": self.player.id,
            "name": self.player.name,
            "number": self.player.number,
            "rating": self.player.rating,
            "country": self.player.country,
            "games": [g.to_json() for g in self.games],
            "standings": [s.to_json() for s in self.standings],
            "notes": list(self.notes),
        }


def build_player_card(slug: str, player: str) -> PlayerCard:
    """The card with the figures the event's rules use and the person's record across
    events."""
    facts = get_event_facts(slug)
    card = player_card(facts, player)
    return replace(
        card,
        figures=entry_figures(facts).get(card.player.id),
        record=record_of_entry(slug, str(card.player.id)),
    )


def player_card(facts: EventFacts, player: str) -> PlayerCard:
    competitor = _find(facts, player)
    players = {c.id: PlayerRef.of(c) for c in facts.competitors}
    games: list[CardGame] = []
    for shown in sorted(facts.rounds, key=lambda r: (r.stage, r.group, r.number)):
        place = Place(shown.stage, shown.group, shown.number, facts.stage_name(shown.stage))
        for encounter in shown.encounters:
            if encounter.second is None:
                if encounter.first == competitor.id:
                    kind = encounter.bye_kind.value if encounter.bye_kind is not None else "Z"
                    label = gettext(BYE_LABELS[kind]) if kind in BYE_LABELS else kind
                    games.append(CardGame(place, encounter.board, 0, None, label, "", kind, ""))
                continue
            for game in encounter.games:
                if competitor.id not in (game.first, game.second):
                    continue
                is_first = game.first == competitor.id
                other = game.second if is_first else game.first
                outcome = (
                    game.result.outcome_for_first()
                    if is_first
                    else game.result.outcome_for_second()
                )
                side = game.first_side if is_first else game.first_side.opposite
                games.append(
                    CardGame(
                        place,
                        encounter.board,
                        game.number,
                        players.get(other) or PlayerRef(other, str(other)),
                        side.value,
                        game.result.value,
                        outcome.value if outcome is not None else "",
                        game.status.value,
                        play_url(facts, game),
                    )
                )
    standings = tuple(
        CardStanding(section.title, row)
        for section in standings_document(facts).sections
        for row in section.rows
        if row.player.id == competitor.id
    )
    notes = list(player_flags(facts).get(competitor.id, ()))
    notes += [
        f"{s.kind}" + (f" ({s.points})" if s.points else "") + f": {s.reason}"
        for s in facts.sanctions
        if s.competitor == competitor.id
    ]
    return PlayerCard(
        event=facts.slug,
        player=PlayerRef.of(competitor),
        games_played=competitor.games_played,
        games=tuple(games),
        standings=standings,
        notes=tuple(notes),
        names_sides=part(facts.preset, DESCRIPTION).names_sides,
    )


def _find(facts: EventFacts, player: str) -> Competitor:
    for c in facts.competitors:
        if c.id == player or c.name == player:
            return c
    if player.isdigit():
        for c in facts.competitors:
            if c.number == int(player):
                return c
    raise UnknownPlayer(
        gettext("event {slug!r} has no player {player!r}").format(slug=facts.slug, player=player),
        event=facts.slug,
        player=player,
    )
