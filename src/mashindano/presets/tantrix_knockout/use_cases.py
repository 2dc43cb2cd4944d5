"""Tantrix knockout use cases beyond the shared ones (shared/spec/tantrix-knockout.md):
result forms (R16-R24), tiebreak offers and replies (R20-R22), opt-out agreements (R13-R15),
and a match's status at a given time (its deadlines and the defaults they bring).

How the facts are kept, and why:

- A result form is a `ResultReport` row whose detail holds the game's TPs and the form
  (`tantrix_knockout_results.form_detail`). The first form of a game is its report. The other
  player's form is a confirmation when the engine's review of both forms finds nothing for a
  controller, and a dispute when it does (R24, A10): a dispute is what the second player's
  form then says, and it lets the existing `rule` use case settle the match and holds the next
  round. A first form that itself asks for a controller (options 5 and 6, option 7 without an
  opt-out, a status the TPs contradict) is written as the report followed by the same player's
  dispute, for the same reasons. A ruling or correction settles every form before it.
- Opt-out agreements, offers of tiebreak dates and replies are `ArbiterOverride` rows
  (subjects `tantrix-opt-out`, `tantrix-offer`, `tantrix-reply`) whose value names the match
  (stage, round, board), who, when it happened and the evidence. They are what the controllers
  were told (R15: e-mails copied to the AC), appended like every override, and loaded with the
  event's facts. `ResultReport` rows would not be honest here: every report kind changes the
  game's result status (a confirmation of an unplayed game would block its report).
- Deadlines are never stored. `match_status` derives them at `now` with the engine
  (`engine.knockout.deadlines`): the form limit (R16, from the end of the game the form gives),
  the offer limit (R20: 24 h after the match ended with option 4; R21: 24 h after the
  controller's ruling on an option 5 or 6 form) and the reply limit (R22: 48 h after the
  offer), with the default a missed limit brings (A5, A9). The default is a derived outcome:
  the arbiter records it (or anything else) with a ruling on the open game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from django.utils.translation import gettext

from mashindano.app.errors import Duplicate, UnknownGame, UnknownPlayer, WrongState
from mashindano.app.formats.base import ParsedResult
from mashindano.app.formats.parts import RESULT_CHANGES, RESULT_DETAILS
from mashindano.app.formats.registry import part
from mashindano.app.locking import EventContext, locked_event
from mashindano.app.match_times import ANSWER_SUBJECT, PROPOSAL_SUBJECT
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event_facts
from mashindano.app.results import (
    GameRef,
    ResultChange,
    do_append_report,
    do_extend_encounter,
    get_game_at,
)
from mashindano.engine.errors import IllegalResult, ParseError
from mashindano.engine.knockout.deadlines import (
    DeadlineLimits,
    FollowUp,
    FollowUpState,
    FollowUpTrigger,
    Message,
    ReportStatus,
    evaluate_follow_up,
    evaluate_report,
    report_deadline,
)
from mashindano.engine.knockout.result_forms import (
    GameReview,
    ResultForm,
    StatusOption,
    check_result_form,
    describe_review,
    review_game_forms,
)
from mashindano.engine.knockout.tp_match import (
    OptOutAgreement,
    TPTableRow,
    check_opt_out,
    tp_table,
)
from mashindano.engine.matches import GamePoints, MatchSide
from mashindano.engine.model import CompetitorId, Termination
from mashindano.engine.timestamps import require_aware
from mashindano.presets.tantrix_knockout import PRESET_NAME
from mashindano.presets.tantrix_knockout.adapter import knockout_parameters
from mashindano.presets.tantrix_knockout.draws import (
    OPT_OUT_SUBJECT,
    MatchKey,
    MatchView,
    engine_forms,
    match_key_of,
    opted_out_matches,
    view_match,
)
from mashindano.presets.tantrix_knockout.results import (
    FiledForm,
    detail_tps,
    form_detail,
    forms_of,
)
from mashindano.store import models
from mashindano.store.facts import (
    EncounterFact,
    EventFacts,
    EventState,
    GameFact,
    Json,
    ReportFact,
    ReportKind,
    ResultDetail,
    ResultStatus,
)
from mashindano.store.mapping import encounter_fact_of, game_fact_of, report_fields

OFFER_SUBJECT = "tantrix-offer"
REPLY_SUBJECT = "tantrix-reply"


@dataclass(frozen=True, slots=True)
class MatchWhere:
    """Which match: its round and board (and stage: the plate is 2)."""

    round: int
    board: int
    stage: int = 1

    @property
    def key(self) -> MatchKey:
        return self.stage, self.round, self.board

    def label(self) -> str:
        plate = " of the plate" if self.stage != 1 else ""
        return f"round {self.round}{plate}, board {self.board}"


# -- shared checks ---------------------------------------------------------------------------


def _refuse_not_running(facts: EventFacts) -> None:
    if facts.preset != PRESET_NAME:
        raise WrongState(
            gettext(
                "event {slug!r} is a {preset} event; result forms, offers "
                "and opt-outs belong to {PRESET_NAME}"
            ).format(slug=facts.slug, preset=facts.preset, PRESET_NAME=PRESET_NAME),
            event=facts.slug,
        )
    if facts.state is not EventState.RUNNING:
        raise WrongState(
            gettext("event {slug!r} is {value}; this is recorded only while it runs").format(
                slug=facts.slug, value=facts.state.value
            ),
            event=facts.slug,
            state=facts.state.value,
        )


def _resolve(facts: EventFacts, player: str) -> CompetitorId:
    for c in facts.competitors:
        if c.id == player or (player.isdigit() and c.number == int(player)):
            return c.id
    raise UnknownPlayer(
        gettext("event {slug!r} has no player {player!r}").format(slug=facts.slug, player=player),
        event=facts.slug,
        player=player,
    )


def _encounter(facts: EventFacts, where: MatchWhere) -> EncounterFact:
    for round_fact in facts.rounds:
        if (round_fact.stage, round_fact.number) != (where.stage, where.round):
            continue
        for encounter in round_fact.encounters:
            if encounter.board == where.board and encounter.second is not None:
                return encounter
    raise UnknownGame(
        gettext("event {slug!r} has no match at {label} (a bye, or not paired yet)").format(
            slug=facts.slug, label=where.label()
        ),
        event=facts.slug,
        round=where.round,
        board=where.board,
    )


def _side(encounter: EncounterFact, player: CompetitorId, where: str) -> MatchSide:
    if player == encounter.first:
        return "a"
    if player == encounter.second:
        return "b"
    raise WrongState(
        gettext("{player} does not play {where} ({first} v {second})").format(
            player=player, where=where, first=encounter.first, second=encounter.second
        ),
        player=player,
    )


def encounter_at(facts: EventFacts, where: MatchWhere) -> EncounterFact:
    """The match at `where`; UnknownGame for a bye or a match not paired."""
    return _encounter(facts, where)


def view_of(facts: EventFacts, where: MatchWhere, encounter: EncounterFact) -> MatchView:
    return _view(facts, where, encounter)


def _view(facts: EventFacts, where: MatchWhere, encounter: EncounterFact) -> MatchView:
    return view_match(
        where.round,
        encounter,
        knockout_parameters(facts.parameters),
        opted_out=where.key in opted_out_matches(facts),
    )


def _not_after(moment: datetime | None, now: datetime, what: str) -> datetime:
    if moment is None:
        return now
    require_aware(moment, what)
    if moment > now:
        raise ParseError(
            gettext("{what} ({isoformat}) is later than now ({isoformat2})").format(
                what=what, isoformat=moment.isoformat(), isoformat2=now.isoformat()
            )
        )
    return moment


# -- result forms (R16-R24) --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FormFiled:
    change: ResultChange
    review: GameReview
    """The engine's review of the game's forms with this one (R24)."""


def file_form(
    slug: str,
    where: GameRef,
    player: str,
    result: str,
    *,
    status: str,
    actor: Principal,
    finish_when: str | None = None,
    detail: ResultDetail | None = None,
    ended_at: datetime | None = None,
    now: datetime | None = None,
) -> FormFiled:
    """File `player`'s result form for one game: the TPs (as a result report takes them), the
    status option (R18: 1-8 for the last standard game and every tiebreak game, N before),
    the R19 text for option 3, and when the game ended (default: now)."""
    with locked_event(slug, actor, "tantrix.form", now=now) as context:
        facts = context.facts()
        _refuse_not_running(facts)
        row = get_game_at(context.event, where)
        game = game_fact_of(row)
        match = MatchWhere(game.round, game.board, game.stage)
        encounter = _encounter(facts, match)
        competitor = _resolve(facts, player)
        side = _side(encounter, competitor, game.label)
        context.grant.require_own((competitor,), what=f"{competitor}'s form")
        option = StatusOption.parse(status)
        ended = _not_after(ended_at, context.now, "the end of the game")
        filed = check_form(context, game, encounter, match, competitor, result, detail)
        form = ResultForm(
            game=game.number,
            submitter=side,
            submitted_at=context.now,
            tps=filed.tps if game.first == encounter.first else (filed.tps[1], filed.tps[0]),
            status=option,
            finish_when=finish_when,
        )
        earlier = _view(facts, match, _games_before(encounter, game.number))
        assert earlier.rule is not None
        check_result_form(form, earlier.rule)
        review = review_game_forms(
            [*engine_forms(game, encounter.first), form], earlier.rule, earlier.points
        )
        stored = form_detail(filed.parsed, competitor, option, finish_when, ended)
        change = do_file_form(context, row, game, stored, filed, review)
        change = _extend_if_needed(context, row, match, change)
    return FormFiled(change, review)


@dataclass(frozen=True, slots=True)
class CheckedForm:
    parsed: ParsedResult
    tps: GamePoints
    """The game's TPs as the form gives them, the game's first player's first."""
    contradicts_result: bool
    """The game already has a result with other TPs (reported without a form)."""


