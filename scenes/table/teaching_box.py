"""Where the tutor's box goes (the teaching banner and a hint): never over a card or a control.

The box holds the tutor's sentence under a small heading ("Teach me"), just above the line of
help over the hand. A long sentence (French runs a third longer) wraps; at its usual width and
size a box of two or three lines climbed into the trick's cards, over the pass button, or over
the opponents' fans in a tall window. Here the box is laid out with its real height: the widths
and sizes that keep it clear of every card spot, fan, plate and control are tried, the one
nearest the usual look first; only when none fits anywhere is the least covering one kept.

>>> import pygame
>>> from scenes.table.layout import TableLayout
>>> layout = TableLayout((1280, 800))
>>> box = teaching_box(layout, "Play the 4♦ under the 5♦", "Teach me", (layout.hint_button,))
>>> box.rect.colliderect(layout.hint_button), box.lines
(False, ('Play the 4♦ under the 5♦',))
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from scenes.core import assets
from scenes.core.i18n import _
from scenes.core.text import wrap_text
from scenes.table.layout import BOTTOM, TableLayout

LINE_SPACING = 1.35  # a line's height as a share of the font size
SMALLEST = 0.75  # the smallest font tried, as a share of the usual one


@dataclass(frozen=True)
class TeachingBox:
    rect: pygame.Rect
    size: int  # the sentence's font size
    lines: tuple[str, ...]
    heading_size: int

    @property
    def line_height(self) -> int:
        return round(self.size * LINE_SPACING)


def keep_out(layout: TableLayout, controls: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """What the box may never cover: every seat's card in the trick, the opponents' fans,
    the name plates, the controls, the hand and the strip of buttons at the top."""
    spots = []
    for place in layout.places:
        card = pygame.Rect(0, 0, layout.trick_w, layout.trick_h)
        card.center = (round(place.trick[0]), round(place.trick[1]))
        spots.append(card)
    fans = [layout.fan_box(side) for side in range(1, len(layout.places))]
    plates = [place.plate for place in layout.places]
    hand = pygame.Rect(layout.hand_area)
    return [*spots, *fans, *plates, *(c for c in controls if c.w), hand, layout.toolbar]


def teaching_box(
    layout: TableLayout, text: str, label: str, controls: Sequence[pygame.Rect]
) -> TeachingBox:
    """The box for ``text`` (under the heading ``label``, if any) clear of :func:`keep_out`."""
    boxes = tuple((c.x, c.y, c.w, c.h) for c in controls if c.w)
    box = _teaching_box(layout, text, label, boxes)
    return TeachingBox(box.rect.copy(), box.size, box.lines, box.heading_size)


def _measure(text: str, label: str, size: int, width: int) -> tuple[tuple[str, ...], int, int]:
    """The lines of ``text`` wrapped to ``width`` and the box's width and height."""
    lines = tuple(wrap_text(text, size, width))
    font = assets.font(size)
    inner = max(font.size(line)[0] for line in lines)
    heading = round(size * 0.85)
    head_w, head_h = assets.font(heading, True).size(label) if label else (0, 0)
    w = max(inner, head_w) + size * 2
    h = round(size * LINE_SPACING) * len(lines) + size + head_h
    return lines, w, h


