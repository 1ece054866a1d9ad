"""One person's websocket at the table server: its fast send, its queue for a slow reader and its
flood control (a token bucket).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from game.net import protocol as p
from game.net.online_table import NetTable
from game.net.server_log import log

SEND_QUEUE: Final = 512  # messages waiting for a slow reader before it is disconnected
WRITE_BUFFER: Final = 64 * 1024  # bytes in the socket's buffer beyond which messages queue
# The fast send (Connection.push) frames a message itself and hands it to the socket without
# ws.send()'s awaits or websockets' Frame objects (together half the cost of a message sent).
# It reads the sans-I/O Protocol's state, extensions and pending writes, and flushes those
# through the asyncio connection's send_data, which is not documented API: where the installed
# websockets lacks it, every message goes through the writer task and ws.send(), as documented
# (slower under load, the same bytes: tests/test_net_games.py plays a game both ways,
# tests/test_net_connections.py checks the frames against websockets' own).
FAST_SEND = callable(getattr(ServerConnection, "send_data", None))


def text_frame(data: bytes) -> bytes:
    """A whole websocket text frame from the server (RFC 6455 section 5.2: FIN, opcode 1, no
    mask; the length in 7 bits, or 16 or 64 after the marker 126 or 127).

    >>> text_frame(b'{"type":"ready"}')
    b'\\x81\\x10{"type":"ready"}'
    """
    n = len(data)
    if n < 126:
        return bytes((0x81, n)) + data
    if n < 1 << 16:
        return b"\x81\x7e" + n.to_bytes(2, "big") + data
    return b"\x81\x7f" + n.to_bytes(8, "big") + data


CLOSE_POLICY: Final = 1008  # websocket close code: the client broke the rules
CLOSE_GOING_AWAY: Final = 1001
CLOSE_TAKEN_OVER: Final = p.CLOSE_TAKEN_OVER  # the seat was taken back from another connection


class TokenBucket:
    """``rate`` messages a second on average, ``burst`` at once (flood control)."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.level = burst
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


@dataclass
class Connection:
    """One person's websocket. A message goes straight to the socket while the connection keeps
    up (no task, no await: four updates a move at hundreds of tables made the writer task and
    its queue a fifth of the server's time); once the socket's buffer backs up, messages wait in
    a queue for the writer task, and a reader that falls ``SEND_QUEUE`` messages behind is cut
    off, so a slow reader never holds up its table."""

    ws: ServerConnection
    address: str = "?"  # the peer's address (the proxy's client, if trusted), for the limits
    queue: asyncio.Queue[bytes | None] = field(default_factory=asyncio.Queue)
    table: NetTable | None = None
    seat: int = -1
    writer: asyncio.Task[None] | None = None
    cut: bool = False  # disconnected for reading too slowly
    waiting: int = 0  # messages handed to the writer task and not yet written
    close_code: int = 1000  # the websocket close code sent when the connection is finished
    protocol: int = p.PROTOCOL_VERSION  # the version its hello (or create) gave

    def push(self, data: bytes) -> None:
        if self.cut:
            return
        ws = self.ws
        protocol = ws.protocol
        if (
            FAST_SEND
            and data
            and not self.waiting
            and protocol.state is State.OPEN
            and not protocol.extensions  # compression=None: a frame is its header and data
            and ws.transport.get_write_buffer_size() <= WRITE_BUFFER
        ):
            # What ws.send() does, without its awaits: frame the message, hand it to the socket
            # (after anything websockets has framed and not yet sent, a ping's answer say).
            if protocol.writes:
                ws.send_data()
            ws.transport.write(text_frame(data))
            return
        if self.queue.qsize() >= SEND_QUEUE:
            # A reader this far behind would only fall further: its seat goes to a bot when
            # the handler sees the connection end.
            log.warning("seat %d: reads too slowly: disconnected", self.seat)
            self.cut = True
            ws.transport.abort()
            return
        self.waiting += 1
        self.queue.put_nowait(data)

    async def write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while (data := await self.queue.get()) is not None:
                if not data:  # the marker: this connection is finished
                    reason = "taken-over" if self.close_code == CLOSE_TAKEN_OVER else ""
                    await self.ws.close(self.close_code, reason)
                    return
                await self.ws.send(data, text=True)  # waits while the socket's buffer is full
                self.waiting -= 1
