"""Seeded, platform-independent shuffles: a seed names the same deal on every machine.

The algorithm (version 1, never to change once released, since saved games and the daily
challenge depend on it):

1. The seed is text (an int seed is written in decimal). Its UTF-8 bytes, after the prefix
   ``b"dame-de-pique/deal/v1:"``, are hashed with SHAKE-256 to 52 x 8 bytes.
2. Card ``c`` (0..51) gets the key made of bytes ``8c .. 8c+7`` read as a little-endian unsigned
   64-bit integer.
3. The cards in play are sorted by (key, card); ties, about one deal in 10^16, fall back on the
   card number, so the order is still fully determined.
4. The sorted cards are dealt one at a time, clockwise, starting with the dealer's left
   (seat ``dealer + 1``).

A match's hand ``k`` uses the seed ``f"{match_seed}/{k}"``; the daily challenge uses
``f"daily/{YYYY-MM-DD}"`` (see :func:`daily_seed`).

>>> deck = (1 << 52) - 1
>>> deal_hands("7", players=4, deck=deck, dealer=0) == deal_hands(7, 4, deck, 0)
True
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import sys
from array import array
from typing import Final

from game.engine.cards import DECK_SIZE

DEAL_VERSION: Final = 1
_PREFIX: Final = b"dame-de-pique/deal/v1:"
_KEY_BYTES: Final = 8

Seed = int | str
# The functions below take any object as a seed and refuse what is not a Seed with a ValueError
# (seed_text), compiled or not: a compiled function's own type check would raise TypeError.
_SEED_TYPES: Final = (int, str)


def seed_text(seed: object) -> str:
    """The text form of a seed: ints in decimal, strings as they are."""
    if isinstance(seed, bool) or not isinstance(seed, _SEED_TYPES):
        raise ValueError(f"a seed is a whole number or a text, not {seed!r}")
    return str(seed)


def _digest(seed: object, salt: str = "") -> bytes:
    """Step 1: the seed's SHAKE-256 bytes, 8 for each card of the full deck."""
    return hashlib.shake_256(_PREFIX + (salt + seed_text(seed)).encode()).digest(
        DECK_SIZE * _KEY_BYTES
    )


def _keys(digest: bytes) -> list[int]:
    """Step 2: each card's key, the little-endian 64-bit integer of its 8 bytes."""
    keys = array("Q", digest)
    if sys.byteorder != "little":  # pragma: no cover - the keys are little-endian by definition
        keys.byteswap()
    return keys.tolist()


# Step 3 is done in two stages that give the same order. The first sorts on each key's top
# 24 bits with the card number in the 6 bits below them: ints below 2**30, which CPython's sort
# compares in a few instructions (64-bit keys cost several times as much), and no key function.
# When no two cards share those top bits (all but about one deal in 12,000) that order is the
# order of the whole keys; otherwise the second stage sorts on the whole keys.
_PREFIX_BYTES: Final = 3  # the top bytes of a key the first stage reads
_CARD_FIELD_BITS: Final = 6  # room for a card number (0..51) under the key's top bits
_CARD_FIELD: Final = (1 << _CARD_FIELD_BITS) - 1


def _order(seed: object, deck: int) -> list[int]:
    """The cards of ``deck`` in the seed's order, each as a number whose low 6 bits are the card
    (``entry & _CARD_FIELD``)."""
    digest = _digest(seed)
    order: list[int] = []
    for card in range(DECK_SIZE):
        if deck >> card & 1:
            top = card * _KEY_BYTES + _KEY_BYTES - 1  # the key's most significant byte
            prefix = digest[top] << 16 | digest[top - 1] << 8 | digest[top - 2]
            order.append(prefix << _CARD_FIELD_BITS | card)
    order.sort()
    previous = -1
    for entry in order:
        prefix = entry >> _CARD_FIELD_BITS
        if prefix == previous:  # two keys share their top bits: sort on the whole keys
            return _sorted_by_whole_keys(digest, deck)
        previous = prefix
    return order


def _sorted_by_whole_keys(digest: bytes, deck: int) -> list[int]:
    """Step 3 as written: the cards of ``deck`` sorted by (key, card)."""
    cards = [card for card in range(DECK_SIZE) if deck >> card & 1]
    # sort() is stable and the cards start in increasing order, so equal keys keep card order.
    cards.sort(key=_keys(digest).__getitem__)
    return cards


def shuffled(seed: object, deck: int) -> list[int]:
    """The cards of ``deck`` (a bit set) in the order the seed puts them."""
    return [entry & _CARD_FIELD for entry in _order(seed, deck)]


def deal_hands(seed: object, players: int, deck: int, dealer: int) -> list[int]:
    """Each seat's hand as a bit set, dealt from the shuffled deck starting left of the dealer."""
    order = _order(seed, deck)
    count = len(order)
    hands = [0] * players
    first = dealer + 1
    for i in range(players):
        # The i-th card of the deal goes to seat first + i, then every players-th card after it.
        hand = 0
        j = i
        while j < count:  # (a while loop: compiled, a range with a step is a Python object)
            hand |= 1 << (order[j] & _CARD_FIELD)
            j += players
        hands[(first + i) % players] = hand
    return hands


def hand_seed(match_seed: object, hand_number: int) -> str:
    """The seed of hand ``hand_number`` (from 0) of a match."""
    return f"{seed_text(match_seed)}/{hand_number}"


def daily_seed(day: _dt.date) -> str:
    """The seed of the daily challenge of a calendar date: ``daily/YYYY-MM-DD``."""
    return f"daily/{day.isoformat()}"


def seeded_choice_index(seed: object, salt: str, count: int) -> int:
    """A number in ``range(count)`` chosen by the seed (used for the daily pass direction).

    >>> seeded_choice_index("daily/2026-01-01", "pass", 3) in range(3)
    True
    """
    if count < 1:
        raise ValueError("count must be positive")
    return _keys(_digest(seed, salt + "|"))[0] % count
