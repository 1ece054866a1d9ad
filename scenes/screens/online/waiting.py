"""Common to Host, Join and Create: a seat at a table, waiting for the deal."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

import pygame

from game.net.client import RemoteTable, Status
from game.net.name_key import undrawn
from game.net.online_table import NAME_GLYPHS
from scenes.core.i18n import N_, _
from scenes.screens.online.rows import InfoRow, MessageRow
from scenes.screens.online.seats import open_table_scene
from scenes.ui.form_scene import FormScene
from scenes.ui.widgets import INK, WINDOW_GREY, ActionRow, Row, draw_text, wrap_text

if TYPE_CHECKING:
    from scenes.screens.online.seats import OnlineServices

SEAT_KINDS: Final = {
    "human": N_("you"),
    "remote": N_("player"),
    "bot": N_("computer"),
    "away": N_("away: the computer plays"),
    "idle": N_("away: the computer played"),
    "empty": N_("empty"),
}


class WaitingScene(FormScene):
    """Common to Host and Join: a seat at a table, waiting for the deal."""

    app: OnlineServices

    window_width = 600
    label_width = 0.42
    table: RemoteTable | None = None
    status = ""
    _seated_rows = False  # the rows show the seats of a table

    name = ""  # the player's name at the table, as typed

    def _set_name(self, text: str) -> None:
        self.name = text

    def message(self) -> str:
        return self.status

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Enter in a text box (the name, the code) also presses the form's first action (Join,
        Open the table), as OK would: typing one's name then Enter is enough."""
        box = self.form.editing
        typed = box is not None
        text = event.text if event.type == pygame.TEXTINPUT else ""
        if box is not None and undrawn(text) is not None:  # an emoji would draw as a box
            self.status = _(NAME_GLYPHS)
            return True  # not typed
        if box is not None and len(box.get()) + len(text) > box.max_length:  # not cut silently
            self.status = _("At most {n} characters: the rest is left out").format(n=box.max_length)
        handled = super().handle_event(event)
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if typed and enter and self.table is None:
            first = next((r for r in self.form.rows if isinstance(r, ActionRow)), None)
            if first is not None and first.enabled():
                first.activate()
        return handled

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text = self.message()
        for row, rect in zip(self.form.rows, self.form.rects, strict=False):
            if isinstance(row, MessageRow):
                surface.fill(WINDOW_GREY, rect)
                size = round(17 * self.scale)
                lines = wrap_text(text, size, rect.w)[:2]
                step = rect.h // (len(lines) + 1) if lines else 0
                for i, line in enumerate(lines):
                    draw_text(surface, line, size, INK, (rect.centerx, rect.y + step * (i + 1)))

    def seat_rows(self) -> list[Row]:
        table = self.table
        if table is None or table.status is not Status.SEATED:
            return []
        return [
            InfoRow(_("Seat {n}").format(n=seat + 1), functools.partial(self._seat_text, seat))
            for seat in range(len(table.names))
        ]

    def _seat_text(self, seat: int) -> str:
        table = self.table
        if table is None or seat >= len(table.names):
            return ""
        kind = table.kinds[seat] if seat < len(table.kinds) else "empty"
        if kind == "empty":
            return _("empty")
        return f"{table.names[seat]} ({_(SEAT_KINDS.get(kind, kind))})"

    def update(self, dt: float) -> None:
        table = self.table
        if table is None:
            return
        if table.status is Status.SEATED and table.has_view():
            if open_table_scene(self.app, table):
                self.table = None
            else:
                self.status = _("This version of the game cannot show an online table yet")
            return
        seated = table.status is Status.SEATED
        if seated != self._seated_rows:  # from the form to the seats (or back)
            self._seated_rows = seated
            if seated:
                self.status = ""
            self.rebuild()
            self.focus_first()

    def focus_first(self) -> None:
        """The keyboard's focus on the first row one can use (never on a line of text)."""
        rows = self.form.rows
        self.form.focus = next((i for i, r in enumerate(rows) if r.enabled()), 0)
