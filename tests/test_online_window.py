"""The table scene plays a hand of an online table: the window's seat is a RemoteTable on a
real websocket server over loopback, with a friend (another RemoteTable, played by a script)
and two computer players. The hand is clicked through the window as a person would; the score
the window shows is the one the server's engine made, and the friend's client agrees."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time
from pathlib import Path

import pygame
import pytest

from game.engine.hand import Phase
from game.engine.players import RandomPlayer
from game.engine.rules import Rules
from game.net.client import RemoteTable
from scenes.core.app import App
from scenes.table.score import ScoreScene
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.net import play_friend, serving, wait_for
from tests.helpers.window import FRAME, click, point_on_card, shoot

pytestmark = pytest.mark.app(speed="instant")


def test_a_hand_of_an_online_table_clicked_through_the_window(app: App, shots: Path) -> None:
    with serving() as server:
        host = RemoteTable.host(server.address, "Ada", Rules(), level="easy")
        assert host.wait_seated()
        friend = RemoteTable.join(server.address, host.code, "Bea")
        assert friend.wait_seated()
        host.start()
        wait_for(host.has_view, what="the deal")
        table = TableScene(app, host)
        app.show_table(table)
        friend_player, friend_done = RandomPlayer(seed=5), set[tuple[int, ...]]()
        passed = played = 0
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            play_friend(friend, friend_player, friend_done)
            app.stack.update(FRAME)
            app.stack.draw(app.screen)
            top = app.stack.top
            if isinstance(top, ScoreScene):
                break
            if isinstance(top, ChoiceDialog):
                top.buttons[0].action()
            elif table.human_to_pass():
                for index in range(3):
                    click(app, point_on_card(table, index))
                app.stack.handle_event(
                    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")
                )
                passed += 1
            elif table.human_to_play():
                legal = table.legal_cards()
                index = next(i for i, c in enumerate(table.model.hand) if legal >> c & 1)
                click(app, point_on_card(table, index))
                played += 1
            time.sleep(0.001)
        else:
            raise AssertionError("the online hand did not end in the window")
        assert passed == 1 and played == 13
        seen = host.view()
        assert seen.phase is Phase.HAND_OVER and seen.hand_scores is not None
        assert sum(seen.hand_scores) in (26, 78)  # a hand holds 26 points (78 after a moon)
        wait_for(lambda: (friend.poll(), friend.view().phase is Phase.HAND_OVER)[1], what="friend")
        assert friend.view().hand_scores == seen.hand_scores  # both clients got the server's
        shown = [c.text for c in top.cells() if c.bold and c.row > 0 and c.column >= 0]
        assert shown == [str(t) for t in seen.totals]
        shoot(app, shots, "online_table_score.png")
        friend.close()
        host.close()
