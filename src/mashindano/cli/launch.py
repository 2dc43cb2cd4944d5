"""The `mashindano` console script.

The drop-in pairing call (`pair --dutch IN.trf -p [OUT]`) is run before anything else is
imported (see `pair_protocol`); a plain use of a single command is run without building the
Typer application (see `quick`); everything else goes to the Typer application in `main`.
"""

from __future__ import annotations

import sys


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["pair"]:
        from mashindano.cli.pair_protocol import run_drop_in

        code = run_drop_in(args[1:])
        if code is not None:
            sys.exit(code)
    from mashindano.cli.main import COMMANDS, app
    from mashindano.cli.quick import run_quick

    code = run_quick(args, COMMANDS)
    if code is not None:
        sys.exit(code)
    app()
