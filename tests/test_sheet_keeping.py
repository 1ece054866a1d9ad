"""Issue 41: a sheet kept like a game. Delete a hand (asking first), delete a sheet, rename or
delete a player; Esc closes every question of the sheet's screens; the list says "View" for a
finished sheet and shows the time of day."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

import scenes.core.text as text_module
from game.engine.rules import MoonMode, Rules
from game.records.scoresheet import EndsEarlier, HandEntry, ScoreSheet
from scenes.core.app import App, Options
from scenes.records import chart as chart_module
from scenes.records import sheet_share
from scenes.records.players import PlayersScene
from scenes.records.sheet import SheetListScene
from scenes.records.sheet_pad import SheetScene
from scenes.records.sheet_setup import SheetSetupScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.records_window import enter_hand, key_and_frame, new_sheet, open_from_menu, typed

FAMILY = ["Mamie", "Papa", "Léa", "Théo"]


@pytest.fixture
def app_options(profile_folder: Path) -> Options:
    return Options(profile=profile_folder, size=(1024, 700), lang="en")


def test_a_hand_is_deleted_only_once_asked(app: App) -> None:
    scene = new_sheet(app, FAMILY)
    enter_hand(app, ["13", "5", "8", "0"])
    enter_hand(app, ["0", "13", "5", "8"])
    enter_hand(app, ["26", "0", "0", "0"])
    assert not scene.delete_button.visible  # nothing chosen to delete
    key_and_frame(app, pygame.K_UP)
    key_and_frame(app, pygame.K_UP)  # hand 2
    assert scene.delete_button.visible
    key_and_frame(app, pygame.K_DELETE, pygame.KMOD_CTRL)
    assert isinstance(app.stack.top, ChoiceDialog)
    key_and_frame(app, pygame.K_RETURN)  # a reflex Enter keeps the hand
    assert len(scene.sheet.hands) == 3 and scene.correcting == 1
    scene.delete_button.action()
    key_and_frame(app, pygame.K_ESCAPE)  # Esc keeps it too
    assert len(scene.sheet.hands) == 3
    scene.delete_button.action()
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog)
    dialog.buttons[1].action()
    assert scene.sheet.totals == (13, 31, 34, 26) and scene.correcting is None
    stored = app.profile.sheets()[0].hands
    assert [h["points"] for h in stored] == [[13, 5, 8, 0], [26, 0, 0, 0]]
    assert "deleted" in scene.message


def test_deleting_a_hand_that_ends_the_game_earlier_asks_where_it_ends() -> None:
    sheet = ScoreSheet(Rules(target=50, moon=MoonMode.SHOOTER_MINUS), ("A", "B", "C", "D"))
    sheet.add_hand(HandEntry((0, 0, 26, 0)))  # C shoots the moon: -26
    for _hand in range(4):
        sheet.add_hand(HandEntry((0, 1, 24, 1)))  # C: -2, 22, 46, 70
    assert sheet.over and len(sheet.hands) == 5
    with pytest.raises(EndsEarlier) as ended:
        sheet.delete_hand(0)  # without the moon C has 72 after the third hand left
    assert ended.value.number == 3 and len(sheet.hands) == 5  # refused: nothing changed
    sheet.delete_hand(0, end_there=True)
    assert len(sheet.hands) == 3 and sheet.totals == (0, 3, 72, 3) and sheet.over
    passes = [Rules().pass_direction(n) for n in range(3)]
    assert [h.pass_direction for h in sheet.hands] == passes  # each hand's pass by its place


def test_a_sheet_is_deleted_once_asked_and_the_list_says_view_and_the_time(app: App) -> None:
    scene = new_sheet(app, FAMILY)
    enter_hand(app, ["13", "5", "8", "0"])
    typed(app, "7")
    scene.back()
    key_and_frame(app, pygame.K_DOWN)
    key_and_frame(app, pygame.K_RETURN)  # keep the 7 for later: a draft with the sheet
    listing = app.stack.top
    assert isinstance(listing, SheetListScene)
    assert app.profile.setting("sheet_draft.1") is not None
    assert listing.open_button.text() == "Resume"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", listing.rows()[0][0])
    listing.delete_button.action()
    key_and_frame(app, pygame.K_RETURN)  # a reflex Enter keeps it
    assert len(app.profile.sheets()) == 1
    listing.delete_button.action()
    key_and_frame(app, pygame.K_ESCAPE)
    assert len(app.profile.sheets()) == 1
    listing.delete_button.action()
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog)
    dialog.buttons[1].action()
    assert app.profile.sheets() == [] and listing.sheets == []
    assert "sheet_draft.1" not in app.profile.settings()  # its draft went with it


def test_a_finished_sheet_is_viewed_not_resumed(app: App) -> None:
    listing = open_from_menu(app, "Score sheet")
    listing.new_sheet()
    setup = app.stack.top
    assert isinstance(setup, SheetSetupScene)
    setup.names[:4] = FAMILY
    setup.target = 50
    setup.start()
    enter_hand(app, ["0", "0", "26", "0"])  # 26 to the others
    enter_hand(app, ["0", "0", "26", "0"])  # 52: over
    key_and_frame(app, pygame.K_ESCAPE)
    listing = app.stack.top
    assert isinstance(listing, SheetListScene)
    assert listing.open_button.text() == "View"


def test_a_player_is_renamed_on_their_sheets_and_deleted_once_asked(app: App) -> None:
    scene = new_sheet(app, ["Mamie", "Papa", "Léa", "Tho"])
    enter_hand(app, ["13", "5", "8", "0"])
    scene.back()
    listing = app.stack.top
    assert isinstance(listing, SheetListScene)
    listing.buttons[2].action()  # Players
    players = app.stack.top
    assert isinstance(players, PlayersScene)
    players.selected = [p.name for p in players.players].index("Tho")
    key_and_frame(app, pygame.K_TAB)  # the name box
    typed(app, "Théo")
    players.buttons[3].action()  # Rename
    assert "Théo" in [p.name for p in app.profile.players()]
    assert app.profile.sheets()[0].names == ("Mamie", "Papa", "Léa", "Théo")
    players.selected = [p.name for p in players.players].index("Papa")
    players.buttons[4].action()  # Delete player
    key_and_frame(app, pygame.K_RETURN)  # a reflex Enter keeps Papa
    assert "Papa" in [p.name for p in app.profile.players()]
    players.buttons[4].action()
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog)
    dialog.buttons[1].action()
    assert "Papa" not in [p.name for p in app.profile.players()]
    assert app.profile.sheets()[0].names[1] == "Papa"  # the sheet keeps the name written


def test_escape_closes_the_new_sheets_question(app: App) -> None:
    listing = open_from_menu(app, "Score sheet")
    listing.new_sheet()
    setup = app.stack.top
    assert isinstance(setup, SheetSetupScene)
    setup.names[0] = "Zoé"
    setup.back()
    assert isinstance(app.stack.top, ChoiceDialog)
    key_and_frame(app, pygame.K_ESCAPE)
    assert app.stack.top is setup  # type: ignore[comparison-overlap]
    assert setup.names[0] == "Zoé"


def finished_sheet(app: App) -> SheetScene:
    listing = open_from_menu(app, "Score sheet")
    listing.new_sheet()
    setup = app.stack.top
    assert isinstance(setup, SheetSetupScene)
    setup.names[:4] = FAMILY
    setup.target = 50
    setup.start()
    scene = app.stack.top
    assert isinstance(scene, SheetScene)
    assert scene.chart_button.visible is False and scene.share_button.visible is False
    enter_hand(app, ["13", "5", "8", "0"])
    assert scene.chart_button.visible
    enter_hand(app, ["0", "0", "26", "0"])
    enter_hand(app, ["0", "0", "26", "0"])
    assert scene.sheet.over
    return scene


def test_a_finished_sheet_is_shared_as_a_picture(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = finished_sheet(app)
    assert scene.share_button.visible and not scene.validate_button.visible
    monkeypatch.setattr(shutil, "which", lambda name: None)  # no clipboard tool
    scene.share_button.action()
    path = app.profile.path.parent / f"sheet-{scene.sheet_id}.png"
    assert str(path) in scene.message and "copied" not in scene.message
    picture = pygame.image.load(str(path))
    assert picture.get_width() == sheet_share.IMAGE_WIDTH + 2 * sheet_share.MARGIN
    fewer = sheet_share.sheet_image(
        ScoreSheet.from_entries(scene.sheet.rules, scene.sheet.names, scene.sheet.entries()[:1]),
        {},
        "",
    )
    assert picture.get_height() > fewer.get_height()  # every hand is on the picture
    copied: list[list[str]] = []
    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(subprocess, "run", lambda command, **kw: copied.append(command))
    scene.share_button.action()
    assert copied and copied[0][0] == "wl-copy" and "copied" in scene.message


def test_a_sheets_chart_of_totals(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = finished_sheet(app)
    scene.chart_button.action()
    chart = app.stack.top
    assert isinstance(chart, sheet_share.SheetChartScene)
    drawn: list[str] = []
    real = text_module.draw_text

    def spy(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *args, **kw)

    monkeypatch.setattr(chart_module, "draw_text", spy)
    app.stack.draw(app.screen)
    assert set(FAMILY) <= set(drawn)  # the legend
    assert "65" in drawn  # Mamie's total, the highest, on the axis
