"""Issue 41: the CSV files as a family opens them. One column per player's total (the totals
were all in one cell, "57 | 10 | 24 | 39"), local times, French headers and words in French,
the score sheets exported too, the message says where, and Open folder shows it."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine.rules import Rules
from game.records import stats
from game.records.profile import FinishedGame
from game.records.scoresheet import HandEntry, ScoreSheet
from scenes.core import i18n
from scenes.core.app import App, Options
from scenes.records.history import HistoryScene, export_csv
from scenes.records.sheet_stats import SheetStatsScene
from scenes.records.sheet_words import local_time
from scenes.records.statistics import StatisticsScene
from scenes.ui.dialogs import ChoiceDialog
from tests.helpers.records_window import key_and_frame

UTC_EVENING = "2026-11-20T22:30:00+00:00"


@pytest.fixture
def app_options(profile_folder: Path) -> Options:
    return Options(profile=profile_folder, size=(1024, 700), lang="fr")


def game(totals: tuple[int, ...], names: tuple[str, ...]) -> FinishedGame:
    lowest = min(totals)
    return FinishedGame(
        rules=Rules(players=len(names)).to_dict(),
        level="hard",
        human_seat=0,
        names=names,
        totals=totals,
        winners=tuple(s for s, t in enumerate(totals) if t == lowest),
        practice=False,
        hands=7,
        match=None,
        finished_at=UTC_EVENING,
    )


def read(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8-sig", newline="") as f:
        return list(csv.reader(f, delimiter=";"))


def test_history_one_column_per_total_local_times_in_french(tmp_path: Path) -> None:
    i18n.set_language("fr")
    games = [
        (1, game((57, 10, 24, 39), ("Vous", "Ouest", "Nord", "Est"))),
        (2, game((101, 12, 40), ("Vous", "Ouest", "Nord"))),
    ]
    header, first, second = read(export_csv(games, tmp_path, language="fr"))
    totals = [header.index(f"Total {n}") for n in range(1, 6)]
    assert [first[c] for c in totals] == ["57", "10", "24", "39", ""]
    assert [second[c] for c in totals] == ["101", "12", "40", "", ""]
    assert first[header.index("Joueur 2")] == "Ouest"
    assert first[header.index("Finie (heure locale)")] == local_time(UTC_EVENING)
    assert first[header.index("Résultat")] == "terminée"
    assert first[header.index("Niveau")] == "Difficile"
    assert first[header.index("Gagnants")] == "Ouest"
    assert first[header.index("Gagnée par vous")] == "non"
    assert not any(" | " in cell for row in (first, second) for cell in row)


def test_the_score_sheets_have_their_own_file(app: App) -> None:
    profile = app.profile
    rules = Rules(target=50)
    names = ("Mamie", "Papa", "Léa", "Théo")
    ids = [profile.add_player(name) for name in names]
    sheet = ScoreSheet(rules, names)
    sheet_id = profile.new_sheet(rules.to_dict(), ids, list(names))
    for points in ((0, 0, 26, 0), (0, 0, 26, 0)):
        sheet.add_hand(HandEntry(points))
    status = sheet.status()
    profile.save_sheet_hands(
        sheet_id, [e.to_dict() for e in sheet.entries()], status.over, list(status.winners)
    )
    history = HistoryScene(app)
    app.stack.push(history)
    history.export()
    folder = profile.path.parent
    assert str(folder / "history.csv") in history.message and "sheets.csv" in history.message
    header, row = read(folder / "sheets.csv")
    assert header[:4] == [
        "Feuille",
        "Commencée (heure locale)",
        "Dernière donne (heure locale)",
        "État",
    ]
    assert row[3] == "terminée" and row[header.index("Gagnants")] == "Léa"
    assert [row[header.index(f"Total {n}")] for n in range(1, 5)] == ["52", "52", "0", "52"]
    assert row[header.index("Joueur 3")] == "Léa"


def test_open_folder_shows_where_the_files_are(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Any] = []
    monkeypatch.setattr(subprocess, "Popen", lambda args, **kw: opened.append(args))
    monkeypatch.setattr(sys, "platform", "linux")
    history = HistoryScene(app)
    app.stack.push(history)
    assert not history.folder_button.visible  # nothing written yet
    history.export()
    assert history.folder_button.visible
    history.folder_button.action()
    assert opened == [["xdg-open", str(app.profile.path.parent)]]

    def no_opener(args: Any, **kw: Any) -> None:
        raise FileNotFoundError("xdg-open")

    monkeypatch.setattr(subprocess, "Popen", no_opener)
    history.folder_button.action()
    assert str(app.profile.path.parent) in history.message


def test_statistics_count_the_wins_per_family_member_across_sheets(app: App) -> None:
    profile = app.profile
    ids = {name: profile.add_player(name) for name in ("Mamie", "Papa", "Léa", "Théo")}
    rules = Rules(target=50)

    def play(names: tuple[str, ...], hands: list[tuple[int, ...]]) -> None:
        sheet = ScoreSheet(rules, names)
        sheet_id = profile.new_sheet(rules.to_dict(), [ids[n] for n in names], list(names))
        for points in hands:
            sheet.add_hand(HandEntry(points))
        status = sheet.status()
        entries = [e.to_dict() for e in sheet.entries()]
        profile.save_sheet_hands(sheet_id, entries, status.over, list(status.winners))

    family = ("Mamie", "Papa", "Léa", "Théo")
    play(family, [(0, 0, 26, 0), (0, 0, 26, 0)])  # Léa's two moons: Léa wins alone
    # Mamie's moon, Papa's moon (a tie for the lowest at 26: play on), then Papa wins alone
    play(family, [(26, 0, 0, 0), (0, 26, 0, 0), (13, 0, 0, 13)])
    play(("Papa", "Léa", "Théo", "Mamie"), [(13, 13, 0, 0), (13, 13, 0, 0)])  # unfinished
    profile.rename_player(ids["Théo"], "Théodore")
    statistics = StatisticsScene(app)
    app.stack.push(statistics)
    next(b for b in statistics.buttons if b.text() == "Feuilles de score").action()
    scene = app.stack.top
    assert isinstance(scene, SheetStatsScene)
    by_name = {m.name: m for m in scene.figures}
    assert set(by_name) == {"Mamie", "Papa", "Léa", "Théodore"}  # the name today
    assert by_name["Léa"].played == 2 and by_name["Léa"].moons == 2
    assert by_name["Mamie"].played == 2  # the unfinished sheet is not counted
    wins = {name: (m.won, m.shared) for name, m in by_name.items()}
    assert wins == {"Léa": (1, 0), "Papa": (1, 0), "Mamie": (0, 0), "Théodore": (0, 0)}
    assert [m.name for m in scene.figures][:2] == ["Léa", "Papa"]  # the most wins first
    assert by_name["Papa"].best == 26 and by_name["Papa"].moons == 1
    app.stack.draw(app.screen)


def test_escape_cancels_the_statistics_reset(app: App) -> None:
    statistics = StatisticsScene(app)
    app.stack.push(statistics)
    statistics.ask_reset()
    assert isinstance(app.stack.top, ChoiceDialog)
    key_and_frame(app, pygame.K_ESCAPE)
    assert app.stack.top is statistics  # type: ignore[comparison-overlap]
    assert app.profile.setting(stats.RESET_SETTING) is None


def test_enter_on_an_empty_history_goes_back_and_on_a_full_one_opens(app: App) -> None:
    """With no game, Enter pressed Export CSV (the first button Open left when disabled): it
    now goes Back; once games are listed, Enter opens the selected one."""
    from scenes.records.history import GameScene

    under = app.stack.top
    history = HistoryScene(app)
    app.stack.push(history)
    while history.busy():
        history.update(1 / 60)
    key_and_frame(app, pygame.K_RETURN)
    assert app.stack.top is under
    assert not (app.profile.path.parent / "history.csv").exists()
    app.profile.record_game(game((52, 60, 70, 101), ("Vous", "Ouest", "Nord", "Est")))
    history = HistoryScene(app)
    app.stack.push(history)
    while history.busy():
        history.update(1 / 60)
    key_and_frame(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, GameScene)
