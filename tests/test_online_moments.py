"""Issue 40's confusing moments on the online forms: Enter in a text box presses the form's
action (as OK would); a name too long is not cut without a word."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from scenes.core.app import App
from scenes.screens.online.join import JoinScene
from scenes.ui.widgets import TextRow
from tests.helpers.online_forms import open_online, press, row
from tests.helpers.window import top


def _key(scene: JoinScene, key: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_enter_in_the_name_box_presses_join(app: App) -> None:
    press(open_online(app), "Join a table")
    join = top(app, JoinScene)
    name = row(join, "Your name")
    join.form.focus = join.form.rows.index(name)
    _key(join, pygame.K_RETURN)  # start typing
    assert join.form.editing is name
    for char in "Bea":
        join.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=char))
    _key(join, pygame.K_RETURN)  # done: Join is pressed, and says what is missing
    assert join.form.editing is None
    assert join.status.startswith("Type the host's address")


def test_a_long_name_is_not_cut_without_a_word(app: App) -> None:
    press(open_online(app), "Join a table")
    join = top(app, JoinScene)
    name = row(join, "Your name")
    assert isinstance(name, TextRow)
    join.form.focus = join.form.rows.index(name)
    _key(join, pygame.K_RETURN)
    for _ in range(len(name.get())):
        _key(join, pygame.K_BACKSPACE)
    for char in "Bartholomew Fitzgerald-Montgomery III":
        join.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=char))
    assert name.get() == "Bartholomew Fitzgerald-M"
    assert join.status == "At most 24 characters: the rest is left out"


def test_an_emoji_in_the_name_is_refused_with_a_sentence(app: App) -> None:
    """Issue 40: an emoji drew as an empty box; the form refuses a character the game's font
    cannot draw, and says so (the letters around it are kept)."""
    press(open_online(app), "Join a table")
    join = top(app, JoinScene)
    name = row(join, "Your name")
    assert isinstance(name, TextRow)
    join.form.focus = join.form.rows.index(name)
    _key(join, pygame.K_RETURN)
    for _ in range(len(name.get())):
        _key(join, pygame.K_BACKSPACE)
    for char in ["B", "e", "a", "\U0001f389", " ", "♥"]:
        join.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=char))
    assert name.get() == "Bea ♥"
    assert join.status.startswith("A name may hold only letters")


def test_a_wide_name_stays_in_its_box_and_its_button(app: App) -> None:
    """Issue 40: a long name ran out of the lobby's boxes and buttons: it is cut with "…"."""
    from scenes.ui.widgets import ActionRow

    press(open_online(app), "Join a table")
    join = top(app, JoinScene)
    name = row(join, "Your name")
    assert isinstance(name, TextRow)
    name.set("W" * 24)
    wide = ActionRow("Back to table 1234 as " + "W" * 24, lambda: None)
    join.form.rows.append(wide)
    join.form.rects.append(join.form.rects[0].copy())
    surface = pygame.Surface(app.screen.get_size())
    surface.fill((1, 2, 3))
    join.form.draw(surface)
    rect = join.form.rects[-1]
    outside = [
        surface.get_at((x, rect.centery))[:3] for x in range(rect.right + 1, rect.right + 30)
    ]
    assert all(pixel == (1, 2, 3) for pixel in outside)
