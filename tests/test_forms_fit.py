"""Issue 42: in French the Settings label "Lettres anglaises sur les cartes (K, Q, J)" was cut
and ran into its value box. Every form label fits its share of the row, at every size; and every
button of the Friends screen shows its whole label."""

from __future__ import annotations

import contextlib
import datetime as _dt
import itertools
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from scenes.core import assets, i18n
from scenes.core.cli import MIN_SIZE
from scenes.core.text import fit_text
from scenes.records.friends import FriendsScene
from scenes.records.sheet_setup import SheetSetupScene
from scenes.screens.menu import MenuScene
from scenes.screens.new_game import NewGameScene
from scenes.screens.online.lobby import OnlineScene
from scenes.screens.settings import SettingsScene
from scenes.ui.form_scene import FormScene
from scenes.ui.widgets import ActionRow
from tests.helpers.window import frames, make_app

SIZES = ((800, 600), (640, 480), (1280, 800))


@contextlib.contextmanager
def form_shown(
    tmp_path: Path, size: tuple[int, int], lang: str, kind: type[FormScene]
) -> Iterator[FormScene]:
    """A ``kind`` form opened over the menu in a window of ``size``, in ``lang``."""
    app = make_app(tmp_path, size)
    try:
        i18n.set_language(lang)
        scene = kind(app)
        app.stack.push(scene)
        frames(app, 2)
        yield scene
    finally:
        app.shutdown()
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_settings_label_fits_before_its_value(
    tmp_path: Path, size: tuple[int, int], lang: str
) -> None:
    with form_shown(tmp_path, size, lang, SettingsScene) as scene:
        form = scene.form
        for index, row in enumerate(form.rows):
            if not form.label_width or not row.label:
                continue
            shown = form.label_text(index)
            width = assets.font(form.label_size(index)).size(shown)[0]
            assert width <= form.label_room(index), (i18n._(row.label), width)
            assert shown == i18n._(row.label), shown  # whole, not cut


FRIENDS_SIZES = ((1280, 800), MIN_SIZE)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", FRIENDS_SIZES, ids=[f"{w}x{h}" for w, h in FRIENDS_SIZES])
def test_every_friends_button_shows_its_whole_label(
    tmp_path: Path, size: tuple[int, int], lang: str
) -> None:
    """The French "Créer ou rejoindre un groupe" was cut ("Créer ou rejoindre un…") at the
    default size: the buttons had been laid out for the English labels, and the language
    changed under them. Every button of the Friends screen shows its whole label, side by side
    in the screen's window, at the default size and the smallest the game allows, once the
    language changes as well as when the screen opens in it."""
    app = make_app(tmp_path, size)
    try:
        i18n.set_language("en" if lang == "fr" else "fr")  # laid out in the other language
        scene = FriendsScene(app, _dt.date(2026, 12, 6))
        app.stack.push(scene)
        frames(app, 2)
        i18n.set_language(lang)
        frames(app, 2)
        shown = [b for b in scene.buttons if b.visible]
        assert len(shown) == 3  # the scan saw every button
        for button in shown:
            text = button.text()
            size_px = max(11, round(button.rect.h * 0.45))  # as Button.draw writes it
            assert fit_text(text, size_px, button.rect.w - 6) == text, (text, button.rect)
            assert scene.rect.contains(button.rect), (text, button.rect, scene.rect)
        for left, right in itertools.pairwise(shown):
            assert left.rect.right < right.rect.left, (left.text(), right.text())
    finally:
        app.shutdown()
        i18n.set_language("en")


FORMS = (SettingsScene, NewGameScene, MenuScene, SheetSetupScene, OnlineScene)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("kind", FORMS, ids=[kind.__name__ for kind in FORMS])
def test_every_form_row_is_inside_its_window_and_the_window_on_screen(
    tmp_path: Path, size: tuple[int, int], lang: str, kind: type[FormScene]
) -> None:
    """Two Settings rows (issue 44's "Opponents learn how I play", "Forget what they learned")
    pushed the last name and Done below a 1280x800 window: rows kept their full height whatever
    their number. Every row of a form lies inside its window, and the window on the screen."""
    with form_shown(tmp_path, size, lang, kind) as scene:
        screen = pygame.Rect((0, 0), size)
        assert screen.contains(scene.window), (scene.window, size)
        assert len(scene.form.rects) == len(scene.form.rows) > 2  # the scan saw the rows
        for row, rect in zip(scene.form.rows, scene.form.rects, strict=True):
            assert scene.window.contains(rect), (i18n._(row.label), rect, scene.window)
        for above, below in itertools.pairwise(scene.form.rects):
            assert above.bottom <= below.top, (above, below)


def whole_buttons(scene: FormScene) -> list[str]:
    """The labels of the form's buttons as drawn, each checked whole (not cut with "…")."""
    form = scene.form
    size = round(19 * form.scale)  # as Form.draw writes a button
    shown = []
    for row, rect in zip(form.rows, form.rects, strict=True):
        if isinstance(row, ActionRow):
            text = i18n._(row.label)
            assert fit_text(text, size, rect.w - rect.h) == text, (text, rect)
            shown.append(text)
    return shown


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("kind", FORMS, ids=[kind.__name__ for kind in FORMS])
def test_every_button_of_a_form_shows_its_whole_label(
    tmp_path: Path, size: tuple[int, int], lang: str, kind: type[FormScene]
) -> None:
    """The French menu's "Ouvrir une partie ou une donne" was cut ("…une don…") at every size:
    the window kept its English width. Each form's window is as wide as its longest button."""
    with form_shown(tmp_path, size, lang, kind) as scene:
        assert whole_buttons(scene)  # the scan saw buttons
        assert pygame.Rect((0, 0), size).contains(scene.window)


def test_the_menu_under_settings_is_laid_out_again_in_the_new_language(tmp_path: Path) -> None:
    """Settings > Language changes the words of every screen, the menu under it included, and
    of Settings itself (its buttons, while it is open)."""
    app = make_app(tmp_path, (1024, 700))
    try:
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        settings = SettingsScene(app)
        app.stack.push(settings)
        frames(app, 2)
        app.set_language("fr")
        frames(app, 2)
        assert "Oublier leur apprentissage" in whole_buttons(settings)
        assert "Ouvrir une partie ou une donne" in whole_buttons(menu)  # before it is seen again
        app.stack.pop()
        frames(app, 2)
        assert "Ouvrir une partie ou une donne" in whole_buttons(menu)
    finally:
        app.shutdown()
        i18n.set_language("en")
