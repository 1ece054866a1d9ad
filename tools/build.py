"""Build the standalone program and its installer into dist/, from a clean clone, in one command.

    python3 tools/build.py              # one-file + one-folder builds, then the installer
    python3 tools/build.py --help

Linux: dist/dame-de-pique-<version>-linux-<arch> (one file, built with the noexec-safe
bootloader of tools/build_bootloader.py) and the same in a .tar.gz (an archive keeps the
executable bit, which browsers and CI artifact stores drop), dist/dame-de-pique-folder/ and
dist/dame-de-pique_<version>_<arch>.deb. Windows: the .exe builds and
dist/dame-de-pique-<version>-setup.exe (Inno Setup's ISCC, found on PATH or in the Inno Setup 6
or 7 folders). macOS: the one-folder build, the .app and
dist/dame-de-pique-<version>-macos-<arch>.dmg. At the end it prints the time taken and the sizes.

Every artefact asked for must exist at the end, or the build fails (exit 1) naming what is
missing: a release can never go out without its installer or its licence file.

When the running Python lacks PyInstaller or pygame-ce, it creates the project's .venv with
tools/bootstrap.sh (Linux, macOS) and runs itself again from there.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).absolute().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))
import project_info  # noqa: E402

DIST = ROOT / "dist"
WORK = ROOT / "build"
REQUIRED_MODULES = ("PyInstaller", "pygame", "platformdirs")
CONSTRAINTS = ROOT / "constraints.txt"


class BuildError(Exception):
    """A step failed; the message says which and what to do."""


def missing_modules() -> list[str]:
    return [name for name in REQUIRED_MODULES if importlib.util.find_spec(name) is None]


def ensure_build_environment() -> None:
    """Re-run this script inside .venv when the current Python cannot build the game."""
    missing = missing_modules()
    if not missing:
        return
    venv_python = ROOT / ".venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if Path(sys.executable).absolute() != venv_python and os.name != "nt":
        print(f"{', '.join(missing)} missing here: setting up .venv with tools/bootstrap.sh")
        subprocess.run(["sh", str(ROOT / "tools" / "bootstrap.sh")], check=True)
        os.execv(str(venv_python), [str(venv_python), *sys.argv])
    raise BuildError(
        f"missing Python packages: {', '.join(missing)}. Install them with "
        f'"{sys.executable} -m pip install -c constraints.txt -e .[dev]" from the project'
        " folder, then run again."
    )


def pinned_versions(constraints: Path | None = None) -> dict[str, str]:
    """constraints.txt's ``name==version`` lines, by normalised name."""
    pins = {}
    for line in (constraints or CONSTRAINTS).read_text(encoding="utf-8").splitlines():
        name, sep, version = line.split("#")[0].strip().partition("==")
        if sep:
            pins[normalised(name)] = version.strip()
    return pins


def normalised(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(".", "-")


def unpinned_packages(constraints: Path | None = None) -> list[str]:
    """ "name version (pinned: other)" for each installed package whose version differs from
    constraints.txt: a release is built from the pinned versions only."""
    import importlib.metadata

    wrong = []
    for name, version in sorted(pinned_versions(constraints).items()):
        try:
            installed = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue  # not needed on this system (e.g. only a test tool)
        if installed != version:
            wrong.append(f"{name} {installed} (pinned: {version})")
    return wrong


def check_pinned_versions(allow: bool) -> None:
    wrong = unpinned_packages()
    if not wrong:
        return
    what = "these installed versions differ from constraints.txt:\n  " + "\n  ".join(wrong)
    fix = f'"{sys.executable} -m pip install -c constraints.txt -e .[dev]"'
    if allow:
        print(f"note: {what}\n(--any-versions: building anyway; not a release build)")
        return
    raise BuildError(f"{what}\nInstall the pinned ones with {fix}, or build with --any-versions.")


def patched_bootloader() -> Path | None:
    """Linux: the noexec-safe bootloader (built once, cached in build/bootloader)."""
    if not sys.platform.startswith("linux"):
        return None
    sys.path.insert(0, str(ROOT / "tools"))
    import build_bootloader

    try:
        return build_bootloader.build()
    except build_bootloader.BootloaderError as error:
        raise BuildError(f"the noexec-safe bootloader could not be built: {error}") from None


def run_pyinstaller(
    only: str | None, clean: bool, bootloader: Path | None = None, pure_engine: bool = False
) -> None:
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    command += ["--distpath", str(DIST), "--workpath", str(WORK / "pyinstaller")]
    if clean:
        command.append("--clean")
    command.append(str(ROOT / "build.spec"))
    spec_options = (["--only", only] if only else []) + (
        ["--bootloader", str(bootloader)] if bootloader else []
    )
    if pure_engine:
        spec_options.append("--pure-engine")
    if spec_options:
        command += ["--", *spec_options]
    log = WORK / "pyinstaller.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    for attempt in range(2):
        with log.open("w", encoding="utf-8") as output:
            result = subprocess.run(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT)
        if result.returncode == 0 or attempt or not locked_by_another_process(log):
            break
        # Windows: Defender (or another scanner) still holds a fresh .pyd; once more.
        print("PyInstaller met a file held by another process; trying once more in 10 s")
        time.sleep(10)
    if result.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-25:]
        message = "PyInstaller failed (full log: build/pyinstaller.log):\n"
        raise BuildError(message + "\n".join(tail))


