"""The Windows stage's own helpers (tools/windows_ci.py, tools/windows_wine.py), on the host,
without Wine: what a Windows program inherits, and the registry as Wine saves it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "tools"
sys.path.insert(0, str(TOOLS))
import windows_ci  # noqa: E402
import windows_wine  # noqa: E402

USER_REG = r"""WINE REGISTRY Version 2
;; All keys relative to \\User\\S-1-5-21-0-0-0-1000

#arch=win64

[Control Panel\\Desktop\\WindowMetrics] 1796540852
"LogPixels"=dword:00000060

[Control Panel\\Desktop] 1796541718
#time=1dd85520fafcfc4
"IconTitleWrap"="1"
"LogPixels"=dword:00000090

[Software\\Wine\\Fonts] 1796541364
"LogPixels"=dword:00000060
"""


def made_prefix(folder: Path) -> windows_wine.Prefix:
    """A Prefix over a folder that looks made (no wineboot run)."""
    python = folder / "drive_c" / "Python311" / "python.exe"
    python.parent.mkdir(parents=True)
    python.touch()
    return windows_wine.Prefix(folder, folder / "no-env", display=":42")


def test_a_windows_program_gets_none_of_the_hosts_sdl_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With the host's SDL_VIDEODRIVER=dummy the game under Wine opened no window and drew
    # 1280x800, whatever the DPI: the 150 % check failed in every whole stage.
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    monkeypatch.setenv("DAME_SOMETHING", "kept")
    env = made_prefix(tmp_path).environ()
    assert "SDL_VIDEODRIVER" not in env
    assert "PYGAME_HIDE_SUPPORT_PROMPT" not in env
    assert env["DAME_SOMETHING"] == "kept"
    assert env["DISPLAY"] == ":42"
    assert env["WINEPREFIX"] == str(tmp_path)


def test_a_driver_asked_for_one_program_is_still_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    env = made_prefix(tmp_path).environ({"SDL_VIDEODRIVER": "dummy"})  # the Windows tests
    assert env["SDL_VIDEODRIVER"] == "dummy"


def test_reading_a_screenshot_sets_no_video_driver_for_what_follows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    import pygame

    picture = tmp_path / "shot.png"
    pygame.image.save(pygame.Surface((8, 8)), str(picture))
    assert windows_ci.load(picture).get_size() == (8, 8)
    assert "SDL_VIDEODRIVER" not in os.environ


def test_a_saved_user_value_is_read_from_its_own_key(tmp_path: Path) -> None:
    prefix = made_prefix(tmp_path)
    assert prefix.saved_user_value(r"Control Panel\Desktop", "LogPixels") is None  # no file
    (tmp_path / "user.reg").write_text(USER_REG, encoding="utf-8")
    assert prefix.saved_user_value(r"Control Panel\Desktop", "LogPixels") == "dword:00000090"
    assert prefix.saved_user_value(r"Software\Wine\Fonts", "LogPixels") == "dword:00000060"
    assert prefix.saved_user_value(r"Control Panel\Desktop", "Missing") is None
    assert prefix.saved_user_value(r"Control Panel\Mouse", "LogPixels") is None


def test_a_faulted_test_run_is_stopped_at_once_not_at_the_deadline() -> None:
    """Wine's "Unhandled page fault ... starting debugger..." left the Windows tests held by
    winedbg until the 10-minute deadline (2 whole stages of 4): the run is stopped as soon as
    Wine says so, and not counted as passed."""
    import subprocess
    import threading
    import time

    fault = "wine: Unhandled page fault on execute access to 0000000259D937EA, starting debugger..."
    held = [sys.executable, "-c", f"print({fault!r}, flush=True); import time; time.sleep(60)"]
    tests = object.__new__(windows_ci.WindowsTests)
    tests.process = subprocess.Popen(held, stdout=subprocess.PIPE, text=True)
    tests.output = []
    tests.started = time.perf_counter()
    tests.reader = threading.Thread(target=tests._read, daemon=True)
    tests.reader.start()
    try:
        begun = time.monotonic()
        assert tests.finish(timeout=50) is None
        assert time.monotonic() - begun < 30  # the deadline was 50 s; the fault stopped it
        assert tests.process.poll() is not None  # killed, not left behind
    finally:
        tests.stop()
