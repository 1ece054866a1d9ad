"""A hostile client written from ``docs/protocol.md`` alone: raw JSON objects over a websocket.

It imports nothing of ``game.net`` (not the client, not the protocol's structs): every message
is the JSON object the document shows, every answer a plain dict. What the tests built on it
check is what the document promises a client, whatever the project's own client does.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

VERSION = 3  # docs/protocol.md: "`version` is the protocol version, `3`"


class Peer:
    """One websocket to a table server; ``send`` a dict, ``next`` the next answer as a dict."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self.welcome: dict[str, Any] | None = None

    @classmethod
    async def open(cls, port: int, path: str) -> Peer:
        ws = await connect(f"ws://127.0.0.1:{port}{path}", close_timeout=1, open_timeout=5)
        return cls(ws)

    @classmethod
    async def create(cls, port: int, name: str, **fields: Any) -> Peer:
        peer = await cls.open(port, "/new")
        await peer.send({"type": "create", "version": VERSION, "name": name, **fields})
        peer.welcome = await peer.expect("welcome")
        return peer

    @classmethod
    async def hello(
        cls, port: int, code: str, name: str, token: str | None = None, wait: bool = True
    ) -> Peer:
        peer = await cls.open(port, f"/t/{code}")
        message: dict[str, Any] = {"type": "hello", "version": VERSION, "name": name}
        if token is not None:
            message["token"] = token
        await peer.send(message)
        if wait:
            peer.welcome = await peer.expect("welcome")
        return peer

    @property
    def code(self) -> str:
        assert self.welcome is not None
        return str(self.welcome["code"])

    @property
    def token(self) -> str:
        assert self.welcome is not None
        return str(self.welcome["token"])

    async def send(self, message: dict[str, Any] | str | bytes) -> None:
        """One text frame (a dict is written as JSON; a str or bytes goes as it is)."""
        data = json.dumps(message) if isinstance(message, dict) else message
        await self.ws.send(data)

    async def send_until_closed(self, message: dict[str, Any] | str, times: int) -> int:
        """Send ``message`` up to ``times`` times; how many went before the server hung up (a
        flooder's later frames meet a closed socket when the server is quicker than the loop).
        What the server sent before closing can still be read."""
        for sent in range(times):
            try:
                await self.send(message)
            except ConnectionClosed:
                return sent
        return times

    async def next(self, timeout: float = 5.0) -> dict[str, Any] | None:
        """The next message, or None when the connection closed or ``timeout`` passed."""
        try:
            raw = await asyncio.wait_for(self.ws.recv(), timeout)
        except (ConnectionClosed, TimeoutError):
            return None
        message: dict[str, Any] = json.loads(raw)
        self.seen.append(message)
        return message

    async def expect(self, type_: str, timeout: float = 5.0, **fields: Any) -> dict[str, Any]:
        """Read until a message of type ``type_`` (with these fields) comes; fail otherwise."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (left := deadline - loop.time()) > 0:
            message = await self.next(left)
            if message is None:
                break
            if message["type"] == type_ and all(message.get(k) == v for k, v in fields.items()):
                return message
        raise AssertionError(f"no {type_} {fields} came; seen: {self.seen[-5:]}")

    async def drain(self, quiet: float = 0.3) -> list[dict[str, Any]]:
        """Everything that comes until ``quiet`` seconds pass without a message."""
        got = []
        while (message := await self.next(quiet)) is not None:
            got.append(message)
        return got

    async def closed(self, timeout: float = 5.0) -> bool:
        """True when the server closes the connection within ``timeout``."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.ws.wait_closed(), timeout)
        return self.ws.close_code is not None

    async def close(self) -> None:
        await self.ws.close()

    def view(self) -> dict[str, Any] | None:
        """The latest view this peer was sent (welcome or update)."""
        for message in reversed(self.seen):
            if message["type"] in ("welcome", "update") and message.get("view"):
                view: dict[str, Any] = message["view"]
                return view
        if self.welcome is not None and self.welcome.get("view"):
            welcome_view: dict[str, Any] = self.welcome["view"]
            return welcome_view
        return None
