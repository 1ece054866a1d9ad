"""Daily challenge > Friends: a group created from the form, a result kept while the board is
away and sent when it is back, three profiles on one board. Against a real board server on a
free port (in a thread); screenshots in the test's own folder (looked at)."""

from __future__ import annotations

import datetime as _dt
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.net.board_client import BoardUnavailable, Membership
from game.net.board_protocol import BoardMessage
from game.net.daily_board import BoardRefusal
from game.net.friends_book import FriendsBook
from game.net.friends_book import result_text as board_text
from scenes.core import i18n
from scenes.core.app import App, Options
from scenes.records.daily import DailyScene
from scenes.records.friends import FriendsScene, GroupForm, queue_daily_result
from tests.helpers.board_thread import board_in_thread
from tests.helpers.daily_games import played_daily, points
from tests.helpers.records_window import open_from_menu, until
from tests.helpers.window import shoot

DAY = _dt.date(2026, 12, 6)


@pytest.fixture
def port() -> Iterator[int]:
    with board_in_thread(DAY, 6) as number:
        yield number


def open_friends(folder: Path) -> tuple[App, FriendsScene]:
    # its own App: several profiles take turns in one test
    app = App(Options(profile=folder, size=(1024, 700), lang="en"))
    app.start()
    daily = open_from_menu(app, "Daily challenge")
    assert isinstance(daily, DailyScene)
    daily.open_friends()
    scene = app.stack.top
    assert isinstance(scene, FriendsScene)
    scene.today = DAY
    return app, scene


def fill_form(app: App, scene: FriendsScene, address: str, name: str, code: str) -> GroupForm:
    scene.choose_group()
    form = app.stack.top
    assert isinstance(form, GroupForm)
    form.address, form.name, form.code = address, name, code
    form.start(join=bool(code))
    return form


def play_and_send(
    folder: Path, shots: Path, address: str, name: str, code: str, seed: int
) -> FriendsScene:
    """One profile: join (or create, without a code) the group, its daily result sent."""
    match = played_daily(DAY, seed)
    app, scene = open_friends(folder)
    try:
        fill_form(app, scene, address, name, code)
        until(app, lambda: app.stack.top is scene and not scene.busy(), seconds=60)
        queue_daily_result(folder, DAY, points(match), board_text(match, DAY))
        scene.refresh()
        until(app, lambda: not scene.busy() and not scene.book.waiting, seconds=60)
        shoot(app, shots, f"friends_{name}.png")
    finally:
        app.shutdown()
        i18n.set_language("en")
    return scene


def test_three_profiles_see_one_board(tmp_path: Path, port: int) -> None:
    address = f"127.0.0.1:{port}"
    ann = play_and_send(tmp_path / "Ann", tmp_path / "shots", address, "Ann", "", 30)
    assert ann.book.member is not None
    code = ann.book.member.code
    play_and_send(tmp_path / "Bea", tmp_path / "shots", address, "Bea", code, 31)
    cid = play_and_send(tmp_path / "Cid", tmp_path / "shots", address, "Cid", code.lower(), 32)
    expected = {
        name: points(played_daily(DAY, seed))
        for name, seed in (("Ann", 30), ("Bea", 31), ("Cid", 32))
    }
    assert {row[0]: int(row[1]) for row in cid.rows()} == expected
    assert cid.book.board is not None and cid.book.board["par"] == 6
    assert cid.rows()[0][2] == f"{min(expected.values()) - 6:+d}".replace("+0", "0")


def test_an_unreachable_board_is_said_and_nothing_is_joined(tmp_path: Path) -> None:
    folder = tmp_path / "p"
    app, scene = open_friends(folder)
    try:
        form = fill_form(app, scene, "127.0.0.1:1", "Ann", "")  # nothing listens there
        until(app, lambda: "cannot be reached" in form.status, seconds=30)
        shoot(app, tmp_path / "shots", "friends_unreachable.png")
        assert FriendsBook.open(folder).member is None
    finally:
        app.shutdown()
        i18n.set_language("en")


