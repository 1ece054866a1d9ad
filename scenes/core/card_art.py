"""Card faces and backs drawn in code, crisp at any size: no image files, nothing copied.

Every shape is drawn at :data:`SUPERSAMPLE` times its size and smooth-scaled down, which gives
anti-aliased edges with pygame's plain polygon and circle calls. Results are cached, so a card
drawn again at the same width costs one dictionary look-up.

>>> import pygame
>>> art = CardArt()
>>> art.face(36, 100).get_size()    # the queen of spades, 100 pixels wide
(100, 140)
>>> art.back(100, style=1).get_size()
(100, 140)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Final

import pygame

from game.engine.cards import RANK_NAMES, RANKS_PER_SUIT, Suit
from scenes.core import assets
from scenes.core.card_shapes import (
    BLACK,
    BORDER,
    CLASSIC_COLOURS,
    FOUR_COLOURS,
    GOLD,
    INDEX_CACHE,
    INK,
    RED,
    SKIN,
    SUPERSAMPLE,
    WHITE,
    WIDTH_CACHE,
    Colour,
    _draw_suit,
    _for_display,
    _new_surface,
    _upside_down_suit,
    card_height,
    suit_surface,
)
from scenes.core.i18n import rank_letter, set_english_card_letters

BACK_STYLES: Final = ("lattice", "rings", "medallion", "waves")
"""The back designs, by style number."""

# Pip positions of the number cards: (column, row) with column -1 left, 0 centre, 1 right and row
# from 0 (top) to 1 (bottom). Pips below the middle are drawn upside down, as on printed cards.
_SIDES: Final = ((-1, 0.0), (1, 0.0), (-1, 1.0), (1, 1.0))
_SIDE_ROWS_4: Final = tuple((c, r) for r in (0.0, 1 / 3, 2 / 3, 1.0) for c in (-1, 1))
PIP_LAYOUTS: Final[dict[int, tuple[tuple[int, float], ...]]] = {
    2: ((0, 0.0), (0, 1.0)),
    3: ((0, 0.0), (0, 0.5), (0, 1.0)),
    4: _SIDES,
    5: (*_SIDES, (0, 0.5)),
    6: (*_SIDES, (-1, 0.5), (1, 0.5)),
    7: (*_SIDES, (-1, 0.5), (1, 0.5), (0, 0.25)),
    8: (*_SIDES, (-1, 0.5), (1, 0.5), (0, 0.25), (0, 0.75)),
    9: (*_SIDE_ROWS_4, (0, 0.5)),
    10: (*_SIDE_ROWS_4, (0, 1 / 6), (0, 5 / 6)),
}
JACK, QUEEN, KING, ACE = 9, 10, 11, 12


# --- card parts ---------------------------------------------------------------------------------


def _corner_radius(width: int) -> float:
    return max(2.0, width * 0.07)


@functools.lru_cache(maxsize=WIDTH_CACHE)
def _blank(width: int, fill: Colour, border: Colour) -> pygame.Surface:
    """A rounded card with a thin border, anti-aliased at the corners."""
    height = card_height(width)
    s = SUPERSAMPLE
    big = _new_surface((width * s, height * s))
    radius = round(_corner_radius(width) * s)
    line = max(s, round(width * s / 110))
    pygame.draw.rect(big, border, big.get_rect(), border_radius=radius)
    pygame.draw.rect(big, fill, big.get_rect().inflate(-2 * line, -2 * line), border_radius=radius)
    return pygame.transform.smoothscale(big, (width, height))


def _rounded_mask(width: int) -> pygame.Surface:
    """White where the card is, transparent at the cut corners (used to trim the backs)."""
    return _blank(width, WHITE, WHITE)


@functools.lru_cache(maxsize=INDEX_CACHE)
def _corner_index(card: int, width: int, colour: Colour, rank_text: str) -> pygame.Surface:
    """The rank (``rank_text``: "K", or "R" on a French deck) above the suit symbol, as printed
    in a card's corner."""
    font_size = max(7, round(width * (0.2 if width >= 60 else 0.25)))
    text = assets.font(font_size, bold=True).render(rank_text, True, colour)
    column = max(4, round(width * (0.16 if width >= 60 else 0.22)))
    if text.get_width() > column:  # "10" is squeezed to the width of the other ranks
        text = pygame.transform.smoothscale(text, (column, text.get_height()))
    pip = suit_surface(card // RANKS_PER_SUIT, max(4, round(width * 0.14)), colour)
    gap = -round(font_size * 0.12)  # the font's line height has room under the digits
    out = _new_surface((column, text.get_height() + gap + pip.get_height()))
    out.blit(text, ((column - text.get_width()) // 2, 0))
    out.blit(pip, ((column - pip.get_width()) // 2, text.get_height() + gap))
    return out


def _draw_pips(card_surface: pygame.Surface, suit: int, count: int, colour: Colour) -> None:
    width, height = card_surface.get_size()
    size = round(width * 0.2)
    columns = {-1: width * 0.31, 0: width * 0.5, 1: width * 0.69}
    top, bottom = height * 0.17, height * 0.83
    upright = suit_surface(suit, size, colour)
    flipped = _upside_down_suit(suit, size, colour)
    for column, row in PIP_LAYOUTS[count]:
        x, y = columns[column], top + (bottom - top) * row
        pip = flipped if row > 0.5 else upright
        card_surface.blit(pip, (round(x - size / 2), round(y - size / 2)))


def _draw_ace(card_surface: pygame.Surface, suit: int, colour: Colour) -> None:
    width, height = card_surface.get_size()
    size = round(width * (0.5 if suit == Suit.SPADES else 0.42))
    if suit == Suit.SPADES:  # the ace of spades gets a ring, as the deck's signature card
        s = SUPERSAMPLE
        ring = _new_surface((round(width * 0.74) * s, round(width * 0.74) * s))
        centre = ring.get_width() / 2
        pygame.draw.circle(ring, colour, (centre, centre), centre, max(1, round(width * 0.012 * s)))
        pygame.draw.circle(
            ring, GOLD, (centre, centre), centre * 0.92, max(1, round(width * 0.02 * s))
        )
        ring = pygame.transform.smoothscale(ring, (round(width * 0.74), round(width * 0.74)))
        card_surface.blit(ring, ring.get_rect(center=(width / 2, height / 2)))
    pip = suit_surface(suit, size, colour)
    card_surface.blit(pip, pip.get_rect(center=(width / 2, height / 2)))


# --- court cards --------------------------------------------------------------------------------

Painter = Callable[[pygame.Surface, float, float, Colour, Colour], None]


def _court_panel(card: int, width: int, colour: Colour) -> pygame.Surface:
    """The framed picture of a jack, queen or king: a half figure mirrored about the middle."""
    height = card_height(width)
    frame = pygame.Rect(0, 0, round(width * 0.64), round(height * 0.78))
    s = SUPERSAMPLE
    half_w, half_h = frame.width * s, (frame.height // 2) * s
    half = _new_surface((half_w, half_h))
    suit, rank = divmod(card, RANKS_PER_SUIT)
    accent: Colour = (36, 62, 150) if colour == RED else (190, 36, 36)
    half.fill((252, 249, 238))
    _COURT_PAINTERS[rank](half, half_w, half_h, colour, accent)
    pip = suit_surface(suit, round(frame.width * 0.2) * s, colour)
    half.blit(pip, (round(half_w * 0.05), round(half_h * 0.06)))
    half = pygame.transform.smoothscale(half, (frame.width, frame.height // 2))
    panel = _new_surface(frame.size)
    panel.fill((252, 249, 238))
    panel.blit(half, (0, 0))
    panel.blit(pygame.transform.flip(half, True, True), (0, frame.height - half.get_height()))
    line = max(1, round(width / 90))
    pygame.draw.line(panel, colour, (0, frame.height // 2), (frame.width, frame.height // 2), line)
    pygame.draw.rect(panel, colour, panel.get_rect(), line)
    return panel


def _robe(surface: pygame.Surface, w: float, h: float, colour: Colour, accent: Colour) -> None:
    """Shoulders and robe reaching the middle line, with a gold collar and buttons."""
    pygame.draw.polygon(
        surface, colour, [(w * 0.2, h), (w * 0.26, h * 0.74), (w * 0.86, h * 0.74), (w * 0.94, h)]
    )
    pygame.draw.polygon(
        surface, accent, [(w * 0.47, h), (w * 0.5, h * 0.74), (w * 0.62, h * 0.74), (w * 0.65, h)]
    )
    pygame.draw.polygon(
        surface,
        GOLD,
        [(w * 0.3, h * 0.72), (w * 0.82, h * 0.72), (w * 0.76, h * 0.82), (w * 0.36, h * 0.82)],
    )
    for i in range(3):
        pygame.draw.circle(surface, GOLD, (w * 0.56, h * (0.87 + 0.055 * i)), w * 0.018)


def _face(surface: pygame.Surface, w: float, h: float, chin: float = 0.66) -> None:
    pygame.draw.rect(surface, SKIN, (w * 0.5, h * 0.6, w * 0.12, h * 0.14))
    pygame.draw.ellipse(surface, SKIN, (w * 0.43, h * 0.3, w * 0.26, h * (chin - 0.3)))
    for ex in (0.51, 0.61):
        pygame.draw.circle(surface, INK, (w * ex, h * 0.45), w * 0.014)
    pygame.draw.line(
        surface, INK, (w * 0.54, h * 0.57), (w * 0.58, h * 0.57), max(1, int(w * 0.01))
    )


def _paint_king(
    surface: pygame.Surface, w: float, h: float, colour: Colour, accent: Colour
) -> None:
    # A sceptre held upright on the left, topped with a gold orb.
    pygame.draw.line(
        surface, (110, 80, 40), (w * 0.3, h * 0.2), (w * 0.3, h), max(1, int(w * 0.03))
    )
    pygame.draw.circle(surface, GOLD, (w * 0.3, h * 0.18), w * 0.05)
    _robe(surface, w, h, colour, accent)
    _face(surface, w, h)
    # A full beard and a five-point crown with jewels.
    pygame.draw.polygon(
        surface,
        (120, 84, 52),
        [
            (w * 0.44, h * 0.52),
            (w * 0.68, h * 0.52),
            (w * 0.64, h * 0.72),
            (w * 0.56, h * 0.78),
            (w * 0.48, h * 0.72),
        ],
    )
    pygame.draw.ellipse(surface, SKIN, (w * 0.51, h * 0.54, w * 0.1, h * 0.06))
    pygame.draw.line(
        surface, INK, (w * 0.54, h * 0.57), (w * 0.58, h * 0.57), max(1, int(w * 0.01))
    )
    crown = [
        (w * 0.41, h * 0.33),
        (w * 0.41, h * 0.12),
        (w * 0.47, h * 0.22),
        (w * 0.53, h * 0.06),
        (w * 0.56, h * 0.2),
        (w * 0.59, h * 0.06),
        (w * 0.65, h * 0.22),
        (w * 0.71, h * 0.12),
        (w * 0.71, h * 0.33),
    ]
    pygame.draw.polygon(surface, GOLD, crown)
    pygame.draw.rect(surface, accent, (w * 0.41, h * 0.27, w * 0.3, h * 0.05))
    for jx in (0.47, 0.56, 0.65):
        pygame.draw.circle(surface, colour, (w * jx, h * 0.295), w * 0.02)


def _paint_queen(
    surface: pygame.Surface, w: float, h: float, colour: Colour, accent: Colour
) -> None:
    hair = (92, 58, 30)
    pygame.draw.ellipse(surface, hair, (w * 0.36, h * 0.26, w * 0.4, h * 0.56))
    _robe(surface, w, h, colour, accent)
    _face(surface, w, h)
    # A rose held up on the left: stem, leaf, and petals around a heart.
    pygame.draw.line(
        surface, (40, 120, 50), (w * 0.26, h * 0.3), (w * 0.3, h * 0.95), max(1, int(w * 0.02))
    )
    pygame.draw.ellipse(surface, (40, 120, 50), (w * 0.27, h * 0.55, w * 0.1, h * 0.06))
    for angle in range(0, 360, 72):
        a = math.radians(angle)
        pygame.draw.circle(
            surface,
            accent,
            (w * 0.26 + math.cos(a) * w * 0.045, h * 0.26 + math.sin(a) * w * 0.045),
            w * 0.04,
        )
    pygame.draw.circle(surface, GOLD, (w * 0.26, h * 0.26), w * 0.03)
    # A tiara: a gold band with three pearls.
    pygame.draw.polygon(
        surface,
        GOLD,
        [
            (w * 0.43, h * 0.32),
            (w * 0.47, h * 0.18),
            (w * 0.56, h * 0.12),
            (w * 0.65, h * 0.18),
            (w * 0.69, h * 0.32),
        ],
    )
    for px, py in ((0.47, 0.2), (0.56, 0.14), (0.65, 0.2)):
        pygame.draw.circle(surface, WHITE, (w * px, h * py), w * 0.022)
        pygame.draw.circle(surface, colour, (w * px, h * py), w * 0.022, max(1, int(w * 0.006)))


def _paint_jack(
    surface: pygame.Surface, w: float, h: float, colour: Colour, accent: Colour
) -> None:
    # A halberd on the right: shaft and blade.
    pygame.draw.line(
        surface, (110, 80, 40), (w * 0.82, h * 0.1), (w * 0.82, h), max(1, int(w * 0.025))
    )
    pygame.draw.polygon(
        surface,
        (160, 164, 172),
        [(w * 0.82, h * 0.08), (w * 0.93, h * 0.14), (w * 0.93, h * 0.26), (w * 0.82, h * 0.22)],
    )
    _robe(surface, w, h, colour, accent)
    _face(surface, w, h)
    hair = (150, 96, 40)
    pygame.draw.ellipse(surface, hair, (w * 0.41, h * 0.3, w * 0.08, h * 0.22))  # a short bob
    pygame.draw.ellipse(surface, hair, (w * 0.63, h * 0.3, w * 0.08, h * 0.22))
    # A soft cap with a plume sweeping back over the left.
    plume = [
        (w * 0.44, h * 0.27),
        (w * 0.3, h * 0.12),
        (w * 0.26, h * 0.02),
        (w * 0.36, h * 0.08),
        (w * 0.5, h * 0.24),
    ]
    pygame.draw.polygon(surface, colour, plume)
    pygame.draw.ellipse(surface, accent, (w * 0.38, h * 0.2, w * 0.36, h * 0.15))
    pygame.draw.rect(surface, GOLD, (w * 0.42, h * 0.29, w * 0.28, h * 0.035))


_COURT_PAINTERS: Final[dict[int, Painter]] = {
    JACK: _paint_jack,
    QUEEN: _paint_queen,
    KING: _paint_king,
}


# --- backs --------------------------------------------------------------------------------------


def _back_lattice(surface: pygame.Surface, w: int, h: int, unit: int) -> None:
    surface.fill((22, 58, 140))
    step = max(6, w // 9)
    line = max(1, unit // 2)
    for x in range(-h, w + h, step):
        pygame.draw.line(surface, (120, 160, 230), (x, 0), (x + h, h), line)
        pygame.draw.line(surface, (120, 160, 230), (x, h), (x + h, 0), line)
    for x in range(-h, w + h, step):
        for y in range(0, h + step, step):
            pygame.draw.circle(surface, WHITE, (x + step / 2 + (y // step % 2) * 0, y), unit)


def _back_rings(surface: pygame.Surface, w: int, h: int, unit: int) -> None:
    surface.fill((160, 20, 30))
    step = max(6, w // 7)
    for row, y in enumerate(range(0, h + step, step // 2)):
        offset = step / 2 if row % 2 else 0
        for x in range(-step, w + step, step):
            pygame.draw.circle(surface, (230, 120, 110), (x + offset, y), step * 0.48, max(1, unit))
            pygame.draw.circle(surface, (250, 210, 190), (x + offset, y), step * 0.12)


def _back_medallion(surface: pygame.Surface, w: int, h: int, unit: int) -> None:
    surface.fill((14, 100, 60))
    step = max(6, w // 8)
    for y in range(0, h, step):
        for x in range(0, w, step):
            if (x // step + y // step) % 2:
                surface.fill((20, 120, 72), (x, y, step, step))
    centre = (w / 2, h / 2)
    for i in range(16):  # a sun of gold rays behind the emblem
        a = math.pi * 2 * i / 16
        tip = (centre[0] + math.cos(a) * w * 0.4, centre[1] + math.sin(a) * w * 0.4)
        side = 0.09
        left = (centre[0] + math.cos(a - side) * w * 0.2, centre[1] + math.sin(a - side) * w * 0.2)
        right = (centre[0] + math.cos(a + side) * w * 0.2, centre[1] + math.sin(a + side) * w * 0.2)
        pygame.draw.polygon(surface, GOLD, [left, tip, right])
    pygame.draw.circle(surface, (250, 244, 225), centre, w * 0.22)
    pygame.draw.circle(surface, GOLD, centre, w * 0.22, max(1, unit))
    spade = _new_surface((round(w * 0.26), round(w * 0.26)))
    _draw_suit(spade, Suit.SPADES, BLACK)
    surface.blit(spade, spade.get_rect(center=(round(centre[0]), round(centre[1]))))


def _back_waves(surface: pygame.Surface, w: int, h: int, unit: int) -> None:
    surface.fill((70, 40, 120))
    step = max(6, w // 10)
    for row, y in enumerate(range(-step, h + step, step // 2)):
        colour = (150, 120, 210) if row % 2 else (230, 200, 120)
        points = [
            (x, y + math.sin(x / step * math.pi) * step * 0.35)
            for x in range(0, w + 1, max(1, unit))
        ]
        pygame.draw.lines(surface, colour, False, points, max(1, unit))


_BACK_PAINTERS: Final = (_back_lattice, _back_rings, _back_medallion, _back_waves)


@functools.lru_cache(maxsize=WIDTH_CACHE)
def _back(width: int, style: int) -> pygame.Surface:
    height = card_height(width)
    s = 2
    big = _new_surface((width * s, height * s))
    unit = max(1, round(width * s / 60))
    _BACK_PAINTERS[style % len(_BACK_PAINTERS)](big, width * s, height * s, unit)
    margin = round(width * s * 0.07)
    pygame.draw.rect(
        big,
        WHITE,
        big.get_rect().inflate(-margin, -margin),
        max(1, unit * 2),
        border_radius=round(_corner_radius(width) * s * 0.6),
    )
    art = pygame.transform.smoothscale(big, (width, height))
    out = _blank(width, WHITE, BORDER).copy()
    inner = pygame.Rect(0, 0, width, height).inflate(-max(2, width // 30), -max(2, width // 30))
    trimmed = art.subsurface(inner).copy()
    trimmed.blit(
        _rounded_mask(width).subsurface(inner), (0, 0), special_flags=pygame.BLEND_RGBA_MULT
    )
    out.blit(trimmed, inner)
    return _for_display(out)


def clear_caches() -> None:
    """Forget every picture drawn so far (the window changed size: the old widths are dead)."""
    for cached in (suit_surface, _upside_down_suit, _blank, _corner_index, _back):
        cached.cache_clear()


# --- the public face ----------------------------------------------------------------------------


class CardArt:
    """Draws and caches every card picture. One instance serves the whole window.

    ``four_colour`` gives each suit its own colour (see :data:`FOUR_COLOURS`). The corners
    carry the ranks as the current language prints them (R, D, V on a French deck, as the
    sentences name the cards), or the English K, Q, J with ``english_indices``. Both can be
    changed at any time; the cache keeps every set apart.
    """

    def __init__(self, four_colour: bool = False, english_indices: bool = False) -> None:
        self.four_colour = four_colour
        self._english = False
        self.english_indices = english_indices
        self._faces: dict[tuple[int, int, bool, bool, tuple[str, ...]], pygame.Surface] = {}

    @property
    def english_indices(self) -> bool:
        """K, Q, J in the corners in every language; the tutor's sentences name the cards the
        same way (:func:`scenes.core.i18n.set_english_card_letters`)."""
        return self._english

    @english_indices.setter
    def english_indices(self, on: bool) -> None:
        self._english = on
        set_english_card_letters(on)

    def rank_letters(self) -> tuple[str, ...]:
        """The thirteen corner indices, two to ace, in the current language (or English)."""
        if self.english_indices:
            return RANK_NAMES
        return tuple(rank_letter(rank) for rank in RANK_NAMES)

    def suit_colour(self, suit: int) -> Colour:
        """The ink colour of a suit in the current colour scheme."""
        return (FOUR_COLOURS if self.four_colour else CLASSIC_COLOURS)[Suit(suit)]

    def face(self, card: int, width: int) -> pygame.Surface:
        """The face of ``card`` (0..51), ``width`` pixels wide and ``round(width * 1.4)`` high.

        The surface is cached and shared: copy it before drawing on it.
        """
        letters = self.rank_letters()
        key = (card, width, self.four_colour, False, letters)
        surface = self._faces.get(key)
        if surface is None:
            drawn = self._draw_face(card, width, letters[card % RANKS_PER_SUIT])
            surface = self._faces[key] = _for_display(drawn)
        return surface

    def greyed(self, card: int, width: int) -> pygame.Surface:
        """The face darkened and half desaturated: a card that cannot be played now."""
        key = (card, width, self.four_colour, True, self.rank_letters())
        surface = self._faces.get(key)
        if surface is None:
            surface = self.face(card, width).copy()
            surface.fill((168, 168, 176), special_flags=pygame.BLEND_RGB_MULT)
            grey = pygame.transform.grayscale(surface)
            grey.set_alpha(120)
            surface.blit(grey, (0, 0))
            self._faces[key] = surface = _for_display(surface)
        return surface

    def back(self, width: int, style: int = 0) -> pygame.Surface:
        """A card back ``width`` pixels wide; ``style`` picks one of :data:`BACK_STYLES`."""
        if not 0 <= style < len(BACK_STYLES):
            raise ValueError(
                f"card back style {style} does not exist: pick 0 to {len(BACK_STYLES) - 1}"
            )
        return _back(width, style)

    def clear(self) -> None:
        """Forget the faces drawn so far, and the pieces they are made of (after a display
        change, or to free memory)."""
        self._faces.clear()
        clear_caches()

    def _draw_face(self, card: int, width: int, rank_text: str) -> pygame.Surface:
        if not 0 <= card < 52:
            raise ValueError(f"{card} is not a card: cards are numbered 0 to 51")
        width = max(8, int(width))
        suit, rank = divmod(card, RANKS_PER_SUIT)
        colour = self.suit_colour(suit)
        surface = _blank(width, WHITE, BORDER).copy()
        if rank == ACE:
            _draw_ace(surface, suit, colour)
        elif rank >= JACK:
            panel = _court_panel(card, width, colour)
            surface.blit(panel, panel.get_rect(center=(width // 2, card_height(width) // 2)))
        else:
            _draw_pips(surface, suit, rank + 2, colour)
        index = _corner_index(card, width, colour, rank_text)
        inset = (round(width * 0.025), round(width * 0.05))
        surface.blit(index, inset)
        bottom_right = (
            width - inset[0] - index.get_width(),
            surface.get_height() - inset[1] - index.get_height(),
        )
        surface.blit(pygame.transform.flip(index, True, True), bottom_right)
        return surface
