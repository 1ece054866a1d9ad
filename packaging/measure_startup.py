"""Time from launch to the first frame: from source, the one-folder build and the one-file build.

    python packaging/measure_startup.py [--runs 5]

Each variant is started with the dummy video and audio drivers, a fresh profile folder and
``--exit-after 0 --report-startup``. The clock runs from launching the process (so the one-file
build's unpacking counts) to the moment its "startup: first frame after ..." line arrives on
standard output; a program that prints none is timed to its exit, an upper bound. One warm-up
run per variant is not counted (cold disk cache). Goal: 1 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).absolute().parent))
import project_info

ROOT = project_info.ROOT
DIST = ROOT / "dist"
MARKER = "first frame"
GOAL_SECONDS = 1.0


def variants() -> dict[str, list[str]]:
    info = project_info.read(ROOT)
    exe = ".exe" if sys.platform == "win32" else ""
    found = {"source": [sys.executable, "-m", "scenes"]}
    onedir = DIST / project_info.ONEDIR_NAME / (project_info.APP_ID + exe)
    onefile = DIST / (project_info.onefile_name(info) + exe)
    if onedir.is_file():
        found["one-folder"] = [str(onedir)]
    if onefile.is_file():
        found["one-file"] = [str(onefile)]
    return found


def first_frame_seconds(command: list[str]) -> tuple[float, bool]:
    """Seconds to the first-frame line (True) or, without one, to the exit (False)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with tempfile.TemporaryDirectory() as folder:
        args = [*command, "--exit-after", "0", "--report-startup", "--profile", folder]
        start = time.perf_counter()
        process = subprocess.Popen(
            args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        assert process.stdout is not None
        for line in process.stdout:
            if MARKER in line.lower():
                elapsed = time.perf_counter() - start
                process.stdout.close()
                process.wait(timeout=120)
                return elapsed, True
        code = process.wait(timeout=120)
        elapsed = time.perf_counter() - start
        if code != 0:
            raise RuntimeError(f"{' '.join(args)} exited with {code}")
        return elapsed, False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs per variant")
    args = parser.parse_args(argv)
    print(f"launch to first frame (median of {args.runs}, goal {GOAL_SECONDS:.1f} s):")
    failed = False
    for name, command in variants().items():
        try:
            first_frame_seconds(command)  # warm-up
            times = [first_frame_seconds(command) for _ in range(args.runs)]
        except (OSError, RuntimeError, subprocess.TimeoutExpired) as error:
            print(f"  {name:<11} failed: {error}")
            failed = True
            continue
        seconds = [t for t, _ in times]
        how = "first-frame line" if all(marked for _, marked in times) else "exit of --hands 0"
        print(
            f"  {name:<11} {statistics.median(seconds):6.2f} s"
            f"  (min {min(seconds):.2f}, max {max(seconds):.2f}; {how})"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
