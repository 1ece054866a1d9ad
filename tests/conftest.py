"""The fixtures the test modules share: the ``app`` (a started window on a profile of the
test's own, in English) and the folder a test's screenshots go to.

A module changes the app by overriding one of the fixtures it is built from, the pytest way:
``profile_folder`` (where the profile lives) or ``new_game_level`` (the computer players' level
of a new game); its command line (size, seed, speed) is the ``app`` marker's."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scenes.core import i18n
from scenes.core.app import App, Options
from tests.helpers.xvfb import xvfb_display


@pytest.fixture
def profile_folder(tmp_path: Path) -> Path:
    """Where the ``app`` fixture's profile lives."""
    return tmp_path / "profile"


@pytest.fixture
def app_options(profile_folder: Path, request: pytest.FixtureRequest) -> Options:
    """The ``app`` fixture's command line: 1280x800 in English, changed for a module or a test
    by the ``app`` marker (``pytestmark = pytest.mark.app(speed="instant", seed=5)``)."""
    marker = request.node.get_closest_marker("app")
    changes: dict[str, Any] = dict(marker.kwargs) if marker is not None else {}
    return Options(**{"profile": profile_folder, "size": (1280, 800), "lang": "en", **changes})


@pytest.fixture
def new_game_level() -> str | None:
    """The level of a new game's computer players (None: the profile's own)."""
    return None


@pytest.fixture
def app(app_options: Options, new_game_level: str | None) -> Iterator[App]:
    """A started window; shut down after the test, the language back to English."""
    application = App(app_options)
    application.start()
    if new_game_level is not None:
        application.prefs.new_game.level = new_game_level
    yield application
    application.shutdown()
    i18n.set_language("en")


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """The folder for the test's screenshots: its own tmp_path, never the project's folder."""
    return tmp_path / "screenshots"


@pytest.fixture
def display() -> Iterator[str]:
    """An Xvfb display for a real-window test (skipped without Xvfb and xdotool, unless
    REQUIRE_XVFB=1)."""
    yield from xvfb_display()
