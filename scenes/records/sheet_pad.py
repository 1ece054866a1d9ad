"""The score sheet itself, used as a paper pad: type each player's points (Tab or Left/Right
moves the caret, Enter validates the hand). With the jack of diamonds, J (V in French) beside a
figure marks its taker. The sheet (:mod:`game.records.scoresheet`) checks the hand and says what
is wrong; nothing typed is lost or dropped without asking. Up/Down choose an earlier hand to
correct it. The drawing is :mod:`scenes.records.sheet_drawing`.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Final

import pygame

from game.engine.rules import JACK_POINTS
from game.records import scoresheet
from game.records.scoresheet import HandEntry, ScoreSheet, SheetProblem
from scenes.core.i18n import N_, _
from scenes.records import sheet_drawing
from scenes.records.players import PlayersScene
from scenes.records.sheet_words import (
    problem_text,
)
from scenes.ui.dialogs import ChoiceDialog
from scenes.ui.report import ReportScene
from scenes.ui.widgets import (
    Button,
)

if TYPE_CHECKING:
    from scenes.core.services import ProfileScreen


MAX_DIGITS: Final = 3


# -- the sheet ---------------------------------------------------------------------------------


class SheetScene(ReportScene):
    """One sheet. Type the points, Tab to the next player, Enter to validate."""

    app: ProfileScreen

    window_size = (1100, 740)

    def __init__(
        self, app: ProfileScreen, sheet_id: int, sheet: ScoreSheet, player_ids: tuple[int, ...]
    ) -> None:
        super().__init__(app)
        self.sheet_id = sheet_id
        self.sheet = sheet
        self.player_ids = tuple(player_ids)
        n = sheet.players
        self.inputs = [""] * n
        self.field = 0
        self.jack: int | None = None
        self.selected_whole = False  # the focused box's figure is selected: typing replaces it
        self.correcting: int | None = None  # the hand being corrected
        self.photos: dict[int, bytes] = {}
        self.problem = ""
        self.buttons = [
            Button(N_("Validate"), self.validate),
            Button(N_("Players"), lambda: self.app.stack.push(PlayersScene(self.app))),
            self.back_button,
        ]
        self.focus = 0
        self.sheet_area = pygame.Rect(0, 0, 0, 0)
        self.entry_area = pygame.Rect(0, 0, 0, 0)
        self.boxes: list[pygame.Rect] = []

    def title(self) -> str:
        return _("Score sheet")

    def enter(self) -> None:
        self.load_photos()
        pygame.key.start_text_input()

    def resume(self) -> None:
        self.load_photos()

    def load_photos(self) -> None:
        try:
            known = {p.player_id: p.photo for p in self.app.profile.players()}
        except sqlite3.Error:
            known = {}
        self.photos = {
            seat: photo
            for seat, pid in enumerate(self.player_ids)
            if (photo := known.get(pid)) is not None
        }

    # -- entry -----------------------------------------------------------------------------------

    def entry(self, moon_subtract: bool | None = None) -> HandEntry | None:
        """The typed figures as an entry; None (and a sentence) when a box is not a number."""
        points = []
        for seat, text in enumerate(self.inputs):
            try:
                points.append(int(text.strip() or "x"))
            except ValueError:
                if not text.strip():
                    self.problem = _("Type {name}'s points").format(name=self.sheet.names[seat])
                else:
                    self.problem = _("{name}'s points must be a whole number").format(
                        name=self.sheet.names[seat]
                    )
                self.field = seat
                return None
        jack = self.jack if self.sheet.rules.jack_of_diamonds else None
        if jack is not None:  # typed beside the J mark: the hearts and the queen
            points[jack] = scoresheet.with_jack(points[jack])
        return HandEntry(tuple(points), jack, moon_subtract)

    def entering(self) -> bool:
        """The entry boxes are there: a hand to write, or one to correct."""
        return not self.sheet.over or self.correcting is not None

    def typed(self) -> bool:
        """Something is typed for the hand (leaving would lose it)."""
        return any(text.strip() for text in self.inputs) or self.jack is not None

    def back(self) -> None:
        """Leave the sheet; figures typed and not validated are never dropped without asking."""
        if not self.typed():
            super().back()
            return
        self.app.stack.push(
            ChoiceDialog(
                self.app,
                _("Leave the sheet?"),
                _("The figures typed for this hand are not validated and would be lost."),
                [
                    (N_("Keep typing"), lambda: None),
                    (N_("Leave without them"), lambda: ReportScene.back(self)),
                ],
            )
        )

    def focus_box(self, seat: int) -> None:
        """Move the caret to ``seat``'s box, its figure selected whole (typing replaces it)."""
        self.field = seat % self.sheet.players
        self.selected_whole = bool(self.inputs[self.field])

    def validate(self, moon_subtract: bool | None = None, end_there: bool = False) -> None:
        """Check the typed hand and add it (or the correction); the sentence says what is wrong
        and the figures stay as typed. The moon written as its scores is understood (and said);
        a correction that ends the game earlier is made once confirmed."""
        if self.sheet.over and self.correcting is None:
            self.problem = problem_text(SheetProblem(scoresheet.GAME_OVER))
            return
        entry = self.entry(moon_subtract)
        if entry is None:
            return
        sheet = self.sheet
        index = self.correcting if self.correcting is not None else len(sheet.hands)
        try:
            checked, said = scoresheet.read_hand(sheet.rules, entry, sheet.names, index)
            if self.correcting is not None:
                sheet.correct_hand(index, checked.entry, end_there=end_there)
            else:
                sheet.add_hand(checked.entry)
        except scoresheet.EndsEarlier as ended:
            self.ask_end_there(ended, moon_subtract)
            return
        except SheetProblem as problem:
            if problem.template == scoresheet.MOON_CHOICE:
                self.ask_moon(problem)
                return
            self.problem = problem_text(problem)
            return
        shooter = checked.moon_shooter
        note = "" if said is None or shooter is None else _(said).format(name=sheet.names[shooter])
        status = self.sheet.status()
        try:
            self.app.profile.save_sheet_hands(
                self.sheet_id,
                [e.to_dict() for e in self.sheet.entries()],
                status.over,
                list(status.winners),
            )
            self.say(note)
        except sqlite3.Error as exc:
            self.say(_("The profile cannot be written ({error})").format(error=exc), error=True)
        self.problem = ""
        self.correcting = None
        self.inputs = [""] * self.sheet.players
        self.jack = None
        self.field = 0
        self.selected_whole = False

    def ask_end_there(self, ended: scoresheet.EndsEarlier, moon_subtract: bool | None) -> None:
        self.app.stack.push(
            ChoiceDialog(
                self.app,
                _("The game ends earlier"),
                problem_text(ended),
                [
                    (
                        _("End the game after hand {number}").format(number=ended.number),
                        lambda: self.validate(moon_subtract, end_there=True),
                    ),
                    (N_("Keep every hand"), lambda: None),
                ],
            )
        )

    def ask_moon(self, problem: SheetProblem) -> None:
        name = str(problem.params.get("name", ""))
        self.app.stack.push(
            ChoiceDialog(
                self.app,
                _("Shot the moon!"),
                _("{name} took every heart and the queen of spades. How does it score?").format(
                    name=name
                ),
                [
                    (_("26 off {name}'s score").format(name=name), lambda: self.validate(True)),
                    (_("26 to each other player"), lambda: self.validate(False)),
                ],
            )
        )

    def start_correction(self, index: int) -> None:
        hand = self.sheet.hands[index]
        self.correcting = index
        self.inputs = [str(p) for p in hand.entry.points]
        self.jack = hand.entry.jack
        if self.sheet.rules.jack_of_diamonds and self.jack is not None:
            # shown as typed: the hearts and the queen beside the J mark
            self.inputs[self.jack] = str(hand.entry.points[self.jack] - JACK_POINTS)
        self.problem = ""
        self.focus_box(0)

    def cancel_correction(self) -> None:
        self.correcting = None
        self.inputs = [""] * self.sheet.players
        self.jack = None
        self.problem = ""

    def type_text(self, text: str) -> None:
        if not self.entering():
            return  # the game is over: no box to type in
        for char in text:
            if char in "jJvV" and self.sheet.rules.jack_of_diamonds:  # V: valet
                self.jack = None if self.jack == self.field else self.field
                continue
            if self.selected_whole and (char.isdigit() or char == "-"):
                self.inputs[self.field] = ""  # the selected figure is replaced
            self.selected_whole = False
            current = self.inputs[self.field]
            if char.isdigit() and len(current.lstrip("-")) < MAX_DIGITS:
                self.inputs[self.field] = current + char
            elif char == "-" and not current:
                self.inputs[self.field] = "-"
        self.problem = ""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            self.type_text(event.text)
            return True
        if event.type == pygame.DROPFILE:
            self.say(_("Drop photos in Players."), error=True)
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            shift = bool(event.mod & pygame.KMOD_SHIFT)
            if key == pygame.K_TAB:
                self.focus_box(self.field + (-1 if shift else 1))
            elif key in (pygame.K_LEFT, pygame.K_RIGHT):  # the caret's box, never a button
                self.focus_box(self.field + (1 if key == pygame.K_RIGHT else -1))
            elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                whole = self.selected_whole or key == pygame.K_DELETE
                self.inputs[self.field] = "" if whole else self.inputs[self.field][:-1]
                self.selected_whole = False
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.validate()
            elif key == pygame.K_UP and self.sheet.hands:
                current = self.correcting if self.correcting is not None else len(self.sheet.hands)
                self.start_correction(max(0, current - 1))
            elif key == pygame.K_DOWN and self.correcting is not None:
                if self.correcting + 1 < len(self.sheet.hands):
                    self.start_correction(self.correcting + 1)
                else:
                    self.cancel_correction()
            elif key == pygame.K_ESCAPE and self.correcting is not None:
                self.cancel_correction()
            elif key == pygame.K_ESCAPE:
                self.back()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.entering():
            for seat, box in enumerate(self.boxes):
                if box.collidepoint(event.pos):
                    self.focus_box(seat)
                    return True
        return super().handle_event(event)

    # -- layout and drawing ----------------------------------------------------------------------

    def layout(self) -> None:
        area = self.content
        scale = self.scale
        entry_h = round(118 * scale)
        self.sheet_area = pygame.Rect(area.x, area.y, area.w, area.h - entry_h)
        self.entry_area = pygame.Rect(area.x, area.bottom - entry_h, area.w, entry_h)
        n = self.sheet.players
        label_w = round(area.w * 0.22)
        col_w = (area.w - label_w) // n
        box_w, box_h = min(col_w - round(16 * scale), round(110 * scale)), round(34 * scale)
        top = self.entry_area.y + round(30 * scale)
        self.boxes = [
            pygame.Rect(area.x + label_w + s * col_w + (col_w - box_w) // 2, top, box_w, box_h)
            for s in range(n)
        ]

    def columns(self) -> tuple[int, int]:
        label_w = round(self.content.w * 0.22)
        return label_w, (self.content.w - label_w) // self.sheet.players

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_table(surface)
        self.draw_entry(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        sheet_drawing.draw_table(self, surface)

    def draw_entry(self, surface: pygame.Surface) -> None:
        sheet_drawing.draw_entry(self, surface)
