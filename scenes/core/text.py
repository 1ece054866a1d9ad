"""Text in the game's font (DejaVu Sans, through :mod:`scenes.core.assets`): rendered and cached,
drawn at an anchor, wrapped to a width, and the interface's scale for a window size.

The window's machinery draws text too (the "not saved" notice), so this lives beside the assets
rather than among the widgets; :mod:`scenes.ui.widgets` offers the same names to the screens.
"""

from __future__ import annotations

import functools
from typing import Final

import pygame

from scenes.core import assets

Colour = tuple[int, int, int]

INK: Final[Colour] = (0, 0, 0)


def ui_scale(size: tuple[int, int]) -> float:
    """How big the interface is drawn for a window: 1.0 at 1280x800."""
    w, h = size
    return max(0.6, min(max(w, h) / 1280, min(w, h) / 800, 3.5))


@functools.lru_cache(maxsize=1024)
def text_surface(text: str, size: int, colour: Colour = INK, bold: bool = False) -> pygame.Surface:
    """``text`` rendered anti-aliased (cached: do not draw on the result)."""
    return assets.font(max(6, int(size)), bold).render(text, True, colour)


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    colour: Colour,
    pos: tuple[float, float],
    anchor: str = "center",
    bold: bool = False,
    shadow: Colour | None = None,
) -> pygame.Rect:
    """Blit ``text`` with its ``anchor`` ("center", "midleft", "topleft", ...) at ``pos``."""
    image = text_surface(text, size, colour, bold)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow is not None:
        offset = max(1, size // 14)
        surface.blit(text_surface(text, size, shadow, bold), rect.move(offset, offset))
    surface.blit(image, rect)
    return rect


ELLIPSIS: Final = "\u2026"


@functools.lru_cache(maxsize=1024)
def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` as it is when it fits in ``width`` pixels, else cut and ended with "…" (never
    drawn over what stands beside it). A width too small for one letter gives just "…"."""
    font = assets.font(max(6, int(size)), bold)
    if font.size(text)[0] <= width:
        return text
    low, high = 0, len(text)  # the longest prefix that fits with the mark: binary search
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(text[:middle].rstrip() + ELLIPSIS)[0] <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels."""
    font = assets.font(max(6, int(size)), bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
