"""Small modal questions: the moon choice, abandoning the game in progress, the first hint."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core.i18n import N_, _
from scenes.core.scene import Navigation, Scene
from scenes.ui.widgets import INK, Button, draw_text, draw_window, ui_scale, wrap_text


class ChoiceDialog(Scene):
    """A grey window with a message and one button per choice (arrows and Enter work too).
    ``cancel``: what Esc does (the dialog closes first); without it Esc does nothing. ``focus``:
    the choice Enter takes at first (the safe one)."""

    opaque = False

    def __init__(
        self,
        app: Navigation,
        title: str,
        message: str,
        choices: list[tuple[str, Callable[[], None]]],
        cancel: Callable[[], None] | None = None,
        focus: int = 0,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.buttons = [Button(label, self._chosen(action)) for label, action in choices]
        self.cancel = None if cancel is None else self._chosen(cancel)
        self.focus = focus
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.scale = 1.0

    def _chosen(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.app.stack.remove(self)
            action()

        return run

    def resize(self, size: tuple[int, int]) -> None:
        self.scale = scale = ui_scale(size)
        width = min(size[0] - 20, round(620 * scale))
        bh, gap = round(42 * scale), round(12 * scale)
        height = round(150 * scale) + len(self.buttons) * (bh + gap)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (size[0] // 2, size[1] // 2)
        y = self.rect.bottom - len(self.buttons) * (bh + gap) - gap
        for button in self.buttons:
            button.rect = pygame.Rect(self.rect.x + 2 * gap, y, width - 4 * gap, bh)
            y += bh + gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_LEFT):
                self.focus = (self.focus - 1) % len(self.buttons)
            elif event.key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.buttons)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].action()
            elif event.key == pygame.K_ESCAPE and self.cancel is not None:
                self.cancel()
            return True
        for button in self.buttons:
            if button.handle_event(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        client = draw_window(surface, self.rect, self.title, self.scale)
        size = round(18 * self.scale)
        y = client.y + round(20 * self.scale)
        for line in wrap_text(self.message, size, client.w - 40):
            draw_text(surface, line, size, INK, (client.centerx, y))
            y += round(size * 1.4)
        for index, button in enumerate(self.buttons):
            button.draw(surface, focused=index == self.focus)


def moon_dialog(
    app: Navigation, subtract: Callable[[], None], add: Callable[[], None]
) -> ChoiceDialog:
    return ChoiceDialog(
        app,
        _("Shot the moon!"),
        _("You took every heart and the queen of spades. Choose how it scores:"),
        [(N_("Take 26 points off my score"), subtract), (N_("Give everyone else 26 points"), add)],
    )


def abandon_dialog(
    app: Navigation, abandon: Callable[[], None], resume: Callable[[], None]
) -> ChoiceDialog:
    """Asked before a new game replaces the game in progress (Back keeps everything as is).
    Enter alone continues the game: abandoning it takes a deliberate choice."""
    dialog = ChoiceDialog(
        app,
        _("Abandon the game in progress?"),
        _("It will be kept in your history as abandoned, never as a win."),
        [
            (N_("Abandon it and start the new game"), abandon),
            (N_("Continue the game in progress"), resume),
            (N_("Back"), lambda: None),
        ],
        cancel=lambda: None,  # Esc: Back
    )
    dialog.focus = 1
    return dialog


def hint_dialog(
    app: Navigation, show: Callable[[], None], always: Callable[[], None]
) -> ChoiceDialog:
    """Asked at the first hint of a game: a hint makes it a practice game, which never counts
    as a win. Enter alone goes Back (a stray H then Enter keeps the game counted, issue 42);
    "Show the hint" shows it; "don't ask again" shows it and never asks again."""
    dialog = ChoiceDialog(
        app,
        _("Show a hint?"),
        _("With a hint, this game becomes a practice game: it will not count as a win."),
        [
            (N_("Show the hint"), show),
            (N_("Show it, and don't ask again"), always),
            (N_("Back"), lambda: None),
        ],
        cancel=lambda: None,  # Esc goes Back too (it did nothing: only Enter closed it)
    )
    dialog.focus = 2
    return dialog
