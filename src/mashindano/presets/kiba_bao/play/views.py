"""Bao played on the site. Each view reads the request, calls one use case of `app.bao_games`
or one document builder of `app.documents.bao_game`, and renders it.

The board is an SVG drawn here from the document: the pits the viewer may start a move from
are links (`?pit=A6`), then a direction (`&dir=<`) when the nyumba decision of B31 is still
to make; the move itself is a POST (htmx swaps the game panel; without script the browser
follows the redirect). Spectators and the player waiting for a reply poll `live/` with the
game's token: 204 (nothing swapped) until a move or a result changes it.

The player who plays North sees the board turned, their own rows at the bottom as South sees
theirs (issue 29 item 15); "Turn the board" (`?from=S` or `?from=N`) shows it from the other
side, remembered in a cookie scoped to that game's pages, so the taps, polls and moves that
follow keep it. Only the drawing turns: the pits keep their names and the notation.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import unquote, urlencode
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from mashindano.app.documents.talk import build_game_talk
from mashindano.app.error_texts import shown
from mashindano.app.errors import NotFound, WrongState
from mashindano.app.people import principal_for_user
from mashindano.engine.errors import MashindanoError
from mashindano.presets.kiba_bao.game_documents import (
    BoardView,
    PlayerLine,
    build_game_page,
    build_my_games,
    build_replay,
    game_record_json,
    game_record_text,
    game_ref,
    game_token,
)
from mashindano.presets.kiba_bao.games import MovePlayed, play_move, resign_game

View = Callable[..., HttpResponse]
POLL_SECONDS = 2
TZ_COOKIE = "tz"
FROM_COOKIE = "bao_from"
SIDES = ("S", "N")


def not_found_as_404(view: View) -> View:
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except (NotFound, WrongState) as error:
            # An event whose games are not played on the site has no game pages.
            raise Http404(str(error)) from None

    return wrapped


def viewer_zone(request: HttpRequest) -> ZoneInfo | None:
    """The viewer's time zone, as `play.js` stored it in a cookie (an IANA name)."""
    name = unquote(request.COOKIES.get(TZ_COOKIE, ""))
    if not name or len(name) > 64 or name.startswith(("/", ".")) or ".." in name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def _own_side(viewer: PlayerLine | None) -> str:
    """The side a viewer sees the board from unless they ask: North's player from North."""
    return "N" if viewer is not None and viewer.side == "N" else "S"


def seen_from(request: HttpRequest, default: str) -> str:
    """The side the board is drawn from: asked (`?from=`), else remembered, else the default."""
    for asked in (request.GET.get("from", ""), request.COOKIES.get(FROM_COOKIE, "")):
        if asked in SIDES:
            return asked
    return default


def board_context(board: BoardView, side: str, **query: object) -> dict[str, object]:
    """The board as drawn from `side`, and the query of the link that turns it."""
    other = "N" if side == "S" else "S"
    return {
        "shown_board": board.turned() if side == "N" else board,
        "seen_from": side,
        "turn_query": urlencode({**query, "from": other}),
    }


def remember_side(request: HttpRequest, response: HttpResponse, slug: str, game: int) -> None:
    """Keep a turn asked by `?from=` for this game's pages (the live panel, taps, moves)."""
    asked = request.GET.get("from", "")
    if asked in SIDES:
        where = reverse("play:game", args=[slug, game])
        response.set_cookie(FROM_COOKIE, asked, max_age=365 * 86_400, path=where, samesite="Lax")


def _render_game(
    request: HttpRequest,
    slug: str,
    game: int,
    *,
    pit: str = "",
    sign: str = "",
    error: str = "",
    typed: str = "",
    status: int = 200,
    fragment: bool = False,
    played: MovePlayed | None = None,
) -> HttpResponse:
    principal = principal_for_user(request.user)
    page = build_game_page(slug, game, principal, pit=pit, sign=sign, played=played)
    side = seen_from(request, _own_side(page.viewer))
    context: dict[str, object] = board_context(page.board, side) | {
        "page": page,
        "zone": viewer_zone(request),
        "error": error,
        "typed": typed,
        "confirm_resign": request.GET.get("resign") == "1" and page.can_resign,
        "poll_seconds": POLL_SECONDS,
    }
    if not fragment:
        # The game's talk (shared by every game played on the site): players and officials.
        context["talk"] = build_game_talk(slug, game, principal)
        context["talk_next"] = reverse("play:game", args=[slug, game])
    template = "play/_game.html" if fragment else "play/game.html"
    return render(request, template, context, status=status)


