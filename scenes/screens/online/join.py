"""Join: a table heard on the network, or an address and a code."""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Final

from game.net import protocol as p
from game.net.client import Address, Problem, RemoteTable, Status
from game.net.seat_book import SeatBook
from scenes.core.i18n import N_, _
from scenes.core.pacing import wake
from scenes.records.history import rules_summary
from scenes.screens.online.rows import InfoRow, MessageRow, found_row
from scenes.screens.online.seats import (
    Network,
    forget_seat,
    keep_seat,
    parse_address,
    problem_text,
)
from scenes.screens.online.waiting import WaitingScene
from scenes.ui.widgets import ActionRow, Row, TextRow

if TYPE_CHECKING:
    from game.net.discovery import Browser, TableAdvert
    from scenes.screens.online.seats import OnlineServices

HELD_AFTER: Final = 1.0  # connected this long without a welcome: the table holds newcomers


class JoinScene(WaitingScene):
    """Join: a table heard on the network, or an address and a code."""

    def __init__(self, app: OnlineServices) -> None:
        self.name = app.prefs.name(0)
        self.address = ""
        self.code = ""
        self.browser: Browser | None = None
        self.found = found_row(self._found)
        self.rejoining = False  # joining with a seat token kept in the profile
        self.kept: str | None = None  # the token kept in the profile
        self.held_for = 0.0  # seconds connected without a seat yet (a hand is under way)
        super().__init__(app)

    def title(self) -> str:
        return _("Join a table")

    def enter(self) -> None:
        from zeroconf import InterfaceChoice

        from game.net.discovery import Browser

        try:
            self.browser = Browser(interfaces=Network.interfaces or InterfaceChoice.All)
        except OSError:  # no multicast on this network: typing the address still works
            self.browser = None

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def message(self) -> str:
        table = self.table
        if table is not None and self.held_for > HELD_AFTER:
            # The server holds a newcomer while a hand is under way.
            return _("Connected: you sit down at the next deal…")
        seated = table is not None and table.status is Status.SEATED
        return self.status or (_("Waiting for the host to deal…") if seated else "")

    def _found(self) -> list[TableAdvert]:
        if self.browser is None:
            return []
        return self.browser.tables()  # tables, and servers where one types a code

    def rows(self) -> list[Row]:
        table = self.table
        if table is not None and table.status is Status.SEATED:
            return [
                InfoRow(N_("Table code"), lambda: table.code),
                InfoRow(N_("Rules"), lambda: rules_summary(table.rules.to_dict())),
                *self.seat_rows(),
                MessageRow(),
                ActionRow(N_("Leave the table"), self.back),
            ]
        return [
            TextRow(N_("Your name"), lambda: self.name, self._set_name, max_length=24),
            self.found,
            TextRow(N_("Address"), lambda: self.address, self._set_address, max_length=60),
            TextRow(N_("Table code"), lambda: self.code, self._set_code, max_length=12),
            ActionRow(N_("Join"), self.join),
            MessageRow(),
            ActionRow(N_("Back"), self.back),
        ]

    def _set_address(self, text: str) -> None:
        self.address = text.strip()
        if self.address:  # typing an address chooses it over the tables heard, now and later
            self.found.choose_typed()

    def _set_code(self, text: str) -> None:
        self.code = "".join(c for c in text.upper() if c in p.CODE_ALPHABET)

    def join(self) -> None:
        name = " ".join(self.name.split())
        if not name:
            self.status = _("Type your name first")
            return
        chosen = self.found.chosen()
        if chosen is not None:
            address = Address(chosen.address, chosen.port, chosen.secure)
            code = chosen.code or self.code
            if not code:
                self.status = _("Type the table's code")
                return
        else:
            parsed = parse_address(self.address)
            if parsed is None:
                self.status = _("Type the host's address, like 192.168.1.20:8765")
                return
            if not self.code:
                self.status = _("Type the table's code")
                return
            address, code = parsed, self.code
        try:
            kept = SeatBook(self.app.profile).find(address.host, address.port, code)
        except (sqlite3.Error, OSError):
            kept = None
        token = kept.token if kept is not None else None
        name = kept.name if kept is not None else name  # the seat's own name
        self.rejoining = kept is not None
        self.table = _join(address, code, name, token)
        self.status = _("Taking your seat back…") if kept else _("Connecting…")

    def update(self, dt: float) -> None:
        table = self.table
        if table is not None and table.status is Status.OVER:
            self.status = problem_text(table)
            if self.rejoining and table.problem in (Problem.WRONG_CODE, Problem.REFUSED):
                forget_seat(self.app, table.address, table.code or self.code)
                self.status += " " + _("(the seat kept for you there is forgotten)")
            self.table = None
            self._seated_rows = False
            self.rebuild()
            return
        if table is not None and table.status is Status.SEATED and table.token != self.kept:
            self.kept = table.token
            keep_seat(self.app, table)
        held = table is not None and table.status is Status.CONNECTING and table.connected
        self.held_for = self.held_for + dt if held else 0.0
        super().update(dt)

    def back(self) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None
        super().back()


def _join(address: Address, code: str, name: str, token: str | None) -> RemoteTable:
    """The seat at ``code``; the host's own, coming back to a table this window still serves
    (it went on while they were away), with the server attached as when they opened it."""
    from game.net.hosting import LOOPBACK, HostedTable, lingering_server

    server = lingering_server(address.port) if address.host == LOOPBACK else None
    if server is None or token is None:
        return RemoteTable.join(address, code, name, token=token, on_news=wake)
    table = HostedTable.join(address, code, name, token=token, on_news=wake)
    assert isinstance(table, HostedTable)  # join() builds the class it is called on
    table.server = server
    return table
