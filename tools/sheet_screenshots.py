"""Screenshots of the score sheet a family keeps (issue 41): the pad with the jack typed as on
paper, a correction shown as typed, the question before deleting a hand, the list of sheets, the
players, a finished sheet with its chart and its shared picture, and the wins per player, at
800x600 and 1280x800, in French and English (headless).

    python tools/sheet_screenshots.py [OUT_DIR]     # default build/screenshots/sheet

The profile is a temporary one with two sheets (one finished; long names, two players with the
same initial), so the pictures are the same on every run.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from typing import Any

import pygame

from game.engine.rules import Rules
from game.records.profile import Profile
from game.records.scoresheet import ScoreSheet, read_typed

NAMES = ("Marie-Christine", "Papa", "Léa", "Lucas")


def fill_profile(folder: Path) -> None:
    """A sheet with the jack of diamonds: three hands typed as on paper."""
    profile = Profile.open(folder)
    ids = [profile.add_player(name) for name in NAMES]
    rules = Rules(target=100, jack_of_diamonds=True)
    sheet = ScoreSheet(rules, NAMES)
    sheet_id = profile.new_sheet(rules.to_dict(), ids, list(NAMES))
    for typed, jack in (((13, 2, 5, -4), 3), ((26, 26, 16, 0), 2), ((0, 13, -3, 6), 2)):
        checked, _said = read_typed(rules, typed, jack, None, NAMES, len(sheet.hands))
        sheet.add_hand(checked.entry)
    profile.save_sheet_hands(sheet_id, [e.to_dict() for e in sheet.entries()], False, [])
    # a finished sheet, to 50 (the one the records and the shared picture show)
    rules = Rules(target=50)
    finished = ScoreSheet(rules, NAMES)
    done_id = profile.new_sheet(rules.to_dict(), ids, list(NAMES))
    for typed in ((13, 5, 8, 0), (0, 26, 26, 26), (4, 13, 9, 0), (0, 0, 0, 26)):
        checked, _said = read_typed(rules, typed, None, None, NAMES, len(finished.hands))
        finished.add_hand(checked.entry)
    status = finished.status()
    entries = [e.to_dict() for e in finished.entries()]
    profile.save_sheet_hands(done_id, entries, status.over, list(status.winners))
    profile.close()


def key(app: Any, code: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))


def typed(app: Any, text: str) -> None:
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def shoot(app: Any, path: Path) -> None:
    app.stack.update(1 / 60)
    app.stack.draw(app.screen)
    pygame.image.save(app.screen, str(path))
    print(path)


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("build/screenshots/sheet")
    out.mkdir(parents=True, exist_ok=True)
    from scenes.core.app import App, Options
    from scenes.records.players import PlayersScene
    from scenes.records.sheet import SheetListScene
    from scenes.records.sheet_pad import SheetScene
    from scenes.records.sheet_stats import SheetStatsScene

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "profile"
        fill_profile(folder)
        for lang in ("en", "fr"):
            for size in ((800, 600), (1280, 800)):
                tag = f"{lang}-{size[0]}x{size[1]}"
                app = App(Options(profile=folder, size=size, lang=lang))
                app.start()
                listing = SheetListScene(app)
                app.stack.push(listing)
                shoot(app, out / f"sheet-list-{tag}.png")  # the finished one first: "View"
                listing.open_selected()
                done = app.stack.top
                assert isinstance(done, SheetScene) and done.sheet.over
                shoot(app, out / f"sheet-finished-{tag}.png")
                done.share()
                shutil.copy(
                    app.profile.path.parent / f"sheet-{done.sheet_id}.png",
                    out / f"sheet-shared-{lang}.png",
                )
                done.show_chart()
                shoot(app, out / f"sheet-chart-{tag}.png")
                app.stack.remove(done)
                statistics = SheetStatsScene(app)
                app.stack.push(statistics)
                shoot(app, out / f"sheet-wins-{tag}.png")
                app.stack.remove(statistics)
                listing.selected = 1
                listing.open_selected()
                pad = app.stack.top
                assert isinstance(pad, SheetScene)
                pad.draft = None  # the figures kept by the last run's window: gone
                pad.back_to_new_hand()
                typed(app, "5")
                key(app, pygame.K_TAB)
                typed(app, "6v")
                key(app, pygame.K_TAB)
                typed(app, "7")
                shoot(app, out / f"sheet-jack-{tag}.png")
                key(app, pygame.K_RETURN)  # adds to 18: refused, the sentence shown
                shoot(app, out / f"sheet-refused-{tag}.png")
                key(app, pygame.K_UP)
                key(app, pygame.K_UP)  # hand 2: the moon typed as its scores
                shoot(app, out / f"sheet-correction-{tag}.png")
                key(app, pygame.K_DELETE, pygame.KMOD_CTRL)
                shoot(app, out / f"sheet-delete-{tag}.png")
                key(app, pygame.K_ESCAPE)
                key(app, pygame.K_ESCAPE)
                app.stack.push(PlayersScene(app))
                shoot(app, out / f"sheet-players-{tag}.png")
                app.stack.reset()  # the draft stays with the sheet, as on closing
                app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
