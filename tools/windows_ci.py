"""The Windows stage of .ci/run: the Windows program built, installed and played under Wine.

    .venv/bin/python tools/windows_ci.py          # (tools/windows_ci.sh installs Wine first)

From the working tree, in a fresh Wine prefix (tools/windows_wine.py: Windows CPython 3.11 and
the pinned win_amd64 wheels, cached between runs):
  1. builds the one-file .exe and setup.exe with tools/build.py under Windows' Python (the pure-
     Python engine: mypyc needs MSVC; the workflow's Windows job ships the compiled one);
  2. installs setup.exe /VERYSILENT under Xvfb, starts the installed game from the target of its
     Start-menu shortcut: the table drawn (screenshot pixels: felt, cards, red suit symbols), the
     profile in %LOCALAPPDATA%\\dame-de-pique with its lock held, a second copy told so; a demo
     hand played to its end; uninstalled, the profile kept;
  3. starts the one-file .exe: first frame, and --help exits 0;
  4. runs the platform-neutral test files under Windows' Python (WINDOWS_TESTS).
Also at 150 % scaling (LogPixels 144): the first window fits 1280x720 and is drawn at its real
size. Prints each step's time; exits 1 naming the step that failed. The built files are copied
to dist/windows/.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).absolute().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "packaging"))
import project_info  # noqa: E402
import windows_wine  # noqa: E402
from windows_wine import Prefix, WineError  # noqa: E402

FRAME = (16, 40)  # as scenes/core/display.py: a window's borders and title bar at 100 %

SOURCE = r"C:\dame"
INSTALLED = r"C:\Program Files\Dame de pique"
SHORTCUT = r"C:\ProgramData\Microsoft\Windows\Start Menu\Programs\Dame de pique.lnk"
PROFILE = ("AppData", "Local", "dame-de-pique")  # under C:\users\<name>, as the README says
# The platform-neutral test files, run under Windows' Python with their own assertions: the
# engine and its codec, the records (the profile and its lock), the server and client over
# loopback, the command line's bad inputs.
WINDOWS_TESTS = [
    "tests/test_rules.py",
    "tests/test_moves.py",
    "tests/test_cards.py",
    "tests/test_deal_and_counts.py",
    "tests/test_engine_codec.py",
    "tests/test_properties.py",
    "tests/test_profile.py",
    "tests/test_profile_lock.py",
    "tests/test_profile_disk.py",
    "tests/test_net_protocol.py",
    "tests/test_net_connections.py",
    "tests/test_net_games.py",
    "tests/test_net_hostile.py",
    "tests/test_app_cli.py",
]
LEFT_OUT = [
    # os.fork, and SIGTERM as a graceful stop: Windows has neither (test_other_systems.py
    # simulates the server's Ctrl+C on Windows instead)
    "tests/test_profile_lock.py::test_a_forked_child_does_not_keep_the_lock_after_its_parent",
    "tests/test_net_hostile.py::test_the_server_stops_within_a_second_despite_an_unfinished_handshake",
    # Under Wine only: after an App made inside pytest's own process (its worker spawned by
    # multiprocessing), the next one's main() never returned; the installed game's runs above
    # cover the worker's start and stop in a real process
    "tests/test_app_cli.py::test_killed_mid_hand_the_same_position_is_offered_again",
    "tests/test_app_cli.py::test_an_unexpected_error_is_one_line_and_a_crash_log",
    # Under Wine only: "Unhandled page fault on execute access" as this test's game ended (2
    # whole stages of 4), then Wine's debugger held the run; the installed game's and the
    # one-file program's demos above check the same start, first frame and screenshot
    "tests/test_app_cli.py::test_the_demo_exits_zero_with_a_screenshot_and_the_startup_time",
]
CRASHED = "wine: Unhandled"  # Wine's line when a program faults (its debugger then holds it)
GAME_TIMEOUT = 240  # one start of the game under Wine: ~15-20 s here
TESTS_TIMEOUT = 600  # they take 3 to 4.5 min here


class StageFailed(Exception):
    pass


def say(message: str) -> None:
    print(f"windows-ci: {message}", flush=True)


def check(condition: bool, message: str) -> None:
    if not condition:
        raise StageFailed(message)


# --- the Start-menu shortcut ------------------------------------------------------------------


def shortcut_target(data: bytes) -> str:
    """The program a Windows shell link (.lnk) starts: its LinkInfo's LocalBasePath
    ([MS-SHLLINK] 2.3), ANSI or, when given, Unicode."""
    check(data[:4] == b"L\0\0\0" and len(data) >= 0x4C, "not a shell link")
    flags = struct.unpack_from("<I", data, 0x14)[0]
    position = 0x4C
    if flags & 0x1:  # HasLinkTargetIDList
        position += 2 + struct.unpack_from("<H", data, position)[0]
    check(bool(flags & 0x2), "the shortcut has no LinkInfo (no local target)")
    header_size = struct.unpack_from("<I", data, position + 4)[0]
    if header_size >= 0x24:
        offset = struct.unpack_from("<I", data, position + 0x1C)[0]
        start = position + offset
        end = data.index(b"\0\0", start)
        end += (end - start) % 2  # a UTF-16 code unit's high byte may be 0
        return data[start:end].decode("utf-16-le")
    offset = struct.unpack_from("<I", data, position + 0x10)[0]
    start = position + offset
    return data[start : data.index(b"\0", start)].decode("mbcs" if os.name == "nt" else "cp1252")


# --- screenshots ------------------------------------------------------------------------------


def load(path: Path) -> Any:  # pygame imported lazily (the host's .venv has it)
    # No SDL_VIDEODRIVER here: reading a PNG needs no display (and windows_wine.Prefix keeps
    # the host's SDL variables from the Windows programs).
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    check(path.is_file(), f"no screenshot at {path}")
    return pygame.image.load(str(path))


def felt_fraction(surface: Any) -> float:
    """Share of sampled pixels that are the table's green felt (as tests/test_packaging.py)."""
    width, height = surface.get_size()
    samples = green = 0
    for y in range(0, height, 6):
        for x in range(0, width, 6):
            r, g, b, *_ = surface.get_at((x, y))
            samples += 1
            green += g >= 60 and g > r + 25 and g > b + 15
    return green / samples


