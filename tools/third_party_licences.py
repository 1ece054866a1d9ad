"""The third-party licence file of a build, made from what PyInstaller actually collected.

``build.spec`` calls :func:`write_licence_file` with the analysis' lists (every pure-Python
module, binary and data file the build will ship, with the file it comes from) and ships the
result as ``licences/THIRD-PARTY-LICENSES.txt`` in every artefact. Each collected file is traced
to where its licence text lives:

1. the game's own files (this project): ``LICENSE``, or the ``LICENSE*`` file beside an asset
   (the fonts);
2. a file installed by a Python distribution (found through its ``RECORD``): the distribution's
   licence files (``dist-info/licenses/``, ``LICENSE*``, ``COPYING*``), or, when a distribution
   names a licence without shipping its text (pygame-ce says "LGPL v2.1"), the standard text
   kept in ``packaging/licences/texts/``;
3. a native library a wheel vendors (``pygame_ce.libs/libSDL2-2-50d19f93.0.so...``, a ``.dll``
   beside pygame's modules, macOS ``.dylibs``): the wheel ships no licence for it, so its text
   comes from ``packaging/licences/libraries/``, matched on the library's name;
4. Python itself (the standard library, ``libpython``, ``lib-dynload``, ``python3.dll``...): the
   ``LICENSE.txt`` of the Python that runs the build;
5. on Linux, any other shared library: the Debian copyright file of the package that installed
   it (``dpkg -S``), with the ``/usr/share/common-licenses`` texts it refers to.

A collected file that none of these explains stops the build (:class:`MissingLicence`), naming
the file: a new dependency (a compiled module, a library a new wheel vendors) cannot ship
without its licence. ``python tools/third_party_licences.py TOC...`` checks PyInstaller ``.toc``
files the same way.
"""

from __future__ import annotations

import argparse
import ast
import functools
import importlib.metadata
import re
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).absolute().parent.parent
STORE = ROOT / "packaging" / "licences"
LICENCE_FILE = "THIRD-PARTY-LICENSES.txt"
BUNDLE_FOLDER = "licences"  # where the file goes inside the program (beside assets/)
DEBIAN_COMMON_LICENCES = Path("/usr/share/common-licenses")
LICENCE_FILE_NAME = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|COPYRIGHT)", re.IGNORECASE)
SHARED_LIBRARY = re.compile(r"\.(so(\.\d+)*|dll|dylib|pyd)$", re.IGNORECASE)
PYTHON_EXTENSION = re.compile(r"(\.cpython-|\.abi3\.|\.pyd$|\.cp\d+-win)", re.IGNORECASE)
VENDORED_FOLDER = re.compile(r"(\.libs|\.dylibs)$")
# auditwheel / delvewheel add "-<8 hex digits>" to a vendored library's name.
WHEEL_HASH = re.compile(r"-[0-9a-f]{8}(?=[.-])")
MYPYC_RUNTIME = "__mypyc."  # the shared module mypyc builds: its runtime library and our code
COMMON_LICENCE_REFERENCE = re.compile(r"/usr/share/common-licenses/([A-Za-z0-9.+-]+[A-Za-z0-9])")
# Licence names some distributions give in their metadata instead of shipping the text.
SPDX_ALIASES = {
    "lgpl v2.1": "LGPL-2.1",
    "lgpl-2.1": "LGPL-2.1",
    "lgpl-2.1-only": "LGPL-2.1",
    "lgpl-2.1-or-later": "LGPL-2.1",
    "gnu lgpl v2.1": "LGPL-2.1",
    "apache-2.0": "Apache-2.0",
    "apache 2.0": "Apache-2.0",
    "apache software license 2.0": "Apache-2.0",
    "gpl-2.0": "GPL-2",
    "gpl-3.0": "GPL-3",
}


class MissingLicence(Exception):
    """A collected file whose licence text cannot be found; the message names it."""


@dataclass
class Component:
    """One licensed thing the build ships: a distribution, a library, Python, the game."""

    name: str
    licence: str  # a short name ("LGPL-2.1", "Zlib", "see below")
    source: str  # where the text was read, so a reader can check it
    texts: list[tuple[str, str]]  # (title, text)
    files: set[str] = field(default_factory=set)  # names inside the program


