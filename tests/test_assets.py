"""The asset door: paths from source and from a PyInstaller bundle, clear errors, cached loads."""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from scenes.core import assets

PROJECT = Path(__file__).resolve().parent.parent


def test_asset_path_from_source_is_the_project_assets_folder() -> None:
    assert assets.asset_path("fonts", "x.ttf") == PROJECT / "assets" / "fonts" / "x.ttf"


def test_asset_path_when_frozen_uses_meipass(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets.asset_path("sounds", "card.wav") == tmp_path / "assets" / "sounds" / "card.wav"


def test_missing_asset_names_the_file() -> None:
    with pytest.raises(assets.AssetMissing) as info:
        assets.image("nowhere/nothing.png")
    assert "nothing.png" in str(info.value)
    assert isinstance(info.value, FileNotFoundError)


def test_font_is_cached_and_sized() -> None:
    pygame.font.init()
    assets.clear_cache()
    small = assets.font(12)
    assert small is assets.font(12)
    assert assets.font(40).get_height() > small.get_height()
    assert assets.font(12, bold=True) is not small


def _pixels(text: str) -> bytes:
    surface = assets.font(40).render(text, True, (0, 0, 0), (255, 255, 255))
    return bytes(pygame.image.tobytes(surface, "RGB"))


def test_shipped_font_draws_the_four_suit_symbols() -> None:
    """pygame's own font draws ♠♥♦♣ as four identical missing-glyph boxes; DejaVu draws them."""
    pygame.font.init()
    missing = _pixels("\ue000")  # a private-use code point: no font has a glyph for it
    suits = [_pixels(symbol) for symbol in "♠♥♦♣"]
    assert len(set(suits)) == 4
    assert missing not in suits
    missing_metrics = assets.font(40).metrics("\ue000")[0]
    assert all(m != missing_metrics for m in assets.font(40).metrics("♠♥♦♣"))


def test_font_licence_ships_beside_the_fonts() -> None:
    licence = assets.asset_path("fonts", "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in licence and "Permission is hereby granted" in licence


ICON_SIZES = (16, 32, 48, 64, 128, 256)


def test_icons_exist_at_every_size() -> None:
    for size in ICON_SIZES:
        icon = pygame.image.load(assets.asset_path("icon", f"icon-{size}.png"))
        assert icon.get_size() == (size, size)
        assert icon.get_at((size // 2, size // 2)).a == 255


def test_ico_holds_every_png_icon() -> None:
    data = assets.asset_path("icon", "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(ICON_SIZES))
    for i, size in enumerate(ICON_SIZES):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * i
        )
        assert (width or 256, height or 256, planes, bits) == (size, size, 1, 32)
        png = assets.asset_path("icon", f"icon-{size}.png").read_bytes()
        assert data[offset : offset + length] == png


def test_font_survives_pygame_quit() -> None:
    pygame.font.init()
    before = assets.font(21)
    pygame.font.quit()
    pygame.font.init()
    after = assets.font(21)
    assert after is not before
    assert after.render("♠", True, (0, 0, 0)).get_width() > 0
