"""The one place the packaging reads the project's name, version and summary: pyproject.toml.

Used by ``build.spec``, ``tools/build.py`` and the installer builders, so the version number
lives in pyproject.toml only.

>>> info = read()
>>> info.name
'dame-de-pique'
"""

from __future__ import annotations

import platform
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).absolute().parent.parent
APP_NAME = "Dame de pique"  # what a person sees: menus, window titles, installers
APP_ID = "dame-de-pique"  # file names: executable, package, icon, .desktop entry
BUNDLE_ID = "io.github.dame-de-pique"  # macOS bundle identifier (reverse DNS)
ONEDIR_NAME = "dame-de-pique-folder"  # dist/<this>/ holds the one-folder build


@dataclass(frozen=True)
class ProjectInfo:
    name: str
    version: str
    description: str
    license: str
    author: str  # "Name <email>" when pyproject gives an email
    homepage: str | None  # [project.urls] Homepage, if any

    @property
    def version_tuple(self) -> tuple[int, int, int, int]:
        """The version as four integers (Windows version resources need exactly four)."""
        numbers = [int(n) for n in re.findall(r"\d+", self.version)[:4]]
        return (*numbers, 0, 0, 0, 0)[:4]  # type: ignore[return-value]


def read(root: Path = ROOT) -> ProjectInfo:
    """Name, version, description and licence from ``root/pyproject.toml``."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    first_author = (project.get("authors") or [{}])[0]
    author = first_author.get("name", "")
    if first_author.get("email"):
        author += f" <{first_author['email']}>"
    return ProjectInfo(
        name=project["name"],
        version=project["version"],
        description=project["description"],
        license=licence_of(project),
        author=author,
        homepage=project.get("urls", {}).get("Homepage"),
    )


def licence_of(project: dict[str, Any]) -> str:
    """The licence's SPDX expression (``license = "MIT"``; the older ``{ text = ... }`` too)."""
    licence = project.get("license", "")
    return licence.get("text", "") if isinstance(licence, dict) else str(licence)


def platform_tag() -> str:
    """``linux-x86_64``, ``windows-amd64``, ``macos-arm64``: for the names of downloads."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    return f"{system}-{platform.machine().lower()}"


def disk_image_name(info: ProjectInfo, tag: str | None = None) -> str:
    """The macOS download: ``dame-de-pique-<version>-macos-arm64.dmg`` (or ``-x86_64``): an
    Intel Mac cannot run the Apple-silicon build, so the name says which it is."""
    return f"{APP_ID}-{info.version}-{tag or platform_tag()}.dmg"


def onefile_name(info: ProjectInfo) -> str:
    """The one-file program's name, without ``.exe`` (it is a download, so it says what it is)."""
    return f"{APP_ID}-{info.version}-{platform_tag()}"
