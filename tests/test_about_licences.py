"""The About screen's Licences window: what text it shows (built program, source, a missing
file) and that a person can reach every line of it with the keyboard and the wheel."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from scenes.core.app import App
from scenes.screens.about import AboutScene, LicencesScene, licence_text

pytestmark = pytest.mark.app(size=(1024, 700))


ROOT = Path(__file__).resolve().parent.parent


def key(app: App, k: int) -> None:
    app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def draw(app: App) -> None:
    app.stack.update(1 / 60)
    app.stack.draw(app.screen)


def built_licence_folder(tmp_path: Path, third_party: str | None) -> Path:
    folder = tmp_path / "licences"
    folder.mkdir()
    (folder / "LICENSE.txt").write_text("MIT License\nPermission is hereby granted...\n")
    if third_party is not None:
        (folder / "THIRD-PARTY-LICENSES.txt").write_text(third_party)
    return folder


def test_a_built_program_shows_its_own_licence_then_the_third_party_file(tmp_path: Path) -> None:
    folder = built_licence_folder(tmp_path, "[1] SDL 2\n    Licence: Zlib\n")
    text = licence_text(folder, frozen=True)
    assert text.index("Permission is hereby granted") < text.index("[1] SDL 2")
    assert "Licence: Zlib" in text


def test_a_built_program_missing_its_third_party_file_says_so(tmp_path: Path) -> None:
    folder = built_licence_folder(tmp_path, None)
    text = licence_text(folder, frozen=True)
    assert "Permission is hereby granted" in text
    assert "THIRD-PARTY-LICENSES.txt" in text and "reinstall" in text


def test_from_source_the_mit_text_and_where_the_built_list_is() -> None:
    text = licence_text(None, frozen=False)
    assert (ROOT / "LICENSE").read_text().strip().splitlines()[0] in text
    assert "source code" in text and "licences/THIRD-PARTY-LICENSES.txt" in text


def test_l_opens_the_licences_and_every_line_can_be_reached(app: App) -> None:
    app.stack.push(AboutScene(app))
    assert isinstance(app.stack.top, AboutScene)
    key(app, pygame.K_l)
    scene = app.stack.top
    assert isinstance(scene, LicencesScene)
    # A long text of numbered lines, some too wide for the window (they wrap).
    wide = " ".join(["wrapping"] * 60)
    lines = [f"line {n}" if n % 50 else f"line {n} {wide}" for n in range(400)]
    scene.lines = lines
    scene.resize(app.screen.get_size())
    draw(app)
    assert scene.rows[0].startswith("line 0 wrapping") and scene.rows[1].startswith("wrapping")
    key(app, pygame.K_END)
    draw(app)
    assert scene.rows[-1] == "line 399", "the last line is not shown at the end"
    assert len(scene.rows) <= scene.page_lines()
    key(app, pygame.K_DOWN)  # already at the end: stays
    assert scene.rows[-1] == "line 399"
    key(app, pygame.K_HOME)
    key(app, pygame.K_PAGEDOWN)
    paged = scene.first
    assert 0 < paged < scene.page_lines()  # line 0 wraps: fewer lines than rows fit a page
    key(app, pygame.K_PAGEUP)
    assert scene.first == 0
    key(app, pygame.K_PAGEDOWN)
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))
    assert scene.first == paged + 6
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=100))
    assert scene.first == 0
    everything = {f"line {n}" for n in range(400)}
    for down, up in ((pygame.K_PAGEDOWN, pygame.K_PAGEUP), (pygame.K_SPACE, pygame.K_PAGEUP)):
        seen: set[str] = set()  # page by page from the top, then back up: every line appears
        for step in (down, up):
            for _ in range(400):
                seen.update(row.split(" wrapping")[0] for row in scene.rows)
                before = scene.first
                key(app, step)
                if scene.first == before:
                    break
        assert everything <= seen, sorted(everything - seen)[:5]
        assert scene.first == 0
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, AboutScene)


def test_the_licences_button_opens_them_and_back_returns(app: App) -> None:
    app.stack.push(AboutScene(app))
    about = app.stack.top
    assert isinstance(about, AboutScene)
    draw(app)
    assert not about.licences_button.rect.colliderect(about.back_button.rect)
    assert about.window.contains(about.licences_button.rect)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.stack.handle_event(
            pygame.event.Event(kind, pos=about.licences_button.rect.center, button=1)
        )
    scene = app.stack.top
    assert isinstance(scene, LicencesScene)
    draw(app)
    assert any("MIT" in row for row in scene.rows)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.stack.handle_event(
            pygame.event.Event(kind, pos=scene.back_button.rect.center, button=1)
        )
    assert app.stack.top is about
