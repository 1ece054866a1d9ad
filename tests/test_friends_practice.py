"""A practice hand never reaches the friends' board as the day's score. The README: "Only the
first attempt of a date, on its day and without a hint or teaching mode, counts; a replay, a
past day or a helped hand is practice, recorded and never counted"; the board has no word for
practice (docs/protocol.md, "The friends' board"), so a practice hand is never sent.

A past day clicked in the Statistics calendar, the day before the board's today (a date the
board would still take: DATE_SLACK), played to its end, then Daily challenge > Friends and its
send; and today's first attempt with a hint."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import datetime as dt
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.engine.players import RandomPlayer, decide
from game.net import board_client
from game.net.board_client import Membership
from game.net.friends_book import FriendsBook
from game.records import daily
from game.records.profile import Profile
from scenes.core.app import App, Options
from scenes.records import daily as daily_scene
from scenes.records import statistics
from scenes.records.daily import DailyScene
from scenes.records.daily_words import long_date
from scenes.records.friends import FriendsScene
from scenes.table.kept_games import KeptGames
from scenes.table.session import GameSession
from scenes.table.table_scene import TableScene
from tests.helpers.board_thread import board_in_thread
from tests.helpers.daily_pins import PARS
from tests.helpers.daily_window import open_calendar_day, play_daily_hand
from tests.helpers.window import click, top, until

PAST = max(PARS)  # a pinned date: its par is known, only the opponents' passes are worked out
TODAY = PAST + dt.timedelta(days=1)  # the board still takes the day before (DATE_SLACK)


@pytest.fixture
def member(tmp_path: Path, profile_folder: Path) -> Iterator[Membership]:
    """The profile is in a group of a board whose today is TODAY."""
    with board_in_thread(TODAY, 6) as port:
        joined, board = board_client.create_group(f"ws://127.0.0.1:{port}", "Ann")
        profile_folder.mkdir(parents=True, exist_ok=True)
        FriendsBook.open(profile_folder).joined(joined, board)
        yield joined


@pytest.fixture
def app_options(profile_folder: Path) -> Options:
    return Options(profile=profile_folder, size=(1280, 800), lang="en", speed="instant")


def wait_for_senders() -> None:
    """The threads that send after a daily hand (game.net.friends_book.SENDER) are done."""
    for thread in threading.enumerate():
        if thread.name == "friends-send":
            thread.join(120)
            assert not thread.is_alive()


def ann_on_the_board(member: Membership, day: dt.date) -> int | None:
    [line] = board_client.fetch_board(member, day.isoformat()).lines
    assert line.name == "Ann"
    return line.points


def test_a_past_day_from_the_calendar_then_friends_sends_nothing(
    member: Membership, app: App, profile_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(daily_scene, "today", lambda: TODAY)
    monkeypatch.setattr(statistics, "today", lambda: TODAY)
    app.profile.set_daily_par(PAST.isoformat(), daily.par_key(), *PARS[PAST][:2])
    scene = open_calendar_day(app, PAST)
    assert scene.past
    until(app, scene.ready, 120)
    assert scene.ready(), "the past day's par never came"
    click(app, scene.play_button.rect.center)
    result = play_daily_hand(app, top(app, TableScene))
    assert not result.counts
    wait_for_senders()
    result.to_daily()  # the result's "Daily challenge": the past day's screen, and its Friends
    scene = top(app, DailyScene)
    assert scene.day == PAST
    scene.open_friends()
    friends = top(app, FriendsScene)
    until(app, lambda: not friends.busy(), 60)
    # The board shown is the past day's, said so: not under "Today" (it was).
    assert f"The board of {long_date(PAST)}, a past day" in friends.lines()
    assert "Today" not in friends.header()
    book = FriendsBook.open(profile_folder)
    assert book.waiting == [] and book.refused == {}
    assert ann_on_the_board(member, PAST) is None
    assert ann_on_the_board(member, TODAY) is None


@pytest.mark.parametrize("help_", ["hint", "teaching"])
def test_a_helped_first_attempt_is_not_the_days_score(
    member: Membership, profile_folder: Path, help_: str
) -> None:
    """Today's first attempt played with a hint or in teaching mode (the game is practice):
    recorded as practice, and not sent to the friends' board (it was: the board showed it as
    the day's score)."""
    challenge = daily.daily_challenge(TODAY)
    profile = Profile.open(profile_folder)
    kept = KeptGames(profile, None, str, lambda exc: None, lambda text: None)  # type: ignore[arg-type]
    session = GameSession.new_daily(
        TODAY,
        challenge.pass_direction,
        challenge.opponent_passes,
        6,
        teaching=help_ == "teaching",
    )
    if help_ == "hint":
        session.practice = True  # what a hint does (LocalTable.mark_practice)
    assert session.practice
    match = session.match
    players = [RandomPlayer(f"helped/{s}") for s in range(4)]
    while match.to_act():
        seat = match.to_act()[0]
        match.apply(seat, decide(players[seat], match.view(seat)))
    result = kept.record_daily(session)
    profile.close()
    wait_for_senders()
    assert result is not None and result.first_attempt and result.practice and not result.counts
    assert FriendsBook.open(profile_folder).waiting == []
    assert ann_on_the_board(member, TODAY) is None
