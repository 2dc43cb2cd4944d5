"""A small checker for user-visible template text that is not marked for translation.

Templates are split with Django's own lexer. Text between `{% translate %}`/`{% blocktranslate
%}` tags is marked; `{% comment %}` blocks, HTML comments, `<script>`/`<style>` bodies and
tag markup are not visible. What remains of a text token, and the visible attributes of its
tags (title, alt, placeholder, aria-label, label), must hold no letters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from django.template.base import Lexer, TokenType

VISIBLE_ATTRIBUTES = ("title", "alt", "placeholder", "aria-label", "label", "data-confirm")
_TAG = re.compile(r"<[^>]*>", re.S)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_HIDDEN = re.compile(r"<(script|style)\b[^>]*>.*?</\1\s*>", re.S | re.I)
_ATTRIBUTE = re.compile(
    r"\b(" + "|".join(re.escape(a) for a in VISIBLE_ATTRIBUTES) + r""")\s*=\s*("[^"]*"|'[^']*')""",
    re.I,
)
_ENTITY = re.compile(r"&[#a-zA-Z0-9]+;")
ALLOWED = {"Mashindano", "Elo", "PGN", "TRF", "CSV", "ICS", "JSON", "API", "FIDE", "ID", "UTC", "Σ"}
"""Words that are the same in every language (the site's name, format names, UTC)."""
NOTATION = re.compile(r"^[A-Da-d]\d{1,2}[<>]\*?$")
"""A KIBA move as typed (`A6<*`): the example in the move field's placeholder."""


@dataclass(frozen=True)
class Unmarked:
    path: Path
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r}"


def _letters(text: str) -> str:
    text = _ENTITY.sub(" ", text)
    words = [w for w in re.split(r"\s+", text) if w]
    left = [
        w
        for w in words
        if any(c.isalpha() for c in w)
        and w.strip(".,:;()·/-") not in ALLOWED
        and not NOTATION.match(w)
    ]
    return " ".join(left)


def _visible(source: str) -> list[str]:
    """The visible pieces of a stretch of template text (placeholders already blanked)."""
    source = _COMMENT.sub(" ", source)
    source = _HIDDEN.sub(" ", source)
    found = [m.group(2)[1:-1] for tag in _TAG.findall(source) for m in _ATTRIBUTE.finditer(tag)]
    found.append(_TAG.sub(" ", source))
    return [t for t in (_letters(f) for f in found) if t]


def unmarked_in(path: Path) -> list[Unmarked]:
    """Every unmarked user-visible piece of text in one template."""
    tokens = Lexer(path.read_text(encoding="utf-8")).tokenize()
    problems: list[Unmarked] = []
    depth = 0  # inside blocktranslate / comment / the body's class
    in_class = False
    pending: list[tuple[int, str]] = []
    placeholder = "\x00"

    def flush() -> None:
        if not pending:
            return
        text = "".join(t for _, t in pending)
        # A tag straddling tokens (`<a title="{{ x }}">`) is joined before it is read.
        for piece in _visible(text):
            cleaned = piece.replace(placeholder, " ").strip()
            if _letters(cleaned):
                problems.append(Unmarked(path, pending[0][0], _letters(cleaned)))
        pending.clear()

    def inside_tag() -> bool:
        text = "".join(t for _, t in pending)
        return text.rfind("<") > text.rfind(">")

    for token in tokens:
        if token.token_type == TokenType.BLOCK and not inside_tag():
            flush()
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents else ""
            if name in ("blocktranslate", "blocktrans", "comment") or (
                name == "block" and token.contents.split()[1:2] == ["body_class"]
            ):
                in_class = in_class or name == "block"
                depth += 1
                pending.append((token.lineno, placeholder))
                continue
            if name in ("endblocktranslate", "endblocktrans", "endcomment") or (
                name == "endblock" and in_class
            ):
                in_class = in_class and name != "endblock"
                depth -= 1
                continue
            if depth == 0:
                pending.append((token.lineno, placeholder))
            continue
        if depth:
            continue
        if token.token_type == TokenType.TEXT:
            pending.append((token.lineno, token.contents))
        elif token.token_type == TokenType.VAR:
            pending.append((token.lineno, placeholder))
    flush()
    return problems


def template_files(root: Path) -> list[Path]:
    return sorted(
        p
        for p in root.rglob("*")
        if p.suffix in {".html", ".txt"} and "templates" in p.parts and p.is_file()
    )


if __name__ == "__main__":
    import sys

    for arg in sys.argv[1:] or ["src/mashindano"]:
        for template in template_files(Path(arg)):
            for problem in unmarked_in(template):
                print(problem)