def test_results_wait_while_the_board_is_away_and_go_when_it_is_back(tmp_path: Path) -> None:
    book = FriendsBook.open(tmp_path)
    book.queue(DAY, 3, "hand one")
    book.queue(DAY, 9, "a second attempt of the same date")  # never queued
    book.queue(DAY + _dt.timedelta(days=1), 5, "hand two")
    assert [w.points for w in book.waiting] == [3, 5]
    assert book.send_waiting() == 0  # not in a group yet: nothing is sent
    book.member = Membership("ws://127.0.0.1:1", "ABCDEFGH", "Ann", "t" * 24)
    book.save()
    calls: list[str] = []

    def away(member: Membership, date: str, points: int, hand: str) -> BoardMessage:
        calls.append(date)
        raise BoardUnavailable("no route")

    assert book.send_waiting(away) == 0 and calls == [DAY.isoformat()]
    kept = FriendsBook.open(tmp_path)
    assert [w.points for w in kept.waiting] == [3, 5]

    def back(member: Membership, date: str, points: int, hand: str) -> BoardMessage:
        if points == 5:
            raise BoardRefusal("wrong-date")
        return BoardMessage(date=date, par=4, lines=[])

    assert kept.send_waiting(back) == 1
    again = FriendsBook.open(tmp_path)
    assert again.waiting == [] and again.board == {
        "type": "board",
        "date": DAY.isoformat(),
        "par": 4,
        "lines": [],
    }
    assert again.refused == {
        (DAY + _dt.timedelta(days=1)).isoformat(): BoardRefusal("wrong-date").reason
    }


def test_a_broken_friends_file_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / "friends.json").write_text("{not json", encoding="utf-8")
    book = FriendsBook.open(tmp_path)
    assert book.member is None and book.waiting == []
    assert [p.name.startswith("friends.broken-") for p in tmp_path.iterdir()] == [True]


def test_a_finished_daily_first_attempt_waits_for_the_board_and_a_replay_does_not(
    tmp_path: Path,
) -> None:
    from game.engine.players import RandomPlayer, decide
    from game.net.daily_board import check_result
    from game.records.daily import daily_challenge
    from game.records.profile import Profile
    from scenes.table.kept_games import KeptGames
    from scenes.table.session import GameSession

    challenge = daily_challenge(DAY)
    profile = Profile.open(tmp_path / "profile")
    kept = KeptGames(profile, None, str, lambda exc: None, lambda text: None)  # type: ignore[arg-type]
    scores = []
    for attempt in range(2):
        session = GameSession.new_daily(
            DAY, challenge.pass_direction, challenge.opponent_passes, 6, replay=attempt > 0
        )
        match = session.match
        players = [RandomPlayer(f"{attempt}/{s}") for s in range(4)]
        while match.to_act():
            seat = match.to_act()[0]
            match.apply(seat, decide(players[seat], match.view(seat)))
        assert match.hand.hand_scores is not None
        scores.append(match.hand.hand_scores[0])
        kept.record_daily(session)
    profile.close()
    [waiting] = FriendsBook.open(tmp_path / "profile").waiting
    assert (waiting.date, waiting.points) == (DAY.isoformat(), scores[0])
    check_result(waiting.hand, DAY, waiting.points, opponents=False)  # the board takes it


def play_today_and_join(
    folder: Path, shots: Path, port: int, name: str, code: str
) -> tuple[int, FriendsScene]:
    """One profile plays today's challenge in the window, then joins (or, without a code,
    creates) the group in Daily challenge > Friends, where its first attempt is sent."""
    import pygame

    from game.records.profile import Profile
    from tests.helpers.daily_window import play_todays_daily
    from tests.helpers.xvfb import WINDOW_CLASS, xdotool

    # its own App: several profiles take turns on a real display
    app = App(Options(profile=folder, size=(1024, 700), lang="en", speed="instant"))
    app.start()
    try:
        # A real window on the Xvfb display, not the dummy driver's surface.
        assert pygame.display.get_driver() == "x11"
        env = dict(os.environ)
        assert xdotool(env, "search", "--onlyvisible", "--class", WINDOW_CLASS), "no X window"
        points = play_todays_daily(app).points
        scene = FriendsScene(app)
        app.stack.push(scene)
        fill_form(app, scene, f"127.0.0.1:{port}", name, code)
        until(app, lambda: app.stack.top is scene and not scene.busy(), seconds=60)
        until(app, lambda: not scene.book.waiting and not scene.busy(), seconds=180)
        shoot(app, shots, f"real_{name}.png")
    finally:
        app.shutdown()
        i18n.set_language("en")
    stored = Profile.open(folder)
    assert [r.points for r in stored.daily_results()] == [points]
    stored.close()
    return points, scene


