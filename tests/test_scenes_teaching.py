"""Teaching mode, practice games and the daily challenge, driven through the window headless by
synthetic events (the computer players and the tutor answer from the worker process)."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai.hard import HardPlayer
from game.engine.cards import CARDS, Suit, cards_of, mask_of, parse_cards
from game.engine.hand import Phase
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.rules import PassDirection, Rules
from game.records import daily
from game.records.profile import DAILY_GAME, Profile
from game.text import sentences as words
from game.tutor import advice as tutor
from scenes.core.app import App
from scenes.core.i18n import reason_message
from scenes.core.preferences import GameOptions
from scenes.records import daily as daily_scene
from scenes.records import daily_result
from scenes.records.daily import DailyScene
from scenes.records.daily_result import DailyResultScene
from scenes.table import games
from scenes.table.score import ScoreScene
from scenes.table.session import GameSession
from scenes.table.table_scene import TableScene
from scenes.ui import widgets
from tests.helpers.ai import RUN_DEAL, RUN_PLAYS
from tests.helpers.daily_pins import PARS, PASSES
from tests.helpers.daily_window import play_daily_hand
from tests.helpers.engine import hand_scores
from tests.helpers.narrowing import of_kind
from tests.helpers.window import (
    click,
    daily_of,
    frames,
    key,
    local,
    make_app,
    point_on_card,
    session_of,
    top,
    wait_for_player,
)

pytestmark = pytest.mark.app(seed=5, speed="instant")


@pytest.fixture
def new_game_level() -> str:
    return "easy"


DAY: dt.date = dt.date(2026, 7, 14)  # a date whose par and passes tests/helpers/daily_pins.py pins


def run_until(app: App, done: Callable[[], bool], seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("the window did not get there in time")
        frames(app)
        time.sleep(0.005)
    frames(app)


def teaching_table(app: App) -> TableScene:
    app.prefs.new_game.teaching = True
    games.new_game(app, app.prefs.new_game)
    table = app.stack.top
    assert isinstance(table, TableScene) and session_of(table).teaching
    return table


class DrawnMarks:
    """Records which cards the table marks as the tutor's choice in one frame."""

    def __init__(self, table: TableScene, monkeypatch: pytest.MonkeyPatch) -> None:
        self.cards: set[int] = set()
        real = table.renderer.draw_teaching_mark

        def record(surface: pygame.Surface, rects: list[pygame.Rect], index: int) -> None:
            self.cards.add(table.model.hand[index])
            real(surface, rects, index)

        monkeypatch.setattr(table.renderer, "draw_teaching_mark", record)


def symbols(cards: Any) -> list[str]:
    return [CARDS[int(c)].symbol() for c in cards]


