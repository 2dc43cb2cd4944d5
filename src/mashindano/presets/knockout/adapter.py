"""The `knockout` preset (issue 27 item 5): single and double elimination for any game.

- Start: seeds by rating (or drawn with the event's seed, parameter `seeding`) become the
  entries' numbers; the top seeds get the byes (`engine.knockout.elimination`).
- Units: each published unit holds bracket matches, its lot recording which match each board
  is (`state.unit_lot`). `publish = stage`: the next unit is the matches ready once every
  published match is decided (no disputed game); `publish = all`: any match whose players are
  known is published at once, without waiting for the rest of its round.
- A match is one encounter of `best_of` games: the first `wins_needed` are published with it,
  and one more is added whenever every game has a result and the match goes on (drawn games
  are replayed). A forfeit (+- / -+) ends the match as a walkover; a double forfeit (--) is a
  double walkover (both out). Withdrawn players lose their next match by forfeit.
- Results are reported and confirmed by players or entered by the arbiter like every preset;
  a winner cannot change once the match the winner or loser goes on to is published.
- Standings: the final placings (champion first, ties share a place) once the bracket is over;
  before that, the entries in seed order with how far each has come.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import datetime
from fractions import Fraction

from django.utils.translation import gettext, gettext_noop

from mashindano.app.declarations.parameters import ParameterSchema, schema_of
from mashindano.app.errors import WrongState
from mashindano.app.formats.base import (
    MatchScore,
    PairingPlan,
    PairingUnit,
    ParsedResult,
    PlannedEncounter,
    PlannedGame,
    PlannedLot,
    PlannedStage,
    ReportWindow,
    StandingsLine,
    StandingsTable,
    StartPlan,
    require_knockout_field,
)
from mashindano.app.formats.parts import (
    EXTRA_GAMES,
    LEAVES,
    RESULT_CHANGES,
    SCORED_MATCHES,
    BaseAdapter,
)
from mashindano.engine.knockout.elimination import EliminationMatch, MatchStatus
from mashindano.engine.knockout.elimination_options import seed_entrants
from mashindano.engine.model import ByeKind, CompetitorId, GameResult, Side
from mashindano.presets.knockout import PRESET_NAME
from mashindano.presets.knockout.parameters import (
    CHOICES,
    KNOCKOUT,
    NOTES,
    Publish,
    knockout_parameters,
)
from mashindano.presets.knockout.state import (
    SEEDING_LOT,
    KnockoutState,
    counts,
    from_a_side,
    knockout_state,
    match_result,
    unit_lot,
)
from mashindano.store.facts import (
    EncounterFact,
    EventFacts,
    EventState,
    GameFact,
    Json,
    LeaveFact,
    ReportFact,
    ReportKind,
)


class KnockoutAdapter(BaseAdapter):
    preset = PRESET_NAME
    parts = (LEAVES, EXTRA_GAMES, RESULT_CHANGES, SCORED_MATCHES)
    title = gettext_noop("Knockout")
    description = gettext_noop(
        "Knockout for any game: single or double elimination, seeded or drawn, byes to the "
        "top seeds, optional third place and grand-final reset, best of N games"
    )

    names_sides = False
    """A game's first player only starts: the preset fits any game."""

    parameter_schema = ParameterSchema(
        schema_of(KNOCKOUT, NOTES, choices=CHOICES), knockout_parameters
    )

    # -- start ---------------------------------------------------------------------------------

    def plan_start(self, facts: EventFacts) -> StartPlan:
        require_knockout_field(facts)
        p = knockout_parameters(facts.parameters)
        p.options  # noqa: B018 - refuses a third-place match with fewer than 4 entrants below
        seeded = seed_entrants(facts.competitors, p.seeding, random.Random(facts.seed))
        if p.third_place and len(seeded) < 4:
            raise WrongState(
                gettext(
                    "a third-place match needs at least 4 entrants, event {slug!r} has {count}"
                ).format(slug=facts.slug, count=len(seeded)),
                event=facts.slug,
            )
        name = "Double elimination" if p.options.is_double else "Single elimination"
        outcome: Json = [str(c.id) for c in seeded]
        return StartPlan(
            numbers={c.id: seed for seed, c in enumerate(seeded, start=1)},
            stages=(PlannedStage(1, name, "knockout"),),
            lots=(PlannedLot(SEEDING_LOT, facts.seed, outcome),),
        )

    def check_leave(self, facts: EventFacts, leave: LeaveFact) -> None:
        raise WrongState(
            gettext(
                "event {slug!r} is a knockout: there is no leave of absence (withdraw the "
                "player, who then loses the next match by forfeit)"
            ).format(slug=facts.slug),
            event=facts.slug,
        )

    # -- pairing -------------------------------------------------------------------------------

    def next_unit(self, facts: EventFacts) -> PairingUnit | None:
        state = knockout_state(facts)
        if state is None:
            return None
        waiting = [
            m for m in state.bracket.matches if not m.is_decided and m.id not in state.published
        ]
        if not waiting:
            return None
        return PairingUnit("round", 1, "", state.units + 1)

    def plan_next(self, facts: EventFacts, now: datetime) -> PairingPlan:
        unit = self.next_unit(facts)
        state = knockout_state(facts)
        if unit is None or state is None:
            raise WrongState(
                gettext("every match of event {slug!r} has been paired").format(slug=facts.slug),
                event=facts.slug,
            )
        open_matches = state.open_published()
        if state.parameters.publish == Publish.STAGE and open_matches:
            raise WrongState(
                gettext("event {slug!r}: the published matches are not all decided: {open}").format(
                    slug=facts.slug, open=_describe_open(state, open_matches)
                ),
                event=facts.slug,
            )
        ready = [m for m in state.bracket.ready_matches() if m.id not in state.published]
        if not ready:
            raise WrongState(
                gettext("event {slug!r}: no match has both players yet; waiting for {open}").format(
                    slug=facts.slug, open=_describe_open(state, open_matches)
                ),
                event=facts.slug,
            )
        # A bye is listed once, in the unit where it happens, unless its entrant already
        # plays in this unit (a bye into a match that is ready at once).
        playing = {e for m in ready for e in (m.a.entrant, m.b.entrant)}
        byes = [
            m
            for m in state.bracket.matches
            if m.status is MatchStatus.BYE
            and m.id not in state.published
            and m.winner is not None
            and m.winner not in playing
            and not _listed_bye(state, m.winner)
        ]
        byes = list({m.winner: m for m in reversed(byes)}.values())[::-1]  # one per entrant
        label = f"best-of-{state.parameters.best_of}"
        wins = state.parameters.options.wins_needed
        encounters: list[PlannedEncounter] = []
        ids: list[Json] = []
        for m in ready:
            encounters.append(_planned(facts, m, len(encounters) + 1, label, wins))
            ids.append(m.id)
        for m in byes:
            assert m.winner is not None
            encounters.append(
                PlannedEncounter(len(encounters) + 1, m.winner, bye=ByeKind.PAIRING_ALLOCATED)
            )
            ids.append(m.id)
        lot = PlannedLot(unit_lot(unit.number), facts.seed, ids)
        return PairingPlan(unit, tuple(encounters), (lot,))

    # -- results -------------------------------------------------------------------------------

    def plan_extra_games(
        self,
        parameters: Mapping[str, Json],
        encounter: EncounterFact,
        load_facts: Callable[[], EventFacts],
    ) -> tuple[PlannedGame, ...]:
        """One more game while every game has a result and the match is undecided (a drawn
        game is replayed; best of N)."""
        if encounter.second is None or not all(counts(g) for g in encounter.games):
            return ()
        best_of = knockout_parameters(parameters).best_of
        if match_result(encounter, best_of) is not None:
            return ()
        return (_game(len(encounter.games), encounter.first, encounter.second),)

    def check_report_window(self, window: ReportWindow) -> None:
        """Reports are taken while the event runs: with `publish = all` a match of an
        earlier unit may still be playing when the next one is published."""
        if window.state is not EventState.RUNNING:
            raise WrongState(
                gettext(
                    "results can only be reported while the event is running (it is {value})"
                ).format(value=window.state.value),
                state=window.state.value,
            )

    def check_result_change(
        self, game: GameFact, parsed: ParsedResult, load_facts: Callable[[], EventFacts]
    ) -> None:
        """No result for a game after its match was decided, and no change of a match's
        outcome once the match its winner or loser goes on to is published."""
        facts = load_facts()
        state = knockout_state(facts)
        if state is None:  # pragma: no cover - results come after the start
            return
        match_id = state.by_place.get((game.round, game.board))
        if match_id is None:  # pragma: no cover - every published board is a match
            return
        encounter = state.published[match_id].encounter
        best_of = state.parameters.best_of
        earlier = replace(
            encounter, games=tuple(g for g in encounter.games if g.number < game.number)
        )
        decided = match_result(earlier, best_of)
        if decided is not None:
            raise WrongState(
                gettext(
                    "{label}: the match was already decided ({winner} won); this game is not played"
                ).format(label=game.label, winner=decided.winner or "nobody"),
                round=game.round,
                board=game.board,
            )
        before = match_result(encounter, best_of)
        after = match_result(_with_result(encounter, game, parsed), best_of)
        if (before and before.winner, before and before.kind) == (
            after and after.winner,
            after and after.kind,
        ):
            return
        m = state.bracket.match(match_id)
        for following in (m.winner_to, m.loser_to):
            if following is not None and following in state.published:
                raise WrongState(
                    gettext(
                        "{label}: this would change the outcome of match {match}, but {next} "
                        "is already published with the outcome as it stood"
                    ).format(label=game.label, match=match_id, next=following),
                    round=game.round,
                    board=game.board,
                )

    # -- standings and summary ----------------------------------------------------------------

    def compute_standings(self, facts: EventFacts) -> tuple[StandingsTable, ...]:
        by_id = {c.id: c for c in facts.competitors}
        state = knockout_state(facts)
        if state is None:
            p = knockout_parameters(facts.parameters)
            seeded = seed_entrants(facts.competitors, p.seeding, random.Random(facts.seed))
            lines = tuple(
                StandingsLine(None, False, c, Fraction(0), {"seed": Fraction(seed)})
                for seed, c in enumerate(seeded, start=1)
            )
            return (StandingsTable(gettext("Entries"), ("seed",), lines),)
        bracket = state.bracket
        won = dict.fromkeys(bracket.entrants, 0)
        out: dict[CompetitorId, str] = {}
        for m in bracket.matches:
            if m.status in (MatchStatus.PLAYED, MatchStatus.WALKOVER) and m.winner is not None:
                won[m.winner] += 1
            for entrant in m.finished:
                out[entrant] = bracket.describe(m.id)
        places = {p.entrant: p.place for p in bracket.placements()} if bracket.is_finished else {}
        order = sorted(bracket.entrants, key=lambda e: (places.get(e, 0), bracket.seed_of(e)))
        ranked: list[StandingsLine] = []
        for entrant in order:
            place = places.get(entrant)
            shared = place is not None and sum(v == place for v in places.values()) > 1
            if entrant == bracket.champion:
                note = gettext("champion")
            elif entrant in out:
                note = gettext("out in {match}").format(match=out[entrant])
            else:
                note = gettext("still in")
            ranked.append(
                StandingsLine(
                    place,
                    shared,
                    by_id[entrant],
                    Fraction(won[entrant]),
                    {"seed": Fraction(bracket.seed_of(entrant))},
                    note,
                )
            )
        title = gettext("Placings") if bracket.is_finished else gettext("Entries")
        return (StandingsTable(title, ("seed",), tuple(ranked)),)

    def is_finished(self, facts: EventFacts) -> bool:
        state = knockout_state(facts)
        return state is not None and state.bracket.is_finished

    def match_scores(
        self, facts: EventFacts, stage: int, group: str, number: int
    ) -> Mapping[int, MatchScore]:
        """Games won by each side of a best-of-N match, by board."""
        state = knockout_state(facts)
        if state is None or state.parameters.best_of == 1 or group:
            return {}
        found: dict[int, MatchScore] = {}
        for p in state.published.values():
            encounter = p.encounter
            if p.round != number or encounter.second is None:
                continue
            wins = [0, 0]
            for game in encounter.games:
                if counts(game):
                    result = from_a_side(game, encounter.first)
                    if result in (GameResult.FIRST_WINS, GameResult.FIRST_WINS_BY_FORFEIT):
                        wins[0] += 1
                    elif result in (GameResult.SECOND_WINS, GameResult.SECOND_WINS_BY_FORFEIT):
                        wins[1] += 1
            m = state.bracket.match(p.match_id)
            found[encounter.board] = MatchScore(
                encounter.board,
                Fraction(wins[0]),
                Fraction(wins[1]),
                gettext("game wins"),
                m.winner if m.is_decided else None,
                "best-of" if m.is_decided else None,
                counts_gap=False,
            )
        return found

    def summary(self, facts: EventFacts) -> dict[str, Json]:
        document = super().summary(facts)
        p = knockout_parameters(facts.parameters)
        document["elimination"] = p.elimination
        document["best_of"] = p.best_of
        document["publish"] = p.publish
        return document


