"""Assets through one door: every font, sound and image the window uses is found and loaded here.

Paths resolve relative to the project's ``assets/`` folder when running from source, and to
``sys._MEIPASS/assets`` inside a PyInstaller build (``build.spec`` must ship ``assets/`` as
``assets``). Each file is loaded once and cached; a missing file raises :class:`AssetMissing`,
which names it.

>>> asset_path("fonts", "DejaVuSans.ttf").name
'DejaVuSans.ttf'
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Final

import pygame

FONT_REGULAR: Final = "DejaVuSans.ttf"
FONT_BOLD: Final = "DejaVuSans-Bold.ttf"
SOUND_SUFFIX: Final = ".wav"


class AssetMissing(FileNotFoundError):
    """An asset file the game needs is not where it should be."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            f"missing game file: {path} (the installation is incomplete; reinstall the game "
            "or run it from the project folder)"
        )
        self.path = path


def assets_root() -> Path:
    """The ``assets`` folder: beside the packages from source, in ``_MEIPASS`` when frozen."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"


def asset_path(*parts: str) -> Path:
    """The path of an asset, e.g. ``asset_path("sounds", "card.wav")`` (not checked to exist)."""
    return assets_root().joinpath(*parts)


def existing_asset(*parts: str) -> Path:
    """Like :func:`asset_path` but raises :class:`AssetMissing` when the file is not there."""
    path = asset_path(*parts)
    if not path.is_file():
        raise AssetMissing(path)
    return path


_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's font (DejaVu Sans, which has the ♠♥♦♣ glyphs) at ``size`` pixels.

    Cached, and reloaded when ``pygame.quit()`` has invalidated the cached fonts.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    key = (max(1, int(size)), bool(bold))
    cached = _fonts.get(key)
    if cached is not None:
        try:
            cached.get_height()  # raises once the font module was quit since it was made
            return cached
        except pygame.error:
            _fonts.clear()
    path = existing_asset("fonts", FONT_BOLD if bold else FONT_REGULAR)
    loaded = _fonts[key] = pygame.font.Font(path, key[0])
    return loaded


def sound(name: str) -> pygame.mixer.Sound:
    """A sound from ``assets/sounds`` by name ("card" or "card.wav"); the mixer must be on.

    Cached per mixer set-up. Prefer :mod:`scenes.core.sound`, which stays silent without audio.
    """
    filename = name if Path(name).suffix else name + SOUND_SUFFIX
    return _sound(filename, pygame.mixer.get_init())


@functools.cache
def _sound(filename: str, mixer: object) -> pygame.mixer.Sound:
    return pygame.mixer.Sound(existing_asset("sounds", filename))


@functools.cache
def image(name: str) -> pygame.Surface:
    """An image by its path inside ``assets`` ("icon/icon-256.png"), converted for the display
    when one is set (call :func:`clear_cache` after the display mode changes to re-convert)."""
    surface = pygame.image.load(existing_asset(*Path(name).parts))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def clear_cache() -> None:
    """Forget every loaded asset (after ``pygame.quit()`` or a display change)."""
    _fonts.clear()
    _sound.cache_clear()
    image.cache_clear()
