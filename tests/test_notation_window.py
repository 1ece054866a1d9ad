"""The notation in the window: History > a game > "Copy as text", pasted into a fresh profile's
Menu > "Open a game or hand", opens in the hand review with the same cards and points; a text
the reader refuses changes nothing; a file dropped on the menu opens; the score window copies
its hand. Screenshots in the test's own folder (looked at)."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import MoonMode, Rules
from game.engine.save import save_match
from game.notation import read_game
from game.notation.tags import hand_text
from game.records.profile import Profile
from game.records.profile.history import FinishedGame
from game.tutor import review
from scenes.core import i18n
from scenes.core.app import App, Options
from scenes.records import game_text, open_game
from scenes.records.hand_review import HandReviewScene
from scenes.records.history import GameScene, HistoryScene
from scenes.records.open_game import OpenGameScene
from scenes.table import games as start
from scenes.table.score import ScoreScene
from scenes.table.table_scene import TableScene
from scenes.ui import clipboard as clipboard_module
from tests.helpers.records_window import key_and_frame, open_from_menu, until
from tests.helpers.window import shoot

NAMES = ("Ann", "West", "North", "East")


def record(folder: Path, seed: int) -> None:
    match = Match.new(Rules(target=50, moon=MoonMode.SHOOTER_CHOOSES), seed=seed)
    play_match(match, [RandomPlayer(seed * 10 + s) for s in range(4)])
    profile = Profile.open(folder)
    profile.record_game(
        FinishedGame(
            rules=match.rules.to_dict(),
            level="hard",
            human_seat=0,
            names=NAMES,
            totals=tuple(match.totals),
            winners=tuple(match.winners),
            practice=False,
            hands=len(match.history),
            match=save_match(match),
            levels=(None, "hard", "hard", "medium"),
        )
    )
    profile.close()


@pytest.fixture
def clipboard(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The system clipboard, kept in a dict (the dummy video driver has none)."""
    held: dict[str, str] = {}

    def copy(text: str) -> bool:
        held["text"] = text
        return True

    monkeypatch.setattr(game_text, "copy_text", copy)
    monkeypatch.setattr(clipboard_module, "copy_text", copy)
    monkeypatch.setattr(open_game, "paste_text", lambda: held.get("text", ""))
    return held


def started(folder: Path) -> App:
    # its own App: opened after another profile's window closed
    app = App(Options(profile=folder, size=(1024, 700), lang="en"))
    app.start()
    return app


@pytest.fixture
def fresh(tmp_path: Path, clipboard: dict[str, str], shots: Path) -> Iterator[App]:
    """A window on a new profile: started after the game is copied from the old one (one
    window at a time in a process)."""
    copy_from_history(tmp_path / "old", shots)
    app = started(tmp_path / "fresh")
    yield app
    app.shutdown()
    i18n.set_language("en")


COPIED_SEED = 8


def copy_from_history(folder: Path, shots: Path) -> None:
    record(folder, seed=COPIED_SEED)
    app = started(folder)
    try:
        listing = open_from_menu(app, "History")
        assert isinstance(listing, HistoryScene)
        until(app, lambda: bool(listing.games))
        listing.open_selected()
        scene = app.stack.top
        assert isinstance(scene, GameScene)
        until(app)
        copy = next(b for b in scene.buttons if b.text() == "Copy as text")
        copy.action()
        until(app)
        shoot(app, shots, "history_game_copied.png")
        assert scene.message == "The game is on the clipboard, as text."
    finally:
        app.shutdown()


def test_a_game_copied_from_history_opens_in_a_fresh_profile(
    tmp_path: Path, clipboard: dict[str, str], shots: Path, fresh: App
) -> None:
    match = Match.new(Rules(target=50, moon=MoonMode.SHOOTER_CHOOSES), seed=COPIED_SEED)
    play_match(match, [RandomPlayer(COPIED_SEED * 10 + s) for s in range(4)])  # as recorded
    assert read_game(clipboard["text"]).names() == list(NAMES)
    assert fresh.profile.game_rows() == [] or not list(fresh.profile.game_rows())
    scene = open_from_menu(fresh, "Open a game or hand")
    assert isinstance(scene, OpenGameScene)
    scene.paste()
    until(fresh)
    shoot(fresh, shots, "open_pasted.png")
    assert scene.game is not None and scene.seat == 0  # the "human" seat
    hand = 1
    scene.set_hand(hand)
    scene.set_seat(2)
    scene.review()
    shown = fresh.stack.top
    assert isinstance(shown, HandReviewScene) and shown.review is not None
    assert shown.review == review.replay_hand(save_match(match), hand, seat=2)
    assert shown.review.steps[0].hands == match.past_hands[hand].dealt
    assert shown.review.scores == match.history[hand]
    assert shown.names == list(NAMES)
    key_and_frame(fresh, pygame.K_RIGHT)
    shoot(fresh, shots, "open_review.png")


