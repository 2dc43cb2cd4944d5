"""The `tantrix-knockout` preset (shared/spec/tantrix-knockout.md): single-elimination brackets
whose matches are decided on tournament points by the "decisive victory" rule.

- Start: seeds by rating (or list order, parameter `seeding`) become the entries' numbers;
  stage 1 is the main draw, stage 2 the plate when `plate` is set.
- Units are bracket rounds. Round 1 gives the missing opponents (byes, kind U) to the top
  seeds; each later round is paired once every match of the round before is decided, the
  third-place match (`third_place_match`) beside the final. The plate (A12: decisive rule off
  by default) draws the first-round losers once the main draw's first round is over.
- A match is published with its `standard_games` games, sides alternating from the better
  seed. Each game is reported with its TPs (`tantrix_knockout_results`); whenever every game
  has a result and the match rule (`engine.matches.PointsMargin`) needs another, the next
  tiebreak or sudden-death game is added (`plan_extra_games`). A forfeit (+- / -+, ruled by an
  arbiter for a missed limit or reported as a resignation) ends the match at once.
- Withdrawn players lose their later matches by forfeit when those are published.
- Standings: a ranking per draw (champion, finalist, third/fourth or semifinalists, then the
  losers of each round), with matches won, TPs and seed; the event's summary adds the brackets
  (`documents.brackets`, from `event_draws`).

Result forms (R16-R24), tiebreak offers and replies (R20-R22) and opt-out agreements (R13-R15)
are filed through `app.tantrix`. Here they shape the match: a form's option 8 resigns it, forms
the engine's review flags (R24, A10) hold the round until a controller rules, and an opt-out
(arbiter override `tantrix-opt-out`) stops the match after the standard games. The defaults for
missed offer and reply limits depend on the clock, so `app.tantrix.match_status` derives them
at a given time; the bracket counts one once an arbiter rules it (a forfeit `{"end":
"default"}`), because standings here are computed without a clock.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import datetime
from fractions import Fraction

from django.utils.translation import gettext, gettext_noop

from mashindano.app.declarations import parameter_notes
from mashindano.app.declarations.parameters import ParameterSchema, schema_of
from mashindano.app.errors import WrongState
from mashindano.app.formats.base import (
    MatchScore,
    PairingPlan,
    PairingUnit,
    ParsedResult,
    PlannedEncounter,
    PlannedGame,
    PlannedStage,
    StandingsLine,
    StandingsTable,
    StartPlan,
    require_knockout_field,
)
from mashindano.app.formats.parts import (
    EXTRA_GAMES,
    GAME_SCORES,
    LEAVES,
    RESULT_CHANGES,
    RESULT_DETAILS,
    SCORED_MATCHES,
    SECTIONS,
    BaseAdapter,
)
from mashindano.engine.knockout.bracket import BracketMatch, seed_competitors
from mashindano.engine.knockout.parameters import (
    TANTRIX_KNOCKOUT,
    TantrixKnockoutParameters,
)
from mashindano.engine.knockout.result_forms import describe_review
from mashindano.engine.knockout.tantrix import TileScore, convert_tile_score, tp_formula_by_name
from mashindano.engine.matches import MatchSide, PointsMargin
from mashindano.engine.model import ByeKind, Competitor, CompetitorId, GameResult, Side
from mashindano.engine.parameters import override
from mashindano.engine.points import Points
from mashindano.presets.tantrix_knockout import PRESET_NAME
from mashindano.presets.tantrix_knockout.actions import ACTIONS
from mashindano.presets.tantrix_knockout.draws import (
    MAIN_STAGE,
    PLATE_STAGE,
    Draw,
    main_draw,
    match_rule_label,
    match_rule_of,
    opted_out_matches,
    plate_draw,
    plate_entrants,
    rank_draw,
    rounds_of,
    view_match,
)
from mashindano.presets.tantrix_knockout.results import (
    detail_tps,
    parse_tantrix_report,
    tp_text,
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
    ResultDetail,
    RoundFact,
)


def knockout_parameters(overrides: Mapping[str, Json]) -> TantrixKnockoutParameters:
    return override(TANTRIX_KNOCKOUT, overrides)


class TantrixKnockoutAdapter(BaseAdapter):
    actions = ACTIONS
    preset = PRESET_NAME
    parts = (
        LEAVES,
        RESULT_DETAILS,
        EXTRA_GAMES,
        RESULT_CHANGES,
        SCORED_MATCHES,
        SECTIONS,
        GAME_SCORES,
    )
    title = gettext_noop("Tantrix knockout")
    description = gettext_noop(
        "Tantrix knockout: seeded bracket, byes for the top seeds, matches on TPs with the "
        "decisive-victory rule (5 TPs, 3 tiebreak games), optional third place and plate"
    )

    names_sides = False
    """A game's first player only starts: Tantrix has no White and Black."""

    # -- parameters and start ------------------------------------------------------------------

    parameter_schema = ParameterSchema(
        schema_of(
            TANTRIX_KNOCKOUT,
            parameter_notes.TANTRIX,
            choices=parameter_notes.TANTRIX_CHOICES,
        ),
        knockout_parameters,
    )

    def plan_start(self, facts: EventFacts) -> StartPlan:
        require_knockout_field(facts)
        p = knockout_parameters(facts.parameters)
        seeded = seed_competitors(facts.competitors, p.seeding)
        stages = [PlannedStage(MAIN_STAGE, "Main draw", "knockout")]
        if p.plate and plate_entrants(len(seeded)) >= 2:
            stages.append(PlannedStage(PLATE_STAGE, "Plate", "knockout-plate"))
        return StartPlan(
            numbers={c.id: seed for seed, c in enumerate(seeded, start=1)}, stages=tuple(stages)
        )

    def check_leave(self, facts: EventFacts, leave: LeaveFact) -> None:
        raise WrongState(
            gettext(
                "event {slug!r} is a knockout: there is no leave of absence "
                "(withdraw the player, who then loses the next match by "
                "forfeit)"
            ).format(slug=facts.slug),
            event=facts.slug,
        )

    # -- pairing -------------------------------------------------------------------------------

    def next_unit(self, facts: EventFacts) -> PairingUnit | None:
        """The next bracket round to pair. The main draw and the plate run side by side after
        the first round: the earlier of their next rounds that can be paired (the main draw's
        on a tie), else the main draw's, for `plan_next` to say what it waits for."""
        if facts.state is EventState.REGISTRATION or len(facts.competitors) < 2:
            return None
        p = knockout_parameters(facts.parameters)
        main = main_draw(facts, p)
        candidates: list[tuple[PairingUnit, bool]] = []
        if main.published < main.bracket.round_count:
            unit = PairingUnit("round", MAIN_STAGE, "", main.published + 1)
            candidates.append((unit, _is_round_done(main, main.published)))
        plate_rounds = self._plate_rounds(facts, p)
        if plate_rounds:
            published = _published_rounds(facts, PLATE_STAGE)
            if published < plate_rounds:
                plate = plate_draw(facts, p, main)
                ready = plate is not None and _is_round_done(plate, published)
                candidates.append((PairingUnit("round", PLATE_STAGE, "", published + 1), ready))
        pairable = [unit for unit, is_ready in candidates if is_ready]
        if pairable:
            return min(pairable, key=lambda unit: (unit.number, unit.stage))
        return candidates[0][0] if candidates else None

    def plan_next(self, facts: EventFacts, now: datetime) -> PairingPlan:
        unit = self.next_unit(facts)
        if unit is None:
            raise WrongState(
                gettext("every round of event {slug!r} has been paired").format(slug=facts.slug),
                event=facts.slug,
            )
        p = knockout_parameters(facts.parameters)
        main = main_draw(facts, p)
        draw = main if unit.stage == MAIN_STAGE else plate_draw(facts, p, main)
        blocking = main if draw is None else draw
        previous = unit.number - 1 if draw is not None else 1
        if draw is None or not _is_round_done(draw, previous):
            raise WrongState(
                gettext(
                    "{lower} round {previous} of event {slug!r} is not finished: {describe_open}"
                ).format(
                    lower=blocking.name.lower(),
                    previous=previous,
                    slug=facts.slug,
                    describe_open=_describe_open(blocking, previous),
                ),
                event=facts.slug,
                round=previous,
            )
        rule = match_rule_label(p, draw.phase)
        encounters = tuple(
            _planned_encounter(facts, match, rule, match_rule_of(rule, p))
            for match in draw.refs_of_round(unit.number)
        )
        return PairingPlan(unit, encounters)

    def _plate_rounds(self, facts: EventFacts, p: TantrixKnockoutParameters) -> int:
        entrants = plate_entrants(len(facts.competitors))
        return rounds_of(entrants) if p.plate and entrants >= 2 else 0

    # -- results -------------------------------------------------------------------------------

    def parse_report(
        self,
        text: str,
        detail: ResultDetail | None,
        *,
        game: GameFact,
        parameters: Mapping[str, Json],
    ) -> ParsedResult:
        return parse_tantrix_report(
            text, detail, game=game, parameters=knockout_parameters(parameters)
        )

    def plan_extra_games(
        self,
        parameters: Mapping[str, Json],
        encounter: EncounterFact,
        load_facts: Callable[[], EventFacts],
    ) -> tuple[PlannedGame, ...]:
        """The next tiebreak (or sudden-death) game while the match is undecided (R8-R10),
        unless the players opted out of games beyond the standard ones (R13)."""
        if encounter.second is None:
            return ()
        p = knockout_parameters(parameters)
        view = view_match(0, encounter, p)
        if view.is_decided or view.rule is None or view.open_games or view.disputed:
            # A form that sends the match to a controller is written with a dispute (A10): the
            # next game waits for the ruling.
            return ()
        first = encounter.games[0]
        opted_out = (first.stage, first.round, encounter.board) in opted_out_matches(load_facts())
        if opted_out and view_match(0, encounter, p, opted_out=True).is_decided:
            return ()
        return (_game(view.rule.first_side_of_game(len(encounter.games), True), encounter),)

    def check_result_change(
        self, game: GameFact, parsed: ParsedResult, load_facts: Callable[[], EventFacts]
    ) -> None:
        """No result for a game after the match was decided, and no change of a match's
        winner once the next round of its draw (or the plate, for the first round) is paired."""
        facts = load_facts()
        encounter = _encounter_of(facts, game)
        if encounter is None:  # pragma: no cover - the game was just loaded from this event
            return
        p = knockout_parameters(facts.parameters)
        opted_out = (game.stage, game.round, game.board) in opted_out_matches(facts)
        earlier = replace(
            encounter, games=tuple(g for g in encounter.games if g.number < game.number)
        )
        decided = view_match(game.round, earlier, p, opted_out=opted_out)
        if decided.is_decided:
            raise WrongState(
                gettext(
                    "{label}: the match was already decided after game {count} "
                    "({winner} won, {ended_by}); this game is not played"
                ).format(
                    label=game.label,
                    count=len(decided.games),
                    winner=decided.winner,
                    ended_by=decided.ended_by,
                ),
                round=game.round,
                board=game.board,
            )
        before = view_match(game.round, encounter, p, opted_out=opted_out)
        after = view_match(
            game.round, _with_result(encounter, game, parsed), p, opted_out=opted_out
        )
        if before.winner == after.winner:
            return
        paired = _paired_after(facts, game)
        if paired is not None:
            raise WrongState(
                gettext(
                    "{label}: this would change the winner of the match from "
                    "{value} to {value2}, but {paired} is already paired with "
                    "the winner as it stood"
                ).format(
                    label=game.label,
                    value=before.winner or "nobody yet",
                    value2=after.winner or "nobody yet",
                    paired=paired,
                ),
                round=game.round,
                board=game.board,
            )

    # -- standings and summary ----------------------------------------------------------------

    def compute_standings(self, facts: EventFacts) -> tuple[StandingsTable, ...]:
        draws = self._draws(facts)
        if not draws:
            return (_entry_list(facts),)
        return tuple(rank_draw(draw, facts) for draw in draws)

    def is_finished(self, facts: EventFacts) -> bool:
        if facts.state is EventState.REGISTRATION or len(facts.competitors) < 2:
            return False
        p = knockout_parameters(facts.parameters)
        main = main_draw(facts, p)
        if not main.is_finished:
            return False
        if not self._plate_rounds(facts, p):
            return True
        plate = plate_draw(facts, p, main)
        return plate is not None and plate.is_finished

    def _draws(self, facts: EventFacts) -> tuple[Draw, ...]:
        return event_draws(facts)

    def export_sections(self, facts: EventFacts) -> Mapping[tuple[int, int, int], str]:
        names = {draw.stage: draw.name for draw in event_draws(facts)}
        return {
            (r.stage, r.number, e.board): names[r.stage]
            for r in facts.rounds
            if r.stage in names
            for e in r.encounters
        }

    def game_scores(self, game: GameFact) -> tuple[Points, Points] | None:
        return detail_tps(game.detail)

    def match_scores(
        self, facts: EventFacts, stage: int, group: str, number: int
    ) -> Mapping[int, MatchScore]:
        """TP totals of the counted games, the winner and how it ended (R4-R24), by board."""
        found: dict[int, MatchScore] = {}
        for draw in event_draws(facts):
            if draw.stage != stage or group:
                continue
            for view in draw.views_of_round(number):
                if view.is_bye:
                    continue
                first, second = view.totals
                found[view.board] = MatchScore(
                    view.board, first, second, "TP", view.winner, view.ended_by
                )
        return found


