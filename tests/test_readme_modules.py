"""The README's layout and module tables name every module of ``game/`` and ``scenes/``, so a
newcomer finds each file where it lives (issue 26)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("game", "scenes")
NOT_MODULES = ("__init__.py", "__main__.py")


def modules(root: Path = ROOT) -> list[Path]:
    """Every module file of the project's packages, but the packages' own files."""
    return sorted(
        path
        for package in PACKAGES
        for path in (root / package).rglob("*.py")
        if path.name not in NOT_MODULES
    )


def readme_layout(root: Path = ROOT) -> str:
    """The README from its layout tree to the end of the online table's section."""
    text = (root / "README.md").read_text(encoding="utf-8")
    return text[text.index("## The layout") : text.index("## Tests and measures")]


def unlisted(root: Path = ROOT) -> list[str]:
    """The modules (and package folders) the README's layout sections never name."""
    text = readme_layout(root)
    missing = [path.relative_to(root).as_posix() for path in modules(root) if path.name not in text]
    folders = {path.parent for path in modules(root)} - {root / p for p in PACKAGES}
    missing += [
        folder.relative_to(root).as_posix() + "/"
        for folder in sorted(folders)
        if folder.name + "/" not in text
    ]
    return missing


def test_the_readme_lists_every_module_where_it_lives() -> None:
    assert unlisted() == []


def test_a_new_module_not_in_the_readme_is_caught(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text(
        "## The layout\n`cards.py` in `engine/`\n## Tests and measures\n", encoding="utf-8"
    )
    for name in ("game/engine/cards.py", "game/engine/fresh.py", "scenes/core/app.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    assert unlisted(tmp_path) == ["game/engine/fresh.py", "scenes/core/app.py", "scenes/core/"]
