"""The friends' board over websockets: ``/board/new`` and ``/board/<code>`` (docs/protocol.md,
"The friends' board").

:class:`BoardService` answers one connection at a time from its :meth:`handler`; the table
server can hand it the connections whose path starts with ``/board`` (a few lines in
``game/net/server.py``), or it runs alone::

    python -m game.net.board_server --port 8766 --file board.json

A result is checked (:func:`game.net.daily_board.check_result`: a replay through the engine,
and the date's challenge derived here) in a worker thread, so the loop never waits on it; so
is the date's par (the tutor's play of the hand, a few seconds once per date).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import concurrent.futures
import contextlib
import datetime as _dt
import logging
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net import board_protocol as bp
from game.net.connection import TokenBucket
from game.net.daily_board import Board, BoardRefusal, Standing
from game.net.protocol import ProtocolError
from game.records.daily import par_play

log = logging.getLogger("game.net.board_server")

DEFAULT_PORT: Final = 8766
HELLO_TIMEOUT: Final = 10.0  # seconds to send the first message
IDLE_TIMEOUT: Final = 600.0  # seconds of silence before the connection is closed
RATE: Final = 2.0  # messages a second on average...
BURST: Final = 10.0  # ...and at once; beyond, "flood" and the connection closes
GROUPS_PER_ADDRESS: Final = 8  # groups one address may create while the server runs
CONNECTIONS_PER_ADDRESS: Final = 16
PAR_DAYS: Final = 7  # the par is worked out for the dates this close to today, not others


class BoardService:
    """Every connection to the board: who is in which group, the limits, the pars."""

    def __init__(
        self,
        board: Board,
        *,
        today: Callable[[], _dt.date] = lambda: _dt.datetime.now(_dt.UTC).date(),
        par: Callable[[_dt.date], int] = lambda day: par_play(day).points,
        rate: float = RATE,
        burst: float = BURST,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.board = board
        self.today = today
        self.par_of = par
        self.rate, self.burst, self.clock = rate, burst, clock
        self.pars: dict[_dt.date, int | None] = {}  # None: being worked out
        self.watchers: dict[str, set[ServerConnection]] = collections.defaultdict(set)
        self.created: collections.Counter[str] = collections.Counter()
        self.connections: collections.Counter[str] = collections.Counter()
        self.pool = concurrent.futures.ThreadPoolExecutor(2, thread_name_prefix="board")
        self.tasks: set[asyncio.Task[None]] = set()  # the groups told of a par worked out

    async def handler(self, ws: ServerConnection) -> None:
        address = _peer(ws)
        if self.connections[address] >= CONNECTIONS_PER_ADDRESS:
            await _send(ws, bp.Error(code="refused", reason="Too many connections from you"))
            return
        self.connections[address] += 1
        code = ""
        try:
            code, name, token = await self._first(ws, address)
            if code:
                self.watchers[code].add(ws)
                await self._listen(ws, code, name, token)
        except ConnectionClosed:
            pass
        except Exception:  # never let one connection take the board down
            log.exception("unexpected error on a board connection")
        finally:
            self.connections[address] -= 1
            if self.connections[address] <= 0:
                del self.connections[address]
            if code:
                self.watchers[code].discard(ws)

    async def _first(self, ws: ServerConnection, address: str) -> tuple[str, str, str]:
        """The group joined (its code, the name and token), or ("", "", "") when refused."""
        path = ws.request.path if ws.request is not None else ""
        try:
            raw = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
            message = bp.decode_board_client(raw)
            if (
                isinstance(message, bp.CreateGroup | bp.Join)
                and message.version != bp.BOARD_VERSION
            ):
                raise ProtocolError(
                    "version",
                    f"This board speaks version {bp.BOARD_VERSION}, you {message.version}",
                )
            if isinstance(message, bp.CreateGroup) and path == "/board/new":
                if self.created[address] >= GROUPS_PER_ADDRESS:
                    raise BoardRefusal("full", "You have created as many groups as you may")
                code, token = self.board.create_group(message.name)
                self.created[address] += 1
            elif (
                isinstance(message, bp.Join) and path.startswith("/board/") and path != "/board/new"
            ):
                code = self.board.group(path.removeprefix("/board/")).code
                token = self.board.join(code, message.name, message.token)
            else:
                raise ProtocolError(
                    "malformed", "Say board-create on /board/new or board-hello on /board/<code>"
                )
        except TimeoutError:
            await _send(ws, bp.Error(code="idle", reason="Nothing was said in time"))
            return "", "", ""
        except ProtocolError as exc:
            await _send(ws, bp.Error(code=exc.code, reason=exc.reason))
            return "", "", ""
        except BoardRefusal as exc:
            await _send(ws, bp.Refused(code=exc.code, reason=exc.reason))
            return "", "", ""
        name = " ".join(message.name.split())
        await _send(ws, bp.Welcome(version=bp.BOARD_VERSION, code=code, name=name, token=token))
        await _send(ws, self.board_message(code, self.today()))
        return code, name, token

    async def _listen(self, ws: ServerConnection, code: str, name: str, token: str) -> None:
        bucket = TokenBucket(self.rate, self.burst, self.clock)
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), IDLE_TIMEOUT)
            except TimeoutError:
                await _send(
                    ws, bp.Error(code="idle", reason="Nothing was heard from you for too long")
                )
                return
            if not bucket.take():
                await _send(ws, bp.Error(code="flood", reason="Too many messages: slow down"))
                return
            try:
                message = bp.decode_board_client(raw)
                await self._answer(ws, code, name, token, message)
            except ProtocolError as exc:
                await _send(ws, bp.Error(code=exc.code, reason=exc.reason))
            except BoardRefusal as exc:
                await _send(ws, bp.Refused(code=exc.code, reason=exc.reason))

    async def _answer(
        self, ws: ServerConnection, code: str, name: str, token: str, message: bp.BoardClientMessage
    ) -> None:
        if isinstance(message, bp.Show):
            await _send(ws, self.board_message(code, bp.read_date(message.date)))
        elif isinstance(message, bp.Result):
            day = bp.read_date(message.date)
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(
                self.pool,
                lambda: self.board.submit(
                    code, name, token, day, message.points, message.hand, self.today()
                ),
            )
            await _send(ws, bp.Accepted(date=message.date, points=message.points))
            await self.tell_group(code, day)
        else:
            raise ProtocolError("malformed", "You are in a group already")

    async def tell_group(self, code: str, day: _dt.date) -> None:
        board = self.board_message(code, day)
        for other in list(self.watchers.get(code, ())):
            with contextlib.suppress(ConnectionClosed):
                await _send(other, board)

    def board_message(self, code: str, day: _dt.date) -> bp.BoardMessage:
        par = self.par(day)
        lines = [_line(s, par) for s in self.board.standings(code, day)]
        return bp.BoardMessage(date=day.isoformat(), par=par, lines=lines)

    def par(self, day: _dt.date) -> int | None:
        """The date's par, or None while it is worked out (the groups hear when it is). Only
        for the days around today: a par is seconds of search, not to be asked for any date."""
        if day in self.pars:
            return self.pars[day]
        if abs((day - self.today()).days) > PAR_DAYS:
            return None
        self.pars[day] = None
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.pool, self.par_of, day)

        def done(result: asyncio.Future[int]) -> None:
            if result.exception() is None:
                self.pars[day] = result.result()
                for group in list(self.watchers):
                    task = loop.create_task(self.tell_group(group, day))
                    self.tasks.add(task)
                    task.add_done_callback(self.tasks.discard)
            else:
                del self.pars[day]

        future.add_done_callback(done)
        return None


def _line(standing: Standing, par: int | None) -> bp.Line:
    against = None if par is None or standing.points is None else standing.points - par
    return bp.Line(
        name=standing.name,
        points=standing.points,
        against_par=against,
        week=standing.week,
        days=standing.days,
        streak=standing.streak,
    )


async def _send(ws: ServerConnection, message: bp.BoardServerMessage) -> None:
    await ws.send(bp.encode_board(message).decode())


def _peer(ws: ServerConnection) -> str:
    try:
        return str(ws.remote_address[0])
    except (TypeError, IndexError):
        return "?"


async def serve_board(
    service: BoardService, host: str, port: int, ready: Callable[[int], None] | None = None
) -> None:
    """Serve until cancelled; ``ready`` is told the port (0 picks a free one)."""
    async with serve(service.handler, host, port, max_size=bp.MAX_BOARD_MESSAGE) as server:
        if ready is not None:
            ready(int(next(iter(server.sockets)).getsockname()[1]))
        await asyncio.Future()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.net.board_server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--file", help="keep the board in this JSON file")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr)
    try:
        board = Board(Path(args.file) if args.file else None)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        print(
            f"python -m game.net.board_server: {args.file}: not a board file ({exc})",
            file=sys.stderr,
        )
        return 2

    def ready(port: int) -> None:
        print(f"board on ws://{args.host}:{port}/board", flush=True)

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve_board(BoardService(board), args.host, args.port, ready))
    return 0


if __name__ == "__main__":
    sys.exit(main())