def event_draws(facts: EventFacts) -> tuple[Draw, ...]:
    """The main draw, and the plate once it can be drawn; () before the start."""
    if facts.state is EventState.REGISTRATION or len(facts.competitors) < 2:
        return ()
    p = knockout_parameters(facts.parameters)
    main = main_draw(facts, p)
    plate = plate_draw(facts, p, main)
    return (main,) if plate is None else (main, plate)


# -- helpers -----------------------------------------------------------------------------------


def _published_rounds(facts: EventFacts, stage: int) -> int:
    return max((r.number for r in facts.rounds if r.stage == stage), default=0)


def _is_round_done(draw: Draw, number: int) -> bool:
    """Every match of round `number` decided with no disputed game and no result form waiting
    for a controller (A10); round 0 is always done."""
    if number == 0:
        return True
    views = draw.views_of_round(number)
    return bool(views) and all(v.is_decided and not v.disputed and not v.reviews for v in views)


def _describe_open(draw: Draw, number: int) -> str:
    views = draw.views_of_round(number)
    if not views:
        return gettext("it is not paired yet")
    parts = [v.describe() for v in views if not v.is_decided]
    parts += [
        gettext("board {board} game {number} is disputed").format(board=v.board, number=g.number)
        for v in views
        for g in v.disputed
    ]
    parts += [
        f"board {v.board} awaits a controller ({describe_review(r)})"
        for v in views
        for r in v.reviews
    ]
    return "; ".join(parts)