def test_a_text_the_reader_refuses_changes_nothing(
    clipboard: dict[str, str], fresh: App, shots: Path
) -> None:
    """(The fresh window's clipboard holds the copied game until the test puts junk there.)"""
    scene = open_from_menu(fresh, "Open a game or hand")
    assert isinstance(scene, OpenGameScene)
    clipboard["text"] = '[Seed "3"]\nHand 1 dealer 1 pass hold\nTrick 1: QS\n'
    rows = [row.label for row in scene.form.rows]
    scene.paste()
    until(fresh)
    shoot(fresh, shots, "open_refused.png")
    assert scene.game is None and scene.error
    assert "Line 3, column 10: seat 3 may not play Q♠" in scene.message
    assert [row.label for row in scene.form.rows] == rows


def test_a_file_dropped_on_the_menu_opens(tmp_path: Path, fresh: App) -> None:
    match = Match.new(Rules(players=3), seed=4)
    play_match(match, [RandomPlayer(s) for s in range(3)], max_hands=1)
    file = tmp_path / "hand.hearts"
    file.write_text(hand_text(match, 0, ["A", "B", "C"], ["", "", ""], _today(), "fr"))
    fresh.handle_event(pygame.event.Event(pygame.DROPFILE, file=str(file)))
    until(fresh)
    scene = fresh.stack.top
    assert isinstance(scene, OpenGameScene) and scene.game is not None
    assert scene.game.match.history == match.history


def _today() -> datetime.date:
    return datetime.date(2026, 12, 6)


@pytest.mark.app(size=(1024, 700), seed=3)
def test_the_score_window_copies_the_hand_just_played(
    app: App, monkeypatch: pytest.MonkeyPatch, shots: Path
) -> None:
    held: dict[str, str] = {}
    monkeypatch.setattr(clipboard_module, "copy_text", lambda text: held.update(text=text) or 1)
    app.prefs.new_game.level = "easy"
    start.new_game(app, app.prefs.new_game, autoplay=False)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.local is not None
    match = table.local.match
    play_match(match, [RandomPlayer(s) for s in range(4)], max_hands=2)
    table.view = table.source.view()  # as a poll would leave it: the hand is over
    app.stack.push(ScoreScene(app, table))
    score = app.stack.top
    assert isinstance(score, ScoreScene)
    score.copy_button.action()
    until(app)
    shoot(app, shots, "score_copied.png")
    assert score.copy_button.text() == "Copied"
    hand = read_game(held["text"])
    assert (hand.first_hand, hand.hand_count) == (1, 1)
    assert hand.match.history == [match.history[1]]
    assert hand.match.totals == match.totals
    options = table.local.session.options
    assert hand.levels() == ["human", *(options.level_of(s) for s in (1, 2, 3))]


def test_a_file_dropped_on_the_table_opens_over_it(tmp_path: Path, fresh: App) -> None:
    """Anywhere a screen does not take dropped files itself (Players takes photos)."""
    match = Match.new(Rules(), seed=4)
    play_match(match, [RandomPlayer(s) for s in range(4)], max_hands=1)
    file = tmp_path / "hand.hearts"
    file.write_text(hand_text(match, 0, ["A", "B", "C", "D"], ["", "", "", ""], _today(), "en"))
    start.new_game(fresh, fresh.prefs.new_game, autoplay=False)
    table = fresh.stack.top
    assert isinstance(table, TableScene)
    fresh.handle_event(pygame.event.Event(pygame.DROPFILE, file=str(file)))
    until(fresh)
    scene = fresh.stack.top
    assert isinstance(scene, OpenGameScene) and scene.game is not None
    key_and_frame(fresh, pygame.K_ESCAPE)
    assert fresh.stack.top is table


def test_an_unfinished_hand_opens_in_the_review_to_where_it_stops(
    clipboard: dict[str, str], fresh: App, shots: Path
) -> None:
    from game.notation import write_match
    from tests.helpers.notation_games import play as play_moves

    match = Match.new(Rules(), seed=12)
    play_moves(match, 4 + 4 * 6 + 2, greedy=False, seed=12)  # six tricks and two cards
    clipboard["text"] = write_match(match, names=["Ann", "Bo", "Cy", "Di"])
    scene = open_from_menu(fresh, "Open a game or hand")
    assert isinstance(scene, OpenGameScene)
    scene.paste()
    scene.review()
    shown = fresh.stack.top
    assert isinstance(shown, HandReviewScene) and shown.review is not None
    assert shown.steps == 1 + 6 + 1 and not shown.review.finished
    key_and_frame(fresh, pygame.K_END)
    assert shown.headline() == "Hand 1 · Trick 7 of 13 · The hand stops here"
    shoot(fresh, shots, "review_unfinished.png")


@pytest.mark.app(lang="fr")
def test_the_french_window_says_the_readers_fault_in_french(
    app: App, clipboard: dict[str, str], shots: Path
) -> None:
    """The reader's sentence goes through the catalogs: its place, its words and the card's
    French name (D♠), not the English the engine writes."""
    scene = OpenGameScene(app)
    app.stack.push(scene)
    clipboard["text"] = "Hand 1 dealer 1 pass left\nDeal 1: QS QS\n"
    scene.paste()
    until(app)
    shoot(app, shots, "open_refused_fr.png")
    assert scene.game is None and scene.error
    assert "Ligne 2, colonne 12\u00a0: La carte D♠ est distribuée deux fois" in scene.message
