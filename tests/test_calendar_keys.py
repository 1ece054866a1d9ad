"""The daily challenge's calendar in Statistics by keys (it said only "Click a day"): Up or
Down reaches it (today first), the arrows choose a day, never past today, Page Up/Down turn
the month with it, Enter opens the chosen day as a click does, Tab goes back to the buttons."""

from __future__ import annotations

import datetime as dt

import pygame

from scenes.core.app import App
from scenes.records.daily import DailyScene
from scenes.records.statistics import StatisticsScene
from tests.helpers.window import frames, key, until


def calendar_open(app: App) -> StatisticsScene:
    scene = StatisticsScene(app)
    app.stack.push(scene)
    until(app, lambda: scene.daily is not None)
    frames(app)
    return scene


def test_a_day_chosen_by_keys_opens_its_deal(app: App) -> None:
    scene = calendar_open(app)
    today = scene.day
    focus = scene.focus
    key(app, pygame.K_DOWN)  # the calendar: today chosen first
    assert scene.cursor == today and scene.focus == focus
    assert not scene.buttons_have_focus()  # no button drawn focused: Enter is the day's
    key(app, pygame.K_RIGHT)  # never past today
    assert scene.cursor == today
    key(app, pygame.K_UP)
    key(app, pygame.K_LEFT)
    chosen = today - dt.timedelta(days=8)
    assert scene.cursor == chosen and scene.month == (chosen.year, chosen.month)
    key(app, pygame.K_PAGEUP)  # the month before, the same day of the month
    assert scene.cursor is not None and scene.cursor.month != chosen.month
    assert scene.month == (scene.cursor.year, scene.cursor.month)
    key(app, pygame.K_PAGEDOWN)
    assert scene.cursor == chosen
    key(app, pygame.K_RETURN)
    opened = app.stack.top
    assert isinstance(opened, DailyScene) and opened.day == chosen and opened.past


def test_tab_gives_the_arrows_back_to_the_buttons(app: App) -> None:
    scene = calendar_open(app)
    key(app, pygame.K_DOWN)
    assert scene.cursor is not None
    key(app, pygame.K_TAB)
    assert scene.cursor is None and scene.buttons_have_focus()
    focus = scene.focus
    key(app, pygame.K_RIGHT)  # a button again
    count = len(scene.focusable())
    assert scene.focus % count == (focus + 1) % count and scene.cursor is None
    assert app.stack.top is scene


def test_the_chosen_day_never_leaves_the_month_shown_nor_passes_today(app: App) -> None:
    """Page Down past today's month moved the calendar to months where the chosen day was not
    (Enter then opened a day out of sight); a first arrow in a later month chose a day to
    come (Enter then did nothing)."""
    scene = calendar_open(app)
    today = scene.day
    key(app, pygame.K_DOWN)
    for _ in range(3):
        key(app, pygame.K_PAGEDOWN)
        assert scene.cursor == today and scene.month == (today.year, today.month)
    key(app, pygame.K_TAB)  # the buttons: the months after today may be looked at
    scene.change_month(2)
    key(app, pygame.K_DOWN)  # back in the calendar: today, its month shown
    assert scene.cursor == today and scene.month == (today.year, today.month)
