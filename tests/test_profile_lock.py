"""Issue 31, item 4: two copies of the game on one profile, as two real processes. The first
holds the profile's lock while it is open; the second opens a copy in memory and says so, and
writes nothing; once the first is killed (kill -9) the lock is the system's to release."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.records.profile import Profile, Trouble

ROOT = Path(__file__).resolve().parent.parent

HOLDER = """
import sys
sys.path.insert(0, sys.argv[2])
from game.records.profile import Profile
profile = Profile.open(sys.argv[1])
profile.save_game({"mine": "first"})
print("open", profile.saving, flush=True)
sys.stdin.readline()  # held open until told, or killed
"""

SECOND = """
import json, sys
sys.path.insert(0, sys.argv[2])
from game.records.profile import Profile
profile = Profile.open(sys.argv[1])
game = profile.load_game()
profile.save_game({"mine": "second"})
profile.clear_game()
profile.close()
trouble = None if profile.unsaved is None else profile.unsaved.trouble.value
print(json.dumps({"saving": profile.saving, "trouble": trouble, "game": game}))
"""


def second_copy(folder: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", SECOND, str(folder), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_a_second_copy_is_read_only_while_the_first_is_open_then_writes_after_a_kill(
    tmp_path: Path,
) -> None:
    first = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(tmp_path), str(ROOT)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert first.stdout is not None
        assert first.stdout.readline().split() == ["open", "True"]
        second = second_copy(tmp_path)
        # it read the first's game, and neither its save nor its clearing reached the file
        assert second == {
            "saving": False,
            "trouble": Trouble.IN_USE.value,
            "game": {"mine": "first"},
        }
    finally:
        first.kill()  # a crash (SIGKILL; TerminateProcess on Windows): the lock goes with it
        first.wait(timeout=30)
    assert Profile.open(tmp_path).load_game() == {"mine": "first"}
    third = second_copy(tmp_path)  # the only copy now: it writes
    assert third == {"saving": True, "trouble": None, "game": {"mine": "first"}}
    assert Profile.open(tmp_path).load_game() is None  # its clear_game() reached the file


def test_one_process_closing_its_profile_lets_the_next_one_write(tmp_path: Path) -> None:
    profile = Profile.open(tmp_path)
    assert profile.saving
    profile.close()
    again = Profile.open(tmp_path)
    assert again.saving
    again.close()


def test_a_forked_child_does_not_keep_the_lock_after_its_parent(tmp_path: Path) -> None:
    code = """
import os, sys, time
sys.path.insert(0, sys.argv[2])
from game.records.profile import Profile
profile = Profile.open(sys.argv[1])
if os.fork() == 0:
    time.sleep(10)  # a child that outlives its parent
    os._exit(0)
os._exit(0)  # the parent ends at once, as a crash would
"""
    started = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path), str(ROOT)], timeout=60, check=True
    )
    assert started.returncode == 0
    assert second_copy(tmp_path)["saving"] is True  # the child's copy was closed


def test_one_process_shares_its_lock_between_its_own_opens(tmp_path: Path) -> None:
    first = Profile.open(tmp_path)
    second = Profile.open(tmp_path)  # the same copy of the game (tests and tools do this)
    assert first.saving and second.saving
    second.save_game({"moves": 2})
    second.close()
    assert first.load_game() == {"moves": 2}
    first.close()


@pytest.mark.parametrize(
    ("error", "held"),
    [
        (PermissionError(13, "Permission denied"), True),  # Windows: a lock held elsewhere
        (OSError(0, "Error"), True),  # the same under Wine, whose C runtime sets no errno
        (OSError(22, "Invalid argument"), False),  # a file system without locks
    ],
)
def test_a_windows_lock_held_elsewhere_is_told_apart_from_no_locks(
    error: OSError, held: bool
) -> None:
    from game.records.profile import lock

    def locking(fd: int, mode: int, size: int) -> None:
        assert (fd, mode, size) == (7, 99, 1)
        raise error

    expected = BlockingIOError if held else type(error)
    with pytest.raises(expected):
        lock._lock_windows(7, locking, 99)
