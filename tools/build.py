"""Build the standalone program and its installer into dist/, from a clean clone, in one command.

    python3 tools/build.py              # one-file + one-folder builds, then the installer
    python3 tools/build.py --help

Linux: dist/dame-de-pique-<version>-linux-<arch> (one file), dist/dame-de-pique-folder/ and
dist/dame-de-pique_<version>_<arch>.deb. Windows: the .exe builds and, when Inno Setup's ISCC is
installed, dist/dame-de-pique-<version>-setup.exe. macOS: the one-folder build, the .app and
dist/dame-de-pique-<version>.dmg. At the end it prints the time taken and the sizes.

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
import time
from pathlib import Path

ROOT = Path(__file__).absolute().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))
import project_info  # noqa: E402

DIST = ROOT / "dist"
WORK = ROOT / "build"
REQUIRED_MODULES = ("PyInstaller", "pygame", "platformdirs")


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
        f'"{sys.executable} -m pip install -e .[dev]" from the project folder, then run again.'
    )


def run_pyinstaller(only: str | None, clean: bool) -> None:
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    command += ["--distpath", str(DIST), "--workpath", str(WORK / "pyinstaller")]
    if clean:
        command.append("--clean")
    command.append(str(ROOT / "build.spec"))
    if only:
        command += ["--", "--only", only]
    log = WORK / "pyinstaller.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("w", encoding="utf-8") as output:
        result = subprocess.run(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-25:]
        message = "PyInstaller failed (full log: build/pyinstaller.log):\n"
        raise BuildError(message + "\n".join(tail))


def build_installer(info: project_info.ProjectInfo) -> Path | None:
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
        iscc = shutil.which("iscc") or shutil.which(r"C:\Program Files (x86)\Inno Setup 6\ISCC.exe")
        if iscc is None:
            print("note: Inno Setup 6 (ISCC) not found: no setup.exe (choco install innosetup)")
            return None
        script = ROOT / "packaging" / "windows" / "dame-de-pique.iss"
        command = [iscc, "/Q", f"/DAppVersion={info.version}", f"/DDistDir={DIST}", str(script)]
        subprocess.run(command, check=True)
        return DIST / f"{project_info.APP_ID}-{info.version}-setup.exe"
    if sys.platform == "darwin":
        dmg = DIST / f"{project_info.APP_ID}-{info.version}.dmg"
        app = DIST / f"{project_info.APP_NAME}.app"
        script = ROOT / "packaging" / "macos" / "make_dmg.sh"
        subprocess.run(["sh", str(script), str(app), str(dmg)], check=True)
        return dmg
    return None


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
        "one-folder": DIST / project_info.ONEDIR_NAME,
        "macOS app": DIST / f"{project_info.APP_NAME}.app",
        "installer": installer,
    }
    print(f"\n{project_info.APP_NAME} {info.version}: built in dist/")
    for label, path in outputs.items():
        if path is not None and path.exists():
            print(f"  {label:<11} {megabytes(size_of(path)):>9}  {path.relative_to(ROOT)}")
    for step, seconds in timings.items():
        print(f"  {step:<11} {seconds:8.1f} s")


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
        "--keep-cache",
        action="store_true",
        help="reuse PyInstaller's cache in build/ (faster rebuilds; default starts clean)",
    )
    args = parser.parse_args(argv)
    try:
        ensure_build_environment()
        info = project_info.read(ROOT)
        timings: dict[str, float] = {}
        start = time.perf_counter()
        run_pyinstaller(args.only, clean=not args.keep_cache)
        timings["PyInstaller"] = time.perf_counter() - start
        installer = None
        if not args.no_installer and args.only != "onefile":
            step = time.perf_counter()
            installer = build_installer(info)
            timings["installer"] = time.perf_counter() - step
        timings["total"] = time.perf_counter() - start
    except (BuildError, subprocess.CalledProcessError) as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    report(info, installer, timings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
