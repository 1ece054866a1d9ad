"""Issue 41: the score pad a family trusts, driven by synthetic keys as a family types.

No figure lands on the wrong player (a new hand starts on the first box; Tab never wraps onto a
figure), nothing typed is lost (Up keeps a half-typed hand, F2 and closing the window keep it
with the sheet), Tab goes to the next name on a new sheet, every dialog of the sheet closes with
Esc and its first choice is the safe one, a click on a hand's row corrects it, and the next
hand's dealer and pass are shown."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from scenes.core.app import App, Options
from scenes.records.sheet import SheetListScene
from scenes.records.sheet_pad import SheetScene
from scenes.records.sheet_setup import SheetSetupScene
from scenes.screens.menu import MenuScene
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.records_window import (
    enter_hand,
    key_and_frame,
    new_sheet,
    open_from_menu,
    texts_drawn,
    typed,
)

FAMILY = ["Mamie", "Papa", "Léa", "Théo"]


@pytest.fixture
def app_options(profile_folder: Path) -> Options:
    return Options(profile=profile_folder, size=(1024, 700), lang="en")


def family_order(app: App) -> None:
    """The family's figures, typed in seat order: Mamie 0, Papa 4, Léa 9, Théo 13."""
    for index, figure in enumerate(["0", "4", "9", "13"]):
        typed(app, figure)
        if index < 3:
            key_and_frame(app, pygame.K_TAB)
    key_and_frame(app, pygame.K_RETURN)


@pytest.mark.parametrize("leave", ["escape", "down"])
def test_after_a_correction_the_new_hand_starts_on_the_first_players_box(
    app: App, leave: str
) -> None:
    scene = new_sheet(app, FAMILY)
    enter_hand(app, ["13", "5", "8", "0"])
    key_and_frame(app, pygame.K_UP)  # correct hand 1
    key_and_frame(app, pygame.K_TAB)
    key_and_frame(app, pygame.K_TAB)  # the caret on the third box
    key_and_frame(app, pygame.K_ESCAPE if leave == "escape" else pygame.K_DOWN)
    assert scene.correcting is None and scene.field == 0
    family_order(app)
    assert scene.problem == ""
    assert scene.sheet.hands[1].scores == (0, 4, 9, 13)  # each figure on its own player


def test_tab_from_the_last_box_never_lands_silently_on_a_figure(app: App) -> None:
    scene = new_sheet(app, FAMILY)
    key_and_frame(app, pygame.K_TAB)
    key_and_frame(app, pygame.K_TAB)  # the family starts on Léa's box by mistake
    typed(app, "0")
    key_and_frame(app, pygame.K_TAB)
    typed(app, "4")
    key_and_frame(app, pygame.K_TAB)  # past the last box: back round to the first box still empty
    assert scene.field == 0
    typed(app, "9")
    key_and_frame(app, pygame.K_TAB)
    typed(app, "13")
    assert scene.inputs == ["9", "13", "0", "4"]
    key_and_frame(app, pygame.K_TAB)
    key_and_frame(app, pygame.K_TAB)
    assert scene.field == 3
    key_and_frame(app, pygame.K_TAB)  # every box holds a figure: the caret stays, the pad says so
    assert scene.field == 3 and "Enter" in scene.problem
    key_and_frame(app, pygame.K_RIGHT)
    assert scene.field == 3
    typed(app, "2")  # still the last box's figure, selected whole, replaced
    assert scene.inputs == ["9", "13", "0", "2"]


def test_up_keeps_a_half_typed_hand(app: App) -> None:
    scene = new_sheet(app, FAMILY)
    enter_hand(app, ["13", "5", "8", "0"])
    for index, figure in enumerate(["1", "2", "10"]):
        typed(app, figure)
        if index < 2:
            key_and_frame(app, pygame.K_TAB)
    key_and_frame(app, pygame.K_UP)
    assert scene.correcting == 0 and scene.inputs == ["13", "5", "8", "0"]
    key_and_frame(app, pygame.K_DOWN)
    assert scene.correcting is None
    assert scene.inputs == ["1", "2", "10", ""] and scene.field == 3
    typed(app, "13")
    key_and_frame(app, pygame.K_RETURN)
    assert scene.sheet.hands[1].scores == (1, 2, 10, 13)


