"""A picture kept from frame to frame and painted again only where what it shows changed.

At 2560x1440 a frame that paints the whole table afresh (the felt, the plates, the fans, the
trick, the hand: some forty blits, most of them with transparency) costs several times one
full-window copy. The still part of the table is kept in a :class:`Layer`; a frame copies the
rectangles of it that changed or that a flying card left, and paints the cards in flight on
top (see ``TableScene.draw``).

A layer is a list of :class:`Part`, bottom first. Each part names itself, holds as its ``key``
*everything* its painting reads (what it shows, not a flag saying that something changed) and
the rectangle it paints in; the first part covers the whole picture with opaque paint (the
felt), so painting a rectangle again starts from a clean slate. When a part's key or rectangle
changes (or a part comes or goes), only the rectangles concerned are painted again: every part
that overlaps them, in order, with drawing clipped to them, so those pixels come out exactly as
a full painting would paint them. A stale picture therefore needs a key that misses an input,
or a rectangle too small: the tests paint with and without the layer and compare the pixels.

>>> import pygame
>>> screen = pygame.Surface((40, 30))
>>> layer = Layer()
>>> def felt(surface: pygame.Surface) -> None:
...     surface.fill((0, 122, 46))
>>> def card(colour: tuple[int, int, int]) -> Part:
...     return Part("card", colour, (10, 10, 5, 5), lambda s: s.fill(colour, (10, 10, 5, 5)))
>>> parts = [Part("felt", (40, 30), (0, 0, 40, 30), felt), card((255, 255, 255))]
>>> picture = layer.picture(screen, parts)
>>> picture = layer.picture(screen, parts)  # nothing changed: nothing painted
>>> picture = layer.picture(screen, [parts[0], card((200, 0, 0))])  # the card's corner only
>>> layer.full_paints, layer.partial_paints, picture.get_at((12, 12))[:3]
(1, 1, (200, 0, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

import pygame

Area = tuple[int, int, int, int]

FULL_SHARE: Final = 0.6
"""Above this share of the picture changed, it is painted whole (fewer, larger blits)."""


@dataclass(frozen=True)
class Part:
    """One piece of a layer: ``paint`` draws it from ``key`` alone, inside ``bounds``."""

    name: Hashable  # which piece, the same from frame to frame ("felt", ("plate", 2), ...)
    key: Hashable  # every value the painting reads that can change
    bounds: Area  # x, y, w, h: every pixel the painting touches lies inside
    paint: Callable[[pygame.Surface], None] = field(compare=False)


class Layer:
    """One cached picture the size and pixel format of the surface it is copied onto."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self._format: tuple[object, ...] | None = None
        self._shown: tuple[tuple[Hashable, Hashable, Area], ...] | None = None
        self.full_paints = 0  # counts, for tests and measurements
        self.partial_paints = 0
        # Each painting counts one generation; ``painted`` holds the last one's rectangles
        # (None: all of it), so whoever copies the picture can copy just those.
        self.generation = 0
        self.painted: list[pygame.Rect] | None = None

    def picture(self, target: pygame.Surface, parts: Sequence[Part]) -> pygame.Surface:
        """The picture of ``parts``, painted again where it differs from the one kept.

        It has ``target``'s size and pixel format, so copying it there is a plain copy (and a
        picture painted here equals one painted on ``target`` directly).
        """
        surface = self._surface_for(target)
        shown = tuple((part.name, part.key, part.bounds) for part in parts)
        if shown == self._shown:
            return surface
        areas = _changed_areas(self._shown, shown, surface.get_rect())
        self._shown = None  # a painting that fails leaves no picture behind
        self.generation += 1
        self.painted = areas
        if areas is None:
            for part in parts:
                part.paint(surface)
            self.full_paints += 1
        else:
            try:
                for area in areas:
                    surface.set_clip(area)
                    for part in parts:
                        if area.colliderect(part.bounds):
                            part.paint(surface)
            finally:
                surface.set_clip(None)
            self.partial_paints += 1
        self._shown = shown
        return surface

    def _surface_for(self, target: pygame.Surface) -> pygame.Surface:
        fmt = _format(target)
        if self.surface is None or self._format != fmt:
            self.surface = None
            surface = pygame.Surface(target.get_size(), 0, target)
            surface.fill((0, 0, 0))  # the memory is touched here, not in the first painting
            self.surface, self._format, self._shown = surface, fmt, None
            self.generation += 1
            self.painted = None
        return self.surface

    def prepare(self, target: pygame.Surface) -> None:
        """Make the picture's surface for ``target`` now (a 2560x1440 one takes tens of
        milliseconds to allocate and touch: better when the window opens than in a frame)."""
        self._surface_for(target)

    def clear(self) -> None:
        """Forget the picture (the next call paints it whole)."""
        self.surface = None
        self._format = None
        self._shown = None


def area(rect: pygame.Rect) -> Area:
    """A rectangle as a plain (hashable) value."""
    return (rect.x, rect.y, rect.w, rect.h)


def _format(surface: pygame.Surface) -> tuple[object, ...]:
    return (surface.get_size(), surface.get_bitsize(), surface.get_masks(), surface.get_flags())


def _changed_areas(
    old: tuple[tuple[Hashable, Hashable, Area], ...] | None,
    new: tuple[tuple[Hashable, Hashable, Area], ...],
    whole: pygame.Rect,
) -> list[pygame.Rect] | None:
    """The rectangles to paint again to turn ``old`` into ``new`` (None: paint it all)."""
    if old is None:
        return None
    before = {name: (key, bounds) for name, key, bounds in old}
    after = {name: (key, bounds) for name, key, bounds in new}
    if len(before) != len(old) or len(after) != len(new):
        return None  # two parts with one name: no telling which is which
    # The parts on both sides must keep their order (their overlaps are painted in it).
    if [n for n, _, _ in old if n in after] != [n for n, _, _ in new if n in before]:
        return None
    changed: list[Area] = []
    for name in before.keys() | after.keys():
        was, now = before.get(name), after.get(name)
        if was == now:
            continue
        for side in (was, now):
            if side is not None:
                changed.append(side[1])
    return merged_areas(changed, whole)


def merged_areas(rects: Iterable[Area], whole: pygame.Rect) -> list[pygame.Rect] | None:
    """``rects`` inside ``whole``, overlapping ones made one (None: they cover too much of it
    to be worth painting piece by piece)."""
    areas: list[pygame.Rect] = []
    for bounds in rects:
        rect = pygame.Rect(bounds).clip(whole)
        if rect.w <= 0 or rect.h <= 0:
            continue
        index = rect.collidelist(areas)
        while index != -1:  # overlapping rectangles become one
            rect.union_ip(areas.pop(index))
            index = rect.collidelist(areas)
        areas.append(rect)
    if sum(a.w * a.h for a in areas) > FULL_SHARE * whole.w * whole.h:
        return None
    return areas
