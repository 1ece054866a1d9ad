"""Draw every card face and back on one contact sheet, to look at the card art.

python tools/card_sheet.py [out.png] [--width 120] [--four-colour]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from scenes.core.card_art import BACK_STYLES, CardArt
from scenes.core.card_shapes import card_height

FELT = (0, 110, 50)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="/tmp/cards_sheet.png")
    parser.add_argument("--width", type=int, default=120)
    parser.add_argument("--four-colour", action="store_true")
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    art = CardArt(four_colour=args.four_colour)
    width, height, gap = args.width, card_height(args.width), args.width // 12
    start = time.perf_counter()
    faces = [art.face(card, width) for card in range(52)]
    elapsed = time.perf_counter() - start
    print(f"52 faces at {width} px drawn in {elapsed * 1000:.0f} ms")
    rows = 5
    sheet = pygame.Surface((13 * (width + gap) + gap, rows * (height + gap) + gap))
    sheet.fill(FELT)
    for card, face in enumerate(faces):
        suit, rank = divmod(card, 13)
        sheet.blit(face, (gap + rank * (width + gap), gap + suit * (height + gap)))
    extras = [art.back(width, style) for style in range(len(BACK_STYLES))]
    extras += [art.greyed(card, width) for card in (36, 51, 8)]
    for i, surface in enumerate(extras):
        sheet.blit(surface, (gap + i * (width + gap), gap + 4 * (height + gap)))
    pygame.image.save(sheet, args.out)
    print(f"saved {args.out}")


if __name__ == "__main__":
    main()