def check_form(
    context: EventContext,
    game: GameFact,
    encounter: EncounterFact,
    match: MatchWhere,
    competitor: CompetitorId,
    result: str,
    detail: ResultDetail | None,
) -> CheckedForm:
    """The form's parsed TPs, or a refusal: a second form from the player (Duplicate), a game
    a controller already ruled, a game after the match was decided, a forfeit."""
    if any(f.player == competitor for f in forms_of(game)):
        raise Duplicate(
            gettext(
                "{label}: {competitor} already filed a result form for this "
                "game; ask a controller to correct it"
            ).format(label=game.label, competitor=competitor),
            round=game.round,
            board=game.board,
            player=competitor,
        )
    if game.status in (ResultStatus.RULED, ResultStatus.CORRECTED):
        raise WrongState(
            gettext("{label}: a controller already {value} this game; its forms are closed").format(
                label=game.label, value=game.status.value
            ),
            round=game.round,
            board=game.board,
        )
    parsed = part(context.event.preset, RESULT_DETAILS).parse_report(
        result, detail, game=game, parameters=context.event.parameters
    )
    if parsed.result.is_forfeit:
        raise IllegalResult(
            gettext(
                "{label}: a result form gives the game's TPs; to resign the "
                "match pick option 8 (R23), and a default is an arbiter's "
                "ruling"
            ).format(label=game.label),
            round=game.round,
            board=game.board,
        )
    earlier = _view(context.facts(), match, _games_before(encounter, game.number))
    if earlier.is_decided:
        raise WrongState(
            gettext(
                "{label}: the match was already decided ({winner} won, "
                "{ended_by}); this game is not played"
            ).format(label=game.label, winner=earlier.winner, ended_by=earlier.ended_by),
            round=game.round,
            board=game.board,
        )
    tps = detail_tps(parsed.detail)
    assert tps is not None
    current = detail_tps(game.detail) if game.result.is_decided else None
    return CheckedForm(parsed, tps, current is not None and current != tps)


