"""Result forms (R16-R24): the status options a player picks after the last standard game and
after every tiebreak game, their codes, and when the forms send a match to a controller.

The engine does not trust a status on its own: it checks each form against the TPs recorded
for the game and against the other player's form, and flags the match for controller review
(A10) when they disagree. A flagged match advances no one until a controller settles it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum, StrEnum

from mashindano.engine.errors import IllegalResult
from mashindano.engine.knockout.tantrix import TP_PER_GAME, validate_game_tps
from mashindano.engine.matches import GamePoints, MatchSide, PointsMargin
from mashindano.engine.points import format_points
from mashindano.engine.timestamps import require_aware


class StatusOption(Enum):
    """R18: the option a form offers, with the code controllers see in result e-mails."""

    NOT_RELEVANT = ("N", "NOTREL")
    NORMAL = ("1", "NORMAL")
    """Clearly 5 TPs or more apart (exactly 5.0 included, A1); no tiebreak needed."""
    CONTINUE_NOW = ("2", "TIMMED")
    CONTINUE_LATER = ("3", "TLATER")
    """R19: needs "When will you finish your match?" filled in."""
    NOTHING_AGREED = ("4", "NONAGR")
    """R20: the submitter must offer tiebreak dates within 24 hours."""
    UNSURE = ("5", "UNSURE")
    DISPUTE = ("6", "DISPUT")
    RULE_WAIVED = ("7", "IGNORE")
    """R13: an opt-out was agreed before the match or its last sitting."""
    RESIGN = ("8", "RESIGN")
    """R23, A6: the submitter loses the match, whatever the score."""

    @property
    def option(self) -> str:
        return self.value[0]

    @property
    def code(self) -> str:
        return self.value[1]

    @property
    def claim(self) -> Claim:
        return _CLAIMS[self]

    @classmethod
    def parse(cls, text: str) -> StatusOption:
        """Read an option ("1".."8", "N") or a code ("NORMAL", "TLATER", ...)."""
        key = text.strip().upper()
        for status in cls:
            if key in (status.option, status.code):
                return status
        valid = ", ".join(f"{s.option}/{s.code}" for s in cls)
        raise IllegalResult(f"unknown form status {text!r} (expected one of {valid})", text=text)


class Claim(StrEnum):
    """What a status says about the match, which is what two forms must agree on."""

    NOT_RELEVANT = "not-relevant"
    MATCH_OVER = "match-over"
    CONTINUES = "continues"
    OPTED_OUT = "opted-out"
    ASKS_CONTROLLER = "asks-controller"
    RESIGNS = "resigns"


_CLAIMS = {
    StatusOption.NOT_RELEVANT: Claim.NOT_RELEVANT,
    StatusOption.NORMAL: Claim.MATCH_OVER,
    StatusOption.CONTINUE_NOW: Claim.CONTINUES,
    StatusOption.CONTINUE_LATER: Claim.CONTINUES,
    StatusOption.NOTHING_AGREED: Claim.CONTINUES,
    StatusOption.UNSURE: Claim.ASKS_CONTROLLER,
    StatusOption.DISPUTE: Claim.ASKS_CONTROLLER,
    StatusOption.RULE_WAIVED: Claim.OPTED_OUT,
    StatusOption.RESIGN: Claim.RESIGNS,
}


@dataclass(frozen=True, slots=True)
class ResultForm:
    """One player's report of one game of a match (R16)."""

    game: int
    submitter: MatchSide
    submitted_at: datetime
    tps: GamePoints
    status: StatusOption = StatusOption.NOT_RELEVANT
    finish_when: str | None = None
    """R19: "When will you finish your match?", required with option 3."""

    def __post_init__(self) -> None:
        require_aware(self.submitted_at, f"the form for game {self.game}")
        if self.game < 1:
            raise IllegalResult(f"a game number starts at 1, got {self.game}", game=self.game)
        if self.submitter not in ("a", "b"):
            raise IllegalResult(
                f"game {self.game}: the submitter must be 'a' or 'b', got {self.submitter!r}",
                game=self.game,
            )


def is_status_required(game: int, rule: PointsMargin) -> bool:
    """R18: the last standard game and every game after it need a status 1-8.

    Under an opt-out or with the decisive rule off no tiebreak can be claimed, so only an
    exact tie (sudden death) plays on; those games still carry a status.
    """
    return game >= rule.standard_games


