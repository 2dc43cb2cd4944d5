"""A TRF team file and the engine's team event: `TrfTournament` (read with `teams=True`) ->
`TeamEvent` (fide_teams.md §8, §9).

The matches are rebuilt from the players' games (§9.2): the games of one round between
players of two teams are that round's match, its boards in roster order (the 310/013 order,
or a 300 record's), the first-named ("white") team the one with record 352's board-1 colour
(W and B alternating when 352 is absent). A 330 record marks a match forfeited as a whole;
320 gives the team PAB and its points. Match points come from record 362 (2/1/0 when absent),
board points from 162. Player ids in the event are the starting ranks as text.

What decides is strict (`ParseError` naming the line or round): players of one team playing
each other, a team meeting two teams in a round, boards that do not line up, a PAB team with
a game. What only informs (310's match points, game points, rank) is checked and a
disagreement is a warning; the results count.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from mashindano.engine.errors import ConfigError, ParseError
from mashindano.engine.model import Side
from mashindano.engine.points import PointSystem, format_points
from mashindano.engine.teams.model import (
    Board,
    BoardResult,
    MatchForfeit,
    MatchPointScheme,
    Team,
    TeamBye,
    TeamByeKind,
    TeamEvent,
    TeamMatch,
    board_colours,
    default_pab,
)
from mashindano.interchange.trf_model import (
    TrfColour,
    TrfForfeitedMatch,
    TrfPlayer,
    TrfRoundEntry,
    TrfTeam,
    TrfTeamOrder,
    TrfTeamPab,
    TrfTournament,
    TrfWarning,
    compute_player_points,
    compute_point_system,
    tournament_point_system,
)

__all__ = ["TeamFileReading", "match_scheme_of", "team_event_to_trf", "trf_to_team_event"]


@dataclass(frozen=True, slots=True)
class TeamFileReading:
    """The team event a file describes and what was read past (informative disagreements)."""

    event: TeamEvent
    warnings: tuple[TrfWarning, ...] = ()


def match_scheme_of(t: TrfTournament) -> MatchPointScheme:
    """Record 362's match points (TW, TD, TL), else 2 / 1 / 0."""
    values = dict(t.match_scoring)
    default = MatchPointScheme()
    return MatchPointScheme(
        win=values.get("TW", default.win),
        draw=values.get("TD", default.draw),
        loss=values.get("TL", default.loss),
    )


def trf_to_team_event(
    t: TrfTournament, *, source: str = "<trf>", round_robin: bool | None = None
) -> TeamFileReading:
    """The team event of a team file. `round_robin` None: a round robin when record 092
    says so ("round robin" in its text). ParseError for what cannot be a team event."""
    if not t.teams:
        raise ParseError(f"{source}: not a team file (no 310 or 013 team records)", source=source)
    return _Builder(t, source).build(round_robin)


_WIN_CODES = frozenset({"1", "W"})
_LOSS_CODES = frozenset({"0", "L"})
_DRAW_CODES = frozenset({"=", "D"})


