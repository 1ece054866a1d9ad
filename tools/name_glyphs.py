"""Write game/net/name_glyphs.py: the characters the bundled font (DejaVu Sans, regular and
bold) can draw, as ranges of code points, read from the font with pygame's glyph metrics
(None for a missing glyph). The server has no pygame: it reads the table this writes.

Run again when the font changes: ``python tools/name_glyphs.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

ROOT = Path(__file__).resolve().parent.parent
FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
LAST = 0x2FFFF  # the planes a name could come from (letters, signs, emoji)


def drawable(font: pygame.font.Font, code: int, box: tuple[object, bytes]) -> bool:
    """Whether ``font`` has a glyph for ``code``: its metrics are None (older SDL_ttf), or
    it draws the font's empty box (``box``: the metrics and pixels of that box)."""
    if 0xD800 <= code <= 0xDFFF or not chr(code).isprintable():
        return False
    metrics = font.metrics(chr(code))[0]
    if metrics is None:
        return False
    if metrics != box[0]:
        return True
    try:
        image = font.render(chr(code), True, (0, 0, 0))
    except pygame.error:  # nothing to draw (a character of zero width): not for a name
        return False
    return pygame.image.tobytes(image, "RGBA") != box[1]


def empty_box(font: pygame.font.Font) -> tuple[object, bytes]:
    """What ``font`` draws for a character it lacks (U+FFFF is never one)."""
    image = pygame.image.tobytes(font.render("\uffff", True, (0, 0, 0)), "RGBA")
    return font.metrics("\uffff")[0], image


def ranges() -> list[tuple[int, int]]:
    pygame.font.init()
    fonts = [pygame.font.Font(str(ROOT / "assets" / "fonts" / name), 12) for name in FONTS]
    boxes = [empty_box(f) for f in fonts]
    found: list[tuple[int, int]] = []
    start: int | None = None
    for code in range(0x20, LAST + 2):
        ok = code <= LAST and all(drawable(f, code, b) for f, b in zip(fonts, boxes, strict=True))
        if ok and start is None:
            start = code
        elif not ok and start is not None:
            found.append((start, code - 1))
            start = None
    return found


def main() -> None:
    lines = [
        '"""The characters the bundled font (DejaVu Sans, regular and bold) draws, as inclusive',
        "ranges of code points; written by tools/name_glyphs.py from the font itself (pygame's",
        "glyph metrics), so the server, which has no pygame, refuses a name the windows would",
        'draw as empty boxes (an emoji)."""',
        "",
        "from typing import Final",
        "",
        "DRAWN: Final[tuple[tuple[int, int], ...]] = (",
        *(f"    ({a:#x}, {b:#x})," for a, b in ranges()),
        ")",
        "",
    ]
    (ROOT / "game" / "net" / "name_glyphs.py").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