def test_a_correction_validated_brings_back_the_half_typed_hand(app: App) -> None:
    scene = new_sheet(app, FAMILY)
    enter_hand(app, ["13", "5", "8", "0"])
    typed(app, "7")
    key_and_frame(app, pygame.K_UP)
    typed(app, "0")
    key_and_frame(app, pygame.K_TAB)
    typed(app, "18")
    key_and_frame(app, pygame.K_RETURN)
    assert scene.sheet.hands[0].scores == (0, 18, 8, 0)
    assert scene.correcting is None and scene.inputs == ["7", "", "", ""] and scene.field == 1


def test_moving_off_a_changed_correction_asks_first(app: App) -> None:
    scene = new_sheet(app, FAMILY)
    enter_hand(app, ["13", "5", "8", "0"])
    enter_hand(app, ["0", "13", "5", "8"])
    key_and_frame(app, pygame.K_UP)
    typed(app, "1")  # hand 2 changed, not validated
    key_and_frame(app, pygame.K_UP)
    assert isinstance(app.stack.top, ChoiceDialog)
    key_and_frame(app, pygame.K_RETURN)  # the first choice: keep correcting
    assert scene.correcting == 1 and scene.inputs[0] == "1"
    key_and_frame(app, pygame.K_UP)
    key_and_frame(app, pygame.K_ESCAPE)  # Esc: the same
    assert scene.correcting == 1 and scene.inputs[0] == "1"


def reopen(app: App) -> SheetScene:
    listing = open_from_menu(app, "Score sheet")
    assert isinstance(listing, SheetListScene)
    key_and_frame(app, pygame.K_RETURN)  # resumes the latest sheet
    scene = app.stack.top
    assert isinstance(scene, SheetScene)
    return scene


def test_closing_the_window_keeps_the_typed_figures_with_the_sheet(app: App) -> None:
    scene = new_sheet(app, FAMILY, jack=True)
    typed(app, "6v")
    key_and_frame(app, pygame.K_TAB)
    typed(app, "5")
    app.handle_event(pygame.event.Event(pygame.QUIT))  # what SIGTERM posts
    assert not app.running
    app.stack.reset()  # as the shutdown does: each scene's exit() runs
    app.stack.push(MenuScene(app))
    again = reopen(app)
    assert again is not scene
    assert again.inputs == ["6", "5", "", ""] and again.jack == 0 and again.field == 2
    typed(app, "5")
    key_and_frame(app, pygame.K_TAB)
    typed(app, "0")
    key_and_frame(app, pygame.K_RETURN)
    assert again.problem == "" and again.sheet.hands[0].scores == (6, 5, 5, 0)
    again.back()  # nothing typed now: leaves, and the draft is gone
    app.stack.reset(MenuScene(app))
    assert reopen(app).inputs == ["", "", "", ""]


def test_closing_the_window_keeps_a_correction_being_typed(app: App) -> None:
    scene = new_sheet(app, FAMILY)
    enter_hand(app, ["13", "5", "8", "0"])
    typed(app, "7")  # the next hand, begun
    key_and_frame(app, pygame.K_UP)
    typed(app, "0")
    key_and_frame(app, pygame.K_TAB)
    typed(app, "18")  # hand 1 changed, not validated
    app.handle_event(pygame.event.Event(pygame.QUIT))
    app.stack.reset()
    app.stack.push(MenuScene(app))
    again = reopen(app)
    assert again is not scene and again.correcting == 0
    assert again.inputs == ["0", "18", "8", "0"]
    key_and_frame(app, pygame.K_RETURN)
    assert again.sheet.hands[0].scores == (0, 18, 8, 0)
    assert again.correcting is None and again.inputs == ["7", "", "", ""]


def test_f2_keeps_the_typed_figures_with_the_sheet(app: App) -> None:
    new_sheet(app, FAMILY)
    typed(app, "12")
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode=""))
    assert isinstance(app.stack.top, TableScene)
    app.to_menu()
    assert reopen(app).inputs == ["12", "", "", ""]


