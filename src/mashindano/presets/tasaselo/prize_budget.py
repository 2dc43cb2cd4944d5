"""The Tasaselo prize-budget recommendation, as the organiser sees it when setting prizes: the
console's Prize budget page and `mashindano tasaselo prize-budget`. The rule and its
arithmetic are the engine's (`engine.tasaselo.budget`); its parameters are declared here.

Declared parameters of the recommendation (recommended, not imposed: the organiser may
follow them or not; nothing is stored):

- `performance_share`: 20 % of the fund for the performance prizes (R31), when the event has
  any (`performance_prizes` > 0); a different percentage may be asked for.
- the groups' shares: in proportion to each prize group's size (R7, R8, A18);
- the places: declining linearly, n : n - 1 : ... : 1 for n places (`prizes_per_group`,
  `performance_prizes`);
- whole currency units; what rounding down leaves goes one unit each to the largest
  remainders (ties: the higher group, the better place); the total is always the fund.

The prize groups are the event's: once it has started, its groups as formed (R9, R10); before,
the sizes its parameters give for the players registered so far (R8, A18). A field that is
not an event yet (planning) is given by its number of players and rounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext

from mashindano.app.permissions import authorise
from mashindano.app.principals import Principal
from mashindano.app.queries import get_event_facts
from mashindano.engine.errors import ParseError
from mashindano.engine.tasaselo.budget import RECOMMENDED, Budget, BudgetRule, recommend_budget
from mashindano.engine.tasaselo.parameters import TASASELO, TasaseloParameters
from mashindano.engine.tasaselo.prizes import compute_prize_group_sizes, group_name
from mashindano.presets.tasaselo import PRESET_NAME
from mashindano.presets.tasaselo.adapter import event_standings
from mashindano.presets.tasaselo.facts import parse_settings
from mashindano.store.facts import EventState

MAX_FUND = 10**12
"""A fund beyond any prize-giving (and beyond any page's width)."""


@dataclass(frozen=True, slots=True)
class PrizeBudgetView:
    slug: str
    name: str
    rounds: int
    players: int
    prizes_per_group: int
    performance_prizes: int
    budget: Budget | None
    """None until a fund is given."""

    @property
    def performance_percent(self) -> Fraction:
        rule = self.budget.rule if self.budget is not None else RECOMMENDED
        return rule.performance_share * 100


def parse_fund(text: str) -> int:
    """A prize fund in whole currency units (ParseError naming the problem)."""
    cleaned = text.strip().replace(" ", "").replace("_", "")
    if not cleaned.isdigit():
        raise ParseError(
            gettext("the prize fund must be a whole number of currency units, got {text!r}").format(
                text=text
            ),
            parameter="fund",
        )
    fund = int(cleaned)
    if fund > MAX_FUND:
        raise ParseError(
            gettext("the prize fund must be at most {limit}").format(limit=MAX_FUND),
            parameter="fund",
        )
    return fund


def parse_share(text: str) -> BudgetRule:
    """The performance prizes' share in percent ("20", "12.5"); the recommended one if empty."""
    cleaned = text.strip().removesuffix("%").strip()
    if not cleaned:
        return RECOMMENDED
    try:
        percent = Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        percent = Fraction(-1)
    if not 0 <= percent <= 100:
        raise ParseError(
            gettext(
                "the performance prizes' share must be a percentage from 0 to 100, got {text!r}"
            ).format(text=text),
            parameter="performance_share",
        )
    return BudgetRule(performance_share=percent / 100)


def _budget(
    fund: int | None,
    groups: list[tuple[str, int]],
    parameters: TasaseloParameters,
    rule: BudgetRule,
) -> Budget | None:
    if fund is None:
        return None
    return recommend_budget(
        fund,
        groups,
        prizes_per_group=parameters.prizes_per_group,
        performance_prizes=parameters.performance_prizes,
        rule=rule,
    )


def event_budget(
    slug: str, *, actor: Principal, fund: int | None, rule: BudgetRule = RECOMMENDED
) -> PrizeBudgetView:
    """The recommendation for a Tasaselo event's prize groups (its organisers and arbiters:
    they set the prizes)."""
    authorise(actor, "event.edit", slug)
    facts = get_event_facts(slug)
    if facts.preset != PRESET_NAME:
        from mashindano.app.errors import NotFound

        raise NotFound(
            gettext("event {slug!r} is not a Tasaselo event").format(slug=slug), event=slug
        )
    settings = parse_settings(facts.parameters)
    if facts.state is EventState.REGISTRATION:
        sizes = compute_prize_group_sizes(
            len(facts.competitors), settings.rounds, settings.parameters
        )
        groups = [(group_name(i), size) for i, size in enumerate(sizes)]
    else:
        _, standings = event_standings(facts)
        groups = [(g.group.name, len(g.group.members)) for g in standings.groups]
    return PrizeBudgetView(
        slug=facts.slug,
        name=facts.name,
        rounds=settings.rounds,
        players=sum(size for _, size in groups),
        prizes_per_group=settings.parameters.prizes_per_group,
        performance_prizes=settings.parameters.performance_prizes,
        budget=_budget(fund, groups, settings.parameters, rule),
    )


def field_budget(
    players: int,
    rounds: int,
    fund: int,
    *,
    parameters: TasaseloParameters = TASASELO,
    rule: BudgetRule = RECOMMENDED,
) -> Budget:
    """The recommendation for a field of `players` over `rounds` rounds (planning, before
    there is an event): the groups R8 and A18 give."""
    sizes = compute_prize_group_sizes(players, rounds, parameters)
    groups = [(group_name(i), size) for i, size in enumerate(sizes)]
    budget = _budget(fund, groups, parameters, rule)
    assert budget is not None
    return budget
