"""The friends' board's file (the server's ``board.json``) and the player's ``friends.json`` are
written from more than one thread: the board server checks results in a pool of two threads
while its loop takes new members; the daily hand's sender thread keeps the board it is answered
with while the window queues the next result. Two saves at once shared one ``.tmp`` file: one
thread's half-written file could be moved into place, or the other's rename found nothing.

Each file must always be one the program can load, and hold the last state saved."""

from __future__ import annotations

import datetime as _dt
import json
import threading
from collections.abc import Callable
from pathlib import Path

from game.net.board_protocol import BoardMessage, Line
from game.net.daily_board import Board
from game.net.friends_book import FriendsBook

ROUNDS = 20  # saves by each writer, each followed by three more (a group holds 64 names)
DAY = _dt.date(2026, 12, 6)


def hammer(path: Path, writers: list[Callable[[int], None]]) -> int:
    """Run ``writers`` (each called with 0..ROUNDS-1) in threads of their own while the file is
    read again and again; returns how many reads there were. Any error in a writer, or a read
    that does not load, fails."""
    errors: list[BaseException] = []
    done = threading.Event()
    reads = 0

    def write(writer: Callable[[int], None]) -> None:
        try:
            for index in range(ROUNDS):
                writer(index)
        except BaseException as exc:  # (reported by the test's thread)
            errors.append(exc)

    def read() -> None:
        nonlocal reads
        while not done.is_set():
            try:
                json.loads(path.read_text(encoding="utf-8"))
                reads += 1
            except FileNotFoundError:
                pass  # not written yet
            except BaseException as exc:
                errors.append(exc)
                return

    threads = [threading.Thread(target=write, args=(w,)) for w in writers]
    reader = threading.Thread(target=read)
    reader.start()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    done.set()
    reader.join(timeout=60)
    assert not errors, errors
    assert not any(thread.is_alive() for thread in (*threads, reader))
    return reads


def test_the_board_file_survives_two_threads_saving_at_once(tmp_path: Path) -> None:
    file = tmp_path / "board.json"
    board = Board(file, verify_opponents=False)
    code, _token = board.create_group("Ann")

    def writer(prefix: str) -> Callable[[int], None]:
        def write(index: int) -> None:
            board.join(code, f"{prefix}{index}", None)  # a new member: saved
            for _ in range(3):
                board.save()

        return write

    reads = hammer(file, [writer("A"), writer("B")])
    assert reads > 0  # the file was read while it was written
    again = Board(file, verify_opponents=False)
    names = {m.name for m in again.group(code).members.values()}
    assert len(names) == 1 + 2 * ROUNDS
    assert names == {m.name for m in board.group(code).members.values()}
    assert [p.name for p in tmp_path.iterdir()] == ["board.json"]  # no temporary file left


def test_the_friends_file_survives_the_sender_and_the_window_saving_at_once(
    tmp_path: Path,
) -> None:
    book = FriendsBook.open(tmp_path)

    def sender(index: int) -> None:  # the board seen, as a sent result is answered
        line = Line(name="Ann", points=index, against_par=0, week=index, days=1, streak=1)
        for _ in range(3):
            book.keep_board(BoardMessage(date=DAY.isoformat(), par=7, lines=[line]))

    def window(index: int) -> None:  # a daily hand queued, then saved again
        book.queue(DAY + _dt.timedelta(days=index), index, f"hand {index}")
        for _ in range(3):
            book.save()

    reads = hammer(book.path, [sender, window])
    assert reads > 0
    again = FriendsBook.open(tmp_path)
    assert again.board is not None and again.board["lines"][0]["points"] == ROUNDS - 1
    assert again.waiting == book.waiting and again.waiting[-1].points == ROUNDS - 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["friends.json"]
