"""The `knockout` preset through the use cases (issue 27 item 5): single and double
elimination for any game, byes to the top seeds, grand-final reset, walkovers, best of N,
stage-by-stage or all-at-once publication, results reported and confirmed or ruled."""

from __future__ import annotations

import pytest

from mashindano.app import events, rounds
from mashindano.app.conduct import withdraw_player
from mashindano.app.documents.presets import event_summary
from mashindano.app.errors import WrongState
from mashindano.app.formats.parts import PAIRING, SCORED_MATCHES, STANDINGS
from mashindano.app.formats.registry import part
from mashindano.app.results import (
    GameRef,
    confirm_result,
    dispute_result,
    report_result,
    rule_result,
)
from mashindano.engine.errors import ConfigError
from mashindano.engine.model import ByeKind, CompetitorId
from mashindano.presets.knockout.state import knockout_state
from mashindano.store.facts import EventFacts, RoundFact

from .helpers import ACTOR, T0, make_event

pytestmark = pytest.mark.django_db

PRESET = "knockout"


def _facts(slug: str) -> EventFacts:
    return events.get_event_facts(slug)


def _win_better_seed(slug: str, round_fact: RoundFact) -> None:
    """Every open game of the unit won by the encounter's first player (the better seed in
    game 1 and every odd game)."""
    for encounter in round_fact.encounters:
        for game in encounter.games:
            if not game.result.is_decided:
                text = "1-0" if game.first == encounter.first else "0-1"
                where = GameRef(round_fact.number, encounter.board, game.number)
                report_result(slug, where, text, actor=ACTOR, now=T0)


def _play_out(slug: str) -> int:
    units = 0
    while part(PRESET, PAIRING).next_unit(_facts(slug)) is not None:
        for published in _facts(slug).rounds:
            _win_better_seed(slug, published)
        published = rounds.pair_next_round(slug, actor=ACTOR, now=T0)
        _win_better_seed(slug, published)
        units += 1
    return units


def test_issue27_13_players_single_elimination_byes_to_top_3_seeds_and_a_champion() -> None:
    make_event("ko13", PRESET, 13)
    first = rounds.pair_next_round("ko13", actor=ACTOR, now=T0)
    byes = [e.first for e in first.encounters if e.bye_kind is ByeKind.PAIRING_ALLOCATED]
    games = [e for e in first.encounters if e.second is not None]
    numbers = {c.id: c.number for c in _facts("ko13").competitors}
    assert sorted(numbers[b] for b in byes) == [1, 2, 3]
    assert len(games) == 5
    # Stage by stage: round 2 waits for round 1.
    with pytest.raises(WrongState):
        rounds.pair_next_round("ko13", actor=ACTOR, now=T0)
    _win_better_seed("ko13", first)
    _play_out("ko13")
    facts = _facts("ko13")
    assert part(PRESET, STANDINGS).is_finished(facts)
    state = knockout_state(facts)
    assert state is not None
    assert state.bracket.champion == CompetitorId("P01")
    table = part(PRESET, STANDINGS).compute_standings(facts)[0]
    assert [line.rank for line in table.lines[:2]] == [1, 2]
    assert table.lines[0].competitor.id == "P01"
    summary = event_summary(facts)
    assert summary["finished"] is True


def test_issue27_double_elimination_grand_final_reset_after_the_losers_side_wins() -> None:
    make_event("ko4d", PRESET, 4, elimination="double")
    while True:
        facts = _facts("ko4d")
        if part(PRESET, PAIRING).next_unit(facts) is None:
            break
        published = rounds.pair_next_round("ko4d", actor=ACTOR, now=T0)
        state_ids = knockout_state(_facts("ko4d"))
        assert state_ids is not None
        for encounter in published.encounters:
            match_id = state_ids.by_place[(published.number, encounter.board)]
            if encounter.second is None:
                continue
            # The losers'-side finalist wins the grand final: a reset is played.
            winner_is_b = match_id == "GF"
            text = "0-1" if winner_is_b else "1-0"
            report_result("ko4d", GameRef(published.number, encounter.board), text, actor=ACTOR)
    state = knockout_state(_facts("ko4d"))
    assert state is not None
    gf, gf2 = state.bracket.match("GF"), state.bracket.match("GF2")
    assert gf.winner == gf.b.entrant
    assert gf2.is_played
    assert set(state.published) >= {"GF", "GF2"}
    assert state.bracket.champion == gf2.winner == CompetitorId("P01")
    assert part(PRESET, STANDINGS).is_finished(_facts("ko4d"))


