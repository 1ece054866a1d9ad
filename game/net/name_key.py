"""When two names at a table are the same name: compared after Unicode NFKC, case folding and
the folding of the usual look-alike letters of other scripts into Latin ones.

"Hоst" with a Cyrillic о, "ＨＯＳＴ" in full-width letters and "host" are one name: a table
refuses the second as it would refuse "HOST". The look-alikes are the Cyrillic and Greek
letters drawn like Latin ones in common fonts (a subset of Unicode TR39's confusables, the
letters a person could type by mistake or on purpose); a library with the whole table
(``confusable-homoglyphs``) would be a dependency for five computer names and a few friends.

>>> name_key("Hоst") == name_key("HOST") == name_key("ＨＯＳＴ")
True
>>> name_key("Bea") == name_key("Bee")
False
"""

from __future__ import annotations

import bisect
import sys
import unicodedata
from typing import Final

from game.net.name_glyphs import DRAWN

MAX_CODE: Final = sys.maxunicode

# Cyrillic and Greek letters that look like Latin ones (after case folding).
_LOOK_ALIKES: Final = str.maketrans(
    {
        "а": "a",
        "в": "b",
        "с": "c",
        "ԁ": "d",
        "е": "e",
        "һ": "h",
        "н": "h",
        "і": "i",
        "ј": "j",
        "к": "k",
        "м": "m",
        "о": "o",
        "р": "p",
        "ԛ": "q",
        "ѕ": "s",
        "т": "t",
        "у": "y",
        "х": "x",
        "ԝ": "w",
        "α": "a",
        "β": "b",
        "ε": "e",
        "η": "n",
        "ι": "i",
        "κ": "k",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        "μ": "u",
    }
)


def name_key(name: str) -> str:
    """The form two names are compared in (see the module docstring)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return unicodedata.normalize("NFKC", folded.translate(_LOOK_ALIKES))


def undrawn(name: str) -> str | None:
    """The first character of ``name`` the game's font cannot draw (a window would show an
    empty box: most emoji), or None. The font's characters are :data:`name_glyphs.DRAWN`.

    >>> undrawn("Zoé ♥"), undrawn("Bea 🎉")
    (None, '🎉')
    """
    for char in name:
        code = ord(char)
        index = bisect.bisect_right(DRAWN, (code, MAX_CODE)) - 1
        if index < 0 or not DRAWN[index][0] <= code <= DRAWN[index][1]:
            return char
    return None
