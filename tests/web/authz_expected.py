"""The expected answers of the authorisation matrix (tests/web/test_authorisation_matrix.py).

One row per URL pattern of the URL conf (the route as Django prints it, prefixes joined) and
HTTP method: the set of roles that are **allowed**. Everyone else must be refused (401, 403,
405, or a redirect to a log-in page) or told "not found" (404). A route or method without a row
fails the test, so every new URL states who may use it.

To add a URL: add a row here (`ROWS[(route, method)] = <roles>`), and, if its route has a new
parameter name, a value in `PARAMS` (and for a JSON write a body in `BODIES` when the generated
one does not pass validation). The roles, in the event "club" unless said:

- anonymous: no session;
- stranger: logged in, no role anywhere;
- player: plays an entry of club (Ann);
- other-player: plays an entry of another event only;
- assistant, arbiter, organiser: that membership in club;
- other-arbiter: arbiter of another event only;
- superuser.

"allowed" means the request got past authorisation: any answer but 401, 403, 404, 405 or a
redirect to a log-in page (a 400/409/422 about the content counts as allowed; the roles not in
the row must not get those).
"""

from __future__ import annotations

ANONYMOUS = "anonymous"
STRANGER = "stranger"
PLAYER = "player"
OTHER_PLAYER = "other-player"
ASSISTANT = "assistant"
ARBITER = "arbiter"
OTHER_ARBITER = "other-arbiter"
ORGANISER = "organiser"
SUPERUSER = "superuser"

ROLES = (
    ANONYMOUS,
    STRANGER,
    PLAYER,
    OTHER_PLAYER,
    ASSISTANT,
    ARBITER,
    OTHER_ARBITER,
    ORGANISER,
    SUPERUSER,
)

EVERYONE = frozenset(ROLES)
LOGGED_IN = EVERYONE - {ANONYMOUS}
NOBODY: frozenset[str] = frozenset()
SUPER = frozenset({SUPERUSER})
ORGANISERS = frozenset({ORGANISER, SUPERUSER})
STAFF = frozenset({ARBITER, ORGANISER, SUPERUSER})
RESULTS = STAFF | {ASSISTANT}
STAFF_AND_PLAYER = STAFF | {PLAYER}
RESULTS_AND_PLAYER = RESULTS | {PLAYER}
EVENT_CREATORS = frozenset({ORGANISER, SUPERUSER})
"""The organiser of club is also a site event creator."""

PARAMS: dict[str, str] = {
    "slug": "club",
    "number": "1",
    "stage": "1",
    "group": "A",
    "player": "Ann",
    "fmt": "trf",
    "name": "club-series",
    "token_id": "{token_id}",
    "webhook_id": "{webhook_id}",
    "publisher_id": "{publisher_id}",
    "token": "{token}",
    "object_id": "1",
    "id": "1",
    "content_type_id": "1",
    "app_label": "events",
    "url": "nothing",
    "game": "1",
    "month": "1",
    "what": "namecards",
}
"""Values for the parameters of routes. `{...}` values are filled in by the test from the
rows it made: the organiser's API token, club's webhook, and for `token` the route's own kind
of token (an invitation to claim Ben's entry, an unsubscribe link of the stranger)."""

REGEX_EXAMPLES: dict[str, str] = {
    "account/^confirm-email/(?P<key>[-:\\w]+)/$": "/account/confirm-email/{confirm_key}/",
    "account/^password/reset/key/(?P<uidb36>[0-9A-Za-z]+)-(?P<key>.+)/$": (
        "/account/password/reset/key/1-set-password/"
    ),
}
"""Concrete paths for routes written as regular expressions."""

BODIES: dict[str, dict[str, object]] = {
    "api/v1/events": {"slug": "new-event", "preset": "chess-swiss"},
    "api/v1/events/import/trf": {"trf": "012 Matrix\n", "dry_run": True},
    "api/v1/tokens": {"name": "matrix", "scope": "read"},
    "api/v1/events/<slug>/webhooks": {
        "url": "https://hooks.example.org/x",
        "types": ["round.published"],
    },
    "api/v1/events/<slug>/publishers": {"target": "https://hooks.example.org/bundles"},
    "api/v1/events/<slug>/entries": {"players": [{"name": "Newcomer"}]},
    "api/v1/events/<slug>/players/<player>/leave": {"from_round": 2},
}
"""JSON bodies of API writes whose generated body (from the OpenAPI schema) would not pass
validation; validation runs before authorisation, so a body that fails it would hide the
answer."""

