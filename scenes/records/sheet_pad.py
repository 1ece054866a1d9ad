"""The score sheet itself, used as a paper pad: type each player's points (Tab or Left/Right
moves the caret, Enter validates the hand; a new hand starts on the first player's box). With the
jack of diamonds, J (V in French) beside a figure marks its taker, the figure written as on paper
(the jack counted). The sheet (:mod:`game.records.scoresheet`) checks the hand and says what is
wrong; nothing typed is lost or dropped without asking: figures typed wait as a draft during a
correction, and stay with the sheet when the window closes (:mod:`scenes.records.sheet_drafts`).
Up/Down or a click on a hand's row choose an earlier hand to correct it. The drawing is
:mod:`scenes.records.sheet_drawing`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import pygame

from game.records import scoresheet
from game.records.scoresheet import ScoreSheet, SheetProblem
from scenes.core.i18n import N_, _
from scenes.records import sheet_drafts, sheet_drawing, sheet_share
from scenes.records.players import PlayersScene
from scenes.records.sheet_drawing import PAD_ERASE, PAD_JACK, PAD_MINUS, PAD_NEXT
from scenes.records.sheet_words import problem_text, said_text
from scenes.ui.dialogs import ChoiceDialog
from scenes.ui.report import ReportScene
from scenes.ui.widgets import (
    Button,
)

if TYPE_CHECKING:
    from scenes.core.services import ProfileScreen


MAX_DIGITS: Final = 3

NUMPAD_WITHOUT_NUMLOCK: Final = frozenset(
    {pygame.K_KP0, pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4}
    | {pygame.K_KP5, pygame.K_KP6, pygame.K_KP7, pygame.K_KP8, pygame.K_KP9}
)
"""The number pad's figures: with Num Lock on they come as text, so a key seen is one typed
with Num Lock off."""


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
        self.draft: tuple[list[str], int | None] | None = None  # the new hand, while correcting
        self.photos: dict[int, bytes] = {}
        self.problem = ""
        self.validate_button = Button(N_("Validate"), self.validate, visible=not sheet.over)
        self.delete_button = Button(N_("Delete hand"), self.ask_delete, visible=False)
        self.chart_button = Button(N_("Chart"), self.show_chart, visible=bool(sheet.hands))
        self.share_button = Button(N_("Share"), self.share, visible=sheet.over)
        self.buttons = [
            self.validate_button,
            self.delete_button,
            self.chart_button,
            self.share_button,
            Button(N_("Players"), lambda: self.app.stack.push(PlayersScene(self.app))),
            self.back_button,
        ]
        self.focus = 0
        self.sheet_area = pygame.Rect(0, 0, 0, 0)
        self.entry_area = pygame.Rect(0, 0, 0, 0)
        self.boxes: list[pygame.Rect] = []
        self.keypad: list[tuple[str, pygame.Rect]] = []  # the number pad on the screen

    def title(self) -> str:
        return _("Score sheet")

    def enter(self) -> None:
        self.load_photos()
        sheet_drafts.restore(self)
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

    # -- the figures typed -------------------------------------------------------------------

    def entry(self, moon_subtract: bool | None = None) -> tuple[int, ...] | None:
        """The typed figures; None (and a sentence) when a box is not a number."""
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
                self.focus_box(seat)
                return None
        return tuple(points)

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

        def leave(keep: bool) -> None:
            if not keep:  # nothing typed stays with the sheet
                self.correcting, self.draft = None, None
                self.inputs, self.jack = [""] * self.sheet.players, None
            ReportScene.back(self)

        self.app.stack.push(
            ChoiceDialog(
                self.app,
                _("Leave the sheet?"),
                _("The figures typed for this hand are not validated."),
                [
                    (N_("Keep typing"), lambda: None),
                    (N_("Keep them for later"), lambda: leave(True)),
                    (N_("Leave without them"), lambda: leave(False)),
                ],
                cancel=lambda: None,
            )
        )

    def exit(self) -> None:
        """Closing the window or F2: the figures typed stay with the sheet as a draft."""
        sheet_drafts.keep(self)

    def focus_box(self, seat: int) -> None:
        """Move the caret to ``seat``'s box, its figure selected whole (typing replaces it)."""
        self.field = seat % self.sheet.players
        self.selected_whole = bool(self.inputs[self.field])

    def step_box(self, delta: int) -> None:
        """Tab, Shift+Tab, Left, Right: the next (or previous) player's box. Past the last box
        the caret goes back round only to a box still empty, never silently onto a figure."""
        n = self.sheet.players
        target = self.field + delta
        if 0 <= target < n:
            self.focus_box(target)
            return
        order = range(n) if delta > 0 else range(n - 1, -1, -1)
        empty = next((s for s in order if not self.inputs[s].strip()), None)
        if empty is None:
            self.problem = _("Every player has a figure: Enter validates the hand")
            return
        self.focus_box(empty)

    def validate(self, moon_subtract: bool | None = None, end_there: bool = False) -> None:
        """Check the typed hand and add it (or the correction); the sentence says what is wrong
        and the figures stay as typed. The moon written as its scores and the jack's figure
        typed without the jack are understood (and said); a correction that ends the game
        earlier is made once confirmed."""
        if self.sheet.over and self.correcting is None:
            self.problem = problem_text(SheetProblem(scoresheet.GAME_OVER))
            return
        typed = self.entry(moon_subtract)
        if typed is None:
            return
        sheet = self.sheet
        index = self.correcting if self.correcting is not None else len(sheet.hands)
        jack = self.jack if sheet.rules.jack_of_diamonds else None
        try:
            checked, said = scoresheet.read_typed(
                sheet.rules, typed, jack, moon_subtract, sheet.names, index
            )
            if self.correcting is not None:
                sheet.correct_hand(index, checked.entry, end_there=end_there)
            else:
                sheet.add_hand(checked.entry)
        except scoresheet.EndsEarlier as ended:
            self.ask_end_there(ended, lambda: self.validate(moon_subtract, end_there=True))
            return
        except SheetProblem as problem:
            if problem.template == scoresheet.MOON_CHOICE:
                self.ask_moon(problem)
                return
            self.problem = problem_text(problem)
            return
        self.saved(checked, said)

    def saved(self, checked: scoresheet.CheckedHand, said: str | None) -> None:
        """A hand accepted: stored, what was understood said, and the next hand's boxes."""
        self.store("" if said is None else said_text(self.sheet, checked, said))
        if self.correcting is None:
            self.draft = None
        self.back_to_new_hand()

    def store(self, note: str) -> None:
        """Every hand of the sheet written to the profile, and ``note`` said."""
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

    def ask_delete(self) -> None:
        """Delete the hand being corrected, once the person says so (keeping it is first)."""
        index = self.correcting
        if index is None:
            return
        self.app.stack.push(
            ChoiceDialog(
                self.app,
                _("Delete hand {number}?").format(number=index + 1),
                _("Its figures leave the sheet and every total is worked out again."),
                [
                    (N_("Keep the hand"), lambda: None),
                    (
                        _("Delete hand {number}").format(number=index + 1),
                        lambda: self.delete_hand(index),
                    ),
                ],
                cancel=lambda: None,
            )
        )

    def delete_hand(self, index: int, end_there: bool = False) -> None:
        try:
            self.sheet.delete_hand(index, end_there=end_there)
        except scoresheet.EndsEarlier as ended:
            self.ask_end_there(ended, lambda: self.delete_hand(index, end_there=True))
            return
        self.store(_("Hand {number} deleted.").format(number=index + 1))
        self.back_to_new_hand()

    def ask_end_there(self, ended: scoresheet.EndsEarlier, confirm: Callable[[], None]) -> None:
        """Keeping every hand is the first choice and Esc's: a reflex Enter deletes nothing.
        ``confirm`` ends the game there."""
        self.app.stack.push(
            ChoiceDialog(
                self.app,
                _("The game ends earlier"),
                problem_text(ended),
                [
                    (N_("Keep every hand"), lambda: None),
                    (_("End the game after hand {number}").format(number=ended.number), confirm),
                ],
                cancel=lambda: None,
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
                cancel=lambda: None,
            )
        )

    # -- corrections ---------------------------------------------------------------------------

    def as_typed(self, index: int) -> tuple[list[str], int | None]:
        """Hand ``index``'s figures as they were typed (older hands: as counted)."""
        entry = self.sheet.hands[index].entry
        if entry.typed is not None:
            return list(entry.typed), entry.jack
        return [str(p) for p in entry.points], entry.jack

    def changed(self) -> bool:
        """The hand being corrected differs from what the sheet holds."""
        if self.correcting is None:
            return False
        figures, jack = self.as_typed(self.correcting)
        return [t.strip() for t in self.inputs] != figures or self.jack != jack

    def correct(self, index: int | None) -> None:
        """Up, Down or a click on a hand's row: correct hand ``index`` (None: the new hand).
        The new hand's figures wait as a draft; a changed correction is dropped only once
        the person says so."""
        if index == self.correcting:
            return
        if not self.changed():
            self.start_correction(index)
            return
        number = (self.correcting or 0) + 1
        self.app.stack.push(
            ChoiceDialog(
                self.app,
                _("Drop the changes to hand {number}?").format(number=number),
                _("The figures changed for hand {number} are not validated.").format(number=number),
                [
                    (N_("Keep correcting"), lambda: None),
                    (N_("Drop the changes"), lambda: self.start_correction(index)),
                ],
                cancel=lambda: None,
            )
        )

    def refresh_buttons(self) -> None:
        """Validate while there are boxes, Delete hand while correcting one, the chart once a
        hand is written, Share once the game is over."""
        shown = (
            self.entering(),
            self.correcting is not None,
            bool(self.sheet.hands),
            self.sheet.over,
        )
        buttons = (self.validate_button, self.delete_button, self.chart_button, self.share_button)
        if shown != tuple(b.visible for b in buttons):
            for button, visible in zip(buttons, shown, strict=True):
                button.visible = visible
            self.focus = 0
            self.relayout()

    def show_chart(self) -> None:
        self.app.stack.push(sheet_share.SheetChartScene(self.app, self.sheet))

    def share(self) -> None:
        """The final sheet as a picture: saved next to the profile, copied where possible."""
        try:
            stored = self.app.profile.sheet(self.sheet_id)
        except sqlite3.Error:
            stored = None
        when = "" if stored is None else stored.updated_at  # the last hand's time
        folder = self.app.profile.path.parent
        said, error = sheet_share.share(self.sheet, self.sheet_id, self.photos, when, folder)
        self.say(said, error=error)

    def start_correction(self, index: int | None) -> None:
        if index is None:
            self.back_to_new_hand()
            return
        if self.correcting is None:
            self.draft = (list(self.inputs), self.jack) if self.typed() else None
        self.correcting = index
        self.inputs, self.jack = self.as_typed(index)
        self.problem = ""
        self.focus_box(0)
        self.refresh_buttons()

    def back_to_new_hand(self) -> None:
        """The new hand's boxes again, with the figures typed before a correction; the caret
        on the first player's box (or the first one still empty)."""
        self.correcting = None
        inputs, jack = self.draft or ([""] * self.sheet.players, None)
        self.draft = None
        self.inputs, self.jack = list(inputs), jack
        self.problem = ""
        self.field = next((s for s, t in enumerate(self.inputs) if not t.strip()), 0)
        self.selected_whole = False
        self.refresh_buttons()

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

    def press(self, label: str) -> None:
        """A key of the number pad on the screen, by touch or mouse."""
        if label == PAD_ERASE:
            whole = self.selected_whole
            self.inputs[self.field] = "" if whole else self.inputs[self.field][:-1]
            self.selected_whole = False
        elif label == PAD_NEXT:
            self.step_box(1)
        elif label == PAD_JACK:
            self.type_text("v")
        elif label == PAD_MINUS:
            self.type_text("-")
        else:
            self.type_text(label)

    def handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        hands = len(self.sheet.hands)
        if key == pygame.K_TAB:
            self.step_box(-1 if shift else 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):  # the caret's box, never a button
            self.step_box(1 if key == pygame.K_RIGHT else -1)
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE) and event.mod & pygame.KMOD_CTRL:
            self.ask_delete()  # Ctrl+Delete: the hand being corrected
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            whole = self.selected_whole or key == pygame.K_DELETE
            self.inputs[self.field] = "" if whole else self.inputs[self.field][:-1]
            self.selected_whole = False
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.validate()
        elif key == pygame.K_UP and hands:
            current = self.correcting if self.correcting is not None else hands
            self.correct(max(0, current - 1))
        elif key == pygame.K_DOWN and self.correcting is not None:
            self.correct(self.correcting + 1 if self.correcting + 1 < hands else None)
        elif key == pygame.K_ESCAPE and self.correcting is not None:
            self.back_to_new_hand()  # Esc cancels the correction, as the heading says
        elif key == pygame.K_ESCAPE:
            self.back()
        elif key in NUMPAD_WITHOUT_NUMLOCK and not event.mod & pygame.KMOD_NUM:
            self.problem = _("Num Lock is off: press it to type figures on the number pad")
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            self.type_text(event.text)
            return True
        if event.type == pygame.DROPFILE:
            self.say(_("Drop photos in Players."), error=True)
            return True
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.entering():
                for seat, box in enumerate(self.boxes):
                    if box.collidepoint(event.pos):
                        self.focus_box(seat)
                        return True
                for label, key in self.keypad:
                    if key.collidepoint(event.pos):
                        self.press(label)
                        return True
            index = sheet_drawing.hand_at(self, event.pos)
            if index is not None:
                self.correct(index)
                return True
        return super().handle_event(event)

    # -- layout and drawing ----------------------------------------------------------------------

    def layout(self) -> None:
        area = self.content
        scale = self.scale
        heading, box_h, line = sheet_drawing.entry_lines(scale)
        gap = round(4 * scale)
        # the heading, the boxes, the sentence, the number pad, two lines of keys
        entry_h = heading + box_h + gap + line + box_h + gap + 2 * line
        self.sheet_area = pygame.Rect(area.x, area.y, area.w, area.h - entry_h)
        self.entry_area = pygame.Rect(area.x, area.bottom - entry_h, area.w, entry_h)
        label_w, col_w = self.columns()
        box_w = min(col_w - round(16 * scale), round(110 * scale))
        top = self.entry_area.y + heading
        self.boxes = [
            pygame.Rect(area.x + label_w + s * col_w + (col_w - box_w) // 2, top, box_w, box_h)
            for s in range(self.sheet.players)
        ]
        labels = [*"0123456789", PAD_MINUS]
        if self.sheet.rules.jack_of_diamonds:
            labels.append(PAD_JACK)
        labels += [PAD_ERASE, PAD_NEXT]
        key_w = min(round(64 * scale), (area.w - gap * (len(labels) - 1)) // len(labels))
        x = area.centerx - (key_w * len(labels) + gap * (len(labels) - 1)) // 2
        y = top + box_h + gap + line
        self.keypad = []
        for label in labels:
            self.keypad.append((label, pygame.Rect(x, y, key_w, box_h)))
            x += key_w + gap

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