class _Builder:
    def __init__(self, t: TrfTournament, source: str) -> None:
        self.t = t
        self.source = source
        self.warnings: list[TrfWarning] = []
        self.team_of = {p: team.number for team in t.teams for p in team.players}
        self.roster_index = {p: k for team in t.teams for k, p in enumerate(team.players)}
        self.players = {p.starting_rank: p for p in t.players}

    def fail(self, message: str, **params: Any) -> ParseError:
        return ParseError(f"{self.source}: {message}", source=self.source, **params)

    def warn(self, message: str) -> None:
        self.warnings.append(TrfWarning(0, message))

    def build(self, round_robin: bool | None) -> TeamFileReading:
        t = self.t
        rounds = t.rounds or max((len(p.rounds) for p in t.players), default=0)
        if t.team_pab is not None:
            rounds = max(rounds, len(t.team_pab.teams))
        rounds = max([rounds, *(f.round for f in t.forfeited_matches)])
        try:
            scheme = match_scheme_of(t)
            scoring = tournament_point_system(t)
        except (ValueError, ConfigError) as exc:
            raise self.fail(f"point system: {exc}") from None
        pab_rounds = self.pab_rounds()
        matches = [
            match
            for r in range(1, rounds + 1)
            for match in self.round_matches(r, pab_rounds.get(r))
        ]
        boards = self.board_count(matches)
        byes = []
        if t.team_pab is not None:
            mp, gp = t.team_pab.match_points, t.team_pab.game_points
        else:
            mp, gp = default_pab(boards, scheme, scoring)
        for r, team in sorted(pab_rounds.items()):
            byes.append(TeamBye(r, team, mp, gp, TeamByeKind.PAB))
        if round_robin is None:
            round_robin = "robin" in (t.tournament_type or "").lower()
        try:
            event = TeamEvent(
                teams=tuple(self.team(team) for team in t.teams),
                boards=boards,
                rounds=rounds,
                matches=tuple(matches),
                byes=tuple(byes),
                match_scheme=scheme,
                board_scoring=scoring,
                round_robin=round_robin,
            )
        except ConfigError as exc:
            raise self.fail(exc.message) from None
        self.check_totals(event)
        return TeamFileReading(event, tuple(self.warnings))

    def team(self, team: TrfTeam) -> Team:
        try:
            return Team(
                number=team.number,
                name=team.name,
                roster=tuple(str(p) for p in team.players),
                nickname=team.nickname,
            )
        except ConfigError as exc:
            raise self.fail(exc.message) from None

    def pab_rounds(self) -> dict[int, int]:
        """Round -> the team with the PAB: record 320, else a team all of whose paired
        players show `U` (read with the default PAB values, and a warning)."""
        found: dict[int, int] = {}
        if self.t.team_pab is not None:
            for r, team in enumerate(self.t.team_pab.teams, start=1):
                if team is not None:
                    found[r] = team
        for record in self.t.teams:
            for r in sorted({r for p in record.players for r in self.bye_rounds(p)}):
                if found.get(r) == record.number:
                    continue
                if r in found:
                    raise self.fail(
                        f"round {r}: players of team {record.number} show the pairing-allocated "
                        f"bye (U) but record 320 gives it to team {found[r]}"
                    )
                self.warn(
                    f"round {r}: team {record.number}'s players show the pairing-allocated bye "
                    "(U) but there is no 320 record: read as the team PAB with default points"
                )
                found[r] = record.number
        return found

    def bye_rounds(self, player: int) -> Iterable[int]:
        p = self.players[player]
        return (r for r, e in enumerate(p.rounds, start=1) if e.result == "U")

    def round_matches(self, r: int, pab_team: int | None) -> list[TeamMatch]:
        games: dict[tuple[int, int], list[tuple[int, TrfRoundEntry]]] = {}
        opponent_team: dict[int, int] = {}
        empty_board_wins: dict[int, list[tuple[int, TrfRoundEntry]]] = {}
        for p in self.t.players:
            entry = p.entry(r)
            if entry.opponent is None:
                team = self.team_of.get(p.starting_rank)
                if entry.result == "+" and team is not None:
                    empty_board_wins.setdefault(team, []).append((p.starting_rank, entry))
                continue
            mine = self.team_of.get(p.starting_rank)
            theirs = self.team_of.get(entry.opponent)
            if mine is None or theirs is None:
                who = p.starting_rank if mine is None else entry.opponent
                raise self.fail(f"round {r}: player {who} plays but is in no team", player=who)
            if mine == theirs:
                raise self.fail(
                    f"round {r}: players {p.starting_rank} and {entry.opponent} of team {mine} "
                    "play each other"
                )
            if mine == pab_team:
                raise self.fail(
                    f"round {r}: team {mine} has the PAB but its player {p.starting_rank} plays"
                )
            if opponent_team.setdefault(mine, theirs) != theirs:
                raise self.fail(
                    f"round {r}: team {mine} plays teams {opponent_team[mine]} and {theirs}"
                )
            games.setdefault((min(mine, theirs), max(mine, theirs)), []).append(
                (p.starting_rank, entry)
            )
        forfeits = {
            (min(f.white, f.black), max(f.white, f.black)): f
            for f in self.t.forfeited_matches
            if f.round == r
        }
        for team, won in sorted(empty_board_wins.items()):
            if team not in opponent_team:
                players = ", ".join(str(p) for p, _ in won)
                raise self.fail(
                    f"round {r}: players {players} of team {team} win by forfeit without an "
                    "opponent but the team has no match that round (a 330 record names it)"
                )
            theirs = opponent_team[team]
            games.setdefault((min(team, theirs), max(team, theirs)), []).extend(won)
        matches = []
        for pair in sorted(set(games) | set(forfeits)):
            for team in pair:
                if opponent_team.setdefault(team, sum(pair) - team) != sum(pair) - team:
                    raise self.fail(
                        f"round {r}: team {team} has a 330 forfeited match against "
                        f"{sum(pair) - team} but plays team {opponent_team[team]}"
                    )
            matches.append(self.match(r, pair, games.get(pair, []), forfeits.get(pair)))
        return matches

    def lineup(self, r: int, team: int, opponent: int, players: list[int]) -> list[int | None]:
        order = self.order_record(r, team)
        if order is None:
            ordered: list[int] = sorted(players, key=self.roster_index.__getitem__)
            return list[int | None](ordered)
        if order.opponent != opponent:
            raise self.fail(
                f"round {r}: record 300 schedules team {team} against {order.opponent} but it "
                f"plays team {opponent}"
            )
        listed = [p for p in order.players if p is not None]
        if sorted(listed) != sorted(players):
            raise self.fail(
                f"round {r}: record 300 lists other players for team {team} than those who play"
            )
        return list(order.players)

    def order_record(self, r: int, team: int) -> TrfTeamOrder | None:
        for order in self.t.team_orders:
            if order.round == r and order.team == team:
                return order
        return None

    def match(
        self,
        r: int,
        pair: tuple[int, int],
        games: list[tuple[int, TrfRoundEntry]],
        forfeit: TrfForfeitedMatch | None,
    ) -> TeamMatch:
        """The match of two teams: the boards follow the line-up of the team with more
        players (roster order or its 300 record); the other team's players must come in
        their own order on those boards. A board won by forfeit against an empty board
        (`0000 - +`) has no player on the absent side."""
        first, second = pair
        entries = dict(games)
        ups = {
            team: self.lineup(
                r, team, sum(pair) - team, [p for p, _ in games if self.team_of[p] == team]
            )
            for team in pair
        }
        lead = first if len(ups[first]) >= len(ups[second]) else second
        other = sum(pair) - lead
        spare = [p for p in ups[other] if p is not None and entries[p].opponent is None]
        seats: list[tuple[int | None, int | None]] = []
        for p in ups[lead]:
            if p is None:
                seats.append((None, spare.pop(0) if spare else None))
            else:
                seats.append((p, entries[p].opponent))
        seats.extend((None, q) for q in spare)
        shown = [q for _, q in seats if q is not None]
        expected = [p for p in ups[other] if p is not None]
        if shown != expected:
            raise self.fail(
                f"round {r}, match of teams {first} and {second}: the boards do not line up "
                f"(team {lead} in its order meets {_listed(shown)}, team {other}'s order is "
                f"{_listed(expected)}); the boards follow the roster order unless a 300 "
                "record gives it"
            )
        home = self.home_team(r, lead, other, seats, entries, forfeit)
        sequence = self.sequence(len(seats)) if seats else []
        boards = []
        for k, (a, b) in enumerate(seats):
            h, w = (a, b) if home == lead else (b, a)
            boards.append(
                self.board(r, k + 1, h, w, entries, sequence[k], (home, lead + other - home))
            )
        away = sum(pair) - home
        kind = None
        if forfeit is not None:
            kind = MatchForfeit(forfeit.kind)
            if forfeit.white != home:
                kind = {
                    MatchForfeit.HOME_WINS: MatchForfeit.AWAY_WINS,
                    MatchForfeit.AWAY_WINS: MatchForfeit.HOME_WINS,
                }.get(kind, kind)
            for board in boards:
                if board.result is not None and board.result.played:
                    raise self.fail(
                        f"round {r}: record 330 says the match of teams {first} and {second} "
                        f"was forfeited but board {board.number} was played"
                    )
        try:
            return TeamMatch(r, home, away, tuple(boards), kind)
        except ConfigError as exc:
            raise self.fail(exc.message) from None

    def board(
        self,
        r: int,
        number: int,
        home_player: int | None,
        away_player: int | None,
        entries: dict[int, TrfRoundEntry],
        expected: Side,
        teams: tuple[int, int],
    ) -> Board:
        """One board from the players' lines; colours as played (a warning when they do not
        follow record 352), else as 352 says."""
        colour = expected
        if home_player is not None and entries[home_player].colour is not None:
            colour = Side.WHITE if entries[home_player].colour == "w" else Side.BLACK
        elif away_player is not None and entries[away_player].colour is not None:
            colour = Side.BLACK if entries[away_player].colour == "w" else Side.WHITE
        if colour != expected:
            self.warn(
                f"round {r}, match {teams[0]}-{teams[1]}: board {number} colours do not follow "
                f"{self.t.board_colours or 'WBWB...'} (kept as played)"
            )
        if home_player is not None:
            result = self.board_result(r, entries[home_player])
        else:
            assert away_player is not None
            won = entries[away_player].result == "+"
            result = BoardResult.AWAY_WINS_BY_FORFEIT if won else None
        return Board(
            number=number,
            home_player=None if home_player is None else str(home_player),
            away_player=None if away_player is None else str(away_player),
            home_colour=colour,
            result=result,
        )

    def sequence(self, size: int) -> tuple[Side, ...]:
        """Record 352's colours of the first `size` boards, or W and B alternating."""
        given = self.t.board_colours
        return board_colours(size, given[:size] if given and len(given) >= size else None)

    def home_team(
        self,
        r: int,
        lead: int,
        other: int,
        seats: list[tuple[int | None, int | None]],
        entries: dict[int, TrfRoundEntry],
        forfeit: TrfForfeitedMatch | None,
    ) -> int:
        """The first-named team: the one with 352's colour on the first board with a
        colour; else 330's white team; else the lower number."""
        if not seats:  # a 330 forfeited match without its boards listed
            return forfeit.white if forfeit is not None else min(lead, other)
        sequence = self.sequence(len(seats))
        for k, seat in enumerate(seats):
            for player, team in zip(seat, (lead, other), strict=True):
                if player is None or entries[player].colour is None:
                    continue
                mine = Side.WHITE if entries[player].colour == "w" else Side.BLACK
                return team if mine == sequence[k] else lead + other - team
        if forfeit is not None:
            return forfeit.white
        return min(lead, other)

    def board_result(self, r: int, entry: TrfRoundEntry) -> BoardResult | None:
        """The board's result from the home player's line (the reader has checked the away
        player's line agrees); None while not known."""
        code = entry.result
        if code in _WIN_CODES:
            return BoardResult.HOME_WINS
        if code in _LOSS_CODES:
            return BoardResult.AWAY_WINS
        if code in _DRAW_CODES:
            return BoardResult.DRAW
        if code == "+":
            return BoardResult.HOME_WINS_BY_FORFEIT
        if code == "-" and entry.opponent is not None:
            other = self.players[entry.opponent].entry(r).result
            return BoardResult.AWAY_WINS_BY_FORFEIT if other == "+" else BoardResult.DOUBLE_FORFEIT
        return None

    def board_count(self, matches: list[TeamMatch]) -> int:
        played = max((len(m.boards) for m in matches), default=0)
        declared = len(self.t.board_colours) if self.t.board_colours else None
        if declared is not None:
            if played > declared:
                raise self.fail(
                    f"a match has {played} boards but record 352 gives colours for {declared}"
                )
            return declared
        if played == 0:
            raise self.fail("no match has a board: the number of boards is unknown")
        return played

    def check_totals(self, event: TeamEvent) -> None:
        for team in self.t.teams:
            for label, given, computed in (
                ("match points", team.match_points, event.match_points_total(team.number)),
                ("game points", team.game_points, event.game_points_total(team.number)),
            ):
                if given is not None and given != computed:
                    self.warn(
                        f"team {team.number}: record 310 says {_show(given)} {label} but the "
                        f"results give {_show(computed)} (the results count)"
                    )


