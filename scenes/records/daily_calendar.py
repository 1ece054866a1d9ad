"""The daily challenge's month calendar in Statistics: each day painted by how its first
attempt went (beaten, equalled, missed, practice), today framed, and a day clicked to replay its
deal as practice. The geometry is worked out apart from the drawing, so a click finds the day
the player sees."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import Final

import pygame

from game.records import stats
from game.records.stats import DayMark
from scenes.core.i18n import MONTHS, N_, _
from scenes.ui.widgets import BEVEL_SHADOW, FOCUS, INK, WHITE, draw_text, wrap_text

WEEKDAYS: Final = (N_("Mo"), N_("Tu"), N_("We"), N_("Th"), N_("Fr"), N_("Sa"), N_("Su"))
MARK_COLOURS: Final = {
    DayMark.BEATEN: (40, 150, 60),
    DayMark.EQUALLED: (50, 90, 200),
    DayMark.MISSED: (200, 70, 60),
    DayMark.PRACTICE: (150, 150, 150),
}
MARK_LABELS: Final = {
    DayMark.BEATEN: N_("par beaten"),
    DayMark.EQUALLED: N_("equalled"),
    DayMark.MISSED: N_("missed"),
    DayMark.PRACTICE: N_("practice"),
}


@dataclass(frozen=True)
class CalendarLayout:
    """Where a month's days are: the grid (a row of weekday names, then the weeks)."""

    year: int
    month: int
    weeks: list[list[_dt.date | None]]
    grid: pygame.Rect
    cell: int

    def box(self, row: int, col: int) -> pygame.Rect:
        """The cell of week ``row`` (from 0), weekday ``col`` (Monday 0)."""
        top = self.grid.y + (row + 1) * self.cell
        return pygame.Rect(self.grid.x + col * self.cell, top, self.cell, self.cell)

    def day_at(self, pos: tuple[int, int]) -> _dt.date | None:
        """The day under ``pos``, if any."""
        for row, week in enumerate(self.weeks):
            for col, day in enumerate(week):
                if day is not None and self.box(row, col).collidepoint(pos):
                    return day
        return None


def calendar_layout(area: pygame.Rect, year: int, month: int, scale: float) -> CalendarLayout:
    """The month's grid in ``area`` (its title above, the legend and the hint below)."""
    weeks = stats.month_weeks(year, month)
    below = round(44 * scale)
    top = area.y + round(24 * scale)
    cell = max(8, min(area.w // 7, (area.bottom - top - below) // (len(weeks) + 1)))
    cell = min(cell, round(40 * scale))
    grid = pygame.Rect(0, top, cell * 7, cell * (len(weeks) + 1))
    grid.centerx = area.centerx
    return CalendarLayout(year, month, weeks, grid, cell)


def draw_calendar(
    surface: pygame.Surface,
    layout: CalendarLayout,
    figures: stats.DailyStats,
    today: _dt.date,
    scale: float,
    cursor: _dt.date | None = None,
) -> None:
    """The month: a white sheet of days, each painted by its mark, plain for a day not
    played; today framed; the day the arrows chose (``cursor``) in the focus colour; the
    legend and the hint below."""
    grid, cell = layout.grid, layout.cell
    title = f"{_(MONTHS[layout.month - 1])} {layout.year}"
    size = round(15 * scale)
    draw_text(surface, title, size, INK, (grid.centerx, grid.y - round(24 * scale)), "midtop", True)
    pygame.draw.rect(surface, WHITE, grid)
    pygame.draw.rect(surface, BEVEL_SHADOW, grid, 1)
    small = max(9, round(cell * 0.36))
    for i, name in enumerate(WEEKDAYS):
        pos = (grid.x + i * cell + cell // 2, grid.y + cell // 2)
        draw_text(surface, _(name), small, INK, pos, bold=True)
    for row, week in enumerate(layout.weeks):
        for col, day in enumerate(week):
            if day is None:
                continue
            box = layout.box(row, col)
            colour = MARK_COLOURS.get(figures.mark(day))
            if colour is not None:
                surface.fill(colour, box.inflate(-3, -3))
            if day == today:
                pygame.draw.rect(surface, INK, box.inflate(-1, -1), max(1, round(2 * scale)))
            if day == cursor:
                pygame.draw.rect(surface, FOCUS, box.inflate(2, 2), max(2, round(3 * scale)))
            draw_text(surface, str(day.day), small, WHITE if colour else INK, box.center)
    _draw_legend(surface, layout, scale)


def _draw_legend(surface: pygame.Surface, layout: CalendarLayout, scale: float) -> None:
    """The colours' names under the grid, then how to replay a day."""
    size = round(12 * scale)
    y = layout.grid.bottom + round(6 * scale)
    x = layout.grid.x
    for mark, colour in MARK_COLOURS.items():
        swatch = pygame.Rect(x, y, round(14 * scale), round(14 * scale))
        surface.fill(colour, swatch)
        label = (swatch.right + round(4 * scale), swatch.centery)
        rect = draw_text(surface, _(MARK_LABELS[mark]), size, INK, label, "midleft")
        x = rect.right + round(12 * scale)
    hint = _("Click a day, or choose it with the arrows and Enter, to replay its deal.")
    y += round(20 * scale)
    for line in wrap_text(hint, size, max(layout.grid.w, x - layout.grid.x)):
        draw_text(surface, line, size, INK, (layout.grid.x, y), "topleft")
        y += round(size * 1.3)