@dataclass(frozen=True)
class Entry:
    """One file of the build: its name inside the program and the file it was copied from."""

    dest: str
    source: Path | None
    kind: str  # PyInstaller's typecode: PYMODULE, PYSOURCE, EXTENSION, BINARY, DATA, ...

    @staticmethod
    def from_toc(item: Sequence[object]) -> Entry:
        """The entry of a TOC tuple, its name always with ``/`` (PyInstaller joins names with
        the system's separator: ``pygame\\base.pyd`` on Windows)."""
        dest, source, kind = (str(x) if x is not None else None for x in item[:3])
        return Entry(posix_name(dest or ""), Path(source) if source else None, kind or "")


def posix_name(dest: str) -> str:
    """A name inside the program with ``/`` between its parts, on every system.

    >>> posix_name("pygame\\\\base.cp311-win_amd64.pyd")
    'pygame/base.cp311-win_amd64.pyd'
    """
    return dest.replace("\\", "/")


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace").strip("\n")


# --- the store kept in packaging/licences -------------------------------------------------------


def library_key(file_name: str) -> str:
    """The name a library is known by, without prefix, wheel hash, version or suffix.

    >>> library_key("libSDL2-2-50d19f93.0.so.0.3200.10")
    'sdl2'
    >>> library_key("libpng16-16.dll"), library_key("SDL2_mixer.dll"), library_key("libz.so.1")
    ('png16', 'sdl2_mixer', 'z')
    """
    name = WHEEL_HASH.sub("", Path(file_name).name)
    name = re.sub(r"^lib", "", name)
    name = name.split(".", 1)[0]
    name = re.sub(r"(-\d+)+$", "", name)
    return name.lower()


@dataclass(frozen=True)
class StoredLicence:
    component: str
    keys: frozenset[str]
    licence: str
    source: str
    text: str


@functools.cache
def library_store(store: Path = STORE) -> dict[str, StoredLicence]:
    """``packaging/licences/libraries/*.txt`` by library key (a header, ``---``, the text)."""
    found: dict[str, StoredLicence] = {}
    for path in sorted((store / "libraries").glob("*.txt")):
        header, sep, text = read(path).partition("\n---\n")
        fields = dict(line.split(": ", 1) for line in header.splitlines() if ": " in line)
        missing = {"Component", "Libraries", "Licence", "Source"} - fields.keys()
        if not sep or missing:
            raise MissingLicence(f"{path}: needs a header with {sorted(missing)} and a '---' line")
        keys = frozenset(k.strip().lower() for k in fields["Libraries"].split(","))
        entry = StoredLicence(fields["Component"], keys, fields["Licence"], fields["Source"], text)
        for key in keys:
            found[key] = entry
    return found


def standard_text(name: str, store: Path = STORE) -> str | None:
    """A standard licence text by its Debian common-licenses / SPDX-like name."""
    for folder in (store / "texts", DEBIAN_COMMON_LICENCES):
        path = folder / name
        if path.is_file():
            return read(path)
    return None


def referenced_texts(text: str, store: Path = STORE) -> list[tuple[str, str]]:
    """The common-licenses texts a Debian copyright file refers to instead of quoting them."""
    texts = []
    for name in sorted(set(COMMON_LICENCE_REFERENCE.findall(text))):
        body = standard_text(name, store)
        if body is None:
            raise MissingLicence(
                f"the text of {name} (referred to as {DEBIAN_COMMON_LICENCES}/{name})"
            )
        texts.append((name, body))
    return texts


# --- Python distributions -----------------------------------------------------------------------


@functools.cache
def distribution_files() -> dict[Path, importlib.metadata.Distribution]:
    """Every file installed by a distribution on ``sys.path``, by resolved path."""
    owners: dict[Path, importlib.metadata.Distribution] = {}
    for dist in importlib.metadata.distributions():
        for file in dist.files or ():
            try:
                owners[Path(str(dist.locate_file(file))).resolve()] = dist
            except (OSError, ValueError):
                continue
    return owners