FIELD_VALUES: dict[str, object] = {
    "round": 1,
    "board": 1,
    "game": 1,
    "stage": 1,
    "result": "1-0",
    "reason": "matrix",
    "move": "e4",
    "player": "Ann",
    "opponent": "Ben",
    "from_round": 2,
    "slug": "new-event",
    "preset": "chess-swiss",
}
"""Values of required body fields by name, for the generated bodies."""

ADMIN = "admin/"
"""Django's admin: every route under it is for superusers (site staff) only, except its log-in
and log-out pages (ADMIN_EXCEPTIONS). Its ~140 routes are asked with GET only and by the roles
in ADMIN_ROLES: the admin checks `is_staff` and model permissions, never event roles, so the
other roles are the same to it as the stranger (this keeps the test at a few minutes). Its
rows are an upper bound (no unexpected allow); the admin may refuse more (facts are read-only
there: add and delete are refused to superusers too)."""
ADMIN_ROLES = (ANONYMOUS, STRANGER, ORGANISER, SUPERUSER)
ADMIN_EXCEPTIONS: dict[tuple[str, str], frozenset[str]] = {
    ("admin/login/", "GET"): EVERYONE,
    # Django's admin log-out needs POST: GET changes nothing (non-staff get a page, staff 405).
    ("admin/logout/", "GET"): frozenset({ANONYMOUS, STRANGER, ORGANISER}),
}

OWNER = frozenset({ORGANISER})
"""Only the owner of the thing (the organiser's own API token): not even a superuser, whose
request for someone else's token is answered 404."""
OTHER_PRESET = LOGGED_IN
"""Actions that club's preset (chess-swiss) does not have: `perform()` answers 409 "event has
no action" to anyone logged in before it asks about roles (nothing changes; anonymous callers
get 401). Checked against an event of their own preset: not yet (see the report of the
accounts branch)."""

