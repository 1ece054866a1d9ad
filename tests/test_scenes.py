"""The window, headless: synthetic mouse and key events drive whole games against the computer,
and the tests check what is drawn against the engine (greyed cards, reasons, score totals)."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine.cards import cards_of
from game.engine.hand import Phase
from game.records.profile import PROFILE_FILE, Profile
from scenes.core import i18n
from scenes.core.app import App
from scenes.core.i18n import reason_message
from scenes.core.preferences import SPEEDS
from scenes.screens.menu import MenuScene
from scenes.screens.settings import SettingsScene
from scenes.table import score
from scenes.table.score import ScoreScene
from scenes.table.table_scene import TableScene
from scenes.ui import widgets
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.window import (
    click,
    frames,
    key,
    local,
    make_app,
    moon_table,
    play_to_moon,
    point_on_card,
    start_game,
    wait_for_player,
)

pytestmark = pytest.mark.app(seed=5, speed="instant")


@pytest.fixture
def new_game_level() -> str:
    return "easy"


class DrawnCards:
    """Records which card faces the table draws greyed or plain in one frame."""

    def __init__(self, app: App) -> None:
        self.greyed: set[int] = set()
        self.plain: set[int] = set()
        art = app.card_art
        face, greyed = art.face, art.greyed

        def record_face(card: int, width: int) -> pygame.Surface:
            self.plain.add(card)
            return face(card, width)

        def record_greyed(card: int, width: int) -> pygame.Surface:
            self.greyed.add(card)
            return greyed(card, width)

        art.face = record_face  # type: ignore[method-assign]
        art.greyed = record_greyed  # type: ignore[method-assign]


def test_menu_shows_only_built_entries_and_continue_only_with_a_saved_game(app: App) -> None:
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert menu.labels() == [
        "New game",
        "Daily challenge",
        "Statistics",
        "History",
        "Score sheet",
        "Open a game or hand",
        "Online table",
        "Settings",
        "Rules",
        "About",
        "Quit",
    ]
    table = start_game(app)
    frames(app, 3)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu
    assert table not in app.stack.scenes
    assert menu.labels()[0] == "Continue"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_whole_game_by_mouse_greyed_cards_and_score_totals_match_the_engine(
    app: App, monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    app.prefs.new_game.target = 50
    app.prefs.new_game.players = players
    table = start_game(app)
    assert table.source.rules.players == players and len(table.model.hand) == 52 // players
    match = local(table).match
    drawn_texts: list[str] = []
    real_draw_text = widgets.draw_text  # what score.draw_text is

    def record_text(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        drawn_texts.append(text)
        return real_draw_text(surface, text, *args, **kw)

    monkeypatch.setattr(score, "draw_text", record_text)
    turns_checked = scores_checked = 0
    for _ in range(2000):
        wait_for_player(app, table)
        top = app.stack.top
        if isinstance(top, ScoreScene):
            drawn_texts.clear()
            top.draw(app.screen)
            totals = [str(t) for t in match.totals]
            assert drawn_texts[drawn_texts.index("Total") + 1 :][:players] == totals
            assert drawn_texts[:players] == [app.prefs.name(s) for s in range(players)]
            scores_checked += 1
            if match.phase is Phase.GAME_OVER:
                assert top.headline()
                break
            click(app, top.buttons[0].rect.center)
            continue
        if isinstance(top, ChoiceDialog):  # shot the moon: take 26 off
            click(app, top.buttons[0].rect.center)
            continue
        if table.human_to_pass():
            for index in (0, 1, 2):
                click(app, point_on_card(table, index))
            assert len(table.hand.selected) == 3
            frames(app)
            assert table.pass_button.visible and table.pass_button.enabled
            click(app, table.pass_button.rect.center)
            continue
        drawn = DrawnCards(app)
        table.redraw(app.screen)
        legal = set(cards_of(match.view(0).legal_mask()))
        hand = set(cards_of(match.hand.hands[0]))
        assert drawn.greyed == hand - legal
        assert hand - drawn.greyed == legal
        turns_checked += 1
        index = next(i for i, c in enumerate(table.model.hand) if c in legal)
        click(app, point_on_card(table, index))
    else:
        raise AssertionError("the game did not end")
    assert match.is_over and turns_checked >= 52 // players and scores_checked >= 2
    assert not app.profile.has_game()  # a finished game is not offered to continue


def test_a_refused_card_says_the_engine_reason(app: App) -> None:
    table = start_game(app)
    for _ in range(200):
        wait_for_player(app, table)
        if table.human_to_pass():
            table.hand.selected = set(table.model.hand[-3:])
            key(app, pygame.K_p)
            continue
        legal = table.legal_cards()
        refused = [i for i, c in enumerate(table.model.hand) if not legal >> c & 1]
        if refused:
            break
        table.play_card(next(c for c in table.model.hand if legal >> c & 1))
    card = table.model.hand[refused[0]]
    hand = local(table).match.hand
    reason = hand.play_reason(card, 0)
    assert reason is not None
    before = list(hand.plays)
    click(app, point_on_card(table, refused[0]))
    assert table.status_text() == reason_message(reason, hand.led_suit, hand.first_lead)
    assert hand.plays == before  # nothing was played


def test_keyboard_pass_and_play(app: App) -> None:
    table = start_game(app)
    wait_for_player(app, table)
    assert table.human_to_pass()
    key(app, pygame.K_RIGHT)  # focus the first card
    for _ in range(3):
        key(app, pygame.K_SPACE)
        key(app, pygame.K_RIGHT)
    assert len(table.hand.selected) == 3
    key(app, pygame.K_p)
    assert local(table).match.hand.passes[0] is not None
    wait_for_player(app, table)
    assert table.human_to_play()
    legal = table.legal_cards()
    target = next(i for i, c in enumerate(table.model.hand) if legal >> c & 1)
    table.hand.focus = None
    key(app, pygame.K_RIGHT)
    for _ in range(target):
        key(app, pygame.K_RIGHT)
    plays = len(local(table).match.hand.plays)
    key(app, pygame.K_RETURN)
    assert len(local(table).match.hand.plays) == plays + 1


def test_received_cards_stay_raised_and_marked_for_a_moment(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5, speed="normal")
    try:
        table = start_game(app)
        wait_for_player(app, table)
        table.hand.selected = set(table.model.hand[:3])
        table.confirm_pass()
        deadline = time.monotonic() + 30
        while not table.hand.received and time.monotonic() < deadline:
            frames(app)
            time.sleep(0.001)
        received = local(table).match.hand.received(0)
        assert table.hand.received == set(cards_of(received))
        raised = [
            r
            for r, c in zip(table.hand.rects(), table.model.hand, strict=True)
            if c in table.hand.received
        ]
        assert all(r.y < table.layout.hand_top for r in raised)
    finally:
        app.shutdown()


def test_leaving_and_continuing_restores_the_exact_position(app: App) -> None:
    table = start_game(app)
    wait_for_player(app, table)
    table.hand.selected = set(table.model.hand[:3])
    table.confirm_pass()
    for _ in range(3):
        wait_for_player(app, table)
        legal = table.legal_cards()
        table.play_card(next(c for c in table.model.hand if legal >> c & 1))
    wait_for_player(app, table)
    hands = list(local(table).match.hand.hands)
    plays = list(local(table).match.hand.plays)
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.form.rects[0].center)  # Continue
    again = app.stack.top
    assert isinstance(again, TableScene) and again is not table
    assert local(again).match.hand.hands == hands and local(again).match.hand.plays == plays
    assert again.model.hand == sorted(cards_of(hands[0]))


def test_narrow_window_uses_two_rows_and_every_card_can_be_clicked(tmp_path: Path) -> None:
    app = make_app(tmp_path, size=(720, 1100), seed=5, speed="instant")
    try:
        table = start_game(app)
        wait_for_player(app, table)
        assert table.layout.two_rows
        rects = table.hand.rects()
        assert len({r.y for r in rects}) == 2
        screen = app.screen.get_rect()
        assert all(screen.contains(r) for r in rects)
        for index in range(len(rects)):
            point_on_card(table, index)
        assert table.layout.card_w >= 90  # big enough to read
    finally:
        app.shutdown()


def test_resizing_recomputes_the_layout(app: App) -> None:
    table = start_game(app)
    frames(app, 2)
    app.stack.resize((2560, 1440))
    assert table.layout.size == (2560, 1440)
    assert not table.layout.two_rows
    assert table.layout.card_w > 150


def test_settings_are_saved_and_the_language_switches(app: App) -> None:
    app.stack.push(SettingsScene(app))
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    frames(app)
    rows = {row.label: row for row in settings.form.rows}
    # The app was started with --lang en and --speed instant: the rows say what is in use.
    assert rows["Language"].value_text() == "English" and app.prefs.language == "system"
    assert rows["Animation speed"].value_text() == "Instant" and app.speed_factor == 0
    key(app, pygame.K_LEFT)  # Language: English -> français
    assert app.prefs.language == "fr"
    assert i18n._("New game") == "Nouvelle partie"
    # A speed chosen here takes effect over --speed.
    settings.form.focus = list(rows).index("Animation speed")
    key(app, pygame.K_LEFT)  # Instant -> Fast
    assert app.prefs.speed == "fast" and app.speed_factor == SPEEDS["fast"] > 0
    assert rows["Animation speed"].value_text() == "Rapide"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not settings
    stored = Profile.open(app.options.profile)
    assert stored.setting("language") == "fr" and stored.setting("speed") == "fast"


def test_names_can_be_changed_by_typing(app: App) -> None:
    app.stack.push(SettingsScene(app))
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    settings.form.focus = [row.label for row in settings.form.rows].index("Your name")
    key(app, pygame.K_RETURN)
    app.stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Zoé"))
    key(app, pygame.K_RETURN)
    assert app.prefs.name(0) == "Zoé"


def test_an_unreadable_profile_is_announced_in_the_menu(tmp_path: Path) -> None:
    folder = tmp_path / "profile"
    folder.mkdir()
    (folder / PROFILE_FILE).write_text("garbage " * 200)
    app = make_app(tmp_path, speed="instant")
    try:
        assert "could not be read" in app.notice
        frames(app, 2)  # the menu draws it without failing
    finally:
        app.shutdown()


def test_the_demo_plays_a_hand_and_finishes(tmp_path: Path) -> None:
    app = make_app(tmp_path, speed="instant", demo=True, hands=1, seed=9)
    try:
        table = app.stack.top
        assert isinstance(table, TableScene)
        deadline = time.monotonic() + 60
        while app.running and time.monotonic() < deadline:
            frames(app)
            time.sleep(0.001)
        assert not app.running and app.exit_code == 0
        assert local(table).match.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        assert not app.profile.has_game()  # the demo leaves the player's saved game alone
    finally:
        app.shutdown()


def test_shooting_the_moon_asks_the_shooter_and_scores_the_choice(app: App) -> None:
    table, match = moon_table(app)
    play_to_moon(app, table)
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog) and dialog.title == "Shot the moon!"
    click(app, dialog.buttons[0].rect.center)  # take 26 off my own score
    wait_for_player(app, table)
    assert match.history[0] == (-26, 0, 0, 0)
    window = app.stack.top
    assert isinstance(window, ScoreScene)
    assert "You shot the moon!" in window.headline()


def test_an_unreadable_saved_game_is_kept_aside_with_a_message(app: App) -> None:
    app.profile.save_game({"format": "dame-de-pique/session", "version": 1, "match": {}})
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    menu.rebuild()
    assert menu.labels()[0] == "Continue"
    menu.form.rows[0].activate()
    assert app.stack.top is menu
    assert "saved game could not be read" in app.notice
    assert not app.profile.has_game()
    assert menu.labels()[0] == "New game"


def test_the_pass_button_names_the_direction_and_waits_for_three_cards(app: App) -> None:
    table = start_game(app)
    wait_for_player(app, table)
    assert table.pass_button.text() == "Pass left (to Margaret)"  # seat 1, on the player's left
    assert not table.pass_button.enabled
    table.hand.toggle(table.model.hand[0])
    table.hand.toggle(table.model.hand[1])
    frames(app)
    assert not table.pass_button.enabled
    click(app, table.pass_button.rect.center)
    assert local(table).match.hand.passes[0] is None  # two cards: nothing happens
    table.hand.toggle(table.model.hand[2])
    table.hand.toggle(table.model.hand[3])  # a fourth is refused with a message
    assert len(table.hand.selected) == 3 and table.status_text() == "Choose three cards to pass"
    frames(app)
    assert table.pass_button.enabled
    i18n.set_language("fr")
    assert table.pass_button.text() == "Passer à gauche (à Marguerite)"


def test_leaving_at_the_score_window_reopens_it_on_continue(app: App) -> None:
    table = start_game(app)
    for _ in range(100):
        wait_for_player(app, table)
        if app.stack.top is not table:
            break
        if table.human_to_pass():
            table.hand.selected = set(table.model.hand[:3])
            table.confirm_pass()
        else:
            legal = table.legal_cards()
            table.play_card(next(c for c in table.model.hand if legal >> c & 1))
    assert isinstance(app.stack.top, ScoreScene)
    history = list(local(table).match.history)
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.labels()[0] == "Continue"
    menu.form.rows[0].activate()
    frames(app)
    window = app.stack.top
    assert isinstance(window, ScoreScene)
    assert list(window.view.history) == history
    click(app, window.buttons[0].rect.center)  # OK: the next hand is dealt
    assert local(window.table).match.hand_number == 1


def test_the_game_goes_on_when_the_thinking_process_dies(app: App) -> None:
    import signal as signals
    from concurrent.futures import ProcessPoolExecutor

    table = start_game(app)
    wait_for_player(app, table)
    executor = app.thinker.executor
    if not isinstance(executor, ProcessPoolExecutor):
        pytest.skip("worker processes are not available here")
    table.hand.selected = set(table.model.hand[:3])
    table.confirm_pass()
    for pid in list(executor._processes):  # the worker dies, as if the system killed it
        os.kill(pid, signals.SIGKILL)
    for _ in range(30):
        wait_for_player(app, table)
        if app.stack.top is not table:
            break
        legal = table.legal_cards()
        table.play_card(next(c for c in table.model.hand if legal >> c & 1))
    assert local(table).match.hand.trick_number >= 1 or local(table).match.phase is not Phase.PLAY


def wait_for_hint(app: App, table: TableScene) -> None:
    deadline = time.monotonic() + 60
    while table.advisor.hint is not None and time.monotonic() < deadline:
        frames(app)
        time.sleep(0.005)
    frames(app)


def test_h_asks_the_tutor_for_a_hint_on_the_pass_and_on_the_play(app: App) -> None:
    app.prefs.ask_before_hint = False  # the first hint's question: see test_table_issue29
    table = start_game(app)
    wait_for_player(app, table)
    assert table.hint_button.visible
    key(app, pygame.K_h)
    wait_for_hint(app, table)
    assert len(table.hand.selected) == 3 and table.hand.selected <= set(table.model.hand)
    assert table.advisor.hint_text and table.advisor.hint_timer > 0
    key(app, pygame.K_p)  # pass what the tutor suggested
    wait_for_player(app, table)
    click(app, table.hint_button.rect.center)
    wait_for_hint(app, table)
    assert table.hand.focus is not None
    card = table.model.hand[table.hand.focus]
    assert table.legal_cards() >> card & 1  # the tutor only suggests legal cards
    plays = len(local(table).match.hand.plays)
    key(app, pygame.K_RETURN)
    assert len(local(table).match.hand.plays) == plays + 1
