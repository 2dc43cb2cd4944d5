"""Principals and per-event roles (issue 12, item 4): who may do what, decided in one place
(`mashindano.app.permissions`) for every front end."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission, User

from mashindano.app import events, people, rounds
from mashindano.app.conduct import withdraw_player
from mashindano.app.errors import NotAllowed
from mashindano.app.permissions import ACTIONS, Role, authorise, is_allowed, roles_in_event
from mashindano.app.principals import Principal, PrincipalKind, local
from mashindano.app.results import GameRef, confirm_result, report_result
from mashindano.store import models

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db


def _user(name: str, *, creator: bool = False, superuser: bool = False) -> Principal:
    user = User.objects.create_user(name, f"{name}@example.org", "pw", is_superuser=superuser)
    if creator:
        user.user_permissions.add(Permission.objects.get(codename="add_event"))
        user = User.objects.get(pk=user.pk)  # drop the permission cache
    principal = people.principal_for_user(user)
    assert principal is not None
    return principal


@pytest.fixture
def club() -> dict[str, Principal]:
    """A started chess round-robin of four with a person in every role."""
    make_event("club", "chess-round-robin", 4)
    people_by_role = {
        "organiser": _user("olga"),
        "arbiter": _user("arif"),
        "assistant": _user("asha"),
        "player1": _user("p1"),
        "player2": _user("p2"),
        "stranger": _user("sam"),
    }
    for role in ("organiser", "arbiter", "assistant"):
        people.grant_role("club", people_by_role[role].name, role, actor=ACTOR, now=T0)
    people.link_entry("club", "P01", "p1", actor=ACTOR, now=T0)
    people.link_entry("club", "P02", "p2", actor=ACTOR, now=T0)
    return people_by_role


def test_the_local_command_line_and_the_system_may_do_everything() -> None:
    make_event("x", "chess-swiss", 4)
    for principal in (local("cli:me"), Principal.system()):
        assert principal.is_superuser
        assert authorise(principal, "round.pair", "x").full


def test_roles_come_from_memberships_and_linked_entries(club: dict[str, Principal]) -> None:
    assert roles_in_event(club["organiser"], "club").roles == {Role.ORGANISER}
    assert roles_in_event(club["assistant"], "club").roles == {Role.ASSISTANT}
    found = roles_in_event(club["player1"], "club")
    assert (found.roles, found.entry_keys) == ({Role.PLAYER}, {"P01"})
    assert roles_in_event(club["stranger"], "club").roles == frozenset()


def test_pairing_is_for_the_organiser_and_the_arbiter(club: dict[str, Principal]) -> None:
    for who in ("stranger", "player1", "assistant"):
        with pytest.raises(NotAllowed, match=r"may not round\.pair"):
            rounds.pair_next_round("club", actor=club[who], now=T0)
    published = rounds.pair_next_round("club", actor=club["arbiter"], now=T0)
    assert published.number == 1
    audit = models.AuditEntry.objects.filter(event__slug="club").order_by("version").last()
    assert audit is not None
    assert (audit.actor, audit.action) == ("arif", "round.pair")
    assert audit.user_id == club["arbiter"].user_id


def test_a_player_reports_their_own_game_only(club: dict[str, Principal]) -> None:
    published = rounds.pair_next_round("club", actor=club["arbiter"], now=T0)
    mine = next(g for g in published.games() if "P01" in (g.first, g.second))
    other = next(g for g in published.games() if "P01" not in (g.first, g.second))
    with pytest.raises(NotAllowed, match="only for their own games"):
        report_result("club", GameRef(1, other.board), "1-0", actor=club["player1"], now=T0)
    report_result("club", GameRef(1, mine.board), "1-0", actor=club["player1"], now=T0)
    # The assistant enters results for anyone.
    report_result("club", GameRef(1, other.board), "0-1", actor=club["assistant"], now=T0)
    with pytest.raises(NotAllowed):
        confirm_result("club", GameRef(1, other.board), actor=club["assistant"], now=T0)


def test_a_player_withdraws_only_themselves(club: dict[str, Principal]) -> None:
    with pytest.raises(NotAllowed, match="P02"):
        withdraw_player("club", "P02", actor=club["player1"], now=T0)
    assert withdraw_player("club", "P01", actor=club["player1"], now=T0) == 1


def test_an_arbiter_of_another_event_has_no_role_here(club: dict[str, Principal]) -> None:
    make_event("other", "chess-swiss", 4)
    people.grant_role("other", "sam", "arbiter", actor=ACTOR, now=T0)
    with pytest.raises(NotAllowed, match="no role there"):
        rounds.pair_next_round("club", actor=club["stranger"], now=T0)


def test_creating_events_is_a_site_permission() -> None:
    nobody = _user("nobody")
    with pytest.raises(NotAllowed, match="not an event creator"):
        events.create_event("mine", "chess-swiss", actor=nobody, seed=1, now=T0)
    creator = _user("cora", creator=True)
    events.create_event("mine", "chess-swiss", actor=creator, seed=1, now=T0)
    assert roles_in_event(creator, "mine").roles == {Role.ORGANISER}
    assert authorise(creator, "event.start", "mine").full


def test_only_the_organiser_gives_roles(club: dict[str, Principal]) -> None:
    with pytest.raises(NotAllowed):
        people.grant_role("club", "sam", "arbiter", actor=club["arbiter"], now=T0)
    people.grant_role("club", "sam", "assistant", actor=club["organiser"], now=T0)
    assert roles_in_event(club["stranger"], "club").roles == {Role.ASSISTANT}


def test_unknown_actions_are_refused_even_to_superusers() -> None:
    make_event("x", "chess-swiss", 4)
    with pytest.raises(NotAllowed, match="not a known action"):
        authorise(local("root"), "event.explode", "x")


def test_every_action_names_roles_that_exist() -> None:
    for name, rule in ACTIONS.items():
        assert "." in name
        assert rule.roles <= set(Role)
        assert rule.roles or rule.own or rule.anyone, f"{name}: nobody but a superuser could do it"


def test_is_allowed_answers_without_raising(club: dict[str, Principal]) -> None:
    found = roles_in_event(club["assistant"], "club")
    assert is_allowed(club["assistant"], "result.report", found)
    assert not is_allowed(club["assistant"], "round.pair", found)
    assert club["stranger"].kind is PrincipalKind.USER
