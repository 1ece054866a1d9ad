"""The window's words in French or English, through gettext catalogs.

Write English in the code and wrap it: ``_("New game")``; counts go through
``ngettext("{count} point", "{count} points", n).format(count=n)``. Strings in tables built at
import time are marked with ``N_("Quit")`` and translated with ``_()`` where they are shown.

To add a string:

1. add the English text as a ``msgid`` to both ``assets/locale/en/LC_MESSAGES/dame.po``
   (``msgstr ""``: English shows the msgid) and ``assets/locale/fr/LC_MESSAGES/dame.po``
   (``msgstr`` the French);
2. run ``python tools/compile_catalogs.py`` and commit the ``.po`` and ``.mo`` files together
   (``tests/test_i18n.py`` fails while a ``.mo`` is out of date or a French msgstr is missing).

>>> set_language("fr")
'fr'
>>> _("New game")
'Nouvelle partie'
>>> set_language("en")
'en'
"""

from __future__ import annotations

import gettext
import locale
import logging
import os
from typing import Final

from game.legality import NO_LED_SUIT, SUIT_NAMES, Reason
from scenes.assets import AssetMissing, asset_path

DOMAIN: Final = "dame"
LANGUAGES: Final = ("en", "fr")
"""The languages with a catalog; the first is the fallback."""
DEFAULT_LANGUAGE: Final = "en"
LANGUAGE_NAMES: Final = {"en": "English", "fr": "Français"}
"""Each language named in itself, for a language menu."""
_ENVIRONMENT: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

log = logging.getLogger(__name__)
_translations: gettext.NullTranslations = gettext.NullTranslations()
_language: str = DEFAULT_LANGUAGE


def system_language() -> str:
    """ "fr" when the system speaks French (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then the
    locale), else "en"."""
    for name in _ENVIRONMENT:
        value = os.environ.get(name, "").strip()
        if value:
            return _supported(value.split(":")[0]) or DEFAULT_LANGUAGE
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return _supported(code) or DEFAULT_LANGUAGE


def _supported(code: str) -> str | None:
    """The catalog language for a locale name ("fr_FR.UTF-8", "French_France", "en"), if any."""
    lowered = code.strip().lower()
    return next((lang for lang in LANGUAGES if lowered.startswith(lang)), None)


def set_language(lang: str | None) -> str:
    """Switch every later ``_()`` to ``lang`` ("fr", "en", "fr_CA"...; None: the system's).

    Returns the language chosen. Raises ValueError naming the choices for a language without a
    catalog, and :class:`AssetMissing` when a catalog file is missing from the installation.
    """
    global _translations, _language
    chosen = system_language() if lang is None else _supported(lang)
    if chosen is None:
        raise ValueError(
            f"no translation for language {lang!r}: choose one of {', '.join(LANGUAGES)}"
        )
    path = asset_path("locale", chosen, "LC_MESSAGES", f"{DOMAIN}.mo")
    try:
        translations = gettext.translation(
            DOMAIN, localedir=str(asset_path("locale")), languages=[chosen]
        )
    except FileNotFoundError:
        raise AssetMissing(path) from None
    _translations, _language = translations, chosen
    log.debug("language set to %s", chosen)
    return chosen


def current_language() -> str:
    """The language ``_()`` translates into now: "en" or "fr"."""
    return _language


def _(message: str) -> str:
    """``message`` (English) in the current language."""
    return _translations.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it yet (for tables at import)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language (French: 0 and 1 are
    singular). The result still has its ``{count}`` blank to fill."""
    return _translations.ngettext(singular, plural, n)


def suit_name(suit: int) -> str:
    """The suit's name in the current language, as it fills "You must follow {suit}"."""
    return _(SUIT_NAMES[suit])


def reason_message(reason: Reason, led_suit: int = NO_LED_SUIT, first_lead: int = 0) -> str:
    """Why a play is refused, in the current language, with the suit or card named.

    The translated twin of :func:`game.legality.reason_text`.
    """
    from game.cards import CARDS

    return _(reason.value).format(
        suit=suit_name(led_suit) if led_suit != NO_LED_SUIT else "",
        card=CARDS[first_lead].symbol(),
        count=3,
    )
