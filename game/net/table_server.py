"""The online table server: many tables in one asyncio process, over websockets.

A client opens ``/new`` and sends ``create`` to open a table (it becomes the host), or opens
``/t/<code>`` and sends ``hello`` to sit at one. Each table is a :class:`NetTable` (the engine
is the authority); this module moves its messages, enforces the connection's limits (frame size,
message rate, idle time), and runs the bots' decisions in an executor so the loop never waits on
an AI. ``docs/protocol.md`` documents the messages, ``docs/deploy.md`` running it for a club;
:mod:`game.net.server` is its command line.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import functools
import logging
import secrets
import ssl
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.ai import make_player
from game.engine.moves import Move
from game.engine.players import Player, decide
from game.net import protocol as p
from game.net.connection import CLOSE_TAKEN_OVER, Connection, TokenBucket
from game.net.online_table import BotTurn, NetTable, SitRefused
from game.net.server_log import log
from game.net.table_games import write_table_game

if TYPE_CHECKING:
    from game.net.board_server import BoardService

DEFAULT_PORT: Final = 8765
HELLO_TIMEOUT: Final = 10.0  # seconds for a new connection to say who it is
IDLE_TIMEOUT: Final = 900.0  # seconds of silence before a connection is closed
ABANDON_AFTER: Final = 300.0  # seconds a dealt table waits for someone to come back
RATE: Final = 20.0  # messages that change nothing a connection may send a second...
BURST: Final = 40.0  # ...and at once (a move the table plays is not counted)
TABLES_PER_ADDRESS: Final = 8  # tables one address may hold open at once (0: no limit)
CONNECTIONS_PER_ADDRESS: Final = 64  # websockets one address may hold open (0: no limit)


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
        games: Path | None = None,
        board: BoardService | None = None,
    ) -> None:
        """``games``: a folder where each finished table's game is written in the notation;
        ``board``: the friends' board, served on the same port under ``/board``."""
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
        # The turn timer's deadlines: table code -> seat -> (what it owes, the timer).
        self.turn_timers: dict[str, dict[int, tuple[tuple[object, ...], asyncio.TimerHandle]]] = {}
        self.executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=bot_workers, thread_name_prefix="bot"
        )
        self.on_table_created: Callable[[NetTable], None] | None = None  # for advertising
        self.games = games
        self.board = board

    # -- the websocket handler -----------------------------------------------------------------

    async def handler(self, ws: ServerConnection) -> None:
        path = ws.request.path if ws.request is not None else ""
        if self.board is not None and path.startswith("/board/"):  # the friends' board
            await self.board.handler(ws)
            return
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
        if not p.OLDEST_VERSION <= message.version <= p.PROTOCOL_VERSION:
            self._refuse(
                conn,
                "version",
                f"This table speaks version {p.PROTOCOL_VERSION} and you {message.version}",
            )
            return False
        conn.protocol = message.version
        if isinstance(message, p.Create):
            created = self._open_table(conn, message, path)
            if created is None:
                return False
            table, token = created, None
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
        if old is not None:  # the same person on a new connection: the old one is told so,
            # and must not take the seat back by itself (two windows fought over it, issue 40)
            old.table = None
            old.push(p.encode(p.Closed(code="taken-over", reason=p.TAKEN_OVER)))
            old.close_code = CLOSE_TAKEN_OVER
            old.push(b"")
        conn.table, conn.seat = table, seat
        table.seats[seat].protocol = conn.protocol
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

    def _open_table(self, conn: Connection, message: p.Create, path: str) -> NetTable | None:
        """A new table for ``conn``'s ``create`` (None: refused, and said)."""
        if path != "/new":
            self._refuse(conn, "malformed", "Create a table on /new")
            return None
        if len(self.tables) >= self.max_tables:
            self._refuse(conn, "refused", "This server holds as many tables as it may")
            return None
        mine = sum(a == conn.address for a in self.opened_by.values())
        if self.tables_per_address and mine >= self.tables_per_address:
            self._refuse(
                conn,
                "refused",
                "Your address has as many tables open as it may: finish or leave one first",
            )
            return None
        code = new_code(self.node, self.tables.__contains__)
        table = NetTable(
            code,
            message.rules.to_rules(),
            message.level,
            seed=self.seed_of(code),
            make_bot=self.make_bot,
            on_game_over=self._record_game,  # written when the server keeps its games
            turn_seconds=message.turn_seconds,
        )
        self.tables[code] = table
        self.opened_by[code] = conn.address
        log.info("table %s: opened by %s (%s)", code, message.name, _peer(conn.ws))
        return table

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

    def _record_game(self, table: NetTable) -> None:
        if self.games is not None:
            write_table_game(table, self.games)

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
        for _key, handle in self.turn_timers.pop(table.code, {}).values():
            handle.cancel()

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
        if table.turn_seconds:
            self._arm_turn_timers(table)

    def _arm_turn_timers(self, table: NetTable) -> None:
        """A deadline for each person the table waits for, from when they began to owe it;
        a deadline whose decision was made (or changed) is dropped."""
        owing = dict(table.owing())
        timers = self.turn_timers.setdefault(table.code, {})
        for seat in [s for s, (key, _) in timers.items() if owing.get(s) != key]:
            timers.pop(seat)[1].cancel()
        loop = asyncio.get_running_loop()
        for seat, key in owing.items():
            if seat not in timers:
                handle = loop.call_later(table.turn_seconds, self._turn_over, table, seat, key)
                timers[seat] = (key, handle)

    def _turn_over(self, table: NetTable, seat: int, key: tuple[object, ...]) -> None:
        """A person let the turn timer run out: the computer makes that decision for them."""
        self.turn_timers.get(table.code, {}).pop(seat, None)
        if table.closed or (seat, key) not in table.owing():
            return
        turn = table.time_out(seat)
        if turn is not None:
            loop = asyncio.get_running_loop()
            future = loop.run_in_executor(self.executor, decide, turn.player, turn.view)
            done = functools.partial(self._bot_decided, table, turn, (table.code, -1 - seat))
            future.add_done_callback(done)
        self._flush(table)

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