def do_file_form(
    context: EventContext,
    row: models.Game,
    game: GameFact,
    stored: ResultDetail,
    filed: CheckedForm,
    review: GameReview,
) -> ResultChange:
    needs_controller = review.needs_controller or filed.contradicts_result
    reason = describe_review(review) if review.needs_controller else ""
    if filed.contradicts_result:
        differ = "the form's TPs differ from the reported result"
        reason = f"{differ}; {reason}" if reason else differ
    if game.status is ResultStatus.PENDING:
        parsed = filed.parsed
        part(context.event.preset, RESULT_CHANGES).check_result_change(game, parsed, context.facts)
        report = ReportFact(
            ReportKind.REPORT,
            parsed.result,
            Termination.NORMAL,
            context.actor,
            context.now,
            "",
            stored,
        )
        change = do_append_report(context, row, game, report)
        if needs_controller:
            dispute = ReportFact(
                ReportKind.DISPUTE, None, Termination.NORMAL, context.actor, context.now, reason
            )
            models.ResultReport.objects.create(game=row, **report_fields(dispute))
            after = replace(change.game, reports=(*change.game.reports, dispute))
            change = replace(change, game=after)
    else:
        kind = ReportKind.DISPUTE if needs_controller else ReportKind.CONFIRM
        report = ReportFact(
            kind, None, Termination.NORMAL, context.actor, context.now, reason, stored
        )
        change = do_append_report(context, row, game, report)
    form = stored.get("form")
    audit: dict[str, Json] = {
        "game": change.game.label,
        "result": change.game.result.value,
        "status": change.game.status.value,
        "form": form,
        "tp": stored.get("tp"),
        "controller_review": reason or None,
    }
    context.record(before={"result": game.result.value, "status": game.status.value}, after=audit)
    return change