# -- teaching mode --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 3, 5])
def test_teaching_marks_the_tutors_pass_and_play_with_a_sentence_naming_them(
    app: App, monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    app.prefs.new_game.players = players
    table = teaching_table(app)
    assert table.source.rules.players == players
    wait_for_player(app, table)
    run_until(app, lambda: bool(table.advisor.teaching_cards()))
    match = local(table).match
    expected = tutor.advise_pass(match.view(0), f"{match.seed}/tutor")
    assert set(table.advisor.teaching_cards()) == {int(c) for c in expected.cards}
    marks = DrawnMarks(table, monkeypatch)
    table.redraw(app.screen)
    assert marks.cards == {int(c) for c in expected.cards}  # drawn marked...
    assert table.hand.selected == set()  # ...but not raised: the player still chooses
    text = table.advisor.teaching_text()
    assert all(name in text for name in symbols(expected.cards))
    assert session_of(table).practice and table.practice_label() == "Practice"
    # The player ignores the advice: passes other cards; the next decision is advised afresh.
    others = [c for c in table.model.hand if c not in table.advisor.teaching_cards()][:3]
    for card in others:
        click(app, point_on_card(table, table.model.hand.index(card)))
    frames(app)
    click(app, table.pass_button.rect.center)
    assert match.hand.passes[0] is not None
    wait_for_player(app, table)
    run_until(app, lambda: bool(table.advisor.teaching_cards()))
    advice = tutor.advise_play(match.view(0), f"{match.seed}/tutor")
    assert table.advisor.teaching_cards() == (int(advice.card),)
    marks.cards.clear()
    table.redraw(app.screen)
    assert marks.cards == {int(advice.card)}
    assert advice.card.symbol() in table.advisor.teaching_text()
    assert table.hand.focus is None  # not moved onto it either
    plays = len(match.hand.plays)
    click(app, point_on_card(table, table.model.hand.index(int(advice.card))))
    assert len(match.hand.plays) == plays + 1 and match.hand.plays[-1] == int(advice.card)


def test_an_illegal_click_in_teaching_mode_gives_the_reason_and_the_legal_cards(app: App) -> None:
    table = teaching_table(app)
    for _ in range(60):
        wait_for_player(app, table)
        if table.human_to_pass():
            table.hand.selected = set(table.model.hand[:3])
            key(app, pygame.K_p)
            continue
        legal = table.legal_cards()
        refused = [c for c in table.model.hand if not legal >> c & 1]
        if refused:
            break
        table.play_card(next(c for c in table.model.hand if legal >> c & 1))
    else:
        raise AssertionError("no refused card came up")
    hand = local(table).match.hand
    card = refused[0]
    reason = hand.play_reason(card, 0)
    assert reason is not None
    click(app, point_on_card(table, table.model.hand.index(card)))
    frames(app)
    message = table.message
    engine_reason = reason_message(reason, hand.led_suit, hand.first_lead)
    assert message.startswith(engine_reason.rstrip("."))
    listed = message.split(":")[-1].split()
    assert listed == symbols(cards_of(legal))
    assert table.message_boxed and table.status_text() != message  # in the box, not the line


def test_without_teaching_a_refused_card_gives_only_the_engine_reason(app: App) -> None:
    games.new_game(app, app.prefs.new_game)
    table = app.stack.top
    assert isinstance(table, TableScene) and not session_of(table).teaching
    wait_for_player(app, table)
    frames(app, 3)
    assert table.advisor.teaching_cards() == () and table.advisor.advice is None
    assert not session_of(table).practice and table.practice_label() == ""


def test_teaching_says_why_it_keeps_its_hearts_from_a_seat_running_from_the_top(
    app: App,
) -> None:
    # The opportunist tests' run: Margaret (seat 1) has won two tricks leading the ace and the
    # queen of diamonds, and the player, void, must discard with no point taken yet.
    hands = [mask_of(parse_cards(RUN_DEAL[seat])) for seat in range(4)]
    match = Match.from_hands(Rules(), hands, pass_direction=PassDirection.HOLD, seed=5)
    for card in parse_cards(RUN_PLAYS):
        match.apply(match.to_act()[0], Move.play(card))
    session = GameSession(match, GameOptions(teaching=True))
    table = TableScene(app, games.local_table(app, session))
    app.show_table(table)
    wait_for_player(app, table)
    run_until(app, lambda: bool(table.advisor.teaching_cards()))
    advice = tutor.advise_play(match.view(0), f"{match.seed}/tutor")
    assert advice.sentence.template_id == words.KEEP_FROM_RUN
    assert table.advisor.teaching_cards() == (int(advice.card),)
    assert advice.card.suit is not Suit.HEARTS
    text = table.advisor.teaching_text()
    assert text.startswith(f"Play the {advice.card.symbol()}:")
    assert "has won the last 2 tricks" in text and "keep your hearts" in text


# -- practice games in the history ---------------------------------------------------------------


def one_hand_game(app: App, seed: int) -> TableScene:
    """A game that ends after one hand (target 1), put on the table like any new game."""
    options = GameOptions(level="easy")
    session = GameSession(Match.new(Rules(target=1), seed=seed), options)
    table = TableScene(app, games.local_table(app, session))
    app.show_table(table)
    return table


def play_to_the_end(app: App, table: TableScene) -> None:
    for _ in range(300):
        wait_for_player(app, table)
        if isinstance(app.stack.top, ScoreScene):
            return
        if table.human_to_pass():
            table.hand.selected = set(table.model.hand[:3])
            key(app, pygame.K_p)
            continue
        legal = table.legal_cards()
        table.play_card(next(c for c in table.model.hand if legal >> c & 1))
    raise AssertionError("the game did not end")


def test_a_game_with_a_hint_is_recorded_as_practice_and_never_as_a_win(app: App) -> None:
    # (A seed whose first hand ends the game. With AI 7's play, seed 21's game was not over
    # at play_to_the_end's first score page: one finished game was recorded, not two.)
    table = one_hand_game(app, seed=23)
    wait_for_player(app, table)
    key(app, pygame.K_h)
    key(app, pygame.K_DOWN)  # the first hint asks first: from Back to "Show the hint"
    key(app, pygame.K_RETURN)
    assert session_of(table).practice
    # The flag is saved with the game: leave and continue, it is still a practice game.
    key(app, pygame.K_ESCAPE)
    assert Profile.open(app.options.profile).load_game()["practice"] is True
    games.continue_game(app)
    table = top(app, TableScene)
    assert isinstance(table, TableScene) and session_of(table).practice
    assert table.practice_label() == "Practice"
    play_to_the_end(app, table)
    # And a game without help, for contrast.
    plain = one_hand_game(app, seed=22)
    play_to_the_end(app, plain)
    finished = Profile.open(app.options.profile).finished_games()
    assert [g.practice for g in finished] == [True, False]
    helped, unhelped = finished
    assert helped.winners == tuple(local(table).match.winners)
    assert helped.totals == tuple(local(table).match.totals) and helped.hands == 1
    assert not helped.counts_as_win  # whatever the score said
    assert unhelped.counts_as_win == (0 in local(plain).match.winners)
    won, played = app.profile.win_count()
    assert (won, played) == (int(0 in local(plain).match.winners), 2)
    assert not app.profile.has_game()


# -- the daily challenge --------------------------------------------------------------------------


@pytest.fixture
def on_day(monkeypatch: pytest.MonkeyPatch) -> dt.date:
    monkeypatch.setattr(daily_scene, "today", lambda: DAY)
    return DAY


def open_daily(app: App) -> DailyScene:
    app.stack.push(DailyScene(app))
    scene = app.stack.top
    assert isinstance(scene, DailyScene)
    return scene


@pytest.mark.slow
def test_a_whole_daily_hand_its_result_and_a_replay_that_is_practice(
    app: App, on_day: dt.date
) -> None:
    # A par kept by an older AI (the key before AI_VERSION 2) is not used: it is computed again.
    app.profile.set_daily_par(on_day.isoformat(), f"daily{daily.DAILY_VERSION}/ai1", 99, 13)
    scene = open_daily(app)
    frames(app)
    assert scene.par_text() == "Computing the par…" and not scene.play_button.enabled
    run_until(app, scene.ready)
    par = PARS[on_day][0]
    assert scene.par == par and app.profile.daily_par(on_day.isoformat(), daily.par_key()) == (
        par,
        PARS[on_day][1],
    )
    assert scene.play_label() == "Play" and scene.status_text().startswith("Not played yet")
    click(app, scene.play_button.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene) and session_of(table).daily is not None
    match = local(table).match
    for seat, cards in PASSES[on_day].items():  # the opponents' passes are the date's
        assert match.hand.passes[seat] == sum(1 << c for c in parse_cards(cards))
    assert app.has_saved_daily()
    result = play_daily_hand(app, table)
    points = hand_scores(match)[0]
    tricks = sum(1 for _, _, winner in match.hand.tricks if winner == 0)
    assert (result.points, result.par, result.tricks) == (points, par, tricks)
    assert result.outcome is daily.result(points, par)
    assert result.verdict() == {"beaten": "Par beaten!", "equalled": "Par equalled"}.get(
        result.outcome.value, "Par missed"
    )
    assert result.share == daily.share_text(on_day, points, par, tricks)
    assert result.copied is None  # nothing copied before the player asks
    result.copy()
    if result.copied:
        assert pygame.scrap.get_text() == result.share
    else:
        assert "by hand" in result.copy_text()
    assert result.counts and result.note() == ""
    assert not app.has_saved_daily()
    stored = app.profile.daily_results()
    assert [(r.points, r.par, r.first_attempt, r.practice) for r in stored] == [
        (points, par, True, False)
    ]
    # A replay on the same date is practice: recorded, never counted.
    click(app, result.buttons[1].rect.center)  # "Daily challenge"
    scene = top(app, DailyScene)
    assert isinstance(scene, DailyScene)
    assert scene.play_label() == "Play again (practice)"
    assert scene.first_attempt() is not None
    run_until(app, scene.ready)
    key(app, pygame.K_RETURN)
    replay = app.stack.top
    assert isinstance(replay, TableScene) and session_of(replay).practice
    assert replay.practice_label() == "Practice"
    again = play_daily_hand(app, replay)
    assert not again.first_attempt and not again.counts and "practice" in again.note()
    rows = app.profile.daily_results()
    assert [(r.first_attempt, r.practice) for r in rows] == [(True, False), (False, True)]
    assert app.profile.daily_history() == {on_day.isoformat(): (points, par, True)}


def test_the_streaks_and_history_come_from_the_stored_results(app: App, on_day: dt.date) -> None:
    profile = app.profile
    for offset, points, par in ((-5, 9, 4), (-3, 2, 6), (-2, 3, 5), (-1, 1, 1)):
        day = (on_day + dt.timedelta(days=offset)).isoformat()
        profile.record_daily(day, points, par, 4)
    profile.record_daily((on_day - dt.timedelta(days=1)).isoformat(), 0, 1, 2)  # a replay
    profile.set_daily_par(on_day.isoformat(), daily.par_key(), 7, 3)
    scene = open_daily(app)
    frames(app)
    expected = daily.streaks(profile.daily_history(), on_day)
    # Played the three days before today; beaten two days running, but not yesterday.
    # (yesterday's 1 for a par of 1 is equalled: the par is met)
    assert expected == daily.Streaks(played=3, best_played=3, met=3, best_met=3)
    assert scene.streak_lines() == [
        "Days played in a row: 3 (best 3)",
        "Pars met in a row (beaten or equalled): 3 (best 3)",
    ]
    rows = scene.history_rows()
    assert [r[1:3] for r in rows] == [("1", "1"), ("3", "5"), ("2", "6"), ("9", "4")]
    assert rows[0][0] == "13 July 2026" and rows[0][3] == "= equalled"
    assert rows[1][3] == "✓ beaten" and rows[3][3] == "✗ missed"
    assert scene.par == 7 and scene.par_text() == "Par: 7 points"  # from the cache


def start_daily_and_play(app: App, day: dt.date, cards: int) -> TableScene:
    """Open the daily challenge of ``day`` (its par cached), pass the last three cards and play
    the first legal card until ``cards`` cards of the hand are played; the table is returned."""
    app.profile.set_daily_par(day.isoformat(), daily.par_key(), PARS[day][0], PARS[day][1])
    scene = open_daily(app)
    run_until(app, scene.ready)
    scene.play()
    table = app.stack.top
    assert isinstance(table, TableScene)
    for _ in range(20):
        wait_for_player(app, table, 120)
        if table.human_to_pass():
            table.hand.selected = set(table.model.hand[-3:])
            key(app, pygame.K_p)
            continue
        if len(local(table).match.hand.plays) >= cards:
            break
        legal = table.legal_cards()
        table.play_card(next(c for c in table.model.hand if legal >> c & 1))
    return table


def test_a_daily_in_progress_is_saved_apart_and_resumed(tmp_path: Path, on_day: dt.date) -> None:
    app = make_app(tmp_path, seed=5, speed="instant")
    try:
        games.new_game(app, app.prefs.new_game)  # an ordinary game in progress, kept aside
        ordinary = app.stack.top
        assert isinstance(ordinary, TableScene)
        wait_for_player(app, ordinary)
        key(app, pygame.K_ESCAPE)
        table = start_daily_and_play(app, on_day, 6)
        plays = list(local(table).match.hand.plays)
        hands = local(table).match.hand.hands
        key(app, pygame.K_ESCAPE)
    finally:
        app.shutdown()
    again = make_app(tmp_path, speed="instant")
    try:
        assert again.has_saved_game() and again.has_saved_daily()
        assert again.profile.load_game(DAILY_GAME)["daily"]["date"] == on_day.isoformat()
        scene = open_daily(again)
        frames(again)
        assert scene.play_label() == "Resume" and scene.ready()
        assert scene.status_text() == "Your hand of today is in progress: it counts."
        click(again, scene.play_button.rect.center)
        table = top(again, TableScene)
        assert isinstance(table, TableScene) and session_of(table).daily is not None
        assert local(table).match.hand.plays == plays and local(table).match.hand.hands == hands
        assert daily_of(table).par == PARS[on_day][0]
        # The daily's opponents:
        assert of_kind(session_of(table).players[1], HardPlayer).work == daily.DAILY_WORK
        wait_for_player(again, table, 120)
        assert local(table).match.phase is Phase.PLAY
    finally:
        again.shutdown()


def test_an_unfinished_daily_of_an_earlier_day_is_finished_before_todays_is_dealt(
    tmp_path: Path, on_day: dt.date, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, seed=5, speed="instant")
    try:
        table = start_daily_and_play(app, on_day, 5)
        plays = list(local(table).match.hand.plays)
        key(app, pygame.K_ESCAPE)
    finally:
        app.shutdown()
    # The next day: the earlier hand is offered, and today's is not dealt over it.
    monkeypatch.setattr(daily_scene, "today", lambda: on_day + dt.timedelta(days=1))
    again = make_app(tmp_path, speed="instant")
    try:
        scene = open_daily(again)
        frames(again)
        assert scene.ready() and scene.play_label() == "Resume"
        assert scene.status_text() == (
            "Your hand of 14 July 2026 is not finished: finish it to play today's."
        )
        scene.play()
        table = top(again, TableScene)
        assert isinstance(table, TableScene) and session_of(table).daily is not None
        assert daily_of(table).date == on_day and local(table).match.hand.plays == plays
        assert again.profile.load_game(DAILY_GAME)["daily"]["date"] == on_day.isoformat()
    finally:
        again.shutdown()


def test_a_clipboard_that_cannot_be_used_shows_the_line_to_copy_by_hand(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(text: str) -> None:
        raise pygame.error("no clipboard here")

    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    assert daily_result.copy_to_clipboard("Dame de pique 2026-07-14: 3 pts") is False
    # A daily hand played out by the engine alone, then its result screen.
    passes = {seat: parse_cards(cards) for seat, cards in PASSES[DAY].items()}
    direction = daily.daily_challenge(DAY).pass_direction
    session = GameSession.new_daily(DAY, direction, passes, PARS[DAY][0])
    match = session.match
    match.choose_pass(0, match.hand.hand_cards(0)[:3])
    while not match.is_over:
        match.play(match.hand.legal_cards()[0])
    table = TableScene(app, games.local_table(app, session, fresh=False))
    app.show_table(table)
    app.stack.push(DailyScene(app).result(table))
    result = app.stack.top
    assert isinstance(result, DailyResultScene)
    result.copy()
    assert result.copied is False and "copy the line above by hand" in result.copy_text()
    drawn: list[str] = []
    real = widgets.draw_text  # what daily_scene.draw_text is

    def record(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *args, **kw)

    monkeypatch.setattr(daily_result, "draw_text", record)
    result.draw(app.screen)
    assert result.share in drawn and result.copy_text() in drawn


def test_teaching_mode_switched_on_the_daily_screen_makes_the_hand_practice(
    app: App, on_day: dt.date
) -> None:
    app.profile.set_daily_par(on_day.isoformat(), daily.par_key(), PARS[on_day][0], PARS[on_day][1])
    scene = open_daily(app)
    frames(app)
    assert scene.teach_label() == "Teaching mode: off"
    click(app, scene.teach_button.rect.center)
    assert app.prefs.new_game.teaching and scene.teach_label() == "Teaching mode: on"
    assert Profile.open(app.options.profile).setting("new_game")["teaching"] is True
    assert scene.status_text() == "Teaching mode is on: today's hand will be practice."
    run_until(app, scene.ready)
    click(app, scene.play_button.rect.center)
    table = app.stack.top
    assert (
        isinstance(table, TableScene) and session_of(table).teaching and session_of(table).practice
    )
    assert app.profile.load_game(DAILY_GAME)["practice"] is True
    wait_for_player(app, table, 120)
    run_until(app, lambda: bool(table.advisor.teaching_cards()))
    assert len(table.advisor.teaching_cards()) == 3
