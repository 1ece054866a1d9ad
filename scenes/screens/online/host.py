"""Host: a table server here; friends join with the code; bots fill the empty seats."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.net.client import Address, Status
from game.net.table_server import DEFAULT_PORT
from scenes.core.i18n import N_, _
from scenes.core.pacing import wake
from scenes.screens.online.own_table import OwnTableScene
from scenes.screens.online.rows import InfoRow
from scenes.screens.online.seats import Network, forget_seat, keep_seat, problem_text
from scenes.ui.widgets import ActionRow, Row, TextRow

if TYPE_CHECKING:
    from game.net.hosting import HostedServer
    from scenes.screens.online.seats import OnlineServices


class HostScene(OwnTableScene):
    """Host: a table server here; friends join with the code; bots fill the empty seats."""

    def __init__(self, app: OnlineServices) -> None:
        self.name = app.prefs.name(0)
        self.port = str(DEFAULT_PORT)
        self.level = "medium"
        self.server: HostedServer | None = None
        self.kept: str | None = None  # the seat token kept in the profile
        super().__init__(app)

    def title(self) -> str:
        return _("Host a table")

    def rows(self) -> list[Row]:
        return self.own_rows(
            [TextRow(N_("Port"), lambda: self.port, self._set_port, max_length=5)],
            ActionRow(N_("Open the table"), self.open_table),
            InfoRow(N_("Address"), self._address_text),
            N_("Close the table"),
        )

    def _address_text(self) -> str:
        port = self.server.port if self.server is not None else 0
        addresses = self.server.addresses() if self.server is not None else []
        return f"{addresses[0]}:{port}" if addresses else ""

    def message(self) -> str:
        seated = self.table is not None and self.table.status is Status.SEATED
        hint = _("Friends join with the code and this address") if seated else ""
        return self.status or hint

    def _set_port(self, text: str) -> None:
        self.port = "".join(c for c in text if c.isdigit())

    def open_table(self) -> None:
        from game.net.hosting import HostedServer

        name = " ".join(self.name.split())
        if not name:
            self.status = _("Type your name first")
            return
        if not self.port.isdigit() or not 1 <= int(self.port) <= 65535:
            self.status = _("The port is a number from 1 to 65535")
            return
        self.server = HostedServer(
            int(self.port), listen=Network.listen, interfaces=Network.interfaces
        )
        if not self.server.start():
            self.status = self._why_not(self.server)
            self.server = None
            return
        rules = self.app.prefs.new_game.rules()  # the rules chosen in New game
        from game.net.hosting import LOOPBACK, HostedTable

        table = HostedTable.host(
            Address(LOOPBACK, self.server.port),
            name,
            rules,
            level=self.level,
            turn_seconds=self.turn_seconds,
            on_news=wake,
        )
        assert isinstance(table, HostedTable)  # host() builds the class it is called on
        table.server = self.server  # leaving the table (even from the table scene) closes it
        self.table = table
        self.status = _("Opening the table…")

    def _why_not(self, server: HostedServer) -> str:
        """Why the table could not open, in a sentence (a port in use is the usual case; the
        system's own words were long and cut after two lines)."""
        if server.port_in_use:
            return _("Port {port} is in use (another table or program): choose another").format(
                port=self.port
            )
        return _("The table cannot open: {why}").format(why=server.error)

    def update(self, dt: float) -> None:
        table = self.table
        if table is not None and table.status is Status.OVER:
            self.status = problem_text(table)
            self.table = None
            self._stop_server()
            self._seated_rows = False
            self.rebuild()
            return
        if table is not None and table.status is Status.SEATED and table.token != self.kept:
            self.kept = table.token  # a host who leaves the dealt table may come back
            keep_seat(self.app, table)
        super().update(dt)

    def _stop_server(self) -> None:
        if self.server is not None:
            self.server.stop(wait=0.5)
            self.server = None

    def back(self) -> None:
        if self.table is not None:
            self.table.close()  # before the deal: the table closes, its seat is gone
            forget_seat(self.app, self.table.address, self.table.code)
            self.table = None
        self._stop_server()
        super().back()
