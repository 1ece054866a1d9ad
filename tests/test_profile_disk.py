"""Issue 31: the profile on a small disk (a 1 MB tmpfs, tests/disk_faults.py) keeps its
write-ahead log bounded and saves again once space is freed; a profile restored from an SQL
dump (``user_version`` 0) is recognised by its tables."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from game.engine.match import Match
from game.engine.players import RandomPlayer, play_match
from game.engine.rules import Rules
from game.engine.save import save_match
from game.records.profile import PROFILE_FILE, SCHEMA_VERSION, Profile
from game.records.profile.connection import LOG_LIMIT
from tests.helpers.disk_faults import files_of, fill, set_read_only, small_disk

LOG_BOUND = LOG_LIMIT + 512 * 1024  # the limit, and what one autocheckpoint's worth may add


def log_size(folder: Path) -> int:
    log = folder / (PROFILE_FILE + "-wal")
    return log.stat().st_size if log.exists() else 0


def test_a_whole_game_saved_after_every_move_fits_on_a_1_mb_disk(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk", size="1m") as disk:
        profile = Profile.open(disk)
        assert profile.saving
        match = Match.new(Rules(), seed=5)
        saves = 0
        largest_log = 0

        def save(_event: object) -> None:
            nonlocal saves, largest_log
            profile.save_game(save_match(match))  # raises if the disk is full
            saves += 1
            largest_log = max(largest_log, log_size(disk))

        play_match(match, [RandomPlayer(50 + s) for s in range(4)], on_event=save)
        assert match.is_over
        assert saves > 300  # the counter proves every move was saved
        assert largest_log <= LOG_BOUND, largest_log
        profile.close()
        assert Profile.open(disk).load_game() == save_match(match)


def test_saving_resumes_once_space_is_freed_and_the_log_stays_small(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk", size="1m") as disk:
        profile = Profile.open(disk)
        match = Match.new(Rules(), seed=7)
        play_match(match, [RandomPlayer(70 + s) for s in range(4)], max_hands=3)
        data = save_match(match)
        profile.save_game(data)
        filler = fill(disk)
        failed = 0
        for number in range(20):
            try:
                profile.save_game({"attempt": number, "match": data})
            except sqlite3.Error:
                failed += 1
        assert failed > 0  # the disk really was full
        filler.unlink()
        for number in range(200):  # every save works again, and the log does not grow back
            profile.save_game({"attempt": number, "match": data})
            assert log_size(disk) <= LOG_BOUND
        profile.close()
        assert Profile.open(disk).load_game() == {"attempt": 199, "match": data}


# -- a profile restored from an SQL dump --------------------------------------------------------


def dump_and_restore(source: Path, target: Path) -> None:
    """What ``sqlite3 profile.sqlite3 .dump | sqlite3 restored`` does: the tables and rows,
    never ``PRAGMA user_version``."""
    old = sqlite3.connect(source)
    script = "\n".join(old.iterdump())
    old.close()
    target.mkdir(parents=True, exist_ok=True)
    new = sqlite3.connect(target / PROFILE_FILE)
    new.executescript(script)
    new.close()


def test_a_profile_restored_from_a_dump_opens_with_everything_in_it(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path / "old")
    profile.set_setting("language", "fr")
    profile.save_game({"moves": 12})
    profile.add_player("Alice")
    profile.close()
    dump_and_restore(tmp_path / "old" / PROFILE_FILE, tmp_path / "new")
    restored = Profile.open(tmp_path / "new")
    assert restored.saving and restored.moved_aside is None
    assert restored.schema_version == SCHEMA_VERSION
    assert restored.setting("language") == "fr" and restored.load_game() == {"moves": 12}
    assert [p.name for p in restored.players()] == ["Alice"]


def test_an_older_profile_restored_from_a_dump_is_migrated(tmp_path: Path) -> None:
    from game.records.profile import migrations

    folder = tmp_path / "old"
    folder.mkdir()
    db = sqlite3.connect(folder / PROFILE_FILE, isolation_level=None)
    for step in range(2):  # a v2 profile: settings, saved games, the history
        migrations.MIGRATIONS[step](db)
    db.execute("INSERT INTO settings (key, value) VALUES ('language', '\"en\"')")
    db.close()
    dump_and_restore(folder / PROFILE_FILE, tmp_path / "new")
    restored = Profile.open(tmp_path / "new")
    assert restored.saving and restored.schema_version == SCHEMA_VERSION
    assert restored.setting("language") == "en" and restored.win_count() == (0, 0)


def test_a_restored_dump_on_a_read_only_disk_is_read(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path / "old")
    profile.save_game({"moves": 3})
    profile.close()
    with small_disk(tmp_path / "disk", size="1m") as disk:
        dump_and_restore(tmp_path / "old" / PROFILE_FILE, disk)
        set_read_only(disk)
        before = files_of(disk)
        restored = Profile.open(disk)
        assert not restored.saving and restored.moved_aside is None
        assert restored.load_game() == {"moves": 3}
        restored.close()
        assert files_of(disk) == before


def test_tables_of_something_else_are_kept_aside_with_a_sentence(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / PROFILE_FILE)
    db.execute("CREATE TABLE settings (k, v)")
    db.execute("INSERT INTO settings VALUES (1, 2)")
    db.commit()
    db.close()
    before = (tmp_path / PROFILE_FILE).read_bytes()
    profile = Profile.open(tmp_path)
    assert profile.saving and profile.moved_aside is not None
    assert profile.unreadable_reason is not None and "settings" in profile.unreadable_reason
    assert profile.moved_aside.read_bytes() == before  # kept exactly as it was
    profile.set_setting("language", "fr")
