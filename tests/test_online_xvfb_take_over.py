"""Issue 40, defect 2, with real windows under Xvfb: two windows hold one seat (the second has
the first's seat token, as a second window on the same profile or a copied profile would):
the second takes the seat once, the first is told so and stays out; the seat does not go back
and forth (it did about nine times a second)."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.engine.source import SeatChanged
from game.net.client import Address
from game.net.seat_book import SavedSeat, SeatBook
from game.records.profile import Profile
from tests.helpers.net import server_process
from tests.helpers.online_window import (
    ScriptHost,
    close_window,
    form_rows,
    join_by_typing,
    launch,
    returning_player,
)
from tests.helpers.xvfb import click, find_window, game_env, wait_until

pytestmark = pytest.mark.xvfb


@pytest.fixture
def server() -> Iterator[tuple[subprocess.Popen[str], Address]]:
    """A dedicated server in another process, on a free loopback port."""
    with server_process() as (process, port):
        yield process, Address("127.0.0.1", port)


def test_two_windows_on_one_seat_do_not_fight(
    display: str, server: tuple[subprocess.Popen[str], Address], tmp_path: Path
) -> None:
    _process, address = server
    host = ScriptHost(address)
    env = game_env(display)
    first_profile, second_profile = tmp_path / "first", tmp_path / "second"
    returning_player(first_profile)
    returning_player(second_profile)
    table = host.table
    first = launch(env, first_profile)
    second = None
    try:
        window = find_window(env, first)
        time.sleep(1.5)
        join_by_typing(env, window, form_rows(tmp_path / "layout"), address.port, table.code)
        assert wait_until(lambda: "remote" in table.kinds, 15), "the first window did not join"
        seat = table.kinds.index("remote")
        table.start()
        assert wait_until(table.has_view, 10), "no deal"
        # The second window knows the seat's token (kept in its profile too).
        assert wait_until(lambda: _kept(first_profile) is not None, 5), "no seat kept"
        kept = _kept(first_profile)
        assert kept is not None
        copy = Profile.open(second_profile)
        SeatBook(copy).remember(kept)
        copy.close()
        rows = form_rows(second_profile)
        label = next(r for r in rows["online"] if r.startswith("Back to table "))
        second = launch(env, second_profile)
        other = _second_window(env, second, window)
        time.sleep(1.5)
        table.poll()
        click(env, other, *rows["menu"]["Online table"])
        time.sleep(0.5)
        click(env, other, *rows["online"][label])
        # The second takes the seat; then, for three seconds, nobody takes it back.
        assert wait_until(lambda: _changes(table, seat) >= 1, 15), "the second did not sit"
        moved = 0
        for _ in range(30):
            time.sleep(0.1)
            moved += _changes(table, seat)
        assert moved == 0, f"the seat went back and forth {moved} times"
        assert table.kinds[seat] == "remote"
        assert first.poll() is None and second.poll() is None
    finally:
        for game in (first, second):
            if game is not None:
                close_window(game)
        host.close()


def _kept(profile: Path) -> SavedSeat | None:
    opened = Profile.open(profile)
    try:
        return SeatBook(opened).latest()
    finally:
        opened.close()


def _changes(table: object, seat: int) -> int:
    """Seat messages for ``seat`` since the last look (each take-over sends one)."""
    updates = table.poll()  # type: ignore[attr-defined]
    return sum(1 for u in updates if isinstance(u, SeatChanged) and u.seat == seat)


def _second_window(env: dict[str, str], game: subprocess.Popen[bytes], first: str) -> str:
    from tests.helpers.xvfb import WINDOW_CLASS, xdotool

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert game.poll() is None, "the second game exited"
        found = xdotool(env, "search", "--onlyvisible", "--class", WINDOW_CLASS).split()
        others = [w for w in found if w != first]
        if others:
            return others[0]
        time.sleep(0.2)
    raise AssertionError("the second window did not appear")
