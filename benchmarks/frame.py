"""Frame times of the table while it animates, and the time from process start to first frame.

    python benchmarks/frame.py                 # 1280x800 and 2560x1440, medium opponents
    python benchmarks/frame.py --frames 600 --level hard
    python benchmarks/frame.py --window        # in a real X window (Xvfb), the present included

Headless (SDL's dummy video driver): each frame runs the table's update, draws it and flips, as
the main loop does, with the game clock stepped 1/60 s per frame so every run animates the same
deal. Only frames with an animation running are counted. The computer players think on their
worker thread meanwhile, as in the game. Goals: p99 at most 16.7 ms at both sizes; first frame
within 1 s from source.

``--window`` runs the same frames in a real window of an X server of its own (Xvfb, started with
``-displayfd``), so a frame's time includes SDL's present to the X server, and then times the
ways SDL offers to present a frame: ``display.flip()``, ``display.update()`` of one small
rectangle and of the whole window, and SDL2's renderer (``pygame._sdl2.video``) uploading the
frame to a texture and presenting it.

The table keeps its still part in a cached layer (scenes/table/layer.py): a frame copies it and
draws the cards in flight; the line per size also says how many frames painted the layer again,
whole or in part (the slower frames).
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

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FRAME_BUDGET_MS = 1000 / 60
COMMAND = (sys.executable, "-m", "scenes", "--report-startup", "--exit-after", "0")
FIRST_FRAME_GOAL_S = 1.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def frame_times(
    size: tuple[int, int], frames: int, level: str, seed: int
) -> tuple[list[float], list[float], tuple[int, int]]:
    """Milliseconds per animated frame of a demo game at ``size``: wall time, and the frame
    loop's own processor time (which other programs on a busy machine do not inflate); and how
    often the table's cached layer was painted again, whole and in part."""
    import pygame

    from scenes.core.app import App, Options
    from scenes.table import games
    from scenes.table.table_scene import TableScene

    with tempfile.TemporaryDirectory() as folder:
        app = App(Options(profile=Path(folder), size=size, speed="normal", seed=seed, lang="en"))
        app.prefs.new_game.level = level
        app.start()
        games.demo(app, hands=1000)
        table = app.stack.top
        assert isinstance(table, TableScene)
        app.thinker.start()
        times: list[float] = []
        cpu: list[float] = []
        try:
            for _ in range(frames):
                start = time.perf_counter()
                start_cpu = time.thread_time()
                pygame.event.pump()
                app.stack.update(1 / 60)
                app.stack.draw(app.screen)
                pygame.display.flip()
                elapsed = (time.perf_counter() - start) * 1000
                if table.animator.current is not None:
                    times.append(elapsed)
                    cpu.append((time.thread_time() - start_cpu) * 1000)
                # Keep real time moving like the 60 fps loop does, so the AI thread gets its turn.
                time.sleep(max(0.0, 1 / 60 - elapsed / 1000))
            repaints = (table.renderer.layer.full_paints, table.renderer.layer.partial_paints)
        finally:
            app.shutdown()
    return times, cpu, repaints


def first_frame_seconds(runs: int) -> list[float]:
    """Process start to first frame, measured by the program itself (``--report-startup``)."""
    results = []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            out = subprocess.run(
                [*COMMAND, "--profile", folder],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                timeout=60,
                check=True,
            ).stdout
        line = next(x for x in out.splitlines() if x.startswith("startup: first frame after"))
        results.append(float(line.split()[-2]))
    return results


SIZES = ((1280, 800), (2560, 1440))


