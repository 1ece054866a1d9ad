"""STAND-IN (net branch) for the integrator's game/table.py, written from ENGINE_API.md so the
network table can be built before it lands; main's version replaces this file on merge."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.events import Event
from game.moves import Move
from game.rules import Rules
from game.view import SeatView


@dataclass(frozen=True)
class MoveRefused:
    move: str
    reason: str


@dataclass(frozen=True)
class SeatChanged:
    seat: int
    name: str
    kind: str  # "human" | "bot" | "remote" | "empty"


@dataclass(frozen=True)
class TableClosed:
    reason: str


Update = Event | MoveRefused | SeatChanged | TableClosed


class TableSource(Protocol):
    """One seat's window on a game: a local match with computer players, or a remote table."""

    seat: int
    rules: Rules
    names: tuple[str, ...]

    def view(self) -> SeatView: ...
    def poll(self) -> list[Update]: ...
    def send(self, move: Move) -> None: ...
    def ready(self) -> None: ...
    def close(self) -> None: ...