def _games_before(encounter: EncounterFact, number: int) -> EncounterFact:
    return replace(encounter, games=tuple(g for g in encounter.games if g.number < number))


def _extend_if_needed(
    context: EventContext, row: models.Game, match: MatchWhere, change: ResultChange
) -> ResultChange:
    """Add the next tiebreak game only when the match, opt-out included, still needs one."""
    encounter = encounter_fact_of(row.encounter)
    view = _view(context.facts(), match, encounter)
    if view.is_decided or view.reviews:
        return change
    return do_extend_encounter(context, row.encounter, change)


# -- opt-out agreements (R13-R15, A11) ------------------------------------------------------


def record_opt_out(
    slug: str,
    where: MatchWhere,
    players: Sequence[str],
    *,
    evidence: str,
    actor: Principal,
    agreed_at: datetime | None = None,
    last_sitting_start: datetime | None = None,
    now: datetime | None = None,
) -> OptOutAgreement:
    """Record both players' agreement not to play beyond the standard games (R13), with its
    time and evidence (R15). Refused when only one player agreed, when the last sitting had
    begun (A11: given as `last_sitting_start`, or evident from a result of the last standard
    game), for a match whose phase has the decisive rule off, or a second time."""
    with locked_event(slug, actor, "tantrix.opt-out", now=now) as context:
        facts = context.facts()
        _refuse_not_running(facts)
        encounter = _encounter(facts, where)
        context.grant.require_own((encounter.first, encounter.second), what=where.label())
        agreed = {_resolve(facts, p) for p in players}
        both = {encounter.first, encounter.second}
        strangers = sorted(str(p) for p in agreed - both)
        if strangers:
            raise WrongState(
                gettext("{value} do(es) not play {label} ({first} v {second})").format(
                    value=", ".join(strangers),
                    label=where.label(),
                    first=encounter.first,
                    second=encounter.second,
                ),
                round=where.round,
                board=where.board,
            )
        if agreed != both:
            raise ParseError(
                gettext(
                    "an opt-out needs both players' agreement (R13, R14): only "
                    "{value} agreed for {label}"
                ).format(value=", ".join(sorted(agreed)) or "nobody", label=where.label()),
                round=where.round,
                board=where.board,
            )
        agreement = OptOutAgreement(
            _not_after(agreed_at, context.now, "the agreement time"), evidence
        )
        check_record_opt_out(facts, where, encounter, agreement, last_sitting_start)
        value: dict[str, Json] = {
            "stage": where.stage,
            "round": where.round,
            "board": where.board,
            "players": [encounter.first, str(encounter.second)],
            "agreed_at": agreement.agreed_at.isoformat(),
            "evidence": agreement.evidence,
            "last_sitting_start": (
                last_sitting_start.isoformat() if last_sitting_start is not None else None
            ),
        }
        models.ArbiterOverride.objects.create(
            event=context.event,
            subject=OPT_OUT_SUBJECT,
            value=value,
            at=context.now,
            actor=actor.name,
            reason=evidence,
        )
        context.record(after={"subject": OPT_OUT_SUBJECT, **value})
    return agreement


