"""Statistics of the score sheets: wins per family member across the finished sheets (opened
from Statistics; the figures come from :mod:`game.records.sheet_stats`)."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

import pygame

from game.records.sheet_stats import MemberStats, member_statistics
from scenes.core.i18n import _, ngettext
from scenes.ui.report import ReportScene, draw_sheet, visible_rows
from scenes.ui.widgets import DISABLED_INK, draw_text

if TYPE_CHECKING:
    from scenes.core.services import ProfileScreen


class SheetStatsScene(ReportScene):
    """One row per family member: sheets played, wins alone and shared, the rate, the best
    total, the moons."""

    window_size = (1180, 620)

    app: ProfileScreen

    def __init__(self, app: ProfileScreen) -> None:
        super().__init__(app)
        self.figures: list[MemberStats] = []

    def title(self) -> str:
        return _("Score sheets: wins per player")

    def enter(self) -> None:
        try:
            names = {p.player_id: p.name for p in self.app.profile.players()}
            self.figures, unreadable = member_statistics(self.app.profile.sheets(), names)
        except sqlite3.Error as exc:
            self.say(_("The profile cannot be read: {error}").format(error=exc), error=True)
            return
        if unreadable:
            self.say(
                ngettext(
                    "{count} finished sheet cannot be read: it is not counted.",
                    "{count} finished sheets cannot be read: they are not counted.",
                    unreadable,
                ).format(count=unreadable),
                error=True,
            )

    def rows(self) -> list[list[str]]:
        def rate(member: MemberStats) -> str:
            value = member.win_rate
            return "-" if value is None else f"{round(value * 100)} %"

        return [
            [
                m.name,
                str(m.played),
                str(m.won),
                str(m.shared),
                rate(m),
                "-" if m.best is None else str(m.best),
                str(m.moons),
            ]
            for m in self.figures
        ]

    def draw_content(self, surface: pygame.Surface) -> None:
        header = [
            _("Player"),
            _("Sheets"),
            _("Wins"),
            _("Shared"),
            _("Win rate"),
            _("Best total"),
            _("Moons shot"),
        ]
        columns = [0.0, 0.22, 0.32, 0.43, 0.55, 0.7, 0.83]
        rows = self.rows()[: visible_rows(self.content, self.scale)]
        draw_sheet(surface, self.content, header, rows, columns, self.scale)
        if not self.figures:
            draw_text(
                surface,
                _("No finished score sheet yet."),
                max(11, round(15 * self.scale)),
                DISABLED_INK,
                self.content.center,
            )


__all__ = ["SheetStatsScene"]
