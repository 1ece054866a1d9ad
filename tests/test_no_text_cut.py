"""No screen cuts its own words: every text a screen fits to its room (``fit_text``) is drawn
whole on the menu's screens, at the default size, a smaller one and the smallest the game
allows, in English and in French. ``fit_text`` cuts a friend's long name with "…" by design;
these screens hold no such name, so any cut is a sentence of ours that does not fit (the French
menu's "Ouvrir une partie ou une donne" was cut at every size)."""

from __future__ import annotations

import datetime as _dt
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import Rules
from game.records.profile import Profile
from scenes.core import i18n, text
from scenes.core.app import App
from scenes.core.cli import MIN_SIZE
from scenes.core.scene import Scene
from scenes.records.daily import DailyScene
from scenes.records.friends import FriendsScene
from scenes.records.history import HistoryScene
from scenes.records.sheet_setup import SheetSetupScene
from scenes.records.statistics import StatisticsScene, figure_rows
from scenes.screens.about import AboutScene
from scenes.screens.new_game import NewGameScene
from scenes.screens.online.host import HostScene
from scenes.screens.online.join import JoinScene
from scenes.screens.online.lobby import OnlineScene
from scenes.screens.rules_summary import RulesScene
from scenes.screens.settings import SettingsScene
from scenes.screens.welcome import WelcomeScene
from scenes.table.score import ScoreScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.engine import finished_game
from tests.helpers.window import frames, make_app, moon_table, play_to_moon, until

SCREENS: dict[str, Callable[[App], Scene]] = {
    "settings": SettingsScene,
    "new game": NewGameScene,
    "online": OnlineScene,
    "join": JoinScene,
    "host": HostScene,
    "welcome": WelcomeScene,
    "statistics": StatisticsScene,
    "history": HistoryScene,
    "daily": DailyScene,
    "score sheet": SheetSetupScene,
    "friends": lambda app: FriendsScene(app, _dt.date(2026, 12, 6)),
    "rules": RulesScene,
    "about": AboutScene,
}
SIZES = ((1280, 800), (1024, 700), MIN_SIZE)


class Fitted(list[tuple[str, str]]):
    """Every (text, as drawn) that went through ``fit_text``, wherever a scene module imported
    it; ``cut()`` those it cut."""

    def cut(self) -> list[tuple[str, str]]:
        return [(said, shown) for said, shown in self if shown != said]


@pytest.fixture
def fitted(monkeypatch: pytest.MonkeyPatch) -> Fitted:
    found = Fitted()
    whole = text.fit_text

    def recording(said: str, size: int, width: int, bold: bool = False) -> str:
        shown = whole(said, size, width, bold)
        found.append((said, shown))
        return shown

    for name, module in list(sys.modules.items()):
        if name.startswith("scenes") and getattr(module, "fit_text", None) is whole:
            monkeypatch.setattr(module, "fit_text", recording)
    return found


@pytest.fixture
def cuts(fitted: Fitted) -> Fitted:
    """What the test drew goes into ``fitted``; a test asserts ``not cuts.cut()``."""
    return fitted


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_screen_cuts_its_words(
    tmp_path: Path, size: tuple[int, int], lang: str, cuts: Fitted
) -> None:
    app = make_app(tmp_path, size)
    try:
        app.set_language(lang)  # as Settings does: the menu laid out again
        frames(app, 2)
        seen = {"menu": cuts.cut()}
        for name, make in SCREENS.items():
            before = len(cuts)
            app.stack.push(make(app))
            frames(app, 3)
            app.stack.pop()
            seen[name] = Fitted(cuts[before:]).cut()
        assert len(seen) == len(SCREENS) + 1
        assert not cuts.cut(), {name: found for name, found in seen.items() if found}
    finally:
        app.shutdown()
        i18n.set_language("en")


def test_the_recorder_sees_a_cut(cuts: Fitted) -> None:
    """The check above would pass on a recorder that records nothing."""
    from scenes.ui import widgets

    assert widgets.fit_text("Ouvrir une partie ou une donne", 19, 120).endswith("…")
    assert cuts.cut() and cuts.cut()[0][0] == "Ouvrir une partie ou une donne"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES[1:], ids=[f"{w}x{h}" for w, h in SIZES[1:]])
def test_a_hand_played_to_its_score_window_cuts_no_words(
    tmp_path: Path,
    size: tuple[int, int],
    lang: str,
    cuts: Fitted,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The table's toolbar ("Dernier pli" was cut at 800x600), a whole hand, the shooter's
    choice and the score window with its buttons ("Copier cette donne" was cut)."""
    app = make_app(tmp_path, size)
    try:
        app.set_language(lang)
        table, _match = moon_table(app)
        frames(app, 2)
        play_to_moon(app, table)
        for _ in range(600):  # the shooter's choice, then the score window
            frames(app)
            if isinstance(app.stack.top, ScoreScene):
                break
            dialog = app.stack.top
            if isinstance(dialog, ChoiceDialog):
                dialog.buttons[0].action()  # the first choice, as Enter takes it
        score = app.stack.top
        assert isinstance(score, ScoreScene)
        frames(app, 2)
        assert len(score.buttons) == 3  # OK, Review hand, Copy this hand
        # No clipboard here: "Pas de presse-papiers" is longer than "Copier cette donne".
        monkeypatch.setattr("scenes.ui.clipboard.copy_text", lambda _text: False)
        score.buttons[2].action()
        frames(app, 2)
        assert score.buttons[2].label == "No clipboard"
        assert not cuts.cut(), cuts.cut()
    finally:
        app.shutdown()
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", SIZES[1:], ids=[f"{w}x{h}" for w, h in SIZES[1:]])
def test_statistics_show_every_figure_whole(
    tmp_path: Path, size: tuple[int, int], lang: str, fitted: Fitted
) -> None:
    """At 800x600 the table of figures was given a height from a smaller row than it drew, so
    its last two rows ("Practice games", "Abandoned games") were left out; its first column
    had a fixed share, so "Meilleure partie (votre total)" was cut."""
    profile = Profile.open(tmp_path / "profile")
    for seed, level in ((1, "easy"), (2, "hard")):
        match = Match.new(Rules(target=40), seed=seed)
        play_match(match, [RandomPlayer(seed * 10 + s) for s in range(4)])
        profile.record_game(finished_game(match, level))
    profile.close()
    app = make_app(tmp_path, size)
    try:
        app.set_language(lang)
        scene = StatisticsScene(app)
        app.stack.push(scene)
        until(app, lambda: scene.figures is not None)
        frames(app, 2)
        assert scene.figures is not None
        labels = [row[0] for row in figure_rows(scene.figures, scene.levels())]
        drawn = {said for said, _shown in fitted}
        assert [label for label in labels if label not in drawn] == []
        assert not fitted.cut(), fitted.cut()
    finally:
        app.shutdown()
        i18n.set_language("en")
