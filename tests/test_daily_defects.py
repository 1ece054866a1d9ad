"""Issue 46's defects of the daily challenge, each pinned: a par of 0 can be met and meeting it
keeps the streak; a practice hand's share line says so and nothing is copied unasked; a practice
hand in progress is called practice; the share line explains itself; the menu shows the daily
hand in progress."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import datetime as dt

import pygame
import pytest

from game.engine.cards import parse_cards
from game.records import daily, stats
from game.records.profile import DailyResult
from scenes.core.app import App, Options
from scenes.records import daily as daily_scene
from scenes.records.daily import DailyScene
from scenes.records.daily_result import DailyResultScene
from scenes.screens.menu import MenuScene
from scenes.table import games
from scenes.table.session import GameSession
from scenes.table.table_scene import TableScene
from tests.helpers.daily_pins import PARS, PASSES
from tests.helpers.window import daily_of, frames, top

ZERO_DAY = dt.date(2026, 7, 14)  # its par is 0 (tests/helpers/daily_pins.py)
d = dt.date


@pytest.fixture
def app_options(profile_folder: object) -> Options:
    return Options(profile=profile_folder, size=(1280, 800), lang="en", speed="instant")  # type: ignore[arg-type]


def stored(day: str, points: int, par: int, *, first: bool = True, practice: bool = False):  # type: ignore[no-untyped-def]
    return DailyResult(day, points, par, 3, first, practice, f"{day}T20:00:00+00:00")


# -- 1. a par of 0 can be met, and meeting it counts ----------------------------------------


def test_an_equalled_par_keeps_the_streak_of_pars() -> None:
    today = d(2026, 7, 14)
    history = {today - dt.timedelta(days=1): (0, 0, True), today: (0, 0, True)}
    # Two par-0 days met in a row: the streak of pars is 2 (it was 0, "beaten" being < par).
    assert daily.streaks(history, today) == daily.Streaks(2, 2, 2, 2)
    history[today - dt.timedelta(days=2)] = (4, 3, True)  # a missed day before them
    assert daily.streaks(history, today) == daily.Streaks(3, 3, 2, 2)


def test_the_calendar_has_a_mark_for_equalled_and_for_practice() -> None:
    results = [
        stored("2026-11-01", 3, 5),  # beaten
        stored("2026-11-02", 0, 0),  # equalled (a par of 0)
        stored("2026-11-03", 9, 5),  # missed
        stored("2026-11-04", 1, 5, practice=True),  # help used: practice
        stored("2026-11-05", 2, 6, first=False),  # a past day replayed: practice only
    ]
    figures = stats.daily_statistics(results, d(2026, 11, 6))
    marks = [figures.mark(d(2026, 11, n)).value for n in range(1, 7)]
    assert marks == ["beaten", "equalled", "missed", "practice", "practice", "not-played"]


# -- 2. and 4. the share line -----------------------------------------------------------------


def test_the_share_line_has_no_hearts_and_says_its_verdict() -> None:
    line = daily.share_text(d(2026, 12, 6), 13, 3, 1)  # the Q♠ alone: it showed ♥♥♥♥
    assert "♥" not in line and "♡" not in line
    assert "missed" in line and "13 pts" in line and "par 3" in line
    assert "equalled" in daily.share_text(d(2026, 12, 6), 0, 0, 2)


def result_screen(app: App, *, replay: bool) -> DailyResultScene:
    """The result screen of ``ZERO_DAY``'s hand played out by the engine alone."""
    passes = {seat: parse_cards(cards) for seat, cards in PASSES[ZERO_DAY].items()}
    direction = daily.daily_challenge(ZERO_DAY).pass_direction
    session = GameSession.new_daily(ZERO_DAY, direction, passes, PARS[ZERO_DAY][0], replay=replay)
    match = session.match
    match.choose_pass(0, match.hand.hand_cards(0)[:3])
    while not match.is_over:
        match.play(match.hand.legal_cards()[0])
    table = TableScene(app, games.local_table(app, session, fresh=False))
    app.show_table(table)
    result = DailyScene(app).result(table)
    assert isinstance(result, DailyResultScene)
    return result


def test_a_practice_share_line_says_so_and_nothing_is_copied_unasked(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    copied: list[str] = []
    monkeypatch.setattr(pygame.scrap, "put_text", copied.append)
    result = result_screen(app, replay=True)
    app.stack.push(result)
    frames(app)
    assert "(practice)" in result.share, result.share
    assert copied == []  # it was copied on its own
    click_copy = next(b for b in result.buttons if b.text() == "Copy")
    click_copy.action()
    assert copied == [result.share]
    counted = result_screen(app, replay=False)
    assert "practice" not in counted.share and copied == [result.share]


# -- 3. a practice hand in progress is called practice -----------------------------------------


def test_a_practice_replay_in_progress_is_not_called_the_counted_attempt(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(daily_scene, "today", lambda: ZERO_DAY)
    app.profile.record_daily(ZERO_DAY.isoformat(), 3, 0, 2)  # today's counted attempt
    app.profile.set_daily_par(ZERO_DAY.isoformat(), daily.par_key(), *PARS[ZERO_DAY][:2])
    passes = {seat: parse_cards(cards) for seat, cards in PASSES[ZERO_DAY].items()}
    direction = daily.daily_challenge(ZERO_DAY).pass_direction
    replay = GameSession.new_daily(ZERO_DAY, direction, passes, 0, replay=True)
    app.save_game(replay)  # a replay left in the middle
    app.stack.push(DailyScene(app))
    scene = top(app, DailyScene)
    frames(app)
    status = scene.status_text()
    assert "practice" in status and "does not count" in status, status
    assert scene.play_label() == "Resume (practice)"


# -- 6. the menu shows the daily hand in progress -----------------------------------------------


def test_the_menu_offers_the_daily_hand_in_progress(app: App) -> None:
    menu = top(app, MenuScene)
    assert "Continue the daily hand" not in menu.labels()
    passes = {seat: parse_cards(cards) for seat, cards in PASSES[ZERO_DAY].items()}
    direction = daily.daily_challenge(ZERO_DAY).pass_direction
    app.save_game(GameSession.new_daily(ZERO_DAY, direction, passes, 0))
    menu.rebuild()
    labels = menu.labels()
    assert "Continue the daily hand" in labels
    assert labels.index("Continue the daily hand") < labels.index("Daily challenge")
    row = next(r for r in menu.form.rows if r.label == "Continue the daily hand")
    row.activate()
    table = top(app, TableScene)
    assert daily_of(table).date == ZERO_DAY
