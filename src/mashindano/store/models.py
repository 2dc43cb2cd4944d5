"""Facts only. Scores, standings, ratings, clocks and deadlines are derived by the engine from
these rows and never stored as truth. Rows that record something that can change later
(results) are append-only logs: the current value is the latest effective entry.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from mashindano.store.facts import EventState, ReportKind


class Series(models.Model):
    """A championship or season grouping several events."""

    slug = models.SlugField(max_length=100, unique=True)
    name = models.CharField(max_length=200)
    created_at = models.DateTimeField()

    class Meta:
        verbose_name_plural = "series"

    def __str__(self) -> str:
        return self.name


class Event(models.Model):
    """One tournament or league season: a preset plus the organiser's parameter overrides.

    `version` grows by one with every write use case (see `mashindano.app.locking`).
    """

    slug = models.SlugField(max_length=100, unique=True)
    name = models.CharField(max_length=200)
    preset = models.CharField(max_length=50)
    parameters = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField(help_text="Seed of every random draw of this event.")
    series = models.ForeignKey(
        Series, null=True, blank=True, on_delete=models.PROTECT, related_name="events"
    )
    state = models.CharField(
        max_length=20,
        choices=[(s.value, s.value) for s in EventState],
        default=EventState.REGISTRATION.value,
    )
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return self.slug


class Stage(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=100)
    format = models.CharField(max_length=50)
    parameters = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="stage_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.event.slug} stage {self.number}"


class Entry(models.Model):
    """A registered competitor. `key` is the engine's CompetitorId inside the event."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    key = models.CharField(max_length=200)
    name = models.CharField(max_length=200)
    rating = models.PositiveIntegerField(null=True, blank=True)
    games_played = models.PositiveIntegerField(null=True, blank=True)
    country = models.CharField(max_length=10, blank=True, default="")
    number = models.PositiveIntegerField(
        null=True, blank=True, help_text="Pairing or Berger number, fixed when the event starts."
    )
    registered_at = models.DateTimeField()
    first_round = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="A late entry's first round (the next to pair when it registered); "
        "empty for an entry from the start.",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entries",
        help_text="The account that plays this entry, when it has one.",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "key"], name="entry_key_unique"),
            models.UniqueConstraint(fields=["event", "number"], name="entry_number_unique"),
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    """A published pairing unit (round, stage round, league month) of one stage and group."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds")
    group = models.CharField(max_length=20, blank=True, default="")
    number = models.PositiveIntegerField()
    published_at = models.DateTimeField()
    actor = models.CharField(max_length=100)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["stage", "group", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.stage} round {self.number}"


class Encounter(models.Model):
    """Two competitors (or one and a bye) on a board, with the match rule they play."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="encounters")
    board = models.PositiveIntegerField()
    first = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="+")
    second = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    match_rule = models.CharField(max_length=50, default="single")
    bye_kind = models.CharField(max_length=10, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="encounter_board_unique")
        ]


class Game(models.Model):
    """One game of an encounter; `first` takes `first_side` (White, South)."""

    encounter = models.ForeignKey(Encounter, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField(default=1)
    first = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="+")
    second = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="+")
    first_side = models.CharField(max_length=10, default="white")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["encounter", "number"], name="game_number_unique")
        ]


class ResultReport(models.Model):
    """Append-only log of what was said about a game's result, by whom and when."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reports")
    kind = models.CharField(max_length=20, choices=[(k.value, k.value) for k in ReportKind])
    result = models.CharField(max_length=10, blank=True, default="")
    termination = models.CharField(max_length=20, default="normal")
    actor = models.CharField(max_length=100)
    at = models.DateTimeField()
    reason = models.TextField(blank=True, default="")
    detail = models.JSONField(
        null=True,
        blank=True,
        default=None,
        help_text="Per-game detail the format records with the result (Tantrix TPs), exact "
        "values as strings; null when the format has none.",
    )

    class Meta:
        ordering = ["id"]


class Move(models.Model):
    """A move with its timestamp, for correspondence day clocks."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField()
    notation = models.CharField(max_length=50)
    played_at = models.DateTimeField()
    actor = models.CharField(max_length=100)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "ply"], name="move_ply_unique")]
        ordering = ["ply"]