def locked_by_another_process(log: Path) -> bool:
    """Whether PyInstaller failed on a file another process held: Windows' error 32 (in use),
    or 5 (access denied), which Defender gives while it scans a file just written."""
    text = log.read_text(encoding="utf-8", errors="replace")
    signs = ("[WinError 32]", "being used by another process", "[WinError 5]")
    return any(sign in text for sign in signs)


SIGNTOOL_ENV = "DAME_SIGNTOOL"
"""Windows: the signing command, the file's name appended (e.g. ``"C:\\...\\signtool.exe" sign /fd
sha256 /tr http://timestamp.digicert.com /td sha256 /sha1 <thumbprint>``). The certificate is
imported into the user's store first (the workflow does), so that no password is ever on a
command line, where cmd.exe and ISCC would each parse it."""
CODESIGN_ENV = "DAME_CODESIGN_IDENTITY"
"""macOS: the Developer ID identity in the keychain (``Developer ID Application: Name (TEAM)``)."""


def signing(platform: str = sys.platform, environ: Mapping[str, str] = os.environ) -> list[str]:
    """The command that signs a file here (its path appended), or [] when this build is not
    signed; Linux packages are not signed (apt and the .tar.gz ask nothing)."""
    if platform == "win32" and environ.get(SIGNTOOL_ENV, "").strip():
        return [environ[SIGNTOOL_ENV].strip()]
    if platform == "darwin" and environ.get(CODESIGN_ENV, "").strip():
        identity = environ[CODESIGN_ENV].strip()
        # Hardened runtime and a secure timestamp: what notarization asks for.
        hardened = ["--options", "runtime", "--timestamp"]
        return ["codesign", "--force", "--deep", *hardened, "--sign", identity]
    return []


def unsigned_note(platform: str = sys.platform) -> str | None:
    """The line printed when a Windows or macOS build is not signed, or None."""
    if platform == "win32":
        return (
            f'not signed: {SIGNTOOL_ENV} is not set, so Windows SmartScreen will say "Windows'
            ' protected your PC" at the first launch (README, "Windows and macOS")'
        )
    if platform == "darwin":
        return (
            f"not signed: {CODESIGN_ENV} is not set, so macOS will block the app until Privacy &"
            ' Security > Open Anyway (README, "Windows and macOS")'
        )
    return None


def sign(paths: list[Path], platform: str = sys.platform, run=subprocess.run) -> bool:
    """Sign each of ``paths`` when a signing identity is configured; False when not."""
    command = signing(platform)
    if not command:
        note = unsigned_note(platform)
        if note:
            print(note)
        return False
    for path in paths:
        if platform == "win32":  # one command line, as configured (signtool's own quoting)
            run(f'{command[0]} "{path}"', shell=True, check=True)
        else:
            run([*command, str(path)], check=True)
    return True


