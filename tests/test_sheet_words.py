"""Issue 41, words and sizes: no text of the sheet's screens under 11 px at 800x600, long names
kept in their column, two players with the same initial told apart, the sentence never over the
keys, and the French the family expects."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

import scenes.core.text as text_module
import scenes.records.sheet_drawing as drawing
from scenes.core.app import App, Options
from scenes.core.i18n import _
from scenes.records.players import PlayersScene
from scenes.records.sheet import SheetListScene
from scenes.records.sheet_pad import SheetScene
from tests.helpers.records_window import enter_hand, key_and_frame, new_sheet, typed

LONG = [
    "Marie-Christine Dupont-L",
    "Jean-Baptiste Lefebvre-M",
    "Léa",
    "Lucas",
    "Anne-Sophie Martin-Duval",
]


@pytest.fixture
def app_options(profile_folder: Path, request: pytest.FixtureRequest) -> Options:
    size = getattr(request, "param", (800, 600))
    return Options(profile=profile_folder, size=size, lang="fr")


@pytest.fixture
def sizes() -> Iterator[list[tuple[str, int]]]:
    """Every text drawn (through scenes.core.text) and its size in pixels."""
    seen: list[tuple[str, int]] = []
    real = text_module.text_surface

    def spy(text: str, size: int, *args: Any, **kw: Any) -> pygame.Surface:
        if text.strip():
            seen.append((text, int(size)))
        return real(text, size, *args, **kw)

    text_module.text_surface = spy  # type: ignore[assignment]
    try:
        yield seen
    finally:
        text_module.text_surface = real


@pytest.fixture
def placed() -> Iterator[list[tuple[str, pygame.Rect, int]]]:
    """Every text the sheet's drawing placed: the text, where, and its size."""
    seen: list[tuple[str, pygame.Rect, int]] = []
    real = text_module.draw_text

    def spy(surface: pygame.Surface, text: str, size: int, *args: Any, **kw: Any) -> pygame.Rect:
        rect = real(surface, text, size, *args, **kw)
        seen.append((text, rect, size))
        return rect

    setattr(drawing, "draw_text", spy)  # noqa: B010 (the module's own name, patched)
    try:
        yield seen
    finally:
        setattr(drawing, "draw_text", real)  # noqa: B010


def five_long_names(app: App) -> SheetScene:
    scene = new_sheet(app, LONG, jack=True)
    enter_hand(app, ["13", "2", "-4v", "5", "0"])
    return scene


def test_no_text_under_11_px_at_800x600(app: App, sizes: list[tuple[str, int]]) -> None:
    scene = five_long_names(app)
    typed(app, "5")
    key_and_frame(app, pygame.K_RETURN)  # a sentence under the boxes
    assert scene.problem
    app.stack.draw(app.screen)
    key_and_frame(app, pygame.K_UP)  # a correction
    app.stack.draw(app.screen)
    key_and_frame(app, pygame.K_ESCAPE)
    key_and_frame(app, pygame.K_ESCAPE)
    key_and_frame(app, pygame.K_RIGHT)  # the dialog: leave without the figures
    key_and_frame(app, pygame.K_RIGHT)
    key_and_frame(app, pygame.K_RETURN)
    listing = app.stack.top
    assert isinstance(listing, SheetListScene)
    app.stack.draw(app.screen)
    app.stack.push(PlayersScene(app))
    app.stack.draw(app.screen)
    small = sorted({(size, text) for text, size in sizes if size < 11})
    assert small == []
    assert len(sizes) > 50  # the spy saw the screens


def test_long_names_stay_in_their_column(
    app: App, placed: list[tuple[str, pygame.Rect, int]]
) -> None:
    scene = five_long_names(app)
    scene.draw(app.screen)
    label_w, col_w = scene.columns()
    names = [(t, r) for t, r, _s in placed if t.startswith(tuple(n[:4] for n in LONG))]
    assert len(names) >= 5
    for text, rect in names:
        seat = (rect.centerx - scene.sheet_area.x - label_w) // col_w
        left = scene.sheet_area.x + label_w + seat * col_w
        assert left <= rect.left and rect.right <= left + col_w, text
    assert any(t.endswith("…") for t, _r in names)  # the long ones cut, never spilled


def test_players_with_the_same_initial_get_distinct_avatars(
    app: App, placed: list[tuple[str, pygame.Rect, int]]
) -> None:
    scene = new_sheet(app, ["Léa", "Lucas", "Louis", "Papa"])
    scene.draw(app.screen)
    drawn = {t for t, _r, _s in placed}
    assert {"Lé", "Lu", "Lo", "P"} <= drawn
    assert drawing.initials(("Léa", "Léon", "léa-rose")) == ["L1", "Léo", "L3"]


