"""The window's processor use while nothing moves, and its frame times while something does.

    nice -n 19 python benchmarks/idle.py                  # 1280x800, 8 s a case
    nice -n 19 python benchmarks/idle.py --seconds 15 --size 2560x1440
    python benchmarks/idle.py --window                    # in a real X window (Xvfb)

Idle: the game runs as players run it (``python -m scenes``, its own process) at the menu, and
at the player's turn in the middle of a hand (a game saved there, continued with
``--continue``), and at the daily challenge's screen, whose countdown redraws once a second.
Nothing touches it; after a few seconds to settle, the process's processor
time (user + system, read from ``/proc/<pid>/stat``) is read twice ``--seconds`` apart, and
printed as a share of one core. Goal: at most 3% in each case (it was about 30%: the loop
redrew a still window 30 times a second).

Animating: the demo (the computer plays every seat, normal speed) through the real main loop,
in this process; every ``display.flip()`` is timed, and the intervals between flips give the
frame rate and the p99 frame time while the cards move. Goal: 60 frames a second, p99 at most
about 16.7 ms plus the scheduler's noise. The machine's load makes these figures noisy: run it
under ``nice -n 19`` and read the load average printed with them.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SETTLE = 8.0  # seconds after start before the processor time is read (start-up excluded,
# on a loaded machine too)


def cpu_seconds(pid: int) -> float:
    """User + system processor time of process ``pid`` (its threads included), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return ticks / os.sysconf("SC_CLK_TCK")


def save_game_at_the_players_turn(profile: Path, size: tuple[int, int]) -> None:
    """A profile whose saved game waits for the player's card in the middle of a hand."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from scenes.core.app import App, Options
    from tests.helpers.window import key, start_game, wait_for_player

    app = App(Options(profile=profile, size=size, lang="en", seed=5, speed="instant"))
    app.start()
    try:
        table = start_game(app)
        for _decision in range(6):  # the pass, then a few cards: a trick on the table
            wait_for_player(app, table)
            if table.human_to_pass():
                table.hand.selected = set(table.model.hand[:3])
                key(app, pygame.K_p)
            else:
                legal = table.legal_cards()
                table.play_card(next(c for c in table.model.hand if legal >> c & 1))
        wait_for_player(app, table)
        assert table.human_to_play(), "the saved game waits for the player's card"
        key(app, pygame.K_ESCAPE)  # leaves the table: the game is saved
    finally:
        app.shutdown()


def cache_todays_par(profile: Path) -> str:
    """A profile holding today's daily par (so the screen only works out the passes, then
    waits with its countdown running); returns today's date as ``--date`` takes it."""
    import datetime

    from game.records import daily
    from game.records.profile import Profile

    today = datetime.date.today().isoformat()
    stored = Profile.open(profile)
    stored.set_daily_par(today, daily.par_key(), 5, 4)
    stored.close()
    return today


def idle_share(args: list[str], seconds: float, env: dict[str, str]) -> float:
    """The share of a core the game uses, still, over ``seconds`` (after settling)."""
    command = [sys.executable, "-m", "scenes", *args, "--exit-after", str(SETTLE + seconds + 5)]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    try:
        time.sleep(SETTLE)
        start_cpu, start = cpu_seconds(process.pid), time.monotonic()
        time.sleep(seconds)
        used = cpu_seconds(process.pid) - start_cpu
        return used / (time.monotonic() - start)
    finally:
        process.terminate()
        process.wait(timeout=30)


def animating(size: tuple[int, int], seconds: float) -> list[float]:
    """The intervals between flips (seconds) of the demo played through the main loop."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from scenes.core.app import App, Options

    flips: list[float] = []
    flip = pygame.display.flip

    def timed_flip() -> None:
        flip()
        flips.append(time.perf_counter())

    pygame.display.flip = timed_flip
    with tempfile.TemporaryDirectory() as folder:
        options = Options(
            profile=Path(folder), size=size, lang="en", seed=5, demo=True, hands=3,
            speed="normal", exit_after=seconds,
        )  # fmt: skip
        app = App(options)
        app.run()
    pygame.display.flip = flip
    return [b - a for a, b in itertools.pairwise(flips[1:])]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="each case's measure")
    parser.add_argument("--size", default="1280x800", help="window size, WxH")
    parser.add_argument("--window", action="store_true", help="in a real X window (Xvfb)")
    args = parser.parse_args()
    w, h = (int(n) for n in args.size.split("x"))
    env = dict(os.environ)
    display = None
    if args.window:
        display = subprocess.Popen(["Xvfb", ":97", "-screen", "0", f"{w + 100}x{h + 100}x24"])
        time.sleep(1.0)
        env["DISPLAY"] = ":97"
        env.pop("SDL_VIDEODRIVER", None)
        os.environ["DISPLAY"] = ":97"
        os.environ["SDL_VIDEODRIVER"] = "x11"
    else:
        env["SDL_VIDEODRIVER"] = "dummy"
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores, {w}x{h}")
    try:
        with tempfile.TemporaryDirectory() as folder:
            menu = Path(folder) / "menu"
            share = idle_share(["--profile", str(menu), "--size", args.size], args.seconds, env)
            print(f"idle at the menu:       {share * 100:5.1f}% of a core (goal <= 3%)")
            turn = Path(folder) / "turn"
            save_game_at_the_players_turn(turn, (w, h))
            common = ["--profile", str(turn), "--size", args.size, "--continue"]
            share = idle_share(common, args.seconds, env)
            print(f"idle at the player's turn: {share * 100:5.1f}% of a core (goal <= 3%)")
            daily = Path(folder) / "daily"
            today = cache_todays_par(daily)
            common = ["--profile", str(daily), "--size", args.size, "--date", today]
            share = idle_share(common, args.seconds, env)
            print(f"idle at the daily screen (countdown): {share * 100:5.1f}% of a core")
        intervals = animating((w, h), args.seconds)
        if intervals:
            p50 = statistics.median(intervals) * 1000
            p99 = percentile(intervals, 0.99) * 1000
            rate = len(intervals) / sum(intervals)
            print(
                f"animating (demo): {rate:5.1f} frames/s, p50 {p50:.1f} ms, p99 {p99:.1f} ms"
                f" over {len(intervals)} frames"
            )
    finally:
        if display is not None:
            display.terminate()


if __name__ == "__main__":
    main()
