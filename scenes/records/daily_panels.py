"""The boards under the daily challenge's figures, one below the other: the player's latest
dates now; a board of friends' results would be another :class:`DailyPanel` in
:meth:`scenes.records.daily.DailyScene.panels`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

import pygame

from scenes.core.i18n import _
from scenes.ui.widgets import BEVEL_SHADOW, DISABLED_INK, INK, WHITE, draw_text

HISTORY_ROWS: Final = 7
"""The most dates listed on the challenge screen (the latest first)."""


class DailyPanel(Protocol):
    """One board of the daily screen: how tall it wants to be, and its drawing in the room it
    gets (which may be less)."""

    def height(self, scale: float) -> int: ...

    def draw(self, surface: pygame.Surface, area: pygame.Rect, scale: float) -> None: ...


def row_height(scale: float) -> int:
    return round(round(14 * scale) * 1.7)


class HistoryPanel:
    """The latest dates' first attempts on a white sheet, like the score window's: (date,
    points, par, result) rows, newest first."""

    def __init__(self, rows: Sequence[tuple[str, str, str, str]]) -> None:
        self.rows = list(rows)

    def height(self, scale: float) -> int:
        lines = min(HISTORY_ROWS, max(1, len(self.rows)))
        return (lines + 1) * row_height(scale) + row_height(scale) // 3

    def draw(self, surface: pygame.Surface, area: pygame.Rect, scale: float) -> None:
        size = round(14 * scale)
        row_h = row_height(scale)
        if area.h < row_h * 2:
            return
        shown = self.rows[: max(0, area.h // row_h - 1)]
        lines = max(1, len(shown))  # "none yet" takes a line too
        sheet = pygame.Rect(area.x, area.y, area.w, row_h * (lines + 1) + row_h // 3)
        pygame.draw.rect(surface, WHITE, sheet)
        pygame.draw.rect(surface, BEVEL_SHADOW, sheet, 1)
        columns = (0.03, 0.50, 0.64, 0.76)  # date, points, par, result: left edges
        headers = (_("Date"), _("Points"), _("Par"), _("Result"))
        for text, left in zip(headers, columns, strict=True):
            pos = (sheet.x + round(sheet.w * left), sheet.y + row_h // 2)
            draw_text(surface, text, size, INK, pos, "midleft", bold=True)
        pygame.draw.line(
            surface, INK, (sheet.x, sheet.y + row_h), (sheet.right - 1, sheet.y + row_h)
        )
        if not shown:
            pos = (sheet.centerx, sheet.y + row_h + row_h // 2)
            draw_text(surface, _("No daily challenge played yet."), size, DISABLED_INK, pos)
            return
        for i, row in enumerate(shown, start=1):
            y = sheet.y + i * row_h + row_h // 2 + row_h // 6
            for text, left in zip(row, columns, strict=True):
                pos = (sheet.x + round(sheet.w * left), y)
                draw_text(surface, text, size, INK, pos, "midleft")
