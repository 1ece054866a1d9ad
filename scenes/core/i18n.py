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
from collections.abc import Callable
from typing import Final

from game.engine.cards import RANK_NAMES, Card
from game.engine.legality import NO_LED_SUIT, SUIT_NAMES, Reason, reason_text
from game.engine.rules import PassDirection
from game.engine.source import MoveRefused
from game.text.sentences import Sentence
from game.text.sentences import render as tutor_render
from scenes.core.assets import AssetMissing, asset_path

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
    system's preferred languages, then the locale), else "en"."""
    for name in _ENVIRONMENT:
        value = os.environ.get(name, "").strip()
        if value:
            return _supported(value.split(":")[0]) or DEFAULT_LANGUAGE
    # An app opened from Finder or the Dock has no LANG: ask the system (SDL reads the macOS
    # and Windows language settings), the first language with a catalog wins.
    for code in _preferred_languages():
        found = _supported(code)
        if found:
            return found
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return _supported(code) or DEFAULT_LANGUAGE


def _preferred_languages() -> list[str]:
    """The user's preferred languages, most wanted first ([] when SDL cannot say)."""
    try:
        import pygame.system

        return [str(entry.get("language") or "") for entry in pygame.system.get_pref_locales()]
    except Exception:  # pygame.error from an SDL that cannot tell: the locale decides
        return []


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


def in_every_language(msgids: tuple[str, ...]) -> dict[str, str]:
    """Each translation of each of ``msgids`` in every language with a catalog (the English
    included) -> its msgid: a word stored in one language, found again in another.

    >>> in_every_language(("Margaret",))["Marguerite"]
    'Margaret'
    """
    found: dict[str, str] = {}
    for lang in LANGUAGES:
        try:
            catalog = gettext.translation(
                DOMAIN, localedir=str(asset_path("locale")), languages=[lang]
            )
        except FileNotFoundError:
            continue
        for msgid in msgids:
            found[catalog.gettext(msgid)] = msgid
            found[msgid] = msgid
    return found


def current_language() -> str:
    """The language ``_()`` translates into now: "en" or "fr"."""
    return _language


def _(message: str) -> str:
    """``message`` (English) in the current language."""
    return _translations.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it yet (for tables at import)."""
    return message


MONTHS: Final = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)
"""The months' names, January first (each shown through ``_``)."""


"""The months' names, January first (translate each with ``_``)."""


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language (French: 0 and 1 are
    singular). The result still has its ``{count}`` blank to fill."""
    return _translations.ngettext(singular, plural, n)


def suit_name(suit: int) -> str:
    """The suit's name in the current language, as it fills "You must follow {suit}"."""
    return _(SUIT_NAMES[suit])


def reason_message(reason: Reason, led_suit: int = NO_LED_SUIT, first_lead: int = 0) -> str:
    """Why a play is refused, in the current language, with the suit or card named
    (:func:`game.engine.legality.reason_text` with this module's words)."""
    return reason_text(reason, led_suit, first_lead, translate=_, card_name=card_name)


def server_sentence(said: str, standard: str | None = None) -> str:
    """A server's sentence in the current language: translated when it is one of our servers'
    (the catalogs hold them all: tests/test_net_sentences_fr.py); otherwise, when the player
    does not read English, ``standard`` (the sentence of the code it came with) translated;
    otherwise as it came (a precise sentence, or another server's)."""
    if not said:
        return _(standard) if standard else said
    translated = _(said)
    if translated != said or standard is None or _language == "en":
        return translated
    return _(standard)


def refused_message(refused: MoveRefused) -> str:
    """Why the table refused the seat's move, in the current language when the table said
    which rule; otherwise the table's own sentence (:func:`server_sentence`)."""
    if refused.code is None:
        return server_sentence(refused.reason)
    return reason_message(refused.code, refused.led_suit, refused.first_lead)


RANK_CONTEXT: Final = "card rank"
"""The catalogs' context for a rank's letter: French writes V, D, R for J, Q, K."""