def _planned_encounter(
    facts: EventFacts, match: BracketMatch, label: str, rule: PointsMargin
) -> PlannedEncounter:
    board = match.ref.slot + 1
    a, b = match.a, match.b
    if a is None:  # pragma: no cover - a published round has every player known
        raise WrongState(gettext("board {board} has no players yet").format(board=board))
    if b is None:
        return PlannedEncounter(board, a, bye=ByeKind.PAIRING_ALLOCATED)
    forfeit = _withdrawal_forfeit(facts, a, b)
    if forfeit is not None:
        result, reason = forfeit
        return PlannedEncounter(
            board, a, b, label, (PlannedGame(a, b, Side.WHITE, result, reason),)
        )
    # The better seed (A) starts game 1; the start alternates game by game.
    encounter = EncounterFact(0, board, a, b, label, None, ())
    games = tuple(
        _game(rule.first_side_of_game(index, True), encounter)
        for index in range(rule.standard_games)
    )
    return PlannedEncounter(board, a, b, label, games)


def _game(first_side: MatchSide, encounter: EncounterFact) -> PlannedGame:
    a, b = encounter.first, encounter.second
    assert b is not None
    first, second = (a, b) if first_side == "a" else (b, a)
    return PlannedGame(first, second, Side.WHITE)


