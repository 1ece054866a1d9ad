"""Where the line of help above the hand goes: never over a control.

The line ("Your turn", "Cards received from Margaret: your lead", a refused card's reason) sits
above the hand, centred on the table; the player's plate and the Hint button share that height.
The text takes the widest stretch of that height that no control touches and wraps to it,
upwards (it never reaches the cards); when its lines climb into other controls it looks again.

>>> import pygame
>>> from scenes.table.layout import TableLayout
>>> layout = TableLayout((1280, 800))
>>> lines = status_lines(layout, "Your turn", (layout.hint_button,))
>>> [text for text, _rect in lines]
['Your turn']
>>> any(rect.colliderect(layout.hint_button) for _text, rect in lines)
False
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import pygame

from scenes.core import assets
from scenes.core.text import wrap_text
from scenes.table.layout import BOTTOM, TableLayout

LINE_SPACING = 1.15
"""A line's height as a share of the font's own line height (wrapped lines breathe)."""


def line_height(layout: TableLayout) -> int:
    return round(assets.font(layout.font_size, True).get_linesize() * LINE_SPACING)


def _free_stretch(
    layout: TableLayout, top: int, bottom: int, controls: Sequence[pygame.Rect]
) -> tuple[int, int]:
    """The widest stretch of the window's width, between ``top`` and ``bottom``, that no
    control touches (the one nearer the centre when two are as wide)."""
    m = layout.margin
    blocked = sorted(
        (c.left - m, c.right + m) for c in controls if c.w and c.bottom > top and c.top < bottom
    )
    stretches: list[tuple[int, int]] = []
    x = m
    for left, right in blocked:
        if left > x:
            stretches.append((x, left))
        x = max(x, right)
    if layout.width - m > x:
        stretches.append((x, layout.width - m))
    if not stretches:
        return (m, layout.width - m)
    centre = layout.width / 2
    return max(stretches, key=lambda s: (s[1] - s[0], -abs((s[0] + s[1]) / 2 - centre)))


def status_lines(
    layout: TableLayout, text: str, controls: Sequence[pygame.Rect]
) -> list[tuple[str, pygame.Rect]]:
    """See :func:`_status_lines` (remembered: the line is drawn again every frame it shows)."""
    boxes = tuple((c.x, c.y, c.w, c.h) for c in controls)
    return [(line, rect.copy()) for line, rect in _status_lines(layout, text, boxes)]


@functools.lru_cache(maxsize=32)
def _status_lines(
    layout: TableLayout, text: str, boxes: tuple[tuple[int, int, int, int], ...]
) -> tuple[tuple[str, pygame.Rect], ...]:
    """The lines of ``text`` and their rectangles: the widest stretch free of ``controls`` (and
    of the player's plate) at the height of the help line, the lines wrapped to it upwards."""
    if not text:
        return ()
    size = layout.font_size
    line_h = line_height(layout)
    obstacles = [*(pygame.Rect(box) for box in boxes), layout.places[BOTTOM].plate]
    _x, centre_y = layout.message_centre
    count = 1
    lines: list[str] = [text]
    left, right = layout.margin, layout.width - layout.margin
    centred = _placed(layout, text, layout.width // 2, round(layout.width * 0.9), line_h)
    if all(rect.collidelist(obstacles) < 0 for _line, rect in centred):
        return centred  # centred on the table when it touches nothing there
    for _attempt in range(4):
        bottom = round(centre_y + line_h / 2)
        top = bottom - line_h * count
        left, right = _free_stretch(layout, top, bottom, obstacles)
        lines = wrap_text(text, size, right - left, True)
        if len(lines) <= count:
            break
        count = len(lines)
    return _placed(layout, text, (left + right) // 2, right - left, line_h)


def _placed(
    layout: TableLayout, text: str, centre_x: int, width: int, line_h: int
) -> tuple[tuple[str, pygame.Rect], ...]:
    """``text`` wrapped to ``width`` and centred on ``centre_x``, upwards from the help line."""
    size = layout.font_size
    font = assets.font(size, True)
    lines = wrap_text(text, size, width, True)
    y = layout.message_centre[1] - line_h * (len(lines) - 1)
    shadow = max(1, size // 14)  # the shadow's offset (see draw_text)
    placed = []
    for line in lines:
        w, h = font.size(line)
        rect = pygame.Rect(0, 0, w + shadow, h + shadow)
        rect.center = (centre_x, round(y))
        placed.append((line, rect))
        y += line_h
    return tuple(placed)
