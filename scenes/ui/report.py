"""A grey window over the felt with a row of buttons along its bottom: the frame of the
statistics, the history, a game's sheet and the score sheet screens.

Subclasses give :meth:`title` and :meth:`draw_content` (inside :attr:`content`), and their
buttons; Tab and the left/right arrows move the focus between buttons, Enter presses the focused
one, Esc goes back. The white sheet with ruled rows (:func:`draw_sheet`) is the score window's.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

import pygame

from scenes.core import assets
from scenes.core.i18n import N_
from scenes.core.scene import Navigation, Scene
from scenes.ui.felt import felt_surface
from scenes.ui.widgets import (
    BEVEL_SHADOW,
    INK,
    WHITE,
    Button,
    Colour,
    draw_text,
    draw_window,
    fit_text,
    lay_buttons,
    title_height,
    ui_scale,
)

ERROR_RED: Final = (160, 0, 0)
SELECTED: Final = (0, 0, 128)


class ReportScene(Scene):
    """A full-window grey report with buttons; ``window_size`` is its size at scale 1."""

    window_size = (1000, 700)

    def __init__(self, app: Navigation) -> None:
        super().__init__(app)
        self.back_button = Button(N_("Back"), self.back)
        self.buttons: list[Button] = [self.back_button]
        self.focus = 0
        self.scale = 1.0
        self.size = (0, 0)
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.content = pygame.Rect(0, 0, 10, 10)
        self.background: pygame.Surface | None = None
        self.message = ""  # a line above the buttons (a path, an error)
        self.laid_out: tuple[str, ...] = ()  # the labels of the buttons as last laid out
        self.message_colour: Colour = INK

    def title(self) -> str:
        raise NotImplementedError

    def back(self) -> None:
        self.app.stack.remove(self)

    def say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.message_colour = ERROR_RED if error else INK

    # -- layout ----------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        if size[0] <= 0 or size[1] <= 0:
            return
        self.size = size
        w, h = size
        self.scale = scale = ui_scale(size)
        self.background = felt_surface(size)
        width = min(w - 16, round(self.window_size[0] * scale))
        height = min(h - 16, round(self.window_size[1] * scale))
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (w // 2, h // 2)
        pad, bh = round(14 * scale), round(36 * scale)
        self.laid_out = self.labels()
        strip = pygame.Rect(self.rect.x + pad, self.rect.bottom - pad - bh, width - 2 * pad, bh)
        lay_buttons([b for b in self.buttons if b.visible], strip, scale)
        message_h = round(24 * scale)
        top = self.rect.y + 4 + title_height(scale) + pad
        self.content = pygame.Rect(
            self.rect.x + pad + 4,
            top,
            width - 2 * pad - 8,
            self.rect.bottom - pad - bh - message_h - top,
        )
        self.layout()

    def labels(self) -> tuple[str, ...]:
        """The labels of the buttons shown, as they read now."""
        return tuple(b.text() for b in self.buttons if b.visible)

    def update(self, dt: float) -> None:
        # A button is as wide as its label: when a label changed since the layout (the
        # language, a name, a button shown or hidden), the buttons are laid out again, or
        # the French "Créer ou rejoindre un groupe" is cut to an English label's width.
        if self.size[0] > 0 and self.laid_out != self.labels():
            self.relayout()
        super().update(dt)

    def layout(self) -> None:
        """Place the content's parts inside :attr:`content` (called after every resize)."""

    def relayout(self) -> None:
        if self.size[0] > 0:
            self.resize(self.size)

    # -- input -----------------------------------------------------------------------------------

    def focusable(self) -> list[Button]:
        return [b for b in self.buttons if b.visible and b.enabled]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if self.handle_key(event):
                return True
            buttons = self.focusable()
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif buttons and event.key in (pygame.K_TAB, pygame.K_RIGHT):
                self.focus = (self.focus + 1) % len(buttons)
            elif buttons and event.key == pygame.K_LEFT:
                self.focus = (self.focus - 1) % len(buttons)
            elif buttons and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                buttons[self.focus % len(buttons)].action()
            return True
        for button in self.buttons:
            if button.handle_event(event):
                return True
        return self.handle_pointer(event)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Keys the content uses (before the buttons')."""
        return False

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        """Mouse events on the content."""
        return False

    # -- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.background is not None:
            surface.blit(self.background, (0, 0))
        draw_window(surface, self.rect, self.title(), self.scale)
        self.draw_content(surface)
        if self.message:
            top = min((b.rect.top for b in self.buttons if b.visible), default=self.rect.bottom)
            draw_text(
                surface,
                self.message,
                max(11, round(14 * self.scale)),
                self.message_colour,
                (self.rect.centerx, top - round(14 * self.scale)),
            )
        buttons = self.focusable() if self.buttons_have_focus() else []
        for button in self.buttons:
            focused = bool(buttons) and button is buttons[self.focus % len(buttons)]
            button.draw(surface, focused=focused)

    def buttons_have_focus(self) -> bool:
        """Whether Enter presses the focused button (else the content has the keys: no
        button is drawn focused)."""
        return True

    def draw_content(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


def sheet_letters(scale: float) -> int:
    """The size of a sheet's letters (:func:`draw_sheet`): never under 11 px (issue 41)."""
    return max(11, round(14 * scale))


def sheet_row_height(scale: float) -> int:
    """The height of a sheet's rows, its header's included (:func:`draw_sheet`)."""
    return round(sheet_letters(scale) * 1.7)


def draw_sheet(
    surface: pygame.Surface,
    area: pygame.Rect,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    columns: Sequence[float],
    scale: float,
    *,
    selected: int | None = None,
    bold_last: bool = False,
    anchors: Sequence[str] | None = None,
    colours: dict[tuple[int, int], Colour] | None = None,
) -> int:
    """A white sheet with a bold header row and ruled rows, like the score window's; ``columns``
    are the left edges as shares of the width. Returns the row height. Rows that do not fit are
    left out (the caller scrolls)."""
    size, row_h = sheet_letters(scale), sheet_row_height(scale)
    pygame.draw.rect(surface, WHITE, area)
    pygame.draw.rect(surface, BEVEL_SHADOW, area, 1)
    anchors = anchors or ["midleft"] * len(columns)

    pad = round(4 * scale)

    def right_of(i: int) -> int:
        return area.x + round(area.w * columns[i + 1]) if i + 1 < len(columns) else area.right

    def x_of(i: int) -> int:
        left = area.x + round(area.w * columns[i])
        if anchors[i] == "center":
            return (left + right_of(i)) // 2
        return left + pad

    def fitted(i: int, text: str, bold: bool) -> str:
        """The cell's text cut with "…" where it would run into the next column."""
        left = area.x + round(area.w * columns[i])
        return fit_text(text, size, right_of(i) - left - 2 * pad, bold)

    y = area.y + row_h // 2
    for i, text in enumerate(header):
        draw_text(surface, fitted(i, text, True), size, INK, (x_of(i), y), anchors[i], bold=True)
    pygame.draw.line(surface, INK, (area.x, area.y + row_h), (area.right - 1, area.y + row_h))
    for r, row in enumerate(rows):
        top = area.y + (r + 1) * row_h + 2
        if top + row_h > area.bottom:
            break
        last = bold_last and r == len(rows) - 1
        if last:
            pygame.draw.line(surface, INK, (area.x + 4, top), (area.right - 4, top))
        if r == selected:
            surface.fill(SELECTED, (area.x + 1, top, area.w - 2, row_h))
        for i, text in enumerate(row):
            colour = WHITE if r == selected else (colours or {}).get((r, i), INK)
            pos = (x_of(i), top + row_h // 2)
            draw_text(surface, fitted(i, text, last), size, colour, pos, anchors[i], bold=last)
    return row_h


def fitted_columns(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    width: int,
    scale: float,
    first: Collection[int] = (),
) -> list[float]:
    """Column edges (shares of ``width``, as :func:`draw_sheet` takes them) that give each
    column the room its widest cell needs; when the sheet is too narrow for all, only the
    widest columns give up room (the others stay whole). The columns in ``first`` (what a row
    is least read for) give up room before the others, down to a few letters.

    >>> import pygame
    >>> pygame.font.init()
    >>> edges = fitted_columns(["A", "B"], [["x", "a long cell"]], 1000, 1.0)
    >>> edges[0], 0 < edges[1] < 0.5
    (0.0, True)
    """
    size = sheet_letters(scale)  # as drawn: measured smaller, a cell was cut when drawn
    pad = 2 * round(4 * scale) + round(6 * scale)
    needs = []
    for i, head in enumerate(header):
        cells = [row[i] for row in rows if i < len(row)]
        widest = max([assets.font(size).size(cell)[0] for cell in cells] or [0])
        needs.append(max(widest, assets.font(size, True).size(head)[0]) + pad)
    total = sum(needs)
    giving = [need for i, need in enumerate(needs) if i in first]
    left = width - (total - sum(giving))  # what the others leave to the columns in first
    if total <= width:  # room to spare: shared out as the needs are
        widths = [need * width / total for need in needs]
    elif giving and left >= len(giving) * 4 * pad:  # those in first give way, the rest whole
        cap = _common_cap(giving, left)
        widths = [min(need, cap) if i in first else need for i, need in enumerate(needs)]
    else:  # the widest give up room, down to a common cap
        cap = _common_cap(needs, width)
        widths = [min(n, cap) for n in needs]
    edges, x = [], 0.0
    for w in widths:
        edges.append(x / width)
        x += w
    return edges


def _common_cap(needs: Sequence[float], width: float) -> float:
    """The widest a column may be for ``needs``, each capped to it, to fit ``width``."""
    low, high = 0.0, float(max(needs))
    for _step in range(30):
        cap = (low + high) / 2
        low, high = (cap, high) if sum(min(n, cap) for n in needs) <= width else (low, cap)
    return low


def visible_rows(area: pygame.Rect, scale: float) -> int:
    """How many rows (under the header) :func:`draw_sheet` fits in ``area``."""
    row_h = sheet_row_height(scale)
    return max(0, (area.h - row_h - 2) // row_h)


def window_of(rows: int, count: int, selected: int) -> int:
    """The first row to show so that ``selected`` is visible among ``count`` rows."""
    if count <= rows or rows <= 0:
        return 0
    return max(0, min(selected - rows // 2, count - rows))
