"""Issue 42: in French the Settings label "Lettres anglaises sur les cartes (K, Q, J)" was cut
and ran into its value box. Every form label fits its share of the row, at every size; and every
button of the Friends screen shows its whole label."""

from __future__ import annotations

import datetime as _dt
import itertools
from pathlib import Path

import pytest

from scenes.core import assets, i18n
from scenes.core.cli import MIN_SIZE
from scenes.core.text import fit_text
from scenes.records.friends import FriendsScene
from scenes.screens.settings import SettingsScene
from tests.helpers.window import frames, make_app

SIZES = ((800, 600), (640, 480), (1280, 800))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_settings_label_fits_before_its_value(
    tmp_path: Path, size: tuple[int, int], lang: str
) -> None:
    app = make_app(tmp_path, size)
    try:
        i18n.set_language(lang)
        scene = SettingsScene(app)
        app.stack.push(scene)
        frames(app, 2)
        form = scene.form
        for index, row in enumerate(form.rows):
            if not form.label_width or not row.label:
                continue
            shown = form.label_text(index)
            width = assets.font(form.label_size(index)).size(shown)[0]
            assert width <= form.label_room(index), (i18n._(row.label), width)
            assert shown == i18n._(row.label), shown  # whole, not cut
    finally:
        app.shutdown()
        i18n.set_language("en")


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
