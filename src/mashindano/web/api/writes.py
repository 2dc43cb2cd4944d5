"""Write operations: each calls one use case with the caller's principal (so the event's roles
and the permission table decide, as for the CLI) after the token's scope allows the action.
Creating POSTs honour Idempotency-Key, every write honours If-Match, and each answers with
the read model's document of what changed."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

from mashindano.app.results import GameRef
from mashindano.app.tasks import after_write
from mashindano.engine.errors import ParseError
from mashindano.engine.model import ByeKind
from mashindano.store.facts import Json
from mashindano.web.api.common import caller_of, post
from mashindano.web.api.conditional import write
from mashindano.web.api.schemas import (
    CorrectionIn,
    DisputeIn,
    Document,
    EntriesIn,
    EventIn,
    GameIn,
    LeaveIn,
    MoveIn,
    MoveOut,
    Registered,
    ReportIn,
    RulingIn,
    WithdrawIn,
    Withdrawn,
    responses,
)


def _run(
    request: HttpRequest,
    action: str,
    perform: Callable[[], tuple[int, Json]],
    *,
    slug: str | None,
    creating: bool = True,
) -> HttpResponse:
    caller = caller_of(request)
    caller.require(action)
    response = write(request, caller, perform, slug=slug, creating=creating)
    if slug is not None and 200 <= response.status_code < 300:
        after_write(slug)
    return response


def _summary(slug: str) -> Json:
    from mashindano.app.documents.event import build_event_summary

    summary = build_event_summary(slug)
    return {**summary.to_json(), "state": summary.state, "players": summary.players}


def _where(body: GameIn) -> GameRef:
    return GameRef(
        round=body.round, board=body.board, game=body.game, stage=body.stage, group=body.group
    )


def _declared(request: HttpRequest, slug: str, action: str, body: GameIn) -> HttpResponse:
    """A result operation through the action's declaration (`app.declarations.perform`), the
    same path as the CLI's command and the generic action operation; the answer is the
    action's document (the result change)."""
    from mashindano.app.performing import perform as perform_action

    def perform() -> tuple[int, Json]:
        done = perform_action(
            slug, action, body.dict(exclude_none=True), actor=caller_of(request).principal
        )
        return 201, done.document()

    return _run(request, action, perform, slug=slug)


@post("/events", response=responses(201, Document), summary="Create an event from a preset")
def create(request: HttpRequest, body: EventIn) -> HttpResponse:
    from mashindano.app.events import create_event

    def perform() -> tuple[int, Json]:
        create_event(
            body.slug,
            body.preset,
            actor=caller_of(request).principal,
            name=body.name,
            parameters=body.parameters,
            seed=body.seed,
        )
        return 201, _summary(body.slug)

    response = _run(request, "event.create", perform, slug=None)
    if response.status_code == 201:
        response["Location"] = f"/api/v1/events/{body.slug}"
    return response


def _players_csv(body: EntriesIn) -> str:
    if (body.players is None) == (body.csv is None):
        raise ParseError(gettext("send either 'players' (a list) or 'csv' (a PLAYERS.csv text)"))
    if body.csv is not None:
        return body.csv
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name", "rating", "games_played", "country"])
    for p in body.players or []:
        writer.writerow(
            [
                p.name,
                p.rating if p.rating is not None else "",
                p.games_played or "",
                p.country or "",
            ]
        )
    return out.getvalue()


@post(
    "/events/{slug}/entries",
    response=responses(201, Registered),
    summary="Register players (a list, or a PLAYERS.csv text)",
)
def import_entries(request: HttpRequest, slug: str, body: EntriesIn) -> HttpResponse:
    from mashindano.app.players import import_players_csv

    def perform() -> tuple[int, Json]:
        text = _players_csv(body)
        count = import_players_csv(slug, text, actor=caller_of(request).principal, source="players")
        return 201, {"registered": count}

    return _run(request, "players.import", perform, slug=slug)


@post("/events/{slug}/start", response=responses(200, Document), summary="Start the event")
def start(request: HttpRequest, slug: str) -> HttpResponse:
    from mashindano.app.events import start_event

    def perform() -> tuple[int, Json]:
        start_event(slug, actor=caller_of(request).principal)
        return 200, _summary(slug)

    return _run(request, "event.start", perform, slug=slug)


