"""The daily challenge when something changes under it: the par cached for another algorithm or
AI version is not used, and the screen left open across midnight moves to the new day."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import datetime as dt
import sqlite3
from pathlib import Path

import pytest

import game.ai
from game.records import daily
from game.records.profile import PROFILE_FILE, Profile
from scenes.core.app import App
from scenes.records import daily as daily_scene
from scenes.records.daily import DailyScene
from scenes.table.table_scene import TableScene
from tests.helpers.window import daily_of, frame, session_of, until

DAY = dt.date(2026, 3, 9)
NEXT = DAY + dt.timedelta(days=1)


def test_a_par_stored_under_another_daily_or_ai_version_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    profile = Profile.open(tmp_path)
    profile.set_daily_par(DAY.isoformat(), daily.par_key(), 7, 3)
    assert profile.daily_par(DAY.isoformat(), daily.par_key()) == (7, 3)
    monkeypatch.setattr(game.ai, "AI_VERSION", game.ai.AI_VERSION + 1)  # the AI plays otherwise
    assert profile.daily_par(DAY.isoformat(), daily.par_key()) is None
    monkeypatch.undo()
    monkeypatch.setattr(daily, "DAILY_VERSION", daily.DAILY_VERSION + 1)  # a new algorithm
    assert profile.daily_par(DAY.isoformat(), daily.par_key()) is None


def test_a_par_from_version_0_1_is_computed_again(tmp_path: Path) -> None:
    Profile.open(tmp_path).close()
    db = sqlite3.connect(tmp_path / PROFILE_FILE)
    db.execute("INSERT INTO daily_pars VALUES (?, 1, 5, 2)", (DAY.isoformat(),))  # 0.1's key
    db.commit()
    db.close()
    assert Profile.open(tmp_path).daily_par(DAY.isoformat(), daily.par_key()) is None


@pytest.fixture
def profile_folder(tmp_path: Path) -> Path:
    return tmp_path


pytestmark = pytest.mark.app(speed="instant")


@pytest.fixture
def cached_pars(app: App) -> None:
    for day, par in ((DAY, 6), (NEXT, 9)):  # pars cached, so only the passes are worked out
        app.profile.set_daily_par(day.isoformat(), daily.par_key(), par, 4)


@pytest.mark.usefixtures("cached_pars")
def test_the_daily_screen_left_open_across_midnight_moves_to_the_new_day(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [DAY]
    monkeypatch.setattr(daily_scene, "today", lambda: clock[0])
    app.stack.push(DailyScene(app))
    scene = app.stack.top
    assert isinstance(scene, DailyScene)
    until(app, scene.ready)
    assert scene.day == DAY and scene.par == 6
    clock[0] = NEXT  # midnight, the screen still open
    frame(app)
    assert scene.day == NEXT and scene.par == 9
    assert "10 March 2026" in [text for text, *_ in scene.info_lines()]
    until(app, scene.ready)
    scene.play()
    table = app.stack.top
    assert isinstance(table, TableScene) and session_of(table).daily is not None
    assert daily_of(table).date == NEXT and not daily_of(table).replay


@pytest.mark.usefixtures("cached_pars")
def test_play_pressed_just_after_midnight_never_starts_yesterdays_hand(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [DAY]
    monkeypatch.setattr(daily_scene, "today", lambda: clock[0])
    app.stack.push(DailyScene(app))
    scene = app.stack.top
    assert isinstance(scene, DailyScene)
    until(app, scene.ready)
    clock[0] = NEXT  # midnight between the last frame and the click
    scene.play()
    assert app.stack.top is scene and scene.day == NEXT  # nothing started: today's is readied
    until(app, scene.ready)
    scene.play()
    table = app.stack.top
    assert isinstance(table, TableScene) and session_of(table).daily is not None
    assert daily_of(table).date == NEXT
    assert app.profile.daily_results() == []  # no attempt of yesterday was recorded
