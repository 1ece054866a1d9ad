"""A picture kept from frame to frame and painted again only when what it shows changes.

At 2560x1440 a frame that paints the whole table afresh (the felt, the plates, the fans, the
trick, the hand: some forty blits, most of them with transparency) costs several times one
full-window copy. The still part of the table is painted once into a :class:`Layer` and copied
each frame; only the cards in flight are painted on top.

The layer is keyed by a plain value that holds *everything* the painting reads (what the table
shows, not flags saying that something changed): equal keys promise equal pictures, so a stale
picture needs a key that misses one of the painting's inputs. The tests paint with and without
the layers and compare the pixels.

>>> import pygame
>>> screen = pygame.Surface((4, 3))
>>> layer = Layer()
>>> painted = []
>>> def paint(surface: pygame.Surface) -> None:
...     painted.append(1)
...     surface.fill((0, 122, 46))
>>> picture = layer.picture(screen, ("felt",), paint)
>>> picture = layer.picture(screen, ("felt",), paint)  # same key: the same picture, not painted
>>> len(painted), picture.get_at((0, 0))[:3]
(1, (0, 122, 46))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame


class Layer:
    """One cached picture the size and pixel format of the surface it is copied onto."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: Hashable = None
        self._format: tuple[object, ...] | None = None

    def holds(self, target: pygame.Surface, key: Hashable) -> bool:
        """True when the picture kept is the one for ``key``, ready to copy onto ``target``."""
        return self.surface is not None and self._format == _format(target) and self.key == key

    def picture(
        self,
        target: pygame.Surface,
        key: Hashable,
        paint: Callable[[pygame.Surface], None],
    ) -> pygame.Surface:
        """The picture for ``key``, painted by ``paint`` unless the one kept has that key.

        It has ``target``'s size and pixel format, so copying it there is a plain copy (and a
        picture painted here equals one painted on ``target`` directly).
        """
        fmt = _format(target)
        if self.surface is None or self._format != fmt:
            self.surface = pygame.Surface(target.get_size(), 0, target)
            self._format = fmt
            self.key = None
        if self.key is None or self.key != key:
            self.key = None  # a painting that fails leaves no picture behind
            paint(self.surface)
            self.key = key
        return self.surface

    def clear(self) -> None:
        """Forget the picture (the next call paints afresh)."""
        self.surface = None
        self.key = None
        self._format = None


def _format(surface: pygame.Surface) -> tuple[object, ...]:
    return (surface.get_size(), surface.get_bitsize(), surface.get_masks(), surface.get_flags())