def test_issue27_double_elimination_no_reset_when_the_winners_side_wins() -> None:
    make_event("ko5d", PRESET, 5, elimination="double")
    _play_out("ko5d")
    state = knockout_state(_facts("ko5d"))
    assert state is not None
    assert state.bracket.match("GF2").status.value == "skipped"
    assert "GF2" not in state.published
    assert state.bracket.champion == CompetitorId("P01")


def test_issue27_walkover_by_the_arbiter_and_a_withdrawal_forfeit() -> None:
    make_event("kowo", PRESET, 4)
    first = rounds.pair_next_round("kowo", actor=ACTOR, now=T0)
    rule_result("kowo", GameRef(1, 1), "-+", actor=ACTOR, reason="P01 absent", now=T0)
    report_result("kowo", GameRef(1, 2), "1-0", actor=ACTOR, now=T0)
    state = knockout_state(_facts("kowo"))
    assert state is not None
    m = state.bracket.match(state.by_place[(1, 1)])
    assert m.status.value == "walkover"
    assert m.winner == first.encounters[0].second
    withdraw_player("kowo", "P02", actor=ACTOR, reason="ill", now=T0)
    final = rounds.pair_next_round("kowo", actor=ACTOR, now=T0)
    assert final.encounters[0].games[0].result.is_forfeit
    assert part(PRESET, STANDINGS).is_finished(_facts("kowo"))


def test_issue27_best_of_3_adds_games_and_replays_draws() -> None:
    make_event("kob3", PRESET, 2, best_of="3")
    published = rounds.pair_next_round("kob3", actor=ACTOR, now=T0)
    encounter = published.encounters[0]
    assert [g.first for g in encounter.games] == [CompetitorId("P01"), CompetitorId("P02")]
    report_result("kob3", GameRef(1, 1, 1), "1-0", actor=ACTOR, now=T0)  # P01
    change = report_result("kob3", GameRef(1, 1, 2), "1-0", actor=ACTOR, now=T0)  # P02
    assert [g.number for g in change.added] == [3]
    change = report_result("kob3", GameRef(1, 1, 3), "1/2-1/2", actor=ACTOR, now=T0)
    assert [g.number for g in change.added] == [4], "a drawn game is replayed"
    change = report_result("kob3", GameRef(1, 1, 4), "0-1", actor=ACTOR, now=T0)  # P01 second
    assert change.added == ()
    state = knockout_state(_facts("kob3"))
    assert state is not None
    assert state.bracket.champion == CompetitorId("P01")
    scores = part(PRESET, SCORED_MATCHES).match_scores(_facts("kob3"), 1, "", 1)
    assert (scores[1].first, scores[1].second) == (2, 1)


def test_issue27_players_report_and_confirm_a_dispute_holds_the_next_stage() -> None:
    make_event("kodis", PRESET, 4)
    rounds.pair_next_round("kodis", actor=ACTOR, now=T0)
    report_result("kodis", GameRef(1, 1), "1-0", actor=ACTOR, now=T0)
    confirm_result("kodis", GameRef(1, 1), actor=ACTOR, now=T0)
    report_result("kodis", GameRef(1, 2), "1-0", actor=ACTOR, now=T0)
    dispute_result("kodis", GameRef(1, 2), actor=ACTOR, reason="I won", now=T0)
    with pytest.raises(WrongState):
        rounds.pair_next_round("kodis", actor=ACTOR, now=T0)
    rule_result("kodis", GameRef(1, 2), "0-1", actor=ACTOR, reason="seen", now=T0)
    final = rounds.pair_next_round("kodis", actor=ACTOR, now=T0)
    assert final.encounters[0].second == CompetitorId("P03")
    with pytest.raises(WrongState):
        rule_result("kodis", GameRef(1, 2), "1-0", actor=ACTOR, reason="again", now=T0)


