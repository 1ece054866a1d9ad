"""A line chart of every seat's total over the hands, as History draws a game's and the score
sheet draws a sheet's: a line per seat in its colour, the target dashed, the names below."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import pygame

from scenes.ui.widgets import BEVEL_SHADOW, DISABLED_INK, INK, WHITE, Colour, draw_text

SEAT_COLOURS: Final[tuple[Colour, ...]] = (
    (0, 0, 160),
    (190, 30, 30),
    (0, 120, 40),
    (130, 40, 150),
    (210, 120, 0),
)


def axis_labels(
    values: list[int], y_of: Callable[[int], int], height: int
) -> list[tuple[int, int]]:
    """The values to label on the chart's axis, each with its height, in order of importance
    (zero, the target, the highest, the lowest); one that would overlap a label already placed
    is left out, so 51 and 50 never print over each other.

    >>> axis_labels([0, 50, 51, -26], lambda v: 200 - 2 * v, 12)
    [(0, 200), (50, 100), (-26, 252)]
    """
    placed: list[tuple[int, int]] = []
    for value in values:
        y = y_of(value)
        if all(value != v and abs(y - other) >= height for v, other in placed):
            placed.append((value, y))
    return placed


def draw_chart(
    surface: pygame.Surface,
    area: pygame.Rect,
    scores: list[tuple[int, ...]],
    names: list[str],
    rules: Any,
    scale: float,
    selected: int | None = None,
) -> None:
    """Every seat's total after each hand as a line on a white sheet, the target dashed, the
    names in their line's colour below; the ``selected`` hand's totals on a light band."""
    pygame.draw.rect(surface, WHITE, area)
    pygame.draw.rect(surface, BEVEL_SHADOW, area, 1)
    size = max(11, round(12 * scale))  # never under 11 px (issue 41)
    pad = round(10 * scale)
    legend_h = round(24 * scale)
    plot = pygame.Rect(
        area.x + pad + round(30 * scale),
        area.y + pad,
        area.w - 2 * pad - round(34 * scale),
        area.h - 2 * pad - legend_h - size,
    )
    if plot.w < 20 or plot.h < 20:
        return
    target = rules.get("target", 100) if isinstance(rules, dict) else 100
    running: list[list[int]] = [[0] for _ in names]
    for hand in scores:
        for seat, points in enumerate(hand[: len(names)]):
            running[seat].append(running[seat][-1] + points)
    values = [v for line in running for v in line] + [0, int(target)]
    low, high = min(values), max(values)
    span = max(1, high - low)
    hands = max(1, len(scores))

    def point(hand: int, value: int) -> tuple[int, int]:
        x = plot.x + round(plot.w * hand / hands)
        y = plot.bottom - round(plot.h * (value - low) / span)
        return x, y

    if selected is not None and 0 <= selected < len(scores):
        x, _y = point(selected + 1, low)
        band = max(6, min(round(24 * scale), round(plot.w / hands * 0.5)))
        strip = pygame.Rect(x - band // 2, plot.y, band, plot.h).clip(plot.inflate(band, 0))
        surface.fill((255, 244, 190), strip.clip(area.inflate(-2, -2)))
    # axes, zero and the target
    pygame.draw.line(surface, INK, plot.bottomleft, plot.topleft)
    pygame.draw.line(surface, INK, point(0, low), point(hands, low))
    ty = point(0, int(target))[1]
    for x in range(plot.x, plot.right, round(10 * scale) or 1):
        pygame.draw.line(surface, DISABLED_INK, (x, ty), (x + round(5 * scale), ty))
    for value, y in axis_labels([0, int(target), high, low], lambda v: point(0, v)[1], size):
        draw_text(surface, str(value), size, INK, (plot.x - round(4 * scale), y), "midright")
    step = max(1, hands // 10)
    for number in range(0, hands + 1, step):
        x, _y = point(number, low)
        draw_text(surface, str(number), size, INK, (x, plot.bottom + round(3 * scale)), "midtop")
    width = max(2, round(3 * scale))
    for seat, line in enumerate(running):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        dots = [point(i, v) for i, v in enumerate(line)]
        if len(dots) > 1:
            pygame.draw.lines(surface, colour, False, dots, width)
        for p in dots[1:]:
            pygame.draw.circle(surface, colour, p, width + 1)
    x = plot.x
    y = area.bottom - pad - legend_h // 2
    for seat, name in enumerate(names):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        pygame.draw.line(surface, colour, (x, y), (x + round(18 * scale), y), width)
        rect = draw_text(surface, name, size, INK, (x + round(22 * scale), y), "midleft")
        x = rect.right + round(14 * scale)