def card_faces(surface: Any) -> int:
    """Card-sized white areas (the faces of the hand's cards)."""
    import pygame

    mask = pygame.mask.from_threshold(surface, (245, 245, 245, 255), (12, 12, 12, 255))
    boxes = [part.get_bounding_rects()[0] for part in mask.connected_components(minimum=200)]
    return sum(1 for box in boxes if box.height >= 40 and box.width >= 15)


def red_symbols(surface: Any) -> int:
    """Solid red heart and diamond symbols (as tests/test_packaging.py)."""
    import pygame

    mask = pygame.mask.from_threshold(surface, (203, 45, 45, 255), (53, 46, 46, 255))
    found = 0
    for part in mask.connected_components(minimum=12):
        box = part.get_bounding_rects()[0]
        fill = part.count() / (box.width * box.height)
        found += 5 <= box.height <= 120 and 0.5 <= box.width / box.height <= 1.6 and fill >= 0.45
    return found


def check_table(path: Path, what: str) -> str:
    surface = load(path)
    felt, cards, reds = felt_fraction(surface), card_faces(surface), red_symbols(surface)
    summary = f"{surface.get_width()}x{surface.get_height()}, felt {felt:.0%}, {cards} card"
    summary += f" faces, {reds} red symbols"
    check(felt > 0.3 and cards >= 5 and reds >= 4, f"{what}: not the table with cards: {summary}")
    return summary


# --- Xvfb -------------------------------------------------------------------------------------


