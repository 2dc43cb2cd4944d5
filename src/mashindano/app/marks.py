"""`gettext_noop`: marks a text for the translation catalogs (`make messages` finds every call
by this name) without translating it; the text is translated where it is shown.

Django's own `gettext_noop` reads the settings: called at import time (tables of labels and
help texts), it would configure Django before the command line has read `--db`.
"""

from __future__ import annotations


def gettext_noop(message: str) -> str:
    return message
