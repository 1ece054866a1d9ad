"""The engine's hot modules compiled ahead of time, used only when built from these very sources.

``tools/compile_engine.py`` compiles :data:`MODULES` with mypyc (``game/`` is mypy-strict) into
``build/compiled/<key>/game/`` beside the project, with a ``manifest.json`` naming every source
file the build read and its SHA-256. When the package is imported, :func:`prefer_compiled` puts
that folder in front of the package's path only if every one of those files is still byte for
byte what was compiled, for this Python and this mypy, and every compiled file of the build is
there; otherwise (a file edited since, another Python or mypy, a build folder partly deleted, no
build, ``DAME_PURE_PYTHON=1``) the pure-Python modules run, so a stale or broken build can never
shadow an edited source or stop the game. The standalone program carries the compiled files in
place of the sources (build.spec), so there is nothing to check there.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Iterable
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any, Final

MODULES: Final = (
    "game.engine.legality",
    "game.engine.points",
    "game.engine.hand",
    "game.engine.deal",
    "game.engine.events",
    "game.engine.match",
    "game.ai.playout",
)
"""The modules compiled: every move's path and the inner loop of Hard's searches."""

SHARED_LIBRARY: Final = "game.compiled"
"""mypyc's group name: the code of every module is in ``game/compiled__mypyc.<suffix>``."""

PURE_PYTHON_ENV: Final = "DAME_PURE_PYTHON"
"""Set to 1 to run the pure-Python modules even when a matching build exists."""

PROJECT: Final = Path(__file__).resolve().parents[2]
BUILDS: Final = PROJECT / "build" / "compiled"
MANIFEST: Final = "manifest.json"


def python_tag() -> str:
    """What a compiled module is tied to: the interpreter and its extension suffix."""
    return f"{sys.implementation.cache_tag}{EXTENSION_SUFFIXES[0]}"


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def mypy_version() -> str | None:
    """The installed mypy's version (mypyc compiled the build), None when mypy is not installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mypy")
    except PackageNotFoundError:
        return None


def compiled_files(folder: Path) -> list[Path]:
    """The files a build in ``folder`` must hold: the shared library and one extension module
    per compiled module (each loads the shared library, so a missing one is an ImportError)."""
    suffix = EXTENSION_SUFFIXES[0]
    names = [SHARED_LIBRARY + "__mypyc", *MODULES]
    return [folder.joinpath(*name.split(".")[:-1], name.split(".")[-1] + suffix) for name in names]


def matches(manifest: Any, root: Path = PROJECT) -> bool:
    """True when ``manifest`` describes a build of exactly the sources under ``root`` now, by
    the mypy installed now."""
    if not isinstance(manifest, dict) or manifest.get("python") != python_tag():
        return False
    if manifest.get("modules") != list(MODULES):
        return False
    if manifest.get("mypy") != mypy_version():
        return False
    sources = manifest.get("sources")
    if not isinstance(sources, dict) or not sources:
        return False
    for name, digest in sources.items():
        path = root / str(name)
        try:
            if file_digest(path) != digest:
                return False
        except OSError:
            return False
    return True


def matching_build(root: Path = PROJECT) -> Path | None:
    """The build folder compiled from the sources under ``root`` as they are now, if any."""
    builds = root / "build" / "compiled"
    try:
        candidates = sorted(builds.iterdir(), key=_newest_first)
    except OSError:
        return None
    for folder in candidates:
        try:
            manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if matches(manifest, root) and all(path.is_file() for path in compiled_files(folder)):
            return folder
    return None


def _newest_first(folder: Path) -> float:
    try:
        return -folder.stat().st_mtime
    except OSError:
        return 0.0


def prefer_compiled(package_path: list[str], package: str = "game") -> list[str]:
    """A package's search path, with its folder of the matching compiled build first if any."""
    if getattr(sys, "frozen", False) or os.environ.get(PURE_PYTHON_ENV, "") not in ("", "0"):
        return package_path
    build = matching_build()
    if build is None:
        return package_path
    return [str(build.joinpath(*package.split("."))), *package_path]


def compiled(names: Iterable[str] | None = None) -> list[str]:
    """Which of ``names`` (default :data:`MODULES`) are loaded and run compiled."""
    loaded = dict(sys.modules)
    return sorted(
        name
        for name in (MODULES if names is None else names)
        if str(getattr(loaded.get(name), "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))
    )