def test_issue27_publish_all_pairs_a_match_as_soon_as_its_players_are_known() -> None:
    make_event("koall", PRESET, 8, publish="all")
    rounds.pair_next_round("koall", actor=ACTOR, now=T0)
    report_result("koall", GameRef(1, 1), "1-0", actor=ACTOR, now=T0)
    report_result("koall", GameRef(1, 2), "1-0", actor=ACTOR, now=T0)
    second = rounds.pair_next_round("koall", actor=ACTOR, now=T0)
    assert len(second.encounters) == 1, "W2-1 is published while W1-3 and W1-4 go on"
    assert _play_out("koall") >= 1
    assert part(PRESET, STANDINGS).is_finished(_facts("koall"))


def test_issue27_refusals_third_place_needs_four_and_best_of_is_odd() -> None:
    with pytest.raises(ConfigError):
        events.create_event(
            "kobad", PRESET, actor=ACTOR, parameters={"best_of": "2"}, seed=1, now=T0
        )
    make_event("ko3p", PRESET, 3, start=False, third_place="yes")
    with pytest.raises((WrongState, ConfigError)):
        events.start_event("ko3p", actor=ACTOR, now=T0)


def test_issue27_third_place_match_and_drawn_seeding() -> None:
    make_event("kotp", PRESET, 6, third_place="yes", seeding="drawn")
    _play_out("kotp")
    state = knockout_state(_facts("kotp"))
    assert state is not None
    assert "3P" in state.published
    places = [p.place for p in state.bracket.placements()]
    assert places[:4] == [1, 2, 3, 4]


def test_issue27_the_bracket_document_lists_sections_rounds_slots_and_the_champion() -> None:
    make_event("kodoc", PRESET, 6, elimination="double")
    _play_out("kodoc")
    summary = event_summary(_facts("kodoc"))
    bracket = summary["bracket"]
    assert isinstance(bracket, dict)
    sections = bracket["sections"]
    assert isinstance(sections, list)
    assert [s["section"] for s in sections] == ["winners", "losers", "grand-final"]  # type: ignore[index]
    first = sections[0]["rounds"][0]["matches"]  # type: ignore[index]
    byes = [m for m in first if m["status"] == "bye"]
    assert sorted(s["seed"] for m in byes for s in m["slots"] if s["player"]) == [1, 2]
    assert summary["champion"] == "P01"
    placements = summary["placements"]
    assert isinstance(placements, list)
    assert len(placements) == 6


@pytest.mark.parametrize("count", [3, 17, 24])
def test_issue27_double_elimination_with_many_byes_lists_each_player_once_per_unit(
    count: int,
) -> None:
    slug = f"kobye{count}"
    make_event(slug, PRESET, count, elimination="double")
    _play_out(slug)
    facts = _facts(slug)
    for round_fact in facts.rounds:
        seen = [p for e in round_fact.encounters for p in (e.first, e.second) if p is not None]
        assert len(seen) == len(set(seen)), f"unit {round_fact.number} lists a player twice"
    state = knockout_state(facts)
    assert state is not None
    assert state.bracket.champion == CompetitorId("P01")
    assert len(state.bracket.placements()) == count


def test_issue27_trf_is_refused_and_the_json_export_replays_the_bracket() -> None:
    import json

    from mashindano.app import exchange
    from mashindano.app.errors import UnsupportedFormat
    from mashindano.app.principals import local

    make_event("koexp", PRESET, 5, elimination="double", best_of="3")
    _play_out("koexp")
    with pytest.raises(UnsupportedFormat, match="elimination brackets"):
        exchange.export_event_trf("koexp")
    document = json.loads(json.dumps(exchange.export_event_json("koexp")))
    before = event_summary(_facts("koexp"))
    assert exchange.import_event_json(document, actor=local("importer"), slug="koimp") == "koimp"
    after = event_summary(_facts("koimp"))
    assert after["bracket"] == before["bracket"]
    assert after["champion"] == before["champion"] == "P01"
