"""Every e-mail's link leads to a page that answers (issue 16 item 5): public event pages are
under /e/<slug>/ and the player's page is /me/. Mails of every kind the three timed presets
and a team event make are delivered to the test SMTP server; each link in each message is
followed with the Django test client (as the recipient, logged in for /me/) and answers 200."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from email.message import EmailMessage

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from mashindano.app import official_reports, rounds, talk
from mashindano.app.bulk_results import MatchRef
from mashindano.app.conduct import close_period
from mashindano.app.due import apply_due
from mashindano.app.mail import deliver_all
from mashindano.app.match_times import propose_times
from mashindano.app.notify import Kind, collect_news
from mashindano.app.people import principal_for_user, principal_for_username
from mashindano.app.principals import local
from mashindano.app.queries import get_event_facts
from mashindano.app.registrations import join_event
from mashindano.app.results import GameRef, dispute_result, report_result, rule_result
from mashindano.app.tasks import run_tick
from mashindano.app.teams.boards import report_board
from mashindano.app.teams.lineups import submit_lineup
from mashindano.app.teams.setup import create_team, pair_team_round, set_roster, set_team_mode
from mashindano.presets.tantrix_knockout.use_cases import MatchWhere, file_form, record_offer
from mashindano.store import models

from . import test_tantrix_forms as forms
from .helpers import ACTOR, T0, make_event
from .smtp import Inbox
from .test_due import DAY, HOUR, TICK, inbox, kiba_event, link_players, play_legal
from .test_gomoku_league import at, make_league, pair

pytestmark = pytest.mark.django_db
__all__ = ["inbox"]  # the SMTP fixture, used by name

LINK = re.compile(r"http://127\.0\.0\.1:8000(/\S*)")


def _make_every_kind() -> None:
    _kiba()
    _tantrix()
    _gomoku()
    _start()
    _waiting()
    _teams()
    collect_news(at(4, 4))


def _kiba() -> None:
    kiba_event(loss_on_time="proposal")
    link_players("kiba", arbiter="mwamuzi")
    collect_news(T0)  # round published
    play_legal("kiba", GameRef(1, 1), T0 + HOUR)
    collect_news(T0 + HOUR)  # your move
    apply_due(T0 + 2 * DAY)  # deadline reminders
    apply_due(T0 + 3 * DAY + TICK)  # proposals
    apply_due(T0 + 4 * DAY)  # unreported
    kiba_event("kiba2")
    link_players("kiba2")
    apply_due(T0 + 3 * DAY + TICK)  # losses on time, told when the news is collected
    _talk_and_report()


def _talk_and_report() -> None:
    """A game's talk (to the opponent), a report to the officials and its answer (issue 31
    item 1)."""
    row = models.Game.objects.filter(encounter__round__stage__event__slug="kiba").first()
    assert row is not None
    player = principal_for_username(f"kiba-{row.first.key}")
    when = T0 + 4 * DAY
    talk.write_message("kiba", row.id, "Good luck", actor=player, now=when)
    number = official_reports.file_report(
        "kiba", "problem", "My clock", actor=player, game=row.id, now=when
    )
    official_reports.answer_report(
        "kiba", number, "Looked at it", actor=principal_for_username("kiba-mwamuzi"), now=when
    )


def _tantrix() -> None:
    make_event(forms.SLUG, forms.PRESET, 4, standard_games="2")
    rounds.pair_next_round(forms.SLUG, actor=ACTOR, now=T0)
    link_players(forms.SLUG, arbiter="ac")
    match = forms._encounter()
    assert match.second is not None
    ended = forms._option_4_by_trailing_b(match)
    apply_due(ended + 22 * HOUR)  # offer due
    offered = ended + 23 * HOUR
    record_offer("ko", MatchWhere(1, 1), match.second, actor=ACTOR, sent_at=offered, now=offered)
    apply_due(offered + 24 * HOUR)  # reply due
    apply_due(offered + 48 * HOUR + TICK)  # the default, ruled (told as a ruling)
    other = forms._encounter(2)
    file_form(
        "ko",
        GameRef(1, 2, 1),
        other.first,
        "15-5",
        status="N",
        actor=local(str(other.first)),
        ended_at=T0,
        now=T0,
    )
    apply_due(T0)  # form due
    apply_due(T0 + 3 * HOUR)  # missing form


def _gomoku() -> None:
    make_league(7)
    pair("lg", at(3, 1, 0))
    link_players("lg", arbiter="ref")
    report_result("lg", GameRef(1, 1), "1-0", actor=local("P1"), now=at(3, 9))
    report_result("lg", GameRef(1, 2), "1-0", actor=local("P1"), now=at(3, 9))
    dispute_result("lg", GameRef(1, 2), actor=local("P3"), reason="no", now=at(3, 9, 12))
    collect_news(at(3, 9, 12))  # opponent reported, dispute opened
    _match_time()
    apply_due(at(4, 2))  # pairings, result final, report due, dispute waiting
    apply_due(at(4, 3))  # unreported
    rule_result("lg", GameRef(1, 2), "1-0", actor=ACTOR, reason="seen", now=at(4, 3))
    close_period("lg", 1, actor=ACTOR, now=at(4, 4))
    apply_due(at(4, 4))  # month closed


def _start() -> None:
    """A player joins an event with an announced start and is reminded of it (issue 31 item 2)."""
    make_event("dated", "chess-swiss", 4, start=False, start_at="2026-03-20 10:00")
    user = get_user_model().objects.create_user("joiner", "joiner@example.org")
    joiner = principal_for_user(user)
    assert joiner is not None
    join_event("dated", actor=joiner, name="Joiner", now=T0)
    run_tick(datetime(2026, 3, 19, 12, 0, tzinfo=UTC), enqueue=False)  # the reminder


def _waiting() -> None:
    """An automatic start refused (one player): the arbiter is told why, with the console."""
    make_event(
        "alone",
        "chess-swiss",
        1,
        start=False,
        start_at="2026-03-20 10:00",
        start_automatically="yes",
    )
    link_players("alone", arbiter="alone-arbiter")
    run_tick(datetime(2026, 3, 20, 10, 0, tzinfo=UTC), enqueue=False)


def _teams() -> None:
    """A team event (issue 32): a captain's line-up due, both line-ups in, a board reported
    (to the other captain and the other board player)."""
    make_event("tm", "chess-swiss", 4, start=False)
    link_players("tm")
    set_team_mode("tm", actor=ACTOR, boards=2, now=T0)
    for number in (1, 2):
        get_user_model().objects.create_user(f"tm-cap{number}", f"cap{number}@tm.test")
        create_team("tm", f"T{number}", captain=f"tm-cap{number}", actor=ACTOR, now=T0)
        keys = [f"P{2 * number - 1:02d}", f"P{2 * number:02d}"]
        set_roster("tm", number, keys, actor=ACTOR, now=T0)
    deadline = T0 + 2 * DAY
    pair_team_round("tm", 1, deadline=deadline, actor=ACTOR, now=T0)
    first, second = principal_for_username("tm-cap1"), principal_for_username("tm-cap2")
    submit_lineup("tm", 1, 1, ["P01", "P02"], actor=first, now=T0)
    run_tick(deadline - HOUR, enqueue=False)  # the second captain's line-up is due
    submit_lineup("tm", 1, 2, ["P03", "P04"], actor=second, now=deadline - HOUR)
    report_board("tm", 1, 1, 1, "1-0", actor=first, now=deadline)


def _match_time() -> None:
    """Times proposed for a match not played yet, mailed to the opponent (issue 31 item 4)."""
    facts = get_event_facts("lg")
    encounter = next(e for e in facts.rounds[0].encounters if e.board == 3)
    first = str(encounter.first)
    propose_times(
        "lg",
        MatchRef(1, 3),
        first,
        ["2026-03-20 19:00"],
        actor=principal_for_username(f"lg-{first}"),
        now=at(3, 9, 13),
    )


def test_every_mail_link_answers_200(inbox: Inbox) -> None:
    _make_every_kind()
    deliver_all(at(4, 4))
    users = get_user_model().objects
    followed: dict[tuple[str, str], int] = {}
    kinds: set[str] = set()
    for message in inbox.messages:
        kind = _kind_of(_key(message))
        kinds.add(kind)
        text = message.get_body(("plain",)).get_content()  # type: ignore[union-attr]
        paths = [p for p in LINK.findall(text) if not p.startswith("/mail/")]
        assert paths, f"{kind}: no link in the message"
        user = users.get(email=str(message["To"]))
        for path in paths:
            if (kind, path) in followed:
                continue
            client = Client()
            client.force_login(user)
            followed[(kind, path)] = client.get(path).status_code
    assert {p for (_, p), status in followed.items() if status != 200} == set()
    assert not [p for _, p in followed if p.startswith("/events/")]
    expected = {k.value for k in Kind} - {
        Kind.DIGEST.value,  # its items' links are the ones checked here
        Kind.TANTRIX_DEFAULT.value,  # only without an open game to rule on; the event's page
    }
    assert kinds == expected
    # The one-click unsubscribe of each new kind, without logging in: only that preference.
    new = (Kind.GOMOKU_PAIRINGS, Kind.MONTH_CLOSED, Kind.TANTRIX_FORM_DUE, Kind.UNREPORTED)
    for kind in new:
        message = next(m for m in inbox.messages if _kind_of(_key(m)) == kind.value)
        link = LINK.search(str(message["List-Unsubscribe"]))
        assert link is not None
        user = users.get(email=str(message["To"]))
        preferences = models.NotificationPreference.objects.filter(user=user)
        before = set(preferences.values_list("kind", "mode"))
        done = Client().post(link.group(1).rstrip(">"), {"List-Unsubscribe": "One-Click"})
        assert done.status_code == 200
        after = set(preferences.values_list("kind", "mode"))
        assert after == {p for p in before if p[0] != kind.value} | {(kind.value, "never")}
        assert len(after) == len(before) + 1


def _key(message: EmailMessage) -> str:
    return "".join(str(message["X-Mashindano-Key"]).split())  # unfolded


def _kind_of(key: str) -> str:
    return models.Notification.objects.values_list("kind", flat=True).get(key=key)
