"""The game's side of the friends' board (docs/protocol.md, "The friends' board"): one short
websocket exchange per request, blocking (the window calls it from a worker thread).

Every failure to reach the board raises :class:`BoardUnavailable` (the result then waits for the
next try); a refusal by the board raises :class:`game.net.daily_board.BoardRefusal` with the
board's own code and sentence.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from websockets.exceptions import InvalidURI, WebSocketException
from websockets.sync.client import ClientConnection, connect

from game.net import board_protocol as bp
from game.net.daily_board import BoardRefusal

TIMEOUT: Final = 15.0  # seconds for the connection and each answer
RESULT_TIMEOUT: Final = 90.0  # seconds for a result's answer: the board replays the hand and
# asks the AI again for each opponent's card (seconds of search, longer on a busy server)
ANSWERS: Final = (bp.Accepted, bp.Refused, bp.Error)


class BoardUnavailable(Exception):
    """The board could not be reached or answered nonsense; nothing was recorded there."""


@dataclass(frozen=True)
class Membership:
    """A name in a group: what the game keeps to speak for it."""

    server: str  # ws://host:port (the path is added)
    code: str
    name: str
    token: str


def _open(server: str, path: str) -> ClientConnection:
    try:
        return connect(server.rstrip("/") + path, open_timeout=TIMEOUT, close_timeout=1)
    except (OSError, InvalidURI, WebSocketException, TimeoutError) as exc:
        raise BoardUnavailable(f"the board at {server} cannot be reached ({exc})") from None


def _receive(ws: ClientConnection, timeout: float = TIMEOUT) -> bp.BoardServerMessage:
    try:
        return bp.decode_board_server(ws.recv(timeout))
    except (OSError, WebSocketException, TimeoutError, ValueError) as exc:
        raise BoardUnavailable(f"the board did not answer ({exc})") from None


def _refusal(message: bp.BoardServerMessage) -> Exception:
    if isinstance(message, bp.Refused):
        return BoardRefusal(message.code, message.reason)
    if isinstance(message, bp.Error):
        return BoardUnavailable(f"{message.code}: {message.reason}")
    return BoardUnavailable(f"the board answered {type(message).__name__}")


def _enter(ws: ClientConnection, first: bp.CreateGroup | bp.Join) -> bp.Welcome:
    try:
        ws.send(bp.encode_board(first).decode())
    except (OSError, WebSocketException) as exc:
        raise BoardUnavailable(f"the board cannot be reached ({exc})") from None
    welcome = _receive(ws)
    if not isinstance(welcome, bp.Welcome):
        raise _refusal(welcome)
    return welcome


def create_group(server: str, name: str) -> tuple[Membership, bp.BoardMessage]:
    """A new group on the board at ``server`` with ``name`` in it, and today's board."""
    with _open(server, "/board/new") as ws:
        welcome = _enter(ws, bp.CreateGroup(version=bp.BOARD_VERSION, name=name))
        board = _board(ws)
    return Membership(server, welcome.code, welcome.name, welcome.token), board


def join_group(server: str, code: str, name: str) -> tuple[Membership, bp.BoardMessage]:
    """``name`` joins the group ``code``."""
    clean = "".join(code.split()).upper()
    with _open(server, f"/board/{clean}") as ws:
        welcome = _enter(ws, bp.Join(version=bp.BOARD_VERSION, name=name))
        board = _board(ws)
    return Membership(server, welcome.code, welcome.name, welcome.token), board


def _board(ws: ClientConnection) -> bp.BoardMessage:
    message = _receive(ws)
    if not isinstance(message, bp.BoardMessage):
        raise _refusal(message)
    return message


@contextlib.contextmanager
def _session(member: Membership) -> Iterator[ClientConnection]:
    """A connection in the member's group, past its welcome and today's board."""
    with _open(member.server, f"/board/{member.code}") as ws:
        _enter(ws, bp.Join(version=bp.BOARD_VERSION, name=member.name, token=member.token))
        _board(ws)
        yield ws


def send_result(member: Membership, date: str, points: int, hand: str) -> bp.BoardMessage:
    """Send a result; the board after it (BoardRefusal when the board refuses it)."""
    with _session(member) as ws:
        ws.send(bp.encode_board(bp.Result(date=date, points=points, hand=hand)).decode())
        while True:
            answer = _receive(ws, RESULT_TIMEOUT)
            if isinstance(answer, bp.Accepted):
                return _board(ws)
            if isinstance(answer, ANSWERS):
                raise _refusal(answer)


def fetch_board(member: Membership, date: str) -> bp.BoardMessage:
    """The board of ``date``."""
    with _session(member) as ws:
        ws.send(bp.encode_board(bp.Show(date=date)).decode())
        return _board(ws)
