"""Issue 28, items 5-9: the score sheet used as a paper pad, driven by synthetic keys.

No key throws typed text away without asking; Left/Right move the caret between the players'
boxes; the moon written as its scores and the jack written beside its mark are understood; a
correction selects the figure whole and may end the game earlier once confirmed; each line has
its running total; after the end the boxes go; a new sheet offers the last sheet's players."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.rules import MoonMode
from scenes.core import i18n
from scenes.core.app import App
from scenes.records.sheet import SheetListScene
from scenes.records.sheet_pad import SheetScene
from scenes.records.sheet_setup import SheetSetupScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.records_window import enter_hand, key_and_frame, new_sheet, open_from_menu, typed

pytestmark = pytest.mark.app(size=(1024, 700))


def test_left_right_keep_the_caret_in_the_boxes_and_enter_never_closes(app: App) -> None:
    scene = new_sheet(app, ["Ann", "Bob", "Cid", "Dee"])
    typed(app, "13")
    key_and_frame(app, pygame.K_RIGHT)
    assert scene.field == 1
    typed(app, "5")
    assert scene.inputs[:2] == ["13", "5"]  # "13" never became "135"
    key_and_frame(app, pygame.K_LEFT)
    key_and_frame(app, pygame.K_LEFT)
    assert scene.field == 3
    key_and_frame(app, pygame.K_RETURN)  # validates (a sentence), never presses Back
    assert app.stack.top is scene and scene.inputs[:2] == ["13", "5"]
    assert scene.problem


def test_leaving_with_typed_figures_asks_first(app: App) -> None:
    scene = new_sheet(app, ["Ann", "Bob", "Cid", "Dee"])
    typed(app, "13")
    key_and_frame(app, pygame.K_ESCAPE)
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog)
    key_and_frame(app, pygame.K_RETURN)  # the first choice: keep typing
    assert app.stack.top is scene and scene.inputs[0] == "13"
    scene.back()
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog)
    dialog.buttons[2].action()  # leave without them
    assert isinstance(app.stack.top, SheetListScene)


def test_typing_on_a_player_row_writes_the_name_and_backspace_edits_it(app: App) -> None:
    listing = open_from_menu(app, "Score sheet")
    listing.new_sheet()
    setup = app.stack.top
    assert isinstance(setup, SheetSetupScene)
    setup.form.focus = 1  # "Player 1", not being edited
    typed(app, "Zoé")
    assert setup.names[0] == "Zoé"
    key_and_frame(app, pygame.K_RETURN)  # the name is done
    key_and_frame(app, pygame.K_BACKSPACE)  # on the name's row: edits it, never leaves
    assert app.stack.top is setup and setup.names[0] == "Zo"
    key_and_frame(app, pygame.K_RETURN)
    setup.form.focus = len(setup.form.rows) - 3  # a choice row
    key_and_frame(app, pygame.K_BACKSPACE)  # acts as Back, but a name was typed: asks
    assert isinstance(app.stack.top, ChoiceDialog)
    assert setup.names[0] == "Zo"


def test_the_moon_written_on_paper_is_understood_and_said(app: App) -> None:
    scene = new_sheet(app, ["Ann", "Bob", "Cid", "Dee"])
    enter_hand(app, ["0", "26", "26", "26"])
    assert scene.sheet.totals == (0, 26, 26, 26)
    assert scene.sheet.hands[0].moon_shooter == 0
    assert "Ann" in scene.message and "moon" in scene.message
    assert app.profile.sheets()[0].hands[0]["points"] == [26, 0, 0, 0]


def test_minus_26_is_the_moon_in_the_shooter_mode(app: App) -> None:
    listing = open_from_menu(app, "Score sheet")
    listing.new_sheet()
    setup = app.stack.top
    assert isinstance(setup, SheetSetupScene)
    setup.names[:4] = ["Ann", "Bob", "Cid", "Dee"]
    setup.moon = MoonMode.SHOOTER_MINUS
    setup.start()
    scene = app.stack.top
    assert isinstance(scene, SheetScene)
    enter_hand(app, ["0", "0", "-26", "0"])
    assert scene.problem == "" and scene.sheet.totals == (0, 0, -26, 0)


def test_three_beside_the_jack_mark_is_minus_seven(app: App) -> None:
    scene = new_sheet(app, ["Ann", "Bob", "Cid", "Dee"], jack=True)
    typed(app, "3j")  # three hearts, and Ann took the jack
    key_and_frame(app, pygame.K_TAB)
    enter_hand(app, ["10", "13", "0"])
    assert scene.problem == "" and scene.sheet.totals == (-7, 10, 13, 0)
    key_and_frame(app, pygame.K_UP)  # corrected: shown as written, beside the mark
    assert scene.inputs[0] == "3" and scene.jack == 0


def test_french_shows_the_valet_in_the_box(app: App) -> None:
    scene = new_sheet(app, ["Ann", "Bob", "Cid", "Dee"], jack=True)
    i18n.set_language("fr")
    typed(app, "3v")
    drawn: list[str] = []
    import scenes.records.sheet_drawing as sheet_module
    from scenes.ui.widgets import draw_text as real

    def spy(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *args, **kw)

    setattr(sheet_module, "draw_text", spy)  # noqa: B010 (the module's own name, patched)
    try:
        scene.draw(app.screen)
    finally:
        setattr(sheet_module, "draw_text", real)  # noqa: B010
    assert "V♦" in drawn and "J♦" not in drawn


def test_a_correction_selects_the_figure_and_may_end_the_game_earlier(app: App) -> None:
    listing = open_from_menu(app, "Score sheet")
    listing.new_sheet()
    setup = app.stack.top
    assert isinstance(setup, SheetSetupScene)
    setup.names[:4] = ["Ann", "Bob", "Cid", "Dee"]
    setup.target = 50
    setup.start()
    scene = app.stack.top
    assert isinstance(scene, SheetScene)
    enter_hand(app, ["26", "0", "0", "0"])  # 0 26 26 26
    enter_hand(app, ["0", "13", "13", "0"])  # 0 39 39 26
    enter_hand(app, ["13", "0", "0", "13"])  # 13 39 39 39
    key_and_frame(app, pygame.K_UP)
    key_and_frame(app, pygame.K_UP)  # hand 2
    assert scene.correcting == 1 and scene.selected_whole
    typed(app, "0")  # replaces the whole figure
    key_and_frame(app, pygame.K_TAB)
    typed(app, "25")
    key_and_frame(app, pygame.K_TAB)
    typed(app, "1")
    key_and_frame(app, pygame.K_TAB)
    typed(app, "0")
    assert scene.inputs == ["0", "25", "1", "0"]
    key_and_frame(app, pygame.K_RETURN)
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog) and "hand 2" in dialog.message
    assert len(scene.sheet.hands) == 3  # kept until confirmed
    key_and_frame(app, pygame.K_RETURN)  # a reflex Enter: the safe choice, every hand kept
    assert app.stack.top is scene
    assert len(scene.sheet.hands) == 3 and scene.sheet.totals == (13, 39, 39, 39)
    key_and_frame(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ChoiceDialog)
    key_and_frame(app, pygame.K_ESCAPE)  # Esc cancels it too
    assert app.stack.top is scene and len(scene.sheet.hands) == 3
    key_and_frame(app, pygame.K_RETURN)
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog)
    dialog.buttons[1].action()  # the game ended there
    assert len(scene.sheet.hands) == 2 and scene.sheet.over
    assert len(app.profile.sheets()[0].hands) == 2 and app.profile.sheets()[0].finished


def test_running_totals_and_no_boxes_after_the_end(app: App) -> None:
    scene = new_sheet(app, ["Ann", "Bob", "Cid", "Dee"])
    enter_hand(app, ["13", "5", "8", "0"])
    enter_hand(app, ["0", "5", "8", "13"])
    drawn: list[str] = []
    import scenes.records.sheet_drawing as sheet_module
    from scenes.ui.widgets import draw_text as real

    def spy(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *args, **kw)

    setattr(sheet_module, "draw_text", spy)  # noqa: B010 (the module's own name, patched)
    try:
        scene.draw(app.screen)
        assert "16" in drawn and "10" in drawn  # Cid's and Bob's totals after hand 2
        assert scene.entering()
        for _ in range(7):
            enter_hand(app, ["13", "13", "0", "0"])
        assert scene.sheet.over and not scene.entering()
        drawn.clear()
        scene.draw(app.screen)
        assert not any(text.endswith("|") for text in drawn)  # no caret, no box
    finally:
        setattr(sheet_module, "draw_text", real)  # noqa: B010


def test_a_new_sheet_offers_the_last_sheets_players(app: App) -> None:
    new_sheet(app, ["Zed", "Yan", "Xia"])
    key_and_frame(app, pygame.K_ESCAPE)
    key_and_frame(app, pygame.K_ESCAPE)  # the list, then the menu
    new_sheet(app, ["Bob", "Ann", "Dee", "Cid"])
    key_and_frame(app, pygame.K_ESCAPE)
    listing = app.stack.top
    assert isinstance(listing, SheetListScene)
    listing.new_sheet()
    setup = app.stack.top
    assert isinstance(setup, SheetSetupScene)
    assert setup.count == 4 and setup.names[:4] == ["Bob", "Ann", "Dee", "Cid"]
