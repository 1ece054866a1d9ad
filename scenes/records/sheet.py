"""The score sheet ("Feuille de score") for games played with a real deck.

* :class:`SheetListScene`: the sheets kept in the profile, the latest first; a new sheet, or
  resume one.
* :class:`SheetSetupScene`: 3, 4 or 5 players (a known player or a new name) and the rules.
* :class:`SheetScene`: the sheet itself. Each hand shows its pass; type each player's points
  (Tab moves to the next player, Enter validates the hand). With the jack of diamonds, type J in
  the box of the player who took it. The sheet (:mod:`game.records.scoresheet`) checks the hand and
  says what is wrong; nothing typed is lost. Up/Down choose an earlier hand to correct it.
* :class:`PlayersScene`: the players and their photos: drop an image file on the window, or
  type its path; it is kept as a small thumbnail in the profile.
"""

from __future__ import annotations

import functools
import logging
import sqlite3
from typing import TYPE_CHECKING, Any, Final

import pygame

from game.engine.codec import rules_from
from game.engine.rules import MoonMode, Rules, TieRule
from game.records import scoresheet
from game.records.scoresheet import HandEntry, ScoreSheet, SheetProblem
from scenes.core.i18n import N_, _, pass_label
from scenes.records import photos
from scenes.records.statistics import short_date
from scenes.ui.dialogs import ChoiceDialog
from scenes.ui.form_scene import FormScene
from scenes.ui.report import ERROR_RED, SELECTED, ReportScene, draw_sheet, visible_rows, window_of
from scenes.ui.widgets import (
    BEVEL_SHADOW,
    DISABLED_INK,
    FOCUS,
    INK,
    WHITE,
    ActionRow,
    Button,
    ChoiceRow,
    Row,
    TextRow,
    draw_text,
    toggle_row,
    wrap_text,
)

if TYPE_CHECKING:
    from scenes.core.app import App

log = logging.getLogger(__name__)

MAX_DIGITS: Final = 3
PLACES: Final = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"))


def problem_text(problem: SheetProblem) -> str:
    """The sheet's sentence in the player's language."""
    try:
        return _(problem.template).format(**problem.params)
    except (KeyError, IndexError, ValueError):
        return str(problem)


def result_text(sheet: ScoreSheet) -> str:
    """The game's state: the winner, a shared victory, or one more hand for a tie."""
    status = sheet.status()
    names = sheet.names
    if status.over:
        if len(status.winners) == 1:
            return _("{name} wins!").format(name=names[status.winners[0]])
        return _("Shared victory: {names}").format(
            names=", ".join(names[s] for s in status.winners)
        )
    if status.tied:
        return _("A tie for the lowest score: one more hand")
    return ""


def stored_sheet(stored: Any) -> ScoreSheet:
    """A stored sheet checked again by the rules (SheetProblem or ValueError if it fails)."""
    rules = Rules.from_dict(stored.rules)
    entries = [HandEntry.from_dict(h) for h in stored.hands]
    return ScoreSheet.from_entries(rules, tuple(stored.names), entries)


# -- the list of sheets ------------------------------------------------------------------------