@pytest.mark.parametrize(
    "app_options", [(800, 600), (1024, 700), (1280, 800), (1920, 1080)], indirect=True
)
def test_the_sentence_never_covers_the_keys(
    app: App, placed: list[tuple[str, pygame.Rect, int]]
) -> None:
    scene = new_sheet(app, ["Mamie", "Papa", "Léa", "Théo"], jack=True)
    enter_hand(app, ["5", "7v", "5", "0"])  # the longest sentence: the total with the jack
    assert "16" in scene.problem
    placed.clear()
    scene.draw(app.screen)
    problem = next(r for t, r, _s in placed if t == scene.problem)
    keys = [  # every other line of the entry: the keys
        r
        for t, r, _s in placed
        if r.colliderect(scene.entry_area)
        and t != scene.problem
        and not t.startswith("Donne ")
        and not any(box.colliderect(r) for box in scene.boxes)
    ]
    assert keys and not any(problem.colliderect(r) for r in keys)
    assert problem.top >= scene.boxes[0].bottom
    assert all(r.bottom <= scene.entry_area.bottom for r in keys)


def test_the_french_the_family_expects(
    app: App, placed: list[tuple[str, pygame.Rect, int]]
) -> None:
    assert _("Shooter −26") == "−26 pour celui qui fait le chelem"
    assert "l'auteur" not in _("Shooter chooses")
    scene = new_sheet(app, ["Mamie", "Papa", "Léa", "Théo"])
    enter_hand(app, ["0", "26", "26", "26"])
    assert scene.message.startswith("Compris comme un grand chelem")
    placed.clear()
    scene.draw(app.screen)
    drawn = [t for t, _r, _s in placed]
    assert "Rang" in drawn and "Place" not in drawn
    assert "1" in drawn and "1er" not in drawn and "1re" not in drawn


def test_the_photo_error_has_no_english_tail(app: App, tmp_path: Path) -> None:
    not_an_image = tmp_path / "notes.png"
    not_an_image.write_text("pas une image", "utf-8")
    players = PlayersScene(app)
    app.stack.push(players)
    app.profile.add_player("Mamie")
    players.load()
    players.set_photo_from(str(not_an_image))
    assert "notes.png" in players.message
    assert "Unsupported" not in players.message and "format" not in players.message


@pytest.mark.parametrize("screen", ["sheet", "new game"])
def test_the_moon_choice_never_runs_over_its_arrows(
    app: App, monkeypatch: pytest.MonkeyPatch, screen: str
) -> None:
    import scenes.ui.widgets as widgets
    from game.engine.rules import MoonMode
    from scenes.records.sheet_setup import SheetSetupScene
    from scenes.screens.new_game import NewGameScene

    app.prefs.new_game.moon = MoonMode.SHOOTER_MINUS.value
    form: SheetSetupScene | NewGameScene = NewGameScene(app)
    if screen == "sheet":
        form = SheetSetupScene(app)
        form.moon = MoonMode.SHOOTER_MINUS
        form.rebuild()
    app.stack.push(form)
    seen: list[tuple[str, pygame.Rect]] = []
    real = text_module.draw_text

    def spy(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect = real(surface, text, *args, **kw)
        seen.append((text, rect))
        return rect

    monkeypatch.setattr(widgets, "draw_text", spy)
    app.stack.draw(app.screen)
    value = next(r for t, r in seen if "chelem" in t and "pour" in t)
    arrows = [r for t, r in seen if t in ("◀", "▶") and r.centery == value.centery]
    assert len(arrows) == 2 and not any(value.colliderect(a) for a in arrows)
    assert next(t for t, r in seen if r == value) == "−26 pour celui qui fait le chelem"


def test_the_list_of_sheets_shows_every_total_whole(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Five players, one below zero with the jack: the list's totals ("13 · -8 · 9 · 18 · 0")
    were cut at 800x600 beside fixed column shares; now the long names give way first."""
    five_long_names(app)
    enter_hand(app, ["0", "-10v", "13", "13", "0"])
    key_and_frame(app, pygame.K_ESCAPE)
    listing = app.stack.top
    assert isinstance(listing, SheetListScene)
    fitted: list[tuple[str, str]] = []
    real = text_module.fit_text

    def recording(said: str, size: int, width: int, bold: bool = False) -> str:
        shown = real(said, size, width, bold)
        fitted.append((said, shown))
        return shown

    monkeypatch.setattr("scenes.ui.report.fit_text", recording)
    listing.draw(app.screen)
    row = listing.rows()[0]
    assert "-" in row[3] and row[3].count("·") == 4  # five totals, some below zero
    shown = dict(fitted)
    assert shown[row[3]] == row[3]  # the totals whole
    assert shown[row[4]] == row[4]  # and the state beside them
    assert shown[row[1]] != row[1]  # five long names: they gave way
