"""The main menu: one line of :data:`MENU_ENTRIES` per screen it leads to (a feature not built
is simply not listed).
"""

from __future__ import annotations

import functools
import importlib
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Protocol

import pygame

from scenes.core.i18n import N_, _
from scenes.core.scene import Scene
from scenes.core.services import SettingsEditor
from scenes.records.daily import DailyScene, resume_daily
from scenes.screens.about import AboutScene
from scenes.screens.new_game import NewGameScene
from scenes.screens.rules_summary import RulesScene
from scenes.screens.settings import SettingsScene
from scenes.table import games
from scenes.ui.form_scene import FormScene
from scenes.ui.widgets import ActionRow, Row, draw_text, ui_scale


class MenuServices(games.GameServices, SettingsEditor, Protocol):
    """What the menu asks of the program: everything the screens it opens ask for (a game put
    on the table, Settings' changes, the records' profile) and quitting."""


def _always(app: MenuServices) -> bool:
    return True


def _push_later(module: str, scene: str) -> Callable[[MenuServices], None]:
    """An entry's action: open a screen whose module is imported only when first wanted."""

    def push(app: MenuServices) -> None:
        app.stack.push(getattr(importlib.import_module(module), scene)(app))

    return push


@dataclass(frozen=True)
class MenuEntry:
    label: str  # an English msgid
    action: Callable[[MenuServices], None]
    shown: Callable[[MenuServices], bool] = _always


def _push(screen: Callable[[MenuServices], Scene]) -> Callable[[MenuServices], None]:
    """An entry's action: open ``screen`` over the menu."""

    def push(app: MenuServices) -> None:
        app.stack.push(screen(app))

    return push


def _lingering_ports() -> tuple[int, ...]:
    """The ports of the tables this window hosts whose host left them for the menu. (A window
    that never hosted has not loaded the network: the menu, built at start-up, does not.)"""
    hosting = sys.modules.get("game.net.hosting")
    return () if hosting is None else hosting.lingering_ports()


def _hosting_away(app: MenuServices) -> bool:
    """The player hosts a table they left for the menu: it goes on without them."""
    if not _lingering_ports():
        return False
    from scenes.screens.online.lobby import hosted_seat

    return hosted_seat(app) is not None


def _back_to_hosted(app: MenuServices) -> None:
    from scenes.screens.online.lobby import back_to_hosted_table

    back_to_hosted_table(app)


MENU_ENTRIES: Final = (
    MenuEntry(N_("Back to the online table"), _back_to_hosted, _hosting_away),
    MenuEntry(N_("Continue"), games.continue_game, lambda app: app.has_saved_game()),
    MenuEntry(N_("Continue the daily hand"), resume_daily, lambda app: app.has_saved_daily()),
    MenuEntry(N_("New game"), _push(NewGameScene)),
    MenuEntry(N_("Daily challenge"), _push(DailyScene)),
    MenuEntry(N_("Statistics"), _push_later("scenes.records.statistics", "StatisticsScene")),
    MenuEntry(N_("History"), _push_later("scenes.records.history", "HistoryScene")),
    MenuEntry(N_("Score sheet"), _push_later("scenes.records.sheet", "SheetListScene")),
    MenuEntry(N_("Open a game or hand"), _push_later("scenes.records.open_game", "OpenGameScene")),
    MenuEntry(N_("Online table"), _push_later("scenes.screens.online.lobby", "OnlineScene")),
    MenuEntry(N_("Settings"), _push(SettingsScene)),
    MenuEntry(N_("Rules"), _push(RulesScene)),
    MenuEntry(N_("About"), _push(AboutScene)),
    MenuEntry(N_("Quit"), lambda app: app.quit()),
)


class MenuScene(FormScene):
    app: MenuServices
    window_width = 380
    fan: pygame.Surface | None = None
    fan_pos = (0, 0)
    title_y = 0

    def __init__(self, app: MenuServices) -> None:
        super().__init__(app)

    def title(self) -> str:
        return _("Menu")

    def rows(self) -> list[Row]:
        self.hosted = _lingering_ports()  # the tables left going on, as these rows show them
        return [
            ActionRow(entry.label, functools.partial(entry.action, self.app))
            for entry in MENU_ENTRIES
            if entry.shown(self.app)
        ]

    def update(self, dt: float) -> None:
        super().update(dt)
        if _lingering_ports() != self.hosted:  # a table left going on has closed meanwhile
            self.rebuild()

    def clock_face(self) -> object:
        """A still menu is drawn again when "Back to the online table" comes or goes."""
        return self.hosted

    def labels(self) -> list[str]:
        """The entries shown, in order (English msgids)."""
        return [row.label for row in self.form.rows]

    def back(self) -> None:
        """Esc in the main menu does nothing (Quit is an entry)."""

    def resume(self) -> None:
        self.rebuild()

    def top_space(self, size: tuple[int, int]) -> int:
        """Room for the title and the fan: 30% of the height, less when the entries need it
        (the whole window stays on screen, 10 pixels from the bottom)."""
        scale = ui_scale(size)
        n = len(self.form.rows)
        height = n * round(44 * scale) + (n - 1) * round(8 * scale) + round(90 * scale)
        return max(0, min(round(size[1] * 0.3), size[1] - 20 - height))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.fan = None
        self.title_y = max(round(40 * self.scale), self.window.top - round(46 * self.scale))
        room = self.title_y - round(34 * self.scale)  # above the title
        if room < 60:
            return
        # The queen of spades among her court, fanned out above the title.
        card_h = min(room * 0.62, 190 * self.scale)
        card_w = max(20, round(card_h / 1.4))
        art = self.app.card_art
        cards = (50, 38, 37, 51, 36)  # K♥ A♠ K♠ A♥, and the queen on top in the middle
        angles = (-32.0, -16.0, 16.0, 32.0, 0.0)
        radius = card_w * 2.2  # the cards turn around a point below them
        placed = []
        for card, angle in zip(cards, angles, strict=True):
            image = pygame.transform.rotozoom(art.face(card, card_w), -angle, 1.0)
            x = radius * math.sin(math.radians(angle))
            y = -radius * math.cos(math.radians(angle))
            placed.append((image, image.get_rect(center=(round(x), round(y)))))
        bounds = placed[0][1].unionall([rect for _, rect in placed])
        fan = pygame.Surface(bounds.size, pygame.SRCALPHA)
        for image, rect in placed:
            fan.blit(image, rect.move(-bounds.x, -bounds.y))
        self.fan = fan
        self.fan_pos = (
            size[0] // 2 - fan.get_width() // 2,
            self.title_y - round(34 * self.scale) - fan.get_height(),
        )

    def draw_decoration(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        scale = self.scale
        if self.fan is not None:
            surface.blit(self.fan, self.fan_pos)
        draw_text(
            surface,
            "Dame de pique",
            round(54 * scale),
            (255, 255, 255),
            (w // 2, self.title_y),
            bold=True,
            shadow=(0, 50, 10),
        )
