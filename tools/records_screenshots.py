"""Screenshots of the statistics, the history, a game's chart, a hand review and the score sheet
with photos, at 800x600 and 1280x800, in French and English (headless).

    python tools/records_screenshots.py [OUT_DIR]     # default build/screenshots

The profile is a temporary one filled with seeded games, daily results and a sheet, so the
pictures are the same on every run.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import datetime as _dt
from typing import Any

import pygame

from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import MoonMode, Rules
from game.engine.save import save_match
from game.records.profile import ABANDONED, FINISHED, FinishedGame, Profile
from game.records.scoresheet import HandEntry, ScoreSheet

NAMES = ("Vous", "Ouest", "Nord", "Est")


def fill_profile(folder: Path, photo_dir: Path) -> None:
    """Seeded games (levels, a practice one, an abandoned one), a month of daily results, and a
    score sheet whose players have photos."""
    profile = Profile.open(folder)
    levels = ["easy", "medium", "hard", "hard", "medium", "easy", "hard"]
    for number, level in enumerate(levels):
        match = Match.new(Rules(target=100, moon=MoonMode.OTHERS_PLUS), seed=number + 1)
        play_match(
            match,
            [RandomPlayer(number * 10 + s) for s in range(4)],
            max_hands=3 if number == 5 else None,
        )
        abandoned = number == 5
        profile.record_game(
            FinishedGame(
                rules=match.rules.to_dict(),
                level=level,
                human_seat=0,
                names=NAMES,
                totals=tuple(match.totals),
                winners=() if abandoned else tuple(match.winners),
                practice=number == 2,
                hands=len(match.history),
                match=save_match(match),
                finished_at=f"2026-11-{3 * number + 2:02d}T19:30:00+00:00",
                outcome=ABANDONED if abandoned else FINISHED,
                levels=(None, level, level, level),
            )
        )
    today = _dt.date.today()
    for back in range(40, 0, -1):
        day = today - _dt.timedelta(days=back)
        if back % 6 == 3:
            continue  # a day not played
        points, par = (back * 7) % 11, 5
        profile.record_daily(day.isoformat(), points, par, 3)
    # players with photos, drawn here (our own pictures)
    ids = []
    colours = [(200, 60, 60), (60, 120, 200), (60, 170, 90), (220, 170, 40)]
    from scenes.records.photos import thumbnail_from_file

    for index, name in enumerate(("Anne", "Bruno", "Chloé", "David")):
        image = pygame.Surface((300, 300))
        image.fill(colours[index])
        pygame.draw.circle(image, (250, 220, 190), (150, 130), 80)
        pygame.draw.circle(image, (40, 40, 40), (120, 115), 10)
        pygame.draw.circle(image, (40, 40, 40), (180, 115), 10)
        pygame.draw.arc(image, (120, 40, 40), (105, 120, 90, 60), 3.5, 6.0, 5)
        pygame.draw.ellipse(image, (250, 220, 190), (60, 220, 180, 160))
        path = photo_dir / f"{name}.png"
        pygame.image.save(image, str(path))
        photo = thumbnail_from_file(str(path)) if index != 3 else None
        ids.append(profile.add_player(name, photo))
    rules = Rules(target=100, jack_of_diamonds=True)
    sheet = ScoreSheet(rules, ("Anne", "Bruno", "Chloé", "David"))
    sheet_id = profile.new_sheet(rules.to_dict(), ids, list(sheet.names))
    for entry in (
        HandEntry((13, 2, 8, -7), jack=3),
        HandEntry((0, 16, 0, 0), jack=1),
        HandEntry((5, -10, 17, 4), jack=1),
        HandEntry((1, 3, -10, 22), jack=2),
    ):
        sheet.add_hand(entry)
    profile.save_sheet_hands(sheet_id, [e.to_dict() for e in sheet.entries()], False, [])
    path = profile.path
    profile.close()
    import sqlite3

    with sqlite3.connect(path) as db:  # one damaged game: listed as such, never counted
        db.execute("UPDATE games SET totals = '\"oops\"' WHERE id = 4")


def settle(app: Any, seconds: float = 60.0, until: Any = None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for event in pygame.event.get():
            app.handle_event(event)
        app.stack.update(1 / 60)
        app.stack.draw(app.screen)
        if until is not None and until():
            break
        if until is None:
            break
        time.sleep(0.02)
    app.stack.update(1 / 60)
    app.stack.draw(app.screen)


def key(app: Any, code: int, text: str = "") -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text))


def typed(app: Any, text: str) -> None:
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def shoot(app: Any, path: Path) -> None:
    app.stack.draw(app.screen)
    pygame.image.save(app.screen, str(path))
    print(path)


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("build/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    from scenes.core import i18n
    from scenes.core.app import App, Options
    from scenes.records.hand_review import HandReviewScene
    from scenes.records.history import GameScene, HistoryScene
    from scenes.records.sheet import SheetListScene
    from scenes.records.statistics import StatisticsScene

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "profile"
        fill_profile(folder, Path(tmp))
        for lang in ("en", "fr"):
            for size in ((800, 600), (1280, 800)):
                tag = f"{lang}-{size[0]}x{size[1]}"
                app = App(Options(profile=folder, size=size, lang=lang))
                app.start()
                settle(app)
                shoot(app, out / f"menu-{tag}.png")
                stats_scene = StatisticsScene(app)
                app.stack.push(stats_scene)
                if _dt.date.today().day < 10:
                    stats_scene.change_month(-1)  # a month with days played
                settle(app, until=lambda s=stats_scene: s.figures is not None)
                shoot(app, out / f"statistics-{tag}.png")
                app.stack.remove(stats_scene)
                history = HistoryScene(app)
                app.stack.push(history)
                settle(app, until=lambda h=history: not h.busy())
                shoot(app, out / f"history-{tag}.png")
                key(app, pygame.K_DOWN)
                history.open_selected()
                game = app.stack.top
                assert isinstance(game, GameScene)
                settle(app)
                shoot(app, out / f"chart-{tag}.png")
                game.selected = 1
                game.review()
                review = app.stack.top
                assert isinstance(review, HandReviewScene)
                settle(app, 120, until=lambda r=review: not r.busy())
                # the first trick where the tutor would have played otherwise
                target = next(
                    (j.step for j in review.judgements.values() if not j.agrees and j.step > 0), 3
                )
                review.go(target)
                settle(app)
                shoot(app, out / f"review-{tag}.png")
                review.go(0)
                settle(app)
                shoot(app, out / f"review-pass-{tag}.png")
                app.stack.remove(history)
                sheets = SheetListScene(app)
                app.stack.push(sheets)
                settle(app)
                sheets.open_selected()
                settle(app)
                typed(app, "13")
                key(app, pygame.K_TAB)
                typed(app, "5")
                key(app, pygame.K_RETURN)
                settle(app)
                key(app, pygame.K_RIGHT)
                typed(app, "3" + ("v" if lang == "fr" else "j"))  # 3 beside the jack's mark
                key(app, pygame.K_RIGHT)
                typed(app, "10")
                settle(app)
                shoot(app, out / f"sheet-{tag}.png")
                sheet_scene = app.stack.top
                sheet_scene.buttons[1].action()  # Players
                settle(app)
                app.handle_event(pygame.event.Event(pygame.DROPFILE, file="/no/such/file.png"))
                settle(app)
                shoot(app, out / f"players-{tag}.png")
                app.shutdown()
                i18n.set_language("en")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
