"""Tantrix and KIBA mails time makes (issue 16 item 4), with the time passed in: the result
form due once the opponent filed (R16), tiebreak dates to offer within 24 hours (R20, A5) and
an offer to answer within 48 hours (R22, A9), each reminded before its limit; and to the
arbiters (else organisers), results still unreported at a deadline: a Tantrix form missing at
its limit (R16), a KIBA game whose clock ran out and the Mwamuzi has not ruled (R25). Each
once, with the recipient's preference and language."""

from __future__ import annotations

from datetime import timedelta

import pytest

from mashindano.app import rounds
from mashindano.app.due import apply_due
from mashindano.app.mail import deliver_all, make_digests, set_preference
from mashindano.app.notify import Kind
from mashindano.app.principals import local
from mashindano.app.results import GameRef, rule_result
from mashindano.engine.model import Termination
from mashindano.presets.tantrix_knockout.use_cases import MatchWhere, record_offer
from mashindano.store import models
from mashindano.store.models import NotificationMode, NotificationState

from . import test_tantrix_forms as forms
from .helpers import ACTOR, T0, make_event
from .smtp import Inbox
from .test_due import DAY, HOUR, MWAMUZI, TICK, inbox, kiba_event, link_players

pytestmark = pytest.mark.django_db
__all__ = ["inbox"]  # the SMTP fixture, used by name

MINUTES_30 = timedelta(minutes=30)


def _sent(kind: Kind) -> list[tuple[str, str]]:
    rows = models.Notification.objects.filter(kind=kind.value).order_by("key")
    return [(k, str(e)) for k, e in rows.values_list("key", "user__email")]


def _tantrix() -> dict[str, str]:
    make_event(forms.SLUG, forms.PRESET, 4, standard_games="2")
    rounds.pair_next_round(forms.SLUG, actor=ACTOR, now=T0)
    return link_players(forms.SLUG, arbiter="ac")


def test_tantrix_R16_form_due_to_the_opponent_then_missing_to_the_arbiters(inbox: Inbox) -> None:
    addresses = _tantrix()
    match = forms._encounter()
    assert match.second is not None
    user = models.Entry.objects.get(event__slug="ko", key=match.second).user
    assert user is not None
    models.Profile.objects.create(user=user, language="sw", changed_at=T0)
    forms._form(1, match.first, "15", at=T0 + MINUTES_30, ended_at=T0)
    apply_due(T0 + MINUTES_30)
    apply_due(T0 + HOUR)
    assert [e for _, e in _sent(Kind.TANTRIX_FORM_DUE)] == [addresses[match.second]]
    assert _sent(Kind.UNREPORTED) == []
    apply_due(T0 + HOUR + TICK)  # R16: due 1 hour after the game ended
    apply_due(T0 + 2 * HOUR)
    assert [e for _, e in _sent(Kind.UNREPORTED)] == ["ac@ko.test"]
    deliver_all(T0 + 2 * HOUR)
    [due] = inbox.to(addresses[match.second])
    assert str(due["Subject"]) == (  # in the recipient's own language
        "ko: wasilisha fomu yako ya matokeo ya raundi 1, meza 1, mchezo 1 kabla ya "
        "2026-03-01 11:00 UTC"
    )
    assert due["Content-Language"] == "sw"
    assert "http://127.0.0.1:8000/me/" in due.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    [missing] = inbox.to("ac@ko.test")
    assert "no result reported for round 1, board 1" in str(missing["Subject"])
    assert not inbox.to(addresses[match.first])


