"""Profile schema v4: abandoned games and each seat's level in the history."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from game.records import profile as profile_module
from game.records.profile import ABANDONED, FINISHED, SCHEMA_VERSION, FinishedGame, Profile


def game(outcome: str = FINISHED, levels: tuple[str | None, ...] | None = None) -> FinishedGame:
    return FinishedGame(
        rules={"target": 100},
        level="hard",
        human_seat=0,
        names=("Ana", "Bo", "Cy", "Di"),
        totals=(10, 101, 77, 60),
        winners=(0,),
        practice=False,
        hands=7,
        match={"format": "m"},
        outcome=outcome,
        levels=levels,
    )


def test_an_abandoned_game_is_kept_but_never_a_win(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    profile.record_game(game())
    profile.record_game(game(ABANDONED, levels=(None, "easy", "hard", "medium")))
    games = Profile.open(tmp_path).finished_games()
    assert [(g.outcome, g.player_won, g.counts_as_win) for g in games] == [
        (FINISHED, True, True),
        (ABANDONED, False, False),
    ]
    assert games[0].levels is None and games[1].levels == (None, "easy", "hard", "medium")
    assert profile.win_count() == (1, 1)  # an abandoned game is neither won nor finished


def test_an_unknown_outcome_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="outcome"):
        Profile.open(tmp_path).record_game(game("lost-in-space"))


def test_a_v3_profile_keeps_its_games_as_finished(tmp_path: Path) -> None:
    path = tmp_path / profile_module.PROFILE_FILE
    db = sqlite3.connect(path)
    for step in range(3):
        profile_module.MIGRATIONS[step](db)
    db.execute("PRAGMA user_version = 3")
    db.execute(
        "INSERT INTO games (finished_at, rules, level, human_seat, names, totals, winners,"
        " player_won, practice, hands, match) VALUES ('2026-01-01T00:00:00', '{}', 'easy', 0,"
        " ?, '[1,2,3,4]', '[0]', 1, 0, 3, '{}')",
        (json.dumps(["A", "B", "C", "D"]),),
    )
    db.commit()
    db.close()
    profile = Profile.open(tmp_path)
    assert profile.schema_version == SCHEMA_VERSION >= 4
    (old,) = profile.finished_games()
    assert (old.outcome, old.levels, old.level, old.counts_as_win) == (FINISHED, None, "easy", True)