def check_record_opt_out(
    facts: EventFacts,
    where: MatchWhere,
    encounter: EncounterFact,
    agreement: OptOutAgreement,
    last_sitting_start: datetime | None,
) -> None:
    if where.key in opted_out_matches(facts):
        raise Duplicate(
            gettext("{label}: an opt-out is already recorded").format(label=where.label()),
            round=where.round,
        )
    view = _view(facts, where, encounter)
    assert view.rule is not None
    if view.rule.opt_out:
        raise WrongState(
            gettext(
                "{label}: the decisive-victory rule is off for this phase "
                "(A12); there is no tiebreak to opt out of"
            ).format(label=where.label()),
            round=where.round,
        )
    last = next((g for g in encounter.games if g.number == view.rule.standard_games), None)
    if last is not None and last.result.is_decided:
        raise WrongState(
            gettext(
                "{label}: the last standard game (game {number}) already has "
                "a result, so its sitting has begun; an opt-out comes before "
                "it (A11)"
            ).format(label=where.label(), number=last.number),
            round=where.round,
        )
    if last_sitting_start is not None:
        check_opt_out(agreement, require_aware(last_sitting_start, "the last sitting's start"))


# -- offers and replies (R20-R22) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FollowUpFacts:
    """A match waiting for tiebreak games to be arranged after `game` (R20, R21)."""

    game: int
    follow_up: FollowUp


def follow_up_of(facts: EventFacts, where: MatchWhere, view: MatchView) -> FollowUpFacts | None:
    """The arrangement the rules ask for after the match's latest game: option 4 (from the end
    of the game, R20) or a controller's ruling on an option 5 or 6 form (from the ruling, R21,
    A4). None when the match is decided or nothing is to be arranged."""
    if view.is_decided or not view.games or view.reviews:
        return None
    game = view.games[-1]
    trigger = _trigger(game, view.a)
    if trigger is None:
        return None
    kind, started_at, submitter = trigger
    total_a, total_b = view.totals
    trailing: MatchSide | None = "a" if total_a < total_b else "b" if total_b < total_a else None
    offers: list[Message] = []
    replies: list[Message] = []
    for override in facts.overrides:
        value = override.value
        if override.subject not in (OFFER_SUBJECT, REPLY_SUBJECT):
            continue
        if match_key_of(value) != where.key or not isinstance(value, dict):
            continue
        if value.get("after_game") != game.number:
            continue
        message = Message(
            "a" if value.get("player") == view.a else "b",
            datetime.fromisoformat(str(value.get("sent_at"))),
        )
        (offers if override.subject == OFFER_SUBJECT else replies).append(message)
    offered, replied = agreed_times_messages(facts, where, view.a, started_at)
    offers.extend(offered)
    replies.extend(replied)
    offers.sort(key=lambda m: m.sent_at)
    replies.sort(key=lambda m: m.sent_at)
    follow_up = FollowUp(kind, started_at, submitter, trailing, tuple(offers), tuple(replies))
    return FollowUpFacts(game.number, follow_up)


def agreed_times_messages(
    facts: EventFacts, where: MatchWhere, a: CompetitorId, since: datetime
) -> tuple[list[Message], list[Message]]:
    """The match's proposals of times (`app.match_times`) made since the arrangement began, as
    offers of dates (R20, R21), and its acceptances and counter-proposals as constructive
    replies (R22; a counter-proposal is an offer too). A decline is no constructive reply."""
    offers: list[Message] = []
    replies: list[Message] = []
    for override in facts.overrides:
        value = override.value
        if override.subject not in (PROPOSAL_SUBJECT, ANSWER_SUBJECT):
            continue
        if match_key_of(value) != where.key or not isinstance(value, dict):
            continue
        made = datetime.fromisoformat(str(value.get("made_at")))
        if made < since:
            continue
        message = Message("a" if value.get("player") == a else "b", made)
        if override.subject == PROPOSAL_SUBJECT:
            offers.append(message)
        elif value.get("answer") in ("accept", "counter"):
            replies.append(message)
            if value.get("answer") == "counter":
                offers.append(message)
    return offers, replies


