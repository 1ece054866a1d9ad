"""Draw the game's icon: a queen of spades card on green felt (own design).

Writes ``assets/icon/icon-<size>.png`` for 16, 32, 48, 64, 128 and 256 pixels and
``assets/icon/icon.ico`` holding all of them (the ICO format allows PNG images inside).

    python tools/make_icon.py [--out assets/icon]
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.engine.cards import Suit
from scenes.core import assets
from scenes.core.card_shapes import GOLD, suit_surface

SIZES = (16, 32, 48, 64, 128, 256)
OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "icon"
SUPERSAMPLE = 4
FELT = (18, 112, 58)
FELT_DARK = (8, 72, 36)
INK = (20, 20, 20)


def draw_icon(size: int) -> pygame.Surface:
    """The icon at ``size`` pixels; below 48 pixels it leaves out the small details."""
    u = size * SUPERSAMPLE
    big = pygame.Surface((u, u), pygame.SRCALPHA)
    radius = round(u * 0.18)
    # Felt: a rounded square, lighter towards the middle.
    pygame.draw.rect(big, FELT_DARK, big.get_rect(), border_radius=radius)
    for step in range(12):
        f = step / 12
        colour = [round(d + (c - d) * f) for c, d in zip(FELT, FELT_DARK, strict=True)]
        inset = round(u * 0.03 + u * 0.25 * f)
        pygame.draw.rect(big, colour, big.get_rect().inflate(-inset, -inset), border_radius=radius)
    # The card, drawn upright, then turned a little.
    card_w, card_h = round(u * 0.56), round(u * 0.76)
    card = pygame.Surface((card_w, card_h), pygame.SRCALPHA)
    pygame.draw.rect(card, (60, 60, 60), card.get_rect(), border_radius=round(card_w * 0.1))
    line = max(SUPERSAMPLE, round(card_w * 0.025))
    pygame.draw.rect(
        card,
        (255, 255, 255),
        card.get_rect().inflate(-2 * line, -2 * line),
        border_radius=round(card_w * 0.09),
    )
    spade = suit_surface(Suit.SPADES, round(card_w * 0.68), INK)
    card.blit(spade, spade.get_rect(center=(card_w // 2, round(card_h * 0.58))))
    # A gold crown sits on the spade: the queen.
    cx, top, width = card_w * 0.56, card_h * 0.12, card_w * 0.48
    crown = [
        (cx - width / 2, top + width * 0.5),
        (cx - width / 2, top + width * 0.05),
        (cx - width / 4, top + width * 0.3),
        (cx, top),
        (cx + width / 4, top + width * 0.3),
        (cx + width / 2, top + width * 0.05),
        (cx + width / 2, top + width * 0.5),
    ]
    pygame.draw.polygon(card, GOLD, crown)
    if size >= 48:
        for px, py in crown[1:6:2]:
            pygame.draw.circle(card, (200, 30, 40), (px, py), width * 0.07)
        letter = assets.font(round(card_w * 0.22), bold=True).render("Q", True, INK)
        card.blit(letter, (round(card_w * 0.07), round(card_h * 0.02)))
    turned = pygame.transform.rotozoom(card, -12, 1.0)
    shadow = pygame.transform.rotozoom(card, -12, 1.0)
    shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MIN)
    centre = (u * 0.5, u * 0.52)
    big.blit(shadow, shadow.get_rect(center=(centre[0] + u * 0.025, centre[1] + u * 0.03)))
    big.blit(turned, turned.get_rect(center=centre))
    return pygame.transform.smoothscale(big, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (allowed since Windows Vista), smallest first."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, data = b"", b""
    for size in sizes:
        edge = 0 if size >= 256 else size  # 0 means 256 in the directory
        entries += struct.pack("<BBBBHHII", edge, edge, 0, 0, 1, 32, len(pngs[size]), offset)
        offset += len(pngs[size])
        data += pngs[size]
    return header + entries + data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw the game's icon.")
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    args.out.mkdir(parents=True, exist_ok=True)
    pngs = {}
    for size in SIZES:
        pngs[size] = png_bytes(draw_icon(size))
        (args.out / f"icon-{size}.png").write_bytes(pngs[size])
    (args.out / "icon.ico").write_bytes(ico_bytes(pngs))
    print(f"wrote {len(SIZES)} PNG icons and icon.ico to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