@require_GET
@not_found_as_404
def game(request: HttpRequest, slug: str, game: int) -> HttpResponse:
    response = _render_game(
        request, slug, game, pit=request.GET.get("pit", ""), sign=request.GET.get("dir", "")
    )
    remember_side(request, response, slug, game)
    return response


@require_GET
@not_found_as_404
def live(request: HttpRequest, slug: str, game: int) -> HttpResponse:
    """The game panel again, or 204 while the game is as the page shows it (`token`)."""
    if request.GET.get("token", "") == game_token(slug, game):
        return HttpResponse(status=204)
    return _render_game(request, slug, game, fragment=True)


@require_POST
@not_found_as_404
def move(request: HttpRequest, slug: str, game: int) -> HttpResponse:
    principal = principal_for_user(request.user)
    fragment = bool(request.headers.get("HX-Request"))
    text = request.POST.get("move", "")
    if principal is None:
        return _render_game(
            request, slug, game, error=gettext("Log in to play."), status=403, fragment=fragment
        )
    ply_text = request.POST.get("ply", "")
    try:
        ply = int(ply_text) if ply_text else None
        played = play_move(slug, game, text, actor=principal, ply=ply)
    except ValueError:
        return _render_game(
            request,
            slug,
            game,
            error=gettext("ply {ply!r} is not a number").format(ply=ply_text),
            typed=text,
            status=200 if fragment else 400,
            fragment=fragment,
        )
    except NotFound:
        raise
    except MashindanoError as refused:
        return _render_game(
            request,
            slug,
            game,
            error=shown(refused),
            typed=text,
            status=200 if fragment else 400,
            fragment=fragment,
        )
    if fragment:
        return _render_game(request, slug, game, fragment=True, played=played)
    return redirect(reverse("play:game", args=[slug, game]), permanent=False)


@require_POST
@not_found_as_404
def resign(request: HttpRequest, slug: str, game: int) -> HttpResponse:
    principal = principal_for_user(request.user)
    if principal is None:
        return _render_game(request, slug, game, error=gettext("Log in to play."), status=403)
    try:
        resign_game(slug, game_ref(slug, game), request.POST.get("player", ""), actor=principal)
    except NotFound:
        raise
    except MashindanoError as refused:
        return _render_game(request, slug, game, error=shown(refused), status=400)
    return redirect(reverse("play:game", args=[slug, game]))


@login_required
@require_GET
def my_games(request: HttpRequest) -> HttpResponse:
    principal = principal_for_user(request.user)
    assert principal is not None  # login_required
    return render(
        request,
        "play/my_games.html",
        {"mine": build_my_games(principal), "zone": viewer_zone(request)},
    )


@require_GET
@not_found_as_404
def replay(request: HttpRequest, slug: str, game: int) -> HttpResponse:
    asked = request.GET.get("ply", "")
    principal = principal_for_user(request.user)
    page = build_replay(slug, game, int(asked) if asked.isdigit() else None, principal)
    side = seen_from(request, _own_side(page.viewer))
    context = {"page": page} | board_context(page.board, side, ply=page.ply)
    response = render(request, "play/replay.html", context)
    remember_side(request, response, slug, game)
    return response


def _download(body: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
@not_found_as_404
def record_json(request: HttpRequest, slug: str, game: int) -> HttpResponse:
    return _download(game_record_json(slug, game) + "\n", "application/json", f"{slug}-{game}.json")


@require_GET
@not_found_as_404
def record_text(request: HttpRequest, slug: str, game: int) -> HttpResponse:
    return _download(
        game_record_text(slug, game), "text/plain; charset=utf-8", f"{slug}-{game}.txt"
    )
