"""Issue 44, step 4 in the window: the opponents learn from each finished hand of an ordinary
game here (the profile's model of the person), Hard at the person's table watches their seat
once the model calls them a shooter, never in the daily challenge; Settings turns it off and
forgets what was learned (after asking)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pygame
import pytest

from game.ai.hard import HardPlayer
from game.ai.person import PersonModel
from game.engine.cards import parse_cards
from game.engine.match import Match
from game.records import daily
from game.records.profile import Profile
from game.records.profile.person import ASIDE_PREFIX, PERSON_MODEL
from scenes.core.app import App
from scenes.screens.settings import SettingsScene
from scenes.table import games
from scenes.table.session import GameSession
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.daily_pins import PARS, PASSES
from tests.helpers.window import (
    click,
    frames,
    key,
    make_app,
    moon_table,
    play_to_moon,
    session_of,
    shoot,
    until,
)

pytestmark = pytest.mark.app(speed="instant")

ONE_MOON = PersonModel.new().after_hand((0, 26, 26, 26), 0, "earlier/1")
SHOOTER = ONE_MOON.after_hand((0, 26, 26, 26), 0, "earlier/2")
DAY = min(PASSES)


def hard_table(app: App) -> GameSession:
    """A new game against three Hard, on the table (its players built, none thinking yet)."""
    app.prefs.new_game.set_level("hard")
    session = GameSession.new(app.prefs.new_game, seed=44)
    app.show_table(TableScene(app, games.local_table(app, session)))
    return session


def shoot_the_moon(app: App) -> tuple[Match, list[int]]:
    """The person shoots the moon in the first hand of a game (against three scripted players)
    and takes 26 off their score; returns the match and what the table was told to watch."""
    table, match = moon_table(app)
    watched: list[int] = []
    session = session_of(table)
    real = session.watch

    def watch(marked: int) -> None:
        watched.append(marked)
        real(marked)

    session.watch = watch  # type: ignore[method-assign]
    play_to_moon(app, table)
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog) and dialog.title == "Shot the moon!"
    click(app, dialog.buttons[0].rect.center)  # take 26 off my own score
    until(app, lambda: bool(match.history))
    assert match.history[0] == (-26, 0, 0, 0)
    return match, watched


def marks(session: GameSession) -> list[int]:
    return [p.settings.marked for p in session.players.values() if isinstance(p, HardPlayer)]


def test_a_moon_is_learned_and_the_next_table_watches_the_shooter(app: App) -> None:
    app.profile.save_person_model(ONE_MOON)
    app.games.learning._model = None  # read again from the profile
    assert marks(hard_table(app)) == [0, 0, 0]  # one moon in ten: not yet a shooter
    match, watched = shoot_the_moon(app)
    assert watched == [1]  # told once the hand made them a shooter
    model, problem = Profile.open(app.options.profile).person_model()
    assert problem is None and model.moons == 2 and model.is_shooter
    assert model.last == f"{match.seed}/1"
    assert marks(hard_table(app)) == [1, 1, 1]  # Hard watches seat 0 from the first card


def test_nothing_is_learned_or_used_when_settings_say_no(app: App) -> None:
    app.profile.save_person_model(SHOOTER)
    app.games.learning._model = None
    app.prefs.learn_from_me = False
    assert marks(hard_table(app)) == [0, 0, 0]
    _match, watched = shoot_the_moon(app)
    assert watched == [0]
    assert Profile.open(app.options.profile).person_model()[0] == SHOOTER  # unchanged


def daily_session() -> GameSession:
    passes = {seat: parse_cards(cards) for seat, cards in PASSES[DAY].items()}
    direction = daily.daily_challenge(DAY).pass_direction
    return GameSession.new_daily(DAY, direction, passes, PARS[DAY][0])


def test_the_daily_challenge_never_uses_nor_changes_the_model(app: App) -> None:
    app.profile.save_person_model(SHOOTER)
    app.games.learning._model = None
    session = daily_session()
    app.show_table(TableScene(app, games.local_table(app, session)))
    assert len(marks(session)) == 3 and marks(session) == [0, 0, 0]
    session.watch(1)  # even asked to, a daily table watches nobody
    assert marks(session) == [0, 0, 0]
    match: Match = session.match
    match.choose_pass(0, match.hand.hand_cards(0)[:3])
    while not match.is_over:
        match.play(match.hand.legal_cards()[0])
    match.history[-1] = (0, 26, 26, 26)  # even a moon of the person's
    app.learn_hand(session)
    assert Profile.open(app.options.profile).person_model()[0] == SHOOTER


def test_settings_turn_learning_off_and_forget_after_asking(app: App, shots: Path) -> None:
    app.profile.save_person_model(SHOOTER)
    app.games.learning._model = None
    app.stack.push(SettingsScene(app))
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    frames(app)
    labels = [row.label for row in settings.form.rows]
    assert settings.form.rows[labels.index("Opponents learn how I play")].value_text() == "On"
    shoot(app, shots, "settings-learning.png")
    settings.form.focus = labels.index("Opponents learn how I play")
    key(app, pygame.K_RETURN)
    assert app.prefs.learn_from_me is False
    settings.form.focus = labels.index("Forget what they learned")
    key(app, pygame.K_RETURN)
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog)
    frames(app)
    shoot(app, shots, "settings-forget.png")
    key(app, pygame.K_ESCAPE)  # Esc keeps what they learned
    assert app.profile.person_model()[0] == SHOOTER
    key(app, pygame.K_RETURN)
    dialog = app.stack.top
    assert isinstance(dialog, ChoiceDialog)
    dialog.buttons[0].action()  # Forget
    assert app.profile.person_model()[0] == PersonModel.new()
    key(app, pygame.K_ESCAPE)
    assert Profile.open(app.options.profile).setting("learn_from_me") is False


def test_a_damaged_model_is_said_in_the_menu_and_kept_aside(tmp_path: Path) -> None:
    folder = tmp_path / "profile"
    Profile.open(folder).close()
    db = sqlite3.connect(folder / "profile.sqlite3")
    with db:
        db.execute("INSERT INTO settings (key, value) VALUES (?, ?)", (PERSON_MODEL, "[1, 2"))
    db.close()
    app = make_app(tmp_path, speed="instant")
    try:
        assert "What the opponents learned of your play could not be used" in app.notice
        assert "it cannot be read" in app.notice
        kept = dict(app.profile._db.execute("SELECT key, value FROM settings").fetchall())
        assert [v for k, v in kept.items() if k.startswith(ASIDE_PREFIX)] == ["[1, 2"]
        frames(app, 2)  # the menu draws it
    finally:
        app.shutdown()
