"""Driving the window headless: an app, frames, synthetic clicks and keys, waiting for the
player's turn, a game in which the player shoots the moon, and screenshots."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pygame

from game.engine.cards import cards_of
from game.engine.match import Match
from game.engine.rules import MoonMode
from game.engine.view import SeatView
from scenes.core.app import App, Options
from scenes.core.scene import Scene
from scenes.table import games
from scenes.table.local_game import LocalTable
from scenes.table.session import DailyHand, GameSession
from scenes.table.table_scene import TableScene

FRAME = 1 / 60

SceneT = TypeVar("SceneT", bound=Scene)


def make_app(tmp_path: Path, size: tuple[int, int] = (1280, 800), **kw: Any) -> App:
    """A started app with its profile in ``tmp_path / "profile"`` (for a test that needs its
    own; most take the ``app`` fixture)."""
    options = Options(profile=tmp_path / "profile", size=size, lang="en", **kw)
    app = App(options)
    app.start()
    return app


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        for event in pygame.event.get():
            app.handle_event(event)
        app.stack.update(FRAME)
        app.stack.draw(app.screen)


def top(app: App, kind: type[SceneT]) -> SceneT:
    """The scene on top of the stack, which must be a ``kind``."""
    scene = app.stack.top
    assert isinstance(scene, kind), f"{type(scene).__name__} on top, not {kind.__name__}"
    return scene


def after_frame(app: App, check: Callable[[], bool]) -> bool:
    """One frame, then ``check()``: a condition to wait for that keeps the window running."""
    frames(app)
    return check()


def frame(app: App, n: int = 1) -> None:
    """What the main loop does each frame (events, update, draw, the save notice on top)."""
    for _ in range(n):
        for event in pygame.event.get():
            app.handle_event(event)
        app.stack.update(FRAME)
        app.save_notice.update(FRAME)
        app.stack.draw(app.screen)
        app.draw_save_notice()


def until(app: App, done: Callable[[], bool], seconds: float = 60.0) -> None:
    """Frames (with the computer players thinking meanwhile) until ``done()``."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        frame(app)
        time.sleep(0.002)


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.stack.handle_event(pygame.event.Event(kind, pos=pos, button=1))


def key(app: App, k: int) -> None:
    app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def point_on_card(table: TableScene, index: int) -> tuple[int, int]:
    """A point where the card at ``index`` is the topmost one (what a player would click)."""
    rect = table.hand.rects()[index]
    for dx in range(2, rect.w, 3):
        for dy in (rect.h // 5, rect.h // 2, 6):
            pos = (rect.x + dx, rect.y + dy)
            if table.hand.card_at(pos) == index:
                return pos
    raise AssertionError(f"card {index} cannot be clicked")


def wait_for_player(app: App, table: TableScene, seconds: float = 30) -> None:
    """Run frames until the player must act or a window is open over the table (the computer
    players answer from their worker process in real time)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        # A pass waits for the computer players' passes too: arriving between the player's
        # clicks, they would hide the pass button for a frame (seen at load average 15).
        passing = table.human_to_pass() and not local(table).thinking
        if app.stack.top is not table or passing or table.human_to_play():
            return
        if table.ok_button.visible:
            table.accept_received()  # the cards received seen: OK, as the player would
        frames(app)
        if local(table).thinking:
            time.sleep(0.001)
    raise AssertionError("the game did not come back to the player")


def local(table: TableScene) -> LocalTable:
    """The game a local table plays (the match, the computer players thinking)."""
    assert table.local is not None, "a table of a local game"
    return table.local


def session_of(table: TableScene) -> GameSession:
    """The local table's game session (options, practice, teaching, the daily hand)."""
    assert table.session is not None, "a table of a local game"
    return table.session


def daily_of(table: TableScene) -> DailyHand:
    """The daily hand a table plays."""
    daily = session_of(table).daily
    assert daily is not None, "a table of the daily hand"
    return daily


def start_game(app: App) -> TableScene:
    games.new_game(app, app.prefs.new_game)
    table = app.stack.top
    assert isinstance(table, TableScene)
    return table


def plain_move(table: TableScene) -> bool:
    """The player's turn taken the plain way: the first three cards passed, or the first legal
    card played; False when it is not the player's turn."""
    if table.human_to_pass():
        table.hand.selected = set(table.model.hand[:3])
        table.confirm_pass()
        return True
    if table.human_to_play():
        legal = table.legal_cards()
        table.play_card(next(c for c in table.model.hand if legal >> c & 1))
        return True
    return False


class LowestCardPlayer:
    """A scripted opponent: passes its three lowest cards, plays its lowest legal card."""

    def choose_pass(self, view: SeatView) -> list[int]:
        return [int(c) for c in cards_of(view.hand)[:3]]

    def choose_play(self, view: SeatView) -> int:
        return int(view.legal_cards()[0])

    def choose_moon(self, view: SeatView) -> bool:
        return True


MOON_SEED = 70
"""With the player passing low and playing high against LowestCardPlayer, seat 0 shoots."""


def moon_table(app: App) -> tuple[TableScene, Match]:
    """A game in which the shooter chooses, against three LowestCardPlayers (see MOON_SEED)."""
    app.prefs.new_game.moon = MoonMode.SHOOTER_CHOOSES.value
    options = app.prefs.new_game
    match = Match.new(options.rules(), seed=MOON_SEED)
    opponents: dict[int, Any] = {seat: LowestCardPlayer() for seat in (1, 2, 3)}
    session = GameSession(match, options, players=opponents)
    table = TableScene(app, games.local_table(app, session))
    app.show_table(table)
    return table, match


def play_to_moon(app: App, table: TableScene) -> None:
    """The player passes low and plays high: seat 0 shoots the moon (see MOON_SEED)."""
    for _ in range(100):
        wait_for_player(app, table)
        if app.stack.top is not table:
            return
        if table.human_to_pass():
            table.hand.selected = set(table.model.hand[:3])
            frames(app)
            click(app, table.pass_button.rect.center)
        else:
            legal = table.legal_cards()
            table.play_card([c for c in table.model.hand if legal >> c & 1][-1])


def shoot(app: App, folder: Path, name: str) -> None:
    """The window as it is, saved as ``folder / name`` (a test's own tmp_path)."""
    folder.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(folder / name))


def shoot_sizes(app: App, folder: Path, name: str) -> None:
    """Screenshots at the four sizes of issue 11 (looked at), back to 1280x800 after."""
    folder.mkdir(parents=True, exist_ok=True)
    for size in ((1280, 800), (800, 600), (2560, 1440), (720, 1100)):
        app.screen = pygame.display.set_mode(size)
        app.resize()
        pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))  # set_mode cleared it
        frames(app)
        pygame.image.save(app.screen, folder / f"{name}_{size[0]}x{size[1]}.png")
    app.screen = pygame.display.set_mode((1280, 800))
    app.resize()
    frames(app)