@contextmanager
def xvfb(size: str = "1920x1080") -> Iterator[str]:
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        check(number.isdigit(), "Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=30)


# --- the steps --------------------------------------------------------------------------------


def copy_source(prefix: Prefix) -> None:
    """The working tree's files (tracked and new, not the ignored ones) to C:\\dame."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    target = prefix.unix(SOURCE)
    for name in filter(None, listed):
        source = ROOT / os.fsdecode(name)
        if source.is_file():
            destination = target / os.fsdecode(name)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)


def build(prefix: Prefix, info: project_info.ProjectInfo, again: bool = True) -> dict[str, str]:
    if again:
        _run_build(prefix)
    dist = prefix.unix(SOURCE) / "dist"
    built = {
        "setup": f"{project_info.APP_ID}-{info.version}-setup.exe",
        "onefile": f"{project_info.APP_ID}-{info.version}-windows-amd64.exe",
    }
    keep = ROOT / "dist" / "windows"
    keep.mkdir(parents=True, exist_ok=True)
    for name in built.values():
        check((dist / name).is_file(), f"the build made no {name}")
        shutil.copy2(dist / name, keep / name)
    return {key: f"{SOURCE}\\dist\\{name}" for key, name in built.items()}


def _run_build(prefix: Prefix) -> None:
    command = f"cd /d {SOURCE} && {prefix.python} tools\\build.py --pure-engine"
    result = prefix.run(["cmd.exe", "/c", command], timeout=1200)
    output = result.stdout + result.stderr
    print(output.rstrip(), flush=True)
    check(result.returncode == 0, f"tools/build.py failed under Wine ({result.returncode})")
    check("pure-Python engine" in output, "the build did not say it ships the pure engine")


def install(prefix: Prefix, setup: str) -> str:
    silent = ["/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", r"/LOG=C:\install.log"]
    result = prefix.run([setup, *silent], timeout=600)
    check(result.returncode == 0, f"setup.exe exited {result.returncode}: see C:\\install.log")
    exe = prefix.unix(INSTALLED) / f"{project_info.APP_ID}.exe"
    check(exe.is_file(), f"nothing installed at {INSTALLED}")
    licences = prefix.unix(INSTALLED) / "_internal" / "licences" / "THIRD-PARTY-LICENSES.txt"
    check(licences.is_file(), "the installed program has no licence file")
    shortcut = prefix.unix(SHORTCUT)
    check(shortcut.is_file(), f"no Start-menu shortcut at {SHORTCUT}")
    target = shortcut_target(shortcut.read_bytes())
    expected = f"{INSTALLED}\\{project_info.APP_ID}.exe"
    check(target.lower() == expected.lower(), f"the shortcut starts {target}, not {expected}")
    return target


def profile_folder(prefix: Prefix) -> Path:
    users = [p for p in (prefix.drive_c / "users").iterdir() if p.name.lower() != "public"]
    check(len(users) == 1, f"which Wine user? {users}")
    return users[0].joinpath(*PROFILE)


def wait_for(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        check(time.monotonic() < deadline, f"{what}: not after {seconds:.0f} s")
        time.sleep(0.5)


def demo_start(program: str, shot: str, seconds: int, profile: str | None = None) -> list[str]:
    """The game's demo (seed 7) for ``seconds``, reporting its first frame, with a screenshot
    at ``shot`` (and its own profile folder when given: else the default, as a person's)."""
    folder = ["--profile", profile] if profile is not None else []
    return [
        program,
        "--demo",
        "--seed",
        "7",
        "--exit-after",
        str(seconds),
        *folder,
        "--report-startup",
        "--screenshot",
        shot,
    ]


def play_installed(prefix: Prefix, program: str) -> None:
    """The table with its cards, the profile's lock held and a second copy told so; then a
    demo hand to its end."""
    profile = profile_folder(prefix)
    check(not profile.exists(), f"a profile already exists at {profile}")
    lock = profile / "profile.sqlite3.lock"
    first = prefix.start(demo_start(program, r"C:\table.png", seconds=20))
    try:
        wait_for(lambda: lock.exists() or first.poll() is not None, GAME_TIMEOUT, "the lock")
        check(first.poll() is None, f"the first copy ended before its lock was seen at {lock}")
        second = prefix.run([program, "--exit-after", "0", "--report-startup"], GAME_TIMEOUT)
        told = second.stdout + second.stderr
        check(second.returncode == 0, f"the second copy exited {second.returncode}:\n{told}")
        check(
            "another copy of the game" in told,
            f"the second copy was not told the profile is in use:\n{told}",
        )
        say("a second copy, started while the first runs, is told the profile is in use")
        output, _ = first.communicate(timeout=GAME_TIMEOUT)
    finally:
        if first.poll() is None:
            first.kill()
    check(first.returncode == 0, f"the installed game exited {first.returncode}:\n{output}")
    check("first frame after" in output, f"no first frame reported:\n{output}")
    table = check_table(prefix.unix(r"C:\table.png"), "installed game")
    say(f"installed game, table: {table}")
    ended = prefix.run(
        [
            program,
            "--demo",
            "--hands",
            "1",
            "--speed",
            "instant",
            "--seed",
            "7",
            "--screenshot",
            r"C:\end.png",
        ],
        GAME_TIMEOUT,
    )
    check(ended.returncode == 0, f"the demo hand exited {ended.returncode}:\n{ended.stderr}")
    end = load(prefix.unix(r"C:\end.png"))
    check(felt_fraction(end) > 0.5, "the demo hand's last frame is not the table")
    check((profile / "profile.sqlite3").is_file(), f"no profile at {profile}")
    say(f"installed game: a demo hand played to its end; the profile is in {profile}")


def uninstall(prefix: Prefix) -> None:
    installed = prefix.unix(INSTALLED)
    uninstallers = sorted(installed.glob("unins*.exe"))
    check(bool(uninstallers), "no uninstaller")
    program = f"{INSTALLED}\\{uninstallers[0].name}"
    result = prefix.run([program, "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART"], 600)
    check(result.returncode == 0, f"the uninstaller exited {result.returncode}")
    exe = installed / f"{project_info.APP_ID}.exe"
    wait_for(lambda: not exe.exists(), 120, "the program removed")  # a copy of it finishes
    profile = profile_folder(prefix) / "profile.sqlite3"
    check(profile.is_file(), "a silent uninstall removed the profile")
    say("uninstalled: the program is gone, the profile is kept")


class WindowsTests:
    """The platform-neutral test files under Windows' Python (the dummy video driver, their
    own profiles)."""

    def __init__(self, prefix: Prefix) -> None:
        command = f"cd /d {SOURCE} && {prefix.python} -m pytest -p no:cacheprovider -q"
        command += " -o addopts= -rs " + " ".join(n.replace("/", "\\") for n in WINDOWS_TESTS)
        command += "".join(f" --deselect {name}" for name in LEFT_OUT)
        # The tests' environment as before the host's SDL and pygame variables were kept out
        env = {"SDL_VIDEODRIVER": "dummy", "PYTHONUTF8": "1", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        self.started = time.perf_counter()
        self.process = prefix.start(["cmd.exe", "/c", command], env=env)
        self.output: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        self.output.extend(self.process.stdout)

    def finish(self, timeout: float = TESTS_TIMEOUT) -> float | None:
        """Wait for the tests; fails unless they passed. Returns their time, or None when they
        did not end in ``timeout`` seconds (a hang seen under Wine now and then: said loudly,
        not counted as a pass nor a failure)."""
        deadline = time.monotonic() + timeout
        status = self.process.poll()
        while status is None and time.monotonic() < deadline and not self.crashed():
            with contextlib.suppress(subprocess.TimeoutExpired):
                status = self.process.wait(timeout=2)
        if status is None:
            self.stop()
            tail = "".join(self.output).rstrip().splitlines()[-5:]
            print("\n".join(tail), flush=True)
            if self.crashed():  # not waited for: Wine's debugger would hold it to the deadline
                say("WARNING: a program faulted under Wine during the tests (above)")
            else:
                say(f"WARNING: the tests under Windows' Python did not end in {timeout:.0f} s")
            say("WARNING: (seen under Wine now and then): they are NOT counted as passed")
            return None
        self.reader.join(timeout=60)
        output = "".join(self.output).rstrip()
        print("\n".join(output.splitlines()[-40:]), flush=True)
        check(status == 0, f"the tests failed under Windows' Python ({status})")
        check(" passed" in output, "no test ran under Windows' Python")
        return time.perf_counter() - self.started

    def crashed(self) -> bool:
        """Whether Wine said a program of the run faulted."""
        return any(CRASHED in line for line in list(self.output))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)


def one_file(prefix: Prefix, program: str) -> None:
    shot = r"C:\onefile.png"
    result = prefix.run(
        demo_start(program, shot, seconds=6, profile=r"C:\onefile-profile"), GAME_TIMEOUT
    )
    output = result.stdout + result.stderr
    check(result.returncode == 0, f"the one-file program exited {result.returncode}:\n{output}")
    check("first frame after" in output, f"no first frame reported:\n{output}")
    say(f"one-file program, table: {check_table(prefix.unix(shot), 'one-file program')}")
    helped = prefix.run([program, "--help"], GAME_TIMEOUT)
    check(helped.returncode == 0, f"--help exited {helped.returncode}")
    check("usage:" in helped.stdout, f"--help printed no usage:\n{helped.stdout}")
    say("one-file program: --help exits 0")


def window_geometry(display: str) -> tuple[int, int, int, int] | None:
    """x, y, width and height of the game's window on the X display (its drawing area), or
    None while there is none."""
    env = dict(os.environ, DISPLAY=display)
    found = subprocess.run(
        ["xdotool", "search", "--name", f"^{project_info.APP_NAME}$"],
        env=env,
        capture_output=True,
        text=True,
    ).stdout.split()
    if not found:
        return None
    said = subprocess.run(
        ["xdotool", "getwindowgeometry", "--shell", found[-1]],
        env=env,
        capture_output=True,
        text=True,
    ).stdout
    values = dict(line.split("=", 1) for line in said.split() if "=" in line)
    try:
        return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])
    except (KeyError, ValueError):
        return None