def _trigger(game: GameFact, a: CompetitorId) -> tuple[FollowUpTrigger, datetime, MatchSide] | None:
    def side(form: FiledForm) -> MatchSide:
        return "a" if form.player == a else "b"

    nothing_agreed = [f for f in forms_of(game) if f.status is StatusOption.NOTHING_AGREED]
    if nothing_agreed:
        first = nothing_agreed[0]
        return FollowUpTrigger.NOTHING_AGREED, first.ended_at, side(first)
    rulings = [r for r in game.reports if r.kind is ReportKind.RULING]
    if not rulings:
        return None
    ruling = rulings[-1]
    before = replace(game, reports=tuple(r for r in game.reports if r.at < ruling.at))
    asked = [f for f in forms_of(before) if f.status in (StatusOption.UNSURE, StatusOption.DISPUTE)]
    if not asked:
        return None
    return FollowUpTrigger.CONTROLLER_REPLY, ruling.at, side(asked[0])


def record_offer(
    slug: str,
    where: MatchWhere,
    player: str,
    *,
    actor: Principal,
    sent_at: datetime | None = None,
    evidence: str = "",
    now: datetime | None = None,
) -> FollowUpState:
    """Record that `player` e-mailed the opponent (copied to the AC) proposing tiebreak dates
    (R20, R21; either player may, A5). Returns where the arrangement stands afterwards."""
    return _record_message(slug, where, player, OFFER_SUBJECT, actor, sent_at, evidence, now)


def record_reply(
    slug: str,
    where: MatchWhere,
    player: str,
    *,
    actor: Principal,
    sent_at: datetime | None = None,
    evidence: str = "",
    now: datetime | None = None,
) -> FollowUpState:
    """Record the opponent's constructive reply to an offer of tiebreak dates (R22)."""
    return _record_message(slug, where, player, REPLY_SUBJECT, actor, sent_at, evidence, now)


def _record_message(
    slug: str,
    where: MatchWhere,
    player: str,
    subject: str,
    actor: Principal,
    sent_at: datetime | None,
    evidence: str,
    now: datetime | None,
) -> FollowUpState:
    with locked_event(slug, actor, f"tantrix.{subject.removeprefix('tantrix-')}", now=now) as ctx:
        facts = ctx.facts()
        _refuse_not_running(facts)
        encounter = _encounter(facts, where)
        competitor = _resolve(facts, player)
        side = _side(encounter, competitor, where.label())
        sent = _not_after(sent_at, ctx.now, "the time the e-mail was sent")
        ctx.grant.require_own((competitor,), what=f"{competitor}'s messages")
        view = _view(facts, where, encounter)
        found = follow_up_of(facts, where, view)
        if found is None:
            raise WrongState(
                gettext(
                    "{label}: no tiebreak is waiting to be arranged (offers "
                    "follow a form with option 4, or a controller's ruling on "
                    "option 5 or 6)"
                ).format(label=where.label()),
                round=where.round,
                board=where.board,
            )
        check_message(where, subject, side, sent, found.follow_up)
        value: dict[str, Json] = {
            "stage": where.stage,
            "round": where.round,
            "board": where.board,
            "after_game": found.game,
            "player": competitor,
            "sent_at": sent.isoformat(),
            "evidence": evidence,
        }
        models.ArbiterOverride.objects.create(
            event=ctx.event,
            subject=subject,
            value=value,
            at=ctx.now,
            actor=actor.name,
            reason=evidence,
        )
        ctx.record(after={"subject": subject, **value})
        message = Message(side, sent)
        follow_up = found.follow_up
        if subject == OFFER_SUBJECT:
            follow_up = replace(follow_up, offers=(*follow_up.offers, message))
        else:
            follow_up = replace(follow_up, replies=(*follow_up.replies, message))
        limits = DeadlineLimits.from_parameters(knockout_parameters(facts.parameters))
        return evaluate_follow_up(follow_up, ctx.now, limits=limits)


