"""The score sheet's players and their photos: drop an image file on the window, or type its
path; it is kept as a small thumbnail in the profile.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import TYPE_CHECKING, Any

import pygame

from game.records import scoresheet
from scenes.core.i18n import N_, _
from scenes.records import photos
from scenes.ui.dialogs import ChoiceDialog
from scenes.ui.report import SELECTED, ReportScene, window_of
from scenes.ui.widgets import (
    BEVEL_SHADOW,
    DISABLED_INK,
    FOCUS,
    INK,
    WHITE,
    Button,
    draw_text,
)

if TYPE_CHECKING:
    from scenes.core.services import ProfileScreen

log = logging.getLogger(__name__)

# -- players and their photos ------------------------------------------------------------------


class PlayersScene(ReportScene):
    """The score sheet's players: Up/Down choose one; drop an image file on the window or type
    its path and press Enter to give them a photo; type a name and Enter (on New player) to add
    one."""

    window_size = (1180, 640)

    app: ProfileScreen

    def __init__(self, app: ProfileScreen) -> None:
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
            Button(N_("Rename"), self.rename_player),
            Button(N_("Delete"), self.ask_delete),
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

    def rename_player(self) -> None:
        """The chosen player takes the name typed in the name box (on their sheets too)."""
        player = self.current()
        name = self.new_name.strip()[: scoresheet.MAX_NAME]
        if player is None:
            self.say(_("Add a player first."), error=True)
            return
        if not name:
            self.field = 1
            self.say(_("Type {name}'s new name in the name box first.").format(name=player.name))
            return
        try:
            self.app.profile.rename_player(player.player_id, name)
        except ValueError:
            self.say(_("There is already a player called {name}.").format(name=name), True)
            return
        except sqlite3.Error as exc:
            self.say(_("The profile cannot be written ({error})").format(error=exc), error=True)
            return
        self.new_name = ""
        self.load()
        self.say(_("{old} is now called {name}.").format(old=player.name, name=name))

    def ask_delete(self) -> None:
        """Forget the chosen player, once the person says so (keeping them is first)."""
        player = self.current()
        if player is None:
            return

        def delete() -> None:
            try:
                self.app.profile.delete_player(player.player_id)
            except sqlite3.Error as exc:
                self.say(_("The profile cannot be written ({error})").format(error=exc), True)
                return
            self.load()
            self.say(_("{name} is deleted.").format(name=player.name))

        self.app.stack.push(
            ChoiceDialog(
                self.app,
                _("Delete {name}?").format(name=player.name),
                _("{name} and their photo will be forgotten; the sheets keep their name.").format(
                    name=player.name
                ),
                [(N_("Keep the player"), lambda: None), (N_("Delete the player"), delete)],
                cancel=lambda: None,
            )
        )

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
        size = max(11, round(15 * scale))  # never under 11 px
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


__all__: list[str] = ["PlayersScene"]