def _withdrawal_forfeit(
    facts: EventFacts, a: CompetitorId, b: CompetitorId
) -> tuple[GameResult, str] | None:
    gone = [c for c in (a, b) if facts.withdrawn_from(c) is not None]
    if not gone:
        return None
    if len(gone) == 2:
        # A knockout match needs a winner: the better seed goes through.
        return GameResult.FIRST_WINS_BY_FORFEIT, f"{a} and {b} withdrew; {a} is the better seed"
    if gone[0] == a:
        return GameResult.SECOND_WINS_BY_FORFEIT, f"{a} withdrew"
    return GameResult.FIRST_WINS_BY_FORFEIT, f"{b} withdrew"


def _encounter_of(facts: EventFacts, game: GameFact) -> EncounterFact | None:
    for round_fact in facts.rounds:
        for encounter in round_fact.encounters:
            if encounter.id == game.encounter_id:
                return encounter
    return None


def _with_result(encounter: EncounterFact, game: GameFact, parsed: ParsedResult) -> EncounterFact:
    at = game.reports[-1].at if game.reports else datetime.min
    report = ReportFact(
        ReportKind.CORRECTION, parsed.result, game.current[1], "", at, "", parsed.detail
    )
    games = tuple(
        replace(g, reports=(*g.reports, report)) if g.id == game.id else g for g in encounter.games
    )
    return replace(encounter, games=games)