class Withdrawal(models.Model):
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="withdrawals")
    from_round = models.PositiveIntegerField()
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)
    reason = models.TextField(blank=True, default="")


class Leave(models.Model):
    """Absence for rounds `from_round`..`to_round`, taken as byes of `bye_kind`."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="leaves")
    from_round = models.PositiveIntegerField()
    to_round = models.PositiveIntegerField()
    bye_kind = models.CharField(max_length=10, default="Z")
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)
    reason = models.TextField(blank=True, default="")


class Presence(models.Model):
    """A player's presence for a round, before it is paired: checked in by the player or
    ticked by an arbiter on the roll call (`present`), or unticked. Rows are appended; the
    latest of an entry and round holds."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="presence")
    round = models.PositiveIntegerField()
    present = models.BooleanField(default=True)
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)
    reason = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["id"]


class Sanction(models.Model):
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="sanctions")
    round = models.PositiveIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=30)
    points = models.CharField(max_length=20, blank=True, default="")
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)
    reason = models.TextField(blank=True, default="")


class LotDraw(models.Model):
    """A random draw with the seed that replays it."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="lots")
    purpose = models.CharField(max_length=50)
    seed = models.BigIntegerField()
    outcome = models.JSONField(default=dict, blank=True)
    drawn_at = models.DateTimeField()

    class Meta:
        ordering = ["id"]


class ArbiterOverride(models.Model):
    """An arbiter's decision that overrides what the rules would derive (noted with a reason)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="overrides")
    subject = models.CharField(max_length=100)
    value = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)
    reason = models.TextField(blank=True, default="")


class Announcement(models.Model):
    """A notice the organiser or arbiter posts on the event's pages (schedule changes, the
    venue, a ruling people should know about). Withdrawn by an appended
    `AnnouncementWithdrawal`; never edited."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="announcements")
    text = models.TextField()
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)

    class Meta:
        ordering = ["id"]


class AnnouncementWithdrawal(models.Model):
    """Who withdrew an announcement, when and why (once)."""

    announcement = models.OneToOneField(
        Announcement, on_delete=models.CASCADE, related_name="withdrawal"
    )
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)
    reason = models.TextField(blank=True, default="")


class PeriodClosure(models.Model):
    """A league period (month) closed by the organiser."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="closed_periods")
    period = models.PositiveIntegerField()
    closed_at = models.DateTimeField()
    actor = models.CharField(max_length=100)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["stage", "period"], name="period_closed_once")
        ]


class EventImport(models.Model):
    """An import of the event from an exported document: who, when, from what.

    Kept beside the audit log, not in it, so that an imported event's audit log is exactly the
    one exported; the import itself still leaves this trace (and each export carries the
    earlier imports along).
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="imports")
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)
    source_slug = models.CharField(max_length=100)
    source_version = models.PositiveIntegerField()

    class Meta:
        ordering = ["at", "id"]


class AuditEntry(models.Model):
    """Who did what to an event, when, with the facts before and after.

    One row per write use case, written in the same transaction; `version` is the event's
    version after the write, so the log has no gaps and no duplicates.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit")
    version = models.PositiveIntegerField()
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The account of the actor, when the actor was a user.",
    )
    action = models.CharField(max_length=50)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    recorded_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="The real time the write was made (`at` is when it happened: a result "
        "entered later with --at keeps both).",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "version"], name="audit_version_unique")
        ]
        ordering = ["version"]
        verbose_name_plural = "audit entries"