def declared_licence(dist: importlib.metadata.Distribution) -> str:
    """What a distribution's metadata says its licence is (expression, field or classifier)."""
    expression = dist.metadata.get("License-Expression")
    if expression:
        return str(expression)
    field_value = (dist.metadata.get("License") or "").strip()
    if field_value and len(field_value.splitlines()) == 1 and len(field_value) < 80:
        return field_value
    classifiers = dist.metadata.get_all("Classifier") or []
    named = [c.split(" :: ")[-1] for c in classifiers if c.startswith("License ::")]
    return ", ".join(named) or "see text"


def distribution_component(dist: importlib.metadata.Distribution, store: Path) -> Component:
    name, version = dist.metadata["Name"], dist.version
    texts = []
    for file in dist.files or ():
        parts = Path(str(file)).parts
        in_info = len(parts) >= 1 and parts[0].endswith(".dist-info")
        if in_info and (
            "licenses" in parts or LICENCE_FILE_NAME.match(Path(str(file)).name) is not None
        ):
            path = Path(str(dist.locate_file(file)))
            if path.is_file():
                texts.append((f"{name}: {Path(str(file)).name}", read(path)))
    declared = declared_licence(dist)
    source = f"{name} {version} package metadata ({name.replace('-', '_')}-{version}.dist-info)"
    if not texts:
        standard = SPDX_ALIASES.get(declared.strip().lower())
        body = standard_text(standard, store) if standard else None
        if body is None:
            raise MissingLicence(
                f"the Python package {name} {version} ships no licence text and declares "
                f"{declared!r}: add the text to packaging/licences/texts/ and its name to "
                "SPDX_ALIASES in tools/third_party_licences.py"
            )
        texts.append((standard or declared, body))
        source += f"; it declares {declared!r}, whose standard text is given"
    return Component(f"{name} {version}", declared, source, texts)


# --- Python itself, the game, Debian packages ---------------------------------------------------


def python_roots() -> list[Path]:
    paths = sysconfig.get_paths()
    roots = {Path(sys.base_prefix).resolve(), Path(sys.base_exec_prefix).resolve()}
    for key in ("stdlib", "platstdlib"):
        roots.add(Path(paths[key]).resolve())
    return sorted(roots)


def python_component() -> Component:
    version = ".".join(map(str, sys.version_info[:3]))
    candidates = [
        Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt",
        Path(sys.base_prefix) / "LICENSE.txt",
        Path(sys.base_prefix)
        / "lib"
        / f"python{sys.version_info[0]}.{sys.version_info[1]}"
        / "LICENSE.txt",
    ]
    for path in candidates:
        if path.is_file():
            return Component(
                f"Python {version}",
                "PSF-2.0",
                f"{path} of the Python that made the build",
                [("Python", read(path))],
            )
    raise MissingLicence(f"Python's LICENSE.txt (looked in {', '.join(map(str, candidates))})")


def under(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
    except ValueError:
        return False
    return True


def debian_package(path: Path) -> str | None:
    """The Debian package that installed ``path`` (merged /usr or not), or None."""
    if shutil.which("dpkg-query") is None:
        return None
    names = {str(path), str(path.resolve())}
    for name in list(names):
        if name.startswith("/usr/"):
            names.add(name[4:])
        elif name.startswith("/lib"):
            names.add("/usr" + name)
    for name in sorted(names):
        result = subprocess.run(["dpkg-query", "-S", name], capture_output=True, text=True)
        if result.returncode == 0 and ":" in result.stdout:
            package = result.stdout.split(":", 1)[0].strip()
            return package.split(",")[0].strip()
    return None


@functools.cache
def debian_component(package: str, store: Path = STORE) -> Component:
    base = package.split(":")[0]
    copyright_file = Path("/usr/share/doc") / base / "copyright"
    if not copyright_file.is_file():
        raise MissingLicence(f"the Debian package {package} has no {copyright_file}")
    text = read(copyright_file)
    version = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True, text=True
    ).stdout.strip()
    return Component(
        f"{base} {version} (Debian package)".replace("  ", " "),
        "see the copyright file",
        f"{copyright_file} of the build machine",
        [(f"{base}: copyright", text), *referenced_texts(text, store)],
    )


def project_component(licence: Path, project_root: Path) -> Component:
    folder = licence.parent.relative_to(project_root).as_posix()
    if licence.parent == project_root:
        return Component(
            "Dame de pique (this program)", "MIT", "LICENSE", [("Dame de pique", read(licence))]
        )
    return Component(
        f"files in {folder}/",
        "see text",
        f"{folder}/{licence.name}",
        [(f"{folder}/{licence.name}", read(licence))],
    )