def build_installer(info: project_info.ProjectInfo, signed: bool = False) -> Path | None:
    """The platform's installer from the one-folder build; None when it cannot be made here."""
    if sys.platform.startswith("linux"):
        command = [sys.executable, str(ROOT / "packaging" / "linux" / "make_deb.py")]
        command += ["--onedir", str(DIST / project_info.ONEDIR_NAME), "--out", str(DIST)]
        command += ["--work", str(WORK / "deb")]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            raise BuildError(result.stderr.strip() or "the .deb could not be built")
        return Path(result.stdout.strip().splitlines()[-1])
    if sys.platform == "win32":
        iscc = find_iscc()
        if iscc is None:
            raise BuildError(
                "Inno Setup's compiler (ISCC.exe) was not found on PATH nor in the Inno Setup 6 "
                "or 7 folders: install it (winget install JRSoftware.InnoSetup, or choco install "
                "innosetup), or build without the installer: --no-installer"
            )
        script = ROOT / "packaging" / "windows" / "dame-de-pique.iss"
        command = [str(iscc), "/Q", f"/DAppVersion={info.version}", f"/DDistDir={DIST}"]
        if signed:  # the setup and its uninstaller, signed by ISCC with the same command
            command += ["/DSignTool", iscc_sign_tool(signing("win32")[0])]
        subprocess.run([*command, str(script)], check=True)
        return DIST / f"{project_info.APP_ID}-{info.version}-setup.exe"
    if sys.platform == "darwin":
        dmg = DIST / project_info.disk_image_name(info)
        app = DIST / f"{project_info.APP_NAME}.app"
        script = ROOT / "packaging" / "macos" / "make_dmg.sh"
        subprocess.run(["sh", str(script), str(app), str(dmg)], check=True)
        if signed:
            sign([dmg])  # notarized and stapled by the workflow (.github/workflows/build.yml)
        return dmg
    return None


def iscc_sign_tool(command: str, name: str = "dame") -> str:
    """ISCC's ``/S<name>=<command> $f`` option for a signing command line. ISCC splits its own
    command line knowing no escapes (a ``"`` inside the option would end it): Inno's way is
    ``$q`` for a quote and ``$$`` for a dollar; ``$f`` becomes the quoted file to sign."""
    escaped = command.replace("$", "$$").replace('"', "$q")
    return f"/S{name}={escaped} $f"


INNO_SETUP_FOLDERS = ("Inno Setup 7", "Inno Setup 6")


def find_iscc(
    environ: Mapping[str, str] = os.environ, which=shutil.which, is_file=Path.is_file
) -> Path | None:
    """Inno Setup's command-line compiler: on PATH, else in the usual folders of Inno Setup 7
    and 6 (both Program Files folders, and the per-user install under LOCALAPPDATA)."""
    found = which("iscc") or which("ISCC.exe")
    if found:
        return Path(found)
    bases = [environ.get(name) for name in ("ProgramFiles(x86)", "ProgramFiles", "ProgramW6432")]
    local = environ.get("LOCALAPPDATA")
    candidates = [Path(base) / folder for base in bases if base for folder in INNO_SETUP_FOLDERS]
    if local:
        candidates += [Path(local) / "Programs" / folder for folder in INNO_SETUP_FOLDERS]
    for folder in candidates:
        if is_file(folder / "ISCC.exe"):
            return folder / "ISCC.exe"
    return None


def programs_to_sign(info: project_info.ProjectInfo, platform: str = sys.platform) -> list[Path]:
    """What is signed before the installer is made: the programs (Windows), the .app (macOS)."""
    if platform == "win32":
        candidates = [
            DIST / f"{project_info.onefile_name(info)}.exe",
            DIST / project_info.ONEDIR_NAME / f"{project_info.APP_ID}.exe",
        ]
    elif platform == "darwin":
        candidates = [DIST / f"{project_info.APP_NAME}.app"]
    else:
        return []
    return [path for path in candidates if path.exists()]


def onefile_archive(info: project_info.ProjectInfo) -> Path:
    """Linux: the one-file program in a .tar.gz, which keeps its executable bit."""
    program = DIST / project_info.onefile_name(info)
    archive = DIST / f"{program.name}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(program, arcname=program.name)
    return archive


def expected_outputs(
    info: project_info.ProjectInfo, only: str | None, installer: bool, platform: str = sys.platform
) -> dict[str, Path]:
    """What this build was asked to make, by label: each must exist at the end."""
    exe = ".exe" if platform == "win32" else ""
    onefile = DIST / (project_info.onefile_name(info) + exe)
    onedir = DIST / project_info.ONEDIR_NAME
    licences = "licences/THIRD-PARTY-LICENSES.txt"
    wanted: dict[str, Path] = {}
    if only in (None, "onedir"):
        wanted["one-folder"] = onedir / (project_info.APP_ID + exe)
        wanted["one-folder licences"] = onedir / "_internal" / licences
    # As build.spec decides: on macOS the one-file program is made only when asked by name.
    if only == "onefile" or (only is None and platform != "darwin"):
        wanted["one-file"] = onefile
    if platform.startswith("linux") and "one-file" in wanted:
        wanted["one-file .tar.gz"] = DIST / f"{onefile.name}.tar.gz"
    if platform == "darwin" and only in (None, "onedir"):
        app = DIST / f"{project_info.APP_NAME}.app"
        wanted["macOS app"] = app / "Contents" / "MacOS" / project_info.APP_ID
        wanted["macOS app licences"] = app / "Contents" / "Resources" / licences
    if installer and only != "onefile":
        if platform.startswith("linux"):
            wanted["installer"] = DIST / f"{project_info.APP_ID}_{info.version}_{deb_arch()}.deb"
        elif platform == "win32":
            wanted["installer"] = DIST / f"{project_info.APP_ID}-{info.version}-setup.exe"
        elif platform == "darwin":
            wanted["installer"] = DIST / project_info.disk_image_name(info)
    return wanted


