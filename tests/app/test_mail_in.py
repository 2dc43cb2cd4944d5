"""A real mail round trip (issue 31 item 3): aiosmtpd as the outgoing server, `mashindano
mail-in`'s LMTP listener as the incoming one. A player's reply `A6<*`-style to a "your move"
mail moves the game and the opponent gets their mail; a spoofed reply, an illegal move and a
foreign recipient store nothing and are answered (or refused at RCPT)."""

from __future__ import annotations

import smtplib
from collections.abc import Iterator
from email.message import EmailMessage

import pytest
from django.test import override_settings

from mashindano.app.mail import deliver_all
from mashindano.app.notify import collect_news
from mashindano.cli.mail_in import listening
from mashindano.presets.kiba_bao.games import load_bao_game
from mashindano.store import models
from mashindano.store.facts import ResultStatus

from .helpers import T0
from .smtp import Inbox, free_port, smtp_server
from .test_due import HOUR, kiba_event, link_players, play_legal
from .test_mail_replies import DOMAIN, NOW, WHERE, replies_on
from .test_mail_replies_gomoku import WHEN, reminded, statuses
from .test_mail_replies_tantrix import LATER, form_due, game_one

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
__all__ = ["replies_on"]  # the fixture, used by name


@pytest.fixture
def outgoing() -> Iterator[Inbox]:
    with (
        smtp_server() as server,
        override_settings(MAILERS={"default": server.mailer()}, MAIL_REPLY_DOMAIN=DOMAIN),
    ):
        yield server


def reply(sender: str, to: str, text: str, *, html: bool = False) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = "Re: your move"
    message["Message-ID"] = f"<{abs(hash(text))}@player.test>"
    if html:
        message.set_content(f"<p>{text}</p>", subtype="html")
    else:
        message.set_content(f"{text}\n\n> the quoted mail\n")
    return message


def answers(inbox: Inbox, outcome: str) -> list[EmailMessage]:
    return [m for m in inbox.messages if m["X-Mashindano-Reply"] == outcome]


def test_a_reply_by_mail_moves_the_game_and_the_opponent_is_mailed(outgoing: Inbox) -> None:
    kiba_event("lmtp")
    addresses = link_players("lmtp")
    play_legal("lmtp", WHERE, T0 + HOUR)
    collect_news(T0 + HOUR)
    deliver_all(T0 + HOUR)
    game = load_bao_game("lmtp", WHERE, now=NOW)
    player = addresses[str(game.to_move)]
    (your_move,) = [m for m in outgoing.to(player) if m["Reply-To"]]
    reply_to = str(your_move["Reply-To"])
    port = free_port()
    with (
        listening("127.0.0.1", port, clock=lambda: NOW, after_act=None) as handler,
        smtplib.LMTP("127.0.0.1", port) as client,
    ):
        client.send_message(reply("mallory@evil.test", reply_to, game.legal[0]))
        client.send_message(reply(player, reply_to, "Z9>>"))
        with pytest.raises(smtplib.SMTPRecipientsRefused):
            client.send_message(reply(player, f"games@{DOMAIN}", game.legal[0]))
        assert models.Move.objects.count() == 1
        client.send_message(reply(player, reply_to, game.legal[0]))
    assert handler.outcomes == ["spoofed", "refused", "acted"]
    assert models.Move.objects.count() == 2
    (spoofed,) = answers(outgoing, "spoofed")
    assert str(spoofed["To"]) == player
    assert "mallory@evil.test" in spoofed.get_content()
    (refused,) = answers(outgoing, "refused")
    assert "nothing was done" in refused.get_content()
    (acted,) = answers(outgoing, "acted")
    assert str(acted["To"]) == player
    assert "(move 2)" in acted.get_content()
    collect_news(NOW)
    deliver_all(NOW)
    opponent = addresses[str(load_bao_game("lmtp", WHERE, now=NOW).to_move)]
    theirs = [m for m in outgoing.to(opponent) if m["Reply-To"]]
    assert theirs
    assert "(move 2)" in theirs[-1].get_body(("plain",)).get_content()


@pytest.mark.usefixtures("replies_on")
def test_a_gomoku_report_and_a_tantrix_form_by_mail_through_the_listener() -> None:
    """The mails are made with the test mailer; the replies come in through LMTP and are
    answered through a real SMTP server."""
    _, first, report_to = reminded()
    second, form_to = form_due()
    count = len(statuses())
    port = free_port()
    with (
        smtp_server() as server,
        override_settings(MAILERS={"default": server.mailer()}),
        listening("127.0.0.1", port, clock=lambda: WHEN, after_act=None) as gomoku,
        smtplib.LMTP("127.0.0.1", port) as client,
    ):
        client.send_message(reply(first, report_to, f"{count}-0", html=True))
        client.send_message(reply(first, report_to, f"{count}-0"))
        client.send_message(reply(first, report_to, f"{count}-0"))
    assert gomoku.outcomes == ["html-only", "acted", "used"]
    assert [m["X-Mashindano-Reply"] for m in server.messages] == gomoku.outcomes
    assert statuses() == [ResultStatus.REPORTED] * count
    with (
        smtp_server() as server,
        override_settings(MAILERS={"default": server.mailer()}),
        listening("127.0.0.1", port, clock=lambda: LATER, after_act=None) as tantrix,
        smtplib.LMTP("127.0.0.1", port) as client,
    ):
        client.send_message(reply("eve@evil.test", form_to, "5-15 N"))
        client.send_message(reply(second, form_to, "5-15 N"))
    assert tantrix.outcomes == ["spoofed", "acted"]
    assert game_one() is ResultStatus.CONFIRMED
    (acted,) = answers(server, "acted")
    assert "form filed (confirmed)" in acted.get_content()