def _listed(players: list[int]) -> str:
    return ", ".join(str(p) for p in players) or "nobody"


def _show(value: Fraction) -> str:
    return format_points(value) if (value * 10).denominator == 1 else str(value)


_RESULT_CODES: dict[BoardResult, tuple[str, str]] = {
    BoardResult.HOME_WINS: ("1", "0"),
    BoardResult.AWAY_WINS: ("0", "1"),
    BoardResult.DRAW: ("=", "="),
    BoardResult.HOME_WINS_BY_FORFEIT: ("+", "-"),
    BoardResult.AWAY_WINS_BY_FORFEIT: ("-", "+"),
    BoardResult.DOUBLE_FORFEIT: ("-", "-"),
}


_EMPTY_BOARD_WINS = frozenset({BoardResult.HOME_WINS_BY_FORFEIT, BoardResult.AWAY_WINS_BY_FORFEIT})


def team_event_to_trf(
    event: TeamEvent,
    *,
    header: TrfTournament | None = None,
    players: Mapping[int, TrfPlayer] | None = None,
    board_colour_sequence: str | None = None,
) -> TrfTournament:
    """The TRF-26 team file of an event (write it with `format_trf(..., version="26")`).

    Player ids must be starting ranks (digits); `players` gives their 001 details (name,
    rating, ...; the rounds are rebuilt), `header` the tournament records (012, 092, ...).
    Records written: 142, 162 (P = the PAB's game points per board, by default a draw),
    352 (the given sequence, else the first match's board colours, else W/B alternating),
    362, 001 with every board game and the points it gives (the rank column as `players`
    has it), 310 with the strength (mean rating), the MP and GP totals and the rank by MP,
    GP, number, 320 when a team had the PAB (its players on boards 1..N show `0000 - U`),
    330 per forfeited match, 300 for a line-up out of the roster order; a board won against
    an empty board shows `0000 - +` for the present player.
    ConfigError for what the file cannot say (ids that are not numbers, PABs with different
    points, requested team byes)."""
    base = header or TrfTournament()
    details = dict(players or {})
    rank_of: dict[str, int] = {}
    for team in event.teams:
        for player in team.roster:
            if not player.isdigit() or int(player) < 1:
                raise ConfigError(
                    f"team {team.number}: player id {player!r} is not a starting rank, which "
                    "a TRF file needs"
                )
            rank_of[player] = int(player)
    blocks: dict[int, dict[int, TrfRoundEntry]] = {rank: {} for rank in rank_of.values()}
    forfeits: list[TrfForfeitedMatch] = []
    orders: list[TrfTeamOrder] = []
    for match in event.matches:
        for board in match.boards:
            if board.home_player is None or board.away_player is None:
                present = board.home_player or board.away_player
                if present is None or board.result not in _EMPTY_BOARD_WINS:
                    raise ConfigError(
                        f"round {match.round}, match {match.home}-{match.away}: board "
                        f"{board.number} has no player on one side and is not won by the "
                        "other side's player, which a TRF file cannot show"
                    )
                blocks[rank_of[present]][match.round] = TrfRoundEntry(None, None, "+")
                continue
            home, away = rank_of[board.home_player], rank_of[board.away_player]
            home_code, away_code = (
                _RESULT_CODES[board.result] if board.result is not None else ("", "")
            )
            home_colour: TrfColour = "w" if board.home_colour.is_first else "b"
            away_colour: TrfColour = "b" if home_colour == "w" else "w"
            blocks[home][match.round] = TrfRoundEntry(away, home_colour, home_code)
            blocks[away][match.round] = TrfRoundEntry(home, away_colour, away_code)
        for side, team_number in ((0, match.home), (1, match.away)):
            seats = [b.home_player if side == 0 else b.away_player for b in match.boards]
            order = [event.team(team_number).roster.index(p) for p in seats if p is not None]
            if order != sorted(order):
                orders.append(
                    TrfTeamOrder(
                        match.round,
                        team_number,
                        match.opponent(team_number),
                        tuple(None if p is None else rank_of[p] for p in seats),
                    )
                )
        if match.forfeit is not None:
            forfeits.append(
                TrfForfeitedMatch(match.forfeit.value, match.round, match.home, match.away)
            )
    pab_teams: dict[int, int] = {}
    pab_points: set[tuple[Fraction, Fraction]] = set()
    for bye in event.byes:
        if bye.kind is not TeamByeKind.PAB:
            raise ConfigError(
                f"round {bye.round}: team {bye.team}'s {bye.kind.value} cannot be written to a "
                "TRF-26 team file yet (only the PAB, record 320)"
            )
        pab_teams[bye.round] = bye.team
        pab_points.add((bye.match_points, bye.game_points))
        for player in event.team(bye.team).roster[: event.boards]:
            blocks[rank_of[player]][bye.round] = TrfRoundEntry(None, None, "U")
    if len(pab_points) > 1:
        raise ConfigError("the PABs of the event give different points: one 320 record cannot")
    team_pab = None
    scoring = [
        ("W", event.board_scoring.win),
        ("D", event.board_scoring.draw),
        ("L", event.board_scoring.loss),
        ("A", event.board_scoring.forfeit_loss_points),
    ]
    mp, gp = default_pab(event.boards, event.match_scheme, event.board_scoring)
    if pab_points:
        mp, gp = next(iter(pab_points))
        team_pab = TrfTeamPab(mp, gp, tuple(pab_teams.get(r) for r in range(1, max(pab_teams) + 1)))
    scoring.append(("P", gp / event.boards))
    points_system = _point_system_from_162(dict(scoring))
    records = []
    for rank in sorted(blocks):
        known = details.get(rank, TrfPlayer(rank))
        rounds = tuple(blocks[rank].get(r, TrfRoundEntry()) for r in range(1, event.rounds + 1))
        record = replace(known, starting_rank=rank, rounds=rounds)
        records.append(replace(record, points=compute_player_points(record, points_system)))
    standings = _ranks_by_mp_then_gp(event)
    teams = tuple(
        TrfTeam(
            number=team.number,
            name=team.name,
            players=tuple(rank_of[p] for p in team.roster),
            nickname=team.nickname,
            strength=_mean_rating(
                [details[rank_of[p]] for p in team.roster if rank_of[p] in details]
            ),
            match_points=event.match_points_total(team.number),
            game_points=event.game_points_total(team.number),
            rank=standings[team.number],
        )
        for team in event.teams
    )
    scheme = event.match_scheme
    return replace(
        base,
        players=tuple(records),
        rounds=event.rounds,
        scoring=tuple(scoring),
        bbp_points=(),
        teams=teams,
        team_pab=team_pab,
        forfeited_matches=tuple(forfeits),
        team_orders=tuple(orders),
        board_colours=board_colour_sequence or _colour_sequence(event),
        match_scoring=(("TW", scheme.win), ("TD", scheme.draw), ("TL", scheme.loss)),
    )


def _mean_rating(players: list[TrfPlayer]) -> int | None:
    """310's strength factor: the mean rating of the rated players (rounded half to even,
    as the fixtures' writer rounds it)."""
    ratings = [p.rating for p in players if p.rating]
    if not ratings:
        return None
    return round(Fraction(sum(ratings), len(ratings)))


def _point_system_from_162(values: dict[str, Fraction]) -> PointSystem:
    return compute_point_system(tuple(values.items()), ())


def _colour_sequence(event: TeamEvent) -> str:
    for match in event.matches:
        if len(match.boards) == event.boards:
            return "".join("W" if b.home_colour.is_first else "B" for b in match.boards)
    return "".join("W" if c.is_first else "B" for c in board_colours(event.boards))


def _ranks_by_mp_then_gp(event: TeamEvent) -> dict[int, int]:
    """310's rank: by match points, then game points, then team number."""
    ordered = sorted(
        event.teams,
        key=lambda t: (
            -event.match_points_total(t.number),
            -event.game_points_total(t.number),
            t.number,
        ),
    )
    return {team.number: place for place, team in enumerate(ordered, start=1)}