def _paired_after(facts: EventFacts, game: GameFact) -> str | None:
    """The round that depends on this match's winner and is already paired, if any."""
    later: RoundFact | None = next(
        (r for r in facts.rounds if r.stage == game.stage and r.number > game.round), None
    )
    if later is not None:
        return f"round {later.number}" + (" of the plate" if game.stage == PLATE_STAGE else "")
    first_round = game.stage == MAIN_STAGE and game.round == 1
    if first_round and any(r.stage == PLATE_STAGE for r in facts.rounds):
        return gettext("the plate")
    return None


def _entry_list(facts: EventFacts) -> StandingsTable:
    """Before the start: the entries in seed order, no one ranked yet."""
    p = knockout_parameters(facts.parameters)
    seeded = seed_competitors(facts.competitors, p.seeding)
    lines = tuple(
        StandingsLine(1, len(seeded) > 1, c, Fraction(0), {"seed": Fraction(seed)}, "")
        for seed, c in enumerate(seeded, start=1)
    )
    return StandingsTable(gettext("Entries"), (gettext("seed"),), lines)


# -- demo --------------------------------------------------------------------------------------


def tantrix_demo_result(
    rng: random.Random, game: GameFact, entrants: Mapping[CompetitorId, Competitor]
) -> str:
    """A plausible game for the demo: tile scores from 8 to 31 (the better-rated player up to
    four tiles more), turned into TPs by the default converter and reported as TPs."""
    first, second = entrants[game.first], entrants[game.second]
    edge = 4 if (first.rating or 0) > (second.rating or 0) else 0
    tiles = (8 + rng.randrange(24) + edge, 8 + rng.randrange(24) + (4 - edge))
    tps = convert_tile_score(
        TileScore(*tiles), formula=tp_formula_by_name(TANTRIX_KNOCKOUT.tp_formula)
    )
    return f"{tp_text(Fraction(tps[0]))}-{tp_text(Fraction(tps[1]))}"
