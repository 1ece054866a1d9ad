"""Scenes and the scene stack: what the window shows is a stack of scenes, the top one in charge.

A scene has a lifecycle (``enter`` when pushed, ``exit`` when removed, ``pause`` when another
scene covers it, ``resume`` when it is on top again), takes input through ``handle_event`` (only
the top scene gets it), changes state in ``update(dt)`` and paints in ``draw(surface)``, which
changes nothing. Drawing starts from the topmost opaque scene, so a dialog or the score window
shows the table beneath it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

import pygame


class Navigation(Protocol):
    """The way between screens, as a scene sees it: the stack, and the ways to the table and
    back to the menu. Every scene holds one (``scene.app``); a screen that needs more of the
    program asks for it through the Protocols of :mod:`scenes.core.services`."""

    @property
    def stack(self) -> SceneStack: ...

    def show_table(self, table: Scene) -> None:
        """Put ``table`` on screen over the menu (the menu is what Esc goes back to)."""

    def leave_game(self) -> None:
        """Leave the table for the menu (the game is saved)."""

    def to_menu(self) -> None:
        """Back to the menu, whatever is above it."""


class Task(Protocol):
    """Something timed a scene owns; the base scene's :meth:`Scene.update` runs it."""

    def run(self, dt: float) -> None:
        """``dt`` seconds went by."""


class Countdown:
    """Seconds left to show something (a message, a banner); never below zero.

    >>> shown = Countdown()
    >>> shown.start(1.0); shown.run(0.25); shown.left, bool(shown)
    (0.75, True)
    >>> shown.run(2.0); shown.left, bool(shown)
    (0.0, False)
    """

    __slots__ = ("left",)

    def __init__(self) -> None:
        self.left = 0.0

    def start(self, seconds: float) -> None:
        self.left = seconds

    def stop(self) -> None:
        self.left = 0.0

    def run(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def __bool__(self) -> bool:
        return self.left > 0


class Stopwatch:
    """Seconds for which ``holds()`` has held at each run, back to zero whenever it does not
    (how long the screen has been caught up, say)."""

    __slots__ = ("elapsed", "holds")

    def __init__(self, holds: Callable[[], bool]) -> None:
        self.holds = holds
        self.elapsed = 0.0

    def run(self, dt: float) -> None:
        self.elapsed = self.elapsed + dt if self.holds() else 0.0


TaskT = TypeVar("TaskT", bound=Task)


class Scene:
    """Base class: override what the scene needs. A scene's timers are tasks it owns
    (:meth:`task`): :meth:`update` runs them, so a scene that overrides it calls
    ``super().update(dt)``."""

    opaque: bool = True  # False: the scene below shows through (dialogs, the score window)

    def __init__(self, app: Navigation) -> None:
        self.app = app
        self.tasks: list[Task] = []

    def task(self, task: TaskT) -> TaskT:
        """``task`` run at every update of this scene, in the order they were given."""
        self.tasks.append(task)
        return task

    def enter(self) -> None:
        """Pushed on the stack."""

    def exit(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene above was removed: this one is on top again."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (also called once before the first draw)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one input event; True when the event was used."""
        return False

    def screen_spoiled(self) -> None:
        """Something other than the scenes drew on the window (e.g. the "not saved" notice
        came or went): a scene that keeps the last frame must paint the next one whole."""

    def busy(self) -> bool:
        """True while something moves on its own (the window then runs at full frame rate;
        a still screen waiting for the player is redrawn less often to spare the processor)."""
        return False

    def clock_face(self) -> object:
        """What the scene shows that changes with the clock alone (a countdown), or None: a
        still window sleeps, and is redrawn on a wake only when this has changed."""
        return None

    def update(self, dt: float) -> None:
        """Advance timers and animations by ``dt`` seconds (here: the scene's tasks)."""
        for task in self.tasks:
            task.run(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene. Must not change any state."""


class SceneStack:
    """The scenes, bottom first. Changes requested during an update take effect at once."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.size: tuple[int, int] = (0, 0)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` (and everything above it) off the stack."""
        while scene in self.scenes:
            self.pop()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.scenes:
            old = self.scenes.pop()
            old.exit()
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.enter()

    def reset(self, *scenes: Scene) -> None:
        """Empty the stack and push ``scenes`` in order."""
        while self.scenes:
            self.pop()
        for scene in scenes:
            self.push(scene)

    def find(self, kind: type[Scene]) -> Scene | None:
        return next((s for s in reversed(self.scenes) if isinstance(s, kind)), None)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        for scene in self.scenes:
            scene.resize(size)

    def handle_event(self, event: pygame.event.Event) -> bool:
        top = self.top
        return top.handle_event(event) if top is not None else False

    def update(self, dt: float) -> None:
        top = self.top
        if top is not None:
            top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                start = index
                break
        for scene in self.scenes[start:]:
            scene.draw(surface)