class CardName:
    """A card's name in the current language, for a sentence to place with its article.

    ``str()`` and ``{card}`` give the bare name ("D♠"); a French sentence writes ``{card:le}``
    ("la D♠", "le R♠", "l'A♥"), ``{card:du}`` ("de la D♠", "du R♠", "de l'A♥") or ``{card:au}``
    ("à la D♠", "au R♠", "à l'A♥"). English sentences write ``the {card}`` and never ask.

    >>> from game.engine.cards import Card
    >>> _ = set_language("fr")
    >>> [f"{card_name(Card.parse(c)):le}" for c in ("QS", "KS", "JD", "AH", "10C")]
    ['la D♠', 'le R♠', 'le V♦', "l'A♥", 'le 10♣']
    >>> "Jouez {card:au} {other}".format(card=card_name(Card.parse("QH")), other="x")
    'Jouez à la D♥ x'
    >>> _ = set_language("en")
    >>> str(card_name(Card.parse("QS")))
    'Q♠'
    """

    # French articles: the queen (la dame) is feminine, the ace (l'as) elides, the others
    # (le roi, le valet, le dix...) take "le".
    _ARTICLES: Final = {
        "le": {"m": "le ", "f": "la ", "v": "l'"},
        "du": {"m": "du ", "f": "de la ", "v": "de l'"},
        "au": {"m": "au ", "f": "à la ", "v": "à l'"},
    }

    def __init__(self, text: str, gender: str) -> None:
        self.text = text
        self.gender = gender  # "m", "f", or "v" (a vowel: the article elides)

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        if not spec:
            return self.text
        articles = self._ARTICLES.get(spec)
        if articles is None:
            raise ValueError(f"unknown card article {spec!r}: use le, du or au")
        return articles[self.gender] + self.text


def rank_letter(rank: str) -> str:
    """A rank as the current language prints it on a card ("Q" in English, "D" in French)."""
    return _translations.pgettext(RANK_CONTEXT, rank) if rank.isalpha() else rank


_english_card_letters = False


def set_english_card_letters(on: bool) -> None:
    """Name the cards with the English K, Q, J in every language, as the cards' corners show
    them with the "English card letters" setting (the card art calls this when it changes)."""
    global _english_card_letters
    _english_card_letters = on


def card_name(card: Card) -> CardName:
    """``card`` named in the current language ("Q♠" in English, "D♠" in French; "Q♠" in French
    too with :func:`set_english_card_letters`)."""
    rank = RANK_NAMES[card.rank]
    letter = rank if _english_card_letters else rank_letter(rank)
    gender = {"Q": "f", "A": "v"}.get(rank, "m")
    return CardName(letter + card.suit.symbol, gender)


def render_sentence(sentence: Sentence, seat_name: Callable[[int], str] | None = None) -> str:
    """A tutor sentence (advice or a refusal) in the current language, with the cards named
    in it and the table's seat names."""
    text = tutor_render(sentence, _, ngettext, seat_name=seat_name, card_name=card_name)
    return typeset(text)


NO_BREAK_SPACE: Final = "\u00a0"
_TALL_SIGNS: Final = ";:!?"  # French puts a (no-break) space before these


def typeset(text: str) -> str:
    """French typography: the space before ; : ! ? made a no-break space, so a line never
    starts with one of them (the text wrap breaks at plain spaces only). Other languages are
    left as they are.

    >>> _ = set_language("fr")
    >>> typeset("Jouez le 9♦ : le pli ; bien !") == "Jouez le 9♦\u00a0: le pli\u00a0; bien\u00a0!"
    True
    >>> _ = set_language("en")
    >>> typeset("Play: now")
    'Play: now'
    """
    if _language != "fr":
        return text
    for sign in _TALL_SIGNS:
        text = text.replace(" " + sign, NO_BREAK_SPACE + sign)
    return text


PASS_LABELS: Final = {
    PassDirection.LEFT: N_("Pass left"),
    PassDirection.RIGHT: N_("Pass right"),
    PassDirection.ACROSS: N_("Pass across"),
    PassDirection.HOLD: N_("No pass this hand"),
}
PASS_SHORT_LABELS: Final = {
    PassDirection.LEFT: N_("left"),
    PassDirection.RIGHT: N_("right"),
    PassDirection.ACROSS: N_("across"),
    PassDirection.HOLD: N_("no pass"),
}


def pass_label(direction: PassDirection, *, short: bool = False) -> str:
    """The hand's pass in the current language, as a heading ("Pass left", "No pass this
    hand") or, ``short``, as a column of the score sheet shows it ("left", "no pass").

    >>> _ = set_language("fr")
    >>> pass_label(PassDirection.ACROSS), pass_label(PassDirection.HOLD, short=True)
    ('Passer en face', 'sans échange')
    >>> _ = set_language("en")
    >>> pass_label(PassDirection.HOLD)
    'No pass this hand'
    """
    return _((PASS_SHORT_LABELS if short else PASS_LABELS)[direction])
