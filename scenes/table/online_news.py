"""What the table scene tells about a table played elsewhere: a person leaving or coming back,
the seat handed to a computer player, and the table gone (the host left, the server stopped,
the connection lost for good). A gone table is said in a dialog with the scores so far that
goes back to the menu, so the table never sits there looking live."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, Protocol

from game.engine.hand import Phase
from game.engine.source import HostControls, SeatChanged, TableSource
from scenes.core.i18n import N_, _, server_sentence
from scenes.core.scene import Navigation
from scenes.ui.dialogs import ChoiceDialog

if TYPE_CHECKING:
    from game.engine.view import SeatView


def scores_so_far(view: SeatView, names: Sequence[str]) -> str:
    """Each seat's total, with the points it took in the hand that was stopped.

    The totals and the points come from the seat's view (the engine's count), never recounted.
    """
    taken = view.points_taken() if view.hand_scores is None else [0] * len(view.totals)
    parts = []
    for seat, total in enumerate(view.totals):
        name = names[seat] if seat < len(names) else "?"
        if taken[seat]:
            parts.append(
                _("{name} {total} (+{points} this hand)").format(
                    name=name, total=total, points=taken[seat]
                )
            )
        else:
            parts.append(f"{name} {total}")
    return " · ".join(parts)


def table_closed_dialog(
    app: Navigation,
    reason: str,
    view: SeatView,
    names: Sequence[str],
    *,
    to_menu: Callable[[], None],
    stay: Callable[[], None],
    retry: Callable[[], None] | None = None,
) -> ChoiceDialog:
    """The dialog shown once when the table is gone; Enter goes back to the menu (or tries
    again, when offered). A
    connection lost for good (a server frozen a minute) may come back: ``retry`` offers to
    take the seat again."""
    message = _("Scores so far: {scores}").format(scores=scores_so_far(view, names))
    choices = [(N_("Back to the menu"), to_menu), (N_("Look at the table"), stay)]
    if retry is not None:
        choices.insert(0, (N_("Try again"), retry))
    dialog = ChoiceDialog(app, server_sentence(reason), message, choices, cancel=stay)
    dialog.focus = 0
    return dialog


def seat_given_dialog(app: Navigation, source: TableSource) -> ChoiceDialog:
    """The host gave this seat to a computer player: take it back, watch, or leave."""
    choices = [(N_("Watch the table"), lambda: None), (N_("Back to the menu"), app.to_menu)]
    if isinstance(source, HostControls):  # a seat at a shared table: its owner may take it back
        choices.insert(0, (N_("Take my seat back"), source.take_back))
    return ChoiceDialog(
        app,
        _("The host gave your seat to the computer"),
        _("The computer plays for you now. Your seat stays yours until the host frees it."),
        choices,
        cancel=lambda: None,  # Esc: watch the table
    )


def leave_hosted_dialog(
    app: Navigation, source: HostControls, leave: Callable[[], None]
) -> ChoiceDialog:
    """The host's Menu at a dealt table this window serves: stay, leave for now (the table
    goes on, the computer plays the host's seat), or end the table for everyone."""

    def end() -> None:
        source.end_table()
        leave()

    code = source.code
    return ChoiceDialog(
        app,
        _("Leave the table?"),
        _("Table code: {code} (friends join with it).").format(code=code)
        + " "
        + _(
            "Your friends play on: the computer plays your seat until you come back "
            "(Menu > Online table > Back to table), as long as this window stays open."
        ),
        [
            (N_("Stay at the table"), lambda: None),
            (N_("Leave for now"), leave),
            (N_("End the table for everyone"), end),
        ],
        cancel=lambda: None,  # Esc: stay at the table
    )


HELD: Final = ("remote", "away", "idle")
"""The kinds of a seat a friend holds (at the table, away while the computer plays it, or
idle: their time ran out)."""

LOST: Final = "The connection to the table was lost"  # game.net.client.Problem.LOST

RETRIES_SAID: Final = 2  # a drop taken back at the first or second try is not worth saying


class NewsTable(Protocol):
    """What the news reads of the table scene."""

    @property
    def app(self) -> Navigation: ...

    @property
    def source(self) -> TableSource: ...

    @property
    def view(self) -> SeatView: ...

    @property
    def bottom(self) -> int: ...

    @property
    def idle(self) -> bool: ...

    def on_top(self) -> bool: ...

    def name(self, seat: int) -> str: ...

    def say(self, text: str, seconds: float = ...) -> None: ...


