"""The computer players' worker process ends with the game, even when the game is killed."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GAME_STAND_IN = """
import sys
from scenes.core.thinking import Thinker, worker_pid
if __name__ == "__main__":
    thinker = Thinker()
    thinker.start()
    print(thinker.submit(worker_pid).result(timeout=60), flush=True)
    sys.stdin.read()  # wait to be killed
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie waiting for its (dead) parent to reap it counts as gone
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(")")[-1].split()[0] == "Z")


def test_the_worker_process_ends_when_the_game_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "stand_in.py"
    script.write_text(GAME_STAND_IN)
    game = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert game.stdout is not None
        worker = int(game.stdout.readline())
        assert worker != game.pid and alive(worker)
        game.send_signal(signal.SIGKILL)
        game.wait(timeout=10)
        deadline = time.monotonic() + 10
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(worker), "the worker process outlived the killed game"
    finally:
        game.kill()
