"""Issue 31, item 3: what the start-up has to say about the profile (set aside, an empty file, a
folder in its place, an unreadable saved game) is shown above the menu's window, never under
it, at 800x600, 1280x800 and 1920x1080."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.records.profile import PROFILE_FILE, Trouble
from scenes.core import i18n
from scenes.core.app import App, Options
from scenes.core.save_notice import PAPER
from scenes.screens.menu import MenuScene

SIZES = ((800, 600), (1280, 800), (1920, 1080))


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def open_menu(folder: Path, size: tuple[int, int]) -> App:
    # its own App: on a profile spoilt first, opened at each size
    app = App(Options(profile=folder, size=size, lang="en", speed="instant"))
    app.start()
    return app


def drawn(app: App) -> pygame.Rect:
    """One frame of the menu; the notice's box, checked to lie above the menu's window."""
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    app.stack.draw(app.screen)
    box = app.save_notice.draw(app.screen, app.notices)
    app.draw_save_notice()
    assert box is not None, "nothing drawn at the top"
    assert box.bottom <= menu.window.top, (box, menu.window)  # never under the window
    assert tuple(app.screen.get_at((4, 4)))[:3] == PAPER  # painted over the menu, after it
    shots = os.environ.get("PROFILE_NOTICE_SHOTS")
    if shots:  # to look at them: PROFILE_NOTICE_SHOTS=/some/folder
        w, h = app.screen.get_size()
        name = f"{Path(app.profile.path).parent.name}-{w}x{h}.png"
        pygame.image.save(app.screen, str(Path(shots) / name))
    return box


@pytest.mark.parametrize("size", SIZES)
def test_a_profile_set_aside_is_said_above_the_menu(tmp_path: Path, size: tuple[int, int]) -> None:
    folder = tmp_path / "aside"
    folder.mkdir()
    (folder / PROFILE_FILE).write_text("garbage " * 200)
    app = open_menu(folder, size)
    try:
        assert "could not be read" in app.notice
        drawn(app)
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", SIZES)
def test_an_unreadable_saved_game_is_said_above_the_menu(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    folder = tmp_path / "game"
    app = open_menu(folder, size)
    try:
        app.profile.save_game({"format": "dame-de-pique/session", "version": 1, "match": {}})
        app.abandon_saved_game()  # what a new game does with it
        assert "saved game could not be read" in app.notice
        drawn(app)
    finally:
        app.shutdown()


def test_an_empty_file_is_made_a_new_profile_and_said(tmp_path: Path) -> None:
    folder = tmp_path / "empty"
    folder.mkdir()
    (folder / PROFILE_FILE).write_bytes(b"")
    app = open_menu(folder, (800, 600))
    try:
        assert app.profile.saving and app.profile.was_empty
        assert "an empty file" in app.notice
        drawn(app)
    finally:
        app.shutdown()
    app = open_menu(folder, (800, 600))  # the next start has nothing to say
    try:
        assert app.notice == ""
    finally:
        app.shutdown()


def test_a_folder_in_place_of_the_file_is_said_in_our_words(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    (folder / PROFILE_FILE).mkdir(parents=True)
    app = open_menu(folder, (800, 600))
    try:
        assert app.profile.unsaved is not None
        assert app.profile.unsaved.trouble is Trouble.FOLDER
        text = app.save_notice.text()
        assert "a folder stands where its file should be" in text
        assert "unable to open" not in text
        drawn(app)
    finally:
        app.shutdown()
    assert (folder / PROFILE_FILE).is_dir() and not list((folder / PROFILE_FILE).iterdir())
