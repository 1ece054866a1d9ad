"""The player's side of the friends' board: the group they are in, the daily results waiting to be
sent, and the last board seen, in ``friends.json`` beside the profile.

Only the hand of a date that counts (its first attempt, on its day, without a hint or teaching
mode: the game's caller decides) is queued (:meth:`FriendsBook.queue`); results wait
while the board cannot be reached and go when it can (:meth:`FriendsBook.send_waiting`): right
after the daily hand, in a thread of their own (:func:`send_in_background`), and each time the
Friends screen asks the board. Nothing else is ever sent. A file that cannot be read is renamed
aside (never deleted) and a new one started, as the profile does.
"""

from __future__ import annotations

import datetime as _dt
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

from game.engine.match import Match
from game.net import board_client
from game.net.board_client import BoardUnavailable, Membership
from game.net.board_protocol import BoardMessage
from game.net.daily_board import BoardRefusal
from game.net.json_file import JsonFile
from game.notation import write_match
from game.notation.tags import program_tags

log = logging.getLogger(__name__)

FRIENDS_FILE: Final = "friends.json"
DEFAULT_BOARD_PORT: Final = 8766  # game/net/board_server.py's
KEEP_DAYS: Final = 2  # a result older than this is no longer taken by the board: not kept
SENDER: Final = "friends-send"  # the name of the thread that sends after a daily hand
_sending = threading.Lock()  # one sender at a time (the hand's thread, the Friends screen's)


@dataclass
class Waiting:
    """A daily result not yet accepted by the board."""

    date: str
    points: int
    hand: str


@dataclass
class FriendsBook:
    """friends.json in memory. The window and the sender thread change and save it at once:
    every change and save holds :attr:`lock` (never a send to the board)."""

    path: Path
    member: Membership | None = None
    waiting: list[Waiting] = field(default_factory=list)
    refused: dict[str, str] = field(default_factory=dict)  # date -> the board's sentence
    board: dict[str, Any] | None = None  # the last board seen, as the board sent it
    file: JsonFile = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.file = JsonFile(self.path)

    @property
    def lock(self) -> threading.RLock:
        return self.file.lock

    @classmethod
    def open(cls, folder: Path) -> FriendsBook:
        path = folder / FRIENDS_FILE
        book = cls(path)
        if not path.exists():
            return book
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            member = data.get("member")
            book.member = None if member is None else Membership(**member)
            book.waiting = [Waiting(**w) for w in data.get("waiting", [])]
            book.refused = {str(k): str(v) for k, v in data.get("refused", {}).items()}
            book.board = data.get("board")
        except (OSError, ValueError, TypeError, AttributeError) as exc:
            aside = path.with_name(f"{path.stem}.broken-{_dt.datetime.now():%Y%m%d-%H%M%S}.json")
            log.warning("%s cannot be read (%s): renamed %s", path, exc, aside.name)
            path.replace(aside)
            return cls(path)
        return book

    def save(self) -> None:
        """The book in its file, whole, after any save begun before (see :mod:`json_file`)."""
        self.file.save(
            lambda: {
                "member": None if self.member is None else asdict(self.member),
                "waiting": [asdict(w) for w in self.waiting],
                "refused": dict(self.refused),
                "board": self.board,
            }
        )

    def queue(self, day: _dt.date, points: int, hand: str) -> None:
        """Keep a date's first attempt to send (a later one for the same date is ignored)."""
        date = day.isoformat()
        with self.lock:
            if any(w.date == date for w in self.waiting):
                return
            oldest = (day - _dt.timedelta(days=KEEP_DAYS)).isoformat()
            self.waiting = [w for w in self.waiting if w.date >= oldest]  # none older taken
            self.waiting.append(Waiting(date, points, hand))
            self.save()

    def joined(self, member: Membership, board: BoardMessage) -> None:
        with self.lock:
            self.member = member
            self.keep_board(board)

    def keep_board(self, board: BoardMessage) -> None:
        import msgspec

        with self.lock:
            self.board = msgspec.to_builtins(board)
            self.save()

    def send_waiting(
        self, send: Callable[[Membership, str, int, str], BoardMessage] = board_client.send_result
    ) -> int:
        """Send the waiting results, oldest first; how many the board took. A refusal is final
        (kept in :attr:`refused` to be shown); an unreachable board leaves the rest waiting."""
        if self.member is None:
            return 0
        with _sending:
            return self._send(self.member, send)

    def _send(
        self, member: Membership, send: Callable[[Membership, str, int, str], BoardMessage]
    ) -> int:
        sent = 0
        for result in list(self.waiting):
            try:
                self.keep_board(send(member, result.date, result.points, result.hand))
                sent += 1
            except BoardRefusal as exc:
                if exc.code != "second-attempt":  # (that one: an earlier try got through)
                    with self.lock:
                        self.refused[result.date] = exc.reason
            except BoardUnavailable as exc:
                log.info("the board cannot be reached: %s", exc)
                break
            with self.lock:
                if result in self.waiting:  # (the window may have dropped it meanwhile)
                    self.waiting.remove(result)
                self.save()
        return sent


def send_in_background(
    book: FriendsBook,
    send: Callable[[Membership, str, int, str], BoardMessage] = board_client.send_result,
) -> threading.Thread | None:
    """Send what waits now, in a thread of its own (the window never waits for the board), when
    the player is in a group; returns the thread (None when there is nothing to send). A board
    that cannot be reached leaves the results waiting in friends.json."""
    if book.member is None or not book.waiting:
        return None

    def work() -> None:
        try:
            book.send_waiting(send)
        except OSError as exc:  # friends.json could not be written: the result waits
            log.warning("the daily result could not be sent to the friends' board: %s", exc)

    thread = threading.Thread(target=work, name=SENDER, daemon=True)
    thread.start()
    return thread


def result_text(match: Match, day: _dt.date) -> str:
    """A finished daily hand as the board reads it (docs/protocol.md, "The friends' board")."""
    return write_match(match, tags=program_tags("Daily challenge", day))


def board_url(address: str) -> str | None:
    """``host``, ``host:port`` or a ``ws://``/``wss://`` address as a board's URL; None when it
    is not one.

    >>> board_url("example.org"), board_url("wss://club.example:9000"), board_url("a b")
    ('ws://example.org:8766', 'wss://club.example:9000', None)
    """
    text = address.strip()
    if text.startswith(("ws://", "wss://")):
        rest = text.split("://", 1)[1]
        return text.rstrip("/") if rest and " " not in rest else None
    host, _, port = text.partition(":")
    if not host or " " in host or (port and not port.isdigit()):
        return None
    return f"ws://{host}:{port or DEFAULT_BOARD_PORT}"
