"""Issue 31, item 5: a game the computer played for the player (--autoplay) is saved as such,
continues as such, and never enters the player's figures, even when abandoned."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

from game.records import stats
from game.records.profile import ABANDONED, Profile
from scenes.core.app import App, Options
from scenes.table.table_scene import TableScene


def run_once(folder: Path, **options: object) -> bool | None:
    """Start the program as the command line would, and close it at once (the table saves).
    Returns whether the table on screen is the computer's (None: no table)."""
    # its own App: started and closed several times on one profile in a test
    app = App(Options(profile=folder, lang="en", speed="instant", **options))  # type: ignore[arg-type]
    app.start()
    table = app.stack.find(TableScene)
    session = table.session if isinstance(table, TableScene) else None
    autoplay = None if session is None else session.autoplay
    app.shutdown()
    return autoplay


def test_an_autoplay_game_continues_as_the_computers(tmp_path: Path) -> None:
    assert run_once(tmp_path, autoplay=True, seed=4) is True
    assert Profile.open(tmp_path).load_game()["autoplay"] is True
    assert run_once(tmp_path, resume=True) is True  # not turned into the player's game


def test_an_abandoned_autoplay_game_is_never_the_players(tmp_path: Path) -> None:
    for seed in (4, 5, 6):
        run_once(tmp_path, autoplay=True, seed=seed)  # each sets the one before aside
    run_once(tmp_path, new_game=True, seed=7)  # and the player's own game sets the last aside
    profile = Profile.open(tmp_path)
    games = profile.finished_games()
    assert [g.outcome for g in games] == [ABANDONED] * 3
    assert [g.human_seat for g in games] == [None, None, None]
    figures = stats.game_statistics(stats.read_history(profile.game_rows()).games)
    assert figures[stats.ALL_LEVELS].played == 0