class OnlineNews:
    """The table's news for one table scene (see the module docstring)."""

    def __init__(self, table: NewsTable) -> None:
        self.table = table
        source = table.source
        self.kinds = list(source.kinds) if isinstance(source, HostControls) else []
        self.names = list(source.names)  # as this news last said them
        self.given: set[int] = set()  # seats the host handed to a computer from this window
        self.closed: str | None = None  # why the table is gone (a TableClosed's reason)
        self.told = False  # the dialog saying so was shown
        self.seat_given = False  # the host gave this seat to a computer player
        self.asked = False  # the dialog offering it back was shown
        self.retrying = False  # the connection was lost and is being tried again
        self.retry: Callable[[], None] | None = None  # take the seat again (the window's)

    def gave_to_bot(self, seat: int) -> None:
        """The host handed ``seat`` to a computer, or freed a departed friend's: said now
        (and not again when the table tells it)."""
        self.given.add(seat)
        name = self.table.name(seat)
        if seat < len(self.kinds) and self.kinds[seat] == "away":
            self.table.say(
                _("{name}'s seat is free: a newcomer may take it at the next deal").format(
                    name=name
                )
            )
        else:
            self.table.say(_("The computer plays for {name} from now on").format(name=name))

    def bot_label(self, seat: int) -> str:
        """The host's button under a friend's plate: hand the seat to the computer, or free
        the seat of a friend who left (their seat token no longer takes it back)."""
        away = seat < len(self.kinds) and self.kinds[seat] == "away"
        return N_("Free the seat") if away else N_("Give to computer")

    def seat_changed(self, update: SeatChanged) -> None:
        """Someone left, came back, or the seat was handed to a computer: said once."""
        seat, kind = update.seat, update.kind
        before = self.kinds[seat] if seat < len(self.kinds) else None
        was = self.names[seat] if seat < len(self.names) else ""
        if seat < len(self.names) and update.name:
            self.names[seat] = update.name
        if seat < len(self.kinds):
            self.kinds[seat] = kind
        if before == kind:
            return
        name = update.name or self.table.name(seat)
        if kind == "idle":  # the turn timer ran out: the computer made that move
            if seat == self.table.bottom:
                self.table.say(_("Your time ran out: the computer played for you"), 6.0)
            else:
                self.table.say(_("{name}'s time ran out: the computer played").format(name=name))
        elif seat == self.table.bottom:
            self.seat_given = kind == "bot"
            self.asked = False
            if kind != "bot" and before != "idle":
                self.table.say(_("You are back in your seat"))
        elif kind == "bot" and before == "away":
            self.given.discard(seat)  # the host freed it (said when asked)
        elif kind in ("bot", "away") and before in ("remote", "human"):
            if seat in self.given:
                self.given.discard(seat)
            else:
                self.table.say(
                    _("{name} left the table: the computer plays for now").format(name=name)
                )
        elif kind in ("remote", "human") and before == "bot" and was and was != name:
            # A newcomer in a computer player's seat takes its score column with it.
            self.table.say(
                _("{name} takes {was}'s seat, and its score").format(name=name, was=was), 5.0
            )
        elif kind in ("remote", "human") and before in ("bot", "away"):  # not back from idle
            self.table.say(_("{name} is back at the table").format(name=name))

    def table_closed(self, reason: str) -> None:
        self.closed = reason
        self.table.say("", 0.0)  # no older news under the dialog ("Ada left the table…")

    def leave(self) -> None:
        """The Menu (or Esc): a host whose window serves a dealt, live table is asked first
        (leaving by accident used to end the table for everyone); anyone else leaves."""
        table = self.table
        source, leave = table.source, table.app.leave_game
        live = self.closed is None and table.view.phase is not Phase.GAME_OVER
        if isinstance(source, HostControls) and source.serves_table and live:
            table.app.stack.push(leave_hosted_dialog(table.app, source, leave))
        else:
            leave()

    def after_update(self) -> None:
        """The table gone: the dialog, once, when the table has shown everything and is on
        top."""
        table = self.table
        source = table.source  # a remote seat (HostControls) says when it tries again
        tries = source.retrying if isinstance(source, HostControls) else 0
        retrying = tries >= RETRIES_SAID and self.closed is None
        if retrying != self.retrying:  # the table must not look live while it is away
            self.retrying = retrying
            if retrying:
                table.say(_("The connection to the table was lost: trying again…"), 60.0)
            elif self.closed is None:
                table.say(_("Connected again"))
            else:
                table.say("", 0.0)  # the help line says why the table is gone
        if self.seat_given and not self.asked and self.closed is None and table.on_top():
            self.asked = True
            table.app.stack.push(seat_given_dialog(table.app, table.source))
        if self.closed is None or self.told or not table.idle or not table.on_top():
            return
        self.told = True
        table.app.stack.push(
            table_closed_dialog(
                table.app,
                self.closed,
                table.view,
                table.source.names,
                to_menu=table.app.to_menu,
                stay=lambda: None,
                retry=self.retry if self.closed == LOST else None,
            )
        )