def at_150_percent(prefix: Prefix, program: str, display: str) -> None:
    """Windows at 150 % (LogPixels 144) on a 1920x1080 screen, i.e. 1280x720 in scaled units:
    the first window must fit with its title bar, and be drawn at its real pixel size."""
    desktop = r"Control Panel\Desktop"
    prefix.run_checked(
        ["reg", "add", f"HKCU\\{desktop}", "/v", "LogPixels", "/t", "REG_DWORD", "/d", "144", "/f"]
    )
    # Wine reads the DPI when a program starts. Its server, left to end by itself rather than
    # killed, writes the registry to user.reg: the value is checked there before the game.
    prefix.wait_for_wineserver()
    saved = prefix.saved_user_value(desktop, "LogPixels")
    check(saved == "dword:00000090", f"Wine did not keep LogPixels 144 (user.reg: {saved})")
    shot = r"C:\dpi150.png"
    game = prefix.start(demo_start(program, shot, seconds=20, profile=r"C:\dpi-profile"))
    try:
        x, y, shown_w, shown_h = seen_window(game, display)
        output, _ = game.communicate(timeout=GAME_TIMEOUT)
    finally:
        if game.poll() is None:
            game.kill()
    check(game.returncode == 0, f"the game at 150 % exited {game.returncode}:\n{output}")
    surface = load(prefix.unix(shot))
    width, height = surface.get_size()
    check((width, height) == (shown_w, shown_h), f"drawn {width}x{height}, shown scaled")
    check(x >= 0 and y >= 0, f"the window starts off screen ({x}, {y})")
    check(x + width <= 1920 and y + height <= 1080, f"the window leaves the screen ({x}, {y})")
    # Wine on a bare X server draws no frame: room is left for Windows' (display.FRAME).
    frame_w, frame_h = (round(n * 1.5) for n in FRAME)
    logical = ((width + frame_w) / 1.5, (height + frame_h) / 1.5)
    check(logical[0] <= 1280 and logical[1] <= 720, f"larger than 1280x720 at 150 %: {logical}")
    check(width > 1280, f"{width}x{height}: not scaled up for 150 %")
    table = check_table(prefix.unix(shot), "the game at 150 %")
    say(f"150 % (LogPixels 144): window {width}x{height} at ({x}, {y}), drawn at its size; {table}")


