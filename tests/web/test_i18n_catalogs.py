"""Issue 17, acceptance: a test fails when a template has a user-visible string that is not
marked for translation, or when a catalog has an untranslated or fuzzy entry; the committed
.mo files are the compiled .po files."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from tests.web.po_files import LANGUAGES, LOCALE, read_po
from tests.web.template_strings import template_files, unmarked_in

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "mashindano"


def test_every_user_visible_template_string_is_marked() -> None:
    templates = template_files(PACKAGE)
    assert len(templates) > 80
    found = [str(problem) for template in templates for problem in unmarked_in(template)]
    assert found == [], "unmarked text in templates:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("source", "unmarked"),
    [
        ("<p>Standings</p>", ["Standings"]),
        ('<input placeholder="your name">', ["your name"]),
        ("<p>{% translate 'Standings' %}</p>", []),
        ("<p>{% blocktranslate %}Round {{ n }}{% endblocktranslate %}</p>", []),
        ("<p>{{ name }} · 12½ · UTC</p>", []),
        ("{% comment %}a note{% endcomment %}<script>let a = 'x';</script>", []),
        ('<a href="?" title="{% translate \'all\' %}">{{ x }}</a> pts', ["pts"]),
    ],
)
def test_the_checker_finds_unmarked_text(tmp_path: Path, source: str, unmarked: list[str]) -> None:
    template = tmp_path / "templates" / "t.html"
    template.parent.mkdir()
    template.write_text("{% load i18n %}" + source, encoding="utf-8")
    assert [p.text for p in unmarked_in(template)] == unmarked


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_has_no_untranslated_or_fuzzy_entry(language: str) -> None:
    entries = read_po(LOCALE / language / "LC_MESSAGES" / "django.po")
    assert len(entries) > 1000
    untranslated = [e.msgid for e in entries if not e.translated]
    fuzzy = [e.msgid for e in entries if e.fuzzy]
    assert (len(untranslated), len(fuzzy)) == (0, 0), (
        f"{language}: {len(untranslated)} untranslated, {len(fuzzy)} fuzzy; first: "
        f"{(untranslated + fuzzy)[:5]}"
    )


ACCOUNTS_LOCALE = LOCALE.parent / "locale_accounts"
"""Swahili for django-allauth's strings (allauth has no sw catalog of its own)."""


def test_the_accounts_catalog_translates_every_allauth_string() -> None:
    import allauth

    english = Path(allauth.__file__).parent / "locale" / "en" / "LC_MESSAGES" / "django.po"
    wanted = {e.msgid for e in read_po(english) if not e.obsolete}
    entries = read_po(ACCOUNTS_LOCALE / "sw" / "LC_MESSAGES" / "django.po")
    assert {e.msgid for e in entries} >= wanted
    assert [e.msgid for e in entries if not e.translated or e.fuzzy] == []


@pytest.mark.parametrize(
    "folder",
    [LOCALE / language for language in LANGUAGES] + [ACCOUNTS_LOCALE / "sw"],
    ids=[*LANGUAGES, "accounts-sw"],
)
def test_committed_mo_is_the_compiled_po(folder: Path, tmp_path: Path) -> None:
    msgfmt = shutil.which("msgfmt")
    assert msgfmt is not None, "GNU gettext's msgfmt is needed (apt-get install gettext)"
    language = folder.name
    folder = folder / "LC_MESSAGES"
    compiled = tmp_path / "django.mo"
    # As Django's compilemessages calls it.
    subprocess.run(
        [msgfmt, "--check-format", "-o", str(compiled), str(folder / "django.po")], check=True
    )
    assert (folder / "django.mo").read_bytes() == compiled.read_bytes(), (
        f"{language}: django.mo is not the compiled django.po: run `make messages`"
    )


@pytest.mark.slow
def test_every_msgid_of_the_code_is_translated(tmp_path: Path) -> None:
    """Issue 29, the translation walk's catalogue half: `make messages` run over a copy of the
    package (so the committed catalogues stay as they are) adds no entry that is untranslated
    or fuzzy in sw, ro, fa or fi: every string the code and templates mark has its
    translation."""
    import sys

    copy = tmp_path / "mashindano"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    admin = Path(sys.executable).with_name("django-admin")
    command = [str(admin), "makemessages", "--settings=mashindano.config.settings"]
    command += [f"-l{language}" for language in LANGUAGES]
    command += ["--no-obsolete", "--add-location=file", "--no-wrap", "-e", "html,txt,py"]
    command += ["--ignore", "locale/*"]
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    subprocess.run(command, cwd=copy, check=True, capture_output=True, env=env)
    missing = {}
    for language in LANGUAGES:
        entries = read_po(copy / "locale" / language / "LC_MESSAGES" / "django.po")
        missing[language] = sorted(e.msgid for e in entries if not e.translated or e.fuzzy)
    found = [f"{language}: {msgid!r}" for language, ids in missing.items() for msgid in ids]
    assert found == [], f"{len(found)} untranslated msgids:\n" + "\n".join(found)
