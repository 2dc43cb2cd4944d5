"""One Tantrix knockout match on tournament points: the running TP table (R17), how the match
ended, opt-out agreements (R13, R15, A7, A11), and the ways a match ends off the board
(resignation R23/A6, default after a missed limit A5/A9).

When the match is over on TPs is the match rule's business (`engine.matches.PointsMargin`);
this module only names the outcome for people and records the agreements around it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from fractions import Fraction

from mashindano.engine.errors import IllegalResult
from mashindano.engine.matches import OPT_OUT, GamePoints, MatchSide, PointsMargin
from mashindano.engine.points import Points
from mashindano.engine.timestamps import require_aware


class EndedBy(StrEnum):
    """How a knockout match ended, as the simulation and the views report it.

    The tiebreak labels follow the number of tiebreak games configured; the members name the
    defaults (3 tiebreak games).
    """

    STANDARD = "standard"
    """Decisive (gap >= margin) after the standard games."""
    TIEBREAK_1 = "tiebreak-1"
    TIEBREAK_2 = "tiebreak-2"
    TIEBREAK_3 = "tiebreak-3"
    """Decisive after that tiebreak game."""
    LEADER_AFTER_TIEBREAK_3 = "leader-after-tiebreak-3"
    """R9: ahead, by less than the margin, at the end of the last tiebreak game."""
    SUDDEN_DEATH = "sudden-death"
    OPT_OUT = "opt-out"
    """R13: the leader after the standard games under an opt-out, with a gap below the margin."""
    LEADER_AFTER_STANDARD = "leader-after-standard"
    """The decisive rule is off for the phase (plate, A12): any lead after the standard games."""
    RESIGNED = "resigned"
    DEFAULT = "default"
    BYE = "bye"


@dataclass(frozen=True, slots=True)
class MatchConclusion:
    """The winner (None while the match goes on) and how the match ended."""

    winner: MatchSide | None
    ended_by: str | None
    """An `EndedBy` value, or "tiebreak-k" / "leader-after-tiebreak-k" for other k."""

    @property
    def is_decided(self) -> bool:
        return self.winner is not None


def conclude_tp_match(
    rule: PointsMargin,
    games: Sequence[GamePoints],
    *,
    decisive_rule_enabled: bool = True,
    resigned: MatchSide | None = None,
    defaulted: MatchSide | None = None,
) -> MatchConclusion:
    """Who won and how, from the TPs so far and any resignation or default.

    A resignation (option 8) loses the match whatever the score (A6); a player who missed an
    offer or reply limit loses by default (A5, A9). Both end the match at once.
    """
    state = rule.state(games)
    if resigned is not None and defaulted is not None:
        raise IllegalResult(
            "a match ends either by resignation or by default, not both",
            resigned=resigned,
            defaulted=defaulted,
        )
    if resigned is not None:
        return MatchConclusion(other_side(resigned), EndedBy.RESIGNED)
    if defaulted is not None:
        return MatchConclusion(other_side(defaulted), EndedBy.DEFAULT)
    if state.how is None or state.winner is None:
        return MatchConclusion(None, None)
    how = state.how
    if how == OPT_OUT and not decisive_rule_enabled:
        how = EndedBy.LEADER_AFTER_STANDARD.value
    return MatchConclusion(state.winner, how)


def other_side(side: MatchSide) -> MatchSide:
    return "b" if side == "a" else "a"


@dataclass(frozen=True, slots=True)
class TPTableRow:
    """One line of the running TP table a result form shows (R17)."""

    game: int
    label: str
    tp_a: Points
    tp_b: Points
    total_a: Points
    total_b: Points

    @property
    def gap(self) -> Points:
        return abs(self.total_a - self.total_b)


def tp_table(games: Sequence[GamePoints], rule: PointsMargin) -> tuple[TPTableRow, ...]:
    """Per-game TPs with running totals; each game labelled standard, tiebreak or sudden death."""
    rows: list[TPTableRow] = []
    total_a = total_b = Fraction(0)
    for index, (tp_a, tp_b) in enumerate(games):
        total_a += tp_a
        total_b += tp_b
        rows.append(
            TPTableRow(
                game=index + 1,
                label=game_label(index + 1, rule),
                tp_a=Fraction(tp_a),
                tp_b=Fraction(tp_b),
                total_a=total_a,
                total_b=total_b,
            )
        )
    return tuple(rows)


def game_label(game: int, rule: PointsMargin) -> str:
    """ "game 3", "tiebreak 2" or "sudden death 1" for the 1-based game number."""
    if game <= rule.standard_games:
        return f"game {game}"
    extra = game - rule.standard_games
    if not rule.opt_out and extra <= rule.tiebreak_games:
        return f"tiebreak {extra}"
    bound = 0 if rule.opt_out else rule.tiebreak_games
    return f"sudden death {extra - bound}"


@dataclass(frozen=True, slots=True)
class OptOutAgreement:
    """Both players' agreement not to play beyond the standard games (R13), kept with its
    timestamp and evidence, typically e-mails copied to the Assistant Controller (R15)."""

    agreed_at: datetime
    evidence: str

    def __post_init__(self) -> None:
        require_aware(self.agreed_at, "the opt-out agreement time")
        if not self.evidence.strip():
            raise IllegalResult(
                "an opt-out agreement needs evidence (for example the e-mails copied to the AC)"
            )


def is_opt_out_in_time(agreement: OptOutAgreement, last_sitting_start: datetime) -> bool:
    """A11: recorded before the first game of the sitting that holds the last standard game."""
    require_aware(last_sitting_start, "the start of the last sitting")
    return agreement.agreed_at < last_sitting_start


def check_opt_out(agreement: OptOutAgreement, last_sitting_start: datetime) -> OptOutAgreement:
    """The agreement, or IllegalResult saying it came too late (A11)."""
    if not is_opt_out_in_time(agreement, last_sitting_start):
        raise IllegalResult(
            f"the opt-out was recorded at {agreement.agreed_at.isoformat()}, not before the "
            f"last sitting began at {last_sitting_start.isoformat()} (A11)",
            agreed_at=agreement.agreed_at,
            last_sitting_start=last_sitting_start,
        )
    return agreement