def nearest_licence(path: Path, project_root: Path) -> Path | None:
    folder = path.parent
    while under(folder, project_root):
        found = sorted(p for p in folder.glob("LICEN[CS]E*") if p.is_file())
        if found:
            return found[0]
        if folder == project_root:
            break
        folder = folder.parent
    return None


# --- tracing each collected file ----------------------------------------------------------------


class Collector:
    def __init__(self, project_root: Path, store: Path, linux: bool) -> None:
        self.project_root = project_root.resolve()
        self.store = store
        self.linux = linux
        self.components: dict[str, Component] = {}
        self.missing: list[str] = []

    def add(self, key: str, make: functools.partial[Component] | None, dest: str) -> None:
        if key not in self.components:
            assert make is not None
            self.components[key] = make()
        self.components[key].files.add(dest)

    def trace(self, entry: Entry) -> None:
        if entry.source is None or entry.kind in ("DEPENDENCY", "SYMLINK"):
            return
        source = entry.source.absolute()
        resolved = source.resolve() if source.exists() else source
        try:
            self.trace_one(entry, source, resolved)
        except MissingLicence as error:
            self.missing.append(f"{entry.dest} (from {entry.source}): {error}")

    def trace_one(self, entry: Entry, source: Path, resolved: Path) -> None:
        owner = distribution_files().get(resolved)
        library = SHARED_LIBRARY.search(source.name) and not PYTHON_EXTENSION.search(source.name)
        if owner is not None:
            vendored = library and (
                any(VENDORED_FOLDER.search(part) for part in source.parts) or entry.kind == "BINARY"
            )
            if vendored:
                self.trace_vendored(entry, owner)
                return
            name = owner.metadata["Name"]
            if name.lower().replace("_", "-") == "dame-de-pique":
                self.trace_project(entry, self.project_root / "LICENSE")
                return
            self.add(
                f"dist:{name}",
                functools.partial(distribution_component, owner, self.store),
                entry.dest,
            )
            return
        if any(under(resolved, root) or under(source, root) for root in python_roots()):
            # Python's own files; on Linux a system Python (prefix /usr) sits beside the system's
            # libraries, which belong to their Debian packages.
            package = None
            if self.linux and library and "python" not in source.name.lower():
                package = debian_package(source)
            if package is None:
                self.add("python", functools.partial(python_component), entry.dest)
                return
        if under(source, self.project_root) and not under(source, self.project_root / ".venv"):
            licence = nearest_licence(source, self.project_root)
            if licence is not None:
                self.trace_project(entry, licence)
                if MYPYC_RUNTIME in source.name:
                    # mypyc compiles its runtime library (MIT, part of mypy) into this module.
                    self.trace_compiler_runtime(entry, "mypy")
                return
        if self.linux and library:
            package = debian_package(source)
            if package is not None:
                self.add(
                    f"deb:{package}",
                    functools.partial(debian_component, package, self.store),
                    entry.dest,
                )
                return
        if library:
            self.trace_stored(entry, None)
            return
        raise MissingLicence("no package, distribution or licence file explains this file")

    def trace_compiler_runtime(self, entry: Entry, distribution: str) -> None:
        try:
            dist = importlib.metadata.distribution(distribution)
        except importlib.metadata.PackageNotFoundError:
            raise MissingLicence(
                f"{entry.dest} holds {distribution}'s runtime, but {distribution} is not "
                "installed here to read its licence from"
            ) from None
        self.add(
            f"dist:{dist.metadata['Name']}",
            functools.partial(distribution_component, dist, self.store),
            entry.dest,
        )

    def trace_project(self, entry: Entry, licence: Path) -> None:
        self.add(
            f"project:{licence}",
            functools.partial(project_component, licence, self.project_root),
            entry.dest,
        )

    def trace_vendored(self, entry: Entry, owner: importlib.metadata.Distribution) -> None:
        self.trace_stored(entry, f"{owner.metadata['Name']} {owner.version}")

    def trace_stored(self, entry: Entry, vendor: str | None) -> None:
        key = library_key(entry.dest)
        stored = library_store(self.store).get(key)
        if stored is None:
            by = f" (vendored by {vendor})" if vendor else ""
            raise MissingLicence(
                f"the library {key!r}{by} has no licence text: add one to "
                f"{self.store.relative_to(ROOT) if under(self.store, ROOT) else self.store}"
                "/libraries/ (see the header of the others)"
            )

        def make() -> Component:
            texts = [(stored.component, stored.text), *referenced_texts(stored.text, self.store)]
            where = f"; bundled with {vendor}" if vendor else ""
            return Component(stored.component, stored.licence, stored.source + where, texts)

        self.add(f"stored:{stored.component}", functools.partial(make), entry.dest)


