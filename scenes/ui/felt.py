"""The green baize every screen is drawn on: lighter in the middle, darker at the edges."""

from __future__ import annotations

import functools

import pygame

from scenes.ui.widgets import FELT


@functools.lru_cache(maxsize=4)
def felt_surface(size: tuple[int, int]) -> pygame.Surface:
    """The felt for a window of ``size`` (cached per size: treat it as read-only)."""
    small_w, small_h = 48, 30
    small = pygame.Surface((small_w, small_h))
    for y in range(small_h):
        for x in range(small_w):
            dx = (x + 0.5) / small_w - 0.5
            dy = (y + 0.5) / small_h - 0.45
            d = min(1.0, (dx * dx + dy * dy) ** 0.5 * 1.45)
            light = 1.12 - 0.42 * d * d
            small.set_at((x, y), tuple(min(255, round(c * light)) for c in FELT))
    surface = pygame.transform.smoothscale(small, size)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert()
    return surface
