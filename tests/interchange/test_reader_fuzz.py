"""Seeded fuzzing of the readers (issue 21, item 3): valid TRF, CSV and JSON texts are mutated
in the ways careless hands and broken tools mutate them (numbers of thousands of digits, stray
quotes and separators, deep nesting, cut lines, bytes repeated or dropped) and each result is
read as the commands read it. A reader either reads the text or refuses it with the engine's
narrow errors (a ParseError naming the place); any other exception is a failure, reported with
the seed and the mutation so that it can be replayed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from mashindano.engine.errors import MashindanoError
from mashindano.interchange.games_csv import parse_games_csv, parse_games_sections
from mashindano.interchange.json_read import parse_json
from mashindano.interchange.players_csv import parse_players_csv
from mashindano.interchange.trf import trf_to_stage_results
from mashindano.interchange.trf_read import parse_trf

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
DUTCH = SHARED / "fixtures" / "dutch"

INPUTS_PER_READER = 800

PLAYERS = (
    "name,rating,games_played,country\n"
    "Asha Mwangi,1850,40,KEN\n"
    '"Okello, John",1720,,UGA\n'
    "Zawadi Said,,12,TZA\n"
    "Baraka Ali,1500,3,\n"
)
GAMES = (
    "round,white,black,result\n"
    "1,Asha Mwangi,Baraka Ali,1-0\n"
    '1,"Okello, John",Zawadi Said,1/2-1/2\n'
    "2,Zawadi Said,Asha Mwangi,0-1\n"
    "2,Baraka Ali,,U\n"
    '2,"Okello, John",,H\n'
)
EVENT = {
    "format": "mashindano-event",
    "version": 1,
    "event": {"slug": "club", "preset": "chess-swiss", "seed": 42, "parameters": {}},
    "entries": [{"key": "A", "name": "A", "rating": 1800}, {"key": "B", "name": "B"}],
    "rounds": [
        {
            "stage": 1,
            "number": 1,
            "encounters": [
                {"board": 1, "first": "A", "second": "B", "games": [{"reports": []}]},
            ],
        }
    ],
    "detail": {"tp": ["12.4", "7.6"]},
}

# Fragments that broke readers before: digits past Python's conversion limit, a quote with no
# partner, another separator, an opening bracket repeated.
NASTY = [
    "9" * 5000,
    "1" + "0" * 40,
    '"',
    ";",
    "\t",
    "\x00",
    "[" * 5000,
    "{" * 3000,
    "-",
    "½",
    "\ufeff",
    "NaN",
    "1e400",
    " " * 200,
    "A" * 140_000,
]


def _trf_seeds() -> list[str]:
    if not DUTCH.is_dir():
        pytest.fail(f"reference fixtures missing: {DUTCH} (the shared/ folder beside the repo)")
    files = sorted(DUTCH.glob("*.trf"))[:6]
    texts = [f.read_text(encoding="utf-8") for f in files]
    # The engine's extension records (forbidden pairs, absences, rounds, points) as well.
    return [*texts, texts[0] + "142 5\nXXP 1 3\nXXZ 2\nBBW 1.0\nBBD 0.5\n"]


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """One to three random edits of `text`, and what they were (for the failure message)."""
    done = []
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(text) + 1)
        match rng.randrange(8):
            case 0:
                piece = rng.choice(NASTY)
                text = text[:at] + piece + text[at:]
                done.append(f"insert {piece[:12]!r}x{len(piece)} at {at}")
            case 1:
                end = min(len(text), at + rng.randint(1, 40))
                text = text[:at] + text[end:]
                done.append(f"delete {at}:{end}")
            case 2:
                end = min(len(text), at + rng.randint(1, 80))
                text = text[:at] + text[at:end] * rng.randint(2, 5) + text[end:]
                done.append(f"repeat {at}:{end}")
            case 3:
                text = text[:at]
                done.append(f"cut at {at}")
            case 4:
                char = chr(rng.choice([rng.randint(32, 126), rng.randint(0, 0x2FFF)]))
                text = text[:at] + char + text[at + 1 :]
                done.append(f"replace {at} by {char!r}")
            case 5:  # a digit run grows absurdly long
                digits = [i for i, c in enumerate(text) if c.isdigit()]
                if digits:
                    i = rng.choice(digits)
                    text = text[:i] + "9" * rng.choice([7, 25, 5000]) + text[i + 1 :]
                    done.append(f"long number at {i}")
            case 6 if rng.random() < 0.5:  # a line's last value grows absurdly long
                lines = text.split("\n")
                i = rng.randrange(len(lines))
                head, _, _ = lines[i].rstrip().rpartition(" ")
                lines[i] = f"{head} {rng.choice(['9' * 5000, '0' * 5000 + '1', '1' + '0' * 30])}"
                text = "\n".join(lines)
                done.append(f"long last value on line {i + 1}")
            case 6:  # lines swapped or duplicated
                lines = text.split("\n")
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
                if rng.random() < 0.5:
                    lines.insert(i, lines[j])
                text = "\n".join(lines)
                done.append(f"lines {i}<->{j}")
            case _:
                sep = rng.choice([";", "\t", "\r\n", "\r", ",,", '"'])
                text = text.replace(rng.choice([",", "\n", " "]), sep, rng.randint(1, 5))
                done.append(f"separators -> {sep!r}")
    return text, "; ".join(done)


def read_trf(text: str) -> None:
    trf_to_stage_results(parse_trf(text, source="fuzz.trf", require_players=True))


def read_players(text: str) -> None:
    parse_players_csv(text, source="PLAYERS.csv")


def read_games(text: str) -> None:
    roster = parse_players_csv(PLAYERS, source="PLAYERS.csv")
    parse_games_csv(text, source="GAMES.csv")
    parse_games_sections(text, source="GAMES.csv", competitors=roster)


def read_json(text: str) -> None:
    parse_json(text, source="event.json")


READERS: dict[str, tuple[Callable[[str], None], Callable[[], list[str]]]] = {
    "trf": (read_trf, _trf_seeds),
    "players-csv": (read_players, lambda: [PLAYERS]),
    "games-csv": (read_games, lambda: [GAMES]),
    "json": (read_json, lambda: [json.dumps(EVENT, indent=2), json.dumps(EVENT)]),
}


@pytest.mark.parametrize("name", list(READERS))
def test_a_mutated_file_is_read_or_refused_with_a_parse_error_never_a_crash(name: str) -> None:
    read, seeds = READERS[name]
    texts = seeds()
    for text in texts:
        read(text)  # the unmutated inputs are valid
    refused = 0
    for seed in range(INPUTS_PER_READER):
        rng = random.Random(f"{name}-{seed}")
        mutated, how = mutate(rng.choice(texts), rng)
        message = None
        try:
            read(mutated)
        except MashindanoError as exc:
            message = exc.message
        except Exception as exc:  # the point of the test: nothing else may escape
            pytest.fail(f"{name} seed {seed} ({how}): {type(exc).__name__}: {exc}"[:2000])
        if message is not None:
            refused += 1
            assert message.strip(), f"seed {seed} ({how}): an empty message"
            assert "\n" not in message, f"seed {seed} ({how}): {message!r}"
    assert refused > INPUTS_PER_READER // 10, "the mutations hardly ever break the input"
