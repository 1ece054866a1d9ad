"""What the cards in a seat's tricks are worth, before any moon: the one place they are counted.

Compiled with the engine (game/native/builds.py): a hand's score counts every seat's cards, and the
Hard player's searches score thousands of hands a decision.

>>> from game.engine.cards import HEARTS_MASK, QUEEN_OF_SPADES_BIT, JACK_OF_DIAMONDS_BIT
>>> card_points(HEARTS_MASK | QUEEN_OF_SPADES_BIT, jack_of_diamonds=False)
26
>>> card_points(QUEEN_OF_SPADES_BIT | JACK_OF_DIAMONDS_BIT, jack_of_diamonds=True)
3
"""

from __future__ import annotations

from typing import Final

from game.engine.cards import HEARTS_MASK, JACK_OF_DIAMONDS_BIT, QUEEN_OF_SPADES_BIT

HEART_POINTS: Final = 1
QUEEN_POINTS: Final = 13
JACK_POINTS: Final = -10
HAND_POINTS: Final = 13 * HEART_POINTS + QUEEN_POINTS
"""Points in a hand without the jack variant: 26."""
MOON_POINTS: Final = HAND_POINTS  # what a moon shot is worth, to the others or off the shooter


def card_points(taken: int, jack_of_diamonds: bool) -> int:
    """Points of a set of taken cards; ``jack_of_diamonds``: the variant in which the jack of
    diamonds is worth JACK_POINTS (see :meth:`game.engine.rules.Rules.points_of`)."""
    points = (taken & HEARTS_MASK).bit_count() * HEART_POINTS
    if taken & QUEEN_OF_SPADES_BIT:
        points += QUEEN_POINTS
    if jack_of_diamonds and taken & JACK_OF_DIAMONDS_BIT:
        points += JACK_POINTS
    return points
