"""Screenshots of the teaching banner (the tutor's box above the hand) at 800x600, 1280x800 and
640x1000, English and French, normal and large cards: the pass with its three reasons, then a
trick in play with the tutor's reason (headless, seeded: the same pictures every run).

    python tools/teaching_screenshots.py [OUT_DIR] [--sizes 800x600,1280x800] [--langs en,fr]

Default folder: build/screenshots/teaching (not committed). Look at each: the box covers no
card of the trick, no fan, no plate and no button.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scenes.core import i18n
from scenes.table import games
from scenes.table.table_scene import TableScene
from tools.table_screenshots import Camera, first_legal

SIZES = ((800, 600), (1280, 800), (640, 1000))


def teaching_hand(cam: Camera, large: bool) -> None:
    """The pass with the tutor's three reasons, then the player's turn mid-trick."""
    app = cam.app
    cam.prefix += "_large" if large else "_normal"
    app.prefs.large_cards = large
    app.prefs.new_game.teaching = True
    games.new_game(app, app.prefs.new_game)
    table = app.stack.top
    assert isinstance(table, TableScene)
    cam.until(lambda: table.human_to_pass() and table.advisor.teaching_text())
    cam.frames(3)
    cam.shoot("teaching_1_pass")
    for card in table.advisor.teaching_cards():
        rect = table.hand.rects()[table.model.hand.index(card)]
        cam.click((rect.x + 6, rect.centery))
    cam.click(table.pass_button.rect.center)
    cam.until(lambda: table.hand.received and table.ok_button.visible)
    cam.click(table.ok_button.rect.center)
    while True:
        cam.until(lambda: table.human_to_play() or app.stack.top is not table)
        if table.model.last_trick and len(table.model.trick) >= 2:
            break
        table.play_card(first_legal(table))
    cam.until(lambda: bool(table.advisor.teaching_text()))
    cam.frames(30)
    cam.shoot("teaching_2_trick")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path("build/screenshots/teaching")
    parser.add_argument("out", nargs="?", default=default, type=Path)
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--langs", default="en,fr")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(v) for v in size.split("x")) for size in args.sizes.split(",")]
    for size in sizes:
        for lang in args.langs.split(","):
            for large in (False, True):
                with tempfile.TemporaryDirectory() as folder:
                    cam = Camera(args.out, (size[0], size[1]), lang, Path(folder))
                    try:
                        teaching_hand(cam, large)
                    finally:
                        cam.app.shutdown()
                        i18n.set_language("en")
                    for path in cam.shots:
                        print(path, flush=True)


if __name__ == "__main__":
    main()
