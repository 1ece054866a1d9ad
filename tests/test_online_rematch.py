"""Issue 40, defect 7: Play again at the same table. At the end of an online game the host
deals a new one (``again``, docs/protocol.md) to the same people in the same seats; the
window's score says "Play again", waits for the deal and opens a fresh table on the same seat.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from game.ai import make_player
from game.engine.hand import Phase
from game.engine.rules import Rules
from game.net.client import Status
from scenes.core import i18n
from scenes.core.app import App, Options
from scenes.core.scene import Scene
from scenes.screens.online.rematch import RematchDialog
from scenes.screens.online.seats import open_table_scene
from scenes.table.score import ScoreScene
from scenes.table.table_scene import TableScene
from tests.helpers.net import dealt_to_bea, play_until_over, serving, wait_for
from tests.helpers.window import FRAME, shoot, top


@pytest.fixture
def app_options(profile_folder: Path) -> Options:
    return Options(profile=profile_folder, size=(800, 600), lang="en", speed="instant")


def frames(app: App, n: int = 1) -> bool:
    for _ in range(n):
        app.stack.update(FRAME)
        app.stack.draw(app.screen)
    return True


def test_play_again_at_the_same_table(app: App, shots: Path) -> None:
    with serving(seed_of=lambda code: 11) as server:
        host, bea = dealt_to_bea(server.address, Rules(target=1))
        players = [(host, make_player("easy", "a")), (bea, make_player("easy", "b"))]
        play_until_over(players)
        seats = (host.seat, bea.seat)
        # Bea's window at the end of the game: the score says Play again.
        app.stack.push(Scene(app))  # the waiting screen, which open_table_scene replaces
        assert open_table_scene(app, bea)
        table = top(app, TableScene)
        wait_for(lambda: frames(app) and isinstance(app.stack.top, ScoreScene), what="score")
        score = top(app, ScoreScene)
        labels = [b.text() for b in score.buttons]
        assert labels[0] == "Play again", labels
        score.buttons[0].action()
        dialog = top(app, RematchDialog)
        assert dialog.message == "Waiting for Ada to deal a new game…"
        i18n.set_language("fr")
        frames(app)
        shoot(app, shots, "rematch_wait_fr.png")
        i18n.set_language("en")
        host.play_again()  # the host's Play again
        wait_for(
            lambda: frames(app) and isinstance(app.stack.top, TableScene),
            what="the new table",
        )
        again = top(app, TableScene)
        assert again is not table and again.source is bea
        assert again.view.phase is Phase.PASS and again.view.totals == (0, 0, 0, 0)
        assert bea.status is Status.SEATED and (host.seat, bea.seat) == seats
        frames(app, 5)
        shoot(app, shots, "rematch_dealt.png")
        bea.close()
        host.close()


def test_only_the_host_deals_again_and_only_after_the_game() -> None:
    with serving() as server:
        host, bea = dealt_to_bea(server.address, Rules(target=1))
        host.play_again()  # not over yet: refused, nothing changes
        bea.play_again()  # not the host
        wait_for(lambda: any("not over" in str(u) for u in host.poll()), what="refusal")
        # Bea's refusal travels on her own connection: it may come after the host's.
        wait_for(lambda: any("Only the host" in str(u) for u in bea.poll()), what="not the host")
        host.close()
        bea.close()
