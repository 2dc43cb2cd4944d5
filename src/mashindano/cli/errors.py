"""Exit codes and the translation of engine errors into messages on stderr.

Exit codes (documented in the README):
  0  success
  1  no valid pairing exists (the JaVaFo/bbpPairings convention), and nothing else
  2  wrong command-line usage (Typer's own code)
  3  invalid input: a malformed file, an impossible result, a bad parameter, a size beyond
     its limit, an unsupported database URL
  4  a check found mismatches (`pair -c`)
  5  a file or the database cannot be read or written (missing, a directory, not a
     database, the server down or without that database)
The event commands add 6 (not found) and 7 (refused); see `cli.event_common`.
  70 an internal error (a bug): one line all the same; MASHINDANO_DEBUG=1 shows the traceback
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from mashindano.config.errors import DatabaseUnavailable, DatabaseUrlError
from mashindano.engine.errors import (
    ConfigError,
    IllegalResult,
    MashindanoError,
    NoValidPairing,
    ParseError,
)

if TYPE_CHECKING:
    import typer

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_USAGE = 2
EXIT_INVALID_INPUT = 3
EXIT_MISMATCH = 4
EXIT_FILE_ERROR = 5
EXIT_INTERNAL_ERROR = 70


def fail(message: str, code: int) -> typer.Exit:
    # Imported here: the drop-in pairing call (`pair_protocol`) runs without Typer.
    import typer

    print(f"mashindano: {message}", file=sys.stderr)
    return typer.Exit(code)


@contextmanager
def reported_errors() -> Iterator[None]:
    """Turn engine and file errors into a one-line message and the documented exit code."""
    try:
        yield
    except NoValidPairing as exc:
        raise fail(f"no valid pairing: {exc.message}", EXIT_NO_PAIRING) from None
    except (ParseError, IllegalResult, ConfigError) as exc:
        raise fail(exc.message, EXIT_INVALID_INPUT) from None
    except MashindanoError as exc:
        raise fail(exc.message, EXIT_INVALID_INPUT) from None
    except DatabaseUrlError as exc:
        raise fail(exc.message, EXIT_INVALID_INPUT) from None
    except DatabaseUnavailable as exc:
        raise fail(exc.message, EXIT_FILE_ERROR) from None
    except RecursionError:
        raise fail("the input nests too deeply to be read", EXIT_INVALID_INPUT) from None
    except OSError as exc:
        name = exc.filename if exc.filename is not None else ""
        raise fail(f"{name}: {exc.strerror or exc}", EXIT_FILE_ERROR) from None
    except Exception as exc:
        if type(exc).__module__.startswith(("typer", "click")):
            raise  # an exit or usage error on its way to Typer, already worded
        # A bug, not bad input: still one line, and never exit 1 (which means "no valid
        # pairing" to the programs that call `pair`). MASHINDANO_DEBUG=1 shows the traceback.
        if os.environ.get("MASHINDANO_DEBUG") == "1":
            raise
        what = f"{type(exc).__name__}: {exc}".splitlines()[0][:300]
        raise fail(
            f"internal error ({what}); please report it (MASHINDANO_DEBUG=1 shows where)",
            EXIT_INTERNAL_ERROR,
        ) from None


class ReaderWarning(Protocol):
    """What a file reader read past (`TrfWarning`): its line and what it did."""

    @property
    def line(self) -> int: ...

    @property
    def message(self) -> str: ...


def print_warnings(
    source: str, warnings: Iterable[ReaderWarning], *, as_json: bool = False
) -> None:
    """A reader's warnings on stderr: one `mashindano: warning: SOURCE, line N: ...` line
    each, or with `as_json` one JSON document `{"warnings": [{"line", "message"}...]}` (stdout
    keeps the command's own output)."""
    found = list(warnings)
    if not found:
        return
    if as_json:
        listed = [{"source": source, "line": w.line, "message": w.message} for w in found]
        print(json.dumps({"warnings": listed}, ensure_ascii=False), file=sys.stderr)
        return
    for w in found:
        print(f"mashindano: warning: {source}, line {w.line}: {w.message}", file=sys.stderr)


def read_text(path: Path) -> str:
    """Read a UTF-8 input file; a file that cannot be read is exit code 5."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise fail(f"{path}: not a UTF-8 text file", EXIT_INVALID_INPUT) from None
    except OSError as exc:
        raise fail(f"{path}: {exc.strerror or exc}", EXIT_FILE_ERROR) from None


def write_text(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise fail(f"{path}: {exc.strerror or exc}", EXIT_FILE_ERROR) from None
