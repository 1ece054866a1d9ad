"""Issue 46: past days and tomorrow's countdown. A day clicked in the Statistics calendar replays
that date's deal (the one :mod:`game.records.daily` gives) as practice, counted in no streak;
``--date`` opens another date the same way (a bad date is one line and status 2); the calendar
paints each mark its own colour; the countdown redraws a still window once a second, no more."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import datetime as dt
import time
from pathlib import Path

import pygame
import pytest

from game.engine.cards import CARDS
from game.records import daily, stats
from game.records.profile import Profile
from game.records.stats import DayMark
from scenes.core import cli
from scenes.core.app import App, Options
from scenes.core.pacing import IDLE_AFTER
from scenes.records import daily as daily_scene
from scenes.records import daily_calendar, daily_words, statistics
from scenes.records.daily import DailyScene
from scenes.records.daily_result import DailyResultScene
from scenes.records.statistics import StatisticsScene
from scenes.table.table_scene import TableScene
from tests.helpers.daily_pins import PARS
from tests.helpers.daily_window import day_box, open_calendar_day
from tests.helpers.window import click, frames, key, local, session_of, top, wait_for_player

TODAY = dt.date(2027, 3, 10)  # after the three pinned dates
PAST = sorted(PARS)


@pytest.fixture
def app_options(profile_folder: Path) -> Options:
    return Options(profile=profile_folder, size=(1280, 800), lang="en", speed="instant")


@pytest.fixture
def on_today(monkeypatch: pytest.MonkeyPatch) -> dt.date:
    monkeypatch.setattr(daily_scene, "today", lambda: TODAY)
    monkeypatch.setattr(statistics, "today", lambda: TODAY)
    return TODAY


def until(app: App, done: object, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not done():  # type: ignore[operator]
        assert time.monotonic() < deadline, "the window did not get there in time"
        frames(app)
        time.sleep(0.003)


def play_to_the_result(app: App, table: TableScene) -> DailyResultScene:
    """Pass the last three cards, then play the first legal card, to the result screen."""
    for _ in range(60):
        wait_for_player(app, table, 120)
        if isinstance(app.stack.top, DailyResultScene):
            return app.stack.top
        if table.human_to_pass():
            table.hand.selected = set(table.model.hand[-3:])
            key(app, pygame.K_p)
            continue
        legal = table.legal_cards()
        table.play_card(next(c for c in table.model.hand if legal >> c & 1))
    raise AssertionError("the daily hand did not end")


@pytest.mark.slow
@pytest.mark.usefixtures("on_today")
def test_three_past_days_clicked_in_the_calendar_replay_their_deals_as_practice(
    app: App,
) -> None:
    for day in PAST:  # pars cached: only the opponents' passes are worked out
        app.profile.set_daily_par(day.isoformat(), daily.par_key(), *PARS[day][:2])
    app.profile.record_daily((TODAY - dt.timedelta(days=1)).isoformat(), 2, 5, 4)  # counted
    before = daily.streaks(app.profile.daily_history(), TODAY)
    for day in PAST:
        app.to_menu()
        scene = open_calendar_day(app, day)
        assert scene.day == day and scene.past and scene.play_label() == "Play (practice)"
        until(app, scene.ready)
        click(app, scene.play_button.rect.center)
        table = top(app, TableScene)
        match = local(table).match
        challenge = daily.daily_challenge(day)  # the algorithm's deal, passes and direction
        assert match.hand.dealt == challenge.dealt
        assert match.hand.pass_direction is challenge.pass_direction
        for seat, cards in challenge.opponent_passes.items():
            assert match.hand.passes[seat] == sum(1 << CARDS.index(c) for c in cards)
        assert session_of(table).practice and session_of(table).daily is not None
        result = play_to_the_result(app, table)
        assert result.past and not result.counts and "(practice)" in result.share
        assert "past day" in result.note()
    rows = [r for r in app.profile.daily_results() if r.date != "2027-03-09"]
    assert [(r.date, r.first_attempt, r.practice) for r in rows] == [
        (day.isoformat(), False, True) for day in PAST
    ]
    assert daily.streaks(app.profile.daily_history(), TODAY) == before  # no streak moved
    figures = stats.daily_statistics(app.profile.daily_results(), TODAY)
    assert [figures.mark(day) for day in PAST] == [DayMark.PRACTICE] * 3
    assert figures.days_played == 1


def test_the_calendar_paints_each_mark_its_own_colour(app: App, on_today: dt.date) -> None:
    marks = {1: (3, 5, True, False), 2: (0, 0, True, False), 3: (9, 5, True, False)}
    marks |= {4: (1, 5, True, True)}
    for n, (points, par, _first, practice) in marks.items():
        app.profile.record_daily(f"2027-03-0{n}", points, par, 3, practice)
    app.profile.record_daily("2027-03-05", 2, 6, 3, True, past=True)  # replayed later
    app.stack.push(StatisticsScene(app))
    scene = top(app, StatisticsScene)
    frames(app)
    grid = scene.calendar()
    expected = [DayMark.BEATEN, DayMark.EQUALLED, DayMark.MISSED, DayMark.PRACTICE]
    expected.append(DayMark.PRACTICE)
    for n, mark in enumerate(expected, start=1):
        day = dt.date(2027, 3, n)
        corner = day_box(grid, day).move(3, 3).topleft
        assert app.screen.get_at(corner)[:3] == daily_calendar.MARK_COLOURS[mark], (day, mark)


def test_a_day_after_today_in_the_calendar_opens_nothing(app: App, on_today: dt.date) -> None:
    app.stack.push(StatisticsScene(app))
    scene = top(app, StatisticsScene)
    frames(app)
    grid = scene.calendar()
    click(app, day_box(grid, TODAY + dt.timedelta(days=1)).center)
    assert app.stack.top is scene


# -- --date -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2026-13-01", "is not a date"),
        ("2026-02-30", "is not a date"),
        ("6/12/2026", "is not a date"),
        ("20261206", "is not a date"),
        ("tomorrow", "is not a date"),
        ("2027-03-11", "is after today"),
    ],
)
def test_a_bad_date_is_one_line_and_status_2(
    text: str, message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "today", lambda: TODAY)
    with pytest.raises(SystemExit) as stop:
        cli.parse_args(["--date", text])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1, err


def test_date_opens_that_dates_challenge_as_practice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "today", lambda: TODAY)
    monkeypatch.setattr(daily_scene, "today", lambda: TODAY)
    args = cli.parse_args(["--date", "2026-07-14", "--profile", str(tmp_path)])
    assert args.date == dt.date(2026, 7, 14)
    # its own App: from the parsed --date command line
    app = App(Options.from_args(args))
    try:
        app.start()
        scene = top(app, DailyScene)
        assert scene.day == dt.date(2026, 7, 14) and scene.past
        assert "practice" in scene.status_text() and "(practice)" in scene.info_lines()[0][0]
    finally:
        app.shutdown()
    with pytest.raises(SystemExit):
        cli.parse_args(["--date", "2026-07-14", "--demo"])


# -- the countdown -------------------------------------------------------------------------------


def test_the_countdown_counts_to_local_midnight() -> None:
    assert daily_words.countdown(dt.datetime(2026, 12, 6, 23, 59, 59)) == (
        "Tomorrow's deal in 0:00:01"
    )
    assert daily_words.countdown(dt.datetime(2026, 12, 6, 0, 0, 0)) == (
        "Tomorrow's deal in 24:00:00"
    )
    assert daily.next_deal_in(dt.datetime(2026, 12, 31, 12)) == dt.timedelta(hours=12)


def test_the_countdown_redraws_a_still_window_once_a_second(tmp_path: Path) -> None:
    """The daily screen left alone: after its passes are worked out, the loop sleeps and draws
    only when the countdown's second changes (each one once), never at the full rate."""
    today = dt.date.today()
    profile = Profile.open(tmp_path / "profile")
    profile.set_daily_par(today.isoformat(), daily.par_key(), 4, 3)
    profile.close()
    options = Options(
        profile=tmp_path / "profile", size=(800, 600), lang="en", date=today, exit_after=6.0
    )
    # its own App: run() drives the whole loop, from start to exit_after
    app = App(options)
    drawn: list[tuple[float, bool, object]] = []
    draw = app.stack.draw

    def record(surface: pygame.Surface) -> None:
        top_scene = app.stack.top
        assert top_scene is not None
        drawn.append((time.perf_counter(), top_scene.busy(), top_scene.clock_face()))
        draw(surface)

    app.stack.draw = record  # type: ignore[method-assign]
    app.run()
    end = time.perf_counter()
    last_busy = max((t for t, busy, _face in drawn if busy), default=drawn[0][0])
    still = [(t, face) for t, busy, face in drawn if t > last_busy + IDLE_AFTER + 0.1]
    span = end - last_busy
    assert span > 2, f"the passes took too long to test the still window ({span:.1f} s left)"
    faces = [face for _t, face in still]
    assert len(faces) >= 2 and len(set(faces)) == len(faces), faces  # each second drawn once
    assert len(still) <= span + 1, (len(still), span)
