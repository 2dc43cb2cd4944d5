"""Gomoku league results in the league's words (shared/spec/gomoku-league.md R29, R31, A2): a
game is won, drawn or not played (a no-show), a match is 4 games reported as games won, and a
disputed game is shown with its whole match, game by game."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from mashindano.app.documents.result_terms import Claim, Names, ResultTerms
from mashindano.engine.model import GameResult
from mashindano.store.facts import EncounterFact, EventFacts, GameFact


def _encounter(facts: EventFacts, game: GameFact) -> EncounterFact | None:
    for round_fact in facts.rounds:
        for encounter in round_fact.encounters:
            if encounter.id == game.encounter_id:
                return encounter
    return None


def _game_words(game: GameFact, names: Names) -> str:
    result = game.result
    if not result.is_decided:
        return gettext("game {number}: not reported").format(number=game.number)
    if result is GameResult.DRAW:
        return gettext("game {number}: drawn").format(number=game.number)
    if result is GameResult.DOUBLE_FORFEIT:
        return gettext("game {number}: not played").format(number=game.number)
    first_won = result in (GameResult.FIRST_WINS, GameResult.FIRST_WINS_BY_FORFEIT)
    winner = game.first if first_won else game.second
    return gettext("game {number}: {player} won").format(
        number=game.number, player=names.get(winner, winner)
    )


def claims(facts: EventFacts, game: GameFact, names: Names) -> tuple[Claim, ...]:
    """The reporter's match as it stands (the four game results and the score in games won,
    the match's first player first) and the disputed game's report."""
    encounter = _encounter(facts, game)
    reporter = next((r.actor for r in game.reports if r.result is not None), "")
    if encounter is None or encounter.second is None:
        return ()
    won = [0, 0]
    for played in encounter.games:
        if played.result in (GameResult.FIRST_WINS, GameResult.FIRST_WINS_BY_FORFEIT):
            won[0 if played.first == encounter.first else 1] += 1
        elif played.result in (GameResult.SECOND_WINS, GameResult.SECOND_WINS_BY_FORFEIT):
            won[1 if played.first == encounter.first else 0] += 1
    games = "; ".join(_game_words(g, names) for g in encounter.games)
    return (
        Claim(
            reporter,
            f"{won[0]}-{won[1]}",
            gettext("games won, {first} first ({games}); disputed: game {number}").format(
                first=names.get(encounter.first, encounter.first),
                games=games,
                number=game.number,
            ),
        ),
    )


TERMS = ResultTerms(
    field_help={
        "result": _(
            "The game's result, the first-listed player's first: 1-0 or 0-1 (won), "
            "1/2-1/2 (drawn), +- or -+ (the other did not turn up)."
        ),
        "detail": _("Not used in the league: leave empty."),
        "score": _(
            "Games won by the match's first player, then by the second, e.g. 3-1; games "
            "neither won are drawn (a match is 4 games, R29)."
        ),
    },
    claims=claims,
)
