"""End to end in a real X window: Xvfb, the game, and xdotool clicking through a pass and a trick
(the tools and when the tests are skipped: tests/helpers/xvfb.py)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers.xvfb import (
    ROOT,
    click,
    find_window,
    game_env,
    saved,
    saved_game,
    screenshot_folder,
    wait_until,
    xdotool,
)

pytestmark = pytest.mark.xvfb

SIZE = (1024, 700)


@pytest.mark.parametrize("players", [4, 3, 5])
def test_a_pass_and_a_trick_clicked_in_a_real_window(
    display: str, tmp_path: Path, shots: Path, players: int
) -> None:
    from scenes.table.layout import TableLayout

    profile = tmp_path / "profile"
    folder = screenshot_folder(shots)
    shot = folder / ("e2e-after-trick.png" if players == 4 else f"e2e-{players}p.png")
    shot.unlink(missing_ok=True)
    env = game_env(display)
    command = [sys.executable, "-m", "scenes", "--profile", str(profile), "--new-game"]
    command += ["--players", str(players)]
    command += ["--seed", "4", "--lang", "en", "--speed", "fast", "--size", f"{SIZE[0]}x{SIZE[1]}"]
    command += ["--screenshot", str(shot)]
    game = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        window = find_window(env, game)
        layout = TableLayout(SIZE, players)
        size = layout.hand_size
        rects = layout.hand_rects(size)

        def strip(index: int) -> tuple[float, float]:
            rect = rects[index]
            return rect.x + layout.spacing / 2, rect.y + rect.h * 0.6

        # The first hand passes left: once the game is under way (the computer players' passes
        # saved) and dealt, raise three cards and press the button, again until the pass is
        # saved (clicks that come while the cards are still dealt do nothing): on a loaded
        # machine the deal takes longer, so the attempts go on until a deadline, not a count.
        assert wait_until(lambda: saved(profile) is not None, 60), "the game did not start"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            time.sleep(1.0)  # the deal's cards land (nothing outside the window says when)
            for index in (size - 3, size - 2, size - 1):
                click(env, window, *strip(index))
            click(env, window, *layout.button.center)
            if wait_until(lambda: (m := saved(profile)) is not None and m.hand.passes[0], 4):
                break
        assert saved_game(profile).hand.passes[0], "the pass was not made"
        # The received cards wait, raised, for OK (the button where the pass button was).
        for _attempt in range(6):
            time.sleep(1.0)
            click(env, window, *layout.button.center)
            if wait_until(lambda: saved_game(profile).hand.turn == 0, 3):
                break
        # Play: when it is the player's turn, click the cards from the left until the engine
        # takes one (a refused card only shows why).
        assert wait_until(lambda: saved_game(profile).hand.turn == 0)
        time.sleep(1.0)  # the computer players' cards land first
        for index in [*range(size), *range(size)]:
            click(env, window, *strip(index))
            time.sleep(0.3)
            if saved_game(profile).hand.hands[0].bit_count() == size - 1:
                break
        held = saved_game(profile).hand.hands[0].bit_count()
        assert held == size - 1, "no card of the player was played"
        assert wait_until(lambda: len(saved_game(profile).hand.tricks) >= 1), (
            "the trick did not end"
        )
        time.sleep(1.0)
    finally:
        game.send_signal(signal.SIGTERM)  # the window closes like a click on its close box
        try:
            game.wait(20)
        except subprocess.TimeoutExpired:
            game.kill()
    stderr = game.stderr.read().decode() if game.stderr else ""
    assert game.returncode == 0, stderr
    assert "Traceback" not in stderr
    assert shot.is_file() and shot.stat().st_size > 10_000
    assert saved(profile) is not None  # closing mid-hand keeps the game to continue


@pytest.mark.parametrize("players", [3, 5])
def test_whole_games_of_three_and_five_in_a_real_window(
    display: str, tmp_path: Path, shots: Path, players: int
) -> None:
    """The demo plays a whole game at the window (every seat by the computer, every animation
    through the real display) and exits with success when it is over."""
    shot = screenshot_folder(shots) / f"e2e-demo-{players}p.png"
    shot.unlink(missing_ok=True)
    command = [sys.executable, "-m", "scenes", "--profile", str(tmp_path / "p"), "--demo"]
    command += ["--players", str(players), "--hands", "99", "--seed", "8", "--speed", "instant"]
    command += ["--lang", "en", "--size", f"{SIZE[0]}x{SIZE[1]}", "--screenshot", str(shot)]
    result = subprocess.run(
        command, cwd=ROOT, env=game_env(display), capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert shot.is_file() and shot.stat().st_size > 10_000


def test_the_window_class_is_the_program_name_from_source(display: str, tmp_path: Path) -> None:
    """Run from source with no SDL_VIDEO_X11_WMCLASS: the window's class is the one the .desktop
    entry expects (StartupWMClass), not SDL's guess from the script (``__main__.py``)."""
    desktop = (ROOT / "packaging" / "linux" / "dame-de-pique.desktop").read_text("utf-8")
    expected = next(
        line.split("=", 1)[1].strip()
        for line in desktop.splitlines()
        if line.startswith("StartupWMClass=")
    )
    env = game_env(display)
    del env["SDL_VIDEO_X11_WMCLASS"]
    command = [sys.executable, "-m", "scenes", "--profile", str(tmp_path / "profile")]
    command += ["--lang", "en", "--size", f"{SIZE[0]}x{SIZE[1]}"]
    game = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        # The only window on this display is the game's (xdotool cannot find SDL's by name).
        deadline = time.monotonic() + 30
        found: list[str] = []
        while time.monotonic() < deadline and not found:
            assert game.poll() is None, "the game exited before its window appeared"
            found = xdotool(env, "search", "--onlyvisible", "--class", ".").split()
            time.sleep(0.2)
        assert found, "the game window did not appear"
        classes = [
            subprocess.run(
                ["xprop", "-id", window, "WM_CLASS"],
                env=env,
                capture_output=True,
                text=True,
                check=False,
                timeout=5,
            ).stdout
            for window in found
        ]
        assert any(f'"{expected}"' in line for line in classes), classes
    finally:
        game.terminate()
        try:
            game.wait(10)
        except subprocess.TimeoutExpired:
            game.kill()
