"""Where the table's big announcement goes ("Hearts broken", "No pass this hand", a moon): on
the felt, never over a card, a fan of backs, a name plate, the line of help or a control.

At its usual place (above the trick's top card) the dark box covered the bottom of the fans
across the table (1280x800, five players, 800x600 with large cards, a French moon at 640x1000).
Here the box is laid out with its real size, centred across the table: the heights between the
fans and the hand are tried from the usual one outwards, then smaller letters, then two lines;
only when no centred box is clear does it move sideways, and when none at all is, the least
covering box is kept (see :func:`banner_box`).

>>> import pygame
>>> pygame.font.init()
>>> from scenes.table.layout import TableLayout
>>> layout = TableLayout((1280, 800))
>>> placed = banner_box(layout, "Hearts broken", (layout.hint_button,))
>>> placed.rect.collidelist(keep_out(layout, [layout.hint_button]))
-1
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from scenes.core import assets
from scenes.table.layout import TableLayout
from scenes.table.status_line import line_height
from scenes.table.teaching_box import keep_out

BANNER_SCALE = 1.6  # the banner's letters as a share of the table's font size
SMALLEST = 0.9  # the smallest letters tried, as a share of the table's font size
HARD = 100  # a control, the hand or the strip of buttons covered weighs this much more


@dataclass(frozen=True)
class Banner:
    rect: pygame.Rect  # the dark box
    size: int  # the letters' size (bold)
    lines: tuple[str, ...]  # one, or two when one line fits nowhere


def banner_box(layout: TableLayout, text: str, controls: Sequence[pygame.Rect]) -> Banner:
    """The box for ``text``, clear of :func:`keep_out` (the controls given included)."""
    boxes = tuple((c.x, c.y, c.w, c.h) for c in controls if c.w)
    placed = _banner_box(layout, text, boxes)
    return Banner(placed.rect.copy(), placed.size, placed.lines)


def _halves(text: str) -> tuple[str, ...]:
    """``text`` cut in two lines at the space nearest its middle (itself if it has none)."""
    spaces = [i for i, c in enumerate(text) if c == " " and text[i + 1 : i + 2] not in "!?:;"]
    if not spaces:
        return (text,)
    cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return (text[:cut], text[cut + 1 :])


def _shape(lines: tuple[str, ...], size: int) -> tuple[int, int]:
    """The box's width and height for ``lines`` in bold letters of ``size``."""
    font = assets.font(size, True)
    w = max(font.size(line)[0] for line in lines)
    return w + round(size * 1.5), font.get_linesize() * len(lines) + round(size * 0.8)


@functools.lru_cache(maxsize=32)
def _banner_box(
    layout: TableLayout, text: str, boxes: tuple[tuple[int, int, int, int], ...]
) -> Banner:
    controls = [pygame.Rect(b) for b in boxes]
    help_line = pygame.Rect(0, 0, layout.width, line_height(layout))
    help_line.centery = round(layout.message_centre[1])  # "Your turn" was written under it
    obstacles = [*keep_out(layout, controls), help_line]
    window = pygame.Rect(0, layout.toolbar.bottom, layout.width, layout.hand_area.top)
    window.height = layout.hand_area.top - window.top
    cx, usual_y = round(layout.banner_centre[0]), round(layout.banner_centre[1])
    step = max(2, layout.small_font // 2)
    heights = sorted(range(window.top, window.bottom, step), key=lambda y: abs(y - usual_y))
    largest = round(layout.font_size * BANNER_SCALE)
    smallest = max(8, round(layout.font_size * SMALLEST))
    best: tuple[int, Banner] | None = None
    shapes = [
        (size, lines)
        for lines in ((text,), _halves(text))
        for size in range(largest, smallest - 1, -max(1, largest // 10))
    ]
    # Centred on the table at any size or height first; moved sideways only when nothing is.
    for centred in (True, False):
        for size, lines in shapes:
            w, h = _shape(lines, size)
            for y in heights:
                for x in [cx] if centred else _across(cx, w, window, layout.margin, step):
                    rect = pygame.Rect(0, 0, w, h)
                    rect.center = (x, y)
                    covered = _covered(rect, obstacles, window) + HARD * _covered(
                        rect, controls, window
                    )
                    if best is None or covered < best[0]:
                        best = (covered, Banner(rect, size, lines))
                    if covered == 0:
                        return best[1]
    assert best is not None
    return best[1]


def _across(cx: int, w: int, window: pygame.Rect, margin: int, step: int) -> list[int]:
    """The centres a box ``w`` wide may take across ``window``, the middle first."""
    left, right = window.left + w // 2 + margin, window.right - w // 2 - margin
    return sorted({cx, *range(left, right + 1, step * 4)}, key=lambda x: abs(x - cx))


def _covered(rect: pygame.Rect, obstacles: list[pygame.Rect], window: pygame.Rect) -> int:
    """How much of the obstacles (and of what lies outside ``window``: the hand, the strip of
    buttons) ``rect`` covers."""
    area = sum(rect.clip(o).w * rect.clip(o).h for o in obstacles)
    inside = rect.clip(window)
    return area + rect.w * rect.h - inside.w * inside.h
