"""The real-window online tests' shared parts: the window's size, a host played by a script,
where the menu's and the online screens' rows lie, and keys typed with xdotool."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from game.engine.players import RandomPlayer
from game.engine.rules import Rules
from game.net.client import Address, RemoteTable
from tests.helpers.net import play_friend
from tests.helpers.xvfb import ROOT, click, xdotool

SIZE = (1024, 700)


class ScriptHost:
    """The host's seat, played at random by a thread (it passes, plays and says ready)."""

    def __init__(self, address: Address) -> None:
        self.table = RemoteTable.host(address, "Ada", Rules(), level="easy")
        assert self.table.wait_seated(), "the script could not open a table"
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start_playing(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        player, done = RandomPlayer(seed=3), set[tuple[int, ...]]()
        while not self._stop.is_set():
            play_friend(self.table, player, done)
            time.sleep(0.01)

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(5)
        self.table.close()


def form_rows(profile: Path) -> dict[str, dict[str, tuple[int, int]]]:
    """Where the rows of the menu, of Online table and of Join are in a window of SIZE (the
    same scenes laid out here, without a display)."""
    from scenes.core.app import App, Options
    from scenes.screens.online.join import JoinScene
    from scenes.screens.online.lobby import OnlineScene

    app = App(Options(profile=profile, size=SIZE, lang="en"))
    try:
        app.start()
        found = {}
        for name, scene in (
            ("menu", app.stack.top),
            ("online", OnlineScene(app)),
            ("join", JoinScene(app)),  # not entered: no network browser here
        ):
            assert scene is not None
            scene.resize(SIZE)
            form = scene.form  # type: ignore[attr-defined]
            pairs = zip(form.rows, form.rects, strict=True)
            found[name] = {row.label: rect.center for row, rect in pairs}
        return found
    finally:
        app.shutdown()


def xdotool_keys(env: dict[str, str], *names: str) -> None:
    """Keys pressed on the real X display, one after the other."""
    for name in names:
        xdotool(env, "key", name)
        time.sleep(0.12)


def returning_player(profile: Path) -> None:
    """A profile whose player has been here before: the first launch's question of the name
    (scenes/screens/welcome.py) does not come over the menu the test clicks."""
    from game.records.profile import Profile

    seeded = Profile.open(profile)
    seeded.set_setting("welcomed", True)
    seeded.close()


def launch(env: dict[str, str], profile: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "scenes", "--profile", str(profile)]
    command += ["--lang", "en", "--speed", "fast", "--size", f"{SIZE[0]}x{SIZE[1]}"]
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )


def join_by_typing(
    env: dict[str, str],
    window: str,
    rows: dict[str, dict[str, tuple[int, int]]],
    port: int,
    code: str,
) -> None:
    click(env, window, *rows["menu"]["Online table"])
    time.sleep(0.3)
    click(env, window, *rows["online"]["Join a table"])
    time.sleep(0.5)
    join = rows["join"]
    click(env, window, *join["Your name"])
    xdotool_keys(env, *["BackSpace"] * 24)
    xdotool(env, "type", "--delay", "30", "Bea")
    click(env, window, *join["Address"])
    xdotool(env, "type", "--delay", "30", f"127.0.0.1:{port}")
    click(env, window, *join["Table code"])
    xdotool(env, "type", "--delay", "30", code)
    click(env, window, *join["Join"])


def close_window(game: subprocess.Popen[bytes]) -> None:
    game.send_signal(signal.SIGTERM)  # what the window manager's close does: the app quits
    try:
        game.wait(20)
    except subprocess.TimeoutExpired:
        game.kill()
    stderr = game.stderr.read().decode() if game.stderr else ""
    assert game.returncode == 0, stderr
    assert "Traceback" not in stderr
