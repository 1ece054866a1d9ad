"""The profile on a real filesystem that is full or read-only (a tmpfs mounted by the test; see
tests/helpers/disk_faults.py): the profile file is never renamed or changed, what it holds is still
read, and a write that fails says why and loses nothing already saved."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from game.records.profile import PROFILE_FILE, Profile, Trouble, write_problem
from tests.helpers.disk_faults import files_of, fill, set_read_only, small_disk


def make_profile(folder: Path) -> None:
    profile = Profile.open(folder)
    profile.set_setting("language", "fr")
    profile.save_game({"moves": 12})
    profile.close()


def test_a_full_disk_leaves_a_good_profile_as_it_is_and_reads_it(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk") as disk:
        make_profile(disk)
        fill(disk)
        before = files_of(disk)
        profile = Profile.open(disk)
        assert profile.notice is None and profile.moved_aside is None
        assert profile.unsaved is not None and profile.unsaved.trouble is Trouble.FULL
        assert profile.load_game() == {"moves": 12} and profile.setting("language") == "fr"
        profile.save_game({"moves": 13})  # held in memory for this run
        profile.close()
        assert files_of(disk) == before


def test_a_read_only_disk_leaves_the_profile_as_it_is_and_reads_it(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk") as disk:
        make_profile(disk)
        set_read_only(disk)
        before = files_of(disk)
        profile = Profile.open(disk)
        assert profile.moved_aside is None
        assert profile.unsaved is not None and profile.unsaved.trouble is Trouble.READ_ONLY
        assert profile.load_game() == {"moves": 12} and profile.setting("language") == "fr"
        profile.close()
        assert files_of(disk) == before


def test_a_read_only_disk_after_a_kill_reads_the_last_save_from_the_log(tmp_path: Path) -> None:
    import subprocess
    import sys

    with small_disk(tmp_path / "disk") as disk:
        make_profile(disk)
        # A game killed right after a save leaves it in the write-ahead log only.
        code = (
            "import os, sys; sys.path.insert(0, sys.argv[2]);"
            "from game.records.profile import Profile;"
            "p = Profile.open(sys.argv[1]); p.save_game({'moves': 14}); os._exit(0)"
        )
        root = str(Path(__file__).resolve().parent.parent)
        subprocess.run([sys.executable, "-c", code, str(disk), root], check=True)
        assert (disk / f"{PROFILE_FILE}-wal").stat().st_size > 0
        set_read_only(disk)
        profile = Profile.open(disk)
        assert profile.unsaved is not None and profile.unsaved.trouble is Trouble.READ_ONLY
        assert profile.load_game() == {"moves": 14}


def test_a_new_profile_on_a_full_disk_is_held_in_memory_and_leaves_no_file(
    tmp_path: Path,
) -> None:
    with small_disk(tmp_path / "disk", "64k") as disk:
        fill(disk)
        profile = Profile.open(disk)
        assert profile.unsaved is not None and profile.unsaved.trouble is Trouble.FULL
        assert profile.notice is None
        profile.set_setting("language", "en")
        assert profile.setting("language") == "en"
        profile.close()
        assert files_of(disk) == {}


def test_a_disk_filling_during_play_fails_the_save_cleanly_and_the_next_one_works(
    tmp_path: Path,
) -> None:
    with small_disk(tmp_path / "disk") as disk:
        profile = Profile.open(disk)
        assert profile.saving
        profile.save_game({"moves": 1})
        filler = fill(disk)
        big = {"moves": 2, "padding": "x" * 200_000}  # more than the log has room for
        with pytest.raises(sqlite3.Error) as failed:
            profile.save_game(big)
        assert "rollback" not in str(failed.value)  # the real error, not a follow-up one
        assert write_problem(failed.value, disk).trouble is Trouble.FULL
        assert profile.load_game() == {"moves": 1}  # nothing half-written
        filler.unlink()
        profile.save_game({"moves": 3})  # retried later: it works again
        profile.close()
        assert Profile.open(disk).load_game() == {"moves": 3}
