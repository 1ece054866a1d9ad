"""A seat at an online table: :class:`RemoteTable`, a :class:`game.engine.source.TableSource` whose
game is played on a server.

The websocket runs in a background thread with its own asyncio loop, so nothing here blocks the
caller: :meth:`RemoteTable.poll` returns what arrived, :meth:`RemoteTable.send` queues a move
(the server checks it and answers with the events or a refusal). What goes wrong is told in
words (:class:`Problem`): refused, unreachable, wrong code, version mismatch, the host left.
A connection lost in a game is retried with the seat token, and the seat is taken back where
the game stands.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Final

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.engine.moves import Move
from game.engine.rules import Rules
from game.engine.source import HostControls, MoveRefused, SeatChanged, TableClosed, Update
from game.engine.view import SeatView
from game.net import protocol as p

log = logging.getLogger("game.net.client")

_GONE_TABLES: set[tuple[str, int, str]] = set()  # (host, port, code) of tables known to be over


def table_gone(host: str, port: int, code: str) -> bool:
    """Whether this program saw the table at ``code`` close (a seat kept
    there is then no use: the screens stop offering it)."""
    return (host, port, code.upper()) in _GONE_TABLES


CONNECT_TIMEOUT: Final = 5.0
RETRY_DELAYS: Final = (0.1, 0.3, 1.0, 2.0, 4.0)  # after a lost connection, with the seat token


class Problem(Enum):
    """Why a remote table cannot go on, in the words a player reads (the window translates)."""

    UNREACHABLE = "The table cannot be reached"
    REFUSED = "The table refused you"
    WRONG_CODE = "There is no table with this code"
    VERSION = "This table runs another version of the game"
    HOST_LEFT = "The host left the table"
    LOST = "The connection to the table was lost"
    CLOSED = "The table has closed"
    TAKEN_OVER = "Your seat is now played from another window"


class Status(Enum):
    CONNECTING = "connecting"
    SEATED = "seated"
    OVER = "over"  # closed by us, by the table, or by a problem (see RemoteTable.problem)


@dataclass(frozen=True)
class Address:
    """Where a table server listens: ``ws://host:port`` (``wss://`` with TLS)."""

    host: str
    port: int
    secure: bool = False

    def url(self, path: str) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.secure else 'ws'}://{host}:{self.port}{path}"


