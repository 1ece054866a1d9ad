"""The engine's values as plain data (JSON-compatible) and back: cards, pass directions, rules.

The writers give the short forms every format uses ("QS", "left", ``Rules.to_dict``); the
readers take untrusted data (a file, a network message) and raise :class:`InvalidData` with a
sentence that says what is wrong. :mod:`game.engine.save` (a match) and
:meth:`game.engine.view.SeatView.from_dict` (a seat's view) are built from them; this module
imports neither.

>>> from game.engine.cards import mask_of
>>> names_of(mask_of(read_cards(["QS", "2c"], "a pass")))
['2C', 'QS']
>>> read_direction("across", "the pass"), direction_name(PassDirection.HOLD)
(<PassDirection.ACROSS: 2>, 'hold')
>>> read_cards(["QS", "ZZ"], "a pass")
Traceback (most recent call last):
...
game.engine.codec.InvalidData: a pass: 'ZZ' is not a card: write it like QS, 10H or Q♠
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from game.engine.cards import CARDS, Card, cards_of
from game.engine.rules import PassDirection, Rules

CARD_NAMES: Final[tuple[str, ...]] = tuple(str(c) for c in CARDS)
"""Each card's name by its number ("2C" ... "AS"): looked up rather than formatted."""


class InvalidData(ValueError):
    """Plain data that is not what it should be; the message says what is wrong."""


# -- writing ---------------------------------------------------------------------------------


def card_names(cards: Iterable[int]) -> list[str]:
    """The names of ``cards`` (:class:`Card` or plain ints), in their order.

    >>> card_names([Card.parse("QS"), 0])
    ['QS', '2C']
    """
    names = CARD_NAMES
    return [names[c] for c in cards]


def names_of(mask: int) -> list[str]:
    """The names of the cards of a bit set, lowest first (as :func:`cards_of` lists them).

    >>> names_of(1 << 36 | 1 << 51 | 1)
    ['2C', 'QS', 'AH']
    """
    names = CARD_NAMES
    return [names[c] for c in cards_of(mask)]


def direction_name(direction: PassDirection) -> str:
    """A pass direction's plain name: "left", "right", "across" or "hold".

    >>> direction_name(PassDirection.LEFT)
    'left'
    """
    return direction.name.lower()


def rules_from(**values: Any) -> Rules:
    """The :class:`Rules` named by plain field values, as a form, a settings file, a message or
    a command line holds them: the moon and tie by their plain names ("shooter-26", "shared")
    or as members, the fields not given as in the classic game. A value that is not one raises
    ValueError with a sentence (:meth:`Rules.from_dict`).

    >>> from game.engine.rules import MoonMode
    >>> rules_from(players=3, moon="shooter-26") == Rules(players=3, moon=MoonMode.SHOOTER_MINUS)
    True
    >>> rules_from(tie="sometimes")
    Traceback (most recent call last):
    ...
    ValueError: bad rule value: 'sometimes' is not a valid TieRule
    """
    return Rules.from_dict(values)


# -- reading ---------------------------------------------------------------------------------


class Reader:
    """Typed reads from one untrusted mapping, each failure an :class:`InvalidData` that names
    ``what`` is read and the key.

    >>> Reader({"dealer": 2}, "hand 1").seat("dealer", 4)
    2
    >>> Reader({"dealer": True}, "hand 1").get("dealer", int)
    Traceback (most recent call last):
    ...
    game.engine.codec.InvalidData: hand 1: 'dealer' must be a whole number
    """

    def __init__(self, data: Any, what: str) -> None:
        if not isinstance(data, dict):
            raise InvalidData(f"{what} must be a mapping")
        self.data = data
        self.what = what

    def get(self, key: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
        """The value at ``key`` if it is of ``kind`` (None when optional and absent or null)."""
        if key not in self.data:
            if optional:
                return None
            raise InvalidData(f"{self.what}: '{key}' is missing")
        value = self.data[key]
        if value is None and optional:
            return None
        if isinstance(value, bool) and kind is int:
            raise InvalidData(f"{self.what}: '{key}' must be a whole number")
        if not isinstance(value, kind):
            raise InvalidData(f"{self.what}: '{key}' has the wrong type")
        return value

    def seat(self, key: str, players: int) -> int:
        """The seat number at ``key``, from 0 to ``players - 1``."""
        value: int = self.get(key, int)
        if not 0 <= value < players:
            raise InvalidData(f"{self.what}: '{key}' is not a seat")
        return value


def read_cards(value: Any, what: str) -> list[Card]:
    """The cards a list of names stands for, in its order (:func:`card_names` back).

    >>> read_cards(["10h", "Q♠"], "a trick")
    [Card('10H'), Card('QS')]
    """
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidData(f"{what} must be a list of cards")
    try:
        return [Card.parse(v) for v in value]
    except ValueError as exc:
        raise InvalidData(f"{what}: {exc}") from None


def read_direction(value: Any, what: str) -> PassDirection:
    """The pass direction a plain name stands for (:func:`direction_name` back).

    >>> read_direction("sideways", "the pass")
    Traceback (most recent call last):
    ...
    game.engine.codec.InvalidData: the pass must be left, right, across or hold
    """
    if not isinstance(value, str) or value.upper() not in PassDirection.__members__:
        raise InvalidData(f"{what} must be left, right, across or hold")
    return PassDirection[value.upper()]
