"""The few widgets the screens are made of, in the grey style of the classic Windows card games.

* :func:`text_surface` / :func:`draw_text`: cached text in the game's font (DejaVu Sans), from
  :mod:`scenes.core.text`.
* :func:`draw_window`: a grey window with a bevelled edge and a navy title bar.
* :class:`Button`: a bevelled push button.
* :class:`Form`: a column of rows (actions, choices, switches, text fields) that the mouse and
  the keyboard both drive: up/down to move, left/right to change a choice, Enter or Space to
  act, typing to edit a name.

Labels are English msgids translated when drawn, so a language switch shows at once.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import pygame

from scenes.core import assets
from scenes.core.i18n import N_, _
from scenes.core.text import INK as INK
from scenes.core.text import Colour as Colour
from scenes.core.text import draw_text as draw_text
from scenes.core.text import fit_text as fit_text
from scenes.core.text import text_surface as text_surface
from scenes.core.text import ui_scale as ui_scale
from scenes.core.text import wrap_text as wrap_text

FELT: Final[Colour] = (0, 122, 46)
FELT_LIGHT: Final[Colour] = (24, 150, 70)
FELT_DARK: Final[Colour] = (0, 84, 30)
WINDOW_GREY: Final[Colour] = (192, 192, 192)
BEVEL_LIGHT: Final[Colour] = (255, 255, 255)
BEVEL_SHADOW: Final[Colour] = (128, 128, 128)
BEVEL_DARK: Final[Colour] = (40, 40, 40)
TITLE_BLUE: Final[Colour] = (0, 0, 128)
TITLE_BLUE_END: Final[Colour] = (16, 132, 208)
DISABLED_INK: Final[Colour] = (128, 128, 128)
PLACEHOLDER_INK: Final[Colour] = (86, 104, 138)
WHITE: Final[Colour] = (255, 255, 255)
FOCUS: Final[Colour] = (0, 0, 128)
HIGHLIGHT: Final[Colour] = (255, 236, 120)
MIN_FITTED_TEXT: Final = 11
"""A choice too long for its row is drawn smaller, down to this size, then cut with "…"."""


@functools.lru_cache(maxsize=64)
def placeholder_surface(text: str, size: int) -> pygame.Surface:
    """A text field's placeholder: italic, in a soft blue-grey, so it reads as an example to
    type over, not as a disabled control's grey (cached: do not draw on the result)."""
    font = assets.font(max(6, int(size)))
    font.italic = True
    try:
        return font.render(text, True, PLACEHOLDER_INK)
    finally:
        font.italic = False


def draw_bevel(surface: pygame.Surface, rect: pygame.Rect, pressed: bool = False) -> None:
    """A classic raised (or pressed) grey box."""
    surface.fill(WINDOW_GREY, rect)
    light, dark = (BEVEL_DARK, BEVEL_LIGHT) if pressed else (BEVEL_LIGHT, BEVEL_DARK)
    width = max(1, min(3, rect.height // 24))
    pygame.draw.rect(surface, light, (rect.x, rect.y, rect.w, width))
    pygame.draw.rect(surface, light, (rect.x, rect.y, width, rect.h))
    pygame.draw.rect(surface, dark, (rect.x, rect.bottom - width, rect.w, width))
    pygame.draw.rect(surface, dark, (rect.right - width, rect.y, width, rect.h))
    if not pressed:
        pygame.draw.rect(
            surface,
            BEVEL_SHADOW,
            (rect.x + width, rect.bottom - 2 * width, rect.w - 2 * width, width),
        )
        pygame.draw.rect(
            surface,
            BEVEL_SHADOW,
            (rect.right - 2 * width, rect.y + width, width, rect.h - 2 * width),
        )


def title_height(scale: float) -> int:
    return round(30 * scale)


def draw_window(
    surface: pygame.Surface, rect: pygame.Rect, title: str, scale: float
) -> pygame.Rect:
    """A grey window with a title bar; returns the client area below the title."""
    shadow = rect.move(round(6 * scale), round(6 * scale))
    surface.blit(_shade(shadow.size), shadow)
    draw_bevel(surface, rect)
    border = max(2, round(4 * scale))
    bar = pygame.Rect(rect.x + border, rect.y + border, rect.w - 2 * border, title_height(scale))
    _gradient(surface, bar, TITLE_BLUE, TITLE_BLUE_END)
    draw_text(
        surface,
        title,
        round(17 * scale),
        WHITE,
        (bar.x + round(8 * scale), bar.centery),
        "midleft",
        bold=True,
    )
    return pygame.Rect(bar.x, bar.bottom, bar.w, rect.bottom - border - bar.bottom)


@functools.lru_cache(maxsize=16)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 70))
    return shade


