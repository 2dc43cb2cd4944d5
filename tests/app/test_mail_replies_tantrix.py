"""A Tantrix player files a game's result form by answering the mail that asks for it
(issue 31 item 3; shared/spec/tantrix-knockout.md R16, R18): TPs given as "mine-theirs" and
turned to the form's order; a bad form stores nothing and is answered with its reason."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail as django_mail

from mashindano.app import rounds
from mashindano.app.due import apply_due
from mashindano.app.mail import deliver_all
from mashindano.app.mail_replies import Outcome
from mashindano.app.notify import collect_news
from mashindano.store import models
from mashindano.store.facts import ResultStatus

from . import test_tantrix_forms as forms
from .helpers import ACTOR, T0, make_event
from .test_due import link_players
from .test_mail_replies import answered, mail, replies_on

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("replies_on")]
__all__ = ["replies_on"]  # the fixture, used by name
LATER = T0 + timedelta(minutes=30)


def form_due() -> tuple[str, str]:
    """Round 1 of a Tantrix knockout; A filed game 1's form (A 15 TPs, B 5) and B was mailed
    that theirs is due (R16): (B's address, the reply address of that mail)."""
    make_event(forms.SLUG, forms.PRESET, 4, standard_games="2")
    rounds.pair_next_round(forms.SLUG, actor=ACTOR, now=T0)
    addresses = link_players(forms.SLUG)
    match = forms._encounter()
    assert match.second is not None
    forms._form(1, match.first, "15", at=T0, ended_at=T0)
    apply_due(T0)
    django_mail.outbox.clear()
    deliver_all(T0)
    second = addresses[str(match.second)]
    (due,) = [m for m in django_mail.outbox if m.to == [second] and m.reply_to]
    assert "your TPs first" in due.body
    django_mail.outbox.clear()
    return second, due.reply_to[0]


def game_one() -> ResultStatus:
    return next(g for g in forms._encounter().games if g.number == 1).status


def test_R16_R18_the_opponent_files_the_form_by_mail() -> None:
    second, reply_to = form_due()
    reports = models.ResultReport.objects.count()
    bad = answered(mail(second, reply_to, "fifteen N"), LATER)
    assert bad.outcome == Outcome.REFUSED
    assert models.ResultReport.objects.count() == reports
    done = answered(mail(second, reply_to, "5-15 N\n\nOn ... wrote:\n> file yours"), LATER)
    assert done.outcome == Outcome.ACTED, done.text
    assert "form filed (confirmed)" in done.text
    assert game_one() is ResultStatus.CONFIRMED
    again = answered(mail(second, reply_to, "5-15 N"), LATER)
    assert again.outcome == Outcome.USED


def test_R16_an_answer_to_the_round_mail_files_the_next_game_s_form() -> None:
    make_event(forms.SLUG, forms.PRESET, 4, standard_games="2")
    django_mail.outbox.clear()
    rounds.pair_next_round(forms.SLUG, actor=ACTOR, now=T0)
    addresses = link_players(forms.SLUG)
    collect_news(T0)
    deliver_all(T0)
    match = forms._encounter()
    first = addresses[str(match.first)]
    (published,) = [m for m in django_mail.outbox if m.to == [first]]
    assert "your next game of the match" in published.body
    (reply_to,) = published.reply_to
    django_mail.outbox.clear()
    done = answered(mail(first, reply_to, "15-5 N"), LATER)
    assert done.outcome == Outcome.ACTED, done.text
    assert done.text.startswith("Game 1: ")
    assert game_one() is ResultStatus.REPORTED
