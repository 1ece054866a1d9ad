"""The window on the person's screen (scenes/core/display.py, issue 39): DPI awareness declared
before SDL starts, a first window that fits the usable area, the size remembered after."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.records.profile import Profile
from scenes.core import display
from scenes.core.cli import DEFAULT_SIZE

ROOT = Path(__file__).resolve().parent.parent


def fits(size: tuple[int, int], usable: tuple[int, int], scale: float = 1.0) -> bool:
    """The window with its frame (borders, title bar) inside the usable area."""
    return (
        size[0] + display.FRAME[0] * scale <= usable[0]
        and size[1] + display.FRAME[1] * scale <= usable[1]
    )


@pytest.mark.parametrize(
    ("usable", "scale"),
    [
        ((1366, 728), 1.0),  # the common laptop, less a 40-px taskbar
        ((1920, 1032), 1.5),  # 1920x1080 at 150 % (a DPI-aware program sees pixels)
        ((1280, 680), 1.0),  # the same seen by a program that is not DPI aware
        ((1280, 760), 1.0),  # 1280x800 itself
    ],
)
def test_the_first_window_fits_the_usable_area_with_its_title_bar(
    usable: tuple[int, int], scale: float
) -> None:
    size = display.fitting_size(DEFAULT_SIZE, usable, scale)
    assert fits(size, usable, scale), size
    assert abs(size[0] / size[1] - 1.6) < 0.01  # the table's shape is kept


def test_a_scaled_screen_gets_a_window_as_large_as_at_100_percent_where_it_fits() -> None:
    assert display.fitting_size(DEFAULT_SIZE, (3840, 2100), 1.5) == (1920, 1200)
    assert display.fitting_size(DEFAULT_SIZE, (2560, 1400), 1.0) == DEFAULT_SIZE


def test_a_tiny_screen_still_gets_the_smallest_playable_window() -> None:
    assert display.fitting_size(DEFAULT_SIZE, (600, 400)) == (640, 480)


def test_the_size_is_remembered_and_bad_values_are_ignored(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    try:
        assert display.remembered_size(profile) is None
        display.remember_size(profile, (1100, 690))
        assert display.remembered_size(profile) == (1100, 690)
        for bad in ([1100], "1100x690", [True, 690], [1100, 10**6], None):
            profile.set_setting(display.SIZE_SETTING, bad)
            assert display.remembered_size(profile) is None, bad
    finally:
        profile.close()


def test_the_game_remembers_its_window_size_for_the_next_start(tmp_path: Path) -> None:
    """Run with no --size: the window's size is kept in the profile at the exit; a profile
    holding a size opens the window at it."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    profile = tmp_path / "profile"
    opened = Profile.open(profile)
    display.remember_size(opened, (1000, 625))
    opened.close()
    shot = tmp_path / "shot.png"
    command = [sys.executable, "-m", "scenes", "--profile", str(profile), "--exit-after", "0"]
    subprocess.run(
        [*command, "--screenshot", str(shot)], cwd=ROOT, env=env, check=True, timeout=120
    )
    import pygame

    assert pygame.image.load(str(shot)).get_size() == (1000, 625)
    reopened = Profile.open(profile)
    try:
        assert display.remembered_size(reopened) == (1000, 625)
    finally:
        reopened.close()


def test_dpi_awareness_is_declared_unless_already_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_WINDOWS_DPI_AWARENESS", raising=False)
    display.declare_dpi_awareness()
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"
    monkeypatch.setenv("SDL_WINDOWS_DPI_AWARENESS", "unaware")
    display.declare_dpi_awareness()
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "unaware"


def test_the_app_declares_dpi_awareness_before_sdl_starts() -> None:
    """SDL reads the variable when its video starts: App must set it before pygame.init()."""
    source = (ROOT / "scenes" / "core" / "app.py").read_text(encoding="utf-8")
    declared = source.index("display.declare_dpi_awareness()")
    assert declared < source.index("pygame.init()")
