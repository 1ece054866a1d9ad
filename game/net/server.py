"""The online table server's command line: its options, TLS, the garbage collector's tuning,
the signals that stop it (the tables themselves: :mod:`game.net.table_server`).

Run it without a window::

    python -m game.net.server --host 0.0.0.0 --port 8765 --tables 200
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import signal
import ssl
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from websockets.asyncio.server import Server

from game.net import protocol as p
from game.net.server_log import log, log_to_stderr
from game.net.table_server import (
    CONNECTIONS_PER_ADDRESS,
    DEFAULT_PORT,
    IDLE_TIMEOUT,
    TABLES_PER_ADDRESS,
    TableServer,
)

if TYPE_CHECKING:
    from game.net.board_server import BoardService

STOP_GRACE: Final = 0.5  # seconds a stop waits for connections to close before cutting them


def tls_context(cert: str, key: str | None) -> ssl.SSLContext:
    """The operator's certificate (and key) for wss://."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


def _parser() -> argparse.ArgumentParser:
    """The server's options: where it listens, its limits, what it keeps."""
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
        "--games",
        metavar="DIR",
        help="write each finished table's game in the notation (docs/notation.md) in DIR",
    )
    parser.add_argument(
        "--board",
        nargs="?",
        const="",
        metavar="FILE",
        help="serve the daily challenge's friends' board under /board (kept in FILE if given)",
    )
    parser.add_argument(
        "--advertise",
        action="store_true",
        help="announce the server on the local network (zeroconf)",
    )
    return parser


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = _parser()
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
    if args.games is not None and not Path(args.games).is_dir():
        parser.error(f"--games {args.games}: no such folder")
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
        games=None if args.games is None else Path(args.games),
        board=_board(args.board),
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


def _board(file: str | None) -> BoardService | None:
    """The friends' board when ``--board`` is given (``""``: kept in memory only)."""
    if file is None:
        return None
    from game.net.board_server import BoardService
    from game.net.daily_board import Board

    return BoardService(Board(Path(file) if file else None))


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
