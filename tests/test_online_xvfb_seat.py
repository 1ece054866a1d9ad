"""The real program under Xvfb at an online table (issue 27): a server killed mid-hand is said
in a dialog (a grey window with a blue title bar over the table) instead of the table sitting
there looking live (item 5); a window closed and relaunched takes its seat back when it joins
the same table with the same name (item 6). The server is ``python -m game.net.server`` in its
own process; the host is a script."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.net.client import Address
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.online_window import (
    SIZE,
    ScriptHost,
    close_window,
    form_rows,
    join_by_typing,
    launch,
    returning_player,
    xdotool_keys,
)
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
def server() -> Iterator[tuple[subprocess.Popen[str], Address]]:
    """A dedicated server in another process, on a free loopback port (the test kills it)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "game.net.server", "--host", "127.0.0.1", "--port", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("port "), f"the server did not start: {line!r}"
        yield process, Address("127.0.0.1", int(line.split()[1]))
    finally:
        process.kill()
        process.wait(10)


def dialog_rect() -> pygame.Rect:
    """Where the table's "table gone" dialog lies in a window of SIZE (a connection lost for
    good: Try again, Back to the menu, Look at the table)."""
    choices = [("a", lambda: None), ("b", lambda: None), ("c", lambda: None)]
    dialog = ChoiceDialog(None, "", "", choices)  # type: ignore[arg-type]
    dialog.resize(SIZE)
    return dialog.rect


def test_a_server_killed_mid_hand_is_said_in_a_dialog(
    display: str, server: tuple[subprocess.Popen[str], Address], tmp_path: Path, shots: Path
) -> None:
    from scenes.table.layout import TableLayout

    process, address = server
    shot = screenshot_folder(shots) / "online-server-killed.png"
    shot.unlink(missing_ok=True)
    host = ScriptHost(address)
    env = game_env(display)
    returning_player(tmp_path / "profile")
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
        click(env, window, *rows["menu"]["Online table"])
        time.sleep(0.3)
        click(env, window, *rows["online"]["Join a table"])
        time.sleep(0.5)
        join = rows["join"]
        click(env, window, *join["Your name"])
        xdotool_keys(env, *["BackSpace"] * 24)
        xdotool(env, "type", "--delay", "30", "Bea")
        click(env, window, *join["Address"])
        xdotool(env, "type", "--delay", "30", f"127.0.0.1:{address.port}")
        click(env, window, *join["Table code"])
        xdotool(env, "type", "--delay", "30", host.table.code)
        click(env, window, *join["Join"])
        table = host.table
        assert wait_until(lambda: "remote" in table.kinds, 15), "the window did not join"
        seat = table.kinds.index("remote")
        table.start()
        assert wait_until(table.has_view, 10), "no deal"
        host.start_playing()
        layout = TableLayout(SIZE, 4)

        def strip(index: int) -> tuple[float, float]:
            rect = layout.hand_rects(13)[index]
            return rect.x + layout.spacing / 2, rect.y + rect.h * 0.6

        time.sleep(2.0)
        for _attempt in range(5):
            for index in (10, 11, 12):
                click(env, window, *strip(index))
            click(env, window, *layout.button.center)
            if wait_until(lambda: table.view().pass_chosen[seat], 3):
                break
        assert table.view().pass_chosen[seat], "the window's pass was not made"
        time.sleep(1.0)
        process.kill()  # mid-hand: no goodbye from the server
        process.wait(10)
        # The window tries its seat again for a few seconds, then says the table is gone.
        time.sleep(16)
        assert game.poll() is None, "the program ended"
    finally:
        game.send_signal(signal.SIGTERM)
        try:
            game.wait(20)
        except subprocess.TimeoutExpired:
            game.kill()
        host.close()
    stderr = game.stderr.read().decode() if game.stderr else ""
    assert game.returncode == 0, stderr
    assert "Traceback" not in stderr
    picture = pygame.image.load(str(shot))
    rect = dialog_rect()
    bar = picture.get_at((rect.right - 12, rect.y + 14))[:3]
    assert bar[2] > 150 and bar[0] < 80, f"no dialog's title bar in the last frame ({bar})"
    grey = picture.get_at((rect.x + 12, rect.centery))[:3]
    assert max(grey) - min(grey) < 10 and grey[0] > 150, f"no dialog in the last frame ({grey})"


def test_a_window_closed_and_relaunched_takes_its_seat_back(
    display: str, server: tuple[subprocess.Popen[str], Address], tmp_path: Path
) -> None:
    _process, address = server
    host = ScriptHost(address)
    env = game_env(display)
    profile = tmp_path / "profile"
    returning_player(profile)
    table = host.table
    try:
        game = launch(env, profile)
        try:
            window = find_window(env, game)
            time.sleep(1.5)
            join_by_typing(env, window, form_rows(tmp_path / "layout"), address.port, table.code)
            assert wait_until(lambda: "remote" in table.kinds, 15), "the window did not join"
            seat = table.kinds.index("remote")
            table.start()
            assert wait_until(table.has_view, 10), "no deal"
            host.start_playing()
            time.sleep(2.0)
        finally:
            close_window(game)
        assert wait_until(lambda: table.kinds[seat] == "away", 10), "the seat was not left"
        assert table.names[seat] == "Bea"
        # Relaunched: Menu > Online table (which now offers the seat first) > Join, same name.
        rows = form_rows(profile)
        assert any(label.startswith("Back to table ") for label in rows["online"])
        game = launch(env, profile)
        try:
            window = find_window(env, game)
            time.sleep(1.5)
            join_by_typing(env, window, rows, address.port, table.code)
            back = wait_until(lambda: table.kinds[seat] == "remote", 15)
            assert back, "the relaunched window did not take its seat back"
            assert table.names.count("Bea") == 1
            assert wait_until(lambda: game.poll() is None, 2)
        finally:
            close_window(game)
    finally:
        host.close()
