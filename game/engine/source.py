"""What a table scene is driven by: one seat's window on a game, wherever the game runs.

A :class:`TableSource` hands the seat its :class:`~game.engine.view.SeatView` and the updates meant
for it, and takes the seat's moves. The window's table reads nothing else, so the same scene plays
a local match against computer players (the window's ``LocalTable``) or a table on another
computer (``game.net.client.RemoteTable``). The source, never the window, decides what the
seat may know: events reach it already filtered by :func:`game.engine.events.for_seat`.

The contract, for anyone writing a source:

- :meth:`TableSource.view` is the seat's knowledge *after* every update already returned by
  :meth:`TableSource.poll`; the window animates updates in order and reads the view when it
  needs the state they led to.
- :meth:`TableSource.poll` never blocks (the window calls it every frame).
- :meth:`TableSource.send` never blocks either; a move the table refuses comes back through
  :meth:`poll` as a :class:`MoveRefused` and changes nothing.
- :meth:`TableSource.ready` says the seat has seen the hand's score; the table deals the next
  hand when every person at it is ready (a local table at once).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from game.engine.events import Event
from game.engine.legality import NO_LED_SUIT, Reason
from game.engine.moves import Move
from game.engine.rules import Rules
from game.engine.view import SeatView

SEAT_KINDS = ("human", "bot", "remote", "away", "idle", "empty")
"""What fills a seat: the person at this window, a computer player, a person elsewhere, a
computer player for a person elsewhere who keeps the seat, a person whose time ran out (the
computer played their last move), nobody."""


@dataclass(frozen=True)
class MoveRefused:
    """The table refused the seat's move; nothing changed."""

    move: str  # the move as written by :class:`game.engine.moves.Move`
    reason: str  # the engine's sentence in English, said when ``code`` is None
    code: Reason | None = None  # the engine's reason, for the window to say in its language
    led_suit: int = NO_LED_SUIT  # the suit the sentence names, if any
    first_lead: int = 0  # the opening card the sentence names, if any


@dataclass(frozen=True)
class SeatChanged:
    """Someone took, left or was replaced at a seat."""

    seat: int
    name: str
    kind: str  # one of SEAT_KINDS


@dataclass(frozen=True)
class TableClosed:
    """The table is gone (the host left, the connection was lost for good...)."""

    reason: str


Update = Event | MoveRefused | SeatChanged | TableClosed


@runtime_checkable
class TableSource(Protocol):
    """One seat's window on a game (see the module's docstring for the contract)."""

    seat: int  # the seat this table is seen from
    rules: Rules
    names: tuple[str, ...]  # by seat

    def view(self) -> SeatView:
        """What the seat knows now (never another seat's cards)."""
        ...

    def poll(self) -> list[Update]:
        """What happened since the last poll, in order; never blocks."""
        ...

    def send(self, move: Move) -> None:
        """The seat's intention; the table checks it with the engine."""
        ...

    def ready(self) -> None:
        """The seat has seen the hand's score: deal on when every person is ready."""
        ...

    def close(self) -> None:
        """Leave the table."""
        ...


class HostControls:
    """What the host of a shared table may do from its seat besides playing (a source that
    subclasses this offers it; the window checks the class, never asks a source for more than
    the :class:`TableSource` protocol otherwise)."""

    kinds: tuple[str, ...] = ()  # by seat, one of SEAT_KINDS as this seat sees them
    retrying: int = 0  # attempts so far to take the seat back after a drop (0: connected)
    code: str = ""  # the table's code, which friends join with

    @property
    def serves_table(self) -> bool:
        """Whether this window runs the table's server (the host's Menu asks before leaving:
        the table goes on without the host, or ends for everyone)."""
        return False

    def end_table(self) -> None:
        """(a window that serves the table) Leaving ends the table for everyone."""

    @property
    def is_host(self) -> bool:
        """Whether this seat hosts the table."""
        return False

    def give_to_bot(self, seat: int) -> None:
        """(the host) A computer player takes ``seat`` (an idle person's) from now on."""
        raise NotImplementedError

    def take_back(self) -> None:
        """(a seat the host gave to a computer player) Its owner takes it back."""
        raise NotImplementedError
