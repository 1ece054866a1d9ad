"""The online table server: many tables in one asyncio process, over websockets.

A client opens ``/new`` and sends ``create`` to open a table (it becomes the host), or opens
``/t/<code>`` and sends ``hello`` to sit at one. Each table is a :class:`NetTable` (the engine
is the authority); this module moves its messages, enforces the connection's limits (frame size,
message rate, idle time), and runs the bots' decisions in an executor so the loop never waits on
an AI. ``docs/protocol.md`` documents the messages, ``docs/deploy.md`` running it for a club.

Run it without a window::

    python -m game.net.server --host 0.0.0.0 --port 8765 --tables 200
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import concurrent.futures
import contextlib
import functools
import gc
import logging
import secrets
import signal
import ssl
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from game.ai import make_player
from game.engine.moves import Move
from game.engine.players import Player, decide
from game.net import protocol as p
from game.net.table_core import BotTurn, NetTable, SitRefused

log = logging.getLogger("game.net.server")

DEFAULT_PORT: Final = 8765
HELLO_TIMEOUT: Final = 10.0  # seconds for a new connection to say who it is
IDLE_TIMEOUT: Final = 900.0  # seconds of silence before a connection is closed
ABANDON_AFTER: Final = 300.0  # seconds a dealt table waits for someone to come back
RATE: Final = 20.0  # messages that change nothing a connection may send a second...
BURST: Final = 40.0  # ...and at once (a move the table plays is not counted)
TABLES_PER_ADDRESS: Final = 8  # tables one address may hold open at once (0: no limit)
CONNECTIONS_PER_ADDRESS: Final = 64  # websockets one address may hold open (0: no limit)
LOG_RATE: Final = 2.0  # warning lines a second the log may write on average...
LOG_BURST: Final = 50.0  # ...and at once; the rest are counted, and the count written
STOP_GRACE: Final = 0.5  # seconds a stop waits for connections to close before cutting them
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
                    await self.ws.close()
                    return
                await self.ws.send(data, text=True)  # waits while the socket's buffer is full
                self.waiting -= 1


def new_code(node: str, taken: Callable[[str], bool]) -> str:
    """A table code: the server's node letter(s) (for HAProxy's routing), then 40 random bits.

    >>> code = new_code("B", lambda c: False)
    >>> len(code), code[0], set(code) <= set(p.CODE_ALPHABET)
    (9, 'B', True)
    """
    while True:
        code = node + "".join(secrets.choice(p.CODE_ALPHABET) for _ in range(p.CODE_RANDOM_CHARS))
        if not taken(code):
            return code


class TableServer:
    """Every table of one process, and the websocket handler that seats people at them."""

    def __init__(
        self,
        *,
        max_tables: int = 100,
        node: str = "",
        seed_of: Callable[[str], int | str] | None = None,
        idle_timeout: float = IDLE_TIMEOUT,
        hello_timeout: float = HELLO_TIMEOUT,
        abandon_after: float = ABANDON_AFTER,
        rate: float = RATE,
        burst: float = BURST,
        bot_workers: int = 2,
        clock: Callable[[], float] = time.monotonic,
        make_bot: Callable[[str, str], Player] = make_player,
        tables_per_address: int = TABLES_PER_ADDRESS,
        connections_per_address: int = CONNECTIONS_PER_ADDRESS,
        trust_forwarded: bool = False,
    ) -> None:
        if any(c not in p.CODE_ALPHABET for c in node):
            raise ValueError(f"a node name uses only {p.CODE_ALPHABET}")
        self.max_tables = max_tables
        self.node = node
        self.seed_of = seed_of or (lambda code: secrets.randbits(64))
        self.idle_timeout = idle_timeout
        self.hello_timeout = hello_timeout
        self.abandon_after = abandon_after
        self.rate, self.burst = rate, burst
        self.clock = clock
        self.make_bot = make_bot
        self.tables_per_address = tables_per_address
        self.connections_per_address = connections_per_address
        self.trust_forwarded = trust_forwarded  # behind a proxy: X-Forwarded-For names the peer
        self.tables: dict[str, NetTable] = {}
        self.opened_by: dict[str, str] = {}  # table code -> the address that created it
        self.open_connections: collections.Counter[str] = collections.Counter()
        # Newcomers held until the next deal (a bot's seat is not taken mid-hand, item 11).
        self.waiting: dict[str, list[tuple[Connection, str, asyncio.Future[bool]]]] = {}
        self.conns: dict[tuple[str, int], Connection] = {}
        self.thinking: set[tuple[str, int]] = set()
        self.abandon_timers: dict[str, asyncio.TimerHandle] = {}
        self.executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=bot_workers, thread_name_prefix="bot"
        )
        self.on_table_created: Callable[[NetTable], None] | None = None  # for advertising

    # -- the websocket handler -----------------------------------------------------------------

    async def handler(self, ws: ServerConnection) -> None:
        address = self._address(ws)
        limit = self.connections_per_address
        if limit and self.open_connections[address] >= limit:
            log.warning("refused a connection from %s: too many connections", address)
            reason = "Too many connections from your address: close some and try again"
            with contextlib.suppress(ConnectionClosed):
                await ws.send(p.encode(p.Error(code="refused", reason=reason)).decode())
            return
        self.open_connections[address] += 1
        conn = Connection(ws, address)
        conn.writer = asyncio.create_task(conn.write())
        try:
            if await self._seat(conn):
                await self._listen(conn)
        except ConnectionClosed:
            pass
        except Exception:  # never let a client take the server down; say what happened
            log.exception("unexpected error on a connection")
        finally:
            self.open_connections[address] -= 1
            if self.open_connections[address] <= 0:
                del self.open_connections[address]
            self._gone(conn)
            conn.queue.put_nowait(None)
            await conn.writer

    def _address(self, ws: ServerConnection) -> str:
        """The peer's address; behind a trusted proxy, the last one X-Forwarded-For names."""
        if self.trust_forwarded and ws.request is not None:
            forwarded = ws.request.headers.get("X-Forwarded-For")
            if forwarded:
                return forwarded.rsplit(",", 1)[-1].strip()
        try:
            return str(ws.remote_address[0])
        except (TypeError, IndexError):
            return "?"

    def _refuse(self, conn: Connection, code: str, reason: str) -> None:
        log.warning("refused a connection from %s: %s: %s", _peer(conn.ws), code, reason)
        conn.push(p.encode(p.Error(code=code, reason=reason)))

    async def _seat(self, conn: Connection) -> bool:
        """Read the first message and seat the person; False when refused."""
        path = conn.ws.request.path if conn.ws.request else ""
        try:
            raw = await asyncio.wait_for(conn.ws.recv(), self.hello_timeout)
        except TimeoutError:
            self._refuse(conn, "idle", "Say hello within a few seconds")
            return False
        try:
            message = p.decode_client(raw)
        except p.ProtocolError as exc:
            self._refuse(conn, exc.code, exc.reason)
            return False
        if not isinstance(message, p.Hello | p.Create):
            self._refuse(conn, "not-seated", "Send hello (or create) first")
            return False
        if message.version != p.PROTOCOL_VERSION:
            self._refuse(
                conn,
                "version",
                f"This table speaks version {p.PROTOCOL_VERSION} and you {message.version}",
            )
            return False
        if isinstance(message, p.Create):
            if path != "/new":
                self._refuse(conn, "malformed", "Create a table on /new")
                return False
            if len(self.tables) >= self.max_tables:
                self._refuse(conn, "refused", "This server holds as many tables as it may")
                return False
            mine = sum(a == conn.address for a in self.opened_by.values())
            if self.tables_per_address and mine >= self.tables_per_address:
                self._refuse(
                    conn,
                    "refused",
                    "Your address has as many tables open as it may: finish or leave one first",
                )
                return False
            code = new_code(self.node, self.tables.__contains__)
            table = NetTable(
                code,
                message.rules.to_rules(),
                message.level,
                seed=self.seed_of(code),
                make_bot=self.make_bot,
            )
            self.tables[code] = table
            self.opened_by[code] = conn.address
            log.info("table %s: opened by %s (%s)", code, message.name, _peer(conn.ws))
            token = None
        else:
            code = path.removeprefix("/t/").upper() if path.startswith("/t/") else ""
            found = self.tables.get(code)
            if found is None or found.closed:
                self._refuse(conn, "wrong-code", "There is no table with this code here")
                return False
            table, token = found, message.token
            if table.newcomer_must_wait(token):
                try:
                    table.check_name(message.name)
                except SitRefused as exc:
                    self._refuse(conn, exc.code, exc.reason)
                    return False
                return await self._wait_for_deal(conn, table, message.name)
        seated = self._take_seat(conn, table, message.name, token)
        if seated and isinstance(message, p.Create) and self.on_table_created is not None:
            self.on_table_created(table)
        return seated

    def _take_seat(self, conn: Connection, table: NetTable, name: str, token: str | None) -> bool:
        """Sit the person at ``table`` and welcome them; False when refused."""
        code = table.code
        try:
            seat, token = table.sit(name, token)
        except SitRefused as exc:
            self._refuse(conn, exc.code, exc.reason)
            if not table.connected() and not table.started:
                self._remove(table)
            return False
        old = self.conns.get((code, seat))
        if old is not None:  # the same person on a new connection: the old one is finished
            old.table = None
            old.push(b"")
        conn.table, conn.seat = table, seat
        self.conns[(code, seat)] = conn
        timer = self.abandon_timers.pop(code, None)
        if timer is not None:
            timer.cancel()
        conn.push(p.encode(table.welcome(seat)))
        self._flush(table)
        return True

    async def _wait_for_deal(self, conn: Connection, table: NetTable, name: str) -> bool:
        """Hold a newcomer until the next deal (no welcome before it): then they sit, as
        anyone would, or are refused. A newcomer who goes away meanwhile is forgotten."""
        log.info("table %s: %s waits for the next deal", table.code, name)
        seated: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        waiters = self.waiting.setdefault(table.code, [])
        waiters.append((conn, name, seated))
        gone = asyncio.ensure_future(conn.ws.wait_closed())
        try:
            await asyncio.wait((seated, gone), return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
        if not seated.done():
            with contextlib.suppress(ValueError):
                waiters.remove((conn, name, seated))
            return False
        return seated.result()

    def _seat_waiters(self, table: NetTable) -> None:
        waiters = self.waiting.get(table.code)
        if not waiters or table.newcomer_must_wait(None):
            return
        del self.waiting[table.code]
        for conn, name, seated in waiters:
            if not seated.done():
                seated.set_result(self._take_seat(conn, table, name, None))

    async def _listen(self, conn: Connection) -> None:
        bucket = TokenBucket(self.rate, self.burst, self.clock)
        loop = asyncio.get_running_loop()
        try:
            # One deadline moved on by every message (wait_for made a task per message).
            async with asyncio.timeout(None) as silence:
                while conn.table is not None:
                    silence.reschedule(loop.time() + self.idle_timeout)
                    raw = await conn.ws.recv()
                    table = conn.table
                    if table is None:
                        return
                    before = table.version
                    message = table.receive_frame(conn.seat, raw)
                    self._flush(table)
                    if isinstance(message, p.Leave) or table.closed:
                        return
                    # Only what changed nothing counts: a move the table plays is never
                    # refused for flooding, whatever came before it.
                    if table.version == before and not bucket.take():
                        log.warning(
                            "table %s seat %d: flooding: disconnected", table.code, conn.seat
                        )
                        conn.push(p.encode(p.Error(code="flood", reason=p.ERROR_CODES["flood"])))
                        return
        except TimeoutError:
            conn.push(p.encode(p.Error(code="idle", reason=p.ERROR_CODES["idle"])))

    def _gone(self, conn: Connection) -> None:
        table = conn.table
        if table is None or self.conns.get((table.code, conn.seat)) is not conn:
            return
        del self.conns[(table.code, conn.seat)]
        table.drop(conn.seat, "connection closed")
        self._flush(table)
        if table.closed or (table.match is not None and table.match.is_over):
            if not table.connected():
                self._remove(table)
        elif not table.connected():
            if not table.started:
                self._remove(table)
            else:
                loop = asyncio.get_running_loop()
                self.abandon_timers[table.code] = loop.call_later(
                    self.abandon_after, self._abandon, table
                )

    def _abandon(self, table: NetTable) -> None:
        self.abandon_timers.pop(table.code, None)
        if not table.connected():
            log.info("table %s: abandoned (nobody came back)", table.code)
            table.close("idle", "Nobody came back to the table")
            self._remove(table)

    def _remove(self, table: NetTable) -> None:
        self.tables.pop(table.code, None)
        self.opened_by.pop(table.code, None)
        for conn, _, seated in self.waiting.pop(table.code, []):
            if not seated.done():
                reason = "The table closed before the next deal"
                conn.push(p.encode(p.Error(code="wrong-code", reason=reason)))
                seated.set_result(False)
        timer = self.abandon_timers.pop(table.code, None)
        if timer is not None:
            timer.cancel()

    # -- sending, bots -------------------------------------------------------------------------

    def _flush(self, table: NetTable) -> None:
        for seat, data in table.take_outbox():
            conn = self.conns.get((table.code, seat))
            if conn is not None:
                conn.push(data)
        if table.closed:
            for seat in range(len(table.seats)):
                conn = self.conns.pop((table.code, seat), None)
                if conn is not None:
                    conn.table = None
                    conn.push(b"")
            self._remove(table)
            return
        self._seat_waiters(table)
        self._schedule_bots(table)

    def _schedule_bots(self, table: NetTable) -> None:
        loop = asyncio.get_running_loop()
        for turn in table.bot_turns():
            key = (table.code, turn.seat)
            if key in self.thinking:
                continue
            self.thinking.add(key)
            future = loop.run_in_executor(self.executor, decide, turn.player, turn.view)
            future.add_done_callback(functools.partial(self._bot_decided, table, turn, key))

    def _bot_decided(
        self, table: NetTable, turn: BotTurn, key: tuple[str, int], future: asyncio.Future[Move]
    ) -> None:
        self.thinking.discard(key)
        if future.cancelled():
            return
        error = future.exception()
        if error is not None:
            log.error("table %s: bot at seat %d failed: %r", table.code, turn.seat, error)
            return
        table.bot_move(turn, future.result())
        self._flush(table)

    # -- running -------------------------------------------------------------------------------

    def start(self, host: str, port: int, ssl_context: ssl.SSLContext | None = None) -> Any:
        """The websockets server (an async context manager), not yet listening."""
        return serve(
            self.handler,
            host,
            port,
            max_size=p.MAX_FRAME,
            max_queue=8,
            compression=None,  # small messages: deflate costs more CPU and memory than it saves
            ssl=ssl_context,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=2,  # a flooder's unread frames must not hold its closing for long
            logger=logging.getLogger("game.net.websockets"),
        )

    def shutdown(self, code: str = "shutdown", reason: str = "The server is stopping") -> None:
        """Tell every table it is closed (before the server stops)."""
        for table in list(self.tables.values()):
            table.close(code, reason)
            self._flush(table)
        self.executor.shutdown(wait=False, cancel_futures=True)


def _peer(ws: ServerConnection) -> str:
    try:
        host, port = ws.remote_address[:2]
    except (TypeError, ValueError):
        return "?"
    return f"{host}:{port}"


def tls_context(cert: str, key: str | None) -> ssl.SSLContext:
    """The operator's certificate (and key) for wss://."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="dame-de-pique-server",
        description="Serve online Dame de pique tables (no window).",
    )
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (0.0.0.0: all)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="TCP port (0: any free)")
    parser.add_argument("--tables", type=int, default=100, help="most tables open at once")
    parser.add_argument(
        "--node",
        default="",
        help="letter starting this process's table codes "
        "(for HAProxy's routing, see docs/deploy.md)",
    )
    parser.add_argument("--cert", help="TLS certificate (PEM) for wss://")
    parser.add_argument("--key", help="TLS private key (PEM), if not in the certificate file")
    parser.add_argument(
        "--idle",
        type=float,
        default=IDLE_TIMEOUT,
        help="seconds of silence before a connection is closed",
    )
    parser.add_argument(
        "--tables-per-address",
        type=int,
        default=TABLES_PER_ADDRESS,
        help="most tables one address may hold open (0: no limit)",
    )
    parser.add_argument(
        "--connections-per-address",
        type=int,
        default=CONNECTIONS_PER_ADDRESS,
        help="most connections one address may hold open (0: no limit)",
    )
    parser.add_argument(
        "--behind-proxy",
        action="store_true",
        help="take the client's address from X-Forwarded-For (HAProxy's option forwardfor)",
    )
    parser.add_argument(
        "--advertise",
        action="store_true",
        help="announce the server on the local network (zeroconf)",
    )
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error("--port must be from 0 to 65535")
    if args.tables < 1:
        parser.error("--tables must be at least 1")
    if args.tables_per_address < 0 or args.connections_per_address < 0:
        parser.error("the per-address limits are 0 (none) or more")
    if any(c not in p.CODE_ALPHABET for c in args.node.upper()):
        parser.error(f"--node may only use {p.CODE_ALPHABET}")
    if args.key and not args.cert:
        parser.error("--key goes with --cert")
    return args


FULL_COLLECTION_EVERY: Final = 1000  # younger collections between two full ones (Python: 10)


def quiet_garbage_collection() -> None:
    """Fewer, not longer, pauses of the whole server. Measured at 300 tables (docs/deploy.md):
    a full collection took 150-190 ms of CPU, three in six seconds, each one a stall of every
    table over the 50-ms goal. What is loaded at start (modules, the engine's tables) is
    frozen out of every collection, and full collections come 100 times less often (cyclic
    garbage waits longer: the memory a table takes grows a little)."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)


async def run(
    args: argparse.Namespace,
    ready: Callable[[int], None] | None = None,
    context: ssl.SSLContext | None = None,
) -> None:
    """Serve until SIGINT or SIGTERM, then close every table and stop within about a second,
    whatever the connections (one that never finished its handshake included)."""
    tables = TableServer(
        max_tables=args.tables,
        node=args.node.upper(),
        idle_timeout=args.idle,
        tables_per_address=args.tables_per_address,
        connections_per_address=args.connections_per_address,
        trust_forwarded=args.behind_proxy,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    # Plain signal handlers, not loop.add_signal_handler: asyncio's handler only writes the
    # signal into the loop's self-pipe, which also takes a byte for every bot decision handed
    # back from its thread; a busy loop lets a few hundred fill it, and the signal was lost
    # (SIGTERM did nothing). A plain handler runs in the main thread whatever the pipe holds.
    previous = {
        sig: signal.signal(sig, lambda _sig, _frame: loop.call_soon_threadsafe(stop.set))
        for sig in (signal.SIGINT, signal.SIGTERM)
    }
    try:
        await _serve(tables, args, stop, ready, context)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


async def _serve(
    tables: TableServer,
    args: argparse.Namespace,
    stop: asyncio.Event,
    ready: Callable[[int], None] | None,
    context: ssl.SSLContext | None,
) -> None:
    quiet_garbage_collection()
    server: Server = await tables.start(args.host, args.port, context)
    port = _port(server)
    scheme = "wss" if context else "ws"
    log.info("serving up to %d tables on %s://%s:%d", args.tables, scheme, args.host, port)
    advert = None
    if args.advertise:
        from game.net.discovery import Advertiser

        advert = Advertiser()
        await advert.start_server(port, secure=context is not None)
    if ready is not None:
        ready(port)
    await stop.wait()
    log.info("stopping: closing %d table(s)", len(tables.tables))
    tables.shutdown()
    if advert is not None:
        await advert.close()
    await asyncio.sleep(0.1)  # let the writers send the closing messages
    # websockets' own close waits for every handshake under way (up to 10 s): a connection
    # that never finishes its handshake would hold the stop. Give the rest STOP_GRACE, then
    # cut what is left; asyncio.run cancels the handlers still running.
    server.close()
    try:
        await asyncio.wait_for(server.wait_closed(), STOP_GRACE)
    except TimeoutError:
        for task in asyncio.all_tasks():
            if task is not asyncio.current_task():
                task.cancel()
    log.info("stopped")


def _port(server: Server) -> int:
    for sock in server.sockets:
        return int(sock.getsockname()[1])
    return 0


class OneLineFormatter(logging.Formatter):
    """Every record on one line, a traceback included (joined with " | "), so an operator
    reads, greps and rotates one line per join, game or error."""

    def format(self, record: logging.LogRecord) -> str:
        return super().format(record).replace("\n", " | ")


class LogRateLimit(logging.Filter):
    """At most ``rate`` warning lines a second (``burst`` at once): a hostile client makes
    warnings at its own pace, and the log must stay readable and its disk unfilled. Lines
    beyond the limit are counted, and the next line written says how many were left out.
    Information lines (tables, seats, games) and errors always pass."""

    def __init__(
        self,
        rate: float = LOG_RATE,
        burst: float = LOG_BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.bucket_rate, self.bucket_burst, self.clock = rate, burst, clock
        self.reset()

    def reset(self) -> None:
        self.level_now = self.bucket_burst
        self.stamp = self.clock()
        self.left_out = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno != logging.WARNING:
            return True
        now = self.clock()
        self.level_now = min(
            self.bucket_burst, self.level_now + (now - self.stamp) * self.bucket_rate
        )
        self.stamp = now
        if self.level_now < 1:
            self.left_out += 1
            return False
        self.level_now -= 1
        if self.left_out:
            record.msg = f"({self.left_out} warning lines left out) {record.msg}"
            self.left_out = 0
        return True


LOG_LIMIT: Final = LogRateLimit()
log.addFilter(LOG_LIMIT)


def log_to_stderr() -> None:
    """The server's log: one line each for tables, seats, games and errors (the websockets
    library's own open/close lines, one more per connection, only when something is wrong)."""
    handler = logging.StreamHandler()
    handler.setFormatter(OneLineFormatter("%(asctime)s %(levelname)s %(message)s"))
    logging.basicConfig(level=logging.INFO, handlers=[handler])
    logging.getLogger("game.net.websockets").setLevel(logging.WARNING)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    log_to_stderr()
    context = None
    if args.cert:
        try:
            context = tls_context(args.cert, args.key)
        except OSError as exc:
            print(
                f"dame-de-pique-server: cannot read the certificate {args.cert}"
                f"{' or the key ' + args.key if args.key else ''}: {exc.strerror or exc}",
                file=sys.stderr,
            )
            return 1
        except ssl.SSLError as exc:
            print(
                f"dame-de-pique-server: the certificate {args.cert} cannot be used: {exc}",
                file=sys.stderr,
            )
            return 1
    try:
        asyncio.run(
            run(args, ready=lambda port: print(f"port {port}", flush=True), context=context)
        )
    except OSError as exc:
        print(
            f"dame-de-pique-server: cannot serve on {args.host}:{args.port}: {exc.strerror}",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