@functools.lru_cache(maxsize=32)
def _gradient_strip(width: int, height: int, start: Colour, end: Colour) -> pygame.Surface:
    strip = pygame.Surface((max(1, width), max(1, height)))
    for x in range(max(1, width)):
        f = x / max(1, width - 1)
        colour = tuple(round(a + (b - a) * f) for a, b in zip(start, end, strict=True))
        pygame.draw.line(strip, colour, (x, 0), (x, height))
    return strip


def _gradient(surface: pygame.Surface, rect: pygame.Rect, start: Colour, end: Colour) -> None:
    surface.blit(_gradient_strip(rect.w, rect.h, start, end), rect)


@dataclass
class Button:
    """A push button. ``label`` is an English msgid (or a callable giving the shown text)."""

    label: str | Callable[[], str]
    action: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    visible: bool = True

    def text(self) -> str:
        return self.label() if callable(self.label) else _(self.label)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            if self.enabled:
                self.action()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.rect.collidepoint(event.pos)
        return False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.visible:
            return
        draw_bevel(surface, self.rect)
        size = max(11, round(self.rect.h * 0.45))  # never under 11 px (issue 41)
        draw_text(
            surface,
            # A label too long (a friend's long name) is cut with "…", never drawn past the edge.
            fit_text(self.text(), size, self.rect.w - 6),
            size,
            INK if self.enabled else DISABLED_INK,
            self.rect.center,
            shadow=None if self.enabled else BEVEL_LIGHT,
        )
        if focused and self.enabled:
            inner = self.rect.inflate(-self.rect.h // 5, -self.rect.h // 5)
            _dotted_rect(surface, inner)


def button_widths(
    buttons: Sequence[Button], height: int, scale: float, least: int = 110
) -> list[int]:
    """How wide each of ``buttons`` (``height`` tall) would like to be: its label as it reads
    now with room at both ends, at least ``least`` at scale 1."""
    pad = round(14 * scale)
    letters = max(11, round(height * 0.45))  # as Button.draw writes it
    return [
        max(round(least * scale), text_surface(b.text(), letters).get_width() + pad * 2)
        for b in buttons
    ]


def lay_buttons(
    buttons: Sequence[Button], area: pygame.Rect, scale: float, least: int = 110
) -> None:
    """Place ``buttons`` side by side along ``area``'s bottom edge (its height theirs), centred,
    each as wide as its label reads now (at least ``least`` at scale 1), all narrowed together
    when they do not fit the area's width: a French label is not cut to an English width."""
    gap = round(10 * scale)
    widths = button_widths(buttons, area.h, scale, least)
    room = area.w - gap * max(0, len(buttons) - 1)
    if sum(widths) > room:
        widths = [room * width // sum(widths) for width in widths]
    x = area.centerx - (sum(widths) + gap * max(0, len(buttons) - 1)) // 2
    for button, width in zip(buttons, widths, strict=True):
        button.rect = pygame.Rect(x, area.y, width, area.h)
        x += width + gap


def _sunken(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A classic sunken field's edge: dark above and left, light below and right."""
    pygame.draw.line(surface, BEVEL_SHADOW, rect.topleft, (rect.right - 1, rect.top))
    pygame.draw.line(surface, BEVEL_SHADOW, rect.topleft, (rect.left, rect.bottom - 1))
    pygame.draw.line(
        surface, BEVEL_DARK, (rect.left + 1, rect.top + 1), (rect.right - 2, rect.top + 1)
    )
    pygame.draw.line(
        surface, BEVEL_DARK, (rect.left + 1, rect.top + 1), (rect.left + 1, rect.bottom - 2)
    )
    pygame.draw.line(
        surface, WINDOW_GREY, (rect.left, rect.bottom - 1), (rect.right - 1, rect.bottom - 1)
    )
    pygame.draw.line(
        surface, WINDOW_GREY, (rect.right - 1, rect.top), (rect.right - 1, rect.bottom - 1)
    )


def _dotted_rect(surface: pygame.Surface, rect: pygame.Rect) -> None:
    step = 2
    for x in range(rect.left, rect.right, step * 2):
        surface.fill(INK, (x, rect.top, step, 1))
        surface.fill(INK, (x, rect.bottom - 1, step, 1))
    for y in range(rect.top, rect.bottom, step * 2):
        surface.fill(INK, (rect.left, y, 1, step))
        surface.fill(INK, (rect.right - 1, y, 1, step))


# --- forms --------------------------------------------------------------------------------------


class Row:
    """One line of a :class:`Form`."""

    label: str

    def value_text(self) -> str:
        return ""

    def activate(self) -> None:
        """Enter, Space or a click."""

    def step(self, delta: int) -> None:
        """Left (-1) or right (+1)."""

    def enabled(self) -> bool:
        return True


@dataclass
class ActionRow(Row):
    """A row that does something: "New game", "Back"."""

    label: str
    action: Callable[[], None]

    def activate(self) -> None:
        self.action()


@dataclass
class ChoiceRow(Row):
    """A row choosing one of ``options`` (value, msgid); left/right or a click changes it."""

    label: str
    options: Sequence[tuple[Any, str]]
    get: Callable[[], Any]
    set: Callable[[Any], None]

    def _index(self) -> int:
        current = self.get()
        return next((i for i, (v, _t) in enumerate(self.options) if v == current), 0)

    def value_text(self) -> str:
        return _(self.options[self._index()][1])

    def activate(self) -> None:
        self.step(1)

    def step(self, delta: int) -> None:
        index = (self._index() + delta) % len(self.options)
        self.set(self.options[index][0])


def toggle_row(label: str, get: Callable[[], bool], set_: Callable[[bool], None]) -> ChoiceRow:
    """An on/off switch."""
    return ChoiceRow(label, ((False, N_("Off")), (True, N_("On"))), get, set_)


@dataclass
class TextRow(Row):
    """A short editable text (a player's name)."""

    label: str
    get: Callable[[], str]
    set: Callable[[str], None]
    max_length: int = 16
    placeholder: Callable[[], str] | None = None  # shown greyed while the text is empty
    editing: bool = False

    def value_text(self) -> str:
        return self.get() + ("|" if self.editing else "")

    def placeholder_text(self) -> str:
        if self.editing or self.get() or self.placeholder is None:
            return ""
        return self.placeholder()

    def activate(self) -> None:
        self.editing = not self.editing

    def type_text(self, text: str) -> None:
        current = self.get()
        self.set((current + text)[: self.max_length])

    def backspace(self) -> None:
        self.set(self.get()[:-1])


class Form:
    """Rows in a column with a focus the keyboard moves; clicking a row focuses and acts on it."""

    def __init__(self, rows: Sequence[Row], on_back: Callable[[], None] | None = None) -> None:
        self.rows = list(rows)
        self.focus = 0
        self.on_back = on_back
        self.rects: list[pygame.Rect] = []
        self.scale = 1.0
        self.label_width = 0.5  # the share of a row the label takes (0 for centred actions)
        # Enter on a choice row, when set: the form's default button (as in a Windows dialog:
        # Enter started nothing and quietly changed the setting under the focus); Space and
        # the arrows change the setting.
        self.default: Callable[[], None] | None = None

    def layout(self, area: pygame.Rect, scale: float, row_height: int | None = None) -> None:
        self.scale = scale
        height = row_height or round(44 * scale)
        gap = round(8 * scale)
        total = len(self.rows) * height + (len(self.rows) - 1) * gap
        top = area.y + max(0, (area.h - total) // 2)
        self.rects = [
            pygame.Rect(area.x, top + i * (height + gap), area.w, height)
            for i in range(len(self.rows))
        ]

    def buttons_width(self, scale: float) -> int:
        """The narrowest row that shows every button's label whole at ``scale`` (as
        :meth:`draw` writes it: its size, half a row's height of room at each end)."""
        size, height = round(19 * scale), round(44 * scale)
        labels = [_(row.label) for row in self.rows if isinstance(row, ActionRow)]
        return max((assets.font(size).size(label)[0] + height + 2 for label in labels), default=0)

    @property
    def editing(self) -> TextRow | None:
        row = self.rows[self.focus] if self.rows else None
        return row if isinstance(row, TextRow) and row.editing else None

    def _stop_editing(self) -> None:
        for row in self.rows:
            if isinstance(row, TextRow):
                row.editing = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        editing = self.editing
        if editing is not None:
            if event.type == pygame.TEXTINPUT:
                editing.type_text(event.text)
                return True
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_BACKSPACE:
                    editing.backspace()
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self._one_text_box():
                    self._continue()  # a form of one text box: Enter after typing goes on
                elif event.key in (
                    pygame.K_RETURN,
                    pygame.K_KP_ENTER,
                    pygame.K_ESCAPE,
                    pygame.K_TAB,
                ):
                    editing.editing = False
                return True
        if event.type == pygame.KEYDOWN:
            return self._handle_key(event.key)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for index, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos) and self.rows[index].enabled():
                    if index != self.focus:
                        self._stop_editing()
                    self.focus = index
                    row = self.rows[index]
                    if isinstance(row, ChoiceRow) and event.pos[0] < rect.x + rect.w * 0.75:
                        # the left arrow half of the value steps back
                        value_left = rect.x + rect.w * self.label_width
                        if value_left <= event.pos[0] < value_left + rect.h:
                            row.step(-1)
                            return True
                    row.activate()
                    return True
        if event.type == pygame.MOUSEMOTION:
            for index, rect in enumerate(self.rects):
                movable = index != self.focus and self.editing is None
                if movable and rect.collidepoint(event.pos) and self.rows[index].enabled():
                    self.focus = index
        return False

    def _handle_key(self, key: int) -> bool:
        """A key when no text box is being edited: the arrows move and change, Enter or Space
        act, Esc goes back."""
        if key in (pygame.K_DOWN, pygame.K_TAB):
            self._move(1)
        elif key == pygame.K_UP:
            self._move(-1)
        elif key == pygame.K_LEFT:
            self.rows[self.focus].step(-1)
        elif key == pygame.K_RIGHT:
            self.rows[self.focus].step(1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            row = self.rows[self.focus]
            if key != pygame.K_SPACE and self.default and isinstance(row, ChoiceRow):
                self.default()  # the default button, as in a Windows dialog
            else:
                row.activate()
        elif key in (pygame.K_ESCAPE, pygame.K_BACKSPACE) and self.on_back is not None:
            self.on_back()
        else:
            return False
        return True

    def _one_text_box(self) -> bool:
        return sum(isinstance(row, TextRow) for row in self.rows) == 1

    def _continue(self) -> None:
        """Typing ends and the first action after the text box is taken (the form's OK)."""
        self._stop_editing()
        start = self.focus
        for index in range(start + 1, len(self.rows)):
            row = self.rows[index]
            if isinstance(row, ActionRow) and row.enabled():
                self.focus = index
                row.activate()
                return

    def _move(self, delta: int) -> None:
        self._stop_editing()
        for _step in range(len(self.rows)):
            self.focus = (self.focus + delta) % len(self.rows)
            if self.rows[self.focus].enabled():
                return

    def label_room(self, index: int) -> int:
        """The width a row's label may take: its share of the row, less the padding."""
        rect = self.rects[index]
        return round(rect.w * self.label_width) - 2 * round(10 * self.scale)

    def label_size(self, index: int) -> int:
        """The label's font size: the form's, smaller (to 80%) for a label longer than its room
        ("Lettres anglaises sur les cartes (K, Q, J)" ran into its value box)."""
        size = round(19 * self.scale)
        text, room = _(self.rows[index].label), self.label_room(index)
        for smaller in range(size, max(8, round(size * 0.8)) - 1, -1):
            if assets.font(smaller).size(text)[0] <= room:
                return smaller
        return max(8, round(size * 0.8))

    def label_text(self, index: int) -> str:
        """The label as drawn: whole, or cut with "…" when even the smallest size is too wide."""
        return fit_text(_(self.rows[index].label), self.label_size(index), self.label_room(index))

    def draw(self, surface: pygame.Surface) -> None:
        size = round(19 * self.scale)
        for index, (row, rect) in enumerate(zip(self.rows, self.rects, strict=True)):
            focused = index == self.focus
            if isinstance(row, ActionRow):
                draw_bevel(surface, rect)
                ink = INK if row.enabled() else DISABLED_INK
                label = fit_text(_(row.label), size, rect.w - rect.h)  # a long name: "…"
                draw_text(surface, label, size, ink, rect.center)
                if focused:
                    _dotted_rect(surface, rect.inflate(-rect.h // 5, -rect.h // 5))
                continue
            if focused:
                surface.fill(FOCUS, rect)
            ink = WHITE if focused else INK
            split = rect.x + round(rect.w * self.label_width)
            pad = round(10 * self.scale)
            label = self.label_text(index)
            at = (rect.x + pad, rect.centery)
            draw_text(surface, label, self.label_size(index), ink, at, "midleft")
            value_box = pygame.Rect(split, rect.y + 2, rect.right - split - 2, rect.h - 4)
            pygame.draw.rect(surface, WHITE, value_box)
            pygame.draw.rect(surface, BEVEL_SHADOW, value_box, 1)
            self._draw_value(surface, row, value_box, focused)

    def _draw_value(
        self, surface: pygame.Surface, row: Row, value_box: pygame.Rect, focused: bool
    ) -> None:
        """A row's value in its box: a choice between its arrows, else the text (cut with "…"
        when too long: a long name) or the text box's hint."""
        size = round(19 * self.scale)
        pad = round(10 * self.scale)
        value = row.value_text()
        if isinstance(row, ChoiceRow):
            arrow = round(size * 0.9)
            draw_text(surface, "◀", arrow, INK, (value_box.x + value_box.h // 2, value_box.centery))
            draw_text(
                surface,
                "▶",
                arrow,
                INK,
                (value_box.right - value_box.h // 2, value_box.centery),
            )
            room = value_box.w - 2 * value_box.h  # between the arrows, never over them
            fitted = size
            while fitted > MIN_FITTED_TEXT and text_surface(value, fitted).get_width() > room:
                fitted -= 1
            draw_text(surface, fit_text(value, fitted, room), fitted, INK, value_box.center)
        else:
            hint = row.placeholder_text() if isinstance(row, TextRow) else ""
            if isinstance(row, TextRow):  # a text field: sunken, as one types into
                _sunken(surface, value_box)
            at = (value_box.x + pad, value_box.centery)
            if hint:
                image = placeholder_surface(hint, size)
                surface.blit(image, image.get_rect(midleft=at))
                if focused:  # the caret where typing starts (Enter to edit)
                    top, bottom = value_box.y + 4, value_box.bottom - 4
                    x = value_box.x + pad - 3
                    pygame.draw.line(surface, INK, (x, top), (x, bottom), 1)
            else:  # a long name cut with "…" (what one types: its end stays in sight)
                room = value_box.w - 2 * pad
                tail = isinstance(row, TextRow)
                shown = (
                    fit_text(value[::-1], size, room)[::-1] if tail else fit_text(value, size, room)
                )
                draw_text(surface, shown, size, INK, at, "midleft")