@pytest.mark.slow
@pytest.mark.xvfb
def test_three_profiles_play_today_and_see_one_board_on_a_real_server(
    tmp_path: Path, display: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each profile plays today's challenge in a real window (on Xvfb), then opens Friends: its
    first attempt goes to the board of `python -m game.net.server --board`, and all three see
    one board. Skipped without Xvfb and xdotool, unless REQUIRE_XVFB=1 (CI sets it)."""
    from tests.helpers.net import server_process
    from tests.helpers.xvfb import game_env

    for key, value in game_env(display).items():
        if key.startswith(("SDL_", "DISPLAY")):
            monkeypatch.setenv(key, value)

    expected: dict[str, int] = {}
    code = ""
    with server_process("--board") as (_, port):
        for name in ("Ann", "Bea", "Cid"):
            shots = tmp_path / "shots"
            expected[name], scene = play_today_and_join(tmp_path / name, shots, port, name, code)
            assert scene.book.member is not None
            code = scene.book.member.code
    shown = {row[0]: int(row[1]) for row in scene.rows()}
    assert shown == expected


def test_a_result_the_board_already_holds_is_not_called_refused(tmp_path: Path) -> None:
    """An answer lost on the way (the board took it, the game timed out): the next try is told
    second-attempt, which means the board has it."""
    book = FriendsBook.open(tmp_path)
    book.member = Membership("ws://127.0.0.1:1", "ABCDEFGH", "Ann", "t" * 24)
    book.queue(DAY, 3, "hand")

    def already(member: Membership, date: str, points: int, hand: str) -> BoardMessage:
        raise BoardRefusal("second-attempt")

    book.send_waiting(already)
    assert book.waiting == [] and book.refused == {}


def finish_daily_hand(folder: Path) -> int:
    """Play today's daily hand (random cards, seeded) as the table does and record it: what the
    game does when the counted hand ends. Returns the hand's points."""
    from game.engine.players import RandomPlayer, decide
    from game.records.daily import daily_challenge
    from game.records.profile import Profile
    from scenes.table.kept_games import KeptGames
    from scenes.table.session import GameSession

    challenge = daily_challenge(DAY)
    profile = Profile.open(folder)
    kept = KeptGames(profile, None, str, lambda exc: None, lambda text: None)  # type: ignore[arg-type]
    session = GameSession.new_daily(DAY, challenge.pass_direction, challenge.opponent_passes, 6)
    match = session.match
    players = [RandomPlayer(f"sent/{s}") for s in range(4)]
    while match.to_act():
        seat = match.to_act()[0]
        match.apply(seat, decide(players[seat], match.view(seat)))
    assert match.hand.hand_scores is not None
    kept.record_daily(session)
    profile.close()
    return match.hand.hand_scores[0]


def wait_for_senders() -> None:
    """The threads that send after a daily hand (game.net.friends_book.SENDER) are done."""
    for thread in threading.enumerate():
        if thread.name == "friends-send":
            thread.join(120)
            assert not thread.is_alive()


def test_a_daily_result_goes_to_the_board_when_the_hand_ends(tmp_path: Path, port: int) -> None:
    """In a group, the first attempt is sent right after the hand (in a thread), without the
    Friends screen being opened."""
    from game.net import board_client

    folder = tmp_path / "profile"
    folder.mkdir()
    member, board = board_client.create_group(f"ws://127.0.0.1:{port}", "Ann")
    FriendsBook.open(folder).joined(member, board)
    points = finish_daily_hand(folder)
    wait_for_senders()
    assert FriendsBook.open(folder).waiting == []
    shown = board_client.fetch_board(member, DAY.isoformat())
    assert [(line.name, line.points) for line in shown.lines] == [("Ann", points)]


def test_a_daily_result_waits_when_the_board_cannot_be_reached(tmp_path: Path) -> None:
    folder = tmp_path / "profile"
    folder.mkdir()
    book = FriendsBook.open(folder)
    book.member = Membership("ws://127.0.0.1:1", "ABCDEFGH", "Ann", "t" * 24)
    book.save()
    points = finish_daily_hand(folder)
    wait_for_senders()
    kept = FriendsBook.open(folder)
    assert [(w.date, w.points) for w in kept.waiting] == [(DAY.isoformat(), points)]
    assert kept.refused == {}
