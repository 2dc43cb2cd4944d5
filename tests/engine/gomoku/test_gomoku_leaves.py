"""Leaves (R48-R50, A19, A20), with the at-most-3-per-calendar-year invariant."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from mashindano.engine.gomoku import LeaveRequest, Month, count_leaves_in_year, decide_leaves
from mashindano.engine.model import CompetitorId

PLAYERS = [CompetitorId(c) for c in ("a", "b", "c")]
MONTHS = [Month(2005, 1).plus(k) for k in range(30)]


@st.composite
def requests(draw: st.DrawFn) -> LeaveRequest:
    month = draw(st.sampled_from(MONTHS))
    hours_before = draw(st.integers(min_value=-48, max_value=500))
    notified = month.starts_at - timedelta(hours=hours_before)
    return LeaveRequest(draw(st.sampled_from(PLAYERS)), month, notified)


@settings(max_examples=150)
@given(
    st.lists(requests(), max_size=40),
    st.lists(st.tuples(st.sampled_from(PLAYERS), st.sampled_from(MONTHS)), max_size=6),
)
def test_leaves_never_exceed_three_per_calendar_year(
    asked: list[LeaveRequest], earlier: list[tuple[CompetitorId, Month]]
) -> None:
    history: dict[CompetitorId, list[Month]] = {}
    for who, month in earlier:
        taken = history.setdefault(who, [])
        if month not in taken and count_leaves_in_year(taken, month.year) < 3:
            taken.append(month)
    decisions = decide_leaves(asked, history)
    per_year = Counter(
        (who, month.year) for who, months in history.items() for month in months
    ) + Counter((r.competitor, r.month.year) for r in decisions.accepted)
    assert all(count <= 3 for count in per_year.values())
    for request in decisions.accepted:
        assert request.notified_at < request.month.starts_at
    assert len(decisions.accepted) + len(decisions.rejected) == len(asked)


def test_fourth_leave_in_a_year_is_refused_but_next_year_is_fine() -> None:
    months = [Month(2005, m) for m in (2, 4, 6, 8)] + [Month(2006, 1)]
    asked = [LeaveRequest(PLAYERS[0], m, m.starts_at - timedelta(days=1)) for m in months]
    decisions = decide_leaves(asked, {})
    assert [r.month for r in decisions.accepted] == [*months[:3], Month(2006, 1)]
    assert [r.code for r in decisions.rejected] == ["leave_limit"]


def test_same_month_twice_and_non_members_are_refused() -> None:
    month = Month(2005, 3)
    notice = month.starts_at - timedelta(days=2)
    asked = [
        LeaveRequest(PLAYERS[0], month, notice),
        LeaveRequest(PLAYERS[0], month, notice + timedelta(hours=1)),
        LeaveRequest(CompetitorId("stranger"), month, notice),
    ]
    decisions = decide_leaves(asked, {}, members=frozenset(PLAYERS))
    assert decisions.accepted == (asked[0],)
    assert sorted(r.code for r in decisions.rejected) == ["leave_duplicate", "leave_not_member"]
    refused_at = {r.code: r.at for r in decisions.rejected}
    assert refused_at == {
        "leave_duplicate": notice + timedelta(hours=1),
        "leave_not_member": notice,
    }