def test_tab_goes_to_the_next_name_on_a_new_sheet(app: App) -> None:
    listing = open_from_menu(app, "Score sheet")
    listing.new_sheet()
    setup = app.stack.top
    assert isinstance(setup, SheetSetupScene)
    setup.names[:4] = ["", "", "", ""]
    setup.form.focus = 1  # Player 1
    for name in FAMILY[:3]:
        typed(app, name)
        key_and_frame(app, pygame.K_TAB)
    typed(app, "Théo")
    key_and_frame(app, pygame.K_UP)  # Up ends the name too, and goes back a row
    assert setup.names[:4] == FAMILY
    assert setup.form.focus == 3
    key_and_frame(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # Shift+Tab: back a row too
    assert setup.form.focus == 2
    key_and_frame(app, pygame.K_DOWN)
    key_and_frame(app, pygame.K_DOWN)
    key_and_frame(app, pygame.K_DOWN)
    assert setup.form.focus == 5


def test_escape_closes_the_moon_question_and_keeps_the_figures(app: App) -> None:
    listing = open_from_menu(app, "Score sheet")
    listing.new_sheet()
    setup = app.stack.top
    assert isinstance(setup, SheetSetupScene)
    setup.names[:4] = FAMILY
    from game.engine.rules import MoonMode

    setup.moon = MoonMode.SHOOTER_CHOOSES
    setup.start()
    scene = app.stack.top
    assert isinstance(scene, SheetScene)
    enter_hand(app, ["26", "0", "0", "0"])
    assert isinstance(app.stack.top, ChoiceDialog)
    key_and_frame(app, pygame.K_ESCAPE)
    assert app.stack.top is scene  # type: ignore[comparison-overlap]
    assert not scene.sheet.hands and scene.inputs == ["26", "0", "0", "0"]


def test_a_click_on_a_hands_row_corrects_it(app: App) -> None:
    scene = new_sheet(app, FAMILY)
    enter_hand(app, ["13", "5", "8", "0"])
    enter_hand(app, ["0", "13", "5", "8"])
    app.stack.draw(app.screen)
    row_h, head_h, _first, _room = __import__(
        "scenes.records.sheet_drawing", fromlist=["row_geometry"]
    ).row_geometry(scene)
    top = scene.sheet_area.y + head_h + 6
    at = (scene.sheet_area.centerx, top + row_h + row_h // 2)  # hand 2's row
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=at))
    assert scene.correcting == 1 and scene.inputs == ["0", "13", "5", "8"]
    below = (scene.sheet_area.centerx, top + 5 * row_h)  # no hand there
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=below))
    assert scene.correcting == 1


def test_the_next_hands_dealer_and_pass_are_shown(app: App) -> None:
    scene = new_sheet(app, FAMILY)
    assert scene.sheet.next_dealer == 0
    enter_hand(app, ["13", "5", "8", "0"])
    assert scene.sheet.next_dealer == 1
    drawn = texts_drawn(app, scene)
    assert any("Hand 2" in t and "Pass right" in t and "Papa deals" in t for t in drawn)


def test_numlock_off_is_said(app: App) -> None:
    scene = new_sheet(app, FAMILY)
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_KP5, mod=0, unicode=""))
    assert "Num Lock" in scene.problem
    scene.problem = ""
    with_numlock = pygame.KMOD_NUM
    app.handle_event(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_KP5, mod=with_numlock, unicode="5")
    )
    assert scene.problem == ""


def click(app: App, at: tuple[int, int]) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=at))


def test_a_hand_by_mouse_alone_with_the_number_pad(app: App) -> None:
    scene = new_sheet(app, FAMILY, jack=True)
    keys = {label: rect.center for label, rect in scene.keypad}
    assert set("0123456789") <= set(keys) and len(keys) == 14
    for figure in ("5", "6", "♦", "⇥", "5", "⇥", "0", "⇥", "1", "2", "⌫"):
        click(app, keys[figure])
    assert scene.inputs == ["56", "5", "0", "1"] and scene.jack == 0
    click(app, scene.boxes[0].center)  # the box, chosen by a click: its figure selected
    click(app, keys["6"])
    click(app, scene.boxes[2].center)
    click(app, keys["5"])
    click(app, scene.boxes[3].center)
    click(app, keys["⌫"])  # the selected figure erased whole
    click(app, keys["0"])
    assert scene.inputs == ["6", "5", "5", "0"]
    click(app, scene.validate_button.rect.center)
    assert scene.problem == "" and scene.sheet.hands[0].scores == (6, 5, 5, 0)
