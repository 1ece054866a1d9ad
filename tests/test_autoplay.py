"""--autoplay: the computer plays every seat, game after game, at every speed."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time
from pathlib import Path

from game.engine.hand import Phase
from scenes.core.app import App, Options
from scenes.table.table_scene import TableScene
from tests.helpers.window import local, session_of


def test_autoplay_at_instant_speed_goes_on_into_the_next_game(tmp_path: Path) -> None:
    # its own App: the new game's level and target are set before it starts
    app = App(Options(profile=tmp_path, lang="en", speed="instant", autoplay=True, seed=2))
    app.prefs.new_game.level = "easy"
    app.prefs.new_game.target = 50
    app.start()
    first = app.stack.top
    assert isinstance(first, TableScene)
    try:
        deadline = time.monotonic() + 120
        second: TableScene | None = None
        while time.monotonic() < deadline:
            app.stack.update(1 / 60)
            app.stack.draw(app.screen)
            time.sleep(0.002)
            top = app.stack.find(TableScene)
            if top is not first and isinstance(top, TableScene):
                second = top
                if local(second).match.phase is not Phase.PASS or local(second).match.hand.plays:
                    break
        assert local(first).match.is_over
        # Issue 42: --help, the README and History agree: the finished game is in History, as
        # the computer's, and not in the player's statistics.
        from game.records import stats
        from game.records.profile import ABANDONED

        kept = app.profile.finished_games()
        assert [g.human_seat for g in kept] == [None] and kept[0].outcome != ABANDONED
        history = stats.read_history(app.profile.game_rows()).games
        assert stats.game_statistics(history)[stats.ALL_LEVELS].played == 0
        # The game that follows is autoplay too: the player's seat passes and plays by itself
        # (it used to wait at the first pass for a person who was not there).
        assert second is not None and session_of(second).autoplay
        match = local(second).match
        assert match.hand.passes[0] is not None or match.phase is not Phase.PASS
    finally:
        app.shutdown()
