"""A Gomoku player reports a match by answering its "report by" reminder with the score, and
the opponent confirms or disputes it by answering the report's mail (issue 31 item 3; the
league's R45 report window and R47 answer, as on my page)."""

from __future__ import annotations

import pytest
from django.core import mail as django_mail

from mashindano.app.bulk_results import MatchRef, match_games
from mashindano.app.due import apply_due
from mashindano.app.mail import deliver_all
from mashindano.app.mail_replies import Outcome
from mashindano.app.notify import collect_news
from mashindano.store import models
from mashindano.store.facts import ResultStatus

from .test_due import link_players
from .test_gomoku_league import at, make_league, pair
from .test_mail_replies import answered, mail, replies_on

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("replies_on")]
WHEN = at(4, 2)
__all__ = ["replies_on"]  # the fixture, used by name


def reminded() -> tuple[dict[str, str], str, str]:
    """A league month paired, its report-due reminders mailed: (addresses, the first player's
    address, the reply address of their reminder of match 1)."""
    make_league(7)
    pair("lg", at(3, 1, 0))
    addresses = link_players("lg")
    apply_due(WHEN)
    django_mail.outbox.clear()
    deliver_all(WHEN)
    (game, *_) = match_games("lg", MatchRef(1, 1))
    first = addresses[str(game.first)]
    due = [m for m in django_mail.outbox if m.to == [first] and m.reply_to]
    (reminder,) = [m for m in due if "board 1" in m.subject]
    assert "reply to this mail with its score" in reminder.body
    django_mail.outbox.clear()
    return addresses, first, reminder.reply_to[0]


def statuses() -> list[ResultStatus]:
    return [g.status for g in match_games("lg", MatchRef(1, 1))]


def test_a_match_reported_by_mail_then_confirmed_by_the_opponent_by_mail() -> None:
    addresses, first, reply_to = reminded()
    count = len(statuses())
    bad = answered(mail(first, reply_to, f"{count + 1}-0", subject="Re: report"), WHEN)
    assert bad.outcome == Outcome.REFUSED
    assert not models.ResultReport.objects.exists()
    done = answered(mail(first, reply_to, f"{count}-0\n\n> Report it by...", subject="Re"), WHEN)
    assert done.outcome == Outcome.ACTED, done.text
    assert statuses() == [ResultStatus.REPORTED] * count
    collect_news(WHEN)
    deliver_all(WHEN)
    (game, *_) = match_games("lg", MatchRef(1, 1))
    second = addresses[str(game.second)]
    told = [m for m in django_mail.outbox if m.to == [second] and m.reply_to]
    assert len(told) == count
    assert 'reply to this mail with "confirm"' in told[0].body
    django_mail.outbox.clear()
    unclear = answered(mail(second, told[0].reply_to[0], "maybe"), WHEN)
    assert unclear.outcome == Outcome.REFUSED
    assert '"confirm"' in unclear.text
    yes = answered(mail(second, told[0].reply_to[0], "Confirm.\n"), WHEN)
    assert yes.outcome == Outcome.ACTED, yes.text
    assert statuses() == [ResultStatus.CONFIRMED] * count
    late = answered(mail(second, told[-1].reply_to[0], "dispute it was 0-4"), WHEN)
    assert late.outcome == Outcome.REFUSED
    assert "waits for an answer" in late.text


def test_a_dispute_by_mail_needs_and_keeps_its_reason() -> None:
    addresses, first, reply_to = reminded()
    count = len(statuses())
    assert answered(mail(first, reply_to, f"0-{count}"), WHEN).outcome == Outcome.ACTED
    collect_news(WHEN)
    deliver_all(WHEN)
    (game, *_) = match_games("lg", MatchRef(1, 1))
    second = addresses[str(game.second)]
    (told, *_) = [m for m in django_mail.outbox if m.to == [second] and m.reply_to]
    django_mail.outbox.clear()
    bare = answered(mail(second, told.reply_to[0], "dispute"), WHEN)
    assert bare.outcome == Outcome.REFUSED
    assert "reason" in bare.text
    assert statuses() == [ResultStatus.REPORTED] * count
    no = answered(mail(second, told.reply_to[0], "Dispute: I won both\ngames."), WHEN)
    assert no.outcome == Outcome.ACTED, no.text
    assert statuses() == [ResultStatus.DISPUTED] * count
    reasons = set(
        models.ResultReport.objects.filter(kind="dispute").values_list("reason", flat=True)
    )
    assert reasons == {"I won both games."}
