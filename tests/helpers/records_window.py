"""Driving the records' screens and the score sheet by keys, as a person would."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from scenes.core.app import App
from scenes.records.sheet import SheetListScene
from scenes.records.sheet_pad import SheetScene
from scenes.records.sheet_setup import SheetSetupScene
from scenes.screens.menu import MenuScene


def until(app: App, done: Callable[[], bool] | None = None, seconds: float = 90) -> None:
    """Frames until ``done()`` (one frame when there is no condition)."""
    deadline = time.monotonic() + seconds
    while True:
        for event in pygame.event.get():
            app.handle_event(event)
        app.stack.update(1 / 60)
        app.stack.draw(app.screen)
        if done is None or done():
            return
        if time.monotonic() > deadline:
            pytest.fail("the screen never got there")
        time.sleep(0.01)


def key_and_frame(app: App, code: int, mod: int = 0) -> None:
    """A key pressed through the app, then a frame drawn."""
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))
    until(app)


def typed(app: App, text: str) -> None:
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def open_from_menu(app: App, label: str) -> Any:
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    menu.form.focus = menu.labels().index(label)
    key_and_frame(app, pygame.K_RETURN)
    return app.stack.top


def new_sheet(app: App, names: list[str], jack: bool = False) -> SheetScene:
    listing = open_from_menu(app, "Score sheet")
    assert isinstance(listing, SheetListScene)
    listing.new_sheet()
    setup = app.stack.top
    assert isinstance(setup, SheetSetupScene)
    setup.set_count(len(names))
    for seat, name in enumerate(names):
        setup.names[seat] = name
    setup.jack = jack
    setup.start()
    sheet = app.stack.top
    assert isinstance(sheet, SheetScene)
    return sheet


def enter_hand(app: App, figures: list[str]) -> None:
    for index, text in enumerate(figures):
        typed(app, text)
        if index < len(figures) - 1:
            key_and_frame(app, pygame.K_TAB)
    key_and_frame(app, pygame.K_RETURN)


def texts_drawn(app: App, scene: SheetScene) -> list[str]:
    """Every text the score sheet's drawing puts on the screen, in order."""
    import scenes.records.sheet_drawing as drawing
    from scenes.ui.widgets import draw_text as real

    drawn: list[str] = []

    def spy(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *args, **kw)

    setattr(drawing, "draw_text", spy)  # noqa: B010 (the module's own name, patched)
    try:
        scene.draw(app.screen)
    finally:
        setattr(drawing, "draw_text", real)  # noqa: B010
    return drawn
