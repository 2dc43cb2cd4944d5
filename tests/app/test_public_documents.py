"""What the public pages read from the documents (issue 13): one way of writing exact values
(mixed numbers, never "50/3"; a Gomoku coefficient with its three published decimals, A17),
the Tantrix plate named as such with its matches' TP totals and winner (R4-R24, A12), no
sides where a preset has none, and standings after an earlier round."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from mashindano.app import rounds
from mashindano.app.documents.place import Place, PlayerRef
from mashindano.app.documents.player import build_player_card
from mashindano.app.documents.rounds import build_round_pairings, points_before
from mashindano.app.documents.standings import build_standings
from mashindano.app.documents.tables import StandingsRow, StandingsSection, TieBreakValue
from mashindano.app.documents.tiebreaks import column_definition
from mashindano.app.documents.values import format_shown
from mashindano.app.errors import NotFound
from mashindano.app.formats.parts import DESCRIPTION
from mashindano.app.formats.registry import part
from mashindano.app.queries import get_event_facts
from mashindano.app.results import GameRef, report_result
from mashindano.web.templatetags.web_tags import exact

from .helpers import ACTOR, T0, make_event, play_round


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(22), "22"),
        (Fraction(25, 2), "12.5"),
        (Fraction(7, 4), "1.75"),
        (Fraction(50, 3), "16⅔"),
        (Fraction(-4, 3), "-1⅓"),
        (Fraction(1, 3), "⅓"),
        (Fraction(38, 7), "5 ³⁄₇"),
        (Fraction(5, 11), "⁵⁄₁₁"),
        (Fraction(0), "0"),
    ],
)
def test_exact_values_are_written_as_mixed_numbers_never_as_improper_fractions(
    value: Fraction, shown: str
) -> None:
    assert format_shown(value) == shown
    assert exact(value) == shown  # the pages' filter is the same helper


def test_gomoku_A17_a_coefficient_column_shows_three_decimals() -> None:
    coefficient = TieBreakValue(column_definition("coefficient", "gomoku-league"), Fraction(27, 10))
    assert coefficient.text == "2.700"
    previous = TieBreakValue(
        column_definition("previous coefficient", "gomoku-league"), Fraction(49, 20)
    )
    assert previous.text == "2.450"
    assert TieBreakValue(column_definition("buchholz"), Fraction(50, 3)).text == "16⅔"
    assert TieBreakValue(column_definition("buchholz"), None).text == ""


def _play_tantrix(slug: str, stage: int, number: int, boards: int, tps: list[str]) -> None:
    """Report every game of each match as TPs of the encounter's first player first."""
    facts = get_event_facts(slug)
    shown = next(r for r in facts.rounds if (r.stage, r.number) == (stage, number))
    for encounter in shown.encounters[:boards]:
        if encounter.second is None:
            continue
        for game, pair in zip(encounter.games, tps, strict=False):
            a, b = pair.split("-")
            text = f"{a}-{b}" if game.first == encounter.first else f"{b}-{a}"
            where = GameRef(number, encounter.board, game.number, stage=stage)
            report_result(slug, where, text, actor=ACTOR, now=T0)


@pytest.mark.django_db
def test_tantrix_A12_the_plate_is_named_and_a_match_shows_its_tp_totals_and_winner() -> None:
    make_event("pl", "tantrix-knockout", 8, standard_games="2", plate="yes")
    rounds.pair_next_round("pl", actor=ACTOR, now=T0)
    _play_tantrix("pl", 1, 1, 4, ["12-8", "11.5-8.5"])  # 23.5-16.5: a decisive 7-TP gap
    rounds.pair_next_round("pl", actor=ACTOR, now=T0)  # the plate's first round
    plate = build_round_pairings("pl", 1, stage=2)
    assert plate.place.label == "Plate round 1"
    assert plate.place == Place(2, "", 1)  # the name is not part of the place
    main = build_round_pairings("pl", 1)
    assert main.names_sides is False  # Tantrix has no White and Black
    board = main.boards[0]
    assert board.score is not None
    assert (board.score.first, board.score.second, board.score.unit) == (
        Fraction(47, 2),
        Fraction(33, 2),
        "TP",
    )
    assert board.winner is not None
    assert board.winner.id == board.first.id
    assert board.score.ended_by == "standard"
    card = build_player_card("pl", board.first.id)
    assert card.names_sides is False
    assert [g.moves_first for g in card.games if g.place.stage == 1] == [True, False]


@pytest.mark.django_db
def test_chess_keeps_named_sides_and_single_games_have_no_match_score() -> None:
    make_event("sw", "chess-swiss", 6)
    play_round("sw", random.Random(2))
    pairings = build_round_pairings("sw", 1)
    assert pairings.names_sides is True
    assert all(b.score is None for b in pairings.boards)


@pytest.mark.django_db
def test_standings_after_an_earlier_round_score_only_the_rounds_up_to_it() -> None:
    make_event("sw", "chess-swiss", 8, swiss_rounds="4")
    rng = random.Random(5)
    for _ in range(3):
        play_round("sw", rng)
    facts = get_event_facts("sw")
    after_two = build_standings("sw", after=2)
    assert after_two.after_round == 2
    assert after_two.rounds == (1, 2, 3)
    assert not after_two.is_final
    expected = points_before(facts, 1, "", 3)
    shown = {row.player.id: row.points for row in after_two.sections[0].rows}
    assert shown == expected
    latest = build_standings("sw", after=3)
    now = build_standings("sw")
    assert [r.points for r in latest.sections[0].rows] == [r.points for r in now.sections[0].rows]
    with pytest.raises(NotFound, match="no round 4 to show standings after"):
        build_standings("sw", after=4)


def test_gomoku_R11_a_league_list_shows_the_coefficient_not_ratings() -> None:
    assert part("gomoku-league", DESCRIPTION).shows_ratings is False
    assert part("chess-swiss", DESCRIPTION).shows_ratings is True
    rated = StandingsRow(1, False, PlayerRef("a", "A", 1, 2100), Fraction(3), (), "")
    assert StandingsSection("League list", (), (rated,), ratings=False).has_ratings is False
    assert StandingsSection("Standings", (), (rated,)).has_ratings is True
    unrated = replace(rated, player=PlayerRef("b", "B", 2))
    assert StandingsSection("Standings", (), (unrated,)).has_ratings is False


def test_a_column_is_defined_by_its_own_preset_and_no_other() -> None:
    """Each preset registers its own figures (COLUMN_HOOKS): a knockout for any game shows its
    seeds without the Tantrix rule book's article, a Tantrix draw with it (tantrix A8)."""
    assert column_definition("seed", "knockout").spec == ""
    assert column_definition("seed", "tantrix-knockout").spec == "tantrix-knockout A8"
    assert column_definition("coefficient", "chess-swiss").decimals is None
    assert column_definition("kiba-score", "kiba-countries").label == "KIBA score"
