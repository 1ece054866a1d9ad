"""The table's cached layers never show a stale picture: frame after frame of a seeded game, with
the player hovering, focusing, raising, refusing, asking hints, and the window changing size,
language, names, card backs and colours under it, the cached frame equals the table painted
afresh, pixel for pixel (and most frames do reuse the cache, so the comparison means something).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine.hand import Phase
from scenes.core import i18n
from scenes.core.app import App
from scenes.core.scene import Scene
from scenes.core.thinking import Thinker
from scenes.screens.settings import SettingsScene
from scenes.table import games
from scenes.table.last_trick import LastTrickScene
from scenes.table.score import ScoreScene
from scenes.table.table_scene import TableScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.window import local, session_of, top

FRAME = 1 / 60
SIZES = ((960, 600), (800, 640), (560, 800), (1000, 600))  # small: the test compares every pixel


class InlineThinker(Thinker):
    """The computer players answer at once, in the test's thread: the same game every run."""

    def __init__(self) -> None:  # no worker to set up
        pass

    def start(self) -> None:
        pass

    def shutdown(self) -> None:
        pass

    def submit(self, work: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(work(*args))
        except Exception as exc:  # the table's own fallback handles it, as with the worker
            future.set_exception(exc)
        return future


pytestmark = pytest.mark.app(size=SIZES[0], seed=11)


@pytest.fixture
def new_game_level() -> str:
    return "easy"


@pytest.fixture(autouse=True)
def teaching_inline(app: App) -> None:
    """Fast, with the tutor's marks and sentences too, the computer players answering inline."""
    app.prefs.speed = "fast"
    app.prefs.new_game.teaching = True
    app.thinker = InlineThinker()


class Comparer:
    """Draws each frame twice (cached, and afresh on another surface of the same format) and
    counts the frames whose cached layer was copied untouched, or painted again in part."""

    def __init__(self, table: TableScene, folder: Path) -> None:
        self.table = table
        self.folder = folder  # where the two pictures go when they differ
        self.compared = 0
        self.reused = 0
        self.partial = 0
        self.screen_partial = 0  # frames that painted only some rectangles of the screen
        real = table.renderer.areas_to_paint

        def areas_to_paint(
            surface: pygame.Surface,
            sprites: list[tuple[pygame.Surface, pygame.Rect]],
            overlay: tuple[Any, ...],
        ) -> list[pygame.Rect] | None:
            areas = real(surface, sprites, overlay)
            self.screen_partial += areas is not None
            return areas

        table.renderer.areas_to_paint = areas_to_paint  # type: ignore[method-assign]

    def check(self, app: App, where: str) -> None:
        """Draw the scene stack as the main loop does, and the same scenes afresh (the table
        redrawn without its caches) on another surface; compare the pixels."""
        screen = app.screen
        layer = self.table.renderer.layer
        before = (layer.full_paints, layer.partial_paints)
        app.stack.draw(screen)
        if (layer.full_paints, layer.partial_paints) == before:
            self.reused += 1
        elif layer.partial_paints != before[1]:
            self.partial += 1
        reference = pygame.Surface(screen.get_size(), 0, screen)
        reference.fill((255, 0, 255))
        self.table.redraw(reference)
        for scene in app.stack.scenes[app.stack.scenes.index(self.table) + 1 :]:
            scene.draw(reference)  # a score window or a dialog over the table
        # Same size and pixel format: the raw pixel bytes compare (much faster than tobytes).
        if screen.get_buffer().raw != reference.get_buffer().raw:
            pygame.image.save(screen, str(self.folder / "cached.png"))
            pygame.image.save(reference, str(self.folder / "fresh.png"))
            raise AssertionError(
                f"the cached frame differs from a full redraw {where} (see {self.folder})"
            )
        self.compared += 1


def point_on(table: TableScene, index: int, rng: random.Random) -> tuple[int, int]:
    rect = table.hand.rects()[index]
    return (rect.x + rng.randrange(2, max(3, round(table.layout.spacing))), rect.centery)


def act(app: App, table: TableScene, rng: random.Random, frame: int) -> None:
    """What a restless player (and a fiddling one) does this frame."""
    post = app.stack.handle_event
    top = app.stack.top
    if isinstance(top, ScoreScene):
        if rng.random() < 0.05:
            post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
        return
    if isinstance(top, ChoiceDialog):
        top.buttons[0].action()
        return
    if isinstance(top, LastTrickScene):  # looked at for a few frames, then closed
        if rng.random() < 0.1:
            post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
        return
    if top is not table:
        return
    roll = rng.random()
    hand = table.model.hand
    if roll < 0.25 and hand:  # the mouse wanders over the hand (or off it)
        pos = point_on(table, rng.randrange(len(hand)), rng) if rng.random() < 0.8 else (5, 5)
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    elif roll < 0.32:
        k = rng.choice((pygame.K_LEFT, pygame.K_RIGHT, pygame.K_DOWN))
        post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    if table.model.last_trick and rng.random() < 0.01:  # the last trick, mid-hand
        post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode=""))
        return
    if not table.idle:
        return
    if table.ok_button.visible and rng.random() < 0.05:  # OK after the exchange
        pos = table.ok_button.rect.center
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            post(pygame.event.Event(kind, pos=pos, button=1))
        return
    if table.human_to_pass():
        if len(table.hand.selected) == 3 and rng.random() < 0.1:
            post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode=""))
        elif rng.random() < 0.08 and hand:
            index = rng.randrange(len(hand))
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                post(pygame.event.Event(kind, pos=point_on(table, index, rng), button=1))
    elif table.human_to_play() and rng.random() < 0.08 and hand:
        if rng.random() < 0.2 and not table.advisor.hint_timer:
            post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode=""))
            return
        # More often a legal card than a refused one (its reason shows above the hand).
        legal = table.legal_cards()
        choices = [i for i, c in enumerate(hand) if (legal >> c & 1) == (rng.random() < 0.6)]
        if choices:
            index = rng.choice(choices)
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                post(pygame.event.Event(kind, pos=point_on(table, index, rng), button=1))


