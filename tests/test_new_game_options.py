"""New game: the player count and each opponent's level, chosen on the screen, kept in the
settings, seated at the table and written into the history."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from game.ai import EasyPlayer, HardPlayer, MediumPlayer
from game.engine.match import Match
from game.engine.rules import Rules
from game.records.profile import Profile
from scenes.core.app import App, Options, parse_args
from scenes.core.preferences import MAX_OPPONENTS, GameOptions, Preferences
from scenes.screens.new_game import NewGameScene
from scenes.table import games
from scenes.table.session import GameSession
from scenes.table.table_scene import TableScene

pytestmark = pytest.mark.app(seed=4)


KINDS = {"easy": EasyPlayer, "medium": MediumPlayer, "hard": HardPlayer}


def test_options_saved_before_per_seat_levels_put_everyone_at_the_common_level() -> None:
    old = GameOptions.from_dict({"level": "hard", "target": 50})
    assert old.players == 4 and old.levels == ["hard"] * MAX_OPPONENTS
    assert GameOptions(level="easy").levels == ["easy"] * MAX_OPPONENTS
    mixed = GameOptions(players=5, levels=["easy", "hard", "medium", "hard"])
    again = GameOptions.from_dict(mixed.to_dict())
    assert again == mixed and again.rules().players == 5
    for bad in ({"players": 6}, {"players": "5"}, {"levels": ["easy", "nope", "hard", "hard"]}):
        damaged = GameOptions.from_dict({**mixed.to_dict(), **bad})
        assert damaged.players in (4, 5) and all(lv in KINDS for lv in damaged.levels)
    assert GameOptions.from_dict({"players": 6}).players == 4


def test_the_new_game_screen_offers_the_count_and_a_level_row_per_opponent(app: App) -> None:
    app.stack.push(NewGameScene(app))
    screen = app.stack.top
    assert isinstance(screen, NewGameScene)

    def labels() -> list[str]:
        assert isinstance(screen, NewGameScene)
        return [row.label for row in screen.form.rows]

    assert labels()[:5] == ["Players", "Difficulty", "Margaret", "Hugo", "Leah"]
    players = screen.form.rows[0]
    players.step(1)  # 4 -> 5: one more opponent's row
    assert app.prefs.new_game.players == 5 and "Oscar" in labels()
    players.step(1)  # 5 -> 3
    assert app.prefs.new_game.players == 3 and labels()[2:5] == [
        "Margaret",
        "Hugo",
        "Teaching mode",
    ]
    screen.form.rows[1].step(1)  # everyone one level up
    everyone = app.prefs.new_game.level
    assert app.prefs.new_game.levels == [everyone] * MAX_OPPONENTS
    screen.form.rows[3].step(1)  # Hugo alone
    assert app.prefs.new_game.levels[1] != everyone and app.prefs.new_game.levels[0] == everyone
    # Kept in the profile for next time.
    app.save_preferences()
    stored = Preferences.load(Profile.open(app.options.profile)).new_game
    assert stored.players == 3 and stored.levels == app.prefs.new_game.levels


def test_each_opponent_plays_at_its_level_and_the_history_keeps_the_line_up(app: App) -> None:
    options = GameOptions(players=5, levels=["easy", "hard", "medium", "easy"], target=1)
    session = GameSession(Match.new(Rules(players=5, target=1), seed=3), options)
    assert [type(session.players[s]) for s in range(1, 5)] == [
        EasyPlayer,
        HardPlayer,
        MediumPlayer,
        EasyPlayer,
    ]
    assert session.levels() == (None, "easy", "hard", "medium", "easy")
    table = TableScene(app, games.local_table(app, session))
    app.show_table(table)
    app.record_finished(session)
    finished = app.profile.finished_games()
    assert finished[-1].levels == (None, "easy", "hard", "medium", "easy")


@pytest.mark.parametrize("players", [3, 5])
def test_players_on_the_command_line_seats_the_new_game_and_the_demo(
    tmp_path: Path, players: int
) -> None:
    for flag in ("--new-game", "--demo"):
        options = Options.from_args(parse_args([flag, "--players", str(players)]))
        options.profile = tmp_path / flag
        # its own App: one for each flag, from the parsed command line
        app = App(options)
        try:
            app.start()
            table = app.stack.top
            assert isinstance(table, TableScene) and table.source.rules.players == players
            assert app.prefs.new_game.players == 4  # for this run only
        finally:
            app.shutdown()


@pytest.mark.parametrize("value", ["2", "6", "four"])
def test_a_bad_player_count_is_refused_with_a_message(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        parse_args(["--players", value])
    assert stop.value.code == 2 and "--players" in capsys.readouterr().err