def collect(
    entries: Iterable[Entry],
    *,
    project_root: Path = ROOT,
    store: Path = STORE,
    linux: bool = sys.platform.startswith("linux"),
) -> list[Component]:
    """Every component the entries come from; raises :class:`MissingLicence` naming every file
    whose licence cannot be found."""
    collector = Collector(project_root, store, linux)
    for entry in entries:
        collector.trace(entry)
    if collector.missing:
        raise MissingLicence(
            "no licence found for these bundled files:\n  " + "\n  ".join(collector.missing)
        )
    game = [
        c for k, c in collector.components.items() if k == f"project:{project_root / 'LICENSE'}"
    ]
    others = sorted(
        (c for c in collector.components.values() if c not in game), key=lambda c: c.name.lower()
    )
    return game + others


# --- the file -----------------------------------------------------------------------------------

RULE = "=" * 78


def render(components: Sequence[Component], program: str) -> str:
    """The licence file: a summary (each component, its licence and its files), then the texts."""
    lines = [
        f"{program}: licences of everything this program contains",
        "",
        "This file is generated by the build (tools/third_party_licences.py) from the list of",
        "files the build collected. Each component below names its licence, where the text was",
        "read, and the files of the program it covers; the full texts follow the summary.",
        "",
        RULE,
        "SUMMARY",
        RULE,
    ]
    for number, component in enumerate(components, 1):
        lines += [
            "",
            f"[{number}] {component.name}",
            f"    Licence: {component.licence}",
            f"    Text from: {component.source}",
            "    Files:",
            *(f"      {name}" for name in sorted(component.files)),
        ]
    printed: dict[str, int] = {}  # a text given once; later components point to it
    for number, component in enumerate(components, 1):
        lines += ["", RULE, f"[{number}] {component.name}", RULE]
        for title, text in component.texts:
            body = text.rstrip()
            if body in printed:
                lines += ["", f"--- {title}: the same text as under [{printed[body]}] above ---"]
                continue
            printed[body] = number
            lines += ["", f"--- {title} ---", "", body]
    return "\n".join(lines) + "\n"


def write_licence_file(
    tocs: Iterable[Iterable[Sequence[object]]],
    out: Path,
    *,
    program: str,
    extra_files: Iterable[tuple[str, Path]] = (),
    project_root: Path = ROOT,
) -> Path:
    """Write the licence file of a build from PyInstaller TOC lists (and extra files, e.g. the
    bootloader that becomes the executable). Returns ``out``."""
    entries = [Entry.from_toc(item) for toc in tocs for item in toc]
    entries += [Entry(dest, source, "BINARY") for dest, source in extra_files]
    components = collect(entries, project_root=project_root)
    out.parent.mkdir(parents=True, exist_ok=True)
    # "\n" on every system: the tests read the one-file program's raw bytes (Windows would
    # otherwise write "\r\n").
    out.write_text(render(components, program), encoding="utf-8", newline="\n")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("toc", nargs="+", type=Path, help="PyInstaller .toc files of a build")
    parser.add_argument("--out", type=Path, default=Path(LICENCE_FILE))
    args = parser.parse_args(argv)
    tocs = []
    for path in args.toc:
        value = ast.literal_eval(path.read_text(encoding="utf-8"))
        lists = value if isinstance(value, tuple) else (value,)
        for part in lists:
            if isinstance(part, list):
                tocs.append([x for x in part if isinstance(x, tuple) and len(x) == 3])
    try:
        write_licence_file(tocs, args.out, program="Dame de pique")
    except MissingLicence as error:
        print(f"third_party_licences: {error}", file=sys.stderr)
        return 1
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
