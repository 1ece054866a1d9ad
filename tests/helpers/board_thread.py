"""The friends' board served on a free port in a thread, for the tests that need a real board."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as _dt
import threading
from collections.abc import Iterator

from game.net.board_server import BoardService, serve_board
from game.net.daily_board import Board


@contextlib.contextmanager
def board_in_thread(day: _dt.date, par: int) -> Iterator[int]:
    """A board whose today is ``day`` and whose par is ``par``; yields its port."""
    found: list[int] = []
    started = threading.Event()
    loop = asyncio.new_event_loop()
    service = BoardService(Board(verify_opponents=False), today=lambda: day, par=lambda _day: par)

    def ready(number: int) -> None:
        found.append(number)
        started.set()

    task = loop.create_task(serve_board(service, "127.0.0.1", 0, ready))

    def run() -> None:
        with contextlib.suppress(asyncio.CancelledError):
            loop.run_until_complete(task)
        loop.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert started.wait(10)
    yield found[0]
    loop.call_soon_threadsafe(task.cancel)
    thread.join(10)