@functools.lru_cache(maxsize=32)
def _teaching_box(
    layout: TableLayout, text: str, label: str, boxes: tuple[tuple[int, int, int, int], ...]
) -> TeachingBox:
    """Just above the help line first (at the usual size and width, then wider or narrower,
    then smaller), then higher up the felt; the least covering box when nothing fits."""
    obstacles = keep_out(layout, [pygame.Rect(b) for b in boxes])
    m = layout.margin
    plate = layout.places[BOTTOM].plate
    lowest = min(layout.message_centre[1] - layout.small_font, plate.top, layout.hint_button.top)
    window = pygame.Rect(m, layout.toolbar.bottom, layout.width - 2 * m, layout.height)
    usual = round(min(layout.width * 0.7, 900 * layout.scale))
    widths = sorted(
        {usual, *(round(layout.width * share) for share in (0.4, 0.5, 0.6, 0.8, 0.9, 0.96))},
        key=lambda w: abs(w - usual),
    )
    smallest = max(8, round(layout.small_font * SMALLEST))
    sizes = range(layout.small_font, smallest - 1, -1)
    step = max(4, layout.small_font)
    bottoms = range(round(lowest - m // 2), window.top, -step)
    cx = round(layout.message_centre[0])
    shapes = [
        (size, *_measure(text, label, size, min(width, window.w) - size * 2))
        for size in sizes
        for width in widths
    ]
    best: tuple[int, TeachingBox] | None = None
    for bottom in bottoms:
        for size, lines, w, h in shapes:
            w = min(w, window.w)
            if bottom - h < window.top:
                continue
            for x in (cx, window.left + w // 2, window.right - w // 2):
                rect = pygame.Rect(0, 0, w, h)
                rect.midbottom = (x, bottom)
                covered = _covered(rect, obstacles, window)
                if covered == 0 or best is None or covered < best[0]:
                    best = (covered, TeachingBox(rect, size, lines, round(size * 0.85)))
                    if covered == 0:
                        return best[1]
    if best is None:  # not even one line fits under the strip of buttons: at the usual place
        lines, w, h = _measure(text, label, smallest, window.w - smallest * 2)
        rect = pygame.Rect(0, 0, min(w, window.w), h)
        rect.midbottom = (cx, round(lowest))
        return TeachingBox(rect, smallest, lines, round(smallest * 0.85))
    return best[1]


def _covered(rect: pygame.Rect, obstacles: list[pygame.Rect], window: pygame.Rect) -> int:
    """How much of the obstacles (and of what lies outside the window) ``rect`` covers."""
    area = sum(rect.clip(o).w * rect.clip(o).h for o in obstacles)
    inside = rect.clip(window)
    return area + rect.w * rect.h - inside.w * inside.h


def hearts_badge(layout: TableLayout, text: str) -> tuple[pygame.Rect, pygame.Rect]:
    """Where the hearts indicator and its "Hearts broken" go: the layout's corner, the text
    beside the heart or above it, else the heart under the hand's label at the top right;
    the first clear of every card (a full hand raised), fan, plate and button. It was written
    over the fans across in a tall window and over the last cards of a full hand."""
    size = layout.small_font
    w, h = assets.font(size).size(text) if text else (0, 0)
    m = layout.margin
    controls = [layout.hint_button, layout.menu_button, layout.score_button]
    obstacles = keep_out(layout, [*controls, layout.last_trick_button])[:-2]
    obstacles += [card.inflate(0, 2 * layout.raise_px) for card in layout.hand_rects(52)]
    obstacles += [card for card in layout.hand_rects(layout.hand_size)]
    window = pygame.Rect(0, layout.toolbar.top, layout.width, layout.height)
    corner = layout.hearts_icon.copy()
    top_right = corner.copy()
    top_right.topright = (layout.width - m, layout.toolbar.bottom + m // 2)
    # In the strip of buttons, left of the hand's name (never over a card: the table is below)
    label_w = max(
        assets.font(size).size(words)[0]
        for words in (
            _("Daily challenge, par {par}").format(par=26),
            _("Hand {number}").format(number=99),
            _("Practice"),
        )
    )
    strip = corner.copy()
    strip.midright = (layout.width - m - label_w - m, layout.toolbar.centery)
    first: tuple[pygame.Rect, pygame.Rect] | None = None
    for icon in (corner, top_right, strip):
        beside = pygame.Rect(0, 0, w, h)
        beside.midright = (icon.left - m // 2, icon.centery)
        above = pygame.Rect(0, 0, w, h)
        above.bottomright = (icon.right, icon.top - m // 4)
        below = pygame.Rect(0, 0, w, h)
        below.topright = (icon.right, icon.bottom + m // 4)
        for label in (beside, above, below):
            placed = (icon, label)
            first = first or placed
            clear = all(r.collidelist(obstacles) < 0 and window.contains(r) for r in placed)
            if clear:
                return placed
    assert first is not None
    return first