def check_result_form(form: ResultForm, rule: PointsMargin) -> ResultForm:
    """The form, or IllegalResult naming what is wrong with it (TPs, status, R19 text)."""
    total = TP_PER_GAME if rule.game_total is None else rule.game_total
    validate_game_tps(form.tps, game=form.game, tp_per_game=total)
    required = is_status_required(form.game, rule)
    if required and form.status is StatusOption.NOT_RELEVANT:
        raise IllegalResult(
            f"game {form.game}: the last standard game (game {rule.standard_games}) and every "
            f"tiebreak game need a status 1-8, got N",
            game=form.game,
        )
    if not required and form.status is not StatusOption.NOT_RELEVANT:
        raise IllegalResult(
            f"game {form.game}: only the last standard game (game {rule.standard_games}) and "
            f"tiebreak games take a status; this game's answer is N, got "
            f"{form.status.option} ({form.status.code})",
            game=form.game,
            status=form.status.code,
        )
    if form.status is StatusOption.CONTINUE_LATER and not (form.finish_when or "").strip():
        raise IllegalResult(
            f"game {form.game}: option 3 (TLATER) needs the answer to "
            f'"When will you finish your match?"',
            game=form.game,
        )
    return form


class ReviewReason(StrEnum):
    """Why a match waits for a controller."""

    CONFLICTING_STATUS = "conflicting-status"
    """R24, A10: the two forms claim different things (for example 1 and 5)."""
    CONFLICTING_TPS = "conflicting-tps"
    STATUS_CONTRADICTS_TPS = "status-contradicts-tps"
    """A status that the recorded TPs do not bear out (1 with a gap below 5, 2-4 at 5 or more)."""
    OPT_OUT_NOT_RECORDED = "opt-out-not-recorded"
    """Option 7 without an opt-out agreement on record (R15)."""
    UNSURE = "unsure"
    """Option 5: a controller checks the gap and replies if it is below 5 TPs (R21)."""
    DISPUTE = "dispute"
    """Option 6: the submitter is e-mailing their AC (R21)."""


@dataclass(frozen=True, slots=True)
class GameReview:
    """What the forms for one game add up to."""

    game: int
    reasons: tuple[ReviewReason, ...] = ()
    resigned_by: MatchSide | None = None
    tps: GamePoints | None = None
    """The TPs both forms agree on (or the only form's), None when they conflict."""

    @property
    def needs_controller(self) -> bool:
        return bool(self.reasons)


def review_game_forms(
    forms: Sequence[ResultForm],
    rule: PointsMargin,
    games_before: Sequence[GamePoints],
) -> GameReview:
    """Compare the forms filed for one game with each other and with the TP record.

    `games_before` are the TPs of the match's earlier games. If a player files more than once
    for a game, their latest form counts.
    """
    if not forms:
        raise IllegalResult("no result form to review")
    game = forms[0].game
    if any(f.game != game for f in forms):
        raise IllegalResult(
            "forms for different games reviewed together",
            games=sorted({f.game for f in forms}),
        )
    latest: dict[MatchSide, ResultForm] = {}
    for form in sorted(forms, key=lambda f: f.submitted_at):
        latest[form.submitter] = check_result_form(form, rule)
    filed = list(latest.values())
    resigned_by = next((f.submitter for f in filed if f.status is StatusOption.RESIGN), None)
    reasons: list[ReviewReason] = []
    tps_seen = {(f.tps[0], f.tps[1]) for f in filed}
    agreed_tps = next(iter(tps_seen)) if len(tps_seen) == 1 else None
    if agreed_tps is None:
        reasons.append(ReviewReason.CONFLICTING_TPS)
    claims = {f.status.claim for f in filed} - {Claim.RESIGNS, Claim.ASKS_CONTROLLER}
    if len(claims) > 1:
        reasons.append(ReviewReason.CONFLICTING_STATUS)
    statuses = {f.status for f in filed}
    if StatusOption.UNSURE in statuses:
        reasons.append(ReviewReason.UNSURE)
    if StatusOption.DISPUTE in statuses:
        reasons.append(ReviewReason.DISPUTE)
    if StatusOption.RULE_WAIVED in statuses and not rule.opt_out:
        reasons.append(ReviewReason.OPT_OUT_NOT_RECORDED)
    if agreed_tps is not None and resigned_by is None:
        decided = rule.is_decided([*games_before, agreed_tps])
        if (Claim.MATCH_OVER in claims and not decided) or (Claim.CONTINUES in claims and decided):
            reasons.append(ReviewReason.STATUS_CONTRADICTS_TPS)
    return GameReview(game=game, reasons=tuple(reasons), resigned_by=resigned_by, tps=agreed_tps)


def describe_review(review: GameReview) -> str:
    """One line for a controller's queue."""
    if not review.needs_controller:
        return f"game {review.game}: forms agree"
    shown = ""
    if review.tps is not None:
        shown = f" (TPs {format_points(review.tps[0])}-{format_points(review.tps[1])})"
    return f"game {review.game}{shown}: " + ", ".join(r.value for r in review.reasons)