def fiddle(app: App, table: TableScene, rng: random.Random) -> None:
    """Settings that change under the table now and then."""
    roll = rng.random()
    if roll < 0.005:  # teaching mode on and off (a refused card's reason moves to the box)
        session_of(table).options.teaching = not session_of(table).options.teaching
        return
    roll = rng.random()
    if roll < 0.004:
        i18n.set_language(rng.choice(("en", "fr")))
    elif roll < 0.008:
        app.set_card_back(rng.randrange(4))
    elif roll < 0.012:
        app.set_four_colour(not app.prefs.four_colour)
    elif roll < 0.016:
        app.prefs.names[rng.randrange(4)] = rng.choice(("", "Zoé", "A much longer name here"))


def test_cached_frames_equal_a_full_redraw_through_a_played_hand(app: App, tmp_path: Path) -> None:
    rng = random.Random(5)
    games.new_game(app, app.prefs.new_game)
    table = app.stack.top
    assert isinstance(table, TableScene)
    comparer = Comparer(table, tmp_path)
    sizes = list(SIZES[1:])
    seen: set[str] = set()
    frame = 0
    # One hand from the deal, its score window, and the next hand dealt up to the pass.
    while not (local(table).match.hand_number == 1 and table.human_to_pass()) and frame < 4000:
        frame += 1
        if frame % 400 == 0 and sizes:
            pygame.display.set_mode(sizes.pop(0), pygame.RESIZABLE)
            app.resize()
        act(app, table, rng, frame)
        fiddle(app, table, rng)
        app.stack.update(FRAME)
        if app.stack.top is not table and not isinstance(
            app.stack.top, ScoreScene | ChoiceDialog | LastTrickScene
        ):
            break
        comparer.check(app, f"at frame {frame}")
        current = table.animator.current
        seen |= {
            name
            for name, shown in (
                ("greyed", bool(table.shown_greyed())),
                ("received", bool(table.hand.received)),
                ("last trick", isinstance(app.stack.top, LastTrickScene)),
                ("selected", bool(table.hand.selected)),
                ("focus", table.hand.focus is not None),
                ("hover", table.hand.hover is not None and table.human_to_play()),
                ("message", table.message_timer > 0 and not table.message_boxed),
                ("boxed message", table.message_timer > 0 and table.message_boxed),
                ("tutor", bool(table.advisor.teaching_cards())),
                ("hint", table.advisor.hint_timer > 0),
                ("banner", table.banner_timer > 0),
                ("flights", current is not None and bool(current.flights)),
                ("trick", bool(table.model.trick)),
                ("sliding", bool(table.hand.motion)),
                ("two rows", table.layout.two_rows),
                ("french", i18n.current_language() == "fr"),
                ("four colours", app.prefs.four_colour),
                ("another back", app.prefs.card_back != 0),
                ("a name", any(app.prefs.names)),
            )
            if shown
        }
    assert local(table).match.hand_number >= 1 and local(table).match.phase in (
        Phase.PASS,
        Phase.PLAY,
    )
    assert not sizes  # every size was shown
    assert seen == {
        "greyed",
        "received",
        "last trick",
        "selected",
        "focus",
        "hover",
        "message",
        "boxed message",
        "tutor",
        "hint",
        "banner",
        "flights",
        "trick",
        "sliding",
        "two rows",
        "french",
        "four colours",
        "another back",
        "a name",
    }
    # The comparison means something: most frames copied the cached picture untouched, and
    # many painted it again only where it changed.
    assert comparer.compared > 1000 and comparer.reused > comparer.compared // 2
    assert comparer.partial > 100 and comparer.screen_partial > comparer.compared // 2


def test_a_window_opened_over_the_table_leaves_no_trace_when_closed(
    app: App, tmp_path: Path
) -> None:
    """An opaque screen pushed over the table paints the whole window; when it is closed the
    table must paint itself whole again, not only what moved since its own last frame."""
    games.new_game(app, app.prefs.new_game)
    table = app.stack.top
    assert isinstance(table, TableScene)
    comparer = Comparer(table, tmp_path)
    for frame in range(40):
        app.stack.update(FRAME)
        comparer.check(app, f"at frame {frame}")
    app.stack.push(SettingsScene(app))
    assert app.stack.top is not table and top(app, Scene).opaque
    app.stack.update(FRAME)
    app.stack.draw(app.screen)  # the settings cover the table
    app.stack.pop()
    assert app.stack.top is table
    for frame in range(40, 50):
        app.stack.update(FRAME)
        comparer.check(app, f"at frame {frame}, after the settings were closed")
    assert comparer.screen_partial >= 10  # frames before and after did use the shortcut
