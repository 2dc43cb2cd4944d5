"""`manage.py` for the installed package: `python -m mashindano.config.manage migrate`,
or `mashindano manage migrate` through the CLI."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mashindano.config.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(["mashindano manage", *(argv if argv is not None else sys.argv[1:])])


if __name__ == "__main__":
    main()
