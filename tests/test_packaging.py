"""Tests of the built program and of the installed .deb (run by tools/ci_package.sh).

The tests of the build tools (licence collector, ISCC finder, asked-for outputs) run in every
test run. The others need a build and are skipped without one. Point them at it with
    DAME_BUILT_EXE=dist/dame-de-pique-<version>-linux-x86_64   the program to smoke-test
    DAME_BUILT_ONEDIR=dist/dame-de-pique-folder                the one-folder program (licences,
                                                                glibc floor)
    DAME_BUILT_DEB=dist/dame-de-pique_<version>_amd64.deb       the package for the end-to-end test
                                                                (root, apt, Xvfb, xdotool, import)
    DAME_BUILT_SETUP=dist/dame-de-pique-<version>-setup.exe     Windows: silent install, demo,
                                                                silent uninstall
    DAME_BUILT_DMG=dist/dame-de-pique-<version>-macos-<arch>.dmg
                                                                macOS: mount, copy the .app, demo
"""

from __future__ import annotations

import configparser
import ctypes
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    import pygame

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "dame-de-pique"
SUITS = "♠♥♦♣"
DEMO_TIMEOUT = 300  # seconds: a generous bound for one AI hand on a loaded 2-core machine

BUILT_EXE = os.environ.get("DAME_BUILT_EXE", "")
BUILT_ONEDIR = os.environ.get("DAME_BUILT_ONEDIR", "")
BUILT_DEB = os.environ.get("DAME_BUILT_DEB", "")
BUILT_SETUP = os.environ.get("DAME_BUILT_SETUP", "")
BUILT_DMG = os.environ.get("DAME_BUILT_DMG", "")
APP_MISSING = not (ROOT / "scenes" / "core" / "app.py").is_file()

needs_app = pytest.mark.skipif(
    APP_MISSING, reason="scenes/core/app.py does not exist yet: nothing to build a game from"
)
needs_exe = pytest.mark.skipif(
    not BUILT_EXE, reason="no built program: set DAME_BUILT_EXE (tools/ci_package.sh does)"
)
needs_onedir = pytest.mark.skipif(
    not BUILT_ONEDIR,
    reason="no one-folder build: set DAME_BUILT_ONEDIR (tools/ci_package.sh does)",
)
LICENCES = "licences/THIRD-PARTY-LICENSES.txt"


def dummy_sdl_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.update(extra)
    return env


# --- looking at screenshots ---------------------------------------------------------------------


def load_png(path: Path) -> pygame.Surface:  # pygame imported lazily: this module is collected
    import pygame  # by every test run and must stay cheap when skipped

    return pygame.image.load(str(path))


def green_felt_fraction(surface: pygame.Surface) -> float:
    """Share of sampled pixels that are felt green (green well above red and blue)."""
    width, height = surface.get_size()
    samples = green = 0
    for y in range(0, height, 6):
        for x in range(0, width, 6):
            r, g, b, *_ = surface.get_at((x, y))
            samples += 1
            green += g >= 60 and g > r + 25 and g > b + 15
    return green / samples


def red_symbols(surface: pygame.Surface) -> list[tuple[int, int, float]]:
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


def stored_name(toc: Iterable[str], name: str) -> str | None:
    """The one-file archive's own name for ``name`` (written with ``/``): PyInstaller joins
    the names it stores with the system's separator, ``\\`` on Windows."""
    return next((stored for stored in toc if stored.replace("\\", "/") == name), None)


def onefile_reader(exe: Path) -> Any:  # PyInstaller's CArchiveReader (imported lazily)
    from PyInstaller.archive.readers import CArchiveReader

    return CArchiveReader(str(exe))


def extract_from_onefile(
    exe: Path, name: str, reader: Callable[[Path], Any] = onefile_reader
) -> bytes:
    archive = reader(exe)
    stored = stored_name(archive.toc, name)
    assert stored is not None, f"{name} is not inside {exe}"
    data: bytes = archive.extract(stored)
    return data


def bundled_font(exe: Path) -> bytes:
    """The regular font inside the built program: from a one-file archive, or beside a
    one-folder / .app executable."""
    name = "assets/fonts/DejaVuSans.ttf"
    for folder in (exe.parent / "_internal", exe.parent.parent / "Resources", exe.parent):
        if (folder / name).is_file():
            return (folder / name).read_bytes()
    return extract_from_onefile(exe, name)


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
    result = run_built(
        *("--demo", "--seed", "7", "--exit-after", "3", "--report-startup"),
        *("--screenshot", str(shot), "--profile", str(tmp_path / "profile")),
    )
    # The engine's hot modules run compiled in the program (tools/compile_engine.py).
    compiled = (
        "game.ai.playout, game.engine.deal, game.engine.events, game.engine.hand, "
        "game.engine.legality, game.engine.match, game.engine.points"
    )
    assert f"compiled engine modules: {compiled}" in result.stdout
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
        metadata = extract_from_onefile(exe, name).decode()
    assert f"Version: {version}\n" in metadata


