"""Create a table on a dedicated server: its address, New game's rules, the computer players'
level; the creator deals, as a host does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.net.client import RemoteTable, Status
from scenes.core.i18n import N_, _
from scenes.core.pacing import wake
from scenes.screens.online.own_table import OwnTableScene
from scenes.screens.online.rows import InfoRow
from scenes.screens.online.seats import keep_seat, parse_address, problem_text
from scenes.ui.widgets import ActionRow, Row, TextRow

if TYPE_CHECKING:
    from scenes.screens.online.seats import OnlineServices


class CreateScene(OwnTableScene):
    """Create a table on a dedicated server (``python -m game.net.server``, here or on the
    internet): its address, the rules of New game and the computer players' level; the table
    is then the player's to deal, and friends join it with its code."""

    def __init__(self, app: OnlineServices) -> None:
        self.name = app.prefs.name(0)
        self.address = ""
        self.level = "medium"
        self.kept: str | None = None
        super().__init__(app)

    def title(self) -> str:
        return _("Create a table on a server")

    def rows(self) -> list[Row]:
        return self.own_rows(
            [
                TextRow(
                    N_("Server address"), lambda: self.address, self._set_address, max_length=60
                ),
                InfoRow(N_("Rules"), self._rules_text),
            ],
            ActionRow(N_("Create the table"), self.create),
            InfoRow(N_("Server address"), lambda: self.address),
            N_("Leave the table"),
        )

    def message(self) -> str:
        seated = self.table is not None and self.table.status is Status.SEATED
        hint = _("Friends join with the code and the server's address") if seated else ""
        return self.status or hint

    def _set_address(self, text: str) -> None:
        self.address = text.strip()

    def create(self) -> None:
        name = " ".join(self.name.split())
        if not name:
            self.status = _("Type your name first")
            return
        address = parse_address(self.address)
        if address is None:
            self.status = _("Type the server's address, like example.org:8765")
            return
        rules = self.app.prefs.new_game.rules()  # the rules chosen in New game
        self.table = RemoteTable.host(
            address, name, rules, level=self.level, turn_seconds=self.turn_seconds, on_news=wake
        )
        self.status = _("Connecting…")

    def update(self, dt: float) -> None:
        table = self.table
        if table is not None and table.status is Status.OVER:
            self.status = problem_text(table)
            self.table = None
            self._seated_rows = False
            self.rebuild()
            return
        if table is not None and table.status is Status.SEATED and table.token != self.kept:
            self.kept = table.token
            keep_seat(self.app, table)
        super().update(dt)

    def back(self) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None
        super().back()
