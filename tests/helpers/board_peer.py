"""A client of the friends' board written from docs/protocol.md ("The friends' board") alone:
plain JSON objects over a websocket, answers as dicts. It imports nothing of ``game.net``."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

VERSION = 1  # "`board-create` | `version` (1)"


class BoardPeer:
    def __init__(self, port: int, path: str) -> None:
        self.stack = contextlib.ExitStack()
        url = f"ws://127.0.0.1:{port}{path}"
        self.ws: ClientConnection = self.stack.enter_context(
            connect(url, open_timeout=5, close_timeout=1)
        )

    @classmethod
    def open(cls, port: int, path: str) -> BoardPeer:
        return cls(port, path)

    @classmethod
    def create(cls, port: int, name: str) -> tuple[BoardPeer, dict[str, Any]]:
        peer = cls.open(port, "/board/new")
        peer.send({"type": "board-create", "version": VERSION, "name": name})
        welcome = peer.expect("board-welcome")
        peer.expect("board")
        return peer, welcome

    @classmethod
    def join(
        cls, port: int, code: str, name: str, token: str | None = None
    ) -> tuple[BoardPeer, dict[str, Any]]:
        peer = cls.open(port, f"/board/{code}")
        message: dict[str, Any] = {"type": "board-hello", "version": VERSION, "name": name}
        if token is not None:
            message["token"] = token
        peer.send(message)
        return peer, peer.next()

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def send_until_closed(self, message: dict[str, Any], times: int) -> int:
        """Send ``message`` up to ``times`` times; how many went before the server closed the
        connection (a flooder's later sends meet a closed socket: the server may be quicker
        than the loop). What the server sent before closing can still be read."""
        for sent in range(times):
            try:
                self.send(message)
            except ConnectionClosed:
                return sent
        return times

    def next(self, timeout: float = 30) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(self.ws.recv(timeout))
        return answer

    def expect(self, kind: str, timeout: float = 30) -> dict[str, Any]:
        """The next message of type ``kind`` (boards sent to the group meanwhile are skipped
        when another kind is awaited)."""
        while True:
            message = self.next(timeout)
            if message["type"] == kind:
                return message
            if message["type"] != "board":
                raise AssertionError(f"expected {kind}, got {message}")

    def result(self, date: str, points: int, hand: str) -> dict[str, Any]:
        self.send({"type": "board-result", "date": date, "points": points, "hand": hand})
        while True:
            answer = self.next()
            if answer["type"] in ("board-accepted", "board-refused", "error"):
                return answer

    def close(self) -> None:
        self.stack.close()