@needs_exe
@needs_app
def test_built_program_plays_its_sounds_on_an_audio_device(tmp_path: Path) -> None:
    """SDL's disk audio driver writes what the game plays to a file: it must not be silence.

    A whole demo hand (not a few seconds, which a loaded machine may spend before the first
    card is played): the system's libstdc++ that SDL_mixer's fluidsynth loads, no longer
    bundled, must work."""
    output = tmp_path / "audio.raw"
    run_built(
        *("--demo", "--hands", "1", "--seed", "7", "--speed", "fast"),
        *("--profile", str(tmp_path / "profile")),
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


# --- the build tools (no build needed) ----------------------------------------------------------


def tool(name: str) -> ModuleType:
    """tools/<name>.py, loaded under a name of its own."""
    import importlib.util

    for folder in ("tools", "packaging"):
        if str(ROOT / folder) not in sys.path:
            sys.path.insert(0, str(ROOT / folder))
    spec = importlib.util.spec_from_file_location(
        f"dame_tool_{name}", ROOT / "tools" / f"{name}.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def vendored_library(prefix: str) -> Path:
    """A library the installed pygame-ce wheel vendors (auditwheel's pygame_ce.libs/)."""
    import pygame

    folder = Path(pygame.__file__).parent.parent / "pygame_ce.libs"
    found = sorted(folder.glob(f"{prefix}-*")) if folder.is_dir() else []
    if not found:
        pytest.skip(f"this pygame-ce wheel keeps no {prefix} in {folder}")
    return found[0]


def texts_of(component: Any) -> str:
    return "\n".join(text for _, text in component.texts)


def test_licences_trace_each_kind_of_bundled_file_to_its_own_text() -> None:
    import json as json_module

    import pygame

    licences = tool("third_party_licences")
    sdl = vendored_library("libSDL2-2")
    extension = next(Path(pygame.__file__).parent.glob("base.*"))
    Entry = licences.Entry
    entries = [
        Entry(f"pygame_ce.libs/{sdl.name}", sdl, "BINARY"),
        Entry(f"pygame/{extension.name}", extension, "EXTENSION"),
        Entry("json", Path(json_module.__file__), "PYMODULE"),
        Entry("scenes.core.app", ROOT / "scenes" / "core" / "app.py", "PYMODULE"),
        Entry("assets/fonts/DejaVuSans.ttf", ROOT / "assets/fonts/DejaVuSans.ttf", "DATA"),
    ]
    by_file = {name: c for c in licences.collect(entries) for name in c.files}
    # Each text is recognised by words only that licence holds, not by what the collector says.
    assert "Sam Lantinga" in texts_of(by_file[entries[0].dest])  # SDL's zlib licence
    assert by_file[entries[0].dest].licence == "Zlib"
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in texts_of(by_file[entries[1].dest])
    assert by_file[entries[1].dest].name.startswith("pygame-ce ")
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in texts_of(by_file["json"])
    assert "Permission is hereby granted, free of charge" in texts_of(by_file["scenes.core.app"])
    assert "Bitstream Vera" in texts_of(by_file["assets/fonts/DejaVuSans.ttf"])


@pytest.mark.skipif(shutil.which("dpkg-query") is None, reason="needs a Debian system (dpkg)")
def test_licences_of_a_system_library_come_from_its_debian_copyright_file() -> None:
    licences = tool("third_party_licences")
    libz = next(
        (p for p in sorted(Path("/").glob("*/lib/*-linux-gnu/libz.so.1")) if p.is_file()), None
    ) or next((p for p in sorted(Path("/lib").glob("*-linux-gnu/libz.so.1")) if p.is_file()), None)
    if libz is None:
        pytest.skip("no libz.so.1 in the system library folders")
    (component,) = licences.collect([licences.Entry("libz.so.1", libz, "BINARY")])
    assert component.name.startswith("zlib1g ")
    assert "Jean-loup Gailly" in texts_of(component)


def test_compiled_game_modules_are_the_game_s_and_mypyc_s_runtime_is_mypy_s(
    tmp_path: Path,
) -> None:
    """Modules compiled with mypyc sit beside game/*.py; the shared module mypyc builds also
    holds mypyc's runtime library, which is mypy's (MIT)."""
    pytest.importorskip("mypy")
    licences = tool("third_party_licences")
    project = tmp_path / "project"
    (project / "game").mkdir(parents=True)
    (project / "LICENSE").write_text("MIT License\nPermission is hereby granted, free of charge")
    module = project / "game" / "hand.cpython-311-x86_64-linux-gnu.so"
    runtime = project / "abc123__mypyc.cpython-311-x86_64-linux-gnu.so"
    for path in (module, runtime):
        path.write_bytes(b"\x7fELF")
    entries = [
        licences.Entry("game/" + module.name, module, "EXTENSION"),
        licences.Entry(runtime.name, runtime, "EXTENSION"),
    ]
    components = licences.collect(entries, project_root=project)
    owners = {c.name.split(" ")[0]: c.files for c in components}
    assert owners["Dame"] == {e.dest for e in entries}
    assert owners["mypy"] == {runtime.name}


def test_a_vendored_library_without_a_licence_text_stops_the_build() -> None:
    licences = tool("third_party_licences")
    sdl = vendored_library("libSDL2-2")
    stranger = licences.Entry("pygame_ce.libs/libnewcodec-1a2b3c4d.so.1.0", sdl, "BINARY")
    with pytest.raises(licences.MissingLicence, match=r"libnewcodec-1a2b3c4d\.so\.1\.0.*newcodec"):
        licences.collect([stranger])


def test_a_bundled_file_nothing_explains_stops_the_build(tmp_path: Path) -> None:
    licences = tool("third_party_licences")
    stray = tmp_path / "libstray.so.1"
    stray.write_bytes(b"\x7fELF")
    with pytest.raises(licences.MissingLicence, match=r"libstray\.so\.1"):
        licences.collect([licences.Entry("libstray.so.1", stray, "BINARY")])


def test_the_licence_file_lists_every_file_and_gives_each_text_once() -> None:
    licences = tool("third_party_licences")
    same = "The same text, word for word."
    components = [
        licences.Component("first", "X", "here", [("a", same)], {"lib/a.so"}),
        licences.Component("second", "X", "there", [("b", same), ("c", "Another text.")], {"b"}),
    ]
    text = licences.render(components, "Program 1.0")
    assert text.count(same) == 1
    assert "Another text." in text
    assert "the same text as under [1] above" in text
    assert "      lib/a.so\n" in text and "      b\n" in text


def test_iscc_is_found_on_path_or_in_inno_setup_7_or_6_folders() -> None:
    build = tool("build")
    x86, x64, local = r"C:\Program Files (x86)", r"C:\Program Files", r"C:\Users\me\AppData\Local"
    environ = {"ProgramFiles(x86)": x86, "ProgramFiles": x64, "LOCALAPPDATA": local}

    def finder(*present: Path, on_path: str | None = None) -> Path | None:
        found: Path | None = build.find_iscc(
            environ, which=lambda name: on_path, is_file=lambda path: path in set(present)
        )
        return found

    seven = Path(x86) / "Inno Setup 7" / "ISCC.exe"
    six_64 = Path(x64) / "Inno Setup 6" / "ISCC.exe"
    per_user = Path(local) / "Programs" / "Inno Setup 6" / "ISCC.exe"
    assert finder(seven) == seven
    assert finder(six_64) == six_64
    assert finder(per_user) == per_user
    assert finder(seven, on_path=r"D:\tools\ISCC.exe") == Path(r"D:\tools\ISCC.exe")
    assert finder() is None


def test_a_windows_build_without_iscc_fails_instead_of_skipping_the_installer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    build = tool("build")
    monkeypatch.setattr(build, "find_iscc", lambda: None)
    monkeypatch.setattr(build.sys, "platform", "win32")
    with pytest.raises(build.BuildError, match="ISCC"):
        build.build_installer(build.project_info.read(ROOT))


def fake_outputs(build: ModuleType, info: object, only: str | None = None) -> None:
    """What PyInstaller would have left in DIST (empty files are enough for the check)."""
    exe = build.DIST / build.project_info.onefile_name(info)
    onedir = build.DIST / build.project_info.ONEDIR_NAME
    for path in (exe, onedir / build.project_info.APP_ID, onedir / "_internal" / LICENCES):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux outputs")
def test_the_build_fails_when_an_asked_for_output_was_not_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    build = tool("build")
    info = build.project_info.read(ROOT)
    monkeypatch.setattr(build, "DIST", tmp_path)
    monkeypatch.setattr(build, "ensure_build_environment", lambda: None)
    monkeypatch.setattr(build, "patched_bootloader", lambda: None)
    monkeypatch.setattr(build, "run_pyinstaller", lambda *a, **k: fake_outputs(build, info))
    made: list[Path] = []

    def installer(info: object, signed: bool = False) -> None:
        """An installer step that made nothing (the old "note: ... exit 0")."""
        return None

    monkeypatch.setattr(build, "build_installer", installer)
    assert build.main([]) == 1
    error = capsys.readouterr().err
    assert "installer" in error and ".deb" in error

    def real_installer(info: object, signed: bool = False) -> Path:
        deb: Path = build.expected_outputs(info, None, installer=True)["installer"]
        deb.write_bytes(b"")
        made.append(deb)
        return deb

    monkeypatch.setattr(build, "build_installer", real_installer)
    assert build.main([]) == 0, capsys.readouterr().err
    assert made and (tmp_path / f"{build.project_info.onefile_name(info)}.tar.gz").is_file()


# --- licences, glibc, noexec and start-up of the built program ------------------------------------

SHARED_LIBRARY = re.compile(r"\.(so(\.\d+)*|dll|dylib|pyd)$")
RULE = "=" * 78


def licence_summary(text: str) -> dict[str, list[str]]:
    """Files listed per component in the licence file's summary; each component must also have
    a section with at least one text, checked here."""
    summary, _, texts = text.partition(f"\n{RULE}\n[1] ")
    assert texts, "the licence file has no texts section"
    listed: dict[str, list[str]] = {}
    for block in re.split(r"\n(?=\[\d+\] )", summary)[1:]:
        head, *lines = block.splitlines()
        listed[head] = [line.strip() for line in lines if line.startswith("      ")]
    sections = re.split(rf"\n{RULE}\n(?=\[\d+\] )", "\n" + RULE + "\n[1] " + texts)
    bodies = {s.split("\n", 1)[0]: s for s in sections if s.startswith("[")}
    for head in listed:
        body = bodies.get(head + f"\n{RULE}".split("\n")[0])
        assert body is not None and "\n--- " in body, f"no licence text for {head}"
    return listed


def bundled_libraries_of_onefile(
    exe: Path, reader: Callable[[Path], Any] = onefile_reader
) -> list[str]:
    """The shared libraries inside a one-file program, named with ``/`` like the licence file."""
    archive = reader(exe)
    return sorted(
        name.replace("\\", "/")
        for name, entry in archive.toc.items()
        if entry[-1] == "b" and SHARED_LIBRARY.search(name)
    )


def assert_libraries_licensed(libraries: list[str], text: str) -> None:
    listed = {name for files in licence_summary(text).values() for name in files}
    assert len(libraries) > 10, libraries  # the build really holds libraries: the check ran
    unlicensed = [name for name in libraries if name not in listed]
    assert not unlicensed, f"bundled libraries without a licence entry: {unlicensed}"


@needs_onedir
def test_every_library_of_the_one_folder_program_has_a_licence_entry() -> None:
    internal = Path(BUILT_ONEDIR) / "_internal"
    libraries = sorted(
        p.relative_to(internal).as_posix()
        for p in internal.rglob("*")
        if p.is_file() and not p.is_symlink() and SHARED_LIBRARY.search(p.name)
    )
    text = (internal / LICENCES).read_text(encoding="utf-8")
    assert_libraries_licensed(libraries, text)
    assert "Permission is hereby granted" in (internal / "licences/LICENSE.txt").read_text()


@needs_exe
def test_every_library_of_the_one_file_program_has_a_licence_entry() -> None:
    exe = Path(BUILT_EXE)
    if not exe.is_file() or exe.suffix == ".app":
        pytest.skip("not a one-file program")
    text = extract_from_onefile(exe, LICENCES).decode("utf-8")
    assert_libraries_licensed(bundled_libraries_of_onefile(exe), text)


README_GLIBC = re.compile(r"glibc (\d+\.\d+) or newer")


def readme_glibc_floor() -> tuple[int, ...]:
    found = README_GLIBC.search((ROOT / "README.md").read_text(encoding="utf-8"))
    assert found, "README.md states no minimum glibc ('glibc 2.NN or newer')"
    return tuple(int(n) for n in found.group(1).split("."))


def glibc_needed_by(path: Path) -> tuple[int, ...]:
    """The newest GLIBC_x.y version a file's version-needs section (readelf) asks for.

    readelf (binutils, which PyInstaller itself needs on Linux) reads the ELF version
    requirements directly; no library to install, and an independent reader from the
    objdump-based one make_deb.py uses for the package's libc6 dependency."""
    output = subprocess.run(
        ["readelf", "--version-info", "--wide", str(path)], capture_output=True, text=True
    ).stdout
    needs = output.split("Version needs section", 1)[-1] if "Version needs" in output else ""
    versions = [
        tuple(int(n) for n in v.split(".")) for v in re.findall(r"GLIBC_(\d+(?:\.\d+)+)", needs)
    ]
    return max(versions, default=(0,))


@needs_onedir
@pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("readelf") is None,
    reason="Linux with readelf (binutils)",
)
def test_no_bundled_file_needs_a_newer_glibc_than_the_readme_says() -> None:
    floor = readme_glibc_floor()
    files = [p for p in Path(BUILT_ONEDIR).rglob("*") if p.is_file() and not p.is_symlink()]
    if BUILT_EXE:
        files.append(Path(BUILT_EXE))
    elves = [p for p in files if p.read_bytes()[:4] == b"\x7fELF"]
    assert len(elves) > 20, "too few ELF files: is this the one-folder build?"
    needed = {p: glibc_needed_by(p) for p in elves}
    too_new = {str(p): ".".join(map(str, v)) for p, v in needed.items() if v > floor}
    floor_text = ".".join(map(str, floor))
    assert not too_new, f"files needing more than glibc {floor_text} (README): {too_new}"
    assert max(needed.values()) >= (2, 17), "no GLIBC version read at all: is readelf working?"


def scratch_outside_tmp() -> Path:
    """A folder that a tmpfs mounted over /tmp and /var/tmp does not hide."""
    for base in (ROOT / "build", Path.home()):
        if not str(base.resolve()).startswith(("/tmp", "/var/tmp")):
            base.mkdir(parents=True, exist_ok=True)
            return Path(tempfile.mkdtemp(prefix="noexec-test-", dir=base))
    pytest.skip("no folder outside /tmp and /var/tmp to run the test from")


NOEXEC_SCRIPT = """
set -e
mount -t tmpfs -o noexec,size=512m tmpfs /tmp
mount -t tmpfs -o noexec,size=64m tmpfs /var/tmp
cp /bin/true /tmp/probe
if /tmp/probe 2>/dev/null; then echo "the tmpfs is not noexec" >&2; exit 90; fi
exec "$@"
"""


@needs_exe
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux: noexec mounts")
def test_one_file_program_starts_where_the_temporary_folders_are_noexec() -> None:
    if os.geteuid() != 0:
        pytest.skip("mounting a noexec tmpfs needs root (CI runs as root)")
    if shutil.which("unshare") is None:
        pytest.skip("unshare (util-linux) is missing")
    scratch = scratch_outside_tmp()
    try:
        exe = scratch / "game"
        shutil.copy2(Path(BUILT_EXE).resolve(), exe)  # the program itself may live in /tmp
        home, shot = scratch / "home", scratch / "table.png"
        home.mkdir()
        env = {
            k: v
            for k, v in dummy_sdl_env(HOME=str(home)).items()
            if k not in ("TMPDIR", "TEMP", "TMP", "XDG_CACHE_HOME")
        }
        # A private mount namespace: /tmp and /var/tmp become noexec for this program only.
        result = subprocess.run(
            [
                *("unshare", "--mount", "--propagation", "private", "sh", "-c", NOEXEC_SCRIPT),
                *("sh", str(exe), "--demo", "--seed", "7", "--exit-after", "2"),
                *("--report-startup", "--profile", str(scratch / "profile")),
                *("--screenshot", str(shot)),
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=DEMO_TIMEOUT,
        )
        assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout}\n{result.stderr}"
        assert "first frame" in result.stdout
        assert green_felt_fraction(load_png(shot)) > 0.3
        cache = home / ".cache"
        assert cache.is_dir(), "the program did not fall back to ~/.cache"
        assert not list(cache.glob("_MEI*")), "the unpacked folder was left in ~/.cache"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# HOME as the person left it, inside the same private namespace: unset, a folder that does not
# exist, a read-only one (a tmpfs mounted ro: root ignores permission bits).
NO_FOLDER_CASES = {
    "HOME unset": ("", "HOME is not set"),
    "HOME missing": ("missing", "/.cache cannot be created (No such file or directory)"),
    "HOME read-only": ("read-only", "/.cache cannot be created (Read-only file system)"),
    "HOME relative": ("relative", "HOME is not an absolute path"),
}


@needs_exe
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux: noexec mounts")
@pytest.mark.parametrize("case", list(NO_FOLDER_CASES))
def test_one_file_program_says_which_variable_to_set_when_no_folder_can_run_it(case: str) -> None:
    """Every temporary folder noexec and no usable ~/.cache: one sentence that names TMPDIR and
    is true to the cause (issue 31, item 6), not only PyInstaller's "Could not create temporary
    directory!", and never "mounted noexec" about a home that is missing or read-only."""
    if os.geteuid() != 0:
        pytest.skip("mounting a noexec tmpfs needs root (CI runs as root)")
    if shutil.which("unshare") is None:
        pytest.skip("unshare (util-linux) is missing")
    kind, expected = NO_FOLDER_CASES[case]
    scratch = scratch_outside_tmp()
    try:
        exe = scratch / "game"
        shutil.copy2(Path(BUILT_EXE).resolve(), exe)
        env = {
            k: v
            for k, v in dummy_sdl_env().items()
            if k not in ("TMPDIR", "TEMP", "TMP", "XDG_CACHE_HOME", "HOME")
        }
        home = scratch / "home"
        script = NOEXEC_SCRIPT
        if kind == "missing":
            env["HOME"] = str(scratch / "no-such-folder")
        elif kind == "relative":
            env["HOME"] = "home"
        elif kind == "read-only":
            home.mkdir()
            env["HOME"] = str(home)
            script = script.replace("set -e\n", f"set -e\nmount -t tmpfs -o ro tmpfs {home}\n")
        result = subprocess.run(
            [
                *("unshare", "--mount", "--propagation", "private", "sh", "-c", script),
                *("sh", str(exe), "--version"),
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode != 0
        said = result.stderr
        assert "Cannot unpack this program" in said, said
        assert "set TMPDIR to a folder of your own" in said
        assert "the temporary folders (TMPDIR, /tmp, /var/tmp) do not allow" in said
        assert expected in said, said
        if kind:
            assert "does not allow it either" not in said  # not blamed on noexec
        assert "Traceback" not in said
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


STARTUP_LINE = re.compile(r"first frame after ([\d.]+) s")


@needs_exe
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the clock reads /proc")
def test_report_startup_counts_from_the_launch_unpacking_included(tmp_path: Path) -> None:
    """A one-file program unpacks itself before the game's process starts: the figure it
    prints must still cover the time since the person launched it."""
    gaps = []
    for run in range(3):
        start = time.perf_counter()
        game = subprocess.Popen(
            [
                BUILT_EXE,
                "--exit-after",
                "0",
                "--report-startup",
                "--profile",
                str(tmp_path / str(run)),
            ],
            env=dummy_sdl_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert game.stdout is not None
        printed = None
        for line in game.stdout:
            found = STARTUP_LINE.search(line)
            if found:
                gaps.append(time.perf_counter() - start - float(found.group(1)))
                printed = found.group(1)
                break
        game.stdout.close()
        game.wait(timeout=120)
        assert printed is not None, "no start-up line"
    gap = statistics.median(gaps)
    assert gap < 0.25, f"the printed time leaves out {gap:.2f} s of the launch (gaps {gaps})"


# --- the Windows installer and the macOS disk image (run on those systems' CI runners) ----------


def play_demo_hand(exe: Path, tmp_path: Path) -> None:
    shot = tmp_path / "end.png"
    result = subprocess.run(
        [
            *(str(exe), "--demo", "--hands", "1", "--seed", "7", "--speed", "fast"),
            *("--screenshot", str(shot), "--profile", str(tmp_path / "profile")),
        ],
        env=dummy_sdl_env(),
        capture_output=True,
        text=True,
        timeout=DEMO_TIMEOUT,
    )
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout}\n{result.stderr}"
    assert green_felt_fraction(load_png(shot)) > 0.5


@pytest.mark.slow
@pytest.mark.skipif(
    not (BUILT_SETUP and sys.platform == "win32"),
    reason="needs Windows and DAME_BUILT_SETUP (the workflow's Windows job sets it)",
)
def test_windows_installer_installs_plays_a_hand_and_uninstalls(tmp_path: Path) -> None:
    target = tmp_path / "Dame de pique"
    silent = ["/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART"]
    subprocess.run(
        [str(Path(BUILT_SETUP).resolve()), *silent, f"/DIR={target}"],
        check=True,
        timeout=600,
    )
    exe = target / f"{APP_ID}.exe"
    assert exe.is_file(), sorted(p.name for p in target.iterdir())
    assert (target / "_internal" / LICENCES).is_file()
    play_demo_hand(exe, tmp_path)
    # Started without --profile, the game keeps its profile where platformdirs says, which is
    # what the uninstaller must leave alone: %LOCALAPPDATA%\dame-de-pique.
    start = subprocess.run(
        [str(exe), "--exit-after", "0"], env=dummy_sdl_env(), timeout=DEMO_TIMEOUT, check=False
    )
    assert start.returncode == 0
    profile = Path(os.environ["LOCALAPPDATA"]) / APP_ID / "profile.sqlite3"
    assert profile.is_file(), f"no profile at {profile}"
    uninstallers = sorted(target.glob("unins*.exe"))
    assert uninstallers, "no uninstaller"
    subprocess.run([str(uninstallers[0]), *silent], check=True, timeout=600)
    deadline = time.monotonic() + 120  # the uninstaller hands over to a copy of itself
    while exe.exists() and time.monotonic() < deadline:
        time.sleep(1)
    assert not exe.exists(), "the program is still there after uninstalling"
    assert profile.is_file(), "a silent uninstall without /DELETEPROFILE removed the profile"


@pytest.mark.slow
@pytest.mark.skipif(
    not (BUILT_DMG and sys.platform == "darwin"),
    reason="needs macOS and DAME_BUILT_DMG (the workflow's macOS job sets it)",
)
def test_macos_disk_image_holds_an_app_that_plays_a_hand(tmp_path: Path) -> None:
    mount = tmp_path / "mnt"
    mount.mkdir()
    subprocess.run(
        [
            *("hdiutil", "attach", "-nobrowse", "-readonly", "-mountpoint", str(mount)),
            str(Path(BUILT_DMG).resolve()),
        ],
        check=True,
        timeout=300,
    )
    try:
        apps = sorted(mount.glob("*.app"))
        assert apps, f"no .app in the disk image: {sorted(p.name for p in mount.iterdir())}"
        assert (mount / "Applications").is_symlink()
        app = tmp_path / apps[0].name  # as a person does: drag it out of the image
        subprocess.run(["ditto", str(apps[0]), str(app)], check=True, timeout=300)
    finally:
        subprocess.run(["hdiutil", "detach", str(mount)], timeout=120)
    assert (app / "Contents" / "Resources" / LICENCES).is_file()
    play_demo_hand(app / "Contents" / "MacOS" / APP_ID, tmp_path)


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


def wait_for_window(display: str, game: subprocess.Popen[bytes], seconds: float = 60) -> int:
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
from scenes.core.app import App, Options
from scenes.screens.new_game import NewGameScene
from scenes.screens.welcome import WelcomeScene

app = App(Options(profile=Path(sys.argv[1]), size=(int(sys.argv[2]), int(sys.argv[3]))))
app.start()
def centres(scene):
    return {row.label: rect.center for row, rect in zip(scene.form.rows, scene.form.rects)}
menu = centres(app.stack.top)
app.stack.push(WelcomeScene(app))
welcome = centres(app.stack.top)
app.stack.push(NewGameScene(app))
print(json.dumps({"menu": menu, "welcome": welcome, "new game": centres(app.stack.top)}))
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
    centres: dict[str, dict[str, list[int]]] = json.loads(result.stdout.splitlines()[-1])
    return centres


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
    """Answer the first launch's name question (its OK), then click "New game" in the menu and
    "Start", as a person would."""
    rows = menu_row_centres(window_size(display, window), scratch)
    click(display, window, rows["welcome"]["OK"])
    click(display, window, rows["menu"]["New game"])
    click(display, window, rows["new game"]["Start"])
    time.sleep(3)  # the deal


@pytest.mark.xvfb
@pytest.mark.slow
@needs_deb
@needs_app
def test_deb_installs_plays_from_the_menu_entry_and_purges_clean(xvfb: str, tmp_path: Path) -> None:
    from game.records.profile import PROFILE_FILE, Profile

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
        licences = Path(f"/usr/share/doc/{APP_ID}/THIRD-PARTY-LICENSES.txt")
        assert "SDL" in licences.read_text(encoding="utf-8")  # the link leads to the real file

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


# --- Windows names and line ends, simulated here (issue 32) -----------------------------------


class WindowsArchive:
    """A one-file archive as PyInstaller writes it on Windows: names joined with ``\\``."""

    def __init__(self, files: dict[str, bytes]) -> None:
        import ntpath

        self.files = {ntpath.join(*name.split("/")): data for name, data in files.items()}
        kinds = {name: ("b" if SHARED_LIBRARY.search(name) else "x") for name in self.files}
        self.toc = {name: (0, 0, 0, 0, kinds[name]) for name in self.files}

    def extract(self, name: str) -> bytes:
        return self.files[name]


def test_the_one_file_checks_find_files_stored_with_windows_names() -> None:
    metadata = "dame_de_pique-0.1.0.dist-info/METADATA"
    archive = WindowsArchive(
        {
            "assets/fonts/DejaVuSans.ttf": b"font",
            metadata: b"Version: 0.1.0\n",
            LICENCES: b"the licences",
            "pygame/base.cp311-win_amd64.pyd": b"MZ",
            "SDL2.dll": b"MZ",
        }
    )
    assert "assets\\fonts\\DejaVuSans.ttf" in archive.toc  # what the checks are given
    exe = Path("game.exe")
    assert extract_from_onefile(exe, "assets/fonts/DejaVuSans.ttf", lambda _: archive) == b"font"
    assert extract_from_onefile(exe, metadata, lambda _: archive) == b"Version: 0.1.0\n"
    assert extract_from_onefile(exe, LICENCES, lambda _: archive) == b"the licences"
    assert bundled_libraries_of_onefile(exe, lambda _: archive) == [
        "SDL2.dll",
        "pygame/base.cp311-win_amd64.pyd",
    ]


def test_the_licence_file_names_windows_entries_with_slashes() -> None:
    """The one-folder test compares ``as_posix()`` names with the licence file's: the entries
    PyInstaller gives on Windows (``pygame\\base.pyd``, ``game\\engine\\hand.pyd``) are listed
    with ``/``."""
    import ntpath

    licences = tool("third_party_licences")
    for parts in (("pygame", "base.cp311-win_amd64.pyd"), ("game", "engine", "hand.pyd")):
        entry = licences.Entry.from_toc((ntpath.join(*parts), "C:\\x", "EXTENSION"))
        assert entry.dest == "/".join(parts)


def test_pygame_s_gpl_font_is_left_out_under_its_windows_name_too() -> None:
    import ntpath

    sys.path.insert(0, str(ROOT / "packaging"))
    import bundle_rules

    assert not bundle_rules.keep_data(ntpath.join("pygame", "freesansbold.ttf"))
    assert not bundle_rules.keep_data("pygame/freesansbold.ttf")
    assert bundle_rules.keep_data(ntpath.join("assets", "fonts", "DejaVuSans.ttf"))
    assert not bundle_rules.keep_binary("libstdc++.so.6", platform="linux")
    assert bundle_rules.keep_binary(ntpath.join("pygame", "libstdc++-6.dll"), platform="win32")


@pytest.fixture
def windows_line_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """Path.write_text as on Windows: text written without ``newline=`` gets "\\r\\n"."""
    original = Path.write_text

    def write_text(
        self: Path,
        data: str,
        encoding: str | None = None,
        errors: str | None = None,
        newline: str | None = None,
    ) -> int:
        return original(self, data, encoding, errors, "\r\n" if newline is None else newline)

    monkeypatch.setattr(Path, "write_text", write_text)


@pytest.mark.usefixtures("windows_line_ends")
def test_the_files_checked_byte_for_byte_are_written_with_lf_on_windows(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "packaging"))
    import bundle_rules

    probe = tmp_path / "probe.txt"
    probe.write_text("a\nb\n")
    assert probe.read_bytes() == b"a\r\nb\r\n"  # the simulation works
    metadata = bundle_rules.write_metadata(tmp_path / "x.dist-info", "d", "0.1.0", "s", "MIT")
    assert b"Version: 0.1.0\n" in metadata.read_bytes()
    assert b"\r" not in metadata.read_bytes()
    licences = tool("third_party_licences")
    project = tmp_path / "project"
    (project / "game").mkdir(parents=True)
    (project / "LICENSE").write_text("MIT License\nPermission is hereby granted, free of charge")
    module = project / "game" / "hand.pyd"
    module.write_bytes(b"MZ")
    out = licences.write_licence_file(
        [[("game\\hand.pyd", str(module), "EXTENSION")]],
        tmp_path / "licences" / "THIRD-PARTY-LICENSES.txt",
        program="Dame de pique 0.1.0",
        project_root=project,
    )
    raw = out.read_bytes()
    assert b"\r" not in raw
    listed = licence_summary(raw.decode("utf-8"))
    assert ["game/hand.pyd"] in listed.values()


# --- reproducible and signed builds (issues 26 and 32) ----------------------------------------


def test_the_installed_packages_are_the_versions_constraints_txt_pins() -> None:
    """tools/bootstrap.sh installs with constraints.txt: this .venv is what it pins, and the
    build refuses to make a release from anything else."""
    build = tool("build")
    pins = build.pinned_versions()
    for name in ("pyinstaller", "pygame-ce", "websockets", "msgspec", "mypy", "zeroconf"):
        assert name in pins, f"constraints.txt does not pin {name}"
    assert build.unpinned_packages() == []


def test_a_release_build_refuses_versions_other_than_the_pinned_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    build = tool("build")
    constraints = tmp_path / "constraints.txt"
    constraints.write_text("# comment\npygame-ce==0.0.1  # too old\nno-such-package==1.0\n")
    wrong = build.unpinned_packages(constraints)
    assert len(wrong) == 1 and wrong[0].startswith("pygame-ce ")
    assert "(pinned: 0.0.1)" in wrong[0]
    monkeypatch.setattr(build, "CONSTRAINTS", constraints)
    with pytest.raises(build.BuildError, match=r"differ from constraints\.txt"):
        build.check_pinned_versions(allow=False)
    build.check_pinned_versions(allow=True)
    assert "not a release build" in capsys.readouterr().out


def test_the_bootloader_source_must_be_the_pinned_archive(tmp_path: Path) -> None:
    bootloader = tool("build_bootloader")
    version = importlib_metadata_version("pyinstaller")
    assert version in bootloader.SOURCES, "the installed PyInstaller has no pinned source"
    fake = tmp_path / f"pyinstaller-{version}.tar.gz"
    fake.write_bytes(b"not the real archive")
    with pytest.raises(bootloader.BootloaderError, match="refusing"):
        bootloader.check_source(fake, version)
    if not sys.platform.startswith("linux"):
        return
    with pytest.raises(bootloader.BootloaderError, match="no checked source"):
        bootloader.build("0.0.1", cache=tmp_path / "cache")


def test_the_bootloader_patch_is_applied_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commands build_bootloader runs: patch with --fuzz=0 after the hash check."""
    bootloader = tool("build_bootloader")
    if not sys.platform.startswith("linux"):
        pytest.skip("the patched bootloader is built on Linux")
    version = importlib_metadata_version("pyinstaller")
    commands: list[list[str]] = []

    def run(command: list[str], cwd: Path, what: str) -> None:
        commands.append(command)
        if "download" in command:
            raise bootloader.BootloaderError("stop after the download")

    monkeypatch.setattr(bootloader, "run", run)
    monkeypatch.setattr(bootloader.shutil, "which", lambda tool: "/usr/bin/" + tool)
    with pytest.raises(bootloader.BootloaderError, match="stop"):
        bootloader.build(version, cache=tmp_path)
    assert any(f"pyinstaller=={version}" in c for c in commands)
    source = (ROOT / "tools" / "build_bootloader.py").read_text(encoding="utf-8")
    assert '"--fuzz=0"' in source and "check_source(archives[0], version)" in source


def importlib_metadata_version(name: str) -> str:
    import importlib.metadata

    return importlib.metadata.version(name)


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_an_unsigned_windows_or_macos_build_says_so_in_one_line(
    platform: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    build = tool("build")
    for name in (build.SIGNTOOL_ENV, build.CODESIGN_ENV):
        monkeypatch.delenv(name, raising=False)
    ran: list[object] = []
    assert build.sign([Path("x")], platform=platform, run=lambda *a, **k: ran.append(a)) is False
    assert not ran
    line = capsys.readouterr().out.strip()
    assert line.startswith("not signed:") and "\n" not in line
    assert ("SmartScreen" if platform == "win32" else "Open Anyway") in line
    assert build.sign([Path("x")], platform="linux", run=lambda *a, **k: ran.append(a)) is False
    assert capsys.readouterr().out == ""


def test_a_configured_certificate_signs_every_program(monkeypatch: pytest.MonkeyPatch) -> None:
    build = tool("build")
    monkeypatch.setenv(build.SIGNTOOL_ENV, "signtool sign /f c.pfx")
    monkeypatch.setenv(build.CODESIGN_ENV, "Developer ID Application: Dame (TEAM)")
    ran: list[Any] = []

    def run(command: Any, **options: Any) -> None:
        ran.append(command)

    files = [Path("dist/a.exe"), Path("dist/folder/b.exe")]
    assert build.sign(files, platform="win32", run=run) is True
    assert ran == [f'signtool sign /f c.pfx "{files[0]}"', f'signtool sign /f c.pfx "{files[1]}"']
    ran.clear()
    assert build.sign([Path("dist/Dame de pique.app")], platform="darwin", run=run) is True
    (command,) = ran
    assert command[0] == "codesign" and "runtime" in command and "--timestamp" in command
    assert command[-2:] == ["Developer ID Application: Dame (TEAM)", "dist/Dame de pique.app"]


def test_the_windows_installer_asks_for_windows_8_1_and_opens_the_firewall_to_the_game() -> None:
    script = (ROOT / "packaging" / "windows" / "dame-de-pique.iss").read_text(encoding="utf-8")
    assert "\nMinVersion=6.3\n" in script
    assert "SignTool=dame" in script and "SignedUninstaller=yes" in script
    run, _, uninstall = script.partition("[UninstallRun]")
    assert "firewall add rule" in run and "profile=private" in run
    assert "firewall delete rule" in uninstall


def test_the_mac_app_may_use_the_local_network() -> None:
    """macOS 15 asks before an app uses the local network: without these keys the LAN table's
    Host and Join fail silently."""
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert '"NSLocalNetworkUsageDescription"' in spec
    discovery = (ROOT / "game" / "net" / "discovery.py").read_text(encoding="utf-8")
    service = re.search(r'"(_[a-z-]+\._tcp)\.local\."', discovery)
    assert service, "no service type in game/net/discovery.py"
    assert f'"NSBonjourServices": ["{service.group(1)}"]' in spec
