"""Compile the engine's hot modules with mypyc into build/compiled/<key>/ (game/native/).

    python tools/compile_engine.py              # build unless a build of these sources exists
    python tools/compile_engine.py --force      # build again
    python tools/compile_engine.py --check      # exit 1 when no build matches the sources

The key names the sources read (the compiled modules and every ``game`` module they import, by
SHA-256), the Python and mypy: the game uses a build only while all of them are unchanged, so
an edited source runs as pure Python until this is run again (``./test.sh`` and ``./play.sh`` do
it through tools/bootstrap.sh). Needs a C compiler; without one the game runs pure Python.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.native import builds as native  # noqa: E402

KEEP_BUILDS = 3  # older builds are removed


def module_file(name: str) -> Path:
    base = ROOT / Path(*name.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def sources() -> list[Path]:
    """The compiled modules and every ``game`` module they import, transitively."""
    seen: dict[str, Path] = {}
    todo = list(native.MODULES)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        path = module_file(name)
        seen[name] = path
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            else:
                continue
            todo += [n for n in found if n.startswith("game.") and module_file(n).is_file()]
    return sorted(set(seen.values()))


def manifest() -> dict[str, object]:
    return {
        "python": native.python_tag(),
        "mypy": native.mypy_version(),  # what native.matches() compares when choosing a build
        "modules": list(native.MODULES),
        "sources": {
            path.relative_to(ROOT).as_posix(): native.file_digest(path) for path in sources()
        },
    }


def key_of(data: dict[str, object]) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def build(data: dict[str, object], quiet: bool = True) -> Path:
    """Compile into build/compiled/<key>/ and return that folder."""
    from mypyc.build import mypycify
    from setuptools import setup

    final = native.BUILDS / key_of(data)
    native.BUILDS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="compile-", dir=native.BUILDS) as temp:
        out = Path(temp) / "out"
        files = [module_file(name).relative_to(ROOT).as_posix() for name in native.MODULES]
        cwd = os.getcwd()
        os.chdir(ROOT)  # mypy reads pyproject.toml's settings and finds the sources from here
        warnings.filterwarnings("ignore", module="setuptools")  # its notes on pyproject.toml
        try:
            extensions = mypycify(
                files,
                opt_level="3",
                group_name=native.SHARED_LIBRARY,
                target_dir=str(Path(temp) / "c"),
                verbose=not quiet,
            )
            setup(
                name="dame-de-pique-compiled",
                ext_modules=extensions,
                script_args=[
                    *(["--quiet"] if quiet else []),
                    "build_ext",
                    "--build-lib",
                    str(out),
                    "--build-temp",
                    str(Path(temp) / "obj"),
                ],
            )
        finally:
            os.chdir(cwd)
        (out / native.MANIFEST).write_text(json.dumps(data, indent=1), encoding="utf-8")
        if final.exists():
            shutil.rmtree(final)
        out.rename(final)
    prune(keep=final)
    return final


def prune(keep: Path) -> None:
    """Remove all but the newest builds (and ``keep``)."""
    builds = [p for p in native.BUILDS.iterdir() if (p / native.MANIFEST).is_file()]
    builds.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    for old in builds[KEEP_BUILDS:]:
        if old != keep:
            shutil.rmtree(old, ignore_errors=True)


def ensure_built(force: bool = False, quiet: bool = True) -> Path:
    """The build of the current sources, compiled first when there is none (or ``force``)."""
    if not force:
        found = native.matching_build()
        if found is not None:
            return found
    return build(manifest(), quiet=quiet)


def for_freezing() -> list[tuple[str, str]]:
    """(destination in the program, file) of each compiled file, for build.spec; builds first
    when needed. Raises when it cannot build (the program would silently lose its speed)."""
    folder = ensure_built()
    return [
        (path.relative_to(folder).as_posix(), str(path))
        for path in sorted((folder / "game").rglob("*"))
        if path.name.endswith(tuple(native.EXTENSION_SUFFIXES))
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="build even if a build matches")
    parser.add_argument("--check", action="store_true", help="only say whether a build matches")
    parser.add_argument("--verbose", action="store_true", help="show the compiler's output")
    args = parser.parse_args()
    if args.check:
        found = native.matching_build()
        print(f"compiled engine: {found}" if found else "no compiled engine for these sources")
        return 0 if found else 1
    if not args.force and native.matching_build() is not None:
        return 0
    print(f"compiling the engine ({', '.join(native.MODULES)}) with mypyc...", flush=True)
    start = time.monotonic()
    try:
        folder = ensure_built(force=args.force, quiet=not args.verbose)
    except (Exception, SystemExit) as exc:  # setuptools reports a compiler failure as SystemExit
        print(
            f"the engine could not be compiled ({exc}); the game runs pure Python"
            " (a C compiler and Python's headers are needed: apt-get install gcc python3-dev)",
            file=sys.stderr,
        )
        return 1
    print(f"compiled in {time.monotonic() - start:.0f} s: {folder.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
