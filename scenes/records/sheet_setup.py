"""A new score sheet: 3, 4 or 5 players (a known player or a new name; the last sheet's players
offered) and the rules. Typing on a player's row writes the name; names typed are never
dropped without asking.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine.codec import rules_from
from game.engine.rules import MoonMode, Rules, TieRule
from game.records import scoresheet
from game.records.scoresheet import ScoreSheet, SheetProblem
from scenes.core.i18n import N_, _
from scenes.records.sheet_pad import SheetScene
from scenes.records.sheet_words import problem_text
from scenes.ui.dialogs import ChoiceDialog
from scenes.ui.form_scene import FormScene
from scenes.ui.rule_rows import jack_row, moon_row, target_row, tie_row
from scenes.ui.widgets import (
    WHITE,
    ActionRow,
    ChoiceRow,
    Row,
    TextRow,
    draw_text,
)

if TYPE_CHECKING:
    from scenes.core.services import ProfileScreen


# -- a new sheet --------------------------------------------------------------------------------


class NameRow(TextRow):
    """A player's name: typed, or one of the known players chosen with left/right."""

    known: list[str]

    def step(self, delta: int) -> None:
        if not self.known:
            return
        current = self.get()
        names = self.known
        index = next((i for i, n in enumerate(names) if n.casefold() == current.casefold()), -1)
        self.set(names[(index + delta) % len(names)] if index >= 0 or delta > 0 else names[-1])


class SheetSetupScene(FormScene):
    window_width = 820
    label_width = 0.42

    app: ProfileScreen

    def __init__(self, app: ProfileScreen) -> None:
        self.count = 4
        self.names = ["", "", "", "", ""]
        self.target = 100
        self.moon = MoonMode.OTHERS_PLUS
        self.jack = False
        self.tie = TieRule.PLAY_ON
        self.error = ""
        try:
            self.known = [p.name for p in app.profile.players()]
            sheets = app.profile.sheets()  # the latest first
        except sqlite3.Error:
            self.known, sheets = [], []
        if sheets:  # the last sheet's players and rules, as on the pad's last page
            last = sheets[0]
            self.count = len(last.names) if 3 <= len(last.names) <= 5 else 4
            for i, name in enumerate(last.names[: self.count]):
                self.names[i] = name
            try:
                rules = Rules.from_dict(last.rules)
                self.target, self.moon, self.jack = rules.target, rules.moon, rules.jack_of_diamonds
                self.tie = rules.tie
            except (ValueError, TypeError, KeyError):
                pass
        self.offered = list(self.names)  # what the form offered: anything else was typed
        super().__init__(app)

    def title(self) -> str:
        return _("New score sheet")

    def set_count(self, count: int) -> None:
        self.count = count
        self.rebuild()

    def rows(self) -> list[Row]:
        rows: list[Row] = [
            ChoiceRow(
                N_("Players"), ((3, "3"), (4, "4"), (5, "5")), lambda: self.count, self.set_count
            )
        ]
        for seat in range(self.count):
            row = NameRow(
                _("Player {number}").format(number=seat + 1),
                functools.partial(self.names.__getitem__, seat),
                functools.partial(self._set_name, seat),
                max_length=scoresheet.MAX_NAME,
                placeholder=lambda: _("a name, or left/right"),
            )
            row.known = self.known
            rows.append(row)
        rows += [
            target_row(lambda: self.target, lambda v: setattr(self, "target", v)),
            moon_row(lambda: self.moon.value, lambda v: setattr(self, "moon", MoonMode(v))),
            jack_row(lambda: self.jack, lambda v: setattr(self, "jack", v)),
            tie_row(lambda: self.tie.value, lambda v: setattr(self, "tie", TieRule(v))),
            ActionRow(N_("Start"), self.start),
            ActionRow(N_("Back"), self.back),
        ]
        return rows

    def _set_name(self, seat: int, value: str) -> None:
        self.names[seat] = value
        self.error = ""

    def rules(self) -> Rules:
        return rules_from(
            players=self.count,
            target=self.target,
            moon=self.moon,
            jack_of_diamonds=self.jack,
            tie=self.tie,
        )

    def default_action(self) -> Callable[[], None]:
        return self.start  # Enter on a setting starts, as the dialog's default button

    def start(self) -> None:
        rules = self.rules()
        try:
            sheet = ScoreSheet(rules, tuple(self.names[: self.count]))
        except SheetProblem as problem:
            self.error = problem_text(problem)
            return
        try:
            profile = self.app.profile
            by_name = {p.name.casefold(): p.player_id for p in profile.players()}
            ids = []
            for name in sheet.names:
                known = by_name.get(name.casefold())
                ids.append(known if known is not None else profile.add_player(name))
            sheet_id = profile.new_sheet(rules.to_dict(), ids, list(sheet.names))
        except (sqlite3.Error, ValueError) as exc:
            self.error = _("The profile cannot be written ({error})").format(error=exc)
            return
        self.app.stack.replace(SheetScene(self.app, sheet_id, sheet, tuple(ids)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Typing (or Backspace) on a player's row edits that name at once: what is typed goes
        where the caret shows, and Backspace there never leaves the form."""
        form = self.form
        row = form.rows[form.focus] if 0 <= form.focus < len(form.rows) else None
        if event.type == pygame.TEXTINPUT:
            self.error = ""  # a name is being typed again
        starts = event.type == pygame.TEXTINPUT or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE
        )
        if starts and isinstance(row, NameRow) and form.editing is None:
            row.editing = True
        moves = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_TAB,
            pygame.K_DOWN,
            pygame.K_UP,
        )
        if moves and isinstance(row, NameRow) and row.editing:
            row.editing = False  # the name is done: Tab, Down, Up go to the next row, as the pad
        if moves and event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT:
            event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode="")
        return super().handle_event(event)

    def back(self) -> None:
        """Back to the list; names typed are not dropped without asking."""
        if self.names == self.offered:
            super().back()
            return
        self.app.stack.push(
            ChoiceDialog(
                self.app,
                _("Leave the new sheet?"),
                _("The names typed would be lost."),
                [
                    (N_("Keep typing"), lambda: None),
                    (N_("Leave without them"), lambda: FormScene.back(self)),
                ],
                cancel=lambda: None,
            )
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.error:
            draw_text(
                surface,
                self.error,
                round(16 * self.scale),
                WHITE,
                (self.window.centerx, self.window.bottom + round(4 * self.scale)),
                "midtop",
                bold=True,
                shadow=(90, 0, 0),
            )
