"""The score sheet ("Feuille de score") for games played with a real deck.

* :class:`SheetListScene` (here): the sheets kept in the profile, the latest first; a new sheet,
  or resume one.
* :class:`~scenes.records.sheet_setup.SheetSetupScene`: the players and the rules of a new sheet.
* :class:`~scenes.records.sheet_pad.SheetScene`: the sheet itself, used as a paper pad (drawn by
  :mod:`scenes.records.sheet_drawing`; its words in :mod:`scenes.records.sheet_words`).
* :class:`~scenes.records.players.PlayersScene`: the players and their photos.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Any

import pygame

from game.records.scoresheet import SheetProblem
from scenes.core.i18n import N_, _
from scenes.records.players import PlayersScene
from scenes.records.sheet_pad import SheetScene
from scenes.records.sheet_setup import SheetSetupScene
from scenes.records.sheet_words import local_time, result_text, stored_sheet
from scenes.ui.dialogs import ChoiceDialog
from scenes.ui.report import ReportScene, draw_sheet, fitted_columns, visible_rows, window_of
from scenes.ui.widgets import (
    DISABLED_INK,
    Button,
    draw_text,
)

if TYPE_CHECKING:
    from scenes.core.services import ProfileScreen


# -- the list of sheets ------------------------------------------------------------------------


class SheetListScene(ReportScene):
    window_size = (1000, 660)

    app: ProfileScreen

    def __init__(self, app: ProfileScreen) -> None:
        super().__init__(app)
        self.sheets: list[Any] = []
        self.selected = 0
        self.open_button = Button(self.open_label, self.open_selected)
        self.delete_button = Button(N_("Delete"), self.ask_delete)
        self.buttons = [
            Button(N_("New sheet"), self.new_sheet),
            self.open_button,
            Button(N_("Players"), lambda: self.app.stack.push(PlayersScene(self.app))),
            self.delete_button,
            self.back_button,
        ]

    def title(self) -> str:
        return _("Score sheet")

    def enter(self) -> None:
        self.load()

    def resume(self) -> None:
        self.load()

    def load(self) -> None:
        try:
            self.sheets = self.app.profile.sheets()
        except sqlite3.Error as exc:
            self.say(_("The profile cannot be read: {error}").format(error=exc), error=True)
            self.sheets = []
        self.selected = min(self.selected, max(0, len(self.sheets) - 1))
        self.open_button.enabled = self.delete_button.enabled = bool(self.sheets)
        self.focus = 1 if self.sheets else 0  # Enter resumes the chosen sheet, or starts one
        self.relayout()

    def open_label(self) -> str:
        """ "View" for a finished sheet, "Resume" for one in progress."""
        finished = bool(self.sheets) and self.sheets[self.selected].finished
        return _("View") if finished else _("Resume")

    def ask_delete(self) -> None:
        """Delete the chosen sheet, once the person says so (keeping it is first)."""
        if not self.sheets:
            return
        stored = self.sheets[self.selected]
        self.app.stack.push(
            ChoiceDialog(
                self.app,
                _("Delete this sheet?"),
                _("The sheet of {date} ({names}) will be gone, with every hand on it.").format(
                    date=local_time(stored.updated_at),
                    names=", ".join(stored.names),
                ),
                [
                    (N_("Keep the sheet"), lambda: None),
                    (N_("Delete the sheet"), lambda: self.delete(stored.sheet_id)),
                ],
                cancel=lambda: None,
            )
        )

    def delete(self, sheet_id: int) -> None:
        try:
            self.app.profile.delete_sheet(sheet_id)
        except sqlite3.Error as exc:
            self.say(_("The profile cannot be written ({error})").format(error=exc), error=True)
            return
        self.say(_("The sheet is deleted."))
        self.load()

    def new_sheet(self) -> None:
        self.app.stack.push(SheetSetupScene(self.app))

    def open_selected(self) -> None:
        if not self.sheets:
            return
        stored = self.sheets[self.selected]
        try:
            sheet = stored_sheet(stored)
        except (SheetProblem, ValueError) as exc:
            self.say(_("This sheet cannot be read: {error}").format(error=exc), error=True)
            return
        self.app.stack.push(SheetScene(self.app, stored.sheet_id, sheet, stored.player_ids))

    def rows(self) -> list[list[str]]:
        rows = []
        for stored in self.sheets:
            try:
                sheet = stored_sheet(stored)
                totals = " · ".join(str(t) for t in sheet.totals)
                state = result_text(sheet) if sheet.over else _("in progress")
            except (SheetProblem, ValueError):
                totals, state = "?", _("cannot be read")
            rows.append(
                [
                    local_time(stored.updated_at),
                    ", ".join(stored.names),
                    str(len(stored.hands)),
                    totals,
                    state,
                ]
            )
        return rows

    def handle_key(self, event: pygame.event.Event) -> bool:
        count = len(self.sheets)
        if event.key == pygame.K_DOWN and count:
            self.selected = min(count - 1, self.selected + 1)
        elif event.key == pygame.K_UP and count:
            self.selected = max(0, self.selected - 1)
        else:
            return False
        return True

    def draw_content(self, surface: pygame.Surface) -> None:
        header = [_("Date"), _("Players"), _("Hands"), _("Totals"), ""]
        area = self.content
        if not self.sheets:
            draw_sheet(
                surface,
                area,
                header,
                [],
                fitted_columns(header, [], area.w, self.scale),
                self.scale,
            )
            draw_text(
                surface,
                _("No score sheet yet: start one with New sheet."),
                max(11, round(15 * self.scale)),
                DISABLED_INK,
                area.center,
            )
            return
        rows = self.rows()
        # Each column as wide as its cells: "45 · -15 · 41 · 45" was cut at 800x600 beside
        # fixed shares; the names give way first when the window is narrow.
        columns = fitted_columns(header, rows, area.w, self.scale, first=(1,))
        shown = visible_rows(area, self.scale)
        first = window_of(shown, len(rows), self.selected)
        draw_sheet(
            surface,
            area,
            header,
            rows[first : first + shown],
            columns,
            self.scale,
            selected=self.selected - first,
        )


__all__: list[str] = ["SheetListScene"]
