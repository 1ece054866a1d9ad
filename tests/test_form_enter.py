"""Enter in the New game and score-sheet forms is the dialog's default button (Start), as in a
Windows dialog: a player walking by keys pressed Enter on "Difficulty" to start, and the
setting (every opponent's level with it) changed instead. Space and the arrows change a
setting; Settings, which has no default button, keeps Enter on a setting."""

from __future__ import annotations

import pygame

from scenes.core.app import App
from scenes.records.sheet_pad import SheetScene
from scenes.records.sheet_setup import SheetSetupScene
from scenes.screens.new_game import NewGameScene
from scenes.screens.settings import SettingsScene
from scenes.table.table_scene import TableScene
from scenes.ui.widgets import ChoiceRow
from tests.helpers.window import frames, key


def focus_label(scene: NewGameScene | SheetSetupScene | SettingsScene, label: str) -> ChoiceRow:
    rows = scene.form.rows
    index = next(i for i, row in enumerate(rows) if row.label == label)
    scene.form.focus = index
    row = rows[index]
    assert isinstance(row, ChoiceRow)
    return row


def test_enter_on_a_setting_starts_the_game_and_space_changes_it(app: App) -> None:
    form = NewGameScene(app)
    app.stack.push(form)
    frames(app)
    row = focus_label(form, "Difficulty")
    before = row.value_text()
    key(app, pygame.K_SPACE)  # Space changes it
    changed = row.value_text()
    assert changed != before
    key(app, pygame.K_LEFT)  # and the arrows
    assert row.value_text() == before
    levels = list(app.prefs.new_game.levels)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TableScene)
    assert app.prefs.new_game.levels == levels  # started as shown, nothing changed


def test_enter_on_a_sheet_setting_starts_the_sheet(app: App) -> None:
    form = SheetSetupScene(app)
    app.stack.push(form)
    for seat, name in enumerate(("Mamie", "Papa", "Léa", "Théo")):
        form.names[seat] = name
    form.rebuild()
    frames(app)
    choices = [row for row in form.form.rows if isinstance(row, ChoiceRow)]
    assert choices
    form.form.focus = form.form.rows.index(choices[0])
    shown = choices[0].value_text()
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SheetScene)
    assert choices[0].value_text() == shown


def test_settings_has_no_default_button_enter_changes_the_setting(app: App) -> None:
    form = SettingsScene(app)
    app.stack.push(form)
    frames(app)
    rows = [row for row in form.form.rows if isinstance(row, ChoiceRow)]
    form.form.focus = form.form.rows.index(rows[0])
    before = rows[0].value_text()
    key(app, pygame.K_RETURN)
    assert app.stack.top is form and rows[0].value_text() != before
