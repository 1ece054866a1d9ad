"""A table server inside the player's program (Menu > Online table > Host).

:class:`HostedServer` runs a :class:`~game.net.table_server.TableServer` on its own thread and event
loop, so the window never waits on it; the host's window then sits at the table through a
:class:`~game.net.client.RemoteTable` on loopback like anyone else. The server announces its
tables on the local network (zeroconf), says which addresses friends can use, and when the host
ends the table, every guest is told "The host left the table".

A host who leaves a dealt table (the Menu, by choice or by accident) does not end it: the
server *lingers* while the window stays open, the computer plays the host's seat, and the host
comes back with the seat token kept in the profile (Menu > Online table > Back to table). The
server stops once it holds no table (a table nobody is at closes after 5 minutes) or when the
program ends (every guest is then told the host left).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import errno
import logging
import socket
import threading
from collections.abc import Sequence
from typing import Final

from game.net.client import RemoteTable
from game.net.online_table import NetTable
from game.net.table_server import DEFAULT_PORT, TableServer

log = logging.getLogger("game.net.server")

START_TIMEOUT: Final = 5.0
LOOPBACK: Final = "127.0.0.1"  # where the host's own window sits at its table
LINGER_CHECK: Final = 1.0  # seconds between two looks at a lingering server's tables

_lingering: dict[int, HostedServer] = {}  # port -> a server its host left, its tables going on


def lingering_server(port: int) -> HostedServer | None:
    """The server this window hosts on ``port`` whose host has left its table, if any."""
    return _lingering.get(port)


def lingering_ports() -> tuple[int, ...]:
    """The ports of the servers whose host left their tables (they go on until they close)."""
    return tuple(sorted(_lingering))


class HostedServer:
    """A table server on a background thread. Check :attr:`error` after :meth:`start`."""

    def __init__(
        self,
        port: int = DEFAULT_PORT,
        *,
        listen: str = "0.0.0.0",
        advertise: bool = True,
        interfaces: Sequence[str] | None = None,
        **options: object,
    ) -> None:
        self.requested_port = port
        self.listen = listen
        self.advertise = advertise
        self.interfaces = interfaces
        self.options = options
        self.port = 0
        self.error = ""  # why it could not start, in a sentence
        self.port_in_use = False  # the reason: another program (or table) listens there
        self.tables: TableServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._up = threading.Event()
        self._tasks: set[asyncio.Future[None]] = set()
        self.lingering = False  # the host left a dealt table: it goes on until it closes
        self._thread = threading.Thread(target=self._run, name="table-server", daemon=True)

    def start(self) -> bool:
        """Start listening (waits at most a few seconds for the socket); False with
        :attr:`error` set when the port cannot be used."""
        self._thread.start()
        if not self._up.wait(START_TIMEOUT):
            self.error = "The table server did not start in time"
        return not self.error

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except OSError as exc:
            self.port_in_use = exc.errno in (errno.EADDRINUSE, errno.EACCES)
            self.error = f"Port {self.requested_port} cannot be used: {exc.strerror or exc}"
        except Exception as exc:  # say it rather than leave the window waiting
            log.exception("the hosted table server stopped")
            self.error = str(exc) or type(exc).__name__
        finally:
            self._up.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self.tables = TableServer(**self.options)  # type: ignore[arg-type]
        advertiser = None
        if self.advertise:
            from game.net.discovery import Advertiser

            interfaces = list(self.interfaces) if self.interfaces else None
            # Announce the addresses friends can use (the route out first), not whatever
            # gethostbyname(gethostname()) gives: on Windows often a Hyper-V, WSL or VPN
            # adapter, on macOS 127.0.0.1 (issue 32).
            reachable = [a for a in self.addresses() if not a.startswith("127.")] or None
            try:
                advertiser = (
                    Advertiser(interfaces=interfaces, addresses=interfaces)
                    if interfaces
                    else Advertiser(addresses=reachable)
                )
            except OSError as exc:  # no multicast here: the table works without announcing
                log.warning("tables cannot be announced on this network: %s", exc)

            def announce(table: NetTable) -> None:
                host = table.seats[table.host].name or "?"
                assert advertiser is not None
                task = asyncio.ensure_future(advertiser.start_table(self.port, table.code, host))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

            if advertiser is not None:
                self.tables.on_table_created = announce
        async with self.tables.start(self.listen, self.requested_port) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self._up.set()
            while not self._stop.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stop.wait(), LINGER_CHECK)
                if self.lingering and not self.tables.tables:
                    break  # the tables the host left are all closed
            _lingering.pop(self.port, None)
            self.tables.shutdown("host-left", "The host left the table")
            await asyncio.sleep(0.1)  # let the closing messages go out
            if advertiser is not None:
                await advertiser.close()

    def linger(self) -> None:
        """The host left: the tables go on (until none is left, or the program ends)."""
        if not self.lingering:
            self.lingering = True
            _lingering[self.port] = self
            atexit.register(self.stop)

    def stop(self, wait: float = 2.0) -> None:
        """Close every table ("The host left the table") and stop; returns within ``wait``."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stop.set)
        self._thread.join(wait)

    def addresses(self) -> list[str]:
        """The addresses friends can type (this computer's IPv4 addresses, loopback last)."""
        found: list[str] = []
        try:
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                address = str(info[4][0])
                if address not in found:
                    found.append(address)
        except OSError:
            pass
        try:  # the address of the route out (no packet is sent)
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect(("192.0.2.1", 9))
                address = probe.getsockname()[0]
                if address not in found:
                    found.insert(0, address)
        except OSError:
            pass
        found.sort(key=lambda a: a.startswith("127."))
        return found or ["127.0.0.1"]


class HostedTable(RemoteTable):
    """The host's own seat. Leaving it before the deal closes the server, so every guest is
    told "The host left the table" (the window never waits for that); leaving a dealt table
    leaves it to the computer and the friends (see the module docstring), unless the host
    chose to end it (:attr:`keep_table` False)."""

    server: HostedServer | None = None
    keep_table = True  # leaving a dealt table lets it go on

    @property
    def serves_table(self) -> bool:
        return self.server is not None and self.keep_table

    def end_table(self) -> None:
        self.keep_table = False

    def close(self) -> None:
        super().close()
        server, self.server = self.server, None
        if server is None:
            return
        if self.keep_table and self.started:
            server.linger()
            return
        _lingering.pop(server.port, None)
        self.mark_gone()  # the server stops: its tables with it
        threading.Thread(target=server.stop, name="table-server-stop", daemon=True).start()