ROWS: dict[tuple[str, str], frozenset[str]] = {
    # -- the language switcher (issue 17): a POST sets a cookie and goes back; GET is refused
    ("i18n/setlang/", "GET"): NOBODY,
    ("i18n/setlang/", "POST"): EVERYONE,
    # -- public pages: everyone; a POST renders the same page (nothing to change there)
    ("", "GET"): EVERYONE,
    ("", "POST"): EVERYONE,
    ("tiebreaks/", "GET"): EVERYONE,
    ("tiebreaks/", "POST"): EVERYONE,
    ("e/<slug:slug>/", "GET"): EVERYONE,
    ("e/<slug:slug>/", "POST"): EVERYONE,
    ("e/<slug:slug>/round/<int:number>/", "GET"): EVERYONE,
    ("e/<slug:slug>/round/<int:number>/", "POST"): EVERYONE,
    ("e/<slug:slug>/stage/<int:stage>/round/<int:number>/", "GET"): EVERYONE,
    ("e/<slug:slug>/stage/<int:stage>/round/<int:number>/", "POST"): EVERYONE,
    # club has no groups and there is no series: 404 to everyone (public pages all the same)
    ("e/<slug:slug>/stage/<int:stage>/group/<str:group>/round/<int:number>/", "GET"): NOBODY,
    ("e/<slug:slug>/stage/<int:stage>/group/<str:group>/round/<int:number>/", "POST"): NOBODY,
    ("e/<slug:slug>/standings/", "GET"): EVERYONE,
    ("e/<slug:slug>/standings/", "POST"): EVERYONE,
    ("e/<slug:slug>/crosstable/", "GET"): EVERYONE,
    ("e/<slug:slug>/crosstable/", "POST"): EVERYONE,
    ("e/<slug:slug>/player/<path:player>/", "GET"): EVERYONE,
    ("e/<slug:slug>/player/<path:player>/", "POST"): EVERYONE,
    ("e/<slug:slug>/feed.atom", "GET"): EVERYONE,
    ("e/<slug:slug>/feed.atom", "POST"): EVERYONE,
    ("e/<slug:slug>/export.<str:fmt>", "GET"): EVERYONE,
    ("e/<slug:slug>/export.<str:fmt>", "POST"): EVERYONE,
    # Name cards are printed in the console only: the public route has no such sheet.
    ("e/<slug:slug>/print/<str:what>.pdf", "GET"): NOBODY,
    ("e/<slug:slug>/print/<str:what>.pdf", "POST"): NOBODY,
    ("e/<slug:slug>/live/", "GET"): EVERYONE,
    ("e/<slug:slug>/live/", "POST"): EVERYONE,
    # Team pages (issue 32): the matrix's event is not played in teams, so they are 404.
    ("e/<slug:slug>/teams/", "GET"): NOBODY,
    ("e/<slug:slug>/teams/", "POST"): NOBODY,
    ("e/<slug:slug>/teams/round/<int:number>/", "GET"): NOBODY,
    ("e/<slug:slug>/teams/round/<int:number>/", "POST"): NOBODY,
    ("e/<slug:slug>/teams/<int:number>/", "GET"): NOBODY,
    ("e/<slug:slug>/teams/<int:number>/", "POST"): NOBODY,
    ("e/<slug:slug>/live/panels/", "GET"): EVERYONE,
    ("e/<slug:slug>/live/panels/", "POST"): EVERYONE,
    ("series/<slug:slug>/", "GET"): NOBODY,
    ("series/<slug:slug>/", "POST"): NOBODY,
    # -- e-mail: the unsubscribe link is its own authority (a signed token)
    ("mail/unsubscribe/<str:token>/", "GET"): EVERYONE,
    ("mail/unsubscribe/<str:token>/", "POST"): EVERYONE,
    # -- accounts (allauth and ours)
    ("account/profile/", "GET"): LOGGED_IN,
    ("account/profile/", "POST"): LOGGED_IN,
    ("account/tokens/", "GET"): LOGGED_IN,
    ("account/tokens/", "POST"): LOGGED_IN,
    ("account/tokens/<int:token_id>/revoke/", "GET"): NOBODY,
    ("account/tokens/<int:token_id>/revoke/", "POST"): OWNER,
    ("account/invite/<slug:slug>/", "GET"): STAFF,
    ("account/invite/<slug:slug>/", "POST"): STAFF,
    ("account/invitation/<str:token>/", "GET"): EVERYONE,
    ("account/invitation/<str:token>/", "POST"): LOGGED_IN,
    ("account/login/", "GET"): EVERYONE,
    ("account/login/", "POST"): EVERYONE,
    ("account/logout/", "GET"): EVERYONE,
    ("account/logout/", "POST"): EVERYONE,
    ("account/inactive/", "GET"): EVERYONE,
    ("account/inactive/", "POST"): NOBODY,
    ("account/signup/", "GET"): EVERYONE,
    ("account/signup/", "POST"): EVERYONE,
    ("account/reauthenticate/", "GET"): LOGGED_IN,
    ("account/reauthenticate/", "POST"): LOGGED_IN,
    ("account/reauthenticate/code/", "GET"): LOGGED_IN,
    ("account/reauthenticate/code/", "POST"): LOGGED_IN,
    ("account/reauthenticate/code/confirm/", "GET"): LOGGED_IN,
    ("account/reauthenticate/code/confirm/", "POST"): LOGGED_IN,
    ("account/email/", "GET"): LOGGED_IN,
    ("account/email/", "POST"): LOGGED_IN,
    ("account/confirm-email/", "GET"): EVERYONE,
    ("account/confirm-email/", "POST"): NOBODY,
    ("account/password/change/", "GET"): LOGGED_IN,
    ("account/password/change/", "POST"): LOGGED_IN,
    ("account/password/set/", "GET"): LOGGED_IN,
    ("account/password/set/", "POST"): LOGGED_IN,
    ("account/password/reset/", "GET"): EVERYONE,
    ("account/password/reset/", "POST"): EVERYONE,
    ("account/login/code/confirm/", "GET"): LOGGED_IN,
    ("account/login/code/confirm/", "POST"): LOGGED_IN,
    ("account/^confirm-email/(?P<key>[-:\\w]+)/$", "GET"): EVERYONE,
    ("account/^confirm-email/(?P<key>[-:\\w]+)/$", "POST"): NOBODY,
    ("account/password/reset/key/done/", "GET"): EVERYONE,
    ("account/password/reset/key/done/", "POST"): NOBODY,
    ("account/^password/reset/key/(?P<uidb36>[0-9A-Za-z]+)-(?P<key>.+)/$", "GET"): EVERYONE,
    ("account/^password/reset/key/(?P<uidb36>[0-9A-Za-z]+)-(?P<key>.+)/$", "POST"): EVERYONE,
    ("account/password/reset/done/", "GET"): EVERYONE,
    ("account/password/reset/done/", "POST"): NOBODY,
    # -- the REST API (methods from its OpenAPI document)
    ("api/openapi.json", "GET"): EVERYONE,
    ("api/openapi.json", "POST"): EVERYONE,
    ("api/docs", "GET"): EVERYONE,
    ("api/docs", "POST"): EVERYONE,
    ("api/v1/tokens", "GET"): LOGGED_IN,
    ("api/v1/tokens", "POST"): LOGGED_IN,
    ("api/v1/tokens/<token_id>", "DELETE"): OWNER,
    ("api/v1/events/<slug>/webhooks", "GET"): ORGANISERS,
    ("api/v1/events/<slug>/webhooks", "POST"): ORGANISERS,
    ("api/v1/events/<slug>/webhooks/<webhook_id>", "DELETE"): ORGANISERS,
    ("api/v1/events/<slug>/webhooks/<webhook_id>/deliveries", "GET"): ORGANISERS,
    # Round-bundle publishers (app/publishing.py, issue 31 item 6): the event's organisers.
    ("api/v1/events/<slug>/publishers", "GET"): ORGANISERS,
    ("api/v1/events/<slug>/publishers", "POST"): ORGANISERS,
    ("api/v1/events/<slug>/publishers/<publisher_id>", "DELETE"): ORGANISERS,
    ("api/v1/events", "POST"): ORGANISERS,
    ("api/v1/events/import/trf", "POST"): ORGANISERS,
    ("api/v1/events", "GET"): EVERYONE,
    ("api/v1/events/<slug>/entries", "POST"): STAFF,
    ("api/v1/events/<slug>/entries", "GET"): EVERYONE,
    ("api/v1/events/<slug>/start", "POST"): STAFF,
    ("api/v1/events/<slug>/rounds", "POST"): STAFF,
    ("api/v1/events/<slug>/close", "POST"): STAFF,
    ("api/v1/events/<slug>/results", "POST"): RESULTS,
    ("api/v1/events/<slug>/results/confirm", "POST"): STAFF,
    ("api/v1/events/<slug>/results/dispute", "POST"): STAFF,
    ("api/v1/events/<slug>/results/ruling", "POST"): STAFF,
    ("api/v1/events/<slug>/results/correction", "POST"): STAFF,
    ("api/v1/events/<slug>/moves", "POST"): SUPER,
    ("api/v1/events/<slug>/players/<player>/withdraw", "POST"): STAFF_AND_PLAYER,
    ("api/v1/events/<slug>/players/<player>/leave", "POST"): STAFF_AND_PLAYER,
    ("api/v1/events/<slug>/actions/event.start", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/event.close", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/round.pair", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/result.report", "POST"): RESULTS,
    ("api/v1/events/<slug>/actions/result.confirm", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/result.dispute", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/result.ruling", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/result.correction", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/game.move", "POST"): SUPER,
    ("api/v1/events/<slug>/actions/players.correct-figures", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/player.withdraw", "POST"): STAFF_AND_PLAYER,
    ("api/v1/events/<slug>/actions/player.leave", "POST"): STAFF_AND_PLAYER,
    ("api/v1/events/<slug>/actions/player.sanction", "POST"): STAFF,
    # club has no check-in: refused by its state to whoever may check Ann in.
    ("api/v1/events/<slug>/actions/player.check_in", "POST"): RESULTS_AND_PLAYER,
    # Team actions (issue 32): a captain's role is tried in tests/app/test_teams.py (the
    # matrix's event has no team); a player is let through to the board's own check.
    ("api/v1/events/<slug>/actions/team.mode", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/team.create", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/team.roster", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/team.pair", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/team.lineup", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/team.board-report", "POST"): RESULTS_AND_PLAYER,
    ("api/v1/events/<slug>/actions/team.board-confirm", "POST"): STAFF_AND_PLAYER,
    ("api/v1/events/<slug>/actions/team.board-dispute", "POST"): STAFF_AND_PLAYER,
    ("api/v1/events/<slug>/actions/team.board-correct", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/pair.forbid", "POST"): NOBODY,
    ("api/v1/events/<slug>/actions/pair.allow", "POST"): NOBODY,
    ("api/v1/events/<slug>/actions/draft.show", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/draft.swap", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/draft.pair", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/draft.unpair", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/draft.bye", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/draft.reset", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/draft.publish", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/event.start_date", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/schedule.hold", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/schedule.release", "POST"): STAFF,
    ("api/v1/events/<slug>/actions/gomoku.return", "POST"): OTHER_PRESET,
    ("api/v1/events/<slug>/actions/period.close", "POST"): OTHER_PRESET,
    ("api/v1/events/<slug>/actions/game.resign", "POST"): OTHER_PRESET,
    ("api/v1/events/<slug>/actions/stage.playoff", "POST"): OTHER_PRESET,
    ("api/v1/events/<slug>/actions/tantrix.form", "POST"): OTHER_PRESET,
    ("api/v1/events/<slug>/actions/tantrix.opt-out", "POST"): OTHER_PRESET,
    ("api/v1/events/<slug>/actions/tantrix.offer", "POST"): OTHER_PRESET,
    ("api/v1/events/<slug>/actions/tantrix.reply", "POST"): OTHER_PRESET,
    ("api/v1/events/<slug>/actions/match.propose", "POST"): OTHER_PRESET,
    ("api/v1/events/<slug>/actions/match.answer", "POST"): OTHER_PRESET,
    ("api/v1/events/<slug>/actions/match.challenge", "POST"): OTHER_PRESET,
    ("api/v1/events/<slug>/actions", "GET"): LOGGED_IN,
    ("api/v1/events/<slug>", "GET"): EVERYONE,
    ("api/v1/events/<slug>/rounds/<number>", "GET"): EVERYONE,
    ("api/v1/events/<slug>/standings", "GET"): EVERYONE,
    ("api/v1/events/<slug>/crosstable", "GET"): EVERYONE,
    # The matrix's event is not played in teams: not found for everyone (as its pages).
    ("api/v1/events/<slug>/teams/standings", "GET"): NOBODY,
    ("api/v1/events/<slug>/players/<player>", "GET"): EVERYONE,
    ("api/v1/events/<slug>/export.json", "GET"): EVERYONE,
    ("api/v1/events/<slug>/export.trf", "GET"): EVERYONE,
    ("api/v1/events/<slug>/export.csv", "GET"): EVERYONE,
    ("api/v1/events/<slug>/games.ndjson", "GET"): EVERYONE,
    ("api/v1/series/<name>/championship", "GET"): NOBODY,
    ("api/v1/events/<slug>/audit", "GET"): STAFF,
    ("api/", "GET"): NOBODY,
    ("api/", "POST"): NOBODY,
    # -- declared actions added later (event.delete, announcements, result.match)
    ("api/v1/events/<slug>/actions/event.delete", "POST"): ORGANISERS,
    ("api/v1/events/<slug>/actions/event.announce", "POST"): STAFF,
    # No announcement 1 in club: refused as not found to everyone (a weak row).
    ("api/v1/events/<slug>/actions/announcement.withdraw", "POST"): NOBODY,
    ("api/v1/events/<slug>/actions/result.match", "POST"): OTHER_PRESET,
    # -- Bao game pages (web/play): club is a chess event, so its game pages are 404 to all
    # (a weak row: the Bao pages' own refusals are in tests/web/test_play_views.py).
    # -- my page (web/player): `do/<name>` and `join` answer 404 for the route's sample
    # values (a weak row: tests/web/test_player.py checks them per action); the withdraw
    # link is an empty fragment for everyone but the player.
    # -- console (web/console): the desk and its pages are for the event's staff; the
    # roles page is shown to every staff role, its forms (granting, inviting) to organisers
    # only (tests/web/test_console.py, tests/web/test_console_more.py).
    ("play/", "GET"): LOGGED_IN,
    ("play/", "POST"): NOBODY,
    ("play/<slug:slug>/<int:game>/", "GET"): NOBODY,
    ("play/<slug:slug>/<int:game>/", "POST"): NOBODY,
    ("play/<slug:slug>/<int:game>/live/", "GET"): NOBODY,
    ("play/<slug:slug>/<int:game>/live/", "POST"): NOBODY,
    ("play/<slug:slug>/<int:game>/move/", "GET"): NOBODY,
    ("play/<slug:slug>/<int:game>/move/", "POST"): NOBODY,
    ("play/<slug:slug>/<int:game>/resign/", "GET"): NOBODY,
    ("play/<slug:slug>/<int:game>/resign/", "POST"): NOBODY,
    ("play/<slug:slug>/<int:game>/replay/", "GET"): NOBODY,
    ("play/<slug:slug>/<int:game>/replay/", "POST"): NOBODY,
    ("play/<slug:slug>/<int:game>/record.json", "GET"): NOBODY,
    ("play/<slug:slug>/<int:game>/record.json", "POST"): NOBODY,
    ("play/<slug:slug>/<int:game>/record.txt", "GET"): NOBODY,
    ("play/<slug:slug>/<int:game>/record.txt", "POST"): NOBODY,
    ("me/", "GET"): LOGGED_IN,
    ("me/", "POST"): LOGGED_IN,
    ("me/join/", "GET"): LOGGED_IN,
    ("me/join/", "POST"): LOGGED_IN,
    ("me/e/<slug:slug>/join/", "GET"): NOBODY,
    ("me/e/<slug:slug>/join/", "POST"): NOBODY,
    ("me/e/<slug:slug>/do/<str:name>/", "GET"): NOBODY,
    ("me/e/<slug:slug>/do/<str:name>/", "POST"): NOBODY,
    ("me/e/<slug:slug>/withdraw-link/", "GET"): EVERYONE,
    ("me/e/<slug:slug>/withdraw-link/", "POST"): EVERYONE,
    # -- a game's talk and reports to the officials (issue 31 item 1). club's games are not
    # played on the site (chess-swiss): no game there has a talk, so nobody reads or writes
    # one (tests/web/test_game_talk.py asks a Bao game: its two players write, its officials
    # read). Hiding: the officials (an unknown message is told back on the page it came from).
    ("me/e/<slug:slug>/game/<int:game>/talk/", "GET"): NOBODY,
    ("me/e/<slug:slug>/game/<int:game>/talk/", "POST"): NOBODY,
    ("me/e/<slug:slug>/talk/hide/", "GET"): NOBODY,
    ("me/e/<slug:slug>/talk/hide/", "POST"): STAFF,
    # anyone signed in writes to an event's officials (the event page's message form)
    ("me/e/<slug:slug>/captain/", "GET"): NOBODY,
    ("me/e/<slug:slug>/captain/", "POST"): NOBODY,
    # A player's own team boards (issue 32): club is not played in teams, so "not found" for
    # everyone; who may act there is tried in tests/web/test_team_my_boards.py.
    ("me/e/<slug:slug>/boards/", "GET"): NOBODY,
    ("me/e/<slug:slug>/boards/", "POST"): NOBODY,
    ("me/e/<slug:slug>/report/", "GET"): LOGGED_IN,
    ("me/e/<slug:slug>/report/", "POST"): LOGGED_IN,
    ("console/<slug:slug>/reports/", "GET"): STAFF,
    ("console/<slug:slug>/reports/", "POST"): STAFF,
    ("console/<slug:slug>/registrations/", "GET"): STAFF,
    ("console/<slug:slug>/registrations/", "POST"): NOBODY,
    ("console/", "GET"): LOGGED_IN,
    ("console/", "POST"): LOGGED_IN,
    ("console/new/", "GET"): ORGANISERS,
    ("console/new/", "POST"): ORGANISERS,
    ("console/new/trf/", "GET"): ORGANISERS,
    ("console/new/trf/", "POST"): ORGANISERS,
    ("console/<slug:slug>/", "GET"): RESULTS,
    ("console/<slug:slug>/", "POST"): RESULTS,
    ("console/<slug:slug>/do/<str:name>/", "GET"): NOBODY,
    ("console/<slug:slug>/do/<str:name>/", "POST"): NOBODY,
    ("console/<slug:slug>/results/", "GET"): RESULTS,
    ("console/<slug:slug>/results/", "POST"): RESULTS,
    ("console/<slug:slug>/print/<str:what>.pdf", "GET"): RESULTS,
    ("console/<slug:slug>/print/<str:what>.pdf", "POST"): NOBODY,
    ("console/<slug:slug>/results/report/", "GET"): NOBODY,
    ("console/<slug:slug>/results/report/", "POST"): RESULTS,
    ("console/<slug:slug>/draft/", "GET"): STAFF,
    ("console/<slug:slug>/draft/", "POST"): STAFF,
    # The roll call (issue 33 item 2): staff and assistants tick players.
    ("console/<slug:slug>/roll-call/", "GET"): RESULTS,
    ("console/<slug:slug>/roll-call/", "POST"): RESULTS,
    ("console/<slug:slug>/queues/", "GET"): RESULTS,
    ("console/<slug:slug>/queues/", "POST"): RESULTS,
    ("console/<slug:slug>/import/", "GET"): STAFF,
    ("console/<slug:slug>/import/", "POST"): STAFF,
    ("console/<slug:slug>/roles/", "GET"): RESULTS,
    ("console/<slug:slug>/roles/", "POST"): ORGANISERS,
    ("console/<slug:slug>/roles/invite/", "GET"): NOBODY,
    ("console/<slug:slug>/roles/invite/", "POST"): ORGANISERS,
    ("console/<slug:slug>/announcements/", "GET"): STAFF,
    ("console/<slug:slug>/announcements/", "POST"): STAFF,
    ("console/<slug:slug>/publishing/", "GET"): ORGANISERS,
    ("console/<slug:slug>/publishing/", "POST"): ORGANISERS,
    # The Teams page (issue 32): the matrix's event has started and is not played in teams,
    # so it is 404 to its staff (its staff, assistants and strangers are tried on an event
    # not started in tests/web/test_console_teams.py).
    ("console/<slug:slug>/teams/", "GET"): NOBODY,
    ("console/<slug:slug>/teams/", "POST"): NOBODY,
    # Tasaselo's prize budget (a GET form): club is no Tasaselo event, so 404 to everyone
    # (tests/web/test_tasaselo_prize_budget.py asks who sees it in a Tasaselo event).
    ("console/<slug:slug>/prize-budget/", "GET"): NOBODY,
    ("console/<slug:slug>/prize-budget/", "POST"): NOBODY,
    ("console/series/", "GET"): LOGGED_IN,
    ("console/series/", "POST"): EVENT_CREATORS,
    # No series "club": 404 to everyone (a weak row: tests/web/test_console_more.py).
    ("console/series/<slug:slug>/", "GET"): NOBODY,
    ("console/series/<slug:slug>/", "POST"): NOBODY,
    ("console/<slug:slug>/audit/", "GET"): STAFF,
    ("console/<slug:slug>/audit/", "POST"): STAFF,
    # -- per-preset public pages: club is a chess event, which has none (404 to all; a weak
    # row: tests/browser/test_preset_pages.py opens them for every preset's demo event).
    ("e/<slug:slug>/preset/", "GET"): NOBODY,
    ("e/<slug:slug>/preset/", "POST"): NOBODY,
    ("e/<slug:slug>/month/<int:month>/", "GET"): NOBODY,
    ("e/<slug:slug>/month/<int:month>/", "POST"): NOBODY,
}


UNSAFE = ("POST", "PUT", "PATCH", "DELETE")
"""The methods a CSRF token guards."""

WITHOUT_CSRF: dict[tuple[str, str], frozenset[str]] = {
    # RFC 8058 one-click unsubscribe: the mail client POSTs with no session and no token; the
    # signed token in the address is the authority.
    ("mail/unsubscribe/<str:token>/", "POST"): EVERYONE,
}
"""Who is allowed an unsafe request that carries the session cookie but no CSRF token (issue
30 acceptance: the route sweep with and without CSRF). Every route and unsafe method not
listed here is refused to everyone: a page form without its token is a cross-site request,
and an API write authenticated by the session alone needs the token too (a token-bearing API
client sends no cookie). The language switch is no exception (issue 30 item 8)."""