@post(
    "/events/{slug}/rounds",
    response=responses(201, Document),
    summary="Pair and publish the next round (or stage, or month)",
)
def pair(request: HttpRequest, slug: str, reason: str = "") -> HttpResponse:
    """The draft as it stands, manual changes included (`reason`: why it was changed by hand,
    required then), as the console and the CLI publish it."""
    from mashindano.app.documents.rounds import round_pairings
    from mashindano.app.drafts import publish_draft
    from mashindano.app.queries import get_event_facts

    def perform() -> tuple[int, Json]:
        shown = publish_draft(slug, reason=reason, actor=caller_of(request).principal)
        return 201, round_pairings(get_event_facts(slug), shown).to_json()

    response = _run(request, "round.pair", perform, slug=slug)
    return response


@post("/events/{slug}/close", response=responses(200, Document), summary="Close the event")
def close(request: HttpRequest, slug: str) -> HttpResponse:
    from mashindano.app.events import close_event

    def perform() -> tuple[int, Json]:
        close_event(slug, actor=caller_of(request).principal)
        return 200, _summary(slug)

    return _run(request, "event.close", perform, slug=slug)


@post(
    "/events/{slug}/results",
    response=responses(201, Document),
    summary="Report a game's result",
)
def report(request: HttpRequest, slug: str, body: ReportIn) -> HttpResponse:
    return _declared(request, slug, "result.report", body)


@post(
    "/events/{slug}/results/confirm",
    response=responses(201, Document),
    summary="Confirm the reported result",
)
def confirm(request: HttpRequest, slug: str, body: GameIn) -> HttpResponse:
    return _declared(request, slug, "result.confirm", body)


@post(
    "/events/{slug}/results/dispute",
    response=responses(201, Document),
    summary="Dispute the reported result (blocks the next pairing until a ruling)",
)
def dispute(request: HttpRequest, slug: str, body: DisputeIn) -> HttpResponse:
    return _declared(request, slug, "result.dispute", body)


@post(
    "/events/{slug}/results/ruling",
    response=responses(201, Document),
    summary="Rule on a game (arbiter)",
)
def ruling(request: HttpRequest, slug: str, body: RulingIn) -> HttpResponse:
    return _declared(request, slug, "result.ruling", body)


@post(
    "/events/{slug}/results/correction",
    response=responses(201, Document),
    summary="Correct a result (arbiter, with a reason)",
)
def correction(request: HttpRequest, slug: str, body: CorrectionIn) -> HttpResponse:
    return _declared(request, slug, "result.correction", body)


@post(
    "/events/{slug}/moves",
    response=responses(201, MoveOut),
    summary="Record a move (a Bao game played on the site goes through the Bao engine)",
)
def move(request: HttpRequest, slug: str, body: MoveIn) -> HttpResponse:
    from mashindano.app.moves import record_move

    def perform() -> tuple[int, Json]:
        ply = record_move(slug, _where(body), body.move, actor=caller_of(request).principal)
        return 201, {"ply": ply}

    return _run(request, "game.move", perform, slug=slug)


@post(
    "/events/{slug}/players/{player}/withdraw",
    response=responses(201, Withdrawn),
    summary="Withdraw a player from a round on (before the start: cancel the registration)",
)
def withdraw(request: HttpRequest, slug: str, player: str, body: WithdrawIn) -> HttpResponse:
    from mashindano.app.conduct import withdraw_player

    def perform() -> tuple[int, Json]:
        from_round = withdraw_player(
            slug,
            player,
            actor=caller_of(request).principal,
            from_round=body.from_round,
            reason=body.reason,
        )
        if from_round == 0:  # before the start: the entry is cancelled (no round)
            return 201, {"player": player, "from_round": None, "cancelled": True}
        return 201, {"player": player, "from_round": from_round, "cancelled": False}

    return _run(request, "player.withdraw", perform, slug=slug)


_BYES = {"zero": ByeKind.ZERO_POINT, "half": ByeKind.HALF_POINT, "full": ByeKind.FULL_POINT}


@post(
    "/events/{slug}/players/{player}/leave",
    response=responses(201, Document),
    summary="A leave of absence for some rounds (the preset decides the bye's worth)",
)
def leave(request: HttpRequest, slug: str, player: str, body: LeaveIn) -> HttpResponse:
    from mashindano.app.conduct import take_leave

    def perform() -> tuple[int, Json]:
        fact = take_leave(
            slug,
            player,
            body.from_round,
            actor=caller_of(request).principal,
            to_round=body.to_round,
            bye_kind=_BYES[body.bye],
            reason=body.reason,
        )
        return 201, {
            "player": str(fact.competitor),
            "from_round": fact.from_round,
            "to_round": fact.to_round,
            "bye": fact.bye_kind.value,
        }

    return _run(request, "player.leave", perform, slug=slug)
