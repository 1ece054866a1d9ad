"""New game with a game in progress: the player is asked first, and an abandoned game goes into
the history as abandoned (never a win), like practice games."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from game.records.profile import ABANDONED, Profile
from scenes.core.app import App, Options
from scenes.screens.new_game import NewGameScene
from scenes.table import games
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.window import frame, local, session_of, shoot, until


@pytest.fixture
def profile_folder(tmp_path: Path) -> Path:
    return tmp_path


pytestmark = pytest.mark.app(seed=9)


@pytest.fixture
def new_game_level() -> str:
    return "easy"


def game_in_progress(app: App) -> TableScene:
    """A new game with the opening pass made, then Esc back to the menu (it is saved)."""
    games.new_game(app, app.prefs.new_game)
    table = app.stack.top
    assert isinstance(table, TableScene)
    until(app, table.human_to_pass)
    for card in sorted(table.model.hand)[:3]:
        table.hand.selected.add(card)
    table.confirm_pass()
    # The cards received wait, raised, for OK (as in the classic game), then the play goes on.
    until(app, lambda: table.ok_button.visible or len(local(table).match.hand.plays) >= 2)
    table.accept_received()
    until(app, lambda: len(local(table).match.hand.plays) >= 2)
    app.leave_game()
    assert app.has_saved_game()
    return table


def ask(app: App) -> ChoiceDialog:
    app.stack.push(NewGameScene(app))
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    scene.start()
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog)
    frame(app)
    return dialog


def test_new_game_asks_before_abandoning_and_back_keeps_everything(app: App, shots: Path) -> None:
    old = game_in_progress(app)
    saved = app.profile.load_game()
    dialog = ask(app)
    assert dialog.title == "Abandon the game in progress?"
    shoot(app, shots, "abandon-question.png")
    dialog.buttons[2].action()  # Back
    assert isinstance(app.stack.top, NewGameScene)
    assert app.profile.load_game() == saved and app.profile.finished_games() == []
    dialog = ask(app)
    dialog.buttons[1].action()  # Continue the game in progress
    table = app.stack.top
    assert (
        isinstance(table, TableScene) and session_of(table).to_saved() == session_of(old).to_saved()
    )


def test_an_abandoned_game_is_in_the_history_and_never_a_win(app: App, tmp_path: Path) -> None:
    old = game_in_progress(app)
    dialog = ask(app)
    dialog.buttons[0].action()  # Abandon it and start the new game
    table = app.stack.top
    assert isinstance(table, TableScene) and table is not old
    frame(app)
    history = Profile.open(tmp_path).finished_games()
    assert len(history) == 1
    game = history[0]
    assert game.outcome == ABANDONED and not game.counts_as_win and not game.player_won
    assert (
        game.match["hands"][0]["plays"] == session_of(old).to_saved()["match"]["hands"][0]["plays"]
    )
    assert app.profile.win_count() == (0, 0)  # an abandoned game is not a game played out
    assert session_of(table).to_saved() == app.profile.load_game()  # the new game is the saved one


def test_new_game_from_the_command_line_records_the_old_game_as_abandoned(tmp_path: Path) -> None:
    # their own Apps: two windows, one after the other, on one profile
    first = App(Options(profile=tmp_path, lang="en", seed=3, new_game=True))
    first.start()
    first.shutdown()
    second = App(Options(profile=tmp_path, lang="en", new_game=True))
    second.start()
    second.shutdown()
    assert [g.outcome for g in Profile.open(tmp_path).finished_games()] == [ABANDONED]
