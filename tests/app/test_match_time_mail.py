"""Issue 31 item 4, mail: a proposal (R22: the partners agree the day and hour) is mailed to
the opponent, a counter-proposal to the proposer, an acceptance to both players, each with a
link to answer on the player's page, and within each recipient's preference."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail
from tests.app import test_match_times as base

from mashindano.app.mail import deliver_all, set_preference
from mashindano.store.models import NotificationMode

pytestmark = pytest.mark.django_db


def _addresses() -> None:
    for n in range(1, 5):
        User.objects.filter(username=f"p{n}").update(email=f"p{n}@example.org")


def _sent(day: int, hour: int) -> list[mail.EmailMessage]:
    mail.outbox.clear()
    deliver_all(base.at(day, hour))
    return list(mail.outbox)


def test_R22_proposal_counter_and_acceptance_are_mailed() -> None:
    _, board = base.league()
    _addresses()
    base.propose(board, 1, "2026-03-12 19:00, 2026-03-13 18:00", base.at(9))
    (to_p2,) = _sent(9, 1)
    assert to_p2.to == ["p2@example.org"]
    assert to_p2.subject == f"lg: the time of your match (round 1, board {board})"
    body = str(to_p2.body)
    assert f"P1 proposes times for your match (round 1, board {board}):" in body
    assert "2026-03-12 19:00 UTC" in body
    assert "2026-03-13 18:00 UTC" in body
    assert f"/me/e/lg/do/match.answer/?round=1&board={board}" in body
    assert "/me/" in body

    base.answer(board, 2, base.at(10), answer="counter", times="2026-03-14 19:00")
    (to_p1,) = _sent(10, 1)
    assert to_p1.to == ["p1@example.org"]
    assert "P2 proposes other times" in str(to_p1.body)
    assert "2026-03-14 19:00 UTC" in str(to_p1.body)

    base.answer(board, 1, base.at(11), answer="accept", time="2026-03-14 19:00")
    both = _sent(11, 1)
    assert sorted(m.to[0] for m in both) == ["p1@example.org", "p2@example.org"]
    by_address = {m.to[0]: str(m.body) for m in both}
    assert "P1 accepted a time for your match" in by_address["p2@example.org"]
    assert "You agreed with P2 on the time of your match" in by_address["p1@example.org"]
    assert all("2026-03-14 19:00 UTC" in text for text in by_address.values())
    assert all("/e/lg/" in text for text in by_address.values())
    html = both[0].alternatives[0][0]  # type: ignore[attr-defined]
    assert "2026-03-14 19:00 UTC" in str(html)


def test_a_player_who_wants_no_such_mail_gets_none() -> None:
    _, board = base.league()
    _addresses()
    p2 = User.objects.get(username="p2")
    set_preference(p2.pk, "match-time", NotificationMode.NEVER, base.at(8))
    base.propose(board, 1, "2026-03-12 19:00", base.at(9))
    assert _sent(9, 1) == []
    base.answer(board, 2, base.at(10), answer="accept", time="2026-03-12 19:00")
    assert [m.to for m in _sent(10, 1)] == [["p1@example.org"]]
