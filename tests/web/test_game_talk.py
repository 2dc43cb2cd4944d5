"""A game's talk and the reports to the officials (issue 31 item 1), app-level: only the two
players write, the officials read and hide (a hidden message shows as hidden, with the reason
to the officials only), texts are escaped and bounded, writes are rate-limited and audited,
a report reaches the console's queue and the official's answer reaches the reporter's page
and mail."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from tests.web.test_play_views import ACTOR, Game

from mashindano.app import official_reports, people, talk
from mashindano.app.errors import NotAllowed
from mashindano.app.mail import deliver_all, render
from mashindano.app.notify import Kind
from mashindano.app.people import principal_for_user
from mashindano.engine.errors import MashindanoError, ParseError
from mashindano.store import models

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 7, 12, tzinfo=UTC)


class Talk(Game):
    """A Bao game with two linked players, an arbiter, a stranger and the player of another
    game of the same event."""

    def __init__(self) -> None:
        super().__init__("bao-talk")
        self.arbiter = self._staff("mwamuzi", "arbiter")
        self.stranger = self._user("stranger")
        other = next(
            e.key
            for e in models.Entry.objects.filter(event__slug=self.slug)
            if e.key not in (self.south, self.north)
        )
        self.bystander = self._user("bystander")
        people.link_entry(self.slug, other, "bystander", actor=ACTOR)
        self.talk_url = f"/me/e/{self.slug}/game/{self.id}/talk/"

    def _user(self, name: str) -> Client:
        user = User.objects.create_user(name, f"{name}@example.org", "pw")
        client = Client()
        client.force_login(user)
        return client

    def _staff(self, name: str, role: str) -> Client:
        client = self._user(name)
        people.grant_role(self.slug, name, role, actor=ACTOR)
        return client

    def principal(self, name: str):  # type: ignore[no-untyped-def]
        principal = principal_for_user(User.objects.get(username=name))
        assert principal is not None
        return principal


@pytest.fixture
def game() -> Talk:
    return Talk()


def _messages(game: Talk) -> list[models.GameMessage]:
    return list(models.GameMessage.objects.filter(game_id=game.id))


def test_only_the_two_players_write_and_the_other_is_mailed(game: Talk) -> None:
    south = game.clients[game.south]
    answer = south.post(game.talk_url, {"text": "Good luck!\nHave fun."})
    assert answer.status_code == 302
    assert answer["Location"] == f"{game.url}#talk"
    for client in (game.arbiter, game.stranger, game.bystander):
        refused = client.post(game.talk_url, {"text": "Let me in"})
        assert refused.status_code == 403
    with pytest.raises(NotAllowed, match="only the two players"):
        talk.write_message(game.slug, game.id, "hello", actor=ACTOR)  # a superuser neither
    assert [m.text for m in _messages(game)] == ["Good luck!\nHave fun."]
    news = models.Notification.objects.get(kind=Kind.GAME_TALK)
    assert news.user.username == f"user-{game.north}"
    assert news.context["text"] == "Good luck!\nHave fun."
    assert news.context["link"].endswith(game.url)
    audit = models.AuditEntry.objects.filter(event__slug=game.slug, action="talk.write").get()
    assert "Good luck" not in str(audit.after)  # the audit (public export) names, never quotes


def test_the_players_and_officials_read_the_talk_and_nobody_else(game: Talk) -> None:
    game.clients[game.north].post(game.talk_url, {"text": "<b>bold</b> & co"})
    for client in (game.clients[game.south], game.clients[game.north], game.arbiter):
        page = client.get(game.url).content.decode()
        assert 'id="talk"' in page
        assert "&lt;b&gt;bold&lt;/b&gt; &amp; co" in page  # escaped: no HTML from users
        assert "<b>bold</b>" not in page
    arbiter_page = game.arbiter.get(game.url).content.decode()
    assert 'name="text"' not in arbiter_page.split('id="talk"')[1]  # officials do not write
    for client in (Client(), game.stranger, game.bystander):
        page = client.get(game.url).content.decode()
        assert 'id="talk"' not in page
        assert "bold" not in page
        assert client.get(game.talk_url).status_code in (302, 403)


def test_an_official_hides_a_message_with_a_reason_kept_in_the_audit(game: Talk) -> None:
    game.clients[game.south].post(game.talk_url, {"text": "You are a cheat"})
    message = _messages(game)[0]
    hide = f"/me/e/{game.slug}/talk/hide/"
    assert (
        game.clients[game.north].post(hide, {"message": message.id, "reason": "x"}).status_code
        == 403
    )
    empty = game.arbiter.post(hide, {"message": message.id, "reason": " "})
    assert empty.status_code == 302
    assert not models.GameMessageHiding.objects.exists()
    done = game.arbiter.post(hide, {"message": message.id, "reason": "abuse", "next": game.url})
    assert done.status_code == 302
    hiding = models.GameMessageHiding.objects.get(message=message)
    assert (hiding.actor, hiding.reason) == ("mwamuzi", "abuse")
    assert models.GameMessage.objects.get(id=message.id).text == "You are a cheat"  # kept
    audit = models.AuditEntry.objects.get(event__slug=game.slug, action="talk.hide")
    assert audit.after == {"message": message.id, "hidden": True, "reason": "abuse"}
    official = game.arbiter.get(game.url).content.decode()
    assert "You are a cheat" in official
    assert "Hidden by mwamuzi: abuse" in official
    for key in (game.south, game.north):
        page = game.clients[key].get(game.url).content.decode()
        assert "Hidden by the officials." in page
        assert "You are a cheat" not in page
        assert "abuse" not in page
    with pytest.raises(MashindanoError, match="hidden already"):
        talk.hide_message(game.slug, message.id, "again", actor=ACTOR)


def test_messages_are_bounded_and_rate_limited(game: Talk) -> None:
    south = game.principal(f"user-{game.south}")
    with pytest.raises(ParseError, match="at most 2000 characters"):
        talk.write_message(game.slug, game.id, "x" * 2001, actor=south, now=NOW)
    with pytest.raises(ParseError, match="needs some text"):
        talk.write_message(game.slug, game.id, " \n ", actor=south, now=NOW)
    with pytest.raises(ParseError, match="control character"):
        talk.write_message(game.slug, game.id, "a\x1bb", actor=south, now=NOW)
    for n in range(talk.RATE_COUNT):
        talk.write_message(game.slug, game.id, f"m{n}", actor=south, now=NOW)
    with pytest.raises(talk.TooFast):
        talk.write_message(game.slug, game.id, "one more", actor=south, now=NOW)
    later = NOW + talk.RATE_WINDOW + timedelta(seconds=1)
    talk.write_message(game.slug, game.id, "later", actor=south, now=later)
    assert len(_messages(game)) == talk.RATE_COUNT + 1
    htmx = game.clients[game.south].post(
        game.talk_url, {"text": "y" * 2001}, headers={"HX-Request": "true"}
    )
    assert htmx.status_code == 200
    assert "at most 2000 characters" in htmx.content.decode()


def test_the_poll_answers_204_until_the_talk_changes(game: Talk) -> None:
    client = game.clients[game.south]
    first = client.get(game.talk_url).content.decode()
    version = first.split("?v=")[1].split('"')[0]
    assert client.get(game.talk_url, {"v": version}).status_code == 204
    game.clients[game.north].post(game.talk_url, {"text": "your move"})
    changed = client.get(game.talk_url, {"v": version})
    assert changed.status_code == 200
    assert "your move" in changed.content.decode()


def test_a_report_reaches_the_queue_and_the_answer_reaches_the_reporter(game: Talk) -> None:
    south = game.clients[game.south]
    form = south.get(f"/me/e/{game.slug}/report/?game={game.id}").content.decode()
    assert "Report to the Mwamuzi" in form
    assert "mwamuzi" in form
    sent = south.post(
        f"/me/e/{game.slug}/report/",
        {"game": game.id, "kind": "cheating", "text": "He uses an engine"},
    )
    assert sent.status_code == 302
    report = models.OfficialReport.objects.get()
    assert (report.kind, report.game_id, report.actor) == (
        "cheating",
        game.id,
        f"user-{game.south}",
    )
    assert models.Notification.objects.filter(
        kind=Kind.OFFICIAL_REPORT, user__username="mwamuzi"
    ).exists()
    queue = f"/console/{game.slug}/reports/"
    assert game.bystander.get(queue).status_code == 403
    page = game.arbiter.get(queue).content.decode()
    assert "He uses an engine" in page
    assert "Cheating" in page
    answered = game.arbiter.post(queue, {"report": report.id, "text": "We looked: no engine."})
    assert answered.status_code == 302
    assert (
        game.clients[game.north].post(queue, {"report": report.id, "text": "x"}).status_code == 403
    )
    me = south.get("/me/").content.decode()
    assert "He uses an engine" in me
    assert "We looked: no engine." in me
    assert "Answer from mwamuzi" in me
    assert "No report waits for an answer." in game.arbiter.get(queue).content.decode()
    actions = list(
        models.AuditEntry.objects.filter(
            event__slug=game.slug, action__startswith="officials."
        ).values_list("action", flat=True)
    )
    assert actions == ["officials.report", "officials.answer"]
    news = models.Notification.objects.get(kind=Kind.OFFICIAL_ANSWER)
    assert news.user.username == f"user-{game.south}"
    deliver_all(NOW)
    answer_mail = next(m for m in mail.outbox if "answered your report" in m.subject)
    assert "We looked: no engine." in answer_mail.body
    assert answer_mail.to == [f"{game.south}@example.org"]


def test_anyone_signed_in_writes_to_the_officials_from_the_event_page(game: Talk) -> None:
    event_page = Client().get(f"/e/{game.slug}/").content.decode()
    assert "Officials" in event_page
    assert "mwamuzi" in event_page
    assert f"/me/e/{game.slug}/report/" in event_page
    assert "@example.org" not in event_page  # a form, not an address
    stranger = game.principal("stranger")
    number = official_reports.file_report(
        game.slug, "message", "When does round 2 start?", actor=stranger, now=NOW
    )
    assert models.OfficialReport.objects.get(id=number).game is None
    with pytest.raises(ParseError, match="unknown kind"):
        official_reports.file_report(game.slug, "gossip", "x", actor=stranger, now=NOW)
    for n in range(official_reports.RATE_COUNT - 1):
        official_reports.file_report(game.slug, "problem", f"p{n}", actor=stranger, now=NOW)
    with pytest.raises(talk.TooFast):
        official_reports.file_report(game.slug, "problem", "again", actor=stranger, now=NOW)
    with pytest.raises(NotAllowed):
        official_reports.answer_report(
            game.slug, number, "no", actor=game.principal(f"user-{game.south}")
        )


@pytest.mark.parametrize("kind", [Kind.GAME_TALK, Kind.OFFICIAL_REPORT, Kind.OFFICIAL_ANSWER])
def test_each_new_mail_renders_with_the_text_escaped_in_html(kind: Kind) -> None:
    user = User.objects.create_user("reader", "reader@example.org", "pw")
    context = {
        "event": "Bao",
        "slug": "bao",
        "link": "http://x/",
        "round": 1,
        "board": 2,
        "game": 1,
        "opponent": "Ann",
        "by": "ann",
        "label": "round 1, board 2",
        "text": "<script>x</script>",
        "asked": "why?",
    }
    rendered = render(kind, context, user.id, link="http://x/u")
    assert "<script>x</script>" in rendered.text
    assert "&lt;script&gt;" in rendered.html
    assert "<script>" not in rendered.html
    assert rendered.subject.startswith("Bao: ")
