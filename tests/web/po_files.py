"""A small reader of gettext .po files: each entry's msgid, whether it is translated (every
msgstr, including each plural form, non-empty) and whether it is fuzzy. The header is left
out."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "src" / "mashindano" / "locale"
LANGUAGES = ("sw", "ro", "fa", "fi")


@dataclass(frozen=True)
class Entry:
    msgid: str
    msgstrs: tuple[str, ...]
    fuzzy: bool
    obsolete: bool
    locations: tuple[str, ...] = ()
    """The files it comes from (`#:` lines)."""

    @property
    def translated(self) -> bool:
        return all(self.msgstrs)


def _text(lines: list[str]) -> str:
    return "".join(ast.literal_eval(line) for line in lines)


def read_po(path: Path) -> list[Entry]:
    entries: list[Entry] = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        lines = [line.strip() for line in block.strip().splitlines()]
        obsolete = any(line.startswith("#~") for line in lines)
        fuzzy = any(line.startswith("#,") and "fuzzy" in line for line in lines)
        locations = tuple(
            place.split(":", 1)[0]
            for line in lines
            if line.startswith("#:")
            for place in line[2:].split()
        )
        fields: dict[str, list[str]] = {}
        current = ""
        for line in lines:
            if line.startswith("#"):
                continue
            if line.startswith('"'):
                fields[current].append(line)
                continue
            key, _, rest = line.partition(" ")
            current = key
            fields[current] = [rest]
        if "msgid" not in fields:
            continue
        msgid = _text(fields["msgid"])
        if msgid == "":
            continue  # the header
        msgstrs = tuple(_text(v) for k, v in fields.items() if k.startswith("msgstr"))
        entries.append(Entry(msgid, msgstrs, fuzzy, obsolete, locations))
    return entries
