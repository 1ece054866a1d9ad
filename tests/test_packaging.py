"""Tests of the built program and of the installed .deb (run by tools/ci_package.sh).

Skipped in the normal test run: they need a build. Point them at one with
    DAME_BUILT_EXE=dist/dame-de-pique-<version>-linux-x86_64   the program to smoke-test
    DAME_BUILT_DEB=dist/dame-de-pique_<version>_amd64.deb       the package for the end-to-end test
                                                                (root, apt, Xvfb, xdotool, import)
"""

from __future__ import annotations

import configparser
import ctypes
import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "dame-de-pique"
SUITS = "♠♥♦♣"
DEMO_TIMEOUT = 300  # seconds: a generous bound for one AI hand on a loaded 2-core machine

BUILT_EXE = os.environ.get("DAME_BUILT_EXE")
BUILT_DEB = os.environ.get("DAME_BUILT_DEB")
APP_MISSING = not (ROOT / "scenes" / "app.py").is_file()

needs_app = pytest.mark.skipif(
    APP_MISSING, reason="scenes/app.py does not exist yet: nothing to build a game from"
)
needs_exe = pytest.mark.skipif(
    not BUILT_EXE, reason="no built program: set DAME_BUILT_EXE (tools/ci_package.sh does)"
)


def dummy_sdl_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.update(extra)
    return env


# --- looking at screenshots ---------------------------------------------------------------------


def load_png(path: Path):  # -> pygame.Surface (pygame imported lazily: this module is collected
    import pygame  # by every test run and must stay cheap when skipped)

    return pygame.image.load(str(path))


def green_felt_fraction(surface) -> float:
    """Share of sampled pixels that are felt green (green well above red and blue)."""
    width, height = surface.get_size()
    samples = green = 0
    for y in range(0, height, 6):
        for x in range(0, width, 6):
            r, g, b, *_ = surface.get_at((x, y))
            samples += 1
            green += g >= 60 and g > r + 25 and g > b + 15
    return green / samples


def red_symbols(surface) -> list[tuple[int, int, float]]:
    """Filled red shapes (heart and diamond symbols): (width, height, share of the box filled).

    A missing glyph is drawn as an empty box, which fills much less of its bounding box than a
    heart (about 0.7) or a diamond (about 0.5), so only solid shapes count."""
    import pygame

    mask = pygame.mask.from_threshold(surface, (203, 45, 45, 255), (53, 46, 46, 255))
    found = []
    for part in mask.connected_components(minimum=12):
        box = part.get_bounding_rects()[0]
        fill = part.count() / (box.width * box.height)
        if 5 <= box.height <= 120 and 0.5 <= box.width / box.height <= 1.6 and fill >= 0.45:
            found.append((box.width, box.height, round(fill, 2)))
    return found


# --- the built program --------------------------------------------------------------------------


def bundled_font(exe: Path) -> bytes:
    """The regular font inside the built program: from a one-file archive, or beside a
    one-folder / .app executable."""
    name = "assets/fonts/DejaVuSans.ttf"
    for folder in (exe.parent / "_internal", exe.parent.parent / "Resources", exe.parent):
        if (folder / name).is_file():
            return (folder / name).read_bytes()
    from PyInstaller.archive.readers import CArchiveReader

    archive = CArchiveReader(str(exe))
    assert name in archive.toc, f"{name} is not inside {exe}"
    return archive.extract(name)


@needs_exe
def test_built_program_ships_the_font_that_draws_the_suits(tmp_path: Path) -> None:
    import pygame

    font_file = tmp_path / "DejaVuSans.ttf"
    font_file.write_bytes(bundled_font(Path(BUILT_EXE)))
    assert font_file.read_bytes() == (ROOT / "assets/fonts/DejaVuSans.ttf").read_bytes()
    pygame.font.init()
    font = pygame.font.Font(str(font_file), 40)
    missing = font.render("\ue000", True, (0, 0, 0), (255, 255, 255))  # no glyph: the box
    box = pygame.image.tobytes(missing, "RGB")
    for suit in SUITS:
        drawn = font.render(suit, True, (0, 0, 0), (255, 255, 255))
        same_size = drawn.get_size() == missing.get_size()
        assert not (same_size and pygame.image.tobytes(drawn, "RGB") == box), suit


