"""Menu > Online table: host, join, create a table on a server, or go back to a seat kept."""

from __future__ import annotations

import functools
import sqlite3
from typing import TYPE_CHECKING

from game.net.client import table_gone
from game.net.seat_book import SavedSeat, SeatBook
from scenes.core.i18n import N_, _
from scenes.screens.online.create import CreateScene
from scenes.screens.online.host import HostScene
from scenes.screens.online.join import JoinScene
from scenes.ui.form_scene import FormScene
from scenes.ui.widgets import ActionRow, Row

if TYPE_CHECKING:
    from scenes.screens.online.seats import OnlineServices


def kept_seat(app: OnlineServices) -> SavedSeat | None:
    """The newest seat kept at a table not known to be gone (those are forgotten: Back to
    table would only fail, issue 40)."""
    try:
        book = SeatBook(app.profile)
        for seat in book.seats():
            if not table_gone(seat.host, seat.port, seat.code):
                return seat
            book.forget(seat.host, seat.port, seat.code)
    except (sqlite3.Error, OSError):
        pass
    return None


def hosted_seat(app: OnlineServices) -> SavedSeat | None:
    """The host's seat at a table this window still serves after its host left it for the
    menu (the table goes on, a computer in the seat), if any: the main menu offers it. (The
    newest seat kept only: a host who sat at another table since finds theirs under Online
    table.)"""
    from game.net.hosting import LOOPBACK, lingering_server

    seat = kept_seat(app)
    if seat is None or seat.host != LOOPBACK:
        return None
    return seat if lingering_server(seat.port) is not None else None


def back_to_hosted_table(app: OnlineServices) -> None:
    """Menu > Back to the online table: the host sits down again, as Online table's "Back to
    table ..." does (Back from the table's screens leads to Online table)."""
    seat = hosted_seat(app)
    online = OnlineScene(app)
    app.stack.push(online)
    if seat is not None:
        online.take_back(seat)


class OnlineScene(FormScene):
    app: OnlineServices
    window_width = 520
    label_width = 0.0

    def _kept_seat(self) -> SavedSeat | None:
        return kept_seat(self.app)

    def resume(self) -> None:
        super().resume()
        self.rebuild()  # a seat kept or forgotten meanwhile

    def take_back(self, seat: SavedSeat) -> None:
        """Join the table of a seat kept in the profile, with its token."""
        join = JoinScene(self.app)
        join.name, join.code = seat.name, seat.code
        host = f"[{seat.host}]" if ":" in seat.host else seat.host
        join._set_address(f"{host}:{seat.port}")
        self.app.stack.push(join)
        join.join()

    def title(self) -> str:
        return _("Online table")

    def rows(self) -> list[Row]:
        kept: list[Row] = []
        seat = self._kept_seat()
        if seat is not None:  # the window was closed at a table: its seat is kept
            label = _("Back to table {code} as {name}").format(code=seat.code, name=seat.name)
            kept.append(ActionRow(label, functools.partial(self.take_back, seat)))
        return [
            *kept,
            ActionRow(N_("Host a table"), lambda: self.app.stack.push(HostScene(self.app))),
            ActionRow(N_("Join a table"), lambda: self.app.stack.push(JoinScene(self.app))),
            ActionRow(
                N_("Create a table on a server"),
                lambda: self.app.stack.push(CreateScene(self.app)),
            ),
            ActionRow(N_("Back"), self.back),
        ]