def seen_window(game: subprocess.Popen[str], display: str) -> tuple[int, int, int, int]:
    """The game's window geometry on the X display once its table is dealt, and a picture of
    the screen in dist/windows/. Fails when the game shows no window (as when it inherited
    SDL_VIDEODRIVER=dummy: it drew 1280x800 off screen)."""
    deadline = time.monotonic() + GAME_TIMEOUT
    while (geometry := window_geometry(display)) is None:
        check(game.poll() is None, "the game at 150 % ended without showing a window")
        check(time.monotonic() < deadline, "no window at 150 %")
        time.sleep(0.5)
    time.sleep(4)  # the table dealt
    root = ROOT / "dist" / "windows" / "screen-150-percent.png"
    subprocess.run(
        ["import", "-window", "root", str(root)],
        env=dict(os.environ, DISPLAY=display),
        check=False,
        capture_output=True,
    )
    return window_geometry(display) or geometry


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep-prefix", action="store_true", help="leave the Wine prefix")
    parser.add_argument(
        "--prefix",
        type=Path,
        help="use this folder for the prefix and keep it; when it holds a build already, test"
        " that build (to work on this script; CI starts from a new prefix)",
    )
    parser.add_argument("--no-tests", action="store_true", help="skip the Windows test files")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # Xvfb and Wine stopped on the way
    info = project_info.read(ROOT)
    timings: dict[str, float] = {}
    start = step = time.perf_counter()

    def done(name: str) -> None:
        nonlocal step
        timings[name] = time.perf_counter() - step
        step = time.perf_counter()

    folder = args.prefix or Path(tempfile.mkdtemp(prefix="dame-wine-"))
    folder.mkdir(parents=True, exist_ok=True)
    keep = args.keep_prefix or args.prefix is not None
    prefix = None
    tests: WindowsTests | None = None
    try:
        env_folder = windows_wine.environment(log=say)
        done("environment")
        with xvfb() as display:
            prefix = Prefix(folder / "prefix", env_folder, display)
            again = not (prefix.unix(SOURCE) / "dist").is_dir()
            if again:
                copy_source(prefix)
            done("prefix")
            built = build(prefix, info, again)
            done("build")
            program = install(prefix, built["setup"])
            say(f"installed; the Start-menu shortcut starts {program}")
            play_installed(prefix, program)
            uninstall(prefix)
            done("install, play, uninstall")
            one_file(prefix, built["onefile"])
            done("one-file program")
            if not args.no_tests:  # alone: beside the build, its cmd.exe once kept its pipe open
                tests = WindowsTests(prefix)
                took = tests.finish()
                done("tests")
                if took is not None:
                    say(f"the tests under Windows' Python passed in {took:.0f} s")
        # 150 %: Wine stopped, the DPI set before its next start, on a new X server
        prefix.shut_down()
        with xvfb() as display:
            prefix.display = display
            at_150_percent(prefix, built["onefile"], display)
            done("150 %")
    except (StageFailed, WineError, subprocess.TimeoutExpired, OSError) as error:
        print(f"windows-ci: FAILED: {error}", file=sys.stderr, flush=True)
        return 1
    finally:
        if tests is not None:
            tests.stop()
        if prefix is not None:
            prefix.shut_down()
        if keep:
            say(f"the Wine prefix is kept in {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    timings["total"] = time.perf_counter() - start
    say("passed: " + ", ".join(f"{name} {seconds:.0f} s" for name, seconds in timings.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
