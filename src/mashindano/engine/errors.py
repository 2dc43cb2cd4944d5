"""Narrow error types, each carrying a machine-readable code and its parameters.

The edges (CLI, web, API) translate them into messages and exit codes; the engine never prints.
"""

from __future__ import annotations

from typing import Any


class MashindanoError(Exception):
    """Base class: `code` names the problem, `params` carries its details."""

    code: str = "error"

    def __init__(self, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.params = params

    def __str__(self) -> str:
        return self.message


class ParseError(MashindanoError):
    """Malformed input text: a file, a line, a value that cannot be read."""

    code = "parse_error"


class IllegalResult(MashindanoError):
    """A result that the rules do not allow (wrong sum, a player paired twice, ...)."""

    code = "illegal_result"


class NoValidPairing(MashindanoError):
    """No pairing satisfies the absolute criteria; `params` says who and why."""

    code = "no_valid_pairing"


class ConfigError(MashindanoError):
    """A configuration value outside what the rules allow."""

    code = "config_error"
