"""Issue 42: in French the Settings label "Lettres anglaises sur les cartes (K, Q, J)" was cut
and ran into its value box. Every form label fits its share of the row, at every size."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenes.core import assets, i18n
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
