"""The tests' own layout holds: one ``app`` fixture (tests/conftest.py), no test module importing
another (what they share is in tests/helpers/), screenshots under the test's own folder, and
mypy --strict over tests/ as over the code."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


def module_files() -> list[Path]:
    return sorted(TESTS.glob("test_*.py"))


def imported_test_modules(path: Path) -> list[str]:
    """The test modules ``path`` imports (``tests.test_x``), however it imports them."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            if node.module == "tests":
                found += [n for n in names[1:] if n.startswith("tests.test_")]
            elif node.module.startswith("tests.test_"):
                found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("tests.test_")]
    return found


def fixtures_named(path: Path, name: str) -> int:
    """How many module-level functions called ``name`` are pytest fixtures in ``path``."""
    count = 0
    for node in ast.parse(path.read_text("utf-8")).body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            count += any("fixture" in ast.unparse(d) for d in node.decorator_list)
    return count


def test_no_test_module_imports_another() -> None:
    modules = module_files()
    assert len(modules) > 50  # the scan saw the suite
    imports = {path.name: imported_test_modules(path) for path in modules}
    assert {name: found for name, found in imports.items() if found} == {}


def test_the_app_fixture_is_defined_once_in_the_conftest() -> None:
    assert fixtures_named(TESTS / "conftest.py", "app") == 1
    copies = {p.name: fixtures_named(p, "app") for p in module_files()}
    assert {name: n for name, n in copies.items() if n} == {}


def test_no_test_saves_pictures_into_the_project_folder() -> None:
    """Screenshots go to the ``shots`` fixture's folder (under tmp_path), not build/."""
    project_folders = ('"build/screenshots', '"build" / "screenshots"', '"build" / "e2e"')
    sources = [*module_files(), *sorted((TESTS / "helpers").glob("*.py"))]
    sources = [path for path in sources if path.name != Path(__file__).name]  # names them
    assert len(sources) > 50
    found = [
        (path.name, folder)
        for path in sources
        for folder in project_folders
        if folder in path.read_text("utf-8")
    ]
    assert found == []


def test_mypy_checks_the_tests_strictly() -> None:
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["mypy"]
    assert "tests" in mypy["files"]
    strict = [o for o in mypy["overrides"] if o.get("strict")]
    assert any("tests.*" in o["module"] for o in strict)
    relaxed = [o for o in mypy["overrides"] if any(m.startswith("tests") for m in o["module"])]
    assert all(o.get("disallow_untyped_defs", True) for o in relaxed)
