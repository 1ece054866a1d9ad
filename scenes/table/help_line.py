"""What the line of help above the hand says, and the pass button's words (where the line goes:
:mod:`scenes.table.status_line`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Protocol

from game.engine.hand import Phase
from game.engine.rules import PASS_SIZE, PassDirection
from scenes.core.i18n import N_, _

if TYPE_CHECKING:
    from game.engine.source import TableSource
    from game.engine.view import SeatView
    from scenes.table.model import TableModel
    from scenes.table.online_news import OnlineNews
    from scenes.table.sent_move import SentMove
    from scenes.ui.widgets import Button

PASS_LABELS: Final = {  # the pass button names the neighbour who receives the cards
    PassDirection.LEFT: N_("Pass left (to {name})"),
    PassDirection.RIGHT: N_("Pass right (to {name})"),
    PassDirection.ACROSS: N_("Pass across (to {name})"),
}


class ChosenCards(Protocol):
    """The hand's cards raised for the pass."""

    @property
    def selected(self) -> set[int]: ...


class HelpLineTable(Protocol):
    """What the help line reads of the table scene."""

    @property
    def hand(self) -> ChosenCards: ...

    message: str
    message_boxed: bool
    bottom: int
    source: TableSource
    model: TableModel
    news: OnlineNews
    sent: SentMove
    ok_button: Button
    ready_for: int | None  # the hand whose score the seat has seen

    @property
    def view(self) -> SeatView: ...

    @property
    def message_timer(self) -> float: ...

    def name(self, seat: int) -> str: ...

    def to_accept_received(self) -> bool: ...

    def human_to_pass(self) -> bool: ...

    def human_to_play(self) -> bool: ...


def pass_label(
    direction: PassDirection, bottom: int, players: int, name: Callable[[int], str]
) -> str:
    """The pass button: "Pass left (to Margaret)", or "Pass" with no direction."""
    label = PASS_LABELS.get(direction)
    if label is None:
        return _("Pass")
    return _(label).format(name=name(direction.target(bottom, players)))


def received_line(name: str, to_play: bool, led: bool, ok_shown: bool) -> str:
    """The help line while the cards received from ``name`` are marked: the seat leads,
    follows (``led``: the trick has cards), says OK, or waits (online, the table goes on)."""
    if to_play:
        line = (
            N_("Cards received from {name}: your turn")
            if led
            else N_("Cards received from {name}: your lead")
        )
    elif ok_shown:
        line = N_("Cards received from {name}: press OK")
    else:
        line = N_("Cards received from {name}")
    return _(line).format(name=name)


def help_line(table: HelpLineTable) -> str:
    """The line of help above the hand: a message said, the table gone, the cards received,
    or what the player is to do."""
    if table.message_timer > 0 and not table.message_boxed:
        return table.message
    if table.news.closed is not None:
        return _(table.news.closed)
    if table.sent.slow:  # a table frozen: the move sent is not lost, it waits for an answer
        return table.sent.line()
    players = table.source.rules.players
    if table.to_accept_received():
        giver = table.model.pass_direction.source(table.bottom, players)
        to_play, led = table.human_to_play(), bool(table.model.trick)
        return received_line(table.name(giver), to_play, led, table.ok_button.visible)
    if table.human_to_pass() and len(table.hand.selected) >= PASS_SIZE:
        return _("Three cards chosen: press the pass button (P)")
    if table.human_to_pass():
        return _("Choose three cards to pass")
    if table.human_to_play():
        return _("Your turn")
    return waiting_line(table)


PEOPLE: Final = ("remote", "idle")  # the kinds of a seat a person elsewhere plays now


def waiting_line(table: HelpLineTable) -> str:
    """Online, who the table waits for (issue 40: after Pass nothing said who was still
    choosing, after OK on the score the table sat empty): the people, never the computer
    players, which do not keep anyone waiting."""
    kinds = table.news.kinds
    view = table.view
    people = [s for s, kind in enumerate(kinds) if kind in PEOPLE and s != table.bottom]
    if not people:
        return ""
    if view.phase is Phase.PASS:
        late = [s for s in people if not view.pass_chosen[s]]
        line = N_("Waiting for {names} to choose the cards to pass")
    elif view.phase is Phase.PLAY:
        late = [view.turn] if view.turn in people else []
        line = N_("Waiting for {names} to play")
    elif view.phase is Phase.HAND_OVER and table.ready_for == view.hand_number:
        late, line = people, N_("Waiting for {names} to close the score")
    else:
        return ""
    if not late:
        return ""
    return _(line).format(names=", ".join(table.name(s) for s in late))