class RemoteTable(HostControls):
    """One person's seat at a table served elsewhere. Use :meth:`host` or :meth:`join`."""

    seat: int
    rules: Rules
    names: tuple[str, ...]

    def __init__(
        self,
        address: Address,
        first: p.Hello | p.Create,
        path: str,
        *,
        ssl_context: ssl.SSLContext | None = None,
        connect_timeout: float = CONNECT_TIMEOUT,
        retry_delays: tuple[float, ...] = RETRY_DELAYS,
        on_news: Callable[[], None] | None = None,
    ) -> None:
        self.address = address
        # Called on the network's thread after anything that changes what a screen shows (a
        # message, a retry, the end): the window wakes its loop with it.
        self.on_news = on_news
        self._first = first
        self._path = path
        self._ssl = ssl_context
        self._timeout = connect_timeout
        self._retry_delays = retry_delays
        self.name = first.name
        self.seat = -1
        self.rules = Rules()
        self.names = ()
        self.kinds: tuple[str, ...] = ()
        self.code = ""
        self.token: str | None = None
        self.host_seat = 0
        self.level = "medium"
        self.turn_seconds = 0  # the table's turn timer (0: none)
        self.started = False
        self.status = Status.CONNECTING
        self.problem: Problem | None = None
        self.problem_detail = ""  # the server's own sentence, when it gave one
        self.retrying = 0  # the attempts so far to take the seat back after a drop (0: none)
        self.connected = False  # the server answered (a newcomer may wait for the next deal)
        self.reconnects = 0  # how many times the seat was taken back after a lost connection
        self._view: SeatView | None = None
        self._updates: queue.SimpleQueue[Update] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outgoing: asyncio.Queue[bytes | None] | None = None
        self._ws: ClientConnection | None = None
        self._closing = False
        self._handed_on = False
        self._welcomes = 0
        self._started = threading.Event()
        self._seated = threading.Event()
        self._thread = threading.Thread(target=self._run, name="remote-table", daemon=True)
        self._thread.start()
        self._started.wait()

    @classmethod
    def host(
        cls,
        address: Address,
        name: str,
        rules: Rules | None = None,
        level: str = "medium",
        turn_seconds: int = 0,
        **options: object,
    ) -> RemoteTable:
        """Open a new table on the server at ``address`` and sit at it as its host
        (``turn_seconds``: the turn timer, 0 for none)."""
        spec = p.RulesSpec.of(rules or Rules())
        create = p.Create(
            version=p.PROTOCOL_VERSION,
            name=name,
            rules=spec,
            level=level,  # type: ignore[arg-type]
            turn_seconds=turn_seconds,
        )
        return cls(address, create, "/new", **options)  # type: ignore[arg-type]

    @classmethod
    def join(
        cls,
        address: Address,
        code: str,
        name: str,
        token: str | None = None,
        **options: object,
    ) -> RemoteTable:
        """Sit at table ``code`` (``token``: take back one's seat after a drop)."""
        hello = p.Hello(version=p.PROTOCOL_VERSION, name=name, token=token)
        code = "".join(code.split()).upper()
        return cls(address, hello, f"/t/{code}", **options)  # type: ignore[arg-type]

    # -- TableSource ---------------------------------------------------------------------------

    def view(self) -> SeatView:
        """What this seat knows now (only once seated and dealt: see :attr:`status`)."""
        if self._view is None:
            raise RuntimeError("the table has not dealt yet")
        return self._view

    def has_view(self) -> bool:
        return self._view is not None

    def poll(self) -> list[Update]:
        """What happened since the last poll, in order; never blocks."""
        out: list[Update] = []
        while True:
            try:
                out.append(self._updates.get_nowait())
            except queue.Empty:
                return out

    def send(self, move: Move) -> None:
        self._post(p.Play(move=str(move)))

    def ready(self) -> None:
        self._post(p.Ready())

    def close(self) -> None:
        """Leave the table (a bot takes the seat). Returns at once."""
        if self._handed_on:  # the scene that held the seat gave it to the next one
            self._handed_on = False
            return
        if self._closing:
            return
        self._closing = True
        self._post(p.Leave())
        self._post_raw(None)

    # -- the host's commands -------------------------------------------------------------------

    def start(self) -> None:
        """(host) Deal; bots sit in the empty seats."""
        self._post(p.Start())

    def play_again(self) -> None:
        """(host) The game is over: another at the same table, the same seats."""
        self._post(p.Again())

    def hand_on(self) -> None:
        """The window gives this seat to a new table scene (Play again): the old scene's
        closing must not leave the table."""
        self._handed_on = True

    def give_to_bot(self, seat: int) -> None:
        """(host) A bot plays ``seat`` (an idle friend's) from now on."""
        self._post(p.GiveToBot(seat=seat))

    def take_back(self) -> None:
        """Sit again in one's own seat after the host gave it to a computer player: the
        connection starts afresh with the seat token (returns at once)."""
        self.drop_connection()

    @property
    def is_host(self) -> bool:
        return self.seat == self.host_seat and self.seat >= 0

    # -- for tests and tools (these block) -----------------------------------------------------

    def wait_seated(self, timeout: float = 10.0) -> bool:
        self._seated.wait(timeout)
        return self.status is Status.SEATED

    def join_thread(self, timeout: float = 10.0) -> None:
        self._thread.join(timeout)

    def drop_connection(self) -> None:
        """Cut the connection as a network failure would (tests): the client reconnects."""
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None:
            loop.call_soon_threadsafe(ws.transport.abort)

    # -- the background thread ------------------------------------------------------------------

    def _post(self, message: p.ClientMessage) -> None:
        self._post_raw(p.encode(message))

    def _post_raw(self, data: bytes | None) -> None:
        loop, out = self._loop, self._outgoing
        if loop is not None and out is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop has just stopped
                loop.call_soon_threadsafe(out.put_nowait, data)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as exc:  # pragma: no cover (a bug: say it rather than die silently)
            log.exception("remote table stopped")
            self._fail(Problem.LOST, str(exc))

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._outgoing = asyncio.Queue()
        self._started.set()
        attempt = 0
        while True:
            welcomes = self._welcomes
            lost = await self._session()
            if self._welcomes != welcomes:
                attempt = 0  # that connection got its seat: a new drop gets every retry again
            if not lost or self._closing or self.token is None:
                break
            if attempt >= len(self._retry_delays):
                self._fail(Problem.LOST, "")
                break
            await asyncio.sleep(self._retry_delays[attempt])
            attempt += 1
            self.retrying = attempt
            self._news()
            # Take the seat back with its token (the table plays on with a bot meanwhile).
            self._first = p.Hello(version=p.PROTOCOL_VERSION, name=self.name, token=self.token)
            self._path = f"/t/{self.code}"
        if self.status is not Status.OVER:
            self.status = Status.OVER
        self._seated.set()
        self._news()

    async def _session(self) -> bool:
        """One connection; True when it was lost while seated (worth reconnecting)."""
        url = self.address.url(self._path)
        try:
            ws = await connect(
                url,
                open_timeout=self._timeout,
                max_size=p.MAX_SERVER_MESSAGE,
                compression=None,
                ssl=self._ssl,
                ping_interval=20,
                ping_timeout=20,
                close_timeout=2,
            )
        except Exception as exc:  # refused, no route, TLS, not a websocket: all unreachable
            if self.status is Status.SEATED:  # a reconnection attempt: try again later
                return True
            self._fail(Problem.UNREACHABLE, _why_unreachable(exc))
            return False
        self._ws = ws
        self.connected = True
        assert self._outgoing is not None
        sender: asyncio.Task[None] | None = None
        try:
            await ws.send(p.encode(self._first), text=True)  # before anything queued meanwhile
            sender = asyncio.create_task(self._send_loop(ws, self._outgoing))
            async for raw in ws:
                going_on = self._receive(raw)
                self._news()
                if not going_on:
                    return False
        except ConnectionClosed:
            pass
        finally:
            if sender is not None:
                sender.cancel()
            await ws.close()
            self._ws = None
        if ws.close_code == p.CLOSE_TAKEN_OVER:  # another window sits here now: stay out
            self._fail(Problem.TAKEN_OVER, p.TAKEN_OVER)
            return False
        return self.status is Status.SEATED and not self._closing

    async def _send_loop(self, ws: ClientConnection, out: asyncio.Queue[bytes | None]) -> None:
        try:
            while (data := await out.get()) is not None:
                await ws.send(data, text=True)
        except ConnectionClosed:
            return
        await ws.close()

    def _receive(self, raw: str | bytes) -> bool:
        """Take one server message; False when the session is over."""
        try:
            message = p.decode_server(raw)
        except p.ProtocolError as exc:
            log.warning("a message from the table was not understood: %s", exc)
            return True
        match message:
            case p.Welcome():
                self._welcome(message)
            case p.SeatUpdate():
                self._seat_changed(message.seat, message.name, message.kind)
            case p.Update():
                try:
                    events = [p.to_event(e) for e in message.events]
                    view = SeatView.from_dict(message.view)
                except ValueError as exc:
                    log.warning("a message from the table was not understood: %s", exc)
                    return True
                self._view = view
                self.started = True
                for event in events:
                    self._updates.put(event)
            case p.Refused():
                known = p.refusal_of(message)  # None: no code, or not one of ours
                if known is None:
                    self._updates.put(MoveRefused(message.move, message.reason))
                else:
                    self._updates.put(MoveRefused(message.move, message.reason, *known))
            case p.Error():
                if self.status is not Status.SEATED:
                    self._fail(_PROBLEM_OF_ERROR.get(message.code, Problem.REFUSED), message.reason)
                    return False
                log.warning("the table says: %s: %s", message.code, message.reason)
                self._updates.put(MoveRefused("", message.reason))  # the window says why
            case p.Closed():
                problem = _PROBLEM_OF_CLOSED.get(message.code, Problem.CLOSED)
                if problem is not Problem.TAKEN_OVER:
                    self.mark_gone()
                self._fail(problem, message.reason)
                return False
        return True

    def _welcome(self, message: p.Welcome) -> None:
        again = self.status is Status.SEATED
        self.retrying = 0
        self._welcomes += 1
        self.rules = message.rules.to_rules()
        self.seat = message.seat
        self.code = message.code
        self.token = message.token
        self.host_seat = message.host
        self.level = message.level
        self.turn_seconds = message.turn_seconds
        self.started = message.started
        self.names = tuple(s.name for s in message.seats)
        self.kinds = tuple(self._kind(s.seat, s.kind, s.name) for s in message.seats)
        if message.view is not None:
            self._view = SeatView.from_dict(message.view)
        self.status = Status.SEATED
        self._seated.set()
        if again:  # back after a drop: the window re-reads who sits where
            self.reconnects += 1
            for s in message.seats:
                self._updates.put(SeatChanged(s.seat, s.name, self._kind(s.seat, s.kind, s.name)))

    def mark_gone(self) -> None:
        """The table is over (closed): its kept seat is no use."""
        _GONE_TABLES.add((self.address.host, self.address.port, self.code.upper()))

    def _news(self) -> None:
        if self.on_news is not None:
            try:
                self.on_news()
            except Exception:  # the window's business: never the end of the connection
                log.exception("waking the window failed")

    def _kind(self, seat: int, kind: str, name: str) -> str:
        """The seat's kind as this window shows it: another person is ``remote``, and a seat
        a bot plays for a person who keeps it (under their name) is ``away``, and a person
        whose time ran out (the computer played for them) is ``idle``."""
        if kind == "away":
            return "idle"
        if seat == self.seat:
            return kind
        if kind == "human":
            return "remote"
        if kind == "bot" and not _computers_name(name):
            return "away"
        return kind

    def _seat_changed(self, seat: int, name: str, kind: str) -> None:
        if not 0 <= seat < len(self.names):
            return
        names, kinds = list(self.names), list(self.kinds)
        names[seat], kinds[seat] = name, self._kind(seat, kind, name)
        self.names, self.kinds = tuple(names), tuple(kinds)
        self._updates.put(SeatChanged(seat, name, kinds[seat]))

    def _fail(self, problem: Problem, detail: str) -> None:
        if self._closing and problem in (Problem.LOST, Problem.CLOSED):
            self.status = Status.OVER
            return
        was_seated = self.status is Status.SEATED
        self.problem, self.problem_detail = problem, detail
        self.status = Status.OVER
        self._seated.set()
        if was_seated:
            self._updates.put(TableClosed(problem.value))


_PROBLEM_OF_CLOSED: Final = {
    "host-left": Problem.HOST_LEFT,
    "taken-over": Problem.TAKEN_OVER,  # never retried: the other window keeps the seat
}
_PROBLEM_OF_ERROR: Final = {
    "wrong-code": Problem.WRONG_CODE,
    "version": Problem.VERSION,
}


def _computers_name(name: str) -> bool:
    """Whether a bot's seat goes by a computer player's name (the server's, see
    :data:`game.net.protocol.BOT_NAMES`), not by that of the person who keeps it."""
    return name in p.BOT_NAMES or (name.startswith("Bot ") and name[4:].isdigit())


def _why_unreachable(exc: BaseException) -> str:
    if isinstance(exc, TimeoutError):
        return "no answer"
    if isinstance(exc, ConnectionRefusedError):
        return "nothing listens at this address"
    if isinstance(exc, ssl.SSLCertVerificationError):
        return "its certificate is not one this computer trusts"
    if isinstance(exc, InvalidHandshake | ConnectionClosed | EOFError):
        return "this is not a Dame de pique table"
    return str(exc) or type(exc).__name__
