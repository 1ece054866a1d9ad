"""Issue 42's small things a classic player notices, at the table."""

from __future__ import annotations

from scenes.core.app import App
from scenes.table.help_line import help_line
from tests.helpers.window import click, frames, start_game, wait_for_player


def test_the_pass_line_says_what_to_do_once_three_cards_are_chosen(app: App) -> None:
    """ "Choose three cards to pass" stayed after three were chosen."""
    table = start_game(app)
    wait_for_player(app, table)
    assert table.human_to_pass()
    assert help_line(table) == "Choose three cards to pass"
    for index in (0, 1, 2):
        rect = table.hand.rects()[index]
        click(app, (rect.x + 6, rect.centery))
    frames(app)
    assert len(table.hand.selected) == 3
    assert help_line(table) == "Three cards chosen: press the pass button (P)"


def test_new_game_keeps_its_place_when_players_change_and_says_mixed(app: App) -> None:
    """The dialog re-centred when Players changed, so the next click missed; Difficulty said
    "Hard" while one seat was Medium."""
    from scenes.screens.new_game import NewGameScene

    app.prefs.new_game.players = 4
    app.prefs.new_game.set_level("hard")
    scene = NewGameScene(app)
    app.stack.push(scene)
    frames(app, 2)
    players_row = scene.form.rects[0].copy()
    click(app, players_row.center)  # 4 -> 5 players: a row more
    frames(app)
    assert app.prefs.new_game.players != 4
    assert scene.form.rects[0] == players_row  # the row clicked stays under the mouse
    difficulty = scene.form.rows[1]
    assert difficulty.value_text() == "Hard"
    app.prefs.new_game.levels[1] = "medium"
    assert difficulty.value_text() == "Mixed"
    difficulty.step(1)
    assert {app.prefs.new_game.level_of(s) for s in range(1, 4)} == {"medium"}


def test_one_minimum_window_size_said_once_and_held(app: App) -> None:
    """The README said 800x600, --size refused under 640x480, resizing allowed 600x1000."""
    import re
    from pathlib import Path

    import pygame

    from scenes.core.cli import MIN_SIZE, build_parser

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text("utf-8")
    said = re.findall(r"resizable, from (\d+)x(\d+)", readme)
    assert said == [(str(MIN_SIZE[0]), str(MIN_SIZE[1]))]
    assert f"at least {MIN_SIZE[0]}x{MIN_SIZE[1]}" in build_parser().format_help()
    pygame.display.set_mode((600, 1000), pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=600, y=1000))
    assert app.screen.get_size() == (MIN_SIZE[0], 1000)
    assert app.stack.size == (MIN_SIZE[0], 1000)


def test_ctrl_z_takes_back_the_last_card_and_makes_the_game_practice(app: App) -> None:
    """Windows 7's Hearts had Undo: Ctrl+Z takes back the player's last card of the hand."""
    import pygame

    from scenes.table.table_scene import TableScene
    from tests.helpers.window import local, session_of

    app.prefs.new_game.level = "easy"
    table = start_game(app)
    wait_for_player(app, table)
    key_z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    app.stack.handle_event(key_z)  # nothing played yet: said, nothing changes
    assert app.stack.top is table and not session_of(table).practice
    for index in (0, 1, 2):
        rect = table.hand.rects()[index]
        click(app, (rect.x + 6, rect.centery))
    click(app, table.pass_button.rect.center)
    wait_for_player(app, table)
    if table.ok_button.visible:
        click(app, table.ok_button.rect.center)
        wait_for_player(app, table)
    match = local(table).match
    legal = table.legal_cards()
    card = next(c for c in table.model.hand if legal >> c & 1)
    table.play_card(card)
    wait_for_player(app, table)
    assert card not in again_hand(local(table).match)
    app.stack.handle_event(key_z)
    again = app.stack.top
    assert isinstance(again, TableScene) and again is not table
    frames(app)
    rewound = local(again).match
    assert rewound.hand.turn == 0 and card in again_hand(rewound)
    assert session_of(again).practice  # a game with an undo is practice
    assert rewound.hand.plays != match.hand.plays


def again_hand(match: object) -> list[int]:
    """The player's cards in ``match`` (seat 0)."""
    from game.engine.cards import cards_of

    return [int(c) for c in cards_of(match.view(0).hand)]  # type: ignore[attr-defined]
