"""Bao la Kiswahili as KIBA plays it, and Bao la Kujifunza (shared/spec/bao.md).

Modules, one job each:
  parameters  the rule parameters (D1-D9) with the spec's defaults, as record data (B66)
  position    the position, pit names, the B62 text format and its checks (B63)
  sowing      one move on the board: laps, relays, captures, nyumba, takasia stop, never-ending
  moves       legal moves and their results, takasia creation, end of game, canonical form
  notation    KIBA notation: parsing what players type, strict and lenient (B55-B61)
  records     game records: read, write, replay and verify (B64-B66)
  render      a position as text for e-mails and the command line

The informative interface of B67: `standard_position` (initial), `legal_moves`, `apply_move`,
`parse_move`, `format_move`, `replay`.
"""

from mashindano.engine.bao.moves import (
    End,
    Move,
    MoveResult,
    apply_move,
    game_end,
    has_legal_move,
    legal_moves,
    legal_results,
)
from mashindano.engine.bao.notation import format_move, parse_move, parse_move_text
from mashindano.engine.bao.parameters import (
    DEFAULT_PARAMETERS,
    KUJIFUNZA_PARAMETERS,
    RULES_EDITION,
    BaoParameters,
    parameters_from_mapping,
    parameters_to_mapping,
)
from mashindano.engine.bao.position import (
    NORTH,
    SOUTH,
    Position,
    format_position,
    from_json,
    parse_position,
    pit_index,
    pit_name,
    standard_position,
    to_json,
)
from mashindano.engine.bao.records import (
    GameRecord,
    Replay,
    format_record,
    parse_record,
    record_from_json,
    record_to_json,
    replay,
    replay_moves,
)
from mashindano.engine.bao.render import describe_end, render_position

__all__ = [
    "DEFAULT_PARAMETERS",
    "KUJIFUNZA_PARAMETERS",
    "NORTH",
    "RULES_EDITION",
    "SOUTH",
    "BaoParameters",
    "End",
    "GameRecord",
    "Move",
    "MoveResult",
    "Position",
    "Replay",
    "apply_move",
    "describe_end",
    "format_move",
    "format_position",
    "format_record",
    "from_json",
    "game_end",
    "has_legal_move",
    "legal_moves",
    "legal_results",
    "parameters_from_mapping",
    "parameters_to_mapping",
    "parse_move",
    "parse_move_text",
    "parse_position",
    "parse_record",
    "pit_index",
    "pit_name",
    "record_from_json",
    "record_to_json",
    "render_position",
    "replay",
    "replay_moves",
    "standard_position",
    "to_json",
]