def test_tantrix_R20_R22_offer_and_reply_reminders_before_24_and_48_hour_limits(
    inbox: Inbox,
) -> None:
    addresses = _tantrix()
    match = forms._encounter()
    assert match.second is not None
    ended = forms._option_4_by_trailing_b(match)  # B trails: B offers dates by ended + 24 h
    apply_due(ended + 22 * HOUR - TICK)
    assert _sent(Kind.TANTRIX_OFFER_DUE) == []
    apply_due(ended + 22 * HOUR)  # 2 h before; 24 h before is when the wait began
    apply_due(ended + 23 * HOUR)
    assert [e for _, e in _sent(Kind.TANTRIX_OFFER_DUE)] == [addresses[match.second]]
    offered = ended + 23 * HOUR  # A replies by offered + 48 h
    record_offer(
        "ko", MatchWhere(1, 1), match.second, actor=local("ac"), sent_at=offered, now=offered
    )
    apply_due(offered + 24 * HOUR - TICK)
    assert _sent(Kind.TANTRIX_REPLY_DUE) == []
    apply_due(offered + 24 * HOUR)
    apply_due(offered + 46 * HOUR)
    apply_due(offered + 47 * HOUR)
    reply = _sent(Kind.TANTRIX_REPLY_DUE)
    assert [e for _, e in reply] == [addresses[match.first]] * 2
    assert [k.split(":")[-3] for k, _ in reply] == ["24h", "2h"]
    deliver_all(offered + 47 * HOUR)
    [offer] = inbox.to(addresses[match.second])
    assert str(offer["Subject"]) == "ko: offer tiebreak dates by 2026-03-02 10:00 UTC"
    replies = inbox.to(addresses[match.first])
    assert [str(m["Subject"]) for m in replies] == [
        "ko: reply to the offer of dates by 2026-03-04 09:00 UTC"
    ] * 2


def test_tantrix_a_daily_digest_or_never_for_the_form_due_is_respected(inbox: Inbox) -> None:
    _tantrix()
    match = forms._encounter()
    assert match.second is not None
    late = models.Entry.objects.get(event__slug="ko", key=match.second).user_id
    assert late is not None
    set_preference(late, Kind.TANTRIX_FORM_DUE, NotificationMode.DAILY, T0)
    forms._form(1, match.first, "15", at=T0 + MINUTES_30, ended_at=T0)
    apply_due(T0 + MINUTES_30)
    assert deliver_all(T0 + MINUTES_30) == {"digest": 1}
    assert inbox.messages == []
    make_digests(T0 + DAY)
    deliver_all(T0 + DAY)
    [digest] = inbox.messages
    assert "your daily digest (1 messages)" in str(digest["Subject"])
    assert "file your result form" in digest.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    set_preference(late, Kind.TANTRIX_FORM_DUE, NotificationMode.NEVER, T0 + DAY)
    forms._form(2, match.first, "15", "1", at=T0 + DAY, ended_at=T0 + DAY)
    apply_due(T0 + DAY)
    assert deliver_all(T0 + DAY) == {"skipped": 1, "sent": 1}  # sent: game 1's form to "ac"
    skipped = models.Notification.objects.get(state=NotificationState.SKIPPED)
    assert (skipped.kind, skipped.user_id) == (Kind.TANTRIX_FORM_DUE.value, late)
    assert not [m for m in inbox.messages if "file your result form" in str(m["Subject"])]


def test_kiba_R25_a_loss_on_time_not_ruled_24_hours_after_the_deadline_goes_to_the_arbiters(
    inbox: Inbox,
) -> None:
    kiba_event(loss_on_time="proposal")
    link_players("kiba", arbiter="mwamuzi")
    deadline = T0 + 3 * DAY  # the first movers did not move (R21, R25)
    apply_due(deadline + TICK)
    assert len(_sent(Kind.PROPOSAL)) == 30
    rule_result(
        "kiba",
        GameRef(1, 1),
        "0-1",
        actor=MWAMUZI,
        reason="loss on time",
        termination=Termination.TIMEOUT,
        now=deadline + HOUR,
    )
    apply_due(deadline + 24 * HOUR - TICK)
    assert _sent(Kind.UNREPORTED) == []
    apply_due(deadline + 24 * HOUR)
    apply_due(deadline + 30 * HOUR)
    unreported = _sent(Kind.UNREPORTED)
    assert len(unreported) == 29  # once each; the game the Mwamuzi ruled is left alone
    assert {e for _, e in unreported} == {"mwamuzi@kiba.test"}
    deliver_all(deadline + 30 * HOUR)
    told = [m for m in inbox.to("mwamuzi@kiba.test") if "no result reported" in str(m["Subject"])]
    assert len(told) == 29
    text = told[0].get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert "no result was reported by 2026-03-04 10:00 UTC" in text
    assert "http://127.0.0.1:8000/e/kiba/round/1/" in text
