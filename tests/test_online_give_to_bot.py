"""The host of an online table hands an idle friend's seat to a computer player from the table:
a button by the friend's name plate (only the host sees it, only for a person's seat). The
friend here never plays: without the button the hand would wait for them forever; after the
click the server's bot plays their seat and the host clicks the hand through to its score."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time
from pathlib import Path

import pytest

from game.engine.hand import Phase
from game.engine.rules import Rules
from game.net.client import RemoteTable
from scenes.core import i18n
from scenes.core.app import App
from scenes.table.score import ScoreScene
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.net import serving, wait_for
from tests.helpers.window import FRAME, click, point_on_card, shoot

pytestmark = pytest.mark.app(speed="instant")


def frame(app: App) -> None:
    app.stack.update(FRAME)
    app.stack.draw(app.screen)


def framed(app: App) -> bool:
    """One frame, for a condition waited on."""
    frame(app)
    return True


def test_the_host_gives_an_idle_friends_seat_to_the_computer(app: App, shots: Path) -> None:
    with serving() as server:
        host = RemoteTable.host(server.address, "Ada", Rules(), level="easy")
        assert host.wait_seated()
        friend = RemoteTable.join(server.address, host.code, "Bea")
        assert friend.wait_seated()
        host.start()
        wait_for(host.has_view, what="the deal")
        wait_for(friend.has_view, what="the friend's deal")
        table = TableScene(app, host)
        app.show_table(table)
        frame(app)
        seat = friend.seat
        buttons = [b for b in table.bot_buttons if b.visible]
        assert buttons == [table.bot_buttons[seat]], "one button, under the friend's plate"
        button = buttons[0]
        plate = table.layout.place(seat, table.bottom).plate
        near = plate.inflate(4 * table.layout.margin, 4 * table.layout.margin)
        assert near.colliderect(button.rect) and not button.rect.colliderect(plate)
        assert button.text() == "Give to computer"  # an action, not a status
        i18n.set_language("fr")
        assert button.text() == "Céder à l'ordinateur"
        i18n.set_language("en")
        # The friend's own window shows no such button (they do not host).
        friend_table = TableScene(app, friend)
        assert not any(friend_table.may_give_to_bot(s) for s in range(4))
        assert table.may_give_to_bot(seat) and not table.may_give_to_bot(table.bottom)
        app.stack.draw(app.screen)
        shoot(app, shots, "online_give_to_bot.png")

        click(app, button.rect.center)
        for _i in range(2000):
            frame(app)
            if host.kinds[seat] == "away":
                break
            time.sleep(0.002)
        assert host.kinds[seat] == "away", "the server did not seat a bot for Bea"
        frame(app)
        # The seat stays Bea's (away): the host's button now frees it (issue 40, defect 4).
        assert [b for b in table.bot_buttons if b.visible] == [button]
        assert button.text() == "Free the seat"

        # The friend never moves; the hand still ends, the bot playing their seat.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            frame(app)
            top = app.stack.top
            if isinstance(top, ScoreScene):
                break
            if isinstance(top, ChoiceDialog):
                top.buttons[0].action()
            elif table.human_to_pass():
                for index in range(3):
                    click(app, point_on_card(table, index))
                table.confirm_pass()
            elif table.human_to_play():
                legal = table.legal_cards()
                index = next(i for i, c in enumerate(table.model.hand) if legal >> c & 1)
                click(app, point_on_card(table, index))
            time.sleep(0.001)
        else:
            raise AssertionError("the hand stalled on the idle friend's seat")
        seen = host.view()
        assert seen.phase is Phase.HAND_OVER and seen.hand_scores is not None
        assert sum(seen.hand_scores) in (26, 78)
        friend.close()
        host.close()


def test_the_host_frees_a_departed_friends_seat(app: App, shots: Path) -> None:
    """Issue 40, defect 4: a friend who left keeps the seat (away); the host's button frees
    it, and the friend without a token (another profile) is then let in, not refused."""
    with serving() as server:
        host = RemoteTable.host(server.address, "Ada", Rules(), level="easy")
        assert host.wait_seated()
        friend = RemoteTable.join(server.address, host.code, "Bea")
        assert friend.wait_seated()
        seat = friend.seat
        host.start()
        wait_for(host.has_view, what="the deal")
        table = TableScene(app, host)
        app.show_table(table)
        friend.close()  # Bea's window goes away
        wait_for(lambda: framed(app) and host.kinds[seat] == "away", what="Bea away")
        frame(app)
        button = table.bot_buttons[seat]
        assert button.visible and button.text() == "Free the seat"
        # Bea on another profile (no token): told the seat is kept for her, not a bare no.
        other = RemoteTable.join(server.address, host.code, "bea")
        assert not other.wait_seated()
        assert "kept for its owner" in other.problem_detail
        shoot(app, shots, "online_free_seat.png")
        click(app, button.rect.center)
        wait_for(lambda: framed(app) and host.kinds[seat] == "bot", what="the seat freed")
        assert host.names[seat] != "Bea" and not button.visible
        # Now Bea without a token is let in (held for the next deal, not refused).
        again = RemoteTable.join(server.address, host.code, "Bea")
        wait_for(lambda: again.connected or again.problem is not None, what="Bea let in")
        time.sleep(0.5)  # and not refused a moment later
        assert again.connected and again.problem is None
        again.close()
        host.close()
