"""Issue 40: a finished online game goes into History (a row for the seat this window played,
marked "online", with each hand's scores) and never into the Statistics, which replay every
move (the README says so)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from game.ai import make_player
from game.engine.rules import Rules
from game.records import stats
from game.records.profile import ONLINE
from scenes.core.app import App, Options
from scenes.core.scene import Scene
from scenes.records.history import GameScene, note_text
from scenes.screens.online.seats import open_table_scene
from scenes.table.score import ScoreScene
from tests.helpers.net import dealt_to_bea, play_until_over, serving, wait_for
from tests.helpers.window import FRAME


@pytest.fixture
def app_options(profile_folder: Path) -> Options:
    return Options(profile=profile_folder, size=(800, 600), lang="en", speed="instant")


def frames(app: App) -> bool:
    app.stack.update(FRAME)
    app.stack.draw(app.screen)
    return True


def test_a_finished_online_game_is_in_history_not_in_statistics(app: App) -> None:
    with serving(seed_of=lambda code: 11) as server:
        host, bea = dealt_to_bea(server.address, Rules(target=1))
        play_until_over([(host, make_player("easy", "a")), (bea, make_player("easy", "b"))])
        app.stack.push(Scene(app))  # the waiting screen, which open_table_scene replaces
        assert open_table_scene(app, bea)
        wait_for(lambda: frames(app) and isinstance(app.stack.top, ScoreScene), what="score")
        for _ in range(5):  # the score seen again (a redraw, a resize) keeps it once
            frames(app)
        view = bea.view()
        history = stats.read_history(app.profile.game_rows())
        assert len(history.games) == 1, history
        game_id, game = history.games[0]
        assert game.outcome == ONLINE and game.human_seat == bea.seat
        assert game.names[bea.seat] == "Bea" and game.names[host.seat] == "Ada"
        assert game.totals == view.totals and game.winners == view.winners
        assert note_text(game) == "online"
        assert game.levels is not None and game.levels[host.seat] is None  # a person
        # In History, each hand's scores; in the Statistics, nothing.
        shown = GameScene(app, game_id, game)
        assert [list(s) for s in shown.scores] == [list(h) for h in view.history]
        assert not shown.review_button.enabled
        figures = stats.game_statistics(history.games)
        assert figures[stats.ALL_LEVELS].played == 0
        assert app.profile.win_count() == (0, 0)
        bea.close()
        host.close()