def check_message(
    where: MatchWhere, subject: str, side: MatchSide, sent: datetime, follow_up: FollowUp
) -> None:
    if subject == OFFER_SUBJECT:
        if any(o.by == side for o in follow_up.offers):
            raise Duplicate(
                gettext("{label}: this player's offer is already recorded").format(
                    label=where.label()
                )
            )
        return
    if not follow_up.offers:
        raise WrongState(
            gettext("{label}: there is no offer of tiebreak dates to reply to").format(
                label=where.label()
            )
        )
    offer = min(follow_up.offers, key=lambda m: m.sent_at)
    if side == offer.by:
        raise WrongState(
            gettext(
                "{label}: the reply comes from the opponent of the player who made the offer (R22)"
            ).format(label=where.label())
        )
    if any(r.by == side for r in follow_up.replies):
        raise Duplicate(
            gettext("{label}: the reply is already recorded").format(label=where.label())
        )
    if sent < offer.sent_at:
        raise ParseError(
            gettext("{label}: a reply cannot be sent before the offer").format(label=where.label())
        )


# -- a match's status at a given time ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FormDeadline:
    """R16 for one game: when its forms were due, and each player's form against it."""

    game: int
    due: datetime
    forms: dict[CompetitorId, ReportStatus]


@dataclass(frozen=True, slots=True)
class MatchStatus:
    where: MatchWhere
    a: CompetitorId
    b: CompetitorId
    table: tuple[TPTableRow, ...]
    winner: CompetitorId | None
    ended_by: str | None
    is_derived_default: bool
    """The winner comes from a missed offer or reply limit at `now` (A5, A9), not yet ruled."""
    controller_review: tuple[str, ...]
    opted_out: bool
    form_deadlines: tuple[FormDeadline, ...]
    follow_up: FollowUpState | None


def match_status(slug: str, where: MatchWhere, now: datetime) -> MatchStatus:
    """Where a match stands at `now` (timezone-aware): TP table, outcome, controller review,
    the form limits of its games (R16) and the tiebreak arrangement with any default it brings
    (R20-R22). Nothing is written."""
    require_aware(now, "now")
    facts = get_event_facts(slug)
    if facts.preset != PRESET_NAME:
        raise WrongState(
            gettext("event {slug!r} is not a {PRESET_NAME} event").format(
                slug=slug, PRESET_NAME=PRESET_NAME
            ),
            event=slug,
        )
    encounter = _encounter(facts, where)
    assert encounter.second is not None
    view = _view(facts, where, encounter)
    assert view.rule is not None
    parameters = knockout_parameters(facts.parameters)
    limits = DeadlineLimits.from_parameters(parameters)
    found = follow_up_of(facts, where, view)
    state = evaluate_follow_up(found.follow_up, now, limits=limits) if found else None
    winner, ended_by, derived = view.winner, view.ended_by, False
    if winner is None and state is not None and state.default is not None:
        loser = state.default.loser
        winner = encounter.second if loser == "a" else encounter.first
        ended_by, derived = f"default ({state.default.reason.value})", True
    return MatchStatus(
        where=where,
        a=encounter.first,
        b=encounter.second,
        table=tp_table(view.points, view.rule),
        winner=winner,
        ended_by=ended_by,
        is_derived_default=derived,
        controller_review=tuple(describe_review(r) for r in view.reviews),
        opted_out=view.opted_out,
        form_deadlines=tuple(
            d
            for d in (_form_deadline(g, encounter, limits, now) for g in encounter.games)
            if d is not None
        ),
        follow_up=state,
    )


def form_due(game: GameFact, limits: DeadlineLimits) -> datetime | None:
    """R16: when the game's result forms are due (from the end of the game the first form
    gives); None before any form was filed."""
    forms = forms_of(game)
    if not forms:
        return None
    return report_deadline(min(f.ended_at for f in forms), limit=limits.report)


def _form_deadline(
    game: GameFact, encounter: EncounterFact, limits: DeadlineLimits, now: datetime
) -> FormDeadline | None:
    forms = forms_of(game)
    due = form_due(game, limits)
    if due is None:
        return None
    filed = {f.player: f.submitted_at for f in forms}
    players = (encounter.first, encounter.second)
    return FormDeadline(
        game.number,
        due,
        {p: evaluate_report(due, filed.get(p), now) for p in players if p is not None},
    )
