"""The real-window tests' tools: an Xvfb display, the game's environment on it, xdotool with a
timeout, and the saved game read back.

Skipped (with the reason) when Xvfb or xdotool is missing, unless REQUIRE_XVFB=1 (CI sets it),
in which case their absence fails the test. Debian 12's xdotool does not find SDL windows by
name and can hang with --sync, so the window is found by class in a loop and every call has a
timeout."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.engine.match import Match
from game.engine.save import load_match
from game.records.profile import Profile

ROOT = Path(__file__).resolve().parent.parent.parent
WINDOW_CLASS = "dame-de-pique-e2e"


def screenshot_folder(shots: Path) -> Path:
    """Where a real-window test's screenshot goes: the test's own folder, or E2E_SCREENSHOT_DIR
    when the person running the tests names one to look at the pictures."""
    folder = Path(os.environ.get("E2E_SCREENSHOT_DIR", shots))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def require_tools() -> None:
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if not missing:
        return
    reason = f"{' and '.join(missing)} not installed (apt-get install xvfb xdotool)"
    if os.environ.get("REQUIRE_XVFB") == "1":
        pytest.fail(f"REQUIRE_XVFB=1 but {reason}")
    pytest.skip(reason)


def xvfb_display() -> Iterator[str]:
    """An Xvfb server for the test's length: yields its display name (``:N``)."""
    require_tools()
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    try:
        number = b""
        deadline = time.monotonic() + 20
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            chunk = os.read(read_fd, 16)
            if not chunk:
                break
            number += chunk
        os.close(read_fd)
        if not number.strip():
            pytest.fail("Xvfb did not start")
        yield f":{number.strip().decode()}"
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


def xdotool(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        ["timeout", "5", "xdotool", *args], env=env, capture_output=True, text=True, check=False
    )
    return result.stdout.strip()


def find_window(env: dict[str, str], game: subprocess.Popen[bytes]) -> str:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert game.poll() is None, "the game exited before its window appeared"
        found = xdotool(env, "search", "--onlyvisible", "--class", WINDOW_CLASS).split()
        if found:
            return found[0]
        time.sleep(0.2)
    raise AssertionError("the game window did not appear")


def click(env: dict[str, str], window: str, x: float, y: float) -> None:
    xdotool(env, "mousemove", "--window", window, str(round(x)), str(round(y)))
    time.sleep(0.05)
    xdotool(env, "click", "1")
    time.sleep(0.15)


def saved(folder: Path) -> Match | None:
    data = Profile.open(folder).load_game()
    return None if data is None else load_match(data["match"])


def saved_game(folder: Path) -> Match:
    """The game saved in the profile at ``folder``, which must hold one."""
    match = saved(folder)
    assert match is not None, "no saved game"
    return match


def wait_until(condition: Callable[[], object], seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return False


def game_env(display: str) -> dict[str, str]:
    return {
        **os.environ,
        "DISPLAY": display,
        "SDL_VIDEODRIVER": "x11",
        "SDL_AUDIODRIVER": "dummy",
        "SDL_VIDEO_X11_WMCLASS": WINDOW_CLASS,
        "PYTHONPATH": str(ROOT),
    }