class EventRole(models.Model):
    """A person's role in one event: organiser, arbiter or assistant (players are entries)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    role = models.CharField(max_length=20)
    granted_at = models.DateTimeField()
    granted_by = models.CharField(max_length=100)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "user", "role"], name="event_role_unique")
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.user} {self.role} of {self.event.slug}"


class NotificationMode(models.TextChoices):
    IMMEDIATELY = "immediately"
    DAILY = "daily"
    NEVER = "never"


class NotificationPreference(models.Model):
    """How a user wants one kind of notification: at once, in a daily digest, or never.

    No row means the default (`immediately`). The accounts issue may add a settings page and
    further columns (language, time of the digest) here.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preferences"
    )
    kind = models.CharField(max_length=40)
    mode = models.CharField(
        max_length=20, choices=NotificationMode.choices, default=NotificationMode.IMMEDIATELY
    )
    changed_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="notification_preference_unique")
        ]


class NotificationState(models.TextChoices):
    PENDING = "pending"
    """Waiting to be sent (or put in a digest, or dropped, as the preference says)."""
    SENT = "sent"
    SKIPPED = "skipped"
    """Not sent: the recipient chose `never`, or has no e-mail address."""
    DIGEST = "digest"
    """Waiting for the recipient's daily digest."""
    DIGESTED = "digested"
    """Sent as part of a digest (the digest is a notification of its own)."""


class Notification(models.Model):
    """One message to one user, created once (`key` is unique: the same news never makes
    two notifications) and sent once. Not an event fact: an outbox."""

    key = models.CharField(max_length=200, unique=True)
    kind = models.CharField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.CASCADE, related_name="notifications"
    )
    context = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()
    state = models.CharField(
        max_length=20, choices=NotificationState.choices, default=NotificationState.PENDING
    )
    enqueued_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    digest = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="items"
    )

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["state", "id"], name="notification_state_idx")]


class NotificationCursor(models.Model):
    """How far the notifier has read an append-only fact table (rounds, reports, moves)."""

    name = models.CharField(max_length=40, unique=True)
    last_id = models.BigIntegerField(default=0)


# -- webhooks (issue 15 item 4) -------------------------------------------------------------
# Created by the API app's first migration; their state moved here (0007_webhooks)
# so that the worker's use cases in `app/` can deliver them. The tables keep their names.


class Webhook(models.Model):
    """A URL subscribed to some of an event's happenings; deliveries are signed with `secret`
    (the Standard Webhooks scheme)."""

    event_slug = models.SlugField(max_length=100, db_index=True)
    url = models.URLField(max_length=500)
    types = models.JSONField(default=list)
    secret = models.CharField(max_length=100)
    created_by = models.CharField(max_length=200)
    created_at = models.DateTimeField()
    seen_version = models.PositiveIntegerField(
        default=0, help_text="Audit versions up to this one have been turned into deliveries."
    )
    active = models.BooleanField(default=True)

    class Meta:
        db_table = "api_webhook"


class WebhookDelivery(models.Model):
    """One message to one subscriber, with every attempt counted (the delivery log)."""

    PENDING = "pending"
    DELIVERED = "delivered"
    FAILED = "failed"

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    message_id = models.CharField(max_length=64, unique=True)
    type = models.CharField(max_length=50)
    version = models.PositiveIntegerField()
    payload = models.JSONField()
    state = models.CharField(max_length=20, default=PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField()
    last_status = models.IntegerField(null=True, blank=True)
    last_error = models.TextField(blank=True, default="")
    delivered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        db_table = "api_webhookdelivery"


class RegistrationRequest(models.Model):
    """A person's request to join an event that needs the staff's approval (player
    self-service). Appended once; the decision is recorded on it (who, when, why) and, when
    accepted, the entry it became."""

    class State(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        REFUSED = "refused"
        WITHDRAWN = "withdrawn"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="requests")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="registration_requests"
    )
    name = models.CharField(max_length=200)
    rating = models.PositiveIntegerField(null=True, blank=True)
    games_played = models.PositiveIntegerField(null=True, blank=True)
    country = models.CharField(max_length=10, blank=True, default="")
    requested_at = models.DateTimeField()
    state = models.CharField(max_length=10, choices=State.choices, default=State.PENDING)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.CharField(max_length=100, blank=True, default="")
    reason = models.TextField(blank=True, default="")
    entry = models.ForeignKey(
        Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.state})"


