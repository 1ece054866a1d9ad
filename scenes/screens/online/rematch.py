"""Play again at the same table, and Try again after a lost connection (issue 40).

At the end of an online game the host deals a new one to the same people in the same seats;
every window waits in a small dialog for the new deal, then opens a fresh table scene on the
same seat (the connection is kept). A connection lost for good (a server frozen for a minute)
is tried again the same way: a new connection with the seat token, then a fresh table."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.hand import Phase
from game.net.client import RemoteTable, Status
from scenes.core.i18n import N_, _
from scenes.ui.dialogs import ChoiceDialog

if TYPE_CHECKING:
    from typing import Protocol

    from scenes.core.scene import Scene
    from scenes.core.services import Storage
    from scenes.table.table_scene import TableScene, TableServices

    class OnlineServices(TableServices, Storage, Protocol):
        """The table's services and the profile (the finished game kept in History)."""


class RematchDialog(ChoiceDialog):
    """Waiting for the new game's deal (the host asked for it; a friend waits for the host)."""

    def __init__(self, app: OnlineServices, source: RemoteTable) -> None:
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
            source.hand_on()  # the old table scene's closing must not leave the table
            self.online.show_table(online_table(self.online, source))


class RejoinDialog(ChoiceDialog):
    """Taking the seat again, with its token, after the connection was lost for good."""

    def __init__(self, app: OnlineServices, lost: RemoteTable) -> None:
        super().__init__(
            app,
            _("Try again"),
            _("Taking your seat back…"),
            [(N_("Back to the menu"), self.give_up)],
        )
        self.online = app
        self.source = RemoteTable.join(
            lost.address, lost.code, lost.name, token=lost.token, on_news=lost.on_news
        )

    def update(self, dt: float) -> None:
        super().update(dt)
        source = self.source
        if source.status is Status.OVER:
            self.message = _(source.problem.value) if source.problem is not None else ""
        elif source.status is Status.SEATED and source.has_view():
            self.online.show_table(online_table(self.online, source))

    def give_up(self) -> None:
        self.source.close()
        self.online.to_menu()


_KEPT: set[tuple[str, int, int, tuple[int, ...]]] = set()
"""The online games this window kept in the History (a table scene opened again on the same
finished game never keeps it twice)."""


def game_over_screen(app: OnlineServices, source: RemoteTable) -> Callable[[TableScene], Scene]:
    """At the end of an online game: keep it in the History (issue 40), then the score."""

    def screen(table: TableScene) -> Scene:
        from scenes.screens.online.kept_online import online_game, record_online_game
        from scenes.table.score import ScoreScene

        view = table.view
        key = (source.code, source.seat, len(view.history), tuple(view.totals))
        if key not in _KEPT:
            _KEPT.add(key)
            names, kinds = source.names, source.kinds
            game = online_game(view, source.rules, source.seat, names, kinds, source.level)
            record_online_game(app.profile, game)
        return ScoreScene(app, table, extra_hand=table.extra_hand)

    return screen


def online_table(app: OnlineServices, source: RemoteTable) -> TableScene:
    """A table scene on an online seat, with Play again and Try again; the finished game is
    kept in the History."""
    from scenes.table.table_scene import TableScene

    table = TableScene(app, source)  # type: ignore[arg-type,unused-ignore]
    table.result = game_over_screen(app, source)
    table.on_new_game = lambda: app.stack.push(RematchDialog(app, source))
    table.news.retry = lambda: app.stack.push(RejoinDialog(app, source))
    return table
