"""The program from the command line: options, clear messages for bad values, the demo, and a
game that survives being killed mid-hand."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pygame
import pytest

from game.engine.save import load_match
from game.records.profile import Profile
from game.records.profile.opening import PROFILE_FILE
from game.records.profile.saved_games import CURRENT_GAME
from scenes.core.app import App, Options
from scenes.screens.menu import MenuScene
from scenes.table.table_scene import TableScene
from tests.helpers.window import local

ROOT = Path(__file__).resolve().parent.parent
ENV = {
    **os.environ,
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "dummy",
    "PYTHONPATH": str(ROOT),
}


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scenes", *args],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_help_lists_the_options() -> None:
    result = run("--help")
    assert result.returncode == 0
    for option in ("--profile", "--seed", "--lang", "--demo", "--hands", "--screenshot", "--size"):
        assert option in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "10x10"], "out of range"),
        (["--size", "big"], "is not a size"),
        (["--seed", "-3"], "is not a seed"),
        (["--lang", "de"], "invalid choice"),
        (["--hands", "0", "--demo"], "is not a number of hands"),
        (["--hands", "2"], "--hands only goes with --demo"),
        (["--speed", "warp"], "invalid choice"),
        (["--screenshot", "shot.txt"], "must end in"),
        (["--screenshot", "/no/such/folder/shot.png"], "does not exist"),
        (["--exit-after", "soon"], "is not a time"),
        # issue 31, item 7: each of these was accepted, or named a function ("_seed")
        (["--seed", "²"], "is not a seed"),
        (["--hands", "³", "--demo"], "is not a number of hands"),
        (["--size", "1280x²"], "is not a size"),
        (["--exit-after", "inf"], "is not a time"),
        (["--exit-after", "1e400"], "is not a time"),
        (["--continue", "--new-game"], "--continue and --new-game cannot be used together"),
        (["--continue", "--autoplay"], "--continue and --autoplay cannot be used together"),
    ],
)
def test_bad_values_get_a_clear_message_and_no_traceback(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr  # not the usage block


def test_a_profile_folder_that_cannot_be_made_opens_the_window_and_says_so(
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    shot = tmp_path / "shot.png"
    result = run(
        "--profile", str(blocker / "sub"), "--exit-after", "0.5", "--screenshot", str(shot)
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert shot.exists()  # the window opened (what it says is checked in test_save_notice)
    assert blocker.read_text() == "x"


def test_the_demo_exits_zero_with_a_screenshot_and_the_startup_time(tmp_path: Path) -> None:
    shot = tmp_path / "last.png"
    result = run(
        "--demo",
        "--hands",
        "1",
        "--speed",
        "instant",
        "--seed",
        "3",
        "--profile",
        str(tmp_path / "p"),
        "--screenshot",
        str(shot),
        "--size",
        "1024x700",
        "--report-startup",
    )
    assert result.returncode == 0, result.stderr
    assert "startup: first frame after" in result.stdout
    assert pygame.image.load(str(shot)).get_size() == (1024, 700)
    assert not Profile.open(tmp_path / "p").has_game()


def _saved_plays(folder: Path) -> int:
    """The plays of the running game's saved hand, read without the profile's lock: opening the
    profile here would take the lock, and a game starting in that moment would find its profile
    in use and play without saving (the test then waited in vain under a loaded machine)."""
    database = folder / PROFILE_FILE
    if not database.exists():
        return -1
    try:
        with closing(sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True)) as db:
            query = "SELECT data FROM saved_games WHERE slot = ?"
            row = db.execute(query, (CURRENT_GAME,)).fetchone()
    except sqlite3.Error:  # not made yet, or being written
        return -1
    if row is None:
        return -1
    return len(json.loads(row[0])["match"]["hands"][-1]["plays"])


FAST_SEED = ("--seed", "12", "--speed", "fast")


def test_killed_mid_hand_the_same_position_is_offered_again(tmp_path: Path) -> None:
    folder = tmp_path / "profile"
    process = subprocess.Popen(
        [sys.executable, "-m", "scenes", "--autoplay", "--profile", str(folder), *FAST_SEED],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and _saved_plays(folder) < 6:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            time.sleep(0.1)
        assert _saved_plays(folder) >= 6, "the game was not saved while it was played"
    finally:
        process.kill()  # SIGKILL; TerminateProcess on Windows
        process.wait(10)
    saved = load_match(Profile.open(folder).load_game()["match"])
    assert saved.phase.value in ("play", "pass")
    # its own App: on the profile the killed process left
    app = App(Options(profile=folder, size=(1024, 700), speed="instant", lang="en"))
    try:
        app.start()
        menu = app.stack.top
        assert isinstance(menu, MenuScene) and menu.labels()[0] == "Continue"
        menu.form.rows[0].activate()
        table = app.stack.top
        assert isinstance(table, TableScene)
        assert local(table).match.hand.hands == saved.hand.hands
        assert local(table).match.hand.plays == saved.hand.plays
        assert local(table).match.totals == saved.totals
        app.stack.draw(app.screen)  # the continued position draws
    finally:
        app.shutdown()


def test_an_unexpected_error_is_one_line_and_a_crash_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from scenes.core import app as app_module

    def broken_run(self: App) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(app_module.App, "run", broken_run)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    code = app_module.main(["--profile", str(tmp_path), "--size", "800x600"])
    assert code == 1
    err = capsys.readouterr().err
    assert "an unexpected error stopped the game" in err and "Traceback" not in err
    assert "RuntimeError: boom" in (tmp_path / "crash.log").read_text()
