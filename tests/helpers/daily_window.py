"""The daily challenge played in the window by mouse, as a person would (the first three cards
passed, then the first legal card each time)."""

from __future__ import annotations

import datetime as _dt
import time

import pygame

from scenes.core.app import App
from scenes.records.daily import DailyScene
from scenes.records.daily_calendar import CalendarLayout
from scenes.records.daily_result import DailyResultScene
from scenes.table.table_scene import TableScene
from tests.helpers.window import click, frames, point_on_card, wait_for_player


def play_todays_daily(app: App, seconds: float = 300) -> DailyResultScene:
    """Open Daily challenge, wait for its par, press Play and play the hand to its result."""
    app.stack.push(DailyScene(app))
    scene = app.stack.top
    assert isinstance(scene, DailyScene)
    deadline = time.monotonic() + seconds
    while not scene.ready():
        assert time.monotonic() < deadline, "the par never came"
        frames(app)
        time.sleep(0.005)
    click(app, scene.play_button.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene)
    return play_daily_hand(app, table)


def play_daily_hand(app: App, table: TableScene) -> DailyResultScene:
    """Pass and play by mouse (the first three cards, then the first legal card)."""
    for _ in range(300):
        wait_for_player(app, table, 120)
        top = app.stack.top
        if isinstance(top, DailyResultScene):
            return top
        if table.human_to_pass():
            for index in (0, 1, 2):
                click(app, point_on_card(table, index))
            frames(app)
            click(app, table.pass_button.rect.center)
            continue
        legal = table.legal_cards()
        index = next(i for i, c in enumerate(table.model.hand) if legal >> c & 1)
        click(app, point_on_card(table, index))
    raise AssertionError("the daily hand did not end")


def open_calendar_day(app: App, day: _dt.date) -> DailyScene:
    """Statistics, its calendar turned to ``day``'s month, and a click on ``day``: the daily
    challenge of that day opens."""
    from scenes.records.statistics import StatisticsScene

    app.stack.push(StatisticsScene(app))
    calendar = app.stack.top
    assert isinstance(calendar, StatisticsScene)
    calendar.month = (day.year, day.month)
    frames(app)
    click(app, day_box(calendar.calendar(), day).center)
    scene = app.stack.top
    assert isinstance(scene, DailyScene), type(scene).__name__
    return scene


def day_box(grid: CalendarLayout, day: _dt.date) -> pygame.Rect:
    """Where ``day`` is drawn in the calendar ``grid`` (it must be in its month's weeks)."""
    row, col = next(
        (r, c) for r, week in enumerate(grid.weeks) for c, d in enumerate(week) if d == day
    )
    return grid.box(row, col)