# -- helpers -----------------------------------------------------------------------------------


def _listed_bye(state: KnockoutState, entrant: CompetitorId) -> bool:
    """Whether a later bye of `entrant` would repeat one already published while they have
    played nothing since (two byes in a row are listed once)."""
    for p in sorted(state.published.values(), key=lambda p: p.round, reverse=True):
        if entrant in (p.encounter.first, p.encounter.second):
            return p.encounter.second is None
    return False


def _describe_open(state: KnockoutState, matches: tuple[EliminationMatch, ...]) -> str:
    if not matches:
        return gettext("nothing")
    return "; ".join(
        f"{state.bracket.describe(m.id)} ({m.a.describe()} v {m.b.describe()})" for m in matches
    )


def _planned(
    facts: EventFacts, m: EliminationMatch, board: int, label: str, wins: int
) -> PlannedEncounter:
    a, b = m.a.entrant, m.b.entrant
    assert a is not None
    assert b is not None
    gone = [c for c in (a, b) if facts.withdrawn_from(c) is not None]
    if gone:
        if len(gone) == 2:
            result, reason = GameResult.DOUBLE_FORFEIT, f"{a} and {b} withdrew"
        elif gone[0] == a:
            result, reason = GameResult.SECOND_WINS_BY_FORFEIT, f"{a} withdrew"
        else:
            result, reason = GameResult.FIRST_WINS_BY_FORFEIT, f"{b} withdrew"
        return PlannedEncounter(
            board, a, b, label, (PlannedGame(a, b, Side.WHITE, result, reason),)
        )
    return PlannedEncounter(board, a, b, label, tuple(_game(k, a, b) for k in range(wins)))


def _game(index: int, a: CompetitorId, b: CompetitorId) -> PlannedGame:
    """Game `index` (0-based): the better seed starts the odd-numbered games."""
    return PlannedGame(a, b, Side.WHITE) if index % 2 == 0 else PlannedGame(b, a, Side.WHITE)


def _with_result(encounter: EncounterFact, game: GameFact, parsed: ParsedResult) -> EncounterFact:
    at = game.reports[-1].at if game.reports else datetime.min
    report = ReportFact(
        ReportKind.CORRECTION, parsed.result, game.current[1], "", at, "", parsed.detail
    )
    games = tuple(
        replace(g, reports=(*g.reports, report)) if g.id == game.id else g for g in encounter.games
    )
    return replace(encounter, games=games)
