"""The per-preset documents of stored events (app.documents.presets, kiba, gomoku, brackets,
tasaselo) and the round deadlines, checked on the demo events against the engine's own
figures: each document is the source of its adapter's summary JSON, and what pages read from
it (tables, points by rule, TPs per game, prize groups) adds up."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mashindano.app import events
from mashindano.app.demo import play_demo_event
from mashindano.app.documents.event import show_event
from mashindano.app.documents.presets import build_preset_document, expect_preset_document
from mashindano.app.documents.rounds import build_round_pairings
from mashindano.app.errors import WrongState
from mashindano.engine.gomoku.prizes import PrizeKind
from mashindano.engine.kiba import first_move_deadline, kiba_parameters
from mashindano.engine.kiba.clock import days_to_timedelta
from mashindano.presets.gomoku_league.documents import GomokuLeagueDocument
from mashindano.presets.kiba_bao.documents import KibaEventDocument
from mashindano.presets.tantrix_knockout.pages import BracketsDocument
from mashindano.presets.tasaselo.documents import PrizeGroupDocument, TasaseloDocument

from .helpers import ACTOR


def build_kiba_event(slug: str) -> KibaEventDocument:
    document = expect_preset_document(slug, "kiba-bao")
    assert isinstance(document, KibaEventDocument)
    return document


def build_gomoku_league(slug: str) -> GomokuLeagueDocument:
    document = expect_preset_document(slug, "gomoku-league")
    assert isinstance(document, GomokuLeagueDocument)
    return document


def build_brackets(slug: str) -> BracketsDocument:
    document = expect_preset_document(slug, "tantrix-knockout")
    assert isinstance(document, BracketsDocument)
    return document


def build_tasaselo(slug: str) -> TasaseloDocument:
    document = expect_preset_document(slug, "tasaselo")
    assert isinstance(document, TasaseloDocument)
    return document


pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "preset", ["kiba-bao", "gomoku-league", "tantrix-knockout", "tasaselo", "chess-swiss"]
)
def test_preset_document_is_the_source_of_the_summary_json(preset: str) -> None:
    outcome = play_demo_event(preset, 7)
    document = build_preset_document(outcome.slug)
    summary = show_event(outcome.slug).summary
    if preset == "chess-swiss":
        assert document is None
        return
    assert document is not None
    for key, value in document.to_json().items():
        assert summary[key] == value, key


def test_kiba_document_groups_carry_their_tables_and_the_final_its_games() -> None:
    slug = play_demo_event("kiba-bao", 7).slug
    document = build_kiba_event(slug)
    facts = events.get_event_facts(slug)
    parameters = kiba_parameters(facts.parameters)
    assert [line.seed for line in document.initial_list] == list(
        range(1, len(facts.competitors) + 1)
    )
    assert {line.category for line in document.initial_list} <= {1, 2, 3}
    for stage in document.stages:
        published = next(r for r in facts.rounds if r.number == stage.round)
        assert stage.first_move_deadline == first_move_deadline(published.published_at, parameters)
        for group in stage.groups:
            assert group.table is not None
            assert {row.player.id for row in group.table.rows} == {p.id for p in group.players}
            assert [c.name for c in group.table.columns][:1] == ["neustadtl"]
    qualified = [
        row.note
        for stage in document.stages[:1]
        for group in stage.groups
        for row in (group.table.rows if group.table else ())
        if row.note.startswith("to ")
    ]
    assert qualified, "the qualification tables say who went on"
    final = document.final
    assert final is not None
    assert document.winner is not None
    assert final.wins[document.winner.id] == 2
    assert [g.game for g in final.games] == list(range(1, len(final.games) + 1))
    assert (final.round, final.first_move_deadline) in document.deadlines


def test_gomoku_month_points_add_up_by_rule_and_rows_show_movement() -> None:
    slug = play_demo_event("gomoku-league", 7).slug
    league = build_gomoku_league(slug)
    assert league.months
    assert all(m.closed for m in league.months)
    month = league.months[0]
    for row in month.rows:
        items = {item.label: item.value for item in row.points.items}
        subtotal = sum(
            (value for label, value in items.items() if label not in ("multiplier", "ex officio")),
            Fraction(0),
        )
        if not row.points.breakdown.played_nothing_at_bottom:
            assert row.points.total == subtotal * items["multiplier"] + items["ex officio"]
        assert all(item.spec.startswith("gomoku-league R") for item in row.points.items)
        assert row.new_coefficient is not None
        assert row.end_position is not None
        assert row.movement == row.position - row.end_position
    assert sorted(r.end_position or 0 for r in month.rows) == list(range(1, len(month.rows) + 1))
    star = [p for p in month.prizes if p.kind == PrizeKind.LEAGUE_STAR.value]
    assert month.league_star == (star[0].player if star else None)
    assert all(m.games and m.validation in ("validated", "reported") for m in month.matches)


def test_tantrix_brackets_show_tps_per_game_and_totals() -> None:
    slug = play_demo_event("tantrix-knockout", 7).slug
    brackets = build_brackets(slug)
    assert isinstance(brackets, BracketsDocument)
    main = brackets.brackets[0]
    assert main.finished
    assert brackets.champion == main.champion
    played = [m for r in main.rounds for m in r.matches if not m.is_bye]
    assert played
    for match in played:
        assert match.state == "decided"
        counted = [g for g in match.games if g.counted and g.tp_a is not None]
        assert match.totals == (
            sum((g.tp_a or Fraction(0) for g in counted), Fraction(0)),
            sum((g.tp_b or Fraction(0) for g in counted), Fraction(0)),
        )
        assert match.gap == abs(match.totals[0] - match.totals[1])


def test_tasaselo_document_lists_selos_groups_and_performance() -> None:
    slug = play_demo_event("tasaselo", 7).slug
    document = build_tasaselo(slug)
    variable = [line.variable for line in document.selos]
    assert variable == sorted(variable, reverse=True)
    assert sum(len(g.members) for g in document.groups) == len(document.selos)
    for group in document.groups:
        assert {row.player.id for row in group.table.rows} == {m.id for m in group.members}
        assert all(group.lowest_selo <= m_selo for m_selo in _starting(document, group))
    figures = [line.result_minus_expected for line in document.performance]
    assert figures == sorted(figures, reverse=True)
    assert all(line.games > 0 for line in document.performance)
    performance = [p for p in document.prizes if p.kind == "performance"]
    assert all(p.group is None for p in performance)


def _starting(document: TasaseloDocument, group: PrizeGroupDocument) -> list[int]:
    members = {m.id for m in group.members}
    return [line.starting for line in document.selos if line.player.id in members]


def test_preset_builders_refuse_another_preset() -> None:
    slug = play_demo_event("tasaselo", 7).slug
    with pytest.raises(WrongState, match="kiba-bao"):
        build_kiba_event(slug)


def test_round_deadlines_kiba_first_move_and_gomoku_closed_month() -> None:
    kiba = play_demo_event("kiba-bao", 7).slug
    shown = build_round_pairings(kiba, 1)
    assert [(d.spec, d.board) for d in shown.deadlines] == [("kiba-bao R21", None)]
    parameters = kiba_parameters(events.get_event_facts(kiba).parameters)
    assert shown.deadlines[0].due - shown.published_at == days_to_timedelta(
        parameters.clock_initial_days
    )
    league = play_demo_event("gomoku-league", 7).slug
    assert build_round_pairings(league, 1).deadlines == ()  # closed: nothing is due
    swiss = play_demo_event("chess-swiss", 7).slug
    assert build_round_pairings(swiss, 1).deadlines == ()


def test_event_summary_gives_each_parameter_in_words_from_the_schema() -> None:
    from mashindano.app.documents.event import build_event_summary

    events.create_event("sw", "chess-swiss", actor=ACTOR, parameters={"swiss_rounds": "7"})
    summary = build_event_summary("sw")
    by_name = {p.name: p for p in summary.parameters}
    rounds = by_name["swiss_rounds"]
    assert rounds.value == 7
    assert not rounds.is_default
    assert rounds.words.startswith("Swiss rounds: 7. Number of rounds")
    assert rounds.words.endswith(f"[{rounds.spec}]")
    assert all(p.help for p in summary.parameters), "every chess-swiss parameter has a help line"
    assert sum(p.is_default for p in summary.parameters) == len(summary.parameters) - 1
    assert summary.to_json()["parameters"]["swiss_rounds"] == 7


def test_the_console_offers_every_registered_preset_whatever_the_import_order() -> None:
    """The create page listed six of eight presets on a served site: it read `PRESETS` as
    imported while the apps were still registering (knockout and tasaselo came later)."""
    import subprocess
    import sys

    script = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'mashindano.config.settings';"
        "django.setup();"
        "from mashindano.app.documents.console import build_preset_choices;"
        "from mashindano.app.formats.registry import available_presets;"
        "print(sorted(p.name for p in build_preset_choices()) == sorted(available_presets()),"
        " len(available_presets()))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    same, count = done.stdout.split()
    assert same == "True", done.stdout
    assert int(count) >= 8
