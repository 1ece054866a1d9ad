"""The profile: settings and the game in progress survive a restart; broken files are kept aside."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.save import load_match, save_match
from game.records import profile as profile_module
from game.records.profile import (
    PROFILE_FILE,
    SCHEMA_VERSION,
    FinishedGame,
    Profile,
    Trouble,
    migrations,
)


def test_a_new_profile_has_the_current_schema_and_no_game(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    assert profile.schema_version == SCHEMA_VERSION
    assert profile.notice is None
    assert not profile.has_game()
    assert profile.load_game() is None
    assert (tmp_path / PROFILE_FILE).is_file()


def test_settings_are_remembered(tmp_path: Path) -> None:
    first = Profile.open(tmp_path)
    first.set_setting("names", ["Ana", "Bo", "Cy", "Di"])
    first.set_setting("mute", True)
    first.set_setting("mute", False)
    first.close()
    again = Profile.open(tmp_path)
    assert again.setting("names") == ["Ana", "Bo", "Cy", "Di"]
    assert again.setting("mute") is False
    assert again.setting("never set", 7) == 7
    assert again.settings() == {"names": ["Ana", "Bo", "Cy", "Di"], "mute": False}


def test_the_game_in_progress_round_trips_through_the_engine_save(tmp_path: Path) -> None:
    match = Match.new(Rules(), seed=11)
    for seat in range(4):
        match.choose_pass(seat, match.hand.hand_cards(seat)[:3])
    match.play(match.hand.legal_cards()[0])
    Profile.open(tmp_path).save_game({"match": save_match(match), "level": "easy"})
    data = Profile.open(tmp_path).load_game()
    assert data["level"] == "easy"
    loaded = load_match(data["match"])
    assert loaded.hand.hands == match.hand.hands
    assert loaded.hand.trick == match.hand.trick


def test_clearing_the_game(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    profile.save_game({"x": 1})
    assert profile.has_game()
    profile.clear_game()
    assert not profile.has_game()


def test_an_unreadable_game_is_set_aside_not_deleted(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    profile.save_game({"x": 1})
    aside = profile.set_game_aside()
    assert not profile.has_game()
    assert profile.load_game(aside) == {"x": 1}


def test_a_file_that_is_not_a_database_is_moved_aside_with_a_message(tmp_path: Path) -> None:
    (tmp_path / PROFILE_FILE).write_bytes(b"this is not sqlite at all" * 100)
    profile = Profile.open(tmp_path)
    assert profile.notice is not None and "could not be read" in profile.notice
    kept = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    assert len(kept) == 1
    assert kept[0].read_bytes().startswith(b"this is not sqlite")
    assert profile.moved_aside == kept[0] and profile.unreadable_reason
    profile.set_setting("works", True)
    assert profile.setting("works") is True


def test_a_profile_from_a_newer_version_is_left_as_it_is_and_not_written(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / PROFILE_FILE)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    db.execute("CREATE TABLE future (x)")
    db.commit()
    db.close()
    before = (tmp_path / PROFILE_FILE).read_bytes()
    profile = Profile.open(tmp_path)
    assert profile.unsaved is not None and profile.unsaved.trouble is Trouble.NEWER
    assert "newer version" in profile.unsaved.detail
    assert profile.schema_version == SCHEMA_VERSION  # a fresh profile in memory
    profile.set_setting("language", "en")  # works for this run, never reaches the file
    profile.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == [PROFILE_FILE]
    assert (tmp_path / PROFILE_FILE).read_bytes() == before


def test_migrations_run_forward_from_an_older_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Profile.open(tmp_path).set_setting("kept", 1)

    def add_history(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE history (id INTEGER PRIMARY KEY)")

    monkeypatch.setattr(migrations, "MIGRATIONS", (*migrations.MIGRATIONS, add_history))
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    upgraded = Profile.open(tmp_path)
    assert upgraded.schema_version == SCHEMA_VERSION + 1
    assert upgraded.setting("kept") == 1
    assert upgraded._db.execute("SELECT count(*) FROM history").fetchone() == (0,)


def test_a_failed_write_leaves_the_old_value(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    profile.set_setting("a", 1)
    with pytest.raises(TypeError):
        profile.set_setting("a", object())  # not JSON: refused before anything is written
    assert profile.setting("a") == 1


def test_a_folder_that_cannot_be_made_gives_a_profile_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    profile = Profile.open(blocker / "sub")
    assert profile.unsaved is not None and not profile.saving
    profile.save_game({"x": 1})  # the game is played, only not saved
    assert profile.load_game() == {"x": 1}
    assert blocker.read_text() == "x"


# -- v2 and v3: the history of finished games and the daily challenge ---------------------------


def make_v1_profile(folder: Path) -> None:
    """A profile as version 1 of the program wrote it: the v1 schema, a setting, a saved game."""
    folder.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(folder / PROFILE_FILE, isolation_level=None)
    profile_module.MIGRATIONS[0](db)  # the v1 step is never edited: it is the old code path
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO settings (key, value) VALUES ('language', '\"fr\"')")
    db.execute(
        "INSERT INTO games (slot, data, saved_at) VALUES ('current', '{\"x\":1}', '2026-01-01')"
    )
    db.close()


def test_a_v1_profile_migrates_and_keeps_its_setting_and_saved_game(tmp_path: Path) -> None:
    make_v1_profile(tmp_path)
    profile = Profile.open(tmp_path)
    assert profile.notice is None
    assert profile.schema_version == SCHEMA_VERSION >= 3
    assert profile.setting("language") == "fr"
    assert profile.load_game() == {"x": 1}
    assert profile.finished_games() == [] and profile.daily_results() == []
    profile.save_game({"x": 2})
    profile.close()
    assert Profile.open(tmp_path).load_game() == {"x": 2}


def finished(practice: bool, winners: tuple[int, ...] = (0,)) -> FinishedGame:
    return FinishedGame(
        rules={"target": 100},
        level="medium",
        human_seat=0,
        names=("Ana", "Bo", "Cy", "Di"),
        totals=(40, 101, 77, 60),
        winners=winners,
        practice=practice,
        hands=9,
        match={"format": "m"},
    )


def test_a_practice_game_is_recorded_but_never_counts_as_a_win(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    profile.record_game(finished(practice=False))
    profile.record_game(finished(practice=True))
    profile.record_game(finished(practice=False, winners=(3,)))
    games = Profile.open(tmp_path).finished_games()
    assert [(g.practice, g.player_won, g.counts_as_win) for g in games] == [
        (False, True, True),
        (True, True, False),
        (False, False, False),
    ]
    assert games[0].names == ("Ana", "Bo", "Cy", "Di") and games[0].match == {"format": "m"}
    assert profile.win_count() == (1, 3)
    stored = profile._db.execute("SELECT player_won, practice FROM games ORDER BY id").fetchall()
    assert stored == [(1, 0), (0, 1), (0, 0)]  # a plain SUM(player_won) is right


def test_only_the_first_daily_of_a_date_is_its_first_attempt(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    first = profile.record_daily("2026-03-01", 4, 6, 3)
    again = profile.record_daily("2026-03-01", 0, 6, 2)
    helped = profile.record_daily("2026-03-02", 1, 9, 4, practice=True)
    assert (first.first_attempt, again.first_attempt, helped.first_attempt) == (True, False, True)
    assert (first.counts, again.counts, helped.counts) == (True, False, False)
    assert Profile.open(tmp_path).daily_history() == {
        "2026-03-01": (4, 6, True),
        "2026-03-02": (1, 9, False),
    }
    assert len(profile.daily_results()) == 3


def test_the_daily_par_is_cached_per_date_and_version(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    assert profile.daily_par("2026-03-01", "daily1/ai1") is None
    profile.set_daily_par("2026-03-01", "daily1/ai1", 7, 4)
    assert Profile.open(tmp_path).daily_par("2026-03-01", "daily1/ai1") == (7, 4)
    assert profile.daily_par("2026-03-01", "daily1/ai2") is None
    assert profile.daily_par("2026-03-02", "daily1/ai1") is None


def test_recording_a_finished_game_empties_its_slot_in_the_same_transaction(
    tmp_path: Path,
) -> None:
    profile = Profile.open(tmp_path)
    profile.save_game({"x": 1})
    match = Match.new(Rules(), seed=2)
    game = FinishedGame(
        rules={},
        level="easy",
        human_seat=0,
        names=("a", "b", "c", "d"),
        totals=(0, 0, 0, 0),
        winners=(0,),
        practice=False,
        hands=1,
        match=save_match(match),
    )
    with pytest.raises(sqlite3.Error):  # a failure leaves both as they were
        profile._db.execute(
            "CREATE TEMP TRIGGER no BEFORE DELETE ON saved_games"
            " BEGIN SELECT RAISE(ABORT, 'refused'); END"
        )
        profile.record_game(game, clear="current")
    assert profile.has_game() and profile.finished_games() == []
    profile._db.execute("DROP TRIGGER no")
    profile.record_game(game, clear="current")
    assert not profile.has_game() and len(profile.finished_games()) == 1
