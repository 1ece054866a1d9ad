"""Issue 42: History cut "abandoned, pra…" and the Rules column, and showed the French default
names of the opponents in the English list."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import MoonMode, Rules, TieRule
from game.engine.save import save_match
from game.records.profile import ABANDONED, FinishedGame
from scenes.core import i18n
from scenes.core.preferences import shown_name
from scenes.core.text import fit_text
from scenes.records.history import HistoryScene
from scenes.ui.report import fitted_columns
from tests.helpers.window import frames, make_app


def long_game(profile: object, names: tuple[str, ...]) -> None:
    rules = Rules(
        players=5,
        target=60,
        moon=MoonMode.SHOOTER_CHOOSES,
        jack_of_diamonds=True,
        tie=TieRule.SHARED,
    )
    match = Match.new(rules, seed=3)
    play_match(match, [RandomPlayer(s) for s in range(5)])
    profile.record_game(  # type: ignore[attr-defined]
        FinishedGame(
            rules=match.rules.to_dict(),
            level="hard",
            human_seat=0,
            names=names,
            totals=tuple(match.totals),
            winners=tuple(match.winners),
            practice=True,
            outcome=ABANDONED,
            hands=len(match.history),
            match=save_match(match),
        )
    )


def test_french_default_names_read_in_english_and_back() -> None:
    assert shown_name("Marguerite") == "Margaret" and shown_name("Anne") == "Anne"
    try:
        i18n.set_language("fr")
        assert shown_name("Margaret") == "Marguerite"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_no_history_cell_is_cut_and_names_are_in_the_lists_language(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, size)
    try:
        long_game(app.profile, ("Vous", "Marguerite", "Hugo", "Léa", "Oscar"))
        history = HistoryScene(app)
        app.stack.push(history)
        while history.busy():
            frames(app)
        frames(app, 2)
        rows = history.rows()
        assert "Marguerite" not in " ".join(rows[0]) and "Marg." in rows[0][3], rows[0]
        header = ["Date", "Opponents", "Rules", "Final scores", "Winner", ""]
        area = history.sheet_area
        edges = fitted_columns(header, rows, area.w, history.scale)
        size_px = max(10, round(14 * history.scale))
        pad = round(4 * history.scale)
        for i, cell in enumerate(rows[0]):
            right = edges[i + 1] if i + 1 < len(edges) else 1.0
            room = round(area.w * right) - round(area.w * edges[i]) - 2 * pad
            if i not in (2, 3):  # only the two longest (rules, scores) may give up room
                assert fit_text(cell, size_px, room) == cell, (cell, room)
            else:  # and they share it: neither is cut to less than the other's room
                other = 5 - i
                right = edges[other + 1]
                other_room = round(area.w * right) - round(area.w * edges[other]) - 2 * pad
                cut = fit_text(cell, size_px, room) != cell
                assert not cut or room >= other_room - 2 * pad - 2, (cell, room, other_room)
    finally:
        app.shutdown()
        pygame.display.quit()