def deb_arch() -> str:
    try:
        return subprocess.run(
            ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def missing_outputs(wanted: Mapping[str, Path]) -> list[str]:
    return [f"{label}: {path}" for label, path in wanted.items() if not path.exists()]


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if not p.is_dir())


def megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"


def report(
    info: project_info.ProjectInfo, installer: Path | None, timings: dict[str, float]
) -> None:
    exe = ".exe" if sys.platform == "win32" else ""
    outputs = {
        "one-file": DIST / (project_info.onefile_name(info) + exe),
        "one-file .tar.gz": DIST / (project_info.onefile_name(info) + ".tar.gz"),
        "one-folder": DIST / project_info.ONEDIR_NAME,
        "macOS app": DIST / f"{project_info.APP_NAME}.app",
        "installer": installer,
    }
    print(f"\n{project_info.APP_NAME} {info.version}: built in dist/")
    for label, path in outputs.items():
        if path is not None and path.exists():
            shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            print(f"  {label:<17} {megabytes(size_of(path)):>9}  {shown}")
    for step, seconds in timings.items():
        print(f"  {step:<17} {seconds:8.1f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Build the standalone program and its installer into dist/.",
        epilog="Windows and macOS builds run on those systems: see .github/workflows/build.yml.",
    )
    parser.add_argument(
        "--only",
        choices=("onefile", "onedir"),
        help="build only one of the two programs (onefile implies --no-installer)",
    )
    parser.add_argument(
        "--no-installer", action="store_true", help="skip the .deb / setup.exe / .dmg"
    )
    parser.add_argument(
        "--stock-bootloader",
        action="store_true",
        help="Linux: use PyInstaller's bootloader as installed (the one-file program then fails "
        "where /tmp is mounted noexec); default: the patched one of tools/build_bootloader.py",
    )
    parser.add_argument(
        "--keep-cache",
        action="store_true",
        help="reuse PyInstaller's cache in build/ (faster rebuilds; default starts clean)",
    )
    parser.add_argument(
        "--pure-engine",
        action="store_true",
        help="ship the engine's pure-Python modules instead of compiling them (mypyc needs a C "
        "compiler: MSVC on Windows; the Windows build under Wine uses this; releases do not)",
    )
    parser.add_argument(
        "--any-versions",
        action="store_true",
        help="build even when the installed packages differ from constraints.txt (not for a "
        "release: the build is then not reproducible)",
    )
    args = parser.parse_args(argv)
    try:
        ensure_build_environment()
        check_pinned_versions(allow=args.any_versions)
        info = project_info.read(ROOT)
        timings: dict[str, float] = {}
        start = time.perf_counter()
        bootloader = None if args.stock_bootloader else patched_bootloader()
        timings["bootloader"] = time.perf_counter() - start
        step = time.perf_counter()
        if args.pure_engine:
            print("pure-Python engine (--pure-engine): no compiled engine in this build")
        run_pyinstaller(args.only, not args.keep_cache, bootloader, args.pure_engine)
        timings["PyInstaller"] = time.perf_counter() - step
        wanted = expected_outputs(info, args.only, installer=not args.no_installer)
        if "one-file .tar.gz" in wanted and wanted["one-file"].is_file():
            onefile_archive(info)
        signed = sign(programs_to_sign(info))
        installer = None
        if "installer" in wanted:
            step = time.perf_counter()
            installer = build_installer(info, signed=signed)
            timings["installer"] = time.perf_counter() - step
        timings["total"] = time.perf_counter() - start
        missing = missing_outputs(wanted)
        if missing:
            raise BuildError("these asked-for outputs were not made:\n  " + "\n  ".join(missing))
    except (BuildError, subprocess.CalledProcessError, OSError) as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    report(info, installer, timings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