def start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """An Xvfb of our own, on the display number it picks itself (``-displayfd``)."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "2600x1500x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        raise SystemExit("Xvfb did not start")
    return server, f":{number}"


def present_times(size: tuple[int, int], repeats: int) -> dict[str, float]:
    """Median milliseconds of each way to present a full frame of ``size`` in a real window."""
    import pygame

    pygame.display.init()
    screen = pygame.display.set_mode(size)
    screen.fill((0, 100, 40))
    pygame.draw.circle(screen, (250, 250, 250), (size[0] // 2, size[1] // 2), size[1] // 3)
    small = pygame.Rect(size[0] // 2, size[1] // 2, 120, 170)  # about one card
    ways = {
        "display.flip()": pygame.display.flip,
        "display.update(one card's rectangle)": lambda: pygame.display.update(small),
        "display.update(whole window)": lambda: pygame.display.update(screen.get_rect()),
    }
    results = {name: median_ms(way, repeats) for name, way in ways.items()}
    pygame.display.quit()
    try:
        from pygame._sdl2.video import Renderer, Texture, Window
    except ImportError:
        return results
    pygame.display.init()
    window = Window("present", size=size)
    renderer = Renderer(window, accelerated=-1, vsync=False)
    frame = pygame.Surface(size)
    frame.fill((0, 100, 40))
    texture = Texture(renderer, size, streaming=True)

    def by_texture() -> None:
        texture.update(frame)
        renderer.clear()
        texture.draw()
        renderer.present()

    results["_sdl2 renderer: texture.update + present"] = median_ms(by_texture, repeats)
    half = pygame.Surface((size[0] // 2, size[1] // 2))
    small_texture = Texture(renderer, half.get_size(), streaming=True)

    def by_scaled_texture() -> None:
        small_texture.update(half)
        renderer.clear()
        small_texture.draw(dstrect=(0, 0, *size))
        renderer.present()

    results["_sdl2 renderer: half-size back buffer scaled up"] = median_ms(
        by_scaled_texture, repeats
    )
    window.destroy()
    pygame.display.quit()
    return results


def median_ms(action: object, repeats: int) -> float:
    assert callable(action)
    action()  # the first present allocates
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def window_mode(args: argparse.Namespace) -> int:
    """Every size in its own process (SDL picks its video driver once) on our own Xvfb."""
    server, display = start_xvfb()
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11"}
    try:
        print(f"real window: Xvfb {display}, SDL x11 driver; frame time includes the present")
        for size in SIZES:
            for part in ("--inner-window", "--inner-present"):
                done = subprocess.run(
                    [
                        *(sys.executable, __file__, part, f"{size[0]}x{size[1]}"),
                        *("--frames", str(args.frames), "--level", args.level),
                        *("--seed", str(args.seed)),
                    ],
                    env=env,
                    capture_output=True,
                    text=True,
                    check=False,
                )
                lines = [x for x in done.stdout.splitlines() if not x.startswith("pygame-ce")]
                print("\n".join(lines), flush=True)
                if done.returncode != 0:
                    last = (done.stderr.strip().splitlines() or ["?"])[-1]
                    print(f"    {size[0]}x{size[1]} {part[8:]} run failed: {last}", flush=True)
    finally:
        server.terminate()
        server.wait(timeout=10)
    return 0


def report_frames(size: tuple[int, int], args: argparse.Namespace) -> bool:
    times, cpu, (whole, part) = frame_times(size, args.frames, args.level, args.seed)
    median, p99 = statistics.median(times), percentile(times, 0.99)
    good = p99 <= FRAME_BUDGET_MS
    print(
        f"{size[0]}x{size[1]}: {len(times)} animated frames, median {median:.2f} ms, "
        f"p99 {p99:.2f} ms, max {max(times):.2f} ms "
        f"({'meets' if good else 'MISSES'} the {FRAME_BUDGET_MS:.1f} ms goal); "
        f"frame loop processor time: median {statistics.median(cpu):.2f} ms, "
        f"p99 {percentile(cpu, 0.99):.2f} ms; of {args.frames} frames, {whole} painted "
        f"the table's layer whole and {part} in part",
        flush=True,
    )
    return good


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--frames", type=int, default=900, help="frames per size (default 900)")
    parser.add_argument("--level", default="medium", choices=("easy", "medium", "hard"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--startup-runs", type=int, default=5)
    parser.add_argument("--window", action="store_true", help="in a real window under Xvfb")
    parser.add_argument("--inner-window", help=argparse.SUPPRESS)
    parser.add_argument("--inner-present", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner_window:  # one size's frames in the real window (see window_mode)
        width, height = (int(x) for x in args.inner_window.split("x"))
        report_frames((width, height), args)
        return 0
    if args.inner_present:  # one size's ways to present (see window_mode)
        width, height = (int(x) for x in args.inner_present.split("x"))
        for name, ms in present_times((width, height), repeats=60).items():
            print(f"    present by {name}: median {ms:.2f} ms", flush=True)
        return 0
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} processors")
    if args.window:
        return window_mode(args)
    ok = True
    for size in SIZES:
        ok &= report_frames(size, args)
    starts = first_frame_seconds(args.startup_runs)
    median_start = statistics.median(starts)
    good = median_start <= FIRST_FRAME_GOAL_S
    ok &= good
    print(
        f"first frame: median {median_start:.3f} s over {len(starts)} runs "
        f"(min {min(starts):.3f}, max {max(starts):.3f}; "
        f"{'meets' if good else 'MISSES'} the {FIRST_FRAME_GOAL_S:.0f} s goal)"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
