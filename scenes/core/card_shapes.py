"""The shapes every card is drawn from, in code: the four suits at any size and colour, the
card's proportions, the colours of the classic and the four-colour deck (the cards themselves:
:mod:`scenes.core.card_art`).

Every shape is drawn at :data:`SUPERSAMPLE` times its size and smooth-scaled down, which gives
anti-aliased edges with pygame's plain polygon and circle calls.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from typing import Final

import pygame

from game.engine.cards import Suit

Colour = tuple[int, int, int]
Point = tuple[float, float]

ASPECT: Final = 1.4
"""Card height over width (a poker-size card is 63 x 88 mm)."""
SUPERSAMPLE: Final = 4
# How many pictures each module cache keeps: enough for the widths one window size uses (the
# table's, the score window's, the menu's) in both colour schemes; a window dragged through
# many sizes no longer grows them without end.
SHAPE_CACHE: Final = 256  # suit symbols by (suit, size, colour)
INDEX_CACHE: Final = 640  # corner indices by (card, width, colour)
WIDTH_CACHE: Final = 32  # blanks and backs by width (and style)
"""Shapes are drawn this many times larger, then smooth-scaled down (anti-aliasing)."""

WHITE: Final[Colour] = (255, 255, 255)
BORDER: Final[Colour] = (70, 70, 70)
RED: Final[Colour] = (204, 0, 0)
BLACK: Final[Colour] = (20, 20, 20)
GOLD: Final[Colour] = (226, 176, 38)
SKIN: Final[Colour] = (247, 216, 180)
INK: Final[Colour] = (25, 25, 25)

CLASSIC_COLOURS: Final[dict[Suit, Colour]] = {
    Suit.CLUBS: BLACK,
    Suit.DIAMONDS: RED,
    Suit.SPADES: BLACK,
    Suit.HEARTS: RED,
}
# Four colours picked from the Okabe-Ito palette, which stays distinct for the common forms of
# colour blindness: bluish green clubs, blue diamonds, black spades, red hearts.
FOUR_COLOURS: Final[dict[Suit, Colour]] = {
    Suit.CLUBS: (0, 128, 90),
    Suit.DIAMONDS: (0, 98, 178),
    Suit.SPADES: BLACK,
    Suit.HEARTS: RED,
}


def card_height(width: int) -> int:
    """The height of a card ``width`` pixels wide."""
    return round(width * ASPECT)


def _new_surface(size: tuple[int, int]) -> pygame.Surface:
    return pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)


def _for_display(surface: pygame.Surface) -> pygame.Surface:
    """Convert for fast blits when a display mode is set; left as is when headless."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


# --- suit symbols -------------------------------------------------------------------------------


def _heart_outline(steps: int = 72) -> list[Point]:
    """The classic heart curve, fitted into the unit square (point at the bottom)."""
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    return _fit(raw, 0.0, 0.04, 1.0, 0.96)


def _fit(
    points: Sequence[Point], left: float, top: float, right: float, bottom: float
) -> list[Point]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return [
        (left + (x - x0) / (x1 - x0) * (right - left), top + (y - y0) / (y1 - y0) * (bottom - top))
        for x, y in points
    ]


def _stem(top_y: float) -> list[Point]:
    """A flared stem for spades and clubs, from ``top_y`` down to the bottom of the unit box."""
    points: list[Point] = [(0.47, top_y)]
    for i in range(9):  # the left edge curves out towards the foot
        f = i / 8
        points.append((0.47 - 0.2 * f**2.2, top_y + (0.98 - top_y) * f))
    points += [(0.73, 0.98)]
    for i in range(8, -1, -1):
        f = i / 8
        points.append((0.53 + 0.2 * f**2.2, top_y + (0.98 - top_y) * f))
    return points


def _draw_suit(surface: pygame.Surface, suit: Suit, colour: Colour) -> None:
    """Draw one suit symbol filling ``surface`` (a square)."""
    size = surface.get_width()

    def scaled(points: Sequence[Point]) -> list[Point]:
        return [(x * size, y * size) for x, y in points]

    if suit == Suit.HEARTS:
        pygame.draw.polygon(surface, colour, scaled(_heart_outline()))
    elif suit == Suit.SPADES:
        blade = [(x, 0.78 - y * 0.76) for x, y in _heart_outline()]
        pygame.draw.polygon(surface, colour, scaled(_fit(blade, 0.04, 0.0, 0.96, 0.76)))
        pygame.draw.polygon(surface, colour, scaled(_stem(0.55)))
    elif suit == Suit.DIAMONDS:
        diamond: list[Point] = []
        corners = ((0.5, 0.0), (0.88, 0.5), (0.5, 1.0), (0.12, 0.5), (0.5, 0.0))
        for (ax, ay), (bx, by) in itertools.pairwise(corners):
            for i in range(10):  # slightly hollow sides, as on printed cards
                f = i / 10
                bow = 0.05 * math.sin(math.pi * f)
                mx, my = ax + (bx - ax) * f, ay + (by - ay) * f
                diamond.append((mx + (0.5 - mx) * bow * 2, my + (0.5 - my) * bow * 2))
        pygame.draw.polygon(surface, colour, scaled(diamond))
    else:
        radius = 0.215 * size
        for cx, cy in ((0.5, 0.25), (0.27, 0.56), (0.73, 0.56)):
            pygame.draw.circle(surface, colour, (cx * size, cy * size), radius)
        pygame.draw.polygon(surface, colour, scaled([(0.5, 0.3), (0.3, 0.56), (0.7, 0.56)]))
        pygame.draw.polygon(surface, colour, scaled(_stem(0.5)))


@functools.lru_cache(maxsize=SHAPE_CACHE)
def suit_surface(suit: int, size: int, colour: Colour) -> pygame.Surface:
    """A suit symbol ``size`` pixels square in ``colour``, anti-aliased, transparent around.

    Cached: treat the result as read-only (copy it before drawing on it).
    """
    size = max(1, int(size))
    big = _new_surface((size * SUPERSAMPLE, size * SUPERSAMPLE))
    _draw_suit(big, Suit(suit), colour)
    return _for_display(pygame.transform.smoothscale(big, (size, size)))


@functools.lru_cache(maxsize=SHAPE_CACHE)
def _upside_down_suit(suit: int, size: int, colour: Colour) -> pygame.Surface:
    return pygame.transform.flip(suit_surface(suit, size, colour), True, True)
