"""Screenshots of the table as a player of the classic game meets it, at 1280x800, 800x600,
2560x1440 and 720x1100, in English and French (headless, seeded: the same pictures every run).

    python tools/table_screenshots.py [OUT_DIR] [--sizes 1280x800,800x600] [--langs en,fr]

One game is played by synthetic events through a whole hand: the pass and its button naming the
neighbour, the cards received waiting for OK, a trick laid out by seat with the led card marked
and the turn ring, the last trick, the score sheet mid-hand, the score window with the totals,
the hand review with the tutor's reasons; then the daily challenge's table and the names in the
settings with their placeholders. Default folder: build/screenshots (not committed).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.records import daily
from scenes.core import i18n
from scenes.core.app import App, Options
from scenes.records import daily as daily_scene
from scenes.records.daily import DailyScene
from scenes.records.hand_review import HandReviewScene
from scenes.screens.settings import SettingsScene
from scenes.table import games
from scenes.table.last_trick import LastTrickScene
from scenes.table.score import ScoreScene
from scenes.table.table_scene import TableScene

FRAME = 1 / 60
SIZES = ((1280, 800), (800, 600), (2560, 1440), (720, 1100))
DAY = dt.date(2026, 7, 14)  # a daily challenge whose par tests/test_daily.py pins
DAY_PAR = (14, 7)


class Camera:
    """One app, driven by events, and where its pictures go."""

    def __init__(self, out: Path, size: tuple[int, int], lang: str, folder: Path) -> None:
        self.out = out
        self.prefix = f"table11_{size[0]}x{size[1]}_{lang}"
        options = Options(profile=folder, size=size, lang=lang, seed=5, speed="normal")
        self.app = App(options)
        self.app.start()
        self.app.prefs.new_game.level = "easy"
        self.shots: list[Path] = []

    def frames(self, n: int = 1) -> None:
        app = self.app
        for _ in range(n):
            for event in pygame.event.get():
                app.handle_event(event)
            app.stack.update(FRAME)
            app.stack.draw(app.screen)

    def until(self, done: Callable[[], object], seconds: float = 120) -> None:
        deadline = time.monotonic() + seconds
        while not done():
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.prefix}: the window did not get there in time")
            self.frames()
            time.sleep(0.001)

    def click(self, pos: tuple[int, int]) -> None:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.app.stack.handle_event(pygame.event.Event(kind, pos=pos, button=1))

    def key(self, k: int) -> None:
        event = pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")
        self.app.stack.handle_event(event)

    def shoot(self, name: str) -> None:
        app = self.app
        app.stack.draw(app.screen)
        app.draw_save_notice()
        path = self.out / f"{self.prefix}_{name}.png"
        pygame.image.save(app.screen, str(path))
        self.shots.append(path)


def first_legal(table: TableScene) -> int:
    legal = table.legal_cards()
    return next(c for c in table.model.hand if legal >> c & 1)


def play_a_hand(cam: Camera) -> None:
    """The pass, the cards received, a trick by seat, the last trick, the score sheet, the
    score window and the hand review."""
    app = cam.app
    games.new_game(app, app.prefs.new_game)
    table = app.stack.top
    assert isinstance(table, TableScene)
    cam.until(table.human_to_pass)
    for index in (0, 1, 2):  # the three lowest clicked, as a player would
        rect = table.hand.rects()[index]
        cam.click((rect.x + 6, rect.centery))
    cam.frames()
    cam.shoot("1_pass")
    cam.click(table.pass_button.rect.center)
    cam.until(lambda: table.hand.received and table.ok_button.visible)
    cam.frames(20)
    cam.shoot("2_received_wait_for_ok")
    cam.click(table.ok_button.rect.center)
    # On to the player's turn in the middle of a trick, after a first trick was taken.
    while True:
        cam.until(lambda: table.human_to_play() or app.stack.top is not table)
        if table.model.last_trick and len(table.model.trick) >= 2:
            break
        table.play_card(first_legal(table))
    cam.frames(30)
    cam.shoot("3_trick_by_seat_your_turn")
    cam.key(pygame.K_l)
    assert isinstance(app.stack.top, LastTrickScene)
    cam.shoot("4_last_trick")
    cam.key(pygame.K_ESCAPE)
    cam.key(pygame.K_s)
    assert isinstance(app.stack.top, ScoreScene)
    cam.shoot("5_score_sheet_mid_hand")
    cam.key(pygame.K_ESCAPE)
    # The rest of the hand at once, to the score window.
    app.prefs.speed = "instant"
    while not isinstance(app.stack.top, ScoreScene):
        cam.until(lambda: table.human_to_play() or app.stack.top is not table)
        if app.stack.top is table:
            table.play_card(first_legal(table))
    cam.frames(5)
    cam.shoot("6_score_window")
    window = app.stack.top
    assert isinstance(window, ScoreScene)
    review = next(b for b in window.buttons if b.label == "Review hand")
    review.action()
    scene = app.stack.top
    assert isinstance(scene, HandReviewScene) and scene.review is not None
    cam.until(lambda: all(f is None or f.done() for f in scene.futures), 300)
    cam.frames(3)
    # The step whose verdict is the longest (the tutor's reasons at their widest).
    lengths = []
    for step in range(scene.steps):
        scene.go(step)
        lengths.append(len(" ".join(scene.verdict_lines())))
    scene.go(lengths.index(max(lengths)))
    cam.frames(2)
    cam.shoot("7_hand_review")


def daily_table(cam: Camera) -> None:
    app = cam.app
    daily_scene.today = lambda: DAY  # type: ignore[assignment]
    app.profile.set_daily_par(DAY.isoformat(), daily.par_key(), *DAY_PAR)
    app.stack.push(DailyScene(app))
    scene = app.stack.top
    assert isinstance(scene, DailyScene)
    cam.until(scene.ready)
    scene.play()
    table = app.stack.top
    assert isinstance(table, TableScene)
    cam.until(table.human_to_pass)
    cam.frames()
    cam.shoot("8_daily")


def names(cam: Camera) -> None:
    app = cam.app
    app.stack.push(SettingsScene(app))
    cam.frames(2)
    cam.shoot("9_names_placeholders")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="build/screenshots", type=Path)
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--langs", default="en,fr")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(v) for v in size.split("x")) for size in args.sizes.split(",")]
    for size in sizes:
        for lang in args.langs.split(","):
            for tour in (play_a_hand, daily_table, names):
                with tempfile.TemporaryDirectory() as folder:
                    cam = Camera(args.out, (size[0], size[1]), lang, Path(folder))
                    try:
                        tour(cam)
                    finally:
                        cam.app.shutdown()
                        i18n.set_language("en")
                    for path in cam.shots:
                        print(path, flush=True)


if __name__ == "__main__":
    main()
