"""The mails of a team event (issue 32): one line-up reminder per captain before the deadline
(none on a second tick, none for a line-up already in), one mail to both captains once both
line-ups are in, and a board's report told to the other side (captain and board player), each
with the link to the right page and in the reader's language."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.mail import EmailMultiAlternatives
from django.utils import translation

from mashindano.app.mail import deliver_all
from mashindano.app.people import principal_for_user
from mashindano.app.principals import Principal
from mashindano.app.tasks import run_tick
from mashindano.app.teams.boards import report_board
from mashindano.app.teams.lineups import submit_lineup
from mashindano.app.teams.mails import LINEUP_REMINDER, boards_link, captain_link, sheet_link
from mashindano.app.teams.setup import create_team, pair_team_round, set_roster, set_team_mode
from mashindano.store import models

from .helpers import ACTOR, T0, make_event
from .test_due import link_players

pytestmark = pytest.mark.django_db

DEADLINE = T0 + timedelta(days=2)
LINEUPS = {1: ["P01", "P02", "P03", "P04"], 2: ["P05", "P06", "P07", "P08"]}


def _team_event() -> dict[str, str]:
    """Two teams of 4 on 4 boards, captains cap1 (reads Swahili) and cap2 (English); every
    player linked to an account. Returns entry key -> address."""
    make_event("tm", "chess-swiss", 8, start=False)
    addresses = link_players("tm")
    set_team_mode("tm", actor=ACTOR, boards=4, now=T0)
    users = get_user_model().objects
    for number in (1, 2):
        user = users.create_user(f"cap{number}", email=f"cap{number}@tm.test")
        models.Profile.objects.create(
            user=user, language="sw" if number == 1 else "en", changed_at=T0
        )
        create_team("tm", f"T{number}", captain=f"cap{number}", actor=ACTOR, now=T0)
        set_roster("tm", number, LINEUPS[number], actor=ACTOR, now=T0)
    pair_team_round("tm", 1, deadline=DEADLINE, actor=ACTOR, now=T0)
    return addresses


def _principal(username: str) -> Principal:
    found = principal_for_user(get_user_model().objects.get(username=username))
    assert found is not None
    return found


def _team_mails(kind: str) -> list[EmailMultiAlternatives]:
    return [
        m
        for m in mail.outbox
        if isinstance(m, EmailMultiAlternatives)
        and str(m.extra_headers.get("X-Mashindano-Key", "")).startswith(kind)
    ]


def _tick(at: timedelta) -> None:
    run_tick(DEADLINE - at, enqueue=False)
    deliver_all(DEADLINE - at)


def _to(messages: list[EmailMultiAlternatives]) -> list[str]:
    return sorted(address for m in messages for address in m.to)


def test_each_captain_without_a_lineup_is_reminded_once_before_the_deadline() -> None:
    _team_event()
    submit_lineup("tm", 1, 1, LINEUPS[1], actor=_principal("cap1"), now=T0)
    _tick(LINEUP_REMINDER + timedelta(hours=1))
    assert _team_mails("team-lineup-due") == []  # not yet
    _tick(LINEUP_REMINDER - timedelta(hours=1))
    (reminder,) = _team_mails("team-lineup-due")
    assert reminder.to == ["cap2@tm.test"]  # cap1's line-up is in
    assert "T2" in reminder.subject
    assert "2026" in reminder.subject
    assert captain_link("tm") in reminder.body
    assert captain_link("tm").startswith("http")
    html = reminder.alternatives[0][0]
    assert f'href="{captain_link("tm")}"' in str(html)
    _tick(timedelta(hours=2))  # a second tick sends nothing
    assert len(_team_mails("team-lineup-due")) == 1
    _tick(-timedelta(hours=1))  # nor one after the deadline
    assert len(_team_mails("team-lineup-due")) == 1


def test_both_captains_hear_once_when_both_lineups_are_in() -> None:
    _team_event()
    submit_lineup("tm", 1, 1, LINEUPS[1], actor=_principal("cap1"), now=T0)
    deliver_all(T0)
    assert _team_mails("team-lineups-in") == []
    submit_lineup("tm", 1, 2, LINEUPS[2], actor=_principal("cap2"), now=T0)
    deliver_all(T0)
    told = _team_mails("team-lineups-in")
    assert _to(told) == ["cap1@tm.test", "cap2@tm.test"]
    for message in told:
        assert sheet_link("tm", 1) in message.body
        assert sheet_link("tm", 1).endswith("/e/tm/teams/round/1/")
    # An official's change of a line-up later tells nobody again.
    submit_lineup("tm", 1, 2, LINEUPS[2], actor=ACTOR, reason="as played", now=T0)
    _tick(timedelta(hours=1))
    assert len(_team_mails("team-lineups-in")) == 2
    assert _team_mails("team-lineup-due") == []  # both are in: no reminder


def test_a_board_report_asks_the_other_side_to_confirm() -> None:
    addresses = _team_event()
    for number in (1, 2):
        submit_lineup("tm", 1, number, LINEUPS[number], actor=_principal(f"cap{number}"), now=T0)
    deliver_all(T0)
    before = len(mail.outbox)
    # A captain reports board 1: the other captain (console) and the other player (their boards).
    report_board("tm", 1, 1, 1, "1-0", actor=_principal("cap1"), now=T0)
    # A board's player reports board 2: the other captain and the other player, not himself.
    report_board("tm", 1, 1, 2, "0-1", actor=_principal("tm-P06"), now=T0)
    # An official reports board 3: both sides.
    report_board("tm", 1, 1, 3, "1/2-1/2", actor=ACTOR, now=T0)
    deliver_all(T0)
    _tick(timedelta(hours=1))  # a tick adds nothing
    told = _team_mails("team-board")
    assert len(mail.outbox) - before == len(told)
    by_board: dict[str, list[str]] = {}
    for message in told:
        board = str(message.extra_headers["X-Mashindano-Key"]).split(":")[1]
        by_board.setdefault(board, []).extend(message.to)
    reports = list(
        models.BoardReport.objects.filter(kind="report")
        .order_by("board")
        .values_list("id", flat=True)
    )
    assert sorted(by_board[str(reports[0])]) == ["cap2@tm.test", addresses["P05"]]
    assert sorted(by_board[str(reports[1])]) == ["cap1@tm.test", addresses["P02"]]
    assert sorted(by_board[str(reports[2])]) == sorted(
        ["cap1@tm.test", "cap2@tm.test", addresses["P03"], addresses["P07"]]
    )
    links = {m.to[0]: m.body for m in told if m.to[0].startswith("cap")}
    assert captain_link("tm") in links["cap2@tm.test"]
    player = next(m for m in told if m.to == [addresses["P05"]])
    # The board's player goes to their own boards, where they confirm or dispute it.
    assert boards_link("tm") in player.body
    assert boards_link("tm").endswith("/me/e/tm/boards/")
    for said in ("1-0", "P01", "P05"):
        assert said in player.body


def test_each_mail_is_in_its_readers_language() -> None:
    _team_event()
    _tick(timedelta(hours=1))
    languages = {m.to[0]: m.extra_headers["Content-Language"] for m in _team_mails("team-")}
    assert languages == {"cap1@tm.test": "sw", "cap2@tm.test": "en"}
    with translation.override("sw"):
        footer = translation.gettext("Stop these messages:")
    assert footer != "Stop these messages:"
    (swahili,) = [m for m in _team_mails("team-") if m.to == ["cap1@tm.test"]]
    (english,) = [m for m in _team_mails("team-") if m.to == ["cap2@tm.test"]]
    assert footer in swahili.body
    assert "Stop these messages:" in english.body