# -- accounts (issue 14) ----------------------------------------------------------------------


class Profile(models.Model):
    """What a person tells about themselves. E-mail preferences are not here: they are the
    per-kind `NotificationPreference` rows that the mail code and its unsubscribe link use."""

    LANGUAGES = ("en", "sw", "ro", "fa", "fi")

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(max_length=100, blank=True, default="")
    country = models.CharField(max_length=2, blank=True, default="", help_text="ISO 3166-1")
    federation_id = models.CharField(max_length=50, blank=True, default="")
    ratings = models.JSONField(default=dict, blank=True, help_text="rating system -> value")
    kiba_games = models.PositiveIntegerField(null=True, blank=True)
    language = models.CharField(max_length=5, default="en")
    time_zone = models.CharField(max_length=64, default="UTC", help_text="IANA name")
    changed_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.display_name or str(self.user)


class AccountLog(models.Model):
    """The audit trail of what is not an event's: profile changes, invitations, tokens.
    Append-only (who, when, what, before and after)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account_log"
    )
    at = models.DateTimeField()
    actor = models.CharField(max_length=200)
    action = models.CharField(max_length=50)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["id"]


class Invitation(models.Model):
    """An e-mail invitation to an event: to claim an entry (`entry_key`) or to take a role
    (`role`). The link carries a signed token naming this row; it can be accepted once,
    before `expires_at`, by whoever is logged in with it."""

    ENTRY = "entry"
    ROLE = "role"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField()
    kind = models.CharField(max_length=10)
    entry_key = models.CharField(max_length=100, blank=True, default="")
    role = models.CharField(max_length=20, blank=True, default="")
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="invitations_sent",
    )
    invited_by_name = models.CharField(max_length=200)
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="invitations_accepted",
    )

    class Meta:
        ordering = ["id"]


class MailReply(models.Model):
    """A reply address of an outgoing mail that was used (issue 31 item 3): its nonce, once.
    A reply that acted stores this row in the transaction of what it did, so the same address
    never acts twice; a refused reply stores nothing."""

    nonce = models.CharField(max_length=32, unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mail_replies"
    )
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="mail_replies")
    target = models.CharField(max_length=100)
    """What the address was bound to, as the preset names it (`m123.7`: game 123, ply 7)."""
    used_at = models.DateTimeField()
    message_id = models.CharField(max_length=300, blank=True, default="")

    class Meta:
        ordering = ["id"]


# -- game talk and reports to the officials (issue 31 item 1) ---------------------------------


class GameMessage(models.Model):
    """A message one player of a game wrote to the other (the game's talk). A fact: never
    edited nor deleted; an official hides it by appending a `GameMessageHiding`."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="messages")
    entry = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="+")
    """The side that wrote it."""
    text = models.TextField()
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["id"]


class GameMessageHiding(models.Model):
    """Who hid a message of a game's talk, when and why (once)."""

    message = models.OneToOneField(GameMessage, on_delete=models.CASCADE, related_name="hiding")
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)
    reason = models.TextField()


class OfficialReport(models.Model):
    """A report or message to an event's officials (the Mwamuzi): cheating, abuse, a problem,
    a question; about one game or the event. A fact; the officials answer by appending
    `OfficialAnswer`s."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="official_reports")
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="official_reports"
    )
    kind = models.CharField(max_length=20)
    text = models.TextField()
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="official_reports",
    )

    class Meta:
        ordering = ["id"]


class OfficialAnswer(models.Model):
    """An official's answer or ruling on a report; the reporter sees it on their page."""

    report = models.ForeignKey(OfficialReport, on_delete=models.CASCADE, related_name="answers")
    text = models.TextField()
    closes = models.BooleanField(default=True, help_text="The report is dealt with.")
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)

    class Meta:
        ordering = ["id"]


# -- teams (issue 32): any preset's games played in teams --------------------------------------


