"""End to end over a real network and a real X window: the table server in its own process
(``python -m game.net.server``), a host played by a script (a :class:`RemoteTable`, computer
players in the empty seats), and the game program under Xvfb joining through Menu > Online table
> Join, the address and the code typed with xdotool, then its seat's hand clicked through to
the score window.

Skipped (with the reason) when Xvfb or xdotool is missing, unless REQUIRE_XVFB=1 (CI sets it):
see tests/helpers/xvfb.py. The menus are walked with the keys a
player would use (down arrow, Enter, typing); the cards and the pass button are clicked.
"""

from __future__ import annotations

import functools
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.hand import Phase
from game.net.client import Address
from tests.helpers.online_window import SIZE, ScriptHost, form_rows, xdotool_keys
from tests.helpers.xvfb import (
    ROOT,
    click,
    find_window,
    game_env,
    screenshot_folder,
    wait_until,
    xdotool,
)

pytestmark = pytest.mark.xvfb


@pytest.fixture
def server_address() -> Iterator[Address]:
    """A dedicated server in another process, on a free loopback port."""
    server = subprocess.Popen(
        [sys.executable, "-m", "game.net.server", "--host", "127.0.0.1", "--port", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()  # "port N" once it listens
        assert line.startswith("port "), f"the server did not start: {line!r}"
        yield Address("127.0.0.1", int(line.split()[1]))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
    stderr = server.stderr.read() if server.stderr else ""
    assert server.returncode == 0, stderr
    assert "Traceback" not in stderr


def test_the_window_joins_an_online_table_and_plays_a_hand(
    display: str, server_address: Address, tmp_path: Path, shots: Path
) -> None:
    from scenes.table.layout import TableLayout

    shot = screenshot_folder(shots) / "online-score.png"
    shot.unlink(missing_ok=True)
    host = ScriptHost(server_address)
    env = game_env(display)
    # A player who has been here before: the first launch's question of the name does not come.
    from game.records.profile import Profile

    seeded = Profile.open(tmp_path / "profile")
    seeded.set_setting("welcomed", True)
    seeded.close()
    command = [sys.executable, "-m", "scenes", "--profile", str(tmp_path / "profile")]
    command += ["--lang", "en", "--speed", "fast", "--size", f"{SIZE[0]}x{SIZE[1]}"]
    command += ["--screenshot", str(shot)]
    game = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        window = find_window(env, game)
        time.sleep(1.5)
        rows = form_rows(tmp_path / "layout")
        # Menu > Online table > Join a table, clicked as a person would.
        click(env, window, *rows["menu"]["Online table"])
        time.sleep(0.3)
        click(env, window, *rows["online"]["Join a table"])
        time.sleep(0.5)
        join = rows["join"]
        click(env, window, *join["Your name"])  # the name row edits (it holds a default)
        xdotool_keys(env, *["BackSpace"] * 24)
        xdotool(env, "type", "--delay", "30", "Bea")
        click(env, window, *join["Address"])
        xdotool(env, "type", "--delay", "30", f"127.0.0.1:{server_address.port}")
        click(env, window, *join["Table code"])
        xdotool(env, "type", "--delay", "30", host.table.code.lower())  # the row upper-cases it
        click(env, window, *join["Join"])
        table = host.table
        joined = wait_until(lambda: "remote" in table.kinds, 15)
        assert joined, "the window did not join the table"
        seat = table.kinds.index("remote")
        assert table.names[seat] == "Bea"
        table.start()
        assert wait_until(table.has_view, 10), "no deal"
        host.start_playing()

        layout = TableLayout(SIZE, 4)  # the window's own seat at the bottom

        def strip(count: int, index: int) -> tuple[float, float]:
            rect = layout.hand_rects(count)[index]
            return rect.x + layout.spacing / 2, rect.y + rect.h * 0.6

        # The pass (first hand: left): three cards raised and the button pressed, again if
        # the clicks came while the cards were still being dealt.
        time.sleep(2.0)
        for _attempt in range(5):
            for index in (10, 11, 12):
                click(env, window, *strip(13, index))
            click(env, window, *layout.button.center)
            if wait_until(lambda: table.view().pass_chosen[seat], 3):
                break
        assert table.view().pass_chosen[seat], "the window's pass was not made"

        # Each trick: when the window's seat is to play, click its cards from the left until
        # the table takes one (a refused card only shows why).
        def played(held: int) -> bool:
            return table.view().card_counts[seat] < held

        clicks = 0
        # A hand takes ~40 s here (0.6 s a turn, 0.4 s after each card the table refuses); the
        # loop ends with the hand, so the deadline only bounds a stuck table (45 s ran out on
        # the last trick under CI's load).
        start = time.monotonic()
        deadline = start + 120
        while time.monotonic() < deadline:
            view = table.view()
            if view.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
                break
            held = view.card_counts[seat]
            if view.phase is not Phase.PLAY or view.turn != seat:
                time.sleep(0.1)
                continue
            time.sleep(0.6)  # the others' cards land on the window's table first
            for index in [*range(held), *range(held)]:
                click(env, window, *strip(held, index))
                clicks += 1
                if wait_until(functools.partial(played, held), 0.4):
                    break
        view = table.view()
        waited = time.monotonic() - start
        assert view.phase is Phase.HAND_OVER, f"the hand did not end ({view.phase}, {waited:.0f} s)"
        assert view.hand_scores is not None and sum(view.hand_scores) in (26, 78)
        # Thirteen whole tricks: the window's seat played a card to each.
        assert len(view.tricks) == 13 and all(len(cards) == 4 for _l, cards, _w in view.tricks)
        time.sleep(2.5)  # the last trick lands and the score window opens
    finally:
        game.send_signal(signal.SIGTERM)  # closing the window leaves the table
        try:
            game.wait(20)
        except subprocess.TimeoutExpired:
            game.kill()
        host.close()
    stderr = game.stderr.read().decode() if game.stderr else ""
    assert game.returncode == 0, stderr
    assert "Traceback" not in stderr
    # The last frame is the score window: its grey panel over the middle of the felt.
    picture = pygame.image.load(str(shot))
    assert picture.get_size() == SIZE
    centre = picture.get_at((SIZE[0] // 2, SIZE[1] // 2))[:3]
    assert centre[1] <= centre[0] + 20, f"no score window in the last frame ({centre})"
    print(f"window seat {seat}: hand scores {view.hand_scores}, {clicks} card clicks")
