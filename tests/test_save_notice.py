"""The "not saved" notice over every scene: a profile that cannot be written (a folder that
cannot be made, a read-only or full disk) opens the game anyway and says so in one sentence; a
save that fails during play is said once, tried again at every move, and its recovery said."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.records.profile import Profile
from scenes.core import i18n
from scenes.core.app import App, Options
from scenes.core.save_notice import PAPER
from scenes.table import games
from scenes.table.table_scene import TableScene
from tests.helpers.disk_faults import files_of, fill, set_read_only, small_disk
from tests.helpers.window import frame, local, session_of, shoot, until


def open_app(folder: Path, lang: str = "en", **kw: Any) -> App:
    # its own App: on a spoilt disk made first, opened again in a test
    app = App(Options(profile=folder, size=(1280, 800), lang=lang, speed="instant", **kw))
    app.start()
    frame(app)
    return app


def notice_on_screen(app: App) -> bool:
    """The notice's paper is painted at the top of the window."""
    return tuple(app.screen.get_at((4, 4)))[:3] == PAPER


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_no_usable_profile_folder_opens_the_game_and_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    app = open_app(blocker / "home")
    try:
        text = app.save_notice.text()
        assert text.startswith("Your profile cannot be written") and "not saved" in text
        assert notice_on_screen(app)
        games.new_game(app, app.prefs.new_game)
        frame(app, 3)
        assert isinstance(app.stack.top, TableScene) and notice_on_screen(app)
    finally:
        app.shutdown()


def test_a_read_only_profile_opens_the_saved_game_and_says_so(tmp_path: Path, shots: Path) -> None:
    with small_disk(tmp_path / "disk") as disk:
        app = open_app(disk, seed=3)
        games.new_game(app, app.prefs.new_game)
        frame(app, 30)
        app.shutdown()
        set_read_only(disk)
        before = files_of(disk)
        for lang in ("en", "fr"):
            app = open_app(disk, lang=lang)
            try:
                assert "read-only" in app.save_notice.text() or "lecture seule" in (
                    app.save_notice.text()
                )
                assert app.has_saved_game()
                games.continue_game(app)
                frame(app, 5)
                assert isinstance(app.stack.top, TableScene) and notice_on_screen(app)
                shoot(app, shots, f"profile-read-only-{lang}.png")
            finally:
                app.shutdown()
        assert files_of(disk) == before


def test_a_full_disk_opens_the_saved_game_and_says_so(tmp_path: Path, shots: Path) -> None:
    with small_disk(tmp_path / "disk") as disk:
        app = open_app(disk, seed=4)
        games.new_game(app, app.prefs.new_game)
        frame(app, 30)
        app.shutdown()
        fill(disk)
        before = files_of(disk)
        app = open_app(disk)
        try:
            assert "the disk is full" in app.save_notice.text()
            assert notice_on_screen(app)
            shoot(app, shots, "profile-disk-full-menu.png")
            games.continue_game(app)
            frame(app, 5)
            assert isinstance(app.stack.top, TableScene)
        finally:
            app.shutdown()
        assert files_of(disk) == before


def failing_saves(app: App, monkeypatch: pytest.MonkeyPatch, failing: list[bool]) -> None:
    """The profile's save fails with SQLite's "disk full" while ``failing[0]`` is true."""
    real = app.profile.save_game

    def save_game(data: Any, slot: str = "current") -> None:
        if failing[0]:
            error = sqlite3.OperationalError("database or disk is full")
            error.sqlite_errorcode = 13
            raise error
        real(data, slot)

    monkeypatch.setattr(app.profile, "save_game", save_game)


def test_a_save_failing_during_play_is_said_once_and_tried_at_every_move(
    tmp_path: Path,
    shots: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = open_app(tmp_path / "profile", seed=5, autoplay=True)
    try:
        table = app.stack.top
        assert isinstance(table, TableScene)
        failing = [True]
        failing_saves(app, monkeypatch, failing)
        caplog.set_level(logging.ERROR)
        moves = len(local(table).match.hand.plays)
        until(app, lambda: len(local(table).match.hand.plays) >= moves + 5)  # the computer plays on
        assert len(local(table).match.hand.plays) >= moves + 5
        assert app.save_notice.failures >= 5  # tried again at every move
        errors = [r for r in caplog.records if "cannot be saved" in r.getMessage()]
        assert len(errors) == 1  # said once, not at every card
        assert app.save_notice.text().startswith("The game could not be saved (the disk is full)")
        assert notice_on_screen(app)
        shoot(app, shots, "save-failing-during-play.png")
        failing[0] = False
        plays = len(local(table).match.hand.plays)
        until(app, lambda: len(local(table).match.hand.plays) > plays)
        assert app.save_notice.text() == "The game is saved again."
        saved = Profile.open(tmp_path / "profile").load_game()
        assert saved == session_of(table).to_saved()  # nothing lost: the whole game is saved
        app.save_notice.update(10.0)
        frame(app)
        assert app.save_notice.text() == "" and not notice_on_screen(app)
    finally:
        app.shutdown()


def test_from_the_command_line_a_read_only_profile_opens_the_window(tmp_path: Path) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["PYTHONPATH"] = str(root)
    with small_disk(tmp_path / "disk") as disk:
        Profile.open(disk).close()
        set_read_only(disk)
        before = files_of(disk)
        shot = tmp_path / "shot.png"
        args = ["--profile", str(disk), "--lang", "en", "--exit-after", "0.5"]
        result = subprocess.run(
            [sys.executable, "-m", "scenes", *args, "--screenshot", str(shot)],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, result.stderr  # exit 1 and no window before
        assert "was saved" not in result.stderr and "Traceback" not in result.stderr
        image = pygame.image.load(str(shot))
        assert tuple(image.get_at((4, 4)))[:3] == PAPER  # the notice is on screen
        assert files_of(disk) == before