class TeamMode(models.Model):
    """The event is played in teams: how many boards a match has, its match points, and what a
    late or missing line-up brings (shared/reference/fide_teams.md §1-§3)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="team_mode")
    boards = models.PositiveSmallIntegerField(default=4)
    match_points = models.CharField(
        max_length=40, default="2,1,0", help_text="Match won, drawn, lost (fide_teams.md 1.3)."
    )
    missing_lineup = models.CharField(
        max_length=20,
        default="roster",
        help_text="A line-up missing at the deadline: 'roster' (the first players of the "
        "roster play, in its order) or 'forfeit' (every board lost by forfeit).",
    )
    tiebreaks = models.CharField(
        max_length=200,
        default="MP,GP,EDE,BH:MP/C1,BH:MP,EMMSB",
        help_text="The standings order as team tie-break codes (engine.teams.tiebreaks), "
        "comma-separated; fide_teams.md 1.4, 6.2, 6.11.",
    )
    system = models.CharField(
        max_length=20,
        default="round-robin",
        help_text="How the team rounds are paired: 'round-robin' (Berger tables) or 'swiss' "
        "(FIDE C.04.6).",
    )
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The rounds of a team Swiss (empty: a round-robin)."
    )
    board_prize_games = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Board prizes: the fewest games on a board that rank a player for its prize "
        "(empty: two thirds of the event's rounds, rounded up).",
    )
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)


class Team(models.Model):
    """A team of the event: its number (TPN, fide_teams.md 1.5), name, club or country, and its
    captain's account."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=200)
    club = models.CharField(max_length=200, blank=True, default="")
    captain = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="captained_teams",
    )
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="team_number_unique"),
            models.UniqueConstraint(fields=["event", "name"], name="team_name_unique"),
        ]
        ordering = ["number"]


class TeamMember(models.Model):
    """One place of a team's roster: the ranked list of players, reserves last (3.1)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    entry = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="+")
    position = models.PositiveSmallIntegerField()
    reserve = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["team", "position"], name="member_position_unique"),
            models.UniqueConstraint(fields=["team", "entry"], name="member_entry_unique"),
        ]
        ordering = ["team", "position"]


class TeamMatch(models.Model):
    """A match of a round between two teams as paired; the first-named team has White on
    board 1 (fide_teams.md 4.1-4.2). `second` is empty for a team's bye."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="team_matches")
    round = models.PositiveIntegerField()
    number = models.PositiveSmallIntegerField(help_text="The match's table in its round.")
    first = models.ForeignKey(Team, on_delete=models.RESTRICT, related_name="+")
    second = models.ForeignKey(
        Team, on_delete=models.RESTRICT, related_name="+", null=True, blank=True
    )
    lineup_deadline = models.DateTimeField(null=True, blank=True)
    bye_match_points = models.CharField(
        max_length=20,
        blank=True,
        default="",
        help_text="A bye's match points as given when paired (a team Swiss PAB, fide_teams.md "
        "5.2); empty: the bye counts nothing.",
    )
    bye_game_points = models.CharField(
        max_length=20, blank=True, default="", help_text="A bye's game points (see above)."
    )
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["event", "round", "number"], name="team_match_table_unique"
            )
        ]
        ordering = ["round", "number"]


class Lineup(models.Model):
    """A line-up as a captain (or an official) submitted it: entry keys in board order, an
    empty key for an empty board. Append-only: the latest counts."""

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="lineups")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    players = models.JSONField(default=list)
    at = models.DateTimeField()
    actor = models.CharField(max_length=100)
    reason = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["at", "id"]


class BoardReport(models.Model):
    """The log of one board's result in a team match (as `ResultReport` for a game): reports,
    confirmations, disputes, rulings, corrections. The result reads from the first-named
    team's player; `side` is the team number the actor acted for (0: an official)."""

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="board_reports")
    board = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20, choices=[(k.value, k.value) for k in ReportKind])
    result = models.CharField(max_length=10, blank=True, default="")
    side = models.PositiveSmallIntegerField(default=0)
    actor = models.CharField(max_length=100)
    at = models.DateTimeField()
    reason = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["at", "id"]
