"""Screenshots of the daily challenge (issue 46), at 800x600 and 1280x800, in French and English
(headless): the day's screen on a par-0 day with its countdown, the result of that day (the
tutor's own hand: the par equalled), a practice share line, the Statistics calendar with beaten,
equalled, missed and practice days, a past day opened and its result, and the menu offering the
daily hand in progress.

    python tools/daily_screenshots.py [OUT_DIR]     # default build/screenshots/daily

The clock is set to 14 July 2026, 18:52:51 (a par-0 date pinned by tests/helpers/daily_pins.py)
and each shot gets a fresh temporary profile, so the pictures are the same on every run.
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

from game.records import daily
from game.records.profile import Profile

TODAY = _dt.date(2026, 7, 14)  # its par is 0
NOW = _dt.datetime(2026, 7, 14, 18, 52, 51)
PAST = _dt.date(2026, 1, 1)  # a past day, par 8
JULY = {  # day: (points, par, practice); the 11th is played only later, as practice
    1: (3, 5, False), 2: (4, 4, False), 3: (9, 5, False), 4: (0, 2, False),
    6: (2, 2, False), 7: (6, 3, True), 8: (1, 7, False), 9: (13, 6, False),
    10: (0, 0, False), 12: (5, 5, False), 13: (2, 6, False),
}  # fmt: skip


def fill_profile(folder: Path) -> None:
    profile = Profile.open(folder)
    for day, (points, par, practice) in JULY.items():
        profile.record_daily(f"2026-07-{day:02d}", points, par, 4, practice)
    profile.record_daily("2026-07-11", 3, 4, 4, True, past=True)
    for date in (TODAY, PAST):
        played = daily.par_play(date)
        profile.set_daily_par(date.isoformat(), daily.par_key(), played.points, played.tricks)
    profile.close()


def tutor_session(day: _dt.date, *, replay: bool = False, past: bool = False) -> Any:
    """The date's hand played out as the tutor played it (so it ends on the par)."""
    from scenes.table.session import GameSession

    challenge = daily.daily_challenge(day)
    played = daily.par_play(day)
    passes = {seat: list(cards) for seat, cards in challenge.opponent_passes.items()}
    session = GameSession.new_daily(
        day, challenge.pass_direction, passes, played.points, replay=replay, past=past
    )
    session.match.choose_pass(0, played.passed)
    for card in played.plays:
        session.match.play(card)
    return session


def daily_match(day: _dt.date) -> Any:
    """The date's match with the opponents' passes chosen, as the player finds it."""
    return daily.daily_challenge(day).new_match(opponents_passed=True)


def settle(app: Any, until: Any = None, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while True:
        for event in pygame.event.get():
            app.handle_event(event)
        app.stack.update(1 / 60)
        app.stack.draw(app.screen)
        if until is None or until() or time.monotonic() > deadline:
            return
        time.sleep(0.02)


def shoot(app: Any, path: Path) -> None:
    app.stack.draw(app.screen)
    pygame.image.save(app.screen, str(path))
    print(path)


def result_shot(app: Any, session: Any, path: Path) -> None:
    from scenes.records.daily import DailyScene
    from scenes.table import games
    from scenes.table.table_scene import TableScene

    table = TableScene(app, games.local_table(app, session, fresh=False))
    app.show_table(table)
    assert session.daily is not None
    chosen = None if session.daily.date == TODAY else session.daily.date
    app.stack.push(DailyScene(app, chosen).result(table))
    settle(app)
    shoot(app, path)


def shots(app: Any, out: Path, tag: str) -> None:
    from scenes.records.daily import DailyScene
    from scenes.records.statistics import StatisticsScene

    daily_screen = DailyScene(app)
    app.stack.push(daily_screen)
    settle(app, until=daily_screen.ready)
    shoot(app, out / f"daily-par0-countdown-{tag}.png")
    result_shot(app, tutor_session(TODAY), out / f"result-par0-{tag}.png")
    result_shot(app, tutor_session(TODAY, replay=True), out / f"result-practice-{tag}.png")
    app.to_menu()
    statistics = StatisticsScene(app)
    app.stack.push(statistics)
    settle(app, until=lambda: statistics.figures is not None)
    shoot(app, out / f"calendar-{tag}.png")
    app.to_menu()
    past = DailyScene(app, PAST)
    app.stack.push(past)
    settle(app, until=past.ready)
    shoot(app, out / f"past-day-{tag}.png")
    result_shot(app, tutor_session(PAST, past=True), out / f"past-result-{tag}.png")
    app.to_menu()
    in_progress = tutor_session(TODAY, replay=True)
    in_progress.match = daily_match(TODAY)  # dealt, not played yet
    app.save_game(in_progress)
    app.refresh_menu()
    settle(app)
    shoot(app, out / f"menu-daily-in-progress-{tag}.png")


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("build/screenshots/daily")
    out.mkdir(parents=True, exist_ok=True)
    from scenes.core import i18n
    from scenes.core.app import App, Options
    from scenes.records import daily as daily_scene
    from scenes.records import daily_words, statistics

    daily_scene.today = lambda: TODAY
    statistics.today = lambda: TODAY
    daily_words.now = lambda: NOW
    for lang in ("en", "fr"):
        for size in ((800, 600), (1280, 800)):
            with tempfile.TemporaryDirectory() as tmp:
                folder = Path(tmp) / "profile"
                fill_profile(folder)
                app = App(Options(profile=folder, size=size, lang=lang, speed="instant"))
                app.start()
                try:
                    shots(app, out, f"{lang}-{size[0]}x{size[1]}")
                finally:
                    app.shutdown()
                    i18n.set_language("en")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
