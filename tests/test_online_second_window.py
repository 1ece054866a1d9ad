"""A second window on the host's profile takes the host's seat while the host is away.

The host left a dealt table for now (Menu > Leave for now: the table goes on, the computer
plays the host's seat, the window keeps serving it). A second copy of the game on the same
profile has the seat's token in its profile, and offers "Back to table … as Ada": it takes
the seat (as a plain seat: the server lives in the first window's process, not its own) and
plays it; the first window then comes back to its own table, as its host, and the second is
told that another window took the seat. The friend stays seated throughout.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from game.engine.hand import Phase
from game.engine.players import RandomPlayer
from game.net import hosting
from game.net.client import Problem, RemoteTable, Status
from game.net.hosting import HostedTable
from scenes.core.app import App, Options
from scenes.screens.menu import MenuScene
from scenes.screens.online.seats import Network
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from scenes.ui.widgets import ActionRow
from tests.helpers.net import LOOPBACK, act, wait_for
from tests.helpers.online_forms import host_and_deal, open_online, seat_kinds
from tests.helpers.window import after_frame, frames, top


def _leave_for_now(app: App) -> None:
    table = top(app, TableScene)
    table.menu_button.action()
    frames(app)
    dialog = top(app, ChoiceDialog)
    [leave] = [b for b in dialog.buttons if b.label == "Leave for now"]
    leave.action()
    top(app, MenuScene)


def _back_to_table(app: App, code: str) -> TableScene:
    """Menu > Online table > Back to table ``code`` as Ada, until the table is shown."""
    online = open_online(app)
    first = online.form.rows[0]
    assert isinstance(first, ActionRow) and first.label == f"Back to table {code} as Ada"
    first.activate()
    wait_for(lambda: after_frame(app, lambda: isinstance(app.stack.top, TableScene)), what="back")
    return top(app, TableScene)


@pytest.mark.parametrize("second_leaves", [False, True], ids=["taken-back", "second-leaves"])
def test_a_second_window_takes_the_away_hosts_seat_and_gives_it_back(
    app: App, profile_folder: Path, monkeypatch: pytest.MonkeyPatch, second_leaves: bool
) -> None:
    monkeypatch.setattr(Network, "listen", LOOPBACK)
    monkeypatch.setattr(Network, "interfaces", [LOOPBACK])
    bea = host_and_deal(app)
    second: App | None = None
    try:
        code = bea.code
        _leave_for_now(app)
        wait_for(lambda: seat_kinds(bea)[0] == "away", what="the computer in the host's seat")
        # The second window is another process: the first's lingering server is not its own.
        lingering = hosting.lingering_server
        monkeypatch.setattr(hosting, "lingering_server", lambda port: None)
        second = App(Options(profile=profile_folder, size=(1280, 800), lang="en"))
        second.start()
        taken = _back_to_table(second, code)
        source = taken.source
        assert isinstance(source, RemoteTable) and not isinstance(source, HostedTable)
        assert source.seat == 0 and source.is_host and not source.serves_table
        wait_for(lambda: seat_kinds(bea)[0] == "remote", what="a person in the host's seat")
        # The second window plays the seat: its pass (or card) is taken by the table.
        bea_player, bea_done = RandomPlayer("bea"), set[tuple[object, ...]]()

        def second_to_act() -> bool:
            act(bea, bea_player, bea_done)  # Bea plays on, at her window
            return after_frame(second, lambda: taken.human_to_pass() or taken.human_to_play())

        wait_for(second_to_act, 20, what="the second window's turn")
        before = taken.view.passed, taken.view.hand
        if taken.human_to_pass():
            taken.hand.selected = set(taken.model.hand[:3])
            taken.confirm_pass()
            passed = lambda: bool(taken.view.passed) or taken.view.phase is not Phase.PASS  # noqa: E731
            wait_for(lambda: after_frame(second, passed), what="the pass taken")
        else:
            legal = taken.legal_cards()
            taken.play_card(next(c for c in taken.model.hand if legal >> c & 1))
            wait_for(
                lambda: after_frame(second, lambda: len(taken.model.hand) < 13),
                what="the card taken",
            )
        assert (taken.view.passed, taken.view.hand) != before
        assert source.status is Status.SEATED and bea.status is Status.SEATED
        if second_leaves:  # its Menu: no question (it does not serve the table), it goes
            taken.menu_button.action()
            frames(second)
            top(second, MenuScene)
            wait_for(lambda: seat_kinds(bea)[0] == "away", what="the computer in the seat again")
        # The first window comes back to its own table, as its host (it serves it).
        monkeypatch.setattr(hosting, "lingering_server", lingering)
        back = _back_to_table(app, code)
        assert isinstance(back.source, HostedTable) and back.source.serves_table
        if not second_leaves:
            wait_for(lambda: source.status is Status.OVER, what="the second window told")
            assert source.problem is Problem.TAKEN_OVER
            frames(second, 3)
        wait_for(lambda: seat_kinds(bea)[0] == "remote", what="the host back in the seat")
        assert bea.status is Status.SEATED
        # The table is the host's again: ending it ends it for everyone.
        back.source.end_table()
        back.source.close()
        wait_for(lambda: bea.status is Status.OVER, what="the table ended")
        assert bea.problem is Problem.HOST_LEFT
    finally:
        bea.close()
        if second is not None:
            second.stack.reset()
            second.profile.close()


def test_a_newcomer_sits_at_the_next_deal_while_the_host_is_away(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second client with a name of its own, while the host is away: held while the hand is
    played, seated in a computer's seat once it is over, and the next hand is dealt without the
    host (the computer playing the host's seat does not hold it up); the host's name stays
    the host's."""
    monkeypatch.setattr(Network, "listen", LOOPBACK)
    monkeypatch.setattr(Network, "interfaces", [LOOPBACK])
    bea = host_and_deal(app)
    cy: RemoteTable | None = None
    try:
        _leave_for_now(app)
        wait_for(lambda: seat_kinds(bea)[0] == "away", what="the computer in the host's seat")
        ada = RemoteTable.join(bea.address, bea.code, "Ada")
        wait_for(lambda: ada.status is Status.OVER, what="the host's name refused")
        assert ada.problem is Problem.REFUSED
        cy = RemoteTable.join(bea.address, bea.code, "Cy")
        player, done = RandomPlayer("bea"), set[tuple[object, ...]]()

        def cy_seated() -> bool:
            act(bea, player, done)
            frames(app)
            return cy is not None and cy.status is Status.SEATED

        wait_for(cy_seated, 60, what="Cy seated once the hand is over")
        assert cy.seat not in (0, bea.seat) and cy.has_view()
        assert cy.view().phase is Phase.HAND_OVER  # never a hand half played
        cy_player, cy_done = RandomPlayer("cy"), set[tuple[object, ...]]()

        def dealt_again() -> bool:
            assert cy is not None
            act(bea, player, done)
            act(cy, cy_player, cy_done)
            frames(app)
            return cy.has_view() and cy.view().hand_number == 1

        wait_for(dealt_again, 30, what="the next deal, the host away")
        assert seat_kinds(bea)[0] == "away" and bea.names[0] == "Ada"
    finally:
        bea.close()
        if cy is not None:
            cy.close()
