"""The main menu. Entries whose feature is not built are simply not in :data:`MENU_ENTRIES`;
adding one (daily challenge, online table, score sheet, statistics) is one line here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import pygame

from scenes.form_scene import FormScene
from scenes.i18n import N_, _
from scenes.widgets import ActionRow, Row, draw_text, wrap_text

if TYPE_CHECKING:
    from scenes.app import App


def _always(app: App) -> bool:
    return True


@dataclass(frozen=True)
class MenuEntry:
    label: str  # an English msgid
    action: Callable[[App], None]
    shown: Callable[[App], bool] = _always


MENU_ENTRIES: Final = (
    MenuEntry(N_("Continue"), lambda app: app.continue_game(), lambda app: app.has_saved_game()),
    MenuEntry(N_("New game"), lambda app: app.open_new_game()),
    MenuEntry(N_("Settings"), lambda app: app.open_settings()),
    MenuEntry(N_("Rules"), lambda app: app.open_rules()),
    MenuEntry(N_("About"), lambda app: app.open_about()),
    MenuEntry(N_("Quit"), lambda app: app.quit()),
)


class MenuScene(FormScene):
    window_width = 380

    def title(self) -> str:
        return _("Menu")

    def rows(self) -> list[Row]:
        return [
            ActionRow(entry.label, lambda e=entry: e.action(self.app))
            for entry in MENU_ENTRIES
            if entry.shown(self.app)
        ]

    def labels(self) -> list[str]:
        """The entries shown, in order (English msgids)."""
        return [row.label for row in self.form.rows]

    def back(self) -> None:
        """Esc in the main menu does nothing (Quit is an entry)."""

    def resume(self) -> None:
        self.rebuild()

    def top_space(self, size: tuple[int, int]) -> int:
        return round(size[1] * 0.16)

    def draw_decoration(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        scale = self.scale
        title_y = max(round(50 * scale), self.window.top - round(70 * scale))
        draw_text(
            surface,
            "Dame de pique",
            round(54 * scale),
            (255, 255, 255),
            (w // 2, title_y),
            bold=True,
            shadow=(0, 50, 10),
        )
        # A fan of the queen of spades and her court beside the title.
        art = self.app.card_art
        card_w = round(70 * scale)
        for i, card in enumerate((49, 36, 50, 51)):
            image = pygame.transform.rotate(art.face(card, card_w), 18 - i * 12)
            x = self.window.left - round(90 * scale) + i * round(22 * scale)
            if x > card_w:
                surface.blit(image, image.get_rect(center=(x, self.window.centery)))
        notice = self.app.notice
        if notice:
            lines = wrap_text(notice, round(15 * scale), min(w - 40, round(900 * scale)))
            y = h - round(12 * scale) - len(lines) * round(20 * scale)
            for line in lines:
                draw_text(
                    surface, line, round(15 * scale), (255, 240, 160), (w // 2, y), shadow=(0, 0, 0)
                )
                y += round(20 * scale)