class SheetListScene(ReportScene):
    window_size = (1000, 660)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.sheets: list[Any] = []
        self.selected = 0
        self.open_button = Button(N_("Resume"), self.open_selected)
        self.buttons = [
            Button(N_("New sheet"), self.new_sheet),
            self.open_button,
            Button(N_("Players"), lambda: self.app.stack.push(PlayersScene(self.app))),
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
        self.open_button.enabled = bool(self.sheets)
        self.focus = 1 if self.sheets else 0  # Enter resumes the chosen sheet, or starts one
        self.relayout()

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
                    short_date(stored.updated_at),
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
        columns = [0.0, 0.13, 0.52, 0.62, 0.8]
        area = self.content
        if not self.sheets:
            draw_sheet(surface, area, header, [], columns, self.scale)
            draw_text(
                surface,
                _("No score sheet yet: start one with New sheet."),
                round(15 * self.scale),
                DISABLED_INK,
                area.center,
            )
            return
        rows = self.rows()
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
    window_width = 620
    label_width = 0.42

    def __init__(self, app: App) -> None:
        self.count = 4
        self.names = ["", "", "", "", ""]
        self.target = 100
        self.moon = MoonMode.OTHERS_PLUS
        self.jack = False
        self.tie = TieRule.PLAY_ON
        self.error = ""
        try:
            self.known = [p.name for p in app.profile.players()]
        except sqlite3.Error:
            self.known = []
        for i, name in enumerate(self.known[:4]):
            self.names[i] = name
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
            ChoiceRow(
                N_("Game to"),
                ((100, "100"), (50, "50")),
                lambda: self.target,
                lambda v: setattr(self, "target", v),
            ),
            ChoiceRow(
                N_("Moon"),
                (
                    (MoonMode.OTHERS_PLUS, N_("+26 to the others")),
                    (MoonMode.SHOOTER_MINUS, N_("-26 to the shooter")),
                    (MoonMode.SHOOTER_CHOOSES, N_("the shooter chooses")),
                ),
                lambda: self.moon,
                lambda v: setattr(self, "moon", v),
            ),
            toggle_row(
                N_("Jack of diamonds -10"), lambda: self.jack, lambda v: setattr(self, "jack", v)
            ),
            ChoiceRow(
                N_("A tie at the end"),
                ((TieRule.PLAY_ON, N_("one more hand")), (TieRule.SHARED, N_("shared victory"))),
                lambda: self.tie,
                lambda v: setattr(self, "tie", v),
            ),
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
        if event.type == pygame.TEXTINPUT:
            self.error = ""  # a name is being typed again
        return super().handle_event(event)

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


# -- the sheet ---------------------------------------------------------------------------------


class SheetScene(ReportScene):
    """One sheet. Type the points, Tab to the next player, Enter to validate."""

    window_size = (1100, 740)

    def __init__(
        self, app: App, sheet_id: int, sheet: ScoreSheet, player_ids: tuple[int, ...]
    ) -> None:
        super().__init__(app)
        self.sheet_id = sheet_id
        self.sheet = sheet
        self.player_ids = tuple(player_ids)
        n = sheet.players
        self.inputs = [""] * n
        self.field = 0
        self.jack: int | None = None
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
        return HandEntry(tuple(points), jack, moon_subtract)

    def validate(self, moon_subtract: bool | None = None) -> None:
        """Check the typed hand and add it (or the correction); the sentence says what is wrong
        and the figures stay as typed."""
        if self.sheet.over and self.correcting is None:
            self.problem = problem_text(SheetProblem(scoresheet.GAME_OVER))
            return
        entry = self.entry(moon_subtract)
        if entry is None:
            return
        index = self.correcting if self.correcting is not None else len(self.sheet.hands)
        try:
            if self.correcting is not None:
                self.sheet.correct_hand(index, entry)
            else:
                self.sheet.add_hand(entry)
        except SheetProblem as problem:
            if problem.template == scoresheet.MOON_CHOICE:
                self.ask_moon(problem)
                return
            self.problem = problem_text(problem)
            return
        status = self.sheet.status()
        try:
            self.app.profile.save_sheet_hands(
                self.sheet_id,
                [e.to_dict() for e in self.sheet.entries()],
                status.over,
                list(status.winners),
            )
            self.say("")
        except sqlite3.Error as exc:
            self.say(_("The profile cannot be written ({error})").format(error=exc), error=True)
        self.problem = ""
        self.correcting = None
        self.inputs = [""] * self.sheet.players
        self.jack = None
        self.field = 0

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
        self.field = 0
        self.problem = ""

    def cancel_correction(self) -> None:
        self.correcting = None
        self.inputs = [""] * self.sheet.players
        self.jack = None
        self.problem = ""

    def type_text(self, text: str) -> None:
        for char in text:
            if char in "jJvV" and self.sheet.rules.jack_of_diamonds:  # V: valet
                self.jack = None if self.jack == self.field else self.field
                continue
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
            n = self.sheet.players
            key = event.key
            shift = bool(event.mod & pygame.KMOD_SHIFT)
            if key == pygame.K_TAB:
                self.field = (self.field + (-1 if shift else 1)) % n
            elif key == pygame.K_BACKSPACE:
                self.inputs[self.field] = self.inputs[self.field][:-1]
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                buttons = self.focusable()
                chosen = buttons[self.focus % len(buttons)] if buttons else None
                if chosen is None or chosen is self.buttons[0]:
                    self.validate()
                else:
                    chosen.action()
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
            elif key in (pygame.K_LEFT, pygame.K_RIGHT):
                buttons = self.focusable()
                step = 1 if key == pygame.K_RIGHT else -1
                self.focus = (self.focus + step) % max(1, len(buttons))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for seat, box in enumerate(self.boxes):
                if box.collidepoint(event.pos):
                    self.field = seat
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
        scale = self.scale
        area = self.sheet_area
        sheet = self.sheet
        label_w, col_w = self.columns()
        pygame.draw.rect(surface, WHITE, area)
        pygame.draw.rect(surface, BEVEL_SHADOW, area, 1)
        size = round(15 * scale)
        row_h = round(size * 1.7)
        photo = round(46 * scale)
        head_h = photo + row_h
        for seat, name in enumerate(sheet.names):
            cx = area.x + label_w + seat * col_w + col_w // 2
            data = self.photos.get(seat)
            picture = photos.photo_surface(data, photo) if data else None
            box = pygame.Rect(0, 0, photo, photo)
            box.midtop = (cx, area.y + round(4 * scale))
            if picture is not None:
                surface.blit(picture, box)
            else:
                pygame.draw.rect(surface, (225, 225, 225), box)
                draw_text(
                    surface,
                    name[:1].upper(),
                    round(26 * scale),
                    DISABLED_INK,
                    box.center,
                    bold=True,
                )
            pygame.draw.rect(surface, BEVEL_SHADOW, box, 1)
            draw_text(surface, name, size, INK, (cx, box.bottom + row_h // 2), bold=True)
        pygame.draw.line(
            surface, INK, (area.x, area.y + head_h + 4), (area.right - 1, area.y + head_h + 4)
        )
        room = max(1, (area.bottom - area.y - head_h - 8) // row_h - 2)
        hands = sheet.hands
        selected = self.correcting
        first = window_of(room, len(hands), selected if selected is not None else len(hands))
        y = area.y + head_h + 6
        small = round(12 * scale)
        for index in range(first, min(len(hands), first + room)):
            hand = hands[index]
            if index == selected:
                surface.fill(SELECTED, (area.x + 1, y, area.w - 2, row_h))
            ink = WHITE if index == selected else INK
            label = _("Hand {number}").format(number=index + 1)
            draw_text(
                surface, label, size, ink, (area.x + round(8 * scale), y + row_h // 2), "midleft"
            )
            draw_text(
                surface,
                pass_label(hand.pass_direction, short=True),
                small,
                ink if index == selected else DISABLED_INK,
                (area.x + label_w - round(6 * scale), y + row_h // 2),
                "midright",
            )
            for seat, points in enumerate(hand.scores):
                text = str(points)
                if hand.moon_shooter == seat:
                    text += " ☾"
                if sheet.rules.jack_of_diamonds and hand.entry.jack == seat:
                    text += " " + _("J♦")
                cx = area.x + label_w + seat * col_w + col_w // 2
                draw_text(surface, text, size, ink, (cx, y + row_h // 2))
            y += row_h
        # totals and places
        y = max(y, area.bottom - 2 * row_h - 4)
        pygame.draw.line(surface, INK, (area.x + 4, y), (area.right - 4, y))
        status = sheet.status()
        places = dict((seat, place) for place, seat in sheet.ranking())
        for row, (label, values) in enumerate(
            (
                (_("Total"), [str(t) for t in sheet.totals]),
                (_("Place"), [_(PLACES[places[s] - 1]) for s in range(sheet.players)]),
            )
        ):
            cy = y + row * row_h + row_h // 2
            draw_text(
                surface, label, size, INK, (area.x + round(8 * scale), cy), "midleft", bold=True
            )
            for seat, text in enumerate(values):
                colour = ERROR_RED if status.over and seat in status.winners else INK
                cx = area.x + label_w + seat * col_w + col_w // 2
                draw_text(surface, text, size, colour, (cx, cy), bold=row == 0)

    def draw_entry(self, surface: pygame.Surface) -> None:
        scale = self.scale
        area = self.entry_area
        sheet = self.sheet
        size = round(15 * scale)
        if self.correcting is not None:
            label = _("Correct hand {number} (Esc: cancel)").format(number=self.correcting + 1)
        elif sheet.over:
            label = result_text(sheet)
        else:
            number = len(sheet.hands) + 1
            label = _("Hand {number}").format(number=number) + " · " + pass_label(sheet.next_pass)
            tie = result_text(sheet)
            if tie:
                label += "  —  " + tie
        colour = ERROR_RED if sheet.over and self.correcting is None else INK
        draw_text(
            surface,
            label,
            round(16 * scale),
            colour,
            (area.x, area.y + round(12 * scale)),
            "midleft",
            bold=True,
        )
        label_w, _col = self.columns()
        hint_lines = wrap_text(
            _("Tab: next player · Enter: validate · Up: correct a hand")
            + (" · " + _("J: who took the J♦") if sheet.rules.jack_of_diamonds else ""),
            round(12 * scale),
            label_w - round(8 * scale),
        )
        hy = area.y + round(34 * scale)
        for line in hint_lines:
            draw_text(surface, line, round(12 * scale), INK, (area.x, hy), "topleft")
            hy += round(15 * scale)
        entering = not sheet.over or self.correcting is not None
        for seat, box in enumerate(self.boxes):
            focused = entering and seat == self.field
            pygame.draw.rect(surface, WHITE, box)
            pygame.draw.rect(
                surface,
                FOCUS if focused else BEVEL_SHADOW,
                box,
                max(1, round(2 * scale)) if focused else 1,
            )
            text = self.inputs[seat] + ("|" if focused else "")
            draw_text(surface, text, size, INK, (box.x + round(8 * scale), box.centery), "midleft")
            if sheet.rules.jack_of_diamonds and self.jack == seat:
                draw_text(
                    surface,
                    "J♦",
                    size,
                    ERROR_RED,
                    (box.right - round(6 * scale), box.centery),
                    "midright",
                    bold=True,
                )
        if self.problem:
            draw_text(
                surface,
                self.problem,
                size,
                ERROR_RED,
                (area.centerx, self.boxes[0].bottom + round(18 * scale)),
                bold=True,
            )


# -- players and their photos ------------------------------------------------------------------


class PlayersScene(ReportScene):
    """The score sheet's players: Up/Down choose one; drop an image file on the window or type
    its path and press Enter to give them a photo; type a name and Enter (on New player) to add
    one."""

    window_size = (900, 640)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.players: list[Any] = []
        self.selected = 0
        self.path = ""
        self.new_name = ""
        self.field = 0  # 0: the photo path, 1: a new player's name
        self.buttons = [
            Button(N_("Set photo"), self.set_photo_from_path),
            Button(N_("Remove photo"), self.remove_photo),
            Button(N_("New player"), self.add_player),
            self.back_button,
        ]
        self.boxes: list[pygame.Rect] = []
        self.list_area = pygame.Rect(0, 0, 0, 0)

    def title(self) -> str:
        return _("Players")

    def enter(self) -> None:
        self.load()
        pygame.key.start_text_input()

    def load(self) -> None:
        try:
            self.players = self.app.profile.players()
        except sqlite3.Error as exc:
            self.say(_("The profile cannot be read: {error}").format(error=exc), error=True)
            self.players = []
        self.selected = min(self.selected, max(0, len(self.players) - 1))

    def layout(self) -> None:
        area = self.content
        scale = self.scale
        box_h = round(34 * scale)
        self.list_area = pygame.Rect(area.x, area.y, area.w, area.h - 2 * box_h - round(50 * scale))
        label_w = round(area.w * 0.3)
        y = self.list_area.bottom + round(14 * scale)
        self.boxes = []
        for _i in range(2):
            self.boxes.append(pygame.Rect(area.x + label_w, y, area.w - label_w, box_h))
            y += box_h + round(10 * scale)

    def current(self) -> Any | None:
        return self.players[self.selected] if self.players else None

    def store_photo(self, data: bytes | None, source: str) -> None:
        player = self.current()
        if player is None:
            self.say(_("Add a player first."), error=True)
            return
        try:
            self.app.profile.set_player_photo(player.player_id, data)
        except sqlite3.Error as exc:
            self.say(_("The profile cannot be written ({error})").format(error=exc), error=True)
            return
        self.load()
        if data is None:
            self.say(_("{name} has no photo now.").format(name=player.name))
        else:
            self.say(_("Photo of {name} kept ({source}).").format(name=player.name, source=source))
            self.path = ""

    def set_photo_from(self, text: str) -> None:
        try:
            data = photos.thumbnail_from_file(text)
        except photos.PhotoError as exc:
            self.say(str(exc), error=True)
            return
        self.store_photo(data, photos.clean_path(text).name)

    def set_photo_from_path(self) -> None:
        self.set_photo_from(self.path)

    def remove_photo(self) -> None:
        self.store_photo(None, "")

    def add_player(self) -> None:
        name = self.new_name.strip()[: scoresheet.MAX_NAME]
        try:
            self.app.profile.add_player(name)
        except ValueError as exc:
            if not name:
                self.say(_("Type the new player's name first."), error=True)
            else:
                self.say(_("There is already a player called {name}.").format(name=name), True)
            log.info("player not added: %s", exc)
            return
        except sqlite3.Error as exc:
            self.say(_("The profile cannot be written ({error})").format(error=exc), error=True)
            return
        self.new_name = ""
        self.load()
        self.selected = next(
            (i for i, p in enumerate(self.players) if p.name.casefold() == name.casefold()), 0
        )
        self.say(_("{name} is added.").format(name=name))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.DROPFILE:
            self.set_photo_from(event.file)
            return True
        if event.type == pygame.TEXTINPUT:
            if self.field == 0:
                self.path = (self.path + event.text)[:1000]
            else:
                self.new_name = (self.new_name + event.text)[: scoresheet.MAX_NAME]
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_BACKSPACE:
                if self.field == 0:
                    self.path = self.path[:-1]
                else:
                    self.new_name = self.new_name[:-1]
                return True
            if key == pygame.K_TAB:
                self.field = 1 - self.field
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                buttons = self.focusable()
                chosen = buttons[self.focus % len(buttons)] if buttons else None
                if chosen in (None, self.buttons[0], self.buttons[2]):
                    (self.set_photo_from_path if self.field == 0 else self.add_player)()
                else:
                    chosen.action()
                return True
            if key == pygame.K_DOWN and self.players:
                self.selected = min(len(self.players) - 1, self.selected + 1)
                return True
            if key == pygame.K_UP and self.players:
                self.selected = max(0, self.selected - 1)
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for index, box in enumerate(self.boxes):
                if box.collidepoint(event.pos):
                    self.field = index
                    return True
        return super().handle_event(event)

    def draw_content(self, surface: pygame.Surface) -> None:
        scale = self.scale
        area = self.list_area
        pygame.draw.rect(surface, WHITE, area)
        pygame.draw.rect(surface, BEVEL_SHADOW, area, 1)
        size = round(15 * scale)
        photo = round(44 * scale)
        row_h = photo + round(8 * scale)
        if not self.players:
            draw_text(
                surface,
                _("No player yet: type a name below and press Enter."),
                size,
                DISABLED_INK,
                area.center,
            )
        rows = max(1, area.h // row_h)
        first = window_of(rows, len(self.players), self.selected)
        y = area.y + 2
        for index in range(first, min(len(self.players), first + rows)):
            player = self.players[index]
            if index == self.selected:
                surface.fill(SELECTED, (area.x + 1, y, area.w - 2, row_h))
            box = pygame.Rect(area.x + round(8 * scale), y + round(4 * scale), photo, photo)
            picture = photos.photo_surface(player.photo, photo) if player.photo else None
            if picture is not None:
                surface.blit(picture, box)
            else:
                pygame.draw.rect(surface, (225, 225, 225), box)
            pygame.draw.rect(surface, BEVEL_SHADOW, box, 1)
            ink = WHITE if index == self.selected else INK
            note = "" if player.photo else "  " + _("(no photo)")
            draw_text(
                surface,
                player.name + note,
                size,
                ink,
                (box.right + round(12 * scale), box.centery),
                "midleft",
            )
            y += row_h
        labels = (_("Photo file (or drop one)"), _("New player's name"))
        values = (self.path, self.new_name)
        for index, (box, label, value) in enumerate(zip(self.boxes, labels, values, strict=True)):
            focused = index == self.field
            draw_text(surface, label, size, INK, (area.x, box.centery), "midleft")
            pygame.draw.rect(surface, WHITE, box)
            pygame.draw.rect(surface, FOCUS if focused else BEVEL_SHADOW, box, 2 if focused else 1)
            shown = value + ("|" if focused else "")
            limit = box.w - round(16 * scale)
            while len(shown) > 1 and photos_text_width(shown, size) > limit:
                shown = shown[1:]
            draw_text(surface, shown, size, INK, (box.x + round(8 * scale), box.centery), "midleft")


def photos_text_width(text: str, size: int) -> int:
    from scenes.ui.widgets import text_surface

    return text_surface(text, size).get_width()


__all__: list[str] = [
    "PlayersScene",
    "SheetListScene",
    "SheetScene",
    "SheetSetupScene",
]
