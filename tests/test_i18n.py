"""Catalogs: French for every string, .mo files current, the language chosen like the system's."""

from __future__ import annotations

import locale
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.engine.legality import Reason
from scenes.core import i18n
from scenes.core.i18n import _, ngettext

TOOLS = Path(__file__).resolve().parent.parent / "tools"
sys.path.insert(0, str(TOOLS))
import compile_catalogs  # noqa: E402

PO_FILES = {
    lang: compile_catalogs.LOCALE_DIR / lang / "LC_MESSAGES" / "dame.po" for lang in i18n.LANGUAGES
}
PLACEHOLDER = re.compile(r"\{(\w+)(?::(?:le|du|au))?\}")  # a card may ask for its article


def _entries(lang: str) -> list[compile_catalogs.Entry]:
    return [e for e in compile_catalogs.parse_po(PO_FILES[lang].read_text("utf-8")) if e.msgid]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_committed_mo_files_match_their_po_files(lang: str) -> None:
    po = PO_FILES[lang]
    assert po.with_suffix(".mo").read_bytes() == compile_catalogs.compile_file(po), (
        f"{po.with_suffix('.mo')} is out of date: run python tools/compile_catalogs.py"
    )


def test_both_catalogs_hold_the_same_strings_and_french_translates_all() -> None:
    french, english = _entries("fr"), _entries("en")
    assert [e.key for e in french] == [e.key for e in english]
    untranslated = [e.msgid for e in french if not e.translated or e.fuzzy]
    assert untranslated == []


def test_translations_keep_their_placeholders() -> None:
    for entry in _entries("fr"):
        wanted = set(PLACEHOLDER.findall(entry.msgid + (entry.msgid_plural or "")))
        for index, text in entry.msgstr.items():
            found = set(PLACEHOLDER.findall(text))
            if entry.msgid_plural and index == 0:  # "qu'un point": French writes one as a word
                found |= wanted & {"count"}
            assert found == wanted, entry.msgid


def test_every_engine_reason_has_a_translation() -> None:
    keys = {e.key for e in _entries("fr")}
    assert [r.value for r in Reason if r.value not in keys] == []


def test_french_words_the_game_needs() -> None:
    i18n.set_language("fr")
    assert i18n.current_language() == "fr"
    assert _("Pass left") == "Passer à gauche"
    assert _("Pass across") == "Passer en face"
    assert _("No pass this hand") == "Pas d'échange cette donne"
    assert _("Hearts are not broken yet") == "Les cœurs ne sont pas encore ouverts"
    assert _("Shot the moon!") == "Grand chelem !"
    assert _("Teach me") == "Conseil du tuteur"
    assert _("A string nobody translated") == "A string nobody translated"
    assert i18n.reason_message(Reason.MUST_FOLLOW_SUIT, led_suit=3) == "Vous devez fournir à cœur"
    assert (
        i18n.reason_message(Reason.MUST_LEAD_LOWEST_CLUB, first_lead=0)
        == "Vous devez entamer le 2♣"
    )


def test_english_shows_the_source_text() -> None:
    i18n.set_language("en")
    assert _("Pass left") == "Pass left"
    assert i18n.reason_message(Reason.MUST_FOLLOW_SUIT, led_suit=2) == "You must follow spades"


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("fr", 0, "0 point"),
        ("fr", 1, "1 point"),
        ("fr", 2, "2 points"),
        ("en", 0, "0 points"),
        ("en", 1, "1 point"),
        ("en", 26, "26 points"),
    ],
)
def test_plurals_follow_each_language(lang: str, n: int, expected: str) -> None:
    i18n.set_language(lang)
    assert ngettext("{count} point", "{count} points", n).format(count=n) == expected


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "fr:en", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LC_ALL": "en_GB", "LANG": "fr_FR"}, "en"),
        ({"LC_MESSAGES": "fr_CA.UTF-8"}, "fr"),
        ({"LANG": "C"}, "en"),
    ],
)
def test_system_language_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], expected: str
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert i18n.system_language() == expected
    assert i18n.set_language(None) == expected


def test_without_environment_the_locale_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda: ("French_France", "1252"))
    assert i18n.system_language() == "fr"
    monkeypatch.setattr(locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == "en"


def test_unknown_language_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="choose one of en, fr"):
        i18n.set_language("de")
    assert i18n.current_language() == "en"


def test_compiler_reports_bad_po_with_its_line() -> None:
    with pytest.raises(compile_catalogs.PoError, match=r"bad.po:2"):
        compile_catalogs.parse_po('msgid "a"\nmsgstr oops\n', "bad.po")
    entries = compile_catalogs.parse_po(
        '#, fuzzy\nmsgid "a"\nmsgstr "b"\n\nmsgid "c"\n"d"\nmsgstr ""\n"e"\n', "ok.po"
    )
    assert [(e.msgid, e.msgstr[0], e.fuzzy) for e in entries] == [
        ("a", "b", True),
        ("cd", "e", False),
    ]


def test_without_environment_the_system_s_preferred_languages_decide(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Mac app opened from Finder or the Dock has no LANG: the preferred languages SDL reads
    from the system come before the C locale (issue 32)."""
    import pygame.system

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("locale.getlocale", lambda: (None, None))
    preferred = [{"language": "de", "country": "DE"}, {"language": "fr", "country": "FR"}]
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: preferred)
    assert i18n.system_language() == "fr"
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: [])
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LANG", "en_US.UTF-8")  # a language asked for outright still wins
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: preferred)
    assert i18n.system_language() == "en"