def run_built(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    assert BUILT_EXE
    result = subprocess.run(
        [BUILT_EXE, *args],
        env=env or dummy_sdl_env(),
        capture_output=True,
        text=True,
        timeout=DEMO_TIMEOUT,
    )
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.mark.slow
@needs_exe
@needs_app
def test_built_program_plays_a_demo_hand_and_exits_0(tmp_path: Path) -> None:
    shot = tmp_path / "end.png"
    run_built(
        *("--demo", "--hands", "1", "--seed", "7", "--speed", "fast"),
        *("--screenshot", str(shot), "--profile", str(tmp_path / "profile")),
    )
    assert shot.is_file(), "no screenshot written"
    assert green_felt_fraction(load_png(shot)) > 0.5


@needs_exe
@needs_app
def test_built_program_draws_the_table_with_its_cards(tmp_path: Path) -> None:
    """Three seconds into a demo the hands are dealt: felt, white cards, red suit symbols."""
    shot = tmp_path / "table.png"
    run_built(
        *("--demo", "--seed", "7", "--exit-after", "3", "--report-startup"),
        *("--screenshot", str(shot), "--profile", str(tmp_path / "profile")),
    )
    surface = load_png(shot)
    assert green_felt_fraction(surface) > 0.3
    symbols = red_symbols(surface)
    assert len(symbols) >= 4, f"too few red suit symbols on the table: {symbols}"


@needs_exe
def test_built_program_carries_the_version_of_pyproject() -> None:
    """importlib.metadata.version("dame-de-pique") works in the build (the About box uses it)."""
    import tomllib

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    name = f"dame_de_pique-{version}.dist-info/METADATA"
    exe = Path(BUILT_EXE)
    for folder in (exe.parent / "_internal", exe.parent.parent / "Resources"):
        if (folder / name).is_file():
            metadata = (folder / name).read_text()
            break
    else:
        from PyInstaller.archive.readers import CArchiveReader

        archive = CArchiveReader(str(exe))
        assert name in archive.toc, f"{name} is not inside {exe}"
        metadata = archive.extract(name).decode()
    assert f"Version: {version}\n" in metadata


@needs_exe
@needs_app
def test_built_program_plays_its_sounds_on_an_audio_device(tmp_path: Path) -> None:
    """SDL's disk audio driver writes what the game plays to a file: it must not be silence."""
    output = tmp_path / "audio.raw"
    run_built(
        *("--demo", "--seed", "7", "--exit-after", "4", "--profile", str(tmp_path / "profile")),
        env=dummy_sdl_env(SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(output)),
    )
    assert output.is_file(), "the audio device was never opened"
    assert output.read_bytes().strip(b"\0"), "only silence was played"


@needs_exe
def test_built_program_rejects_a_bad_option_without_a_traceback() -> None:
    result = subprocess.run(
        [BUILT_EXE, "--no-such-option"],
        env=dummy_sdl_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    if sys.platform.startswith("linux"):  # windowed builds (Windows, macOS) have no stderr
        assert "--no-such-option" in result.stderr


# --- the installed .deb under Xvfb --------------------------------------------------------------

E2E_TOOLS = ("Xvfb", "xdotool", "import", "apt-get", "dpkg-query")
e2e_reason = (
    "no package: set DAME_BUILT_DEB (tools/ci_package.sh does)"
    if not BUILT_DEB
    else "installing the .deb needs root"
    if hasattr(os, "geteuid") and os.geteuid() != 0
    else "missing tools: " + ", ".join(t for t in E2E_TOOLS if shutil.which(t) is None)
    if any(shutil.which(t) is None for t in E2E_TOOLS)
    else ""
)
needs_deb = pytest.mark.skipif(bool(e2e_reason), reason=e2e_reason)


class XClientMessageEvent(ctypes.Structure):
    _fields_ = (
        ("type", ctypes.c_int),
        ("serial", ctypes.c_ulong),
        ("send_event", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("window", ctypes.c_ulong),
        ("message_type", ctypes.c_ulong),
        ("format", ctypes.c_int),
        ("data", ctypes.c_long * 5),
    )


class XEvent(ctypes.Union):
    _fields_ = (("xclient", XClientMessageEvent), ("pad", ctypes.c_long * 24))


def send_wm_delete_window(display: str, window: int) -> None:
    """Ask a window to close the way a window manager's close button does: the ICCCM
    WM_PROTOCOLS / WM_DELETE_WINDOW client message (SDL turns it into SDL_QUIT).
    `xdotool windowclose` would destroy the window instead, which no real user does."""
    xlib = ctypes.CDLL("libX11.so.6")
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = (ctypes.c_char_p,)
    xlib.XInternAtom.restype = ctypes.c_ulong
    xlib.XInternAtom.argtypes = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int)
    xlib.XSendEvent.argtypes = (
        ctypes.c_void_p,
        ctypes.c_ulong,
        ctypes.c_int,
        ctypes.c_long,
        ctypes.POINTER(XEvent),
    )
    xlib.XFlush.argtypes = xlib.XCloseDisplay.argtypes = (ctypes.c_void_p,)
    connection = xlib.XOpenDisplay(display.encode())
    assert connection, f"cannot open X display {display}"
    try:
        event = XEvent()
        event.xclient.type = 33  # ClientMessage
        event.xclient.window = window
        event.xclient.message_type = xlib.XInternAtom(connection, b"WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data[0] = xlib.XInternAtom(connection, b"WM_DELETE_WINDOW", 0)
        event.xclient.data[1] = 0  # CurrentTime
        assert xlib.XSendEvent(connection, window, 0, 0, ctypes.byref(event))
        xlib.XFlush(connection)
    finally:
        xlib.XCloseDisplay(connection)


@pytest.fixture
def xvfb() -> Iterator[str]:
    """A private X server; yields its display name (":N")."""
    number = next(n for n in range(90, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    display = f":{number}"
    server = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                break
            time.sleep(0.1)
        else:
            pytest.fail("Xvfb did not start")
        yield display
    finally:
        server.terminate()
        server.wait(timeout=10)


def xdotool(display: str, *args: str, timeout: float = 5) -> str:
    """One xdotool call, bounded: some of its commands can hang without a window manager."""
    result = subprocess.run(
        ["timeout", str(timeout), "xdotool", *args],
        env=dict(os.environ, DISPLAY=display),
        capture_output=True,
        text=True,
    )
    return result.stdout.strip()


def wait_for_window(display: str, game: subprocess.Popen, seconds: float = 60) -> int:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if game.poll() is not None:
            pytest.fail(f"the game exited with {game.returncode} before showing its window")
        found = xdotool(display, "search", "--onlyvisible", "--class", APP_ID).split()
        if found:
            return int(found[0])
        time.sleep(0.25)
    pytest.fail(f"no visible {APP_ID} window after {seconds} s")


def desktop_exec(entry: Path) -> list[str]:
    """The command of a .desktop entry's Exec key, field codes (%f, %U, ...) dropped."""
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(entry, encoding="utf-8")
    words = shlex.split(parser["Desktop Entry"]["Exec"])
    return [w for w in words if not (len(w) == 2 and w.startswith("%"))]


def installed_packages() -> set[str]:
    listing = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Package}:${db:Status-Status}\\n"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {line.split(":")[0] for line in listing.splitlines() if line.endswith(":installed")}


def apt_get(*args: str) -> None:
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    result = subprocess.run(
        ["apt-get", "-y", "-q", *args], env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, f"apt-get {' '.join(args)} failed:\n{result.stderr}"


def screenshot(display: str, path: Path) -> None:
    subprocess.run(
        ["timeout", "20", "import", "-window", "root", str(path)],
        env=dict(os.environ, DISPLAY=display),
        check=True,
    )


ROW_FINDER = """
import json, sys
from pathlib import Path
from scenes.app import App, Options
from scenes.new_game import NewGameScene

app = App(Options(profile=Path(sys.argv[1]), size=(int(sys.argv[2]), int(sys.argv[3]))))
app.start()
def centres(scene):
    return {row.label: rect.center for row, rect in zip(scene.form.rows, scene.form.rects)}
menu = centres(app.stack.top)
app.stack.push(NewGameScene(app))
print(json.dumps({"menu": menu, "new game": centres(app.stack.top)}))
"""


def menu_row_centres(size: tuple[int, int], profile: Path) -> dict[str, dict[str, list[int]]]:
    """Where the menu's and the new-game screen's rows are in a window of ``size`` with a fresh
    profile, asked of the game's own layout code (headless), so the clicks follow the design."""
    result = subprocess.run(
        [sys.executable, "-c", ROW_FINDER, str(profile), str(size[0]), str(size[1])],
        cwd=ROOT,
        env=dummy_sdl_env(PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(result.stdout.splitlines()[-1])


def window_size(display: str, window: int) -> tuple[int, int]:
    shape = xdotool(display, "getwindowgeometry", "--shell", str(window))
    values = dict(line.split("=", 1) for line in shape.splitlines() if "=" in line)
    return int(values["WIDTH"]), int(values["HEIGHT"])


def click(display: str, window: int, point: Sequence[int]) -> None:
    x, y = point
    xdotool(display, "mousemove", "--window", str(window), str(x), str(y))
    time.sleep(0.3)  # the game sees the pointer arrive before the button
    xdotool(display, "click", "1")
    time.sleep(1.0)  # the next screen appears


def play_into_a_game(display: str, window: int, scratch: Path) -> None:
    """Click "New game" in the menu, then "Start", as a person would."""
    rows = menu_row_centres(window_size(display, window), scratch)
    click(display, window, rows["menu"]["New game"])
    click(display, window, rows["new game"]["Start"])
    time.sleep(3)  # the deal


@pytest.mark.xvfb
@pytest.mark.slow
@needs_deb
@needs_app
def test_deb_installs_plays_from_the_menu_entry_and_purges_clean(xvfb: str, tmp_path: Path) -> None:
    from game.profile import PROFILE_FILE, Profile

    deb = Path(BUILT_DEB).resolve()
    before = installed_packages()
    assert APP_ID not in before, f"{APP_ID} is already installed: purge it first"

    apt_get("install", str(deb))  # as a person would: `apt install ./dame-de-pique_*.deb`
    added = installed_packages() - before
    try:
        owned = subprocess.run(
            ["dpkg", "-L", APP_ID], capture_output=True, text=True, check=True
        ).stdout.split()
        entry = Path(f"/usr/share/applications/{APP_ID}.desktop")
        assert Path(f"/usr/bin/{APP_ID}").exists()
        assert list(Path("/usr/share/icons/hicolor").glob(f"*/apps/{APP_ID}.png"))
        assert Path(f"/usr/share/doc/{APP_ID}/copyright").is_file()

        # Launch it the way the applications menu does, in a fresh home folder.
        home = tmp_path / "home"
        home.mkdir()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "XDG_"))}
        env.update(DISPLAY=xvfb, HOME=str(home))
        log = (tmp_path / "game.log").open("w")
        game = subprocess.Popen(
            desktop_exec(entry), env=env, cwd=home, stdout=log, stderr=subprocess.STDOUT
        )
        try:
            window = wait_for_window(xvfb, game)
            play_into_a_game(xvfb, window, tmp_path / "layout-profile")
            shot = tmp_path / "installed-game.png"
            screenshot(xvfb, shot)
            assert green_felt_fraction(load_png(shot)) > 0.3
            send_wm_delete_window(xvfb, window)
            assert game.wait(timeout=30) == 0, (tmp_path / "game.log").read_text()
        finally:
            if game.poll() is None:
                game.kill()
                game.wait()
            log.close()

        profile_dir = home / ".local/share" / APP_ID
        assert (profile_dir / PROFILE_FILE).is_file(), sorted(home.rglob("*"))
        assert Profile.open(profile_dir).has_game(), "no game saved to continue"
    finally:
        apt_get("purge", APP_ID, *sorted(added - {APP_ID}))

    assert installed_packages() == before
    left = [path for path in owned if Path(path).exists() and not Path(path).is_dir()]
    assert not left, f"files left after purge: {left}"
    for folder in (f"/usr/lib/{APP_ID}", f"/usr/share/doc/{APP_ID}"):
        assert not Path(folder).exists(), f"{folder} left after purge"
    assert (profile_dir / PROFILE_FILE).is_file(), "removing the package touched the profile"
