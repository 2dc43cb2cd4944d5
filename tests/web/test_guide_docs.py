"""The audience guides in docs/guide/ stay current (issue 29, findable doors): every picture a
guide shows exists in docs/guide/img/ (the browser tests that take the screenshots refresh them,
see GUIDE in tests/browser/conftest.py), no picture lies there unused, and every page path a
guide names is a page of the site."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import Resolver404, resolve

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guide"
GUIDES = sorted(GUIDE.glob("*.md"))
PICTURE = re.compile(r"!\[[^\]]*\]\(([^)]+)\)")
PATH = re.compile(r"`(/[^`\s]*)`")
EXAMPLES = {"<slug>": "demo-chess-swiss", "<game>": "1"}


def _text(guide: Path) -> str:
    return guide.read_text(encoding="utf-8")


def _paths(guide: Path) -> list[str]:
    return PATH.findall(_text(guide))


def test_there_is_a_guide_per_audience() -> None:
    assert {guide.name for guide in GUIDES} >= {
        "README.md",
        "organiser.md",
        "arbiter.md",
        "player.md",
    }


@pytest.mark.parametrize("guide", GUIDES, ids=lambda guide: guide.name)
def test_every_picture_a_guide_shows_exists(guide: Path) -> None:
    missing = [name for name in PICTURE.findall(_text(guide)) if not (GUIDE / name).is_file()]
    assert missing == [], f"{guide.name} shows pictures that are not there: {missing}"


def test_every_picture_is_shown_by_a_guide() -> None:
    shown = {(GUIDE / name).resolve() for guide in GUIDES for name in PICTURE.findall(_text(guide))}
    unused = [p.name for p in sorted((GUIDE / "img").glob("*.png")) if p.resolve() not in shown]
    assert unused == []


def test_the_audience_guides_show_pictures_and_name_pages() -> None:
    for name in ("organiser.md", "arbiter.md", "player.md"):
        assert PICTURE.findall(_text(GUIDE / name)), name
        assert _paths(GUIDE / name), name


@pytest.mark.parametrize("guide", GUIDES, ids=lambda guide: guide.name)
def test_every_page_a_guide_names_is_a_page_of_the_site(guide: Path) -> None:
    unknown = []
    for named in _paths(guide):
        path = named.split("?")[0]
        for placeholder, example in EXAMPLES.items():
            path = path.replace(placeholder, example)
        if "<" in path:
            unknown.append(named)
            continue
        try:
            resolve(path)
        except Resolver404:
            unknown.append(named)
    assert unknown == [], f"{guide.name} names pages the site does not have: {unknown}"
