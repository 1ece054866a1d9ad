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
    tmp_path: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
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
        drawn: dict[str, str] = {}
        real = fit_text

        def recording(said: str, letters: int, width: int, bold: bool = False) -> str:
            drawn[said] = real(said, letters, width, bold)
            return drawn[said]

        monkeypatch.setattr("scenes.ui.report.fit_text", recording)
        history.draw(app.screen)
        header = ["Date", "Opponents", "Rules", "Final scores", "Winner", ""]
        cut = [header[i] for i, cell in enumerate(rows[0]) if drawn[cell] != cell]
        # Only the rules (five of them here) give up room: the final scores, what a row is
        # read for, stay whole (four totals of three digits were cut beside the rules).
        assert cut == ["Rules"], (cut, rows[0])
    finally:
        app.shutdown()
        pygame.display.quit()
