"""How fast History opens with many stored games, and how long its frames take (issue 28, item 4).

    nice -n 19 python benchmarks/history.py               # 2,000 games
    nice -n 19 python benchmarks/history.py --games 500

A real profile is filled with ``--games`` games (eight played ones, copied by SQL), the window is
opened headless and History pushed on it. Printed: the time from opening History to the list
shown (its newest games, read first in the worker, the moves left out), then to the whole list
in their place, the longest frame meanwhile, then the frame times while the selection walks down
the list. Goals: the list in <= 0.5 s, frames <= 16.7 ms. The machine is shared: run it under
nice and read the medians.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import Rules
from game.engine.save import save_match
from game.records.profile import FinishedGame, Profile
from scenes.core.app import App, Options
from scenes.records.history import HistoryScene

COLUMNS = (
    "finished_at, rules, level, human_seat, names, totals, winners, player_won, practice, hands,"
    " match, outcome, levels"
)


def fill(folder: Path, count: int) -> None:
    profile = Profile.open(folder)
    for seed in range(8):
        match = Match.new(Rules(), seed=seed)
        play_match(match, [RandomPlayer(seed * 10 + s) for s in range(4)])
        profile.record_game(
            FinishedGame(
                rules=match.rules.to_dict(),
                level="medium",
                human_seat=0,
                names=("You", "West", "North", "East"),
                totals=tuple(match.totals),
                winners=tuple(match.winners),
                practice=False,
                hands=len(match.history),
                match=save_match(match),
            )
        )
    path = profile.path
    profile.close()
    with sqlite3.connect(path) as db:
        while (have := db.execute("SELECT COUNT(*) FROM games").fetchone()[0]) < count:
            db.execute(
                f"INSERT INTO games ({COLUMNS}) SELECT {COLUMNS} FROM games ORDER BY id LIMIT ?",
                (min(have, count - have),),
            )


def frame(app: App) -> float:
    start = time.perf_counter()
    for event in pygame.event.get():
        app.handle_event(event)
    app.stack.update(1 / 60)
    app.stack.draw(app.screen)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--frames", type=int, default=120)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "profile"
        fill(folder, args.games)
        app = App(Options(profile=folder, size=(1280, 800), lang="en"))
        app.start()
        try:
            for _ in range(5):
                frame(app)  # the menu, settled
            app.thinker.submit(len, ()).result(timeout=120)  # the worker started, as in play
            start = time.perf_counter()
            scene = HistoryScene(app)
            app.stack.push(scene)
            waiting = []
            opened = 0.0
            shown = 0
            while scene.busy() or not scene.games:
                waiting.append(frame(app))
                if scene.games and not opened:
                    opened, shown = time.perf_counter() - start, len(scene.games)
                if time.perf_counter() - start > 60:
                    print("the list never appeared")
                    return 1
                time.sleep(0.001)
            whole = time.perf_counter() - start
            opened, shown = (opened, shown) if opened else (whole, len(scene.games))
            first, later = (waiting[0], waiting[1:]) if waiting else (0.0, [])
            print(
                f"history: the newest {shown} games listed in {opened * 1000:.0f} ms, all "
                f"{len(scene.games)} in {whole * 1000:.0f} ms; {len(waiting)} frames meanwhile: "
                f"the first (the window opening) {first * 1000:.1f} ms, the longest after it "
                f"{max(later, default=0) * 1000:.1f} ms"
            )
            times = []
            for index in range(args.frames):
                app.handle_event(
                    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")
                )
                if index % 40 == 39:
                    scene.selected = min(len(scene.games) - 1, scene.selected + 500)
                times.append(frame(app))
            ms = sorted(t * 1000 for t in times)
            print(
                f"frames while scrolling: median {statistics.median(ms):.1f} ms, "
                f"95th {ms[int(len(ms) * 0.95)]:.1f} ms, longest {ms[-1]:.1f} ms "
                f"(goal 16.7 ms)"
            )
        finally:
            app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
