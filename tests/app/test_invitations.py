"""Withdrawing an invitation by e-mail (app/accounts.py): whoever may send an invitation of its
kind takes it back before it is accepted; its link then answers that it does not exist any
more, and the withdrawal is in the withdrawer's account log."""

from __future__ import annotations

from datetime import timedelta

import pytest
from tests.app.helpers import T0, make_event
from tests.app.test_permissions import _user, club  # noqa: F401 (a fixture)

from mashindano.app import accounts
from mashindano.app.errors import NotAllowed, NotFound, Refused
from mashindano.app.principals import Principal
from mashindano.store import models

pytestmark = pytest.mark.django_db


def test_the_organiser_withdraws_a_role_invitation(
    club: dict[str, Principal],  # noqa: F811 (the imported fixture)
) -> None:
    sent = accounts.invite(club["organiser"], "club", "cora@example.org", role="arbiter", now=T0)
    withdrawn = accounts.withdraw_invitation(
        club["organiser"], "club", sent.id, now=T0 + timedelta(hours=1)
    )
    assert (withdrawn.email, withdrawn.role) == ("cora@example.org", "arbiter")
    assert not models.Invitation.objects.exists()
    with pytest.raises(NotFound):
        accounts.read_invitation(sent.token)
    log = models.AccountLog.objects.get(action="invitation.withdraw")
    assert (log.actor, log.at, log.after) == ("olga", T0 + timedelta(hours=1), None)
    assert log.before == {
        "event": "club",
        "email": "cora@example.org",
        "entry": "",
        "role": "arbiter",
    }


def test_a_role_invitation_is_withdrawn_by_organisers_only_an_entry_one_by_staff(
    club: dict[str, Principal],  # noqa: F811 (the imported fixture)
) -> None:
    role = accounts.invite(club["organiser"], "club", "cora@example.org", role="arbiter", now=T0)
    entry = accounts.invite(club["organiser"], "club", "p1@example.org", entry="P03", now=T0)
    with pytest.raises(NotAllowed):
        accounts.withdraw_invitation(club["arbiter"], "club", role.id, now=T0)
    accounts.withdraw_invitation(club["arbiter"], "club", entry.id, now=T0)
    assert list(models.Invitation.objects.values_list("pk", flat=True)) == [role.id]


def test_an_accepted_invitation_or_one_of_another_event_is_not_withdrawn(
    club: dict[str, Principal],  # noqa: F811 (the imported fixture)
) -> None:
    sent = accounts.invite(club["organiser"], "club", "cora@example.org", role="arbiter", now=T0)
    accounts.accept_invitation(_user("cora"), sent.token, now=T0)
    with pytest.raises(Refused):
        accounts.withdraw_invitation(club["organiser"], "club", sent.id, now=T0)
    make_event("other", "chess-swiss", 4)
    with pytest.raises(NotFound):
        accounts.withdraw_invitation(club["organiser"], "other", sent.id, now=T0)
    with pytest.raises(NotFound):
        accounts.withdraw_invitation(club["organiser"], "club", sent.id + 99, now=T0)
    assert models.Invitation.objects.filter(pk=sent.id, accepted_at__isnull=False).exists()
