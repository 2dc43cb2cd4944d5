"""Replies by e-mail (issue 31 item 3): a player answers a "your move" mail with the move; every
bad reply (reused, altered or foreign token, spoofed sender, illegal move, HTML only) stores
nothing and is answered with the reason, in the person's language."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from email.message import EmailMessage

import pytest
from django.contrib.auth import get_user_model
from django.core import mail as django_mail
from django.test import override_settings

from mashindano.app.mail import deliver_all
from mashindano.app.mail_replies import (
    Answered,
    Outcome,
    make_token,
    read_token,
    receive,
    reply_text,
)
from mashindano.app.notify import collect_news
from mashindano.app.results import GameRef
from mashindano.presets.kiba_bao.games import load_bao_game
from mashindano.store import models

from .helpers import T0
from .test_due import HOUR, kiba_event, link_players, play_legal

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("replies_on")]
DOMAIN = "reply.mashindano.test"
WHERE = GameRef(1, 1)
NOW = T0 + 2 * HOUR


@pytest.fixture
def replies_on() -> Iterator[None]:
    with override_settings(MAIL_REPLY_DOMAIN=DOMAIN):
        yield


def mail(
    sender: str,
    to: str,
    text: str | None,
    *,
    html: str | None = None,
    charset: str = "utf-8",
    subject: str = "Re: your move",
) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = "<reply-1@player.test>"
    if text is not None:
        message.set_content(text, charset=charset)
        if html is not None:
            message.add_alternative(html, subtype="html")
    elif html is not None:
        message.set_content(html, subtype="html")
    return message.as_bytes()


def your_move_mail(slug: str = "kmail") -> tuple[str, str, str]:
    """A KIBA game played on the site after its first move: (player to move's address, the
    reply address of their "your move" mail, the move they may play)."""
    kiba_event(slug)
    addresses = link_players(slug)
    play_legal(slug, WHERE, T0 + HOUR)
    django_mail.outbox.clear()
    collect_news(T0 + HOUR)
    deliver_all(T0 + HOUR)
    game = load_bao_game(slug, WHERE, now=NOW)
    to_move = str(game.to_move)
    (sent,) = [m for m in django_mail.outbox if m.to == [addresses[to_move]] and m.reply_to]
    assert "reply to this mail with your move" in sent.body
    (reply_to,) = sent.reply_to
    assert reply_to.startswith("reply+")
    assert reply_to.endswith(f"@{DOMAIN}")
    django_mail.outbox.clear()
    return addresses[to_move], reply_to, game.legal[0]


def moves() -> int:
    return models.Move.objects.count()


def answered(raw: bytes, now: datetime = NOW) -> Answered:
    result = receive(raw, now)
    assert result is not None
    (sent,) = django_mail.outbox
    django_mail.outbox.clear()
    assert sent.to == [result.to]
    assert sent.body == result.text
    assert sent.extra_headers["Auto-Submitted"] == "auto-replied"
    return result


def test_a_reply_with_the_move_plays_it_and_answers_with_the_board() -> None:
    sender, reply_to, move = your_move_mail()
    before = moves()
    body = f"{move}\n\nOn Mon, 7 Dec 2026 at 10:00, Mashindano <m@x.test>\nwrote:\n> your move\n"
    result = answered(mail(sender.upper(), reply_to, body))
    assert result.outcome == Outcome.ACTED, result.text
    assert moves() == before + 1
    assert "(move 2)" in result.text
    assert "/play/kmail/" in result.text
    assert models.MailReply.objects.count() == 1
    # the opponent gets their "your move" mail from the worker's next tick
    collect_news(NOW)
    deliver_all(NOW)
    (theirs,) = django_mail.outbox
    assert theirs.to != [sender]
    assert "(move 2)" in theirs.body
    assert theirs.reply_to
    assert theirs.reply_to[0] != reply_to


def test_a_used_altered_or_foreign_token_stores_nothing_and_says_why() -> None:
    sender, reply_to, move = your_move_mail()
    assert answered(mail(sender, reply_to, move)).outcome == Outcome.ACTED
    before = moves()
    again = answered(mail(sender, reply_to, move))
    assert again.outcome == Outcome.USED
    assert "already answered" in again.text
    local, domain = reply_to.split("@")
    altered = local[:-1] + ("0" if local[-1] != "0" else "1")
    bad = answered(mail(sender, f"{altered}@{domain}", move))
    assert bad.outcome == Outcome.BAD_TOKEN
    assert "not valid" in bad.text
    token = read_token(local.removeprefix("reply+"))
    assert token is not None
    with override_settings(SECRET_KEY="another site's secret"):
        foreign = make_token(token.user_id, token.event_id, token.target)
    assert answered(mail(sender, f"reply+{foreign}@{domain}", move)).outcome == Outcome.BAD_TOKEN
    none = answered(mail(sender, f"games@{domain}", move))
    assert none.outcome == Outcome.NO_TOKEN
    assert moves() == before
    assert models.MailReply.objects.count() == 1


def test_a_spoofed_sender_is_refused_and_the_account_holder_is_told() -> None:
    sender, reply_to, move = your_move_mail()
    result = answered(mail("mallory@evil.test", reply_to, move))
    assert result.outcome == Outcome.SPOOFED
    assert result.to == sender
    assert "mallory@evil.test" in result.text
    # another player of the event, from their own address, with this player's reply address
    other = get_user_model().objects.exclude(email=sender).exclude(email="").first()
    assert other is not None
    assert answered(mail(other.email, reply_to, move)).outcome == Outcome.SPOOFED
    forged = mail(sender, reply_to, move).replace(
        b"From:", b"Authentication-Results: mx.test; dmarc=fail header.from=x\nFrom:", 1
    )
    assert answered(forged).outcome == Outcome.SPOOFED
    assert moves() == 1
    assert not models.MailReply.objects.exists()


def test_an_illegal_move_is_refused_with_its_reason_and_the_address_stays_usable() -> None:
    sender, reply_to, move = your_move_mail()
    result = answered(mail(sender, reply_to, "Z9>>\n"))
    assert result.outcome == Outcome.REFUSED
    assert "nothing was done" in result.text
    assert moves() == 1
    assert not models.MailReply.objects.exists()
    assert answered(mail(sender, reply_to, move)).outcome == Outcome.ACTED


def test_html_only_and_empty_replies_are_refused() -> None:
    sender, reply_to, move = your_move_mail()
    html = answered(mail(sender, reply_to, None, html=f"<p>{move}</p>"))
    assert html.outcome == Outcome.HTML_ONLY
    assert "plain-text" in html.text
    empty = answered(mail(sender, reply_to, "> only the quoted mail\n"))
    assert empty.outcome == Outcome.EMPTY
    assert moves() == 1
    assert not models.MailReply.objects.exists()


def test_other_charsets_and_the_person_language() -> None:
    sender, reply_to, move = your_move_mail()
    user = get_user_model().objects.get(email=sender)
    models.Profile.objects.update_or_create(
        user=user, defaults={"language": "sw", "changed_at": T0}
    )
    raw = mail(sender, reply_to, f"{move}\nAsante, ndugu: ça va €\n", charset="iso-8859-15")
    assert b"iso-8859-15" in raw
    result = answered(raw)
    assert result.outcome == Outcome.ACTED
    assert result.language == "sw"


def test_machines_are_not_answered() -> None:
    sender, reply_to, move = your_move_mail()
    raw = mail(sender, reply_to, move).replace(b"From:", b"Auto-Submitted: auto-replied\nFrom:")
    assert receive(raw, NOW) is None
    assert not django_mail.outbox
    assert moves() == 1


@pytest.mark.parametrize(
    ("body", "own"),
    [
        ("A6<*\n\n> quoted\n", "A6<*"),
        ("A6<*\r\nOn Mon, 7 Dec 2026, M <m@x> wrote:\r\n> old\r\n", "A6<*"),
        ("A6<*\n-- \nAmina\n", "A6<*"),
        ("A6<*\n\n-----Original Message-----\nFrom: x\n", "A6<*"),
        ("Le lun. 7 déc. 2026, M a écrit :\n> x\n", ""),
        ("> quoted\nA6<*\n", "A6<*"),
    ],
)
def test_quoted_history_is_left_out(body: str, own: str) -> None:
    assert reply_text(body) == own


def test_tokens_are_lower_case_and_signed() -> None:
    token = make_token(7, 3, "m12.4")
    assert token == token.lower()
    assert len(f"reply+{token}") <= 64
    found = read_token(token.upper())
    assert found is not None
    assert (found.user_id, found.event_id, found.target) == (7, 3, "m12.4")
    assert read_token(token.replace("m12.4", "m12.5")) is None


def test_mail_in_stdin_reads_one_message_as_a_pipe_transport_gives_it() -> None:
    from typer.testing import CliRunner

    from mashindano.cli.main import app

    sender, reply_to, move = your_move_mail()
    command = ["mail-in", "--stdin", "--recipient", reply_to, "--now", NOW.isoformat()]
    done = CliRunner().invoke(app, command, input=mail(sender, f"games@{DOMAIN}", move))
    assert done.exit_code == 0, done.output
    assert "mail-in: acted" in done.stdout
    assert moves() == 2
    (answer,) = django_mail.outbox
    assert answer.to == [sender]
    assert "(move 2)" in answer.body
    again = CliRunner().invoke(app, command, input=mail(sender, reply_to, move))
    assert again.exit_code == 0
    assert "mail-in: used" in again.stdout
    assert moves() == 2


def test_an_answer_that_cannot_be_sent_keeps_what_acted_and_retries_a_refusal() -> None:
    from .smtp import free_port

    sender, reply_to, move = your_move_mail()
    nowhere = {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {"host": "127.0.0.1", "port": free_port(), "timeout": 5},
    }
    with override_settings(MAILERS={"default": nowhere}):
        with pytest.raises(ConnectionRefusedError):  # nothing stored: delivered again later
            receive(mail(sender, reply_to, "Z9>>"), NOW)
        acted = receive(mail(sender, reply_to, move), NOW)
    assert acted is not None
    assert acted.outcome == Outcome.ACTED
    assert moves() == 2
