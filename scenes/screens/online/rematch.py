"""Play again at the same table (issue 40): at the end of an online game the host deals a new
one to the same people in the same seats; every window waits in a small dialog for the new
deal, then opens a fresh table scene on the same seat (the connection is kept)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.hand import Phase
from game.net.client import RemoteTable, Status
from scenes.core.i18n import N_, _
from scenes.ui.dialogs import ChoiceDialog

if TYPE_CHECKING:
    from scenes.table.table_scene import TableServices


class RematchDialog(ChoiceDialog):
    """Waiting for the new game's deal (the host asked for it; a friend waits for the host)."""

    def __init__(self, app: TableServices, source: RemoteTable) -> None:
        host = source.names[source.host_seat] if source.host_seat < len(source.names) else ""
        message = (
            _("Dealing a new game…")
            if source.is_host
            else _("Waiting for {name} to deal a new game…").format(name=host)
        )
        super().__init__(app, _("Play again"), message, [(N_("Back to the menu"), app.to_menu)])
        self.online = app
        self.source = source
        if source.is_host:
            source.play_again()

    def update(self, dt: float) -> None:
        super().update(dt)
        source = self.source
        if source.status is Status.OVER:
            self.message = _(source.problem.value) if source.problem is not None else ""
            return
        if source.has_view() and source.view().phase is not Phase.GAME_OVER:
            from scenes.table.table_scene import TableScene

            source.hand_on()  # the old table scene's closing must not leave the table
            table = TableScene(self.online, source)  # type: ignore[arg-type,unused-ignore]
            table.on_new_game = lambda: self.online.stack.push(RematchDialog(self.online, source))
            self.online.show_table(table)
