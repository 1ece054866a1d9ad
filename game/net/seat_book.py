"""The seats one holds at online tables, kept in the profile so that closing the window does not
lose them: each table's address, code, name and seat token (the server's proof that the seat
is one's own). Joining the same table again, even after a relaunch, takes the seat back with
its token instead of asking for a new one (which a name already taken would refuse).

The book is one setting (a JSON list, the newest first, at most :data:`KEPT` seats) in any
store with ``setting``/``set_setting`` (:class:`game.records.profile.Profile`).

>>> class Memory(dict):
...     def setting(self, key, default=None): return self.get(key, default)
...     def set_setting(self, key, value): self[key] = value
>>> book = SeatBook(Memory())
>>> book.remember(SavedSeat("127.0.0.1", 8765, False, "ABCD2345", "Bea", "t0k"))
>>> book.find("127.0.0.1", 8765, "abcd2345").token
't0k'
>>> book.forget("127.0.0.1", 8765, "ABCD2345"); book.latest() is None
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Final, Protocol

SETTING: Final = "online_seats"
KEPT: Final = 8  # the most recent seats kept; older ones are forgotten


class KeyValueStore(Protocol):
    def setting(self, key: str, default: Any = None) -> Any: ...

    def set_setting(self, key: str, value: Any) -> None: ...


@dataclass(frozen=True)
class SavedSeat:
    """One seat: where the table is, its code, the name one sits under and the seat token."""

    host: str
    port: int
    secure: bool
    code: str
    name: str
    token: str

    def same_table(self, host: str, port: int, code: str) -> bool:
        return (self.host, self.port, self.code) == (host, port, code.upper())


def _read(item: Any) -> SavedSeat | None:
    """A stored seat, or None for anything that is not one (a hand-edited profile)."""
    if not isinstance(item, dict):
        return None
    try:
        seat = SavedSeat(
            host=str(item["host"]),
            port=int(item["port"]),
            secure=bool(item.get("secure", False)),
            code=str(item["code"]).upper(),
            name=str(item["name"]),
            token=str(item["token"]),
        )
    except (KeyError, TypeError, ValueError):
        return None
    return seat if seat.token and seat.code else None


class SeatBook:
    """The seats kept in ``store`` (see the module docstring). A store that cannot be written
    (a full disk) only means the seat is not kept: the error is the store's to report."""

    def __init__(self, store: KeyValueStore) -> None:
        self.store = store

    def seats(self) -> list[SavedSeat]:
        """Every seat kept, the newest first."""
        stored = self.store.setting(SETTING, [])
        found = [_read(item) for item in stored] if isinstance(stored, list) else []
        return [seat for seat in found if seat is not None]

    def latest(self) -> SavedSeat | None:
        seats = self.seats()
        return seats[0] if seats else None

    def find(self, host: str, port: int, code: str) -> SavedSeat | None:
        return next((s for s in self.seats() if s.same_table(host, port, code)), None)

    def remember(self, seat: SavedSeat) -> None:
        others = [s for s in self.seats() if not s.same_table(seat.host, seat.port, seat.code)]
        self._write([seat, *others][:KEPT])

    def forget(self, host: str, port: int, code: str) -> None:
        seats = self.seats()
        kept = [s for s in seats if not s.same_table(host, port, code)]
        if len(kept) != len(seats):
            self._write(kept)

    def _write(self, seats: list[SavedSeat]) -> None:
        self.store.set_setting(SETTING, [asdict(s) for s in seats])
